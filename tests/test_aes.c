/* AES tests: the bitsliced S-box against the algebraic one on all 256
 * bytes; FIPS 197 appendix C; the NIST CAVP ECB and CBC files (GFSbox,
 * KeySbox, VarKey, VarTxt, MMT; encrypt and decrypt, in place too) and the
 * RFC 3686 CTR vectors; SP 800-38A F.1, F.2, F.5 — every vector through
 * every implementation this CPU runs (portable, AES-NI, VAES). Then the
 * implementations against each other on random keys and lengths (key
 * schedules, ECB, CBC, CTR), streaming CTR against one-shot at random split
 * points, the counter's carries and wrap, OpenSSL's EVP ciphers on random
 * inputs, PKCS#7 round trips and every kind of bad padding, and the
 * argument errors. */
#include <stdlib.h>
#include <string.h>

#include "pkc/aes.h"
#include "sym/aes_impl.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

static pkc_aes_impl impls[3];
static int nimpls;

static const char *impl_name(pkc_aes_impl i)
{
    return i == PKC_AES_IMPL_VAES ? "vaes" : i == PKC_AES_IMPL_AESNI ? "aes-ni" : "portable";
}

static void use(pkc_aes_impl i)
{
    CHECK(pkc_aes_set_impl(i) == PKC_OK);
}

static uint8_t *unhex_n(const char *hex, size_t *n)
{
    uint8_t *p = tu_unhex(hex, n);
    if (!p) {
        fprintf(stderr, "bad hex in the test: %s\n", hex);
        exit(1);
    }
    return p;
}

/* ---- the S-box ------------------------------------------------------------ */

static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    while (b) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
        b >>= 1;
    }
    return r;
}

/* FIPS 197 5.1.1: the inverse in GF(2^8) (0 to 0), then the affine map. */
static uint8_t sbox_ref(uint8_t x)
{
    uint8_t inv = 0;
    for (unsigned y = 1; y < 256 && x; y++)
        if (gmul(x, (uint8_t)y) == 1)
            inv = (uint8_t)y;
    uint8_t s = 0x63;
    for (int k = 0; k < 5; k++)
        s ^= (uint8_t)((inv << k) | (inv >> ((8 - k) & 7)));
    return s;
}

static void test_sbox(void)
{
    int bad = 0;
    for (unsigned x = 0; x < 256; x += 4) {
        uint32_t w = x | (x + 1) << 8 | (x + 2) << 16 | (x + 3) << 24;
        uint32_t want = 0;
        for (unsigned j = 0; j < 4; j++)
            want |= (uint32_t)sbox_ref((uint8_t)(x + j)) << (8 * j);
        bad += pkc_aes_ct_subword(w) != want;
#ifdef PKC_AES_X86
        if (pkc_aes_have_aesni())
            bad += pkc_aes_ni_subword(w) != want;
#endif
    }
    CHECK_MSG(bad == 0, "S-box: %d words of 4 bytes differ from the algebraic S-box", bad);
}

/* ---- one vector through every implementation ------------------------------ */

typedef enum { M_ECB, M_CBC, M_CTR } mode;

static void check_vector(mode m, const uint8_t *key, size_t klen, const uint8_t *iv,
                         const uint8_t *pt, const uint8_t *ct, size_t len, const char *what)
{
    uint8_t *buf = malloc(len + 1), *buf2 = malloc(len + 1);
    for (int i = 0; i < nimpls; i++) {
        pkc_aes_key k;
        use(impls[i]);
        CHECK(pkc_aes_set_key(&k, key, klen) == PKC_OK);
        const char *name = impl_name(impls[i]);
        switch (m) {
        case M_ECB:
            CHECK(pkc_aes_ecb_encrypt(&k, buf, pt, len) == PKC_OK);
            CHECK_MSG(memcmp(buf, ct, len) == 0, "%s (%s): ECB encryption differs", what, name);
            CHECK(pkc_aes_ecb_decrypt(&k, buf, buf, len) == PKC_OK); /* in place */
            CHECK_MSG(memcmp(buf, pt, len) == 0, "%s (%s): ECB decryption differs", what, name);
            if (len == 16) {
                pkc_aes_encrypt_block(&k, buf, pt);
                pkc_aes_decrypt_block(&k, buf2, ct);
                CHECK_MSG(memcmp(buf, ct, 16) == 0 && memcmp(buf2, pt, 16) == 0,
                          "%s (%s): single-block calls differ", what, name);
            }
            break;
        case M_CBC:
            CHECK(pkc_aes_cbc_encrypt(&k, iv, buf, pt, len) == PKC_OK);
            CHECK_MSG(memcmp(buf, ct, len) == 0, "%s (%s): CBC encryption differs", what, name);
            CHECK(pkc_aes_cbc_decrypt(&k, iv, buf2, ct, len) == PKC_OK);
            CHECK_MSG(memcmp(buf2, pt, len) == 0, "%s (%s): CBC decryption differs", what, name);
            CHECK(pkc_aes_cbc_decrypt(&k, iv, buf, buf, len) == PKC_OK);
            CHECK_MSG(memcmp(buf, pt, len) == 0, "%s (%s): CBC in-place decryption differs",
                      what, name);
            break;
        case M_CTR: {
            CHECK(pkc_aes_ctr(&k, iv, buf, pt, len) == PKC_OK);
            CHECK_MSG(memcmp(buf, ct, len) == 0, "%s (%s): CTR differs", what, name);
            pkc_aes_ctr_ctx c;
            size_t cut = len ? (size_t)(tu_rand64() % (len + 1)) : 0;
            pkc_aes_ctr_init(&c, &k, iv);
            CHECK(pkc_aes_ctr_update(&c, buf2, ct, cut) == PKC_OK);
            CHECK(pkc_aes_ctr_update(&c, buf2 + cut, ct + cut, len - cut) == PKC_OK);
            pkc_aes_ctr_wipe(&c);
            CHECK_MSG(memcmp(buf2, pt, len) == 0, "%s (%s): streamed CTR split at %zu differs",
                      what, name, cut);
            break;
        }
        }
        pkc_aes_key_wipe(&k);
    }
    free(buf);
    free(buf2);
    pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
}

static void check_hex(mode m, const char *key, const char *iv, const char *pt, const char *ct,
                      const char *what)
{
    size_t kl, il = 0, pl, cl;
    uint8_t *k = unhex_n(key, &kl), *i = iv ? unhex_n(iv, &il) : NULL;
    uint8_t *p = unhex_n(pt, &pl), *c = unhex_n(ct, &cl);
    CHECK(pl == cl && (!iv || il == 16));
    check_vector(m, k, kl, i, p, c, pl, what);
    free(k);
    free(i);
    free(p);
    free(c);
}

static void test_fips197(void)
{
    static const char *keys[] = {
        "000102030405060708090a0b0c0d0e0f",
        "000102030405060708090a0b0c0d0e0f1011121314151617",
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
    };
    static const char *cts[] = {
        "69c4e0d86a7b0430d8cdb78070b4c55a",
        "dda97ca4864cdfe06eaf70a0ec0d7191",
        "8ea2b7ca516745bfeafc49904b496089",
    };
    for (int i = 0; i < 3; i++)
        check_hex(M_ECB, keys[i], NULL, "00112233445566778899aabbccddeeff", cts[i],
                  "FIPS 197 appendix C");
}

/* SP 800-38A appendix F: the same four plaintext blocks under each key. */
static void test_sp800_38a(void)
{
    static const char *pt = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                            "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
    static const char *keys[] = {
        "2b7e151628aed2a6abf7158809cf4f3c",
        "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
        "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
    };
    static const char *ecb[] = {
        "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
        "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4",
        "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
        "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e",
        "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
        "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7",
    };
    static const char *cbc[] = {
        "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
        "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
        "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
        "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd",
        "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
        "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
    };
    static const char *ctr[] = {
        "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
        "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
        "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
        "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050",
        "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
        "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6",
    };
    for (int i = 0; i < 3; i++) {
        check_hex(M_ECB, keys[i], NULL, pt, ecb[i], "SP 800-38A F.1");
        check_hex(M_CBC, keys[i], "000102030405060708090a0b0c0d0e0f", pt, cbc[i],
                  "SP 800-38A F.2");
        check_hex(M_CTR, keys[i], "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", pt, ctr[i],
                  "SP 800-38A F.5");
    }
}

/* A CAVP .rsp file (or the RFC 3686 CTR .txt, same format): records of
 * KEY, IV (not in ECB), PLAINTEXT and CIPHERTEXT in either order. */
typedef struct {
    char *key, *iv, *pt, *ct;
} aes_rec;
static const tu_field aes_fields[] = {
    TU_FIELD("KEY", aes_rec, key),
    TU_FIELD("IV", aes_rec, iv),
    TU_FIELD("PLAINTEXT", aes_rec, pt),
    TU_FIELD("CIPHERTEXT", aes_rec, ct),
};
#define NFIELDS (sizeof aes_fields / sizeof aes_fields[0])

static int run_file(mode m, const char *rel)
{
    tu_kv kv;
    aes_rec r = {0};
    int count = 0;
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section || !kv.value || !tu_field_take(&r, aes_fields, NFIELDS, &kv))
            continue;
        if (r.key && r.pt && r.ct && (m == M_ECB || r.iv)) {
            char what[256];
            snprintf(what, sizeof what, "%s:%d", rel, kv.lineno);
            check_hex(m, r.key, r.iv, r.pt, r.ct, what);
            count++;
            tu_fields_clear(&r, aes_fields, NFIELDS);
        }
    }
    tu_fields_clear(&r, aes_fields, NFIELDS);
    tu_kv_close(&kv);
    CHECK_MSG(count > 0, "%s: no vectors", rel);
    return count;
}

static void test_cavp(void)
{
    static const char *kinds[] = {"GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"};
    static const int bits[] = {128, 192, 256};
    for (int mi = 0; mi < 2; mi++) {
        const char *mn = mi ? "CBC" : "ECB";
        int total = 0;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            for (int b = 0; b < 3; b++) {
                char rel[128];
                snprintf(rel, sizeof rel, "ciphers/AES/%s/%s%s%d.rsp", mn, mn, kinds[k], bits[b]);
                total += run_file(mi ? M_CBC : M_ECB, rel);
            }
        printf("CAVP %s: %d vectors\n", mn, total);
    }
    int total = 0;
    for (int b = 0; b < 3; b++) {
        char rel[128];
        snprintf(rel, sizeof rel, "ciphers/AES/CTR/aes-%d-ctr.txt", bits[b]);
        total += run_file(M_CTR, rel);
    }
    printf("RFC 3686 CTR: %d vectors\n", total);
}

/* ---- the implementations against each other --------------------------------- */

static void set_key_impl(pkc_aes_impl impl, pkc_aes_key *k, const uint8_t *key, size_t klen)
{
    memset(k, 0xA5, sizeof *k);
    use(impl);
    CHECK(pkc_aes_set_key(k, key, klen) == PKC_OK);
}

static void test_impls_agree(void)
{
    enum { MAXB = 70 };
    uint8_t key[32], iv[16], pt[16 * MAXB], ref[16 * MAXB], out[16 * MAXB], in[16 * MAXB];
    int iters = tu_iters(300), bad = 0;
    if (nimpls < 2) {
        printf("note: only the portable implementation runs here; nothing to compare\n");
        return;
    }
    for (int it = 0; it < iters; it++) {
        size_t klen = 16 + 8 * (size_t)(tu_rand64() % 3);
        size_t nb = (size_t)(tu_rand64() % (MAXB + 1)), len = 16 * nb;
        size_t clen = (size_t)(tu_rand64() % (16 * MAXB + 1));
        pkc_aes_key k0, k;
        tu_rand_bytes(key, klen);
        tu_rand_bytes(iv, 16);
        tu_rand_bytes(pt, sizeof pt);
        set_key_impl(PKC_AES_IMPL_PORTABLE, &k0, key, klen);
        for (int i = 1; i < nimpls; i++) {
            set_key_impl(impls[i], &k, key, klen);
            bad += memcmp(&k, &k0, sizeof k) != 0;
        }
        for (int op = 0; op < 5; op++) {
            for (int i = 0; i < nimpls; i++) {
                use(impls[i]);
                memcpy(in, pt, sizeof in);
                uint8_t *o = (it & 1) ? in : out; /* in place on odd iterations */
                switch (op) {
                case 0: pkc_aes_ecb_encrypt(&k0, o, in, len); break;
                case 1: pkc_aes_ecb_decrypt(&k0, o, in, len); break;
                case 2: pkc_aes_cbc_encrypt(&k0, iv, o, in, len); break;
                case 3: pkc_aes_cbc_decrypt(&k0, iv, o, in, len); break;
                default: pkc_aes_ctr(&k0, iv, o, in, clen); break;
                }
                if (i == 0)
                    memcpy(ref, o, sizeof ref);
                else if (memcmp(ref, o, op == 4 ? clen : len) != 0 && bad++ < 5)
                    CHECK_MSG(0, "%s differs from portable: op %d, key %zu, %zu blocks",
                              impl_name(impls[i]), op, 8 * klen, nb);
            }
        }
        /* decryption inverts encryption */
        use(impls[nimpls - 1]);
        pkc_aes_cbc_encrypt(&k0, iv, out, pt, len);
        pkc_aes_cbc_decrypt(&k0, iv, out, out, len);
        bad += memcmp(out, pt, len) != 0;
        pkc_aes_ecb_encrypt(&k0, out, pt, len);
        pkc_aes_ecb_decrypt(&k0, out, out, len);
        bad += memcmp(out, pt, len) != 0;
    }
    CHECK_MSG(bad == 0, "%d differences between the implementations", bad);
    pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
}

/* Streaming CTR in random pieces equals one-shot, under each implementation. */
static void test_ctr_stream(void)
{
    enum { MAXLEN = 1200 };
    uint8_t key[32], iv[16], pt[MAXLEN], a[MAXLEN], b[MAXLEN];
    int bad = 0, iters = tu_iters(200);
    for (int it = 0; it < iters; it++) {
        size_t klen = 16 + 8 * (size_t)(tu_rand64() % 3), len = (size_t)(tu_rand64() % MAXLEN);
        pkc_aes_key k;
        tu_rand_bytes(key, klen);
        tu_rand_bytes(iv, 16);
        tu_rand_bytes(pt, len);
        use(impls[(size_t)it % (size_t)nimpls]);
        CHECK(pkc_aes_set_key(&k, key, klen) == PKC_OK);
        CHECK(pkc_aes_ctr(&k, iv, a, pt, len) == PKC_OK);
        pkc_aes_ctr_ctx c;
        pkc_aes_ctr_init(&c, &k, iv);
        size_t pos = 0;
        while (pos < len) {
            size_t r = tu_rand64() % 4, n = r == 0 ? (size_t)(tu_rand64() % 17)
                                            : r == 1 ? 16 * (size_t)(tu_rand64() % 6)
                                                     : (size_t)(tu_rand64() % 100);
            if (n > len - pos)
                n = len - pos;
            CHECK(pkc_aes_ctr_update(&c, b + pos, pt + pos, n) == PKC_OK);
            pos += n;
        }
        bad += memcmp(a, b, len) != 0;
    }
    CHECK_MSG(bad == 0, "streamed CTR differs from one-shot in %d of %d runs", bad, iters);
    pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
}

/* The counter is one 128-bit big-endian integer: the carry crosses the
 * middle of the block and the whole block wraps to zero. */
static void test_ctr_carry(void)
{
    static const char *starts[] = {
        "ffffffffffffffffffffffffffffffff", /* wraps to 0 */
        "0000000000000000ffffffffffffffff", /* carries into byte 7 */
        "00000000000000000000000000fffffe", /* carries within the low half */
    };
    uint8_t key[16];
    tu_rand_bytes(key, sizeof key);
    for (int s = 0; s < 3; s++) {
        size_t n;
        uint8_t *c0 = unhex_n(starts[s], &n), ctr[16], zero[16 * 40] = {0}, ks[16 * 40];
        for (int i = 0; i < nimpls; i++) {
            pkc_aes_key k;
            use(impls[i]);
            CHECK(pkc_aes_set_key(&k, key, 16) == PKC_OK);
            CHECK(pkc_aes_ctr(&k, c0, ks, zero, sizeof ks) == PKC_OK);
            memcpy(ctr, c0, 16);
            int bad = 0;
            for (int j = 0; j < 40; j++) {
                uint8_t e[16];
                pkc_aes_encrypt_block(&k, e, ctr);
                bad += memcmp(e, ks + 16 * j, 16) != 0;
                for (int b = 15; b >= 0 && ++ctr[b] == 0; b--) /* the reference increment */
                    ;
            }
            CHECK_MSG(bad == 0, "CTR from %s (%s): %d keystream blocks differ", starts[s],
                      impl_name(impls[i]), bad);
        }
        free(c0);
    }
    pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
}

#ifdef PKC_HAVE_OPENSSL
static const EVP_CIPHER *evp(int m, size_t klen)
{
    static const EVP_CIPHER *(*const f[3][3])(void) = {
        {EVP_aes_128_ecb, EVP_aes_192_ecb, EVP_aes_256_ecb},
        {EVP_aes_128_cbc, EVP_aes_192_cbc, EVP_aes_256_cbc},
        {EVP_aes_128_ctr, EVP_aes_192_ctr, EVP_aes_256_ctr},
    };
    return f[m][(klen - 16) / 8]();
}

/* OpenSSL on random inputs: ECB and CBC with and without PKCS#7 padding,
 * CTR from random counters (some near the wrap). */
static void test_openssl(void)
{
    enum { MAXLEN = 700 };
    uint8_t key[32], iv[16], pt[MAXLEN], a[MAXLEN + 32], b[MAXLEN + 32];
    int bad = 0, iters = tu_iters(300);
    for (int it = 0; it < iters; it++) {
        int m = it % 3, pad = m < 2 && (it / 3) % 2;
        size_t klen = 16 + 8 * (size_t)(tu_rand64() % 3), len = (size_t)(tu_rand64() % MAXLEN);
        if (m < 2 && !pad)
            len &= ~(size_t)15;
        tu_rand_bytes(key, klen);
        tu_rand_bytes(iv, 16);
        if (m == 2 && (it & 4))
            memset(iv + (it & 8 ? 0 : 8), 0xff, 8);
        tu_rand_bytes(pt, len);
        EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
        int l1 = 0, l2 = 0;
        EVP_EncryptInit_ex(c, evp(m, klen), NULL, key, m ? iv : NULL);
        EVP_CIPHER_CTX_set_padding(c, pad);
        EVP_EncryptUpdate(c, a, &l1, pt, (int)len);
        EVP_EncryptFinal_ex(c, a + l1, &l2);
        EVP_CIPHER_CTX_free(c);
        size_t want = (size_t)(l1 + l2), got = 0;
        pkc_aes_key k;
        use(impls[(size_t)it % (size_t)nimpls]);
        CHECK(pkc_aes_set_key(&k, key, klen) == PKC_OK);
        pkc_err e;
        if (m == 2) {
            e = pkc_aes_ctr(&k, iv, b, pt, len);
            got = len;
        } else if (pad) {
            e = m ? pkc_aes_cbc_encrypt_pad(&k, iv, b, sizeof b, pt, len, &got)
                  : pkc_aes_ecb_encrypt_pad(&k, b, sizeof b, pt, len, &got);
        } else {
            e = m ? pkc_aes_cbc_encrypt(&k, iv, b, pt, len) : pkc_aes_ecb_encrypt(&k, b, pt, len);
            got = len;
        }
        if ((e != PKC_OK || got != want || memcmp(a, b, want) != 0) && bad++ < 5)
            CHECK_MSG(0, "OpenSSL differs: mode %d pad %d key %zu len %zu (%s)", m, pad, 8 * klen,
                      len, impl_name(pkc_aes_get_impl()));
        if (pad) {
            size_t dl = 0;
            e = m ? pkc_aes_cbc_decrypt_unpad(&k, iv, b, sizeof b, a, want, &dl)
                  : pkc_aes_ecb_decrypt_unpad(&k, b, sizeof b, a, want, &dl);
            bad += e != PKC_OK || dl != len || memcmp(b, pt, len) != 0;
        }
    }
    CHECK_MSG(bad == 0, "%d of %d random inputs differ from OpenSSL", bad, iters);
    pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
}
#endif

/* ---- PKCS#7 ------------------------------------------------------------------ */

static void test_pkcs7(void)
{
    uint8_t key[16], iv[16], pt[64], ct[80], out[80], buf[48];
    size_t n;
    pkc_aes_key k;
    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(iv, sizeof iv);
    CHECK(pkc_aes_set_key(&k, key, 16) == PKC_OK);
    /* round trips, every length up to four blocks, both modes */
    for (size_t len = 0; len <= 64; len++) {
        tu_rand_bytes(pt, len);
        size_t plen = pkc_pkcs7_padded_len(len);
        CHECK(plen % 16 == 0 && plen > len && plen - len <= 16);
        for (int cbc = 0; cbc < 2; cbc++) {
            size_t cl = 0, dl = 0;
            pkc_err e = cbc ? pkc_aes_cbc_encrypt_pad(&k, iv, ct, sizeof ct, pt, len, &cl)
                            : pkc_aes_ecb_encrypt_pad(&k, ct, sizeof ct, pt, len, &cl);
            CHECK(e == PKC_OK && cl == plen);
            e = cbc ? pkc_aes_cbc_decrypt_unpad(&k, iv, out, sizeof out, ct, cl, &dl)
                    : pkc_aes_ecb_decrypt_unpad(&k, out, sizeof out, ct, cl, &dl);
            CHECK_MSG(e == PKC_OK && dl == len && memcmp(out, pt, len) == 0,
                      "PKCS#7 %s round trip of %zu bytes", cbc ? "CBC" : "ECB", len);
        }
    }
    /* the last byte: only 1..16 with that many equal bytes is padding */
    for (unsigned v = 0; v < 256; v++) {
        memset(buf, (int)v, sizeof buf);
        pkc_err e = pkc_pkcs7_unpad(buf, sizeof buf, &n);
        int ok = v >= 1 && v <= 16;
        CHECK_MSG(ok ? e == PKC_OK && n == sizeof buf - v : e == PKC_ERR_DECRYPT,
                  "PKCS#7: last byte %u", v);
    }
    /* one byte inside the padding wrong, at every position, every pad length */
    for (unsigned p = 1; p <= 16; p++)
        for (unsigned pos = 1; pos <= 16; pos++) {
            memset(buf, 0x41, sizeof buf);
            memset(buf + sizeof buf - p, (int)p, p);
            buf[sizeof buf - pos] ^= 0x20;
            pkc_err e = pkc_pkcs7_unpad(buf, sizeof buf, &n);
            /* a change outside the padding leaves it valid, except the last byte */
            int ok = pos > p;
            CHECK_MSG(ok ? e == PKC_OK && n == sizeof buf - p : e == PKC_ERR_DECRYPT,
                      "PKCS#7: pad %u, byte %u from the end changed", p, pos);
        }
    /* the lengths: 0, not whole blocks */
    memset(buf, 1, sizeof buf);
    CHECK(pkc_pkcs7_unpad(buf, 0, &n) == PKC_ERR_DECRYPT);
    CHECK(pkc_pkcs7_unpad(buf, 15, &n) == PKC_ERR_DECRYPT);
    CHECK(pkc_pkcs7_unpad(buf, 17, &n) == PKC_ERR_DECRYPT);
    CHECK(pkc_pkcs7_unpad(buf, 16, &n) == PKC_OK && n == 15);
    /* a ciphertext whose plaintext has bad padding: one error, out zeroed */
    memset(pt, 0x33, 32); /* last byte 0x33 > 16 */
    CHECK(pkc_aes_cbc_encrypt(&k, iv, ct, pt, 32) == PKC_OK);
    n = 99;
    CHECK(pkc_aes_cbc_decrypt_unpad(&k, iv, out, sizeof out, ct, 32, &n) == PKC_ERR_DECRYPT);
    static const uint8_t zero[32];
    CHECK(n == 0 && memcmp(out, zero, 32) == 0);
    CHECK(pkc_aes_ecb_decrypt_unpad(&k, out, sizeof out, ct, 20, &n) == PKC_ERR_DECRYPT);
    CHECK(pkc_aes_ecb_decrypt_unpad(&k, out, sizeof out, ct, 0, &n) == PKC_ERR_DECRYPT);
    CHECK(pkc_aes_ecb_decrypt_unpad(&k, out, 16, ct, 32, &n) == PKC_ERR_BUFSIZE);
    CHECK(pkc_aes_ecb_encrypt_pad(&k, out, 31, pt, 16, &n) == PKC_ERR_BUFSIZE);
    CHECK(pkc_pkcs7_pad(out, 16, pt, 15, &n) == PKC_OK && n == 16 && out[15] == 1);
    pkc_aes_key_wipe(&k);
}

static void test_api(void)
{
    pkc_aes_key k;
    uint8_t key[32] = {0}, b[32] = {0};
    CHECK(pkc_aes_set_key(&k, key, 15) == PKC_ERR_ARG);
    CHECK(pkc_aes_set_key(&k, key, 0) == PKC_ERR_ARG);
    CHECK(pkc_aes_set_key(NULL, key, 16) == PKC_ERR_ARG);
    CHECK(pkc_aes_set_key(&k, NULL, 16) == PKC_ERR_ARG);
    CHECK(pkc_aes_set_key(&k, key, 24) == PKC_OK && k.rounds == 12);
    CHECK(pkc_aes_ecb_encrypt(&k, b, b, 17) == PKC_ERR_ARG);
    CHECK(pkc_aes_cbc_decrypt(&k, NULL, b, b, 16) == PKC_ERR_ARG);
    CHECK(pkc_aes_ecb_encrypt(&k, NULL, NULL, 0) == PKC_OK);
    CHECK(pkc_aes_ctr(&k, key, NULL, NULL, 0) == PKC_OK);
    CHECK(pkc_aes_set_impl((pkc_aes_impl)99) == PKC_ERR_ARG);
    if (!pkc_aes_have_vaes())
        CHECK(pkc_aes_set_impl(PKC_AES_IMPL_VAES) == PKC_ERR_UNSUPPORTED);
    if (!pkc_aes_have_aesni())
        CHECK(pkc_aes_set_impl(PKC_AES_IMPL_AESNI) == PKC_ERR_UNSUPPORTED);
    for (int i = 0; i < nimpls; i++) {
        use(impls[i]);
        CHECK(pkc_aes_get_impl() == impls[i]);
    }
    pkc_aes_key_wipe(&k);
    static const pkc_aes_key zero;
    CHECK(memcmp(&k, &zero, sizeof k) == 0);
    pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
}

int main(void)
{
    tu_seed();
    impls[nimpls++] = PKC_AES_IMPL_PORTABLE;
    if (pkc_aes_have_aesni())
        impls[nimpls++] = PKC_AES_IMPL_AESNI;
    else
        printf("note: this CPU has no AES-NI; the vectors run on the portable path only\n");
    if (pkc_aes_have_vaes())
        impls[nimpls++] = PKC_AES_IMPL_VAES;
    else
        printf("note: this CPU has no VAES/AVX-512F; that path is not tested here\n");
    CHECK(pkc_aes_set_impl(PKC_AES_IMPL_AUTO) == PKC_OK);
    printf("AES default implementation: %s (%d implementations tested)\n",
           impl_name(pkc_aes_get_impl()), nimpls);
    test_api();
    test_sbox();
    test_fips197();
    test_sp800_38a();
    test_cavp();
    test_impls_agree();
    test_ctr_stream();
    test_ctr_carry();
#ifdef PKC_HAVE_OPENSSL
    test_openssl();
#else
    tu_skip_part("OpenSSL not found: the differential test");
#endif
    test_pkcs7();
    return tu_finish("test_aes");
}
