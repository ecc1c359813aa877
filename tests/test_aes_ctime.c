/* Constant-time test of AES (the approach of tests/test_ec_ctime.c): with
 * --ctime, the key and the plaintext are marked undefined for valgrind's
 * memcheck, then the key schedule, single blocks, ECB, CBC and CTR (one-shot
 * and streamed) run on the portable bitsliced path and on the AES-NI path
 * (when the CPU, as valgrind presents it, has AES-NI; valgrind does not
 * emulate AVX-512, so VAES is not covered here). PKCS#7 unpadding runs on
 * secret buffers with good and bad padding, and CBC decryption with
 * unpadding under a secret key: only the verdict is declassified (by the
 * library). Any branch or memory index depending on a secret is reported.
 *
 * Without --ctime it is a quick functional test of the same calls.
 * usage: test_aes_ctime [--ctime [--canary]] */
#include <stdlib.h>
#include <string.h>

#include "pkc/aes.h"
#include "ctime_util.h"
#include "testutil.h"

static void run(pkc_aes_impl impl, size_t klen)
{
    uint8_t key[32], iv[16], pt[160], pub[160], ct[176], out[176];
    pkc_aes_key k;
    pkc_aes_ctr_ctx c;
    size_t n = 0;
    CHECK(pkc_aes_set_impl(impl) == PKC_OK);
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(iv, sizeof iv);
    tu_rand_bytes(pt, sizeof pt);
    memcpy(pub, pt, sizeof pt);
    secret(key, sizeof key);
    secret(pt, sizeof pt);
    if (canary && (key[0] & 1))
        sink++;
    CHECK(pkc_aes_set_key(&k, key, klen) == PKC_OK);

    pkc_aes_encrypt_block(&k, out, pt);
    pkc_aes_decrypt_block(&k, out, out);
    CHECK(pkc_aes_ecb_encrypt(&k, ct, pt, sizeof pt) == PKC_OK);
    CHECK(pkc_aes_ecb_decrypt(&k, ct, ct, sizeof pt) == PKC_OK);
    public_(out, 16);
    public_(ct, sizeof pt);
    CHECK(memcmp(out, pub, 16) == 0 && memcmp(ct, pub, sizeof pt) == 0);

    CHECK(pkc_aes_cbc_encrypt(&k, iv, ct, pt, sizeof pt) == PKC_OK);
    CHECK(pkc_aes_cbc_decrypt(&k, iv, out, ct, sizeof pt) == PKC_OK);
    public_(out, sizeof pt);
    CHECK(memcmp(out, pub, sizeof pt) == 0);

    CHECK(pkc_aes_ctr(&k, iv, ct, pt, 150) == PKC_OK);
    pkc_aes_ctr_init(&c, &k, iv);
    CHECK(pkc_aes_ctr_update(&c, out, ct, 7) == PKC_OK);
    CHECK(pkc_aes_ctr_update(&c, out + 7, ct + 7, 143) == PKC_OK);
    pkc_aes_ctr_wipe(&c);
    public_(out, 150);
    CHECK(memcmp(out, pub, 150) == 0);

    /* PKCS#7 with a secret key and plaintext: good padding, then bad */
    CHECK(pkc_aes_cbc_encrypt_pad(&k, iv, ct, sizeof ct, pt, 150, &n) == PKC_OK && n == 160);
    CHECK(pkc_aes_cbc_decrypt_unpad(&k, iv, out, sizeof out, ct, 160, &n) == PKC_OK);
    PUBLIC(n);
    public_(out, 150);
    CHECK(n == 150 && memcmp(out, pub, 150) == 0);
    CHECK(pkc_aes_cbc_encrypt(&k, iv, ct, pt, sizeof pt) == PKC_OK);
    public_(ct, sizeof pt);
    /* random plaintext: bad padding unless its last byte happens to fit */
    pkc_err e = pkc_aes_cbc_decrypt_unpad(&k, iv, out, sizeof out, ct, sizeof pt, &n);
    CHECK(e == PKC_OK || e == PKC_ERR_DECRYPT);

    uint8_t buf[32];
    for (unsigned v = 0; v < 20; v++) {
        memset(buf, (int)v, sizeof buf);
        buf[5] = (uint8_t)(v + 1); /* inside the padding only for v > 26: never */
        secret(buf, sizeof buf);
        e = pkc_pkcs7_unpad(buf, sizeof buf, &n);
        PUBLIC(n);
        CHECK(v >= 1 && v <= 16 ? e == PKC_OK && n == sizeof buf - v : e == PKC_ERR_DECRYPT);
        buf[sizeof buf - 2] ^= 1; /* now inconsistent for v >= 2 */
        e = pkc_pkcs7_unpad(buf, sizeof buf, &n);
        CHECK(v == 1 ? e == PKC_OK : e == PKC_ERR_DECRYPT);
    }
    pkc_aes_key_wipe(&k);
}

int main(int argc, char **argv)
{
    int a = ctime_args(argc, argv, "test_aes_ctime");
    if (a < 0)
        return 2;
    tu_seed();
    pkc_aes_impl impls[2] = {PKC_AES_IMPL_PORTABLE, PKC_AES_IMPL_AESNI};
    int n = pkc_aes_have_aesni() ? 2 : 1;
    if (n == 1)
        printf("note: no AES-NI here; only the portable path is checked\n");
    for (int i = 0; i < n; i++)
        for (size_t klen = 16; klen <= 32; klen += 8) {
            run(impls[i], klen);
            printf("%s AES-%zu: done\n", i ? "aes-ni" : "portable", 8 * klen);
        }
    pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
    return tu_finish("test_aes_ctime");
}
