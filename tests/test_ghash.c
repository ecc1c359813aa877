/* GHASH (src/sym/ghash.h, SP 800-38D section 6.4), every multiplier this
 * CPU has (portable, PCLMULQDQ, VPCLMULQDQ):
 *  - the GHASH values of the GCM specification's test cases (McGrew and
 *    Viega, "The Galois/Counter Mode of Operation", test cases 1, 2, 18);
 *  - against the definition: multiplication bit by bit (SP 800-38D
 *    algorithm 1) and GHASH block by block (algorithm 2), random H and
 *    data, every block count around the 4- and 8-block aggregation;
 *  - the paths against each other, and updates split at random points
 *    against one call;
 *  - with OpenSSL: GCM's tag is GHASH xor E_K(J0) (SP 800-38D algorithm 4),
 *    so with H = E_K(0^128) and E_K(J0) from AES-ECB the GHASH of A and C
 *    must give the tag EVP_aes_*_gcm computes, over random keys, IV lengths
 *    (J0 of an IV other than 96 bits is itself a GHASH) and A, C lengths,
 *    and over the CAVP GCM encryption files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym/ghash.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

static const pkc_ghash_impl ALL_IMPLS[] = {PKC_GHASH_IMPL_PORTABLE, PKC_GHASH_IMPL_CLMUL,
                                           PKC_GHASH_IMPL_VPCLMUL};
static const char *const IMPL_NAMES[] = {"auto", "portable", "clmul", "vpclmul"};
static pkc_ghash_impl impls[3];
static int nimpls;

static void find_impls(void)
{
    for (size_t i = 0; i < sizeof ALL_IMPLS / sizeof ALL_IMPLS[0]; i++) {
        if (pkc_ghash_have_impl(ALL_IMPLS[i]))
            impls[nimpls++] = ALL_IMPLS[i];
        else
            printf("note: this CPU has no %s path: not tested\n", IMPL_NAMES[ALL_IMPLS[i]]);
    }
    CHECK(pkc_ghash_set_impl(PKC_GHASH_IMPL_AUTO) == PKC_OK);
    printf("paths: %d, auto = %s\n", nimpls, IMPL_NAMES[pkc_ghash_get_impl()]);
}

static void use_impl(pkc_ghash_impl impl)
{
    CHECK(pkc_ghash_set_impl(impl) == PKC_OK);
    CHECK(pkc_ghash_get_impl() == impl);
}

/* ---- the definition ---- */

/* X . Y, SP 800-38D algorithm 1: bit i of X is x_i (the first bit of a
 * block is x_0); V runs through Y x^i, R = 11100001 || 0^120. */
static void ref_mul(uint8_t z[16], const uint8_t x[16], const uint8_t y[16])
{
    uint8_t v[16], r[16] = {0};
    memcpy(v, y, 16);
    for (int i = 0; i < 128; i++) {
        if ((x[i / 8] >> (7 - i % 8)) & 1)
            for (int j = 0; j < 16; j++)
                r[j] ^= v[j];
        int lsb = v[15] & 1;
        for (int j = 15; j > 0; j--)
            v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
        v[0] >>= 1;
        if (lsb)
            v[0] ^= 0xe1;
    }
    memcpy(z, r, 16);
}

/* GHASH_H of whole blocks, algorithm 2 */
static void ref_ghash(uint8_t y[16], const uint8_t h[16], const uint8_t *x, size_t nblocks)
{
    memset(y, 0, 16);
    for (size_t i = 0; i < nblocks; i++) {
        for (int j = 0; j < 16; j++)
            y[j] ^= x[16 * i + j];
        ref_mul(y, y, h);
    }
}

/* GHASH_H of len bytes (a multiple of 16 for the definition) by one update */
static void ghash_blocks(uint8_t out[16], const uint8_t h[16], const uint8_t *x, size_t len)
{
    pkc_ghash_key key;
    pkc_ghash_ctx ctx;
    pkc_ghash_key_init(&key, h);
    pkc_ghash_init(&ctx, &key);
    pkc_ghash_update(&ctx, x, len);
    pkc_ghash_final(&ctx, out);
    pkc_ghash_key_wipe(&key);
}

/* ---- the specification's test cases ---- */

static const struct {
    const char *name, *h, *a, *c, *ghash;
} SPEC[] = {
    {"test case 1", "66e94bd4ef8a2c3b884cfa59ca342b2e", "", "", "00000000000000000000000000000000"},
    {"test case 2", "66e94bd4ef8a2c3b884cfa59ca342b2e", "", "0388dace60b6a392f328c2b971b2fe78",
     "f38cbb1ad69223dcc3457ae5b6b0f885"},
    {"test case 18", "acbef20579b4b8ebce889bac8732dad7",
     "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "5a8def2f0c9e53f1f75d7853659e2a20eeb2b22aafde6419a058ab4f6f746bf4"
     "0fc0c3b780f244452da3ebf1c5d82cdea2418997200ef82e44ae7e3f",
     "d5ffcf6fc5ac4d69722187421a7f170b"},
};

static void test_spec(void)
{
    for (int k = 0; k < nimpls; k++) {
        use_impl(impls[k]);
        for (size_t i = 0; i < sizeof SPEC / sizeof SPEC[0]; i++) {
            size_t hl, al, cl, gl;
            uint8_t *h = tu_unhex(SPEC[i].h, &hl), *a = tu_unhex(SPEC[i].a, &al);
            uint8_t *c = tu_unhex(SPEC[i].c, &cl), *g = tu_unhex(SPEC[i].ghash, &gl);
            uint8_t out[16];
            pkc_ghash_key key;
            pkc_ghash_key_init(&key, h);
            pkc_ghash(&key, a, al, c, cl, out);
            CHECK_MSG(memcmp(out, g, 16) == 0, "%s: %s", IMPL_NAMES[impls[k]], SPEC[i].name);
            free(h);
            free(a);
            free(c);
            free(g);
        }
    }
}

/* ---- against the definition ---- */

static void random_h(uint8_t h[16], int i)
{
    tu_rand_bytes(h, 16);
    if (i == 0)
        memset(h, 0, 16);
    else if (i == 1) {
        memset(h, 0, 16); /* 1 */
        h[0] = 0x80;
    } else if (i == 2)
        memset(h, 0xff, 16);
    else if (i == 3) {
        memset(h, 0, 16); /* x^127 */
        h[15] = 1;
    }
}

static void test_reference(void)
{
    enum { MAXB = 40 };
    uint8_t h[16], x[16 * MAXB], want[16], got[16];
    int rounds = tu_iters(40);
    for (int k = 0; k < nimpls; k++) {
        use_impl(impls[k]);
        int bad = 0;
        for (int i = 0; i < rounds; i++) {
            random_h(h, i);
            tu_rand_bytes(x, sizeof x);
            if (i == 4)
                memset(x, 0xff, sizeof x);
            /* one block: X . H, and every block count up to MAXB */
            for (size_t n = 1; n <= MAXB; n++) {
                ref_ghash(want, h, x, n);
                ghash_blocks(got, h, x, 16 * n);
                bad += memcmp(want, got, 16) != 0;
            }
        }
        CHECK_MSG(bad == 0, "%s: %d GHASH values differ from the definition",
                  IMPL_NAMES[impls[k]], bad);
    }
}

/* the field itself: H = X and a one-block message give X . X, and the
 * product commutes; with the definition's multiplication */
static void test_mul(void)
{
    uint8_t a[16], b[16], ab[16], ba[16], got[16];
    int rounds = tu_iters(300);
    for (int k = 0; k < nimpls; k++) {
        use_impl(impls[k]);
        int bad = 0;
        for (int i = 0; i < rounds; i++) {
            random_h(a, i);
            random_h(b, i + 7);
            ref_mul(ab, a, b);
            ref_mul(ba, b, a);
            bad += memcmp(ab, ba, 16) != 0;
            ghash_blocks(got, b, a, 16);
            bad += memcmp(got, ab, 16) != 0;
        }
        CHECK_MSG(bad == 0, "%s: %d products differ", IMPL_NAMES[impls[k]], bad);
    }
}

/* ---- paths against each other, streaming against one shot ---- */

static void test_paths_and_splits(void)
{
    enum { MAXLEN = 700 };
    uint8_t h[16], a[MAXLEN], c[MAXLEN], want[16], got[16];
    int rounds = tu_iters(200);
    int bad_paths = 0, bad_split = 0;
    for (int i = 0; i < rounds; i++) {
        random_h(h, i);
        size_t al = tu_rand64() % MAXLEN, cl = tu_rand64() % MAXLEN;
        if (i % 5 == 0)
            al = 0;
        tu_rand_bytes(a, al);
        tu_rand_bytes(c, cl);
        pkc_ghash_key key;
        pkc_ghash_key_init(&key, h);
        use_impl(impls[0]);
        pkc_ghash(&key, a, al, c, cl, want);
        for (int k = 0; k < nimpls; k++) {
            use_impl(impls[k]);
            pkc_ghash(&key, a, al, c, cl, got);
            bad_paths += memcmp(want, got, 16) != 0;
            /* the same in pieces of random lengths (small ones often) */
            pkc_ghash_ctx ctx;
            pkc_ghash_init(&ctx, &key);
            for (int part = 0; part < 2; part++) {
                const uint8_t *p = part ? c : a;
                size_t left = part ? cl : al;
                while (left) {
                    size_t n = tu_rand64() % (tu_rand64() % 2 ? 17 : left + 1);
                    if (n > left)
                        n = left;
                    pkc_ghash_update(&ctx, n ? p : NULL, n);
                    p += n;
                    left -= n;
                }
                if (part == 0)
                    pkc_ghash_pad(&ctx);
            }
            pkc_ghash_lengths(&ctx, al, cl);
            pkc_ghash_final(&ctx, got);
            bad_split += memcmp(want, got, 16) != 0;
            pkc_ghash_ctx zero;
            memset(&zero, 0, sizeof zero);
            bad_split += memcmp(&ctx, &zero, sizeof ctx) != 0;
        }
        pkc_ghash_key_wipe(&key);
    }
    CHECK_MSG(bad_paths == 0, "%d one-shot GHASH values differ between paths", bad_paths);
    CHECK_MSG(bad_split == 0, "%d split updates differ from one shot (or final did not wipe)",
              bad_split);
    /* pad with nothing pending does nothing; AAD that ends on a block */
    uint8_t blk[32];
    tu_rand_bytes(blk, sizeof blk);
    tu_rand_bytes(h, 16);
    pkc_ghash_key key;
    pkc_ghash_key_init(&key, h);
    pkc_ghash_ctx ctx;
    pkc_ghash_init(&ctx, &key);
    pkc_ghash_pad(&ctx);
    pkc_ghash_update(&ctx, blk, 16);
    pkc_ghash_pad(&ctx);
    pkc_ghash_update(&ctx, blk + 16, 16);
    pkc_ghash_lengths(&ctx, 16, 16);
    pkc_ghash_final(&ctx, got);
    pkc_ghash(&key, blk, 16, blk + 16, 16, want);
    CHECK(memcmp(got, want, 16) == 0);
}

static void test_set_impl(void)
{
    CHECK(pkc_ghash_set_impl((pkc_ghash_impl)99) == PKC_ERR_ARG);
    for (size_t i = 0; i < sizeof ALL_IMPLS / sizeof ALL_IMPLS[0]; i++)
        if (!pkc_ghash_have_impl(ALL_IMPLS[i]))
            CHECK(pkc_ghash_set_impl(ALL_IMPLS[i]) == PKC_ERR_UNSUPPORTED);
    CHECK(pkc_ghash_set_impl(PKC_GHASH_IMPL_AUTO) == PKC_OK);
    CHECK(pkc_ghash_get_impl() != PKC_GHASH_IMPL_AUTO);
}

/* ---- GCM's tag through OpenSSL ---- */

#ifdef PKC_HAVE_OPENSSL
static const EVP_CIPHER *ecb_of(size_t keylen)
{
    return keylen == 16 ? EVP_aes_128_ecb() : keylen == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
}

/* E_K of one block */
static int aes_block(const uint8_t *k, size_t klen, const uint8_t in[16], uint8_t out[16])
{
    EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
    int n = 0, ok = e && EVP_EncryptInit_ex(e, ecb_of(klen), NULL, k, NULL) == 1 &&
                    EVP_CIPHER_CTX_set_padding(e, 0) == 1 &&
                    EVP_EncryptUpdate(e, out, &n, in, 16) == 1 && n == 16;
    EVP_CIPHER_CTX_free(e);
    return ok;
}

/* The full tag from H = E_K(0), J0 (SP 800-38D algorithm 4 step 2) and
 * the GHASH of A and C; 0 if OpenSSL failed. */
static int tag_by_ghash(const uint8_t *k, size_t klen, const uint8_t *iv, size_t ivlen,
                        const uint8_t *a, size_t al, const uint8_t *c, size_t cl,
                        uint8_t tag[16])
{
    uint8_t zero[16] = {0}, h[16], j0[16], ej0[16], s[16];
    pkc_ghash_key key;
    if (!aes_block(k, klen, zero, h))
        return 0;
    pkc_ghash_key_init(&key, h);
    if (ivlen == 12) {
        memcpy(j0, iv, 12);
        j0[12] = j0[13] = j0[14] = 0;
        j0[15] = 1;
    } else {
        /* GHASH_H(IV || 0^(s+64) || [len(IV)]_64): C = IV, A empty */
        pkc_ghash(&key, NULL, 0, iv, ivlen, j0);
    }
    pkc_ghash(&key, a, al, c, cl, s);
    pkc_ghash_key_wipe(&key);
    if (!aes_block(k, klen, j0, ej0))
        return 0;
    for (int i = 0; i < 16; i++)
        tag[i] = s[i] ^ ej0[i];
    return 1;
}

static void test_openssl_random(void)
{
    enum { MAXLEN = 600 };
    static uint8_t a[MAXLEN], p[MAXLEN], c[MAXLEN + 16];
    uint8_t k[32], iv[64], want[16], got[16];
    int rounds = tu_iters(300), bad = 0, failed = 0;
    for (int t = 0; t < nimpls; t++) {
        use_impl(impls[t]);
        for (int i = 0; i < rounds; i++) {
            size_t klen = (size_t)16 + 8 * (tu_rand64() % 3);
            size_t ivlen = i % 3 ? 12 : 1 + tu_rand64() % sizeof iv;
            size_t al = tu_rand64() % MAXLEN, pl = tu_rand64() % MAXLEN;
            if (i % 7 == 0)
                al = 0;
            if (i % 11 == 0)
                pl = 0;
            tu_rand_bytes(k, klen);
            tu_rand_bytes(iv, ivlen);
            tu_rand_bytes(a, al);
            tu_rand_bytes(p, pl);
            if (!tu_ossl_gcm_encrypt(k, klen, iv, ivlen, a, al, p, pl, c, want) ||
                !tag_by_ghash(k, klen, iv, ivlen, a, al, c, pl, got)) {
                failed++;
                continue;
            }
            bad += memcmp(want, got, 16) != 0;
        }
    }
    CHECK_MSG(failed == 0, "OpenSSL failed %d times", failed);
    CHECK_MSG(bad == 0, "%d tags from GHASH differ from OpenSSL's AES-GCM", bad);
    printf("OpenSSL: %d random GCM tags per path\n", rounds);
}

typedef struct {
    char *key, *iv, *pt, *aad, *ct, *tag;
} gcm_vec;

static const tu_field GCM_FIELDS[] = {
    TU_FIELD("Key", gcm_vec, key), TU_FIELD("IV", gcm_vec, iv),   TU_FIELD("PT", gcm_vec, pt),
    TU_FIELD("AAD", gcm_vec, aad), TU_FIELD("CT", gcm_vec, ct),   TU_FIELD("Tag", gcm_vec, tag),
};
#define NGCM_FIELDS (sizeof GCM_FIELDS / sizeof GCM_FIELDS[0])

/* CAVP "gcmEncryptExtIV*.rsp": every record's tag (Taglen bits, the first
 * bytes of the full one) from its Key, IV, AAD and CT. */
static int run_cavp(const char *rel)
{
    tu_kv kv;
    gcm_vec v = {0};
    int count = 0;
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section || !kv.key)
            continue;
        if (!tu_field_take(&v, GCM_FIELDS, NGCM_FIELDS, &kv) || strcmp(kv.key, "Tag") != 0)
            continue;
        size_t kl = 0, ivl = 0, al = 0, cl = 0, tl = 0;
        uint8_t *k = tu_unhex(v.key ? v.key : "", &kl), *iv = tu_unhex(v.iv ? v.iv : "", &ivl);
        uint8_t *a = tu_unhex(v.aad ? v.aad : "", &al), *c = tu_unhex(v.ct ? v.ct : "", &cl);
        uint8_t *tag = tu_unhex(v.tag, &tl), got[16];
        if (CHECK_MSG(k && iv && a && c && tag && (kl == 16 || kl == 24 || kl == 32) && ivl > 0 &&
                          tl >= 1 && tl <= 16,
                      "%s:%d: malformed record", rel, kv.lineno)) {
            int ok = tag_by_ghash(k, kl, iv, ivl, a, al, c, cl, got);
            CHECK_MSG(ok && memcmp(got, tag, tl) == 0, "%s:%d: tag", rel, kv.lineno);
            count++;
        }
        free(k);
        free(iv);
        free(a);
        free(c);
        free(tag);
        tu_fields_clear(&v, GCM_FIELDS, NGCM_FIELDS);
    }
    tu_fields_clear(&v, GCM_FIELDS, NGCM_FIELDS);
    tu_kv_close(&kv);
    CHECK_MSG(count > 0, "%s: no vectors", rel);
    return count;
}

static void test_cavp(void)
{
    static const char *const files[] = {"ciphers/AES/GCM/gcmEncryptExtIV128.rsp",
                                        "ciphers/AES/GCM/gcmEncryptExtIV192.rsp",
                                        "ciphers/AES/GCM/gcmEncryptExtIV256.rsp"};
    for (int t = 0; t < nimpls; t++) {
        use_impl(impls[t]);
        int n = 0;
        for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
            n += run_cavp(files[i]);
        printf("CAVP GCM: %d tags (%s)\n", n, IMPL_NAMES[impls[t]]);
    }
}
#endif

int main(void)
{
    tu_seed();
    find_impls();
    test_set_impl();
    test_spec();
    test_mul();
    test_reference();
    test_paths_and_splits();
#ifdef PKC_HAVE_OPENSSL
    test_openssl_random();
    test_cavp();
#else
    tu_skip_part("OpenSSL not found: GCM tags through AES (random and CAVP)");
#endif
    pkc_ghash_set_impl(PKC_GHASH_IMPL_AUTO);
    return tu_finish("test_ghash");
}
