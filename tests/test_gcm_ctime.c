/* Constant-time test program for AES-GCM (include/pkc/gcm.h; the approach
 * of tests/test_ec_ctime.c): with --ctime, the key, the plaintext and the
 * AAD are marked undefined for valgrind's memcheck before the key setup,
 * encryption and decryption (a good tag and a wrong one), so any branch or
 * memory index that depends on them is reported; only the lengths and the
 * tag check's verdict are public. The streaming interface runs on the same
 * secrets, in chunks off the block grid (AAD and data), both directions,
 * with a good tag and a wrong one. Two pairs of paths: the portable AES and
 * GHASH, and AES-NI with PCLMULQDQ (valgrind has no AVX-512, so not VAES
 * or VPCLMULQDQ). tests/test_ctime_valgrind.sh runs this under valgrind.
 *
 * usage: test_gcm_ctime [--ctime [--canary]]
 */
#include <stdio.h>
#include <string.h>

#include "pkc/gcm.h"
#include "sym/ghash.h"
#include "ctime_util.h"
#include "testutil.h"

static void run(pkc_aes_impl ai, pkc_ghash_impl gi, const char *name)
{
    if (pkc_aes_set_impl(ai) != PKC_OK || pkc_ghash_set_impl(gi) != PKC_OK) {
        printf("%s: not on this CPU: not tested\n", name);
        return;
    }
    static const size_t lens[][3] = {{16, 0, 0}, {32, 13, 20}, {24, 64, 70}, {16, 1, 131}};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t kl = lens[i][0], al = lens[i][1], pl = lens[i][2];
        uint8_t k[32], iv[12], a[64], p[131], c[131], back[131], tag[16], tag2[16];
        tu_rand_bytes(k, sizeof k);
        tu_rand_bytes(iv, sizeof iv);
        tu_rand_bytes(a, sizeof a);
        tu_rand_bytes(p, sizeof p);
        secret(k, sizeof k);
        secret(a, sizeof a);
        secret(p, sizeof p);
        if (canary && (k[0] & 1))
            sink++;
        pkc_gcm_key key;
        pkc_err e1 = pkc_gcm_set_key(&key, k, kl);
        pkc_err e2 = pkc_gcm_encrypt(&key, iv, 12, a, al, p, pl, c, tag, 16);
        PUBLIC(e1);
        PUBLIC(e2);
        PUBLIC(c); /* the ciphertext and the tag are public */
        PUBLIC(tag);
        pkc_err e3 = pkc_gcm_decrypt(&key, iv, 12, a, al, c, pl, tag, 16, back);
        memcpy(tag2, tag, 16);
        tag2[5] ^= 1;
        pkc_err e4 = pkc_gcm_decrypt(&key, iv, 12, a, al, c, pl, tag2, 16, back + 0);
        PUBLIC(e3);
        PUBLIC(e4);
        PUBLIC(p);
        PUBLIC(back);
        CHECK_MSG(e1 == PKC_OK && e2 == PKC_OK && e3 == PKC_OK && e4 == PKC_ERR_DECRYPT,
                  "%s: lengths %zu/%zu/%zu", name, kl, al, pl);
        /* streaming: AAD and data in chunks of 7 and the rest */
        uint8_t sc[131], stag[16];
        size_t a1 = al < 7 ? al : 7, p1 = pl < 7 ? pl : 7;
        secret(p, sizeof p);
        secret(a, sizeof a);
        pkc_gcm_ctx ctx;
        pkc_err s1 = pkc_gcm_init(&ctx, &key, iv, 12);
        pkc_err s2 = pkc_gcm_aad(&ctx, a, a1);
        pkc_err s3 = pkc_gcm_aad(&ctx, a + a1, al - a1);
        pkc_err s4 = pkc_gcm_encrypt_update(&ctx, sc, p, p1);
        pkc_err s5 = pkc_gcm_encrypt_update(&ctx, sc + p1, p + p1, pl - p1);
        pkc_err s6 = pkc_gcm_encrypt_final(&ctx, stag, 16);
        PUBLIC(sc);
        PUBLIC(stag);
        pkc_err s7 = pkc_gcm_init(&ctx, &key, iv, 12);
        pkc_err s8 = pkc_gcm_aad(&ctx, a, al);
        pkc_err s9 = pkc_gcm_decrypt_update(&ctx, back, c, p1);
        pkc_err s10 = pkc_gcm_decrypt_update(&ctx, back + p1, c + p1, pl - p1);
        pkc_err s11 = pkc_gcm_decrypt_final(&ctx, tag, 16);
        pkc_err s12 = pkc_gcm_init(&ctx, &key, iv, 12);
        pkc_err s13 = pkc_gcm_aad(&ctx, a, al);
        pkc_err s14 = pkc_gcm_decrypt_update(&ctx, back, c, pl);
        pkc_err s15 = pkc_gcm_decrypt_final(&ctx, tag2, 16);
        pkc_gcm_ctx_wipe(&ctx);
        pkc_err se[] = {s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14};
        PUBLIC(se);
        PUBLIC(s15);
        PUBLIC(back);
        int sok = s15 == PKC_ERR_DECRYPT && memcmp(sc, c, pl) == 0 && memcmp(stag, tag, 16) == 0;
        for (size_t j = 0; j < sizeof se / sizeof se[0]; j++)
            sok &= se[j] == PKC_OK;
        CHECK_MSG(sok, "%s: streaming, lengths %zu/%zu/%zu", name, kl, al, pl);
        pkc_gcm_key_wipe(&key);
    }
    printf("%s: 4 cases\n", name);
}

int main(int argc, char **argv)
{
    if (ctime_args(argc, argv, "test_gcm_ctime") < 0)
        return 2;
    tu_seed();
    run(PKC_AES_IMPL_PORTABLE, PKC_GHASH_IMPL_PORTABLE, "portable");
    run(PKC_AES_IMPL_AESNI, PKC_GHASH_IMPL_CLMUL, "aes-ni+clmul");
    pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
    pkc_ghash_set_impl(PKC_GHASH_IMPL_AUTO);
    return tu_finish("test_gcm_ctime");
}
