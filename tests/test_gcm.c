/* AES-GCM (include/pkc/gcm.h), on every AES and GHASH implementation this
 * CPU has, in every combination:
 *  - the CAVP files of Debian's python3-cryptography-vectors:
 *    gcmEncryptExtIV* (ciphertext and tag) and gcmDecrypt* (plaintext, or
 *    FAIL: then PKC_ERR_DECRYPT and no plaintext);
 *  - OpenSSL's EVP AES-GCM on random keys, IV lengths (12 and 1 .. 64),
 *    AAD and plaintext lengths, both directions, in place too;
 *  - the 32-bit counter: GCTR from a J0 whose low word is about to wrap,
 *    against the definition (inc32 block by block);
 *  - streaming (init, aad, update, final) against the one-shot functions:
 *    random keys, IVs, AAD and lengths cut into random chunks (1-byte ones,
 *    short ones, long ones; boundaries off the block grid), both
 *    directions, in place too; the wrap fed in chunks; a wrong tag; calls
 *    out of order, bad tag lengths, the length limit;
 *  - tampering: every byte of the ciphertext, tag, AAD and IV changed
 *    gives PKC_ERR_DECRYPT and a zeroed output; argument errors (IV length
 *    0, tag lengths other than 4, 8, 12 .. 16).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/gcm.h"
#include "sym/gcm_internal.h"
#include "sym/ghash.h"
#include "testutil.h"

typedef struct {
    pkc_aes_impl aes;
    pkc_ghash_impl gh;
    const char *name;
} combo;
static combo combos[9];
static int ncombos;

static void find_combos(void)
{
    static const struct {
        pkc_aes_impl i;
        const char *n;
    } a[] = {{PKC_AES_IMPL_PORTABLE, "aes-portable"}, {PKC_AES_IMPL_AESNI, "aes-ni"},
             {PKC_AES_IMPL_VAES, "vaes"}};
    static const struct {
        pkc_ghash_impl i;
        const char *n;
    } g[] = {{PKC_GHASH_IMPL_PORTABLE, "ghash-portable"}, {PKC_GHASH_IMPL_CLMUL, "clmul"},
             {PKC_GHASH_IMPL_VPCLMUL, "vpclmul"}};
    static char names[9][40];
    for (size_t i = 0; i < 3; i++)
        for (size_t j = 0; j < 3; j++) {
            if (pkc_aes_set_impl(a[i].i) != PKC_OK || !pkc_ghash_have_impl(g[j].i))
                continue;
            snprintf(names[ncombos], sizeof names[0], "%s+%s", a[i].n, g[j].n);
            combos[ncombos] = (combo){a[i].i, g[j].i, names[ncombos]};
            ncombos++;
        }
    pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
    printf("%d implementation pairs\n", ncombos);
}

static void use(const combo *c)
{
    CHECK(pkc_aes_set_impl(c->aes) == PKC_OK);
    CHECK(pkc_ghash_set_impl(c->gh) == PKC_OK);
}

typedef struct {
    char *key, *iv, *pt, *aad, *ct, *tag;
} gcm_vec;

static const tu_field FIELDS[] = {
    TU_FIELD("Key", gcm_vec, key), TU_FIELD("IV", gcm_vec, iv), TU_FIELD("PT", gcm_vec, pt),
    TU_FIELD("AAD", gcm_vec, aad), TU_FIELD("CT", gcm_vec, ct), TU_FIELD("Tag", gcm_vec, tag),
};
#define NFIELDS (sizeof FIELDS / sizeof FIELDS[0])

static uint8_t *unhex(const char *h, size_t *len)
{
    return tu_unhex(h ? h : "", len);
}

/* one record: enc (ExtIV files, at "Tag") or dec (Decrypt files, at "PT"
 * or "FAIL") */
static int record(const gcm_vec *v, int dec, int fail, const char *rel, int line)
{
    size_t kl, ivl, pl, al, cl, tl;
    uint8_t *k = unhex(v->key, &kl), *iv = unhex(v->iv, &ivl), *p = unhex(v->pt, &pl);
    uint8_t *a = unhex(v->aad, &al), *c = unhex(v->ct, &cl), *t = unhex(v->tag, &tl);
    int ok = 0;
    pkc_gcm_key key;
    if (k && iv && p && a && c && t && pkc_gcm_set_key(&key, k, kl) == PKC_OK) {
        uint8_t *out = malloc(cl + 1), tag[16];
        if (!dec) {
            ok = pkc_gcm_encrypt(&key, iv, ivl, a, al, p, pl, out, tag, tl) == PKC_OK &&
                 pl == cl && memcmp(out, c, cl) == 0 && memcmp(tag, t, tl) == 0;
        } else {
            memset(out, 0xA5, cl + 1);
            pkc_err e = pkc_gcm_decrypt(&key, iv, ivl, a, al, c, cl, t, tl, out);
            if (fail) {
                ok = e == PKC_ERR_DECRYPT;
                for (size_t i = 0; i < cl; i++)
                    ok &= out[i] == 0;
            } else {
                ok = e == PKC_OK && pl == cl && memcmp(out, p, pl) == 0;
            }
        }
        free(out);
    }
    CHECK_MSG(ok, "%s:%d: %s", rel, line, dec ? (fail ? "FAIL not refused" : "decrypt") : "encrypt");
    pkc_gcm_key_wipe(&key);
    free(k);
    free(iv);
    free(p);
    free(a);
    free(c);
    free(t);
    return ok;
}

static int run_file(const char *rel, int dec)
{
    tu_kv kv;
    gcm_vec v = {0};
    int n = 0;
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section || !kv.key)
            continue;
        int fail = strcmp(kv.key, "FAIL") == 0;
        if (!fail && !tu_field_take(&v, FIELDS, NFIELDS, &kv))
            continue;
        if (fail || (dec && !strcmp(kv.key, "PT")) || (!dec && !strcmp(kv.key, "Tag"))) {
            record(&v, dec, fail, rel, kv.lineno);
            n++;
            tu_fields_clear(&v, FIELDS, NFIELDS);
        }
    }
    tu_fields_clear(&v, FIELDS, NFIELDS);
    tu_kv_close(&kv);
    CHECK_MSG(n > 0, "%s: no vectors", rel);
    return n;
}

static void test_cavp(void)
{
    static const char *const enc[] = {"ciphers/AES/GCM/gcmEncryptExtIV128.rsp",
                                      "ciphers/AES/GCM/gcmEncryptExtIV192.rsp",
                                      "ciphers/AES/GCM/gcmEncryptExtIV256.rsp"};
    static const char *const dec[] = {"ciphers/AES/GCM/gcmDecrypt128.rsp",
                                      "ciphers/AES/GCM/gcmDecrypt192.rsp",
                                      "ciphers/AES/GCM/gcmDecrypt256.rsp"};
    for (int c = 0; c < ncombos; c++) {
        use(&combos[c]);
        int ne = 0, nd = 0;
        for (int i = 0; i < 3; i++) {
            ne += run_file(enc[i], 0);
            nd += run_file(dec[i], 1);
        }
        printf("CAVP: %d encryptions, %d decryptions (%s)\n", ne, nd, combos[c].name);
    }
}

/* the definition: Y_i = E_K(inc32^i(J0)) xor X_i */
static void ref_gctr(const pkc_aes_key *aes, const uint8_t j0[16], uint8_t *out,
                     const uint8_t *in, size_t len)
{
    uint8_t cb[16], ks[16];
    memcpy(cb, j0, 16);
    for (size_t off = 0; off < len; off += 16) {
        for (int i = 15; i >= 12; i--)
            if (++cb[i])
                break;
        pkc_aes_encrypt_block(aes, ks, cb);
        for (size_t i = 0; i < 16 && off + i < len; i++)
            out[off + i] = in[off + i] ^ ks[i];
    }
}

static void test_counter_wrap(void)
{
    for (int c = 0; c < ncombos; c++) {
        use(&combos[c]);
        for (int it = 0; it < 40; it++) {
            uint8_t k[32], j0[16], in[700], got[700], want[700];
            size_t kl = 16 + 8 * (size_t)(it % 3), len = (size_t)(tu_rand64() % sizeof in);
            tu_rand_bytes(k, kl);
            tu_rand_bytes(j0, 16);
            tu_rand_bytes(in, len);
            /* the low word 0xffffffff - (0 .. 40): the wrap inside the message */
            uint32_t low = 0xffffffffu - (uint32_t)(tu_rand64() % 41);
            j0[12] = (uint8_t)(low >> 24);
            j0[13] = (uint8_t)(low >> 16);
            j0[14] = (uint8_t)(low >> 8);
            j0[15] = (uint8_t)low;
            pkc_gcm_key key;
            CHECK(pkc_gcm_set_key(&key, k, kl) == PKC_OK);
            pkc_gcm_gctr_for_testing(&key, j0, got, in, len);
            ref_gctr(&key.aes, j0, want, in, len);
            CHECK_MSG(memcmp(got, want, len) == 0, "inc32 wrap (%s, len %zu, low %08x)",
                      combos[c].name, len, low);
            /* the same through the streaming context, in chunks of 1 .. 40 */
            pkc_gcm_ctx ctx;
            pkc_gcm_start_for_testing(&ctx, &key, j0);
            memset(got, 0, sizeof got);
            for (size_t off = 0, n; off < len; off += n) {
                n = 1 + (size_t)(tu_rand64() % 40);
                if (n > len - off)
                    n = len - off;
                CHECK(pkc_gcm_encrypt_update(&ctx, got + off, in + off, n) == PKC_OK);
            }
            pkc_gcm_ctx_wipe(&ctx);
            CHECK_MSG(memcmp(got, want, len) == 0, "inc32 wrap in chunks (%s, len %zu, low %08x)",
                      combos[c].name, len, low);
        }
    }
}

static void test_tamper_and_args(void)
{
    uint8_t k[16], iv[12], a[20], p[50], c[50], t[16], out[50];
    tu_rand_bytes(k, sizeof k);
    tu_rand_bytes(iv, sizeof iv);
    tu_rand_bytes(a, sizeof a);
    tu_rand_bytes(p, sizeof p);
    pkc_gcm_key key;
    CHECK(pkc_gcm_set_key(&key, k, 16) == PKC_OK);
    CHECK(pkc_gcm_encrypt(&key, iv, 12, a, 20, p, 50, c, t, 16) == PKC_OK);
    CHECK(pkc_gcm_decrypt(&key, iv, 12, a, 20, c, 50, t, 16, out) == PKC_OK &&
          memcmp(out, p, 50) == 0);
    uint8_t *parts[] = {c, t, a, iv};
    size_t lens[] = {50, 16, 20, 12};
    int refused = 0, total = 0;
    for (int part = 0; part < 4; part++)
        for (size_t i = 0; i < lens[part]; i++) {
            parts[part][i] ^= 0x20;
            memset(out, 0xA5, sizeof out);
            pkc_err e = pkc_gcm_decrypt(&key, iv, 12, a, 20, c, 50, t, 16, out);
            int zero = 1;
            for (size_t j = 0; j < sizeof out; j++)
                zero &= out[j] == 0;
            refused += e == PKC_ERR_DECRYPT && zero;
            total++;
            parts[part][i] ^= 0x20;
        }
    CHECK_MSG(refused == total, "%d of %d changes refused with a zeroed output", refused, total);
    /* a truncated tag is the full tag's first bytes, checked on all of them */
    uint8_t t12[16];
    CHECK(pkc_gcm_encrypt(&key, iv, 12, a, 20, p, 50, c, t12, 12) == PKC_OK);
    CHECK(memcmp(t12, t, 12) == 0);
    CHECK(pkc_gcm_decrypt(&key, iv, 12, a, 20, c, 50, t12, 12, out) == PKC_OK);
    t[12] ^= 1;
    CHECK(pkc_gcm_decrypt(&key, iv, 12, a, 20, c, 50, t, 13, out) == PKC_ERR_DECRYPT);
    t[12] ^= 1;
    static const size_t bad_tags[] = {0, 1, 3, 5, 7, 9, 10, 11, 17};
    for (size_t i = 0; i < sizeof bad_tags / sizeof bad_tags[0]; i++)
        CHECK(pkc_gcm_encrypt(&key, iv, 12, a, 20, p, 50, c, t, bad_tags[i]) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt(&key, iv, 0, a, 20, p, 50, c, t, 16) == PKC_ERR_ARG);
    CHECK(pkc_gcm_decrypt(&key, NULL, 12, a, 20, c, 50, t, 16, out) == PKC_ERR_ARG);
    CHECK(pkc_gcm_set_key(&key, k, 15) == PKC_ERR_ARG);
    /* empty plaintext and AAD: a tag only */
    CHECK(pkc_gcm_encrypt(&key, iv, 12, NULL, 0, NULL, 0, NULL, t, 16) == PKC_OK);
    CHECK(pkc_gcm_decrypt(&key, iv, 12, NULL, 0, NULL, 0, t, 16, NULL) == PKC_OK);
    t[0] ^= 1;
    CHECK(pkc_gcm_decrypt(&key, iv, 12, NULL, 0, NULL, 0, t, 16, NULL) == PKC_ERR_DECRYPT);
    pkc_gcm_key_wipe(&key);
}

/* The next chunk of at most left bytes: style 0 one byte, 1 up to 40, 2 up
 * to 3000, 3 anything (the rest at once half of the time). */
static size_t chunk(int style, size_t left)
{
    size_t n;
    switch (style) {
    case 0: n = 1; break;
    case 1: n = 1 + (size_t)(tu_rand64() % 40); break;
    case 2: n = 1 + (size_t)(tu_rand64() % 3000); break;
    default: n = tu_rand64() % 2 ? left : (size_t)(tu_rand64() % (left + 1)); break;
    }
    return n < left ? n : left;
}

/* AAD and data of one direction through the streaming interface, in
 * chunks; out may be in. Returns 0 or the first error. */
static pkc_err stream_run(pkc_gcm_ctx *ctx, int dec, int style, const uint8_t *a, size_t al,
                          const uint8_t *in, size_t len, uint8_t *out)
{
    pkc_err e = PKC_OK;
    for (size_t off = 0, n; off < al && e == PKC_OK; off += n) {
        n = chunk(style, al - off);
        e = pkc_gcm_aad(ctx, a + off, n);
    }
    /* empty updates anywhere change nothing */
    if (e == PKC_OK && tu_rand64() % 2)
        e = dec ? pkc_gcm_decrypt_update(ctx, NULL, NULL, 0)
                : pkc_gcm_encrypt_update(ctx, NULL, NULL, 0);
    for (size_t off = 0, n; off < len && e == PKC_OK; off += n) {
        n = chunk(style, len - off);
        e = dec ? pkc_gcm_decrypt_update(ctx, out + off, in + off, n)
                : pkc_gcm_encrypt_update(ctx, out + off, in + off, n);
    }
    return e;
}

static void test_streaming(void)
{
    static uint8_t p[9000], c[9000], sc[9000], back[9000];
    for (int cb = 0; cb < ncombos; cb++) {
        use(&combos[cb]);
        int bad = 0, n = 0;
        for (int it = 0; it < 160; it++, n++) {
            uint8_t k[32], iv[64], a[300], tag[16], st[16];
            int style = it % 4, inplace = (it / 4) % 2;
            size_t kl = 16 + 8 * (size_t)(it % 3), tl = it % 5 ? 16 : 12;
            size_t ivl = it % 3 ? 12 : 1 + (size_t)(tu_rand64() % 64);
            size_t al = (size_t)(tu_rand64() % sizeof a);
            size_t pl = (size_t)(tu_rand64() % (style == 0 ? 700 : sizeof p));
            if (it % 16 == 5)
                pl = 0;
            tu_rand_bytes(k, kl);
            tu_rand_bytes(iv, ivl);
            tu_rand_bytes(a, al);
            tu_rand_bytes(p, pl);
            pkc_gcm_key key;
            pkc_gcm_ctx ctx;
            CHECK(pkc_gcm_set_key(&key, k, kl) == PKC_OK);
            CHECK(pkc_gcm_encrypt(&key, iv, ivl, a, al, p, pl, c, tag, tl) == PKC_OK);
            memcpy(sc, p, pl);
            int ok = pkc_gcm_init(&ctx, &key, iv, ivl) == PKC_OK &&
                     stream_run(&ctx, 0, style, a, al, inplace ? sc : p, pl, sc) == PKC_OK &&
                     pkc_gcm_encrypt_final(&ctx, st, tl) == PKC_OK && memcmp(sc, c, pl) == 0 &&
                     memcmp(st, tag, tl) == 0;
            memcpy(back, c, pl);
            ok = ok && pkc_gcm_init(&ctx, &key, iv, ivl) == PKC_OK &&
                 stream_run(&ctx, 1, style, a, al, inplace ? back : c, pl, back) == PKC_OK &&
                 pkc_gcm_decrypt_final(&ctx, tag, tl) == PKC_OK && memcmp(back, p, pl) == 0;
            /* a wrong tag: the verdict (the plaintext was released, as documented) */
            st[it % tl] ^= (uint8_t)(1u << (it % 8));
            ok = ok && pkc_gcm_init(&ctx, &key, iv, ivl) == PKC_OK &&
                 stream_run(&ctx, 1, style, a, al, c, pl, back) == PKC_OK &&
                 pkc_gcm_decrypt_final(&ctx, st, tl) == PKC_ERR_DECRYPT;
            if (!ok)
                printf("streaming differs: %s, key %zu, IV %zu, AAD %zu, data %zu, style %d%s\n",
                       combos[cb].name, kl, ivl, al, pl, style, inplace ? ", in place" : "");
            bad += !ok;
            pkc_gcm_ctx_wipe(&ctx);
            pkc_gcm_key_wipe(&key);
        }
        CHECK_MSG(bad == 0, "%d of %d streaming cases differ from one shot (%s)", bad, n,
                  combos[cb].name);
    }
    printf("streaming: 160 random cases per pair, both directions\n");
}

static void test_streaming_order(void)
{
    uint8_t k[16] = {1}, iv[12] = {2}, a[5] = {3}, d[40] = {4}, o[40], t[16], t2[16];
    pkc_gcm_key key;
    pkc_gcm_ctx ctx;
    CHECK(pkc_gcm_set_key(&key, k, 16) == PKC_OK);
    /* a context never initialised (zeroed) or wiped */
    memset(&ctx, 0, sizeof ctx);
    CHECK(pkc_gcm_aad(&ctx, a, 5) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt_update(&ctx, o, d, 40) == PKC_ERR_ARG);
    CHECK(pkc_gcm_decrypt_update(&ctx, o, d, 40) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt_final(&ctx, t, 16) == PKC_ERR_ARG);
    CHECK(pkc_gcm_decrypt_final(&ctx, t, 16) == PKC_ERR_ARG);
    CHECK(pkc_gcm_init(&ctx, &key, iv, 0) == PKC_ERR_ARG);
    CHECK(pkc_gcm_init(&ctx, &key, NULL, 12) == PKC_ERR_ARG);
    CHECK(pkc_gcm_init(&ctx, NULL, iv, 12) == PKC_ERR_ARG);
    CHECK(pkc_gcm_init(NULL, &key, iv, 12) == PKC_ERR_ARG);
    /* AAD after data, the other direction, a bad tag length (nothing
     * changes: the right final still gives the one-shot tag) */
    CHECK(pkc_gcm_init(&ctx, &key, iv, 12) == PKC_OK);
    CHECK(pkc_gcm_aad(&ctx, NULL, 1) == PKC_ERR_ARG);
    CHECK(pkc_gcm_aad(&ctx, a, 5) == PKC_OK);
    CHECK(pkc_gcm_encrypt_update(&ctx, NULL, d, 3) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt_update(&ctx, o, d, 17) == PKC_OK);
    CHECK(pkc_gcm_aad(&ctx, a, 1) == PKC_ERR_ARG);
    CHECK(pkc_gcm_aad(&ctx, a, 0) == PKC_ERR_ARG);
    CHECK(pkc_gcm_decrypt_update(&ctx, o + 17, d + 17, 23) == PKC_ERR_ARG);
    CHECK(pkc_gcm_decrypt_final(&ctx, t, 16) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt_update(&ctx, o + 17, d + 17, 23) == PKC_OK);
    static const size_t bad_tags[] = {0, 1, 3, 5, 7, 9, 10, 11, 17};
    for (size_t i = 0; i < sizeof bad_tags / sizeof bad_tags[0]; i++)
        CHECK(pkc_gcm_encrypt_final(&ctx, t, bad_tags[i]) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt_final(&ctx, NULL, 16) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt_final(&ctx, t, 16) == PKC_OK);
    CHECK(pkc_gcm_encrypt(&key, iv, 12, a, 5, d, 40, o, t2, 16) == PKC_OK);
    CHECK(memcmp(t, t2, 16) == 0);
    /* final ended the context */
    CHECK(pkc_gcm_encrypt_update(&ctx, o, d, 1) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt_final(&ctx, t, 16) == PKC_ERR_ARG);
    CHECK(pkc_gcm_aad(&ctx, a, 1) == PKC_ERR_ARG);
    /* decryption: encrypt calls refused; a failed final ends it too */
    CHECK(pkc_gcm_init(&ctx, &key, iv, 12) == PKC_OK);
    CHECK(pkc_gcm_decrypt_update(&ctx, o, o, 40) == PKC_OK);
    CHECK(pkc_gcm_encrypt_update(&ctx, o, d, 1) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt_final(&ctx, t, 16) == PKC_ERR_ARG);
    CHECK(pkc_gcm_decrypt_final(&ctx, t, 13) == PKC_ERR_DECRYPT); /* AAD missing */
    CHECK(pkc_gcm_decrypt_final(&ctx, t, 16) == PKC_ERR_ARG);
    /* no data: either final */
    CHECK(pkc_gcm_init(&ctx, &key, iv, 12) == PKC_OK);
    CHECK(pkc_gcm_encrypt_final(&ctx, t, 16) == PKC_OK);
    CHECK(pkc_gcm_init(&ctx, &key, iv, 12) == PKC_OK);
    CHECK(pkc_gcm_decrypt_final(&ctx, t, 16) == PKC_OK);
    /* 2^36 - 32 bytes at most (the count forged: no need to encrypt 64 GiB) */
    CHECK(pkc_gcm_init(&ctx, &key, iv, 12) == PKC_OK);
    CHECK(pkc_gcm_encrypt_update(&ctx, o, d, 1) == PKC_OK);
    ctx.len = ((uint64_t)1 << 36) - 32 - 10;
    CHECK(pkc_gcm_encrypt_update(&ctx, o, d, 11) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt_update(&ctx, o, d, 10) == PKC_OK);
    CHECK(pkc_gcm_encrypt_update(&ctx, o, d, 1) == PKC_ERR_ARG);
    CHECK(pkc_gcm_encrypt_final(&ctx, t, 16) == PKC_OK);
    pkc_gcm_ctx_wipe(&ctx);
    CHECK(ctx.state == 0);
    pkc_gcm_key_wipe(&key);
}

#ifdef PKC_HAVE_OPENSSL
static void test_openssl(void)
{
    static uint8_t p[4200], c[4200], mine[4200], back[4200];
    for (int cb = 0; cb < ncombos; cb++) {
        use(&combos[cb]);
        int bad = 0;
        for (int it = 0; it < 120; it++) {
            uint8_t k[32], iv[64], a[300], tag[16], mt[16];
            size_t kl = 16 + 8 * (size_t)(it % 3);
            size_t ivl = it % 2 ? 12 : 1 + (size_t)(tu_rand64() % 64);
            size_t al = (size_t)(tu_rand64() % sizeof a), pl = (size_t)(tu_rand64() % sizeof p);
            tu_rand_bytes(k, kl);
            tu_rand_bytes(iv, ivl);
            tu_rand_bytes(a, al);
            tu_rand_bytes(p, pl);
            pkc_gcm_key key;
            if (!tu_ossl_gcm_encrypt(k, kl, iv, ivl, a, al, p, pl, c, tag) ||
                pkc_gcm_set_key(&key, k, kl) != PKC_OK) {
                bad++;
                continue;
            }
            memcpy(mine, p, pl); /* in place */
            int ok = pkc_gcm_encrypt(&key, iv, ivl, a, al, mine, pl, mine, mt, 16) == PKC_OK &&
                     memcmp(mine, c, pl) == 0 && memcmp(mt, tag, 16) == 0 &&
                     pkc_gcm_decrypt(&key, iv, ivl, a, al, c, pl, tag, 16, back) == PKC_OK &&
                     memcmp(back, p, pl) == 0;
            bad += !ok;
            pkc_gcm_key_wipe(&key);
        }
        CHECK_MSG(bad == 0, "%d of 120 differ from OpenSSL (%s)", bad, combos[cb].name);
    }
    printf("OpenSSL: 120 random cases per pair, both directions\n");
}
#endif

int main(void)
{
    tu_seed();
    find_combos();
    test_tamper_and_args();
    test_counter_wrap();
    test_streaming_order();
    test_streaming();
    test_cavp();
#ifdef PKC_HAVE_OPENSSL
    test_openssl();
#else
    tu_skip_part("OpenSSL not found: AES-GCM against EVP");
#endif
    pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
    pkc_ghash_set_impl(PKC_GHASH_IMPL_AUTO);
    return tu_finish("test_gcm");
}
