/* Ed448 (src/ecx/ed448.c, sc448.h): the RFC 8032 section 7.4 vectors (the
 * file asymmetric/Ed448/rfc8032.txt of the vectors directory, the one with
 * a context included); OpenSSL (EVP_DigestSign/Verify with a NULL digest,
 * no context: OpenSSL 3.0 refuses the context parameter) on random seeds
 * and messages both ways; tampered signatures, messages and contexts; S + L
 * refused; non-canonical encodings of A and R refused (y >= p, x = 0 with
 * the sign bit, low bits of the last byte); a public key that does not
 * decode is PKC_ERR_POINT; a context of 256 bytes is PKC_ERR_ARG; the
 * cofactored equation (R + a point of order 2 verifies, in pkc and in
 * OpenSSL); the scalar arithmetic mod L against GMP. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "ecx/sc448.h"
#include "pkc/curve448.h"
#include "pkc/hash.h"
#include "pkc/rng.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

static mpz_t P, L;

static void le_to_mpz(mpz_t r, const uint8_t *b, size_t n)
{
    mpz_import(r, n, -1, 1, 0, 0, b);
}

static void mpz_to_le(uint8_t *b, size_t n, const mpz_t v)
{
    size_t cnt = 0;
    memset(b, 0, n);
    mpz_export(b, &cnt, -1, 1, 0, 0, v);
}

static uint8_t *unhex_n(const char *hex, size_t *n)
{
    uint8_t *b = tu_unhex(hex ? hex : "", n);
    CHECK(b != NULL);
    return b;
}

/* ---- the RFC vectors ---- */

static void rfc_file(void)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, "asymmetric/Ed448/rfc8032.txt"))
        return;
    char *secret = NULL, *pub = NULL, *msg = NULL, *ctx = NULL;
    int n = 0, nctx = 0;
    while (tu_kv_next(&kv)) {
        if (!kv.key)
            continue;
        const char *v = kv.value ? kv.value : "";
        char **slot = NULL;
        if (strcmp(kv.key, "COUNT") == 0) {
            free(ctx);
            ctx = NULL;
            continue;
        }
        if (strcmp(kv.key, "SECRET") == 0)
            slot = &secret;
        else if (strcmp(kv.key, "PUBLIC") == 0)
            slot = &pub;
        else if (strcmp(kv.key, "MESSAGE") == 0)
            slot = &msg;
        else if (strcmp(kv.key, "CONTEXT") == 0)
            slot = &ctx;
        if (slot) {
            free(*slot);
            *slot = strdup(v);
            continue;
        }
        if (strcmp(kv.key, "SIGNATURE") != 0 || !secret || !pub || !msg)
            continue;
        size_t sl, pl, ml, cl = 0, gl;
        uint8_t *sb = unhex_n(secret, &sl), *pb = unhex_n(pub, &pl), *mb = unhex_n(msg, &ml);
        uint8_t *cb = ctx ? unhex_n(ctx, &cl) : NULL, *gb = unhex_n(v, &gl);
        int line = kv.lineno;
        if (sb && pb && mb && gb && sl == 57 && pl == 57 && gl == 114) {
            pkc_ed448_key key;
            uint8_t sig[114];
            CHECK(pkc_ed448_key_from_seed(&key, sb) == PKC_OK);
            CHECK_MSG(memcmp(key.pub, pb, 57) == 0, "line %d: public key", line);
            CHECK(pkc_ed448_sign(&key, cb, cl, mb, ml, sig) == PKC_OK);
            CHECK_MSG(memcmp(sig, gb, 114) == 0, "line %d: signature", line);
            CHECK_MSG(pkc_ed448_verify(pb, cb, cl, mb, ml, gb) == PKC_OK, "line %d: verify", line);
            CHECK(pkc_ed448_check_public(pb) == PKC_OK);
            gb[line % 114] ^= 0x10;
            CHECK_MSG(pkc_ed448_verify(pb, cb, cl, mb, ml, gb) == PKC_ERR_VERIFY,
                      "line %d: tampered signature verifies", line);
            gb[line % 114] ^= 0x10;
            if (cl) {
                CHECK_MSG(pkc_ed448_verify(pb, NULL, 0, mb, ml, gb) == PKC_ERR_VERIFY,
                          "line %d: verifies without its context", line);
                nctx++;
            } else {
                CHECK_MSG(pkc_ed448_verify(pb, (const uint8_t *)"x", 1, mb, ml, gb) ==
                              PKC_ERR_VERIFY,
                          "line %d: verifies with another context", line);
            }
            pkc_ed448_key_wipe(&key);
            n++;
        } else {
            CHECK_MSG(0, "line %d: bad vector", line);
        }
        free(sb);
        free(pb);
        free(mb);
        free(cb);
        free(gb);
        free(ctx);
        ctx = NULL;
    }
    tu_kv_close(&kv);
    free(secret);
    free(pub);
    free(msg);
    free(ctx);
    CHECK_MSG(n == 9 && nctx == 1, "rfc8032.txt: %d vectors (%d with a context), expected 9 (1)",
              n, nctx);
}

/* ---- refusals ---- */

static void arg_checks(pkc_rng *rng)
{
    pkc_ed448_key key;
    uint8_t sig[114], ctx[256], msg[10] = {1, 2, 3};
    CHECK(pkc_ed448_keygen(&key, rng) == PKC_OK);
    tu_rand_bytes(ctx, sizeof ctx);
    CHECK(pkc_ed448_sign(&key, ctx, 256, msg, 3, sig) == PKC_ERR_ARG);
    CHECK(pkc_ed448_sign(&key, NULL, 1, msg, 3, sig) == PKC_ERR_ARG);
    CHECK(pkc_ed448_sign(&key, ctx, 255, msg, 3, sig) == PKC_OK);
    CHECK(pkc_ed448_verify(key.pub, ctx, 255, msg, 3, sig) == PKC_OK);
    CHECK(pkc_ed448_verify(key.pub, ctx, 256, msg, 3, sig) == PKC_ERR_ARG);
    CHECK(pkc_ed448_verify(key.pub, ctx, 254, msg, 3, sig) == PKC_ERR_VERIFY);
    CHECK(pkc_ed448_sign(&key, NULL, 0, NULL, 0, sig) == PKC_OK);
    CHECK(pkc_ed448_verify(key.pub, NULL, 0, NULL, 0, sig) == PKC_OK);
    CHECK(pkc_ed448_verify(key.pub, NULL, 0, msg, 1, sig) == PKC_ERR_VERIFY);
    CHECK(pkc_ed448_keygen(&key, NULL) == PKC_ERR_ARG);
    CHECK(pkc_ed448_check_public(NULL) == PKC_ERR_ARG);
    pkc_ed448_key_wipe(&key);
}

/* enc of (x, y) from y and x's sign */
static void enc_y(uint8_t out[57], const mpz_t y, int sign)
{
    mpz_to_le(out, 57, y);
    out[56] = (uint8_t)(sign << 7);
}

static void noncanonical(pkc_rng *rng)
{
    pkc_ed448_key key;
    uint8_t sig[114], msg[32], bad[114], a[57];
    CHECK(pkc_ed448_keygen(&key, rng) == PKC_OK);
    tu_rand_bytes(msg, sizeof msg);
    CHECK(pkc_ed448_sign(&key, NULL, 0, msg, sizeof msg, sig) == PKC_OK);
    CHECK(pkc_ed448_verify(key.pub, NULL, 0, msg, sizeof msg, sig) == PKC_OK);

    /* S + L */
    mpz_t s, y;
    mpz_inits(s, y, NULL);
    le_to_mpz(s, sig + 57, 57);
    mpz_add(s, s, L);
    memcpy(bad, sig, 114);
    mpz_to_le(bad + 57, 57, s);
    CHECK_MSG(pkc_ed448_verify(key.pub, NULL, 0, msg, sizeof msg, bad) == PKC_ERR_VERIFY,
              "S + L accepted");
    /* S = L, and S with the last byte set */
    mpz_to_le(bad + 57, 57, L);
    CHECK(pkc_ed448_verify(key.pub, NULL, 0, msg, sizeof msg, bad) == PKC_ERR_VERIFY);
    memcpy(bad, sig, 114);
    bad[113] = 1;
    CHECK(pkc_ed448_verify(key.pub, NULL, 0, msg, sizeof msg, bad) == PKC_ERR_VERIFY);

    /* low bits of the last byte of A and of R */
    for (int bit = 0; bit < 7; bit++) {
        memcpy(a, key.pub, 57);
        a[56] ^= (uint8_t)(1 << bit);
        CHECK_MSG(pkc_ed448_check_public(a) == PKC_ERR_POINT, "A, last byte bit %d", bit);
        CHECK(pkc_ed448_verify(a, NULL, 0, msg, sizeof msg, sig) == PKC_ERR_POINT);
        memcpy(bad, sig, 114);
        bad[56] ^= (uint8_t)(1 << bit);
        CHECK_MSG(pkc_ed448_verify(key.pub, NULL, 0, msg, sizeof msg, bad) == PKC_ERR_VERIFY,
                  "R, last byte bit %d", bit);
    }

    /* small y: y and y + p (both < 2^448) are the same residue; the
     * canonical one decodes when y is a valid y, the other never */
    int valid = 0;
    for (unsigned long v = 0; v < 40; v++) {
        mpz_set_ui(y, v);
        enc_y(a, y, 0);
        pkc_err e0 = pkc_ed448_check_public(a);
        valid += e0 == PKC_OK;
        mpz_add(y, y, P);
        enc_y(a, y, 0);
        CHECK_MSG(pkc_ed448_check_public(a) == PKC_ERR_POINT, "y = %lu + p accepted", v);
        memcpy(bad, a, 57);
        memcpy(bad + 57, sig + 57, 57);
        CHECK(pkc_ed448_verify(key.pub, NULL, 0, msg, sizeof msg, bad) == PKC_ERR_VERIFY);
        CHECK(pkc_ed448_verify(a, NULL, 0, msg, sizeof msg, sig) == PKC_ERR_POINT);
    }
    CHECK_MSG(valid >= 3, "only %d small y decode", valid); /* 0, 1 at least, and others */
    /* x = 0: y = 1 (the identity) and y = p - 1 (order 2); with the sign bit: refused */
    mpz_set_ui(y, 1);
    enc_y(a, y, 0);
    CHECK(pkc_ed448_check_public(a) == PKC_OK);
    enc_y(a, y, 1);
    CHECK_MSG(pkc_ed448_check_public(a) == PKC_ERR_POINT, "x = 0 with the sign bit");
    mpz_sub_ui(y, P, 1);
    enc_y(a, y, 0);
    CHECK(pkc_ed448_check_public(a) == PKC_OK);
    enc_y(a, y, 1);
    CHECK_MSG(pkc_ed448_check_public(a) == PKC_ERR_POINT, "x = 0 with the sign bit (y = -1)");
    memcpy(bad, a, 57);
    memcpy(bad + 57, sig + 57, 57);
    CHECK(pkc_ed448_verify(key.pub, NULL, 0, msg, sizeof msg, bad) == PKC_ERR_VERIFY);
    /* y = p itself, all ones */
    enc_y(a, P, 0);
    CHECK(pkc_ed448_check_public(a) == PKC_ERR_POINT);
    memset(a, 0xff, 56);
    a[56] = 0;
    CHECK(pkc_ed448_check_public(a) == PKC_ERR_POINT);

    /* random 57-byte strings: about half do not decode; those are
     * PKC_ERR_POINT in verify too */
    int refused = 0;
    for (int t = 0; t < 64; t++) {
        CHECK(pkc_rng_bytes(rng, a, 56) == PKC_OK);
        a[56] = (uint8_t)(t & 1) << 7;
        if (pkc_ed448_check_public(a) != PKC_OK) {
            refused++;
            CHECK(pkc_ed448_verify(a, NULL, 0, msg, sizeof msg, sig) == PKC_ERR_POINT);
        } else {
            CHECK(pkc_ed448_verify(a, NULL, 0, msg, sizeof msg, sig) == PKC_ERR_VERIFY);
        }
    }
    CHECK_MSG(refused > 10 && refused < 54, "%d of 64 random keys refused", refused);
    mpz_clears(s, y, NULL);
    pkc_ed448_key_wipe(&key);
}

/* The cofactored equation: R' = R + (0, -1) = (-x, -y) and S' = r + k' s
 * with k' from R'; [4]R' = [4]R, so the signature verifies (and, being
 * made with the secret, is a signature OpenSSL accepts too). */
static void cofactor(pkc_rng *rng, uint8_t sig_out[114], uint8_t pub_out[57],
                     uint8_t msg_out[20])
{
    pkc_ed448_key key, rk;
    uint8_t msg[20], sig[114], h[114], dom[10] = {'S', 'i', 'g', 'E', 'd', '4', '4', '8', 0, 0};
    CHECK(pkc_ed448_keygen(&key, rng) == PKC_OK);
    CHECK(pkc_ed448_keygen(&rk, rng) == PKC_OK); /* r = rk's scalar, R = rk.pub */
    tu_rand_bytes(msg, sizeof msg);
    mpz_t y, r, s, k, S;
    mpz_inits(y, r, s, k, S, NULL);
    le_to_mpz(y, rk.pub, 56);
    mpz_sub(y, P, y); /* -y */
    int sign = !(rk.pub[56] >> 7); /* -x: the other sign (x != 0 here) */
    enc_y(sig, y, sign);
    pkc_sha3_ctx c;
    pkc_shake256_init(&c);
    pkc_sha3_update(&c, dom, sizeof dom);
    pkc_sha3_update(&c, sig, 57);
    pkc_sha3_update(&c, key.pub, 57);
    pkc_sha3_update(&c, msg, sizeof msg);
    pkc_shake_squeeze(&c, h, sizeof h);
    pkc_sha3_wipe(&c);
    le_to_mpz(k, h, 114);
    le_to_mpz(r, rk.scalar, 57);
    le_to_mpz(s, key.scalar, 57);
    mpz_mul(S, k, s);
    mpz_add(S, S, r);
    mpz_mod(S, S, L);
    mpz_to_le(sig + 57, 57, S);
    CHECK_MSG(pkc_ed448_verify(key.pub, NULL, 0, msg, sizeof msg, sig) == PKC_OK,
              "R + a point of order 2: the cofactored equation holds");
    /* the honest R with that S does not */
    memcpy(h, sig, 114);
    memcpy(h, rk.pub, 57);
    CHECK(pkc_ed448_verify(key.pub, NULL, 0, msg, sizeof msg, h) == PKC_ERR_VERIFY);
    memcpy(sig_out, sig, 114);
    memcpy(pub_out, key.pub, 57);
    memcpy(msg_out, msg, 20);
    mpz_clears(y, r, s, k, S, NULL);
    pkc_ed448_key_wipe(&key);
    pkc_ed448_key_wipe(&rk);
}

static void roundtrip(pkc_rng *rng)
{
    for (int t = 0; t < tu_iters(16); t++) {
        pkc_ed448_key key;
        uint8_t msg[200], ctx[40], sig[114];
        size_t len = (size_t)(tu_rand64() % sizeof msg), cl = (size_t)(tu_rand64() % sizeof ctx);
        tu_rand_bytes(msg, len);
        tu_rand_bytes(ctx, cl);
        CHECK(pkc_ed448_keygen(&key, rng) == PKC_OK);
        CHECK(pkc_ed448_check_public(key.pub) == PKC_OK);
        CHECK(pkc_ed448_sign(&key, ctx, cl, msg, len, sig) == PKC_OK);
        CHECK(pkc_ed448_verify(key.pub, ctx, cl, msg, len, sig) == PKC_OK);
        /* a flipped bit anywhere in the signature */
        size_t bit = (size_t)(tu_rand64() % (114 * 8));
        sig[bit / 8] ^= (uint8_t)(1 << (bit % 8));
        CHECK_MSG(pkc_ed448_verify(key.pub, ctx, cl, msg, len, sig) == PKC_ERR_VERIFY,
                  "flipped signature bit %zu verifies", bit);
        sig[bit / 8] ^= (uint8_t)(1 << (bit % 8));
        if (len) {
            msg[len / 2] ^= 1;
            CHECK(pkc_ed448_verify(key.pub, ctx, cl, msg, len, sig) == PKC_ERR_VERIFY);
            msg[len / 2] ^= 1;
        }
        if (cl) {
            ctx[0] ^= 1;
            CHECK(pkc_ed448_verify(key.pub, ctx, cl, msg, len, sig) == PKC_ERR_VERIFY);
        }
        /* another key */
        pkc_ed448_key other;
        CHECK(pkc_ed448_keygen(&other, rng) == PKC_OK);
        CHECK(pkc_ed448_verify(other.pub, ctx, cl, msg, len, sig) == PKC_ERR_VERIFY);
        pkc_ed448_key_wipe(&key);
        pkc_ed448_key_wipe(&other);
    }
}

/* ---- scalars mod L against GMP ---- */

static void scalars(void)
{
    mpz_t x, w, a, b, c;
    mpz_inits(x, w, a, b, c, NULL);
    for (int t = 0; t < tu_iters(300); t++) {
        uint8_t in[120], out[57];
        size_t n = t < 4 ? 120 : (size_t)(tu_rand64() % 121);
        if (t < 2)
            memset(in, t ? 0xff : 0, sizeof in);
        else
            tu_rand_bytes(in, sizeof in);
        uint64_t r[7], ra[7], rb[7], rc[7], m[7];
        sc448_reduce_bytes(r, in, n);
        sc448_tobytes(out, r);
        le_to_mpz(x, in, n);
        mpz_mod(x, x, L);
        le_to_mpz(w, out, 57);
        CHECK_MSG(mpz_cmp(x, w) == 0, "reduce of %zu bytes", n);
        CHECK(sc448_is_canonical_var(out));
        /* muladd with operands < 2^448 */
        uint8_t ab[56], bb[56], cb[56];
        tu_rand_bytes(ab, 56);
        tu_rand_bytes(bb, 56);
        tu_rand_bytes(cb, 56);
        if (t % 5 == 1)
            memset(ab, 0xff, 56);
        if (t % 7 == 1)
            memset(bb, 0xff, 56);
        if (t % 3 == 1)
            memset(cb, 0xff, 56);
        memset(ra, 0, sizeof ra);
        memset(rb, 0, sizeof rb);
        memset(rc, 0, sizeof rc);
        for (int i = 0; i < 56; i++) {
            ra[i / 8] |= (uint64_t)ab[i] << (8 * (i % 8));
            rb[i / 8] |= (uint64_t)bb[i] << (8 * (i % 8));
            rc[i / 8] |= (uint64_t)cb[i] << (8 * (i % 8));
        }
        sc448_muladd(m, ra, rb, rc);
        sc448_tobytes(out, m);
        le_to_mpz(a, ab, 56);
        le_to_mpz(b, bb, 56);
        le_to_mpz(c, cb, 56);
        mpz_mul(x, a, b);
        mpz_add(x, x, c);
        mpz_mod(x, x, L);
        le_to_mpz(w, out, 57);
        CHECK_MSG(mpz_cmp(x, w) == 0, "muladd");
        /* recodings of r (< L) */
        int8_t e[112], naf[450];
        sc448_recode16(e, r);
        mpz_set_ui(w, 0);
        for (int i = 111; i >= 0; i--) {
            CHECK(e[i] >= -8 && e[i] <= 8);
            mpz_mul_2exp(w, w, 4);
            if (e[i] >= 0)
                mpz_add_ui(w, w, (unsigned long)e[i]);
            else
                mpz_sub_ui(w, w, (unsigned long)-e[i]);
        }
        sc448_tobytes(out, r);
        le_to_mpz(x, out, 57);
        CHECK_MSG(mpz_cmp(x, w) == 0, "recode16");
        int width = 5 + t % 3;
        sc448_wnaf_var(naf, t % 2 ? r : ra, width);
        mpz_set_ui(w, 0);
        for (int i = 449; i >= 0; i--) {
            mpz_mul_2exp(w, w, 1);
            if (naf[i]) {
                CHECK((naf[i] & 1) && naf[i] < (1 << (width - 1)) && naf[i] > -(1 << (width - 1)));
                if (naf[i] > 0)
                    mpz_add_ui(w, w, (unsigned long)naf[i]);
                else
                    mpz_sub_ui(w, w, (unsigned long)-naf[i]);
            }
        }
        CHECK_MSG(mpz_cmp(w, t % 2 ? x : a) == 0, "wnaf width %d", width);
    }
    /* canonical check: L - 1 yes, L no */
    uint8_t lb[57];
    mpz_sub_ui(x, L, 1);
    mpz_to_le(lb, 57, x);
    CHECK(sc448_is_canonical_var(lb));
    mpz_to_le(lb, 57, L);
    CHECK(!sc448_is_canonical_var(lb));
    mpz_clears(x, w, a, b, c, NULL);
}

#ifdef PKC_HAVE_OPENSSL
static int ossl_sign(EVP_PKEY *k, const uint8_t *msg, size_t len, uint8_t sig[114])
{
    size_t sl = 114;
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int ok = m && EVP_DigestSignInit(m, NULL, NULL, NULL, k) == 1 &&
             EVP_DigestSign(m, sig, &sl, msg, len) == 1 && sl == 114;
    EVP_MD_CTX_free(m);
    return ok;
}

static int ossl_verify(const uint8_t pub[57], const uint8_t *msg, size_t len,
                       const uint8_t sig[114])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, pub, 57);
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int ok = k && m && EVP_DigestVerifyInit(m, NULL, NULL, NULL, k) == 1 &&
             EVP_DigestVerify(m, sig, 114, msg, len) == 1;
    EVP_MD_CTX_free(m);
    EVP_PKEY_free(k);
    return ok;
}

static void vs_openssl(pkc_rng *rng, const uint8_t cof_sig[114], const uint8_t cof_pub[57],
                       const uint8_t cof_msg[20])
{
    for (int t = 0; t < tu_iters(24); t++) {
        uint8_t seed[57], msg[300], sig1[114], sig2[114], pub[57];
        size_t len = t == 0 ? 0 : (size_t)(tu_rand64() % sizeof msg), pl = 57;
        CHECK(pkc_rng_bytes(rng, seed, 57) == PKC_OK);
        tu_rand_bytes(msg, len);
        pkc_ed448_key key;
        CHECK(pkc_ed448_key_from_seed(&key, seed) == PKC_OK);
        EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED448, NULL, seed, 57);
        CHECK(k != NULL);
        if (!k)
            return;
        CHECK(EVP_PKEY_get_raw_public_key(k, pub, &pl) == 1 && pl == 57);
        CHECK_MSG(memcmp(pub, key.pub, 57) == 0, "public key as OpenSSL's");
        CHECK(pkc_ed448_sign(&key, NULL, 0, msg, len, sig1) == PKC_OK);
        CHECK(ossl_sign(k, msg, len, sig2));
        CHECK_MSG(memcmp(sig1, sig2, 114) == 0, "signature as OpenSSL's (length %zu)", len);
        CHECK_MSG(ossl_verify(key.pub, msg, len, sig1), "OpenSSL verifies pkc's signature");
        CHECK_MSG(pkc_ed448_verify(pub, NULL, 0, msg, len, sig2) == PKC_OK,
                  "pkc verifies OpenSSL's signature");
        sig1[t % 114] ^= 0x40;
        CHECK(!ossl_verify(key.pub, msg, len, sig1));
        CHECK(pkc_ed448_verify(key.pub, NULL, 0, msg, len, sig1) == PKC_ERR_VERIFY);
        EVP_PKEY_free(k);
        pkc_ed448_key_wipe(&key);
    }
    /* OpenSSL's verdict on the cofactor case is pkc's */
    CHECK_MSG(ossl_verify(cof_pub, cof_msg, 20, cof_sig),
              "OpenSSL accepts R + a point of order 2 (cofactored)");
}
#endif

int main(void)
{
    mpz_inits(P, L, NULL);
    mpz_ui_pow_ui(P, 2, 448);
    mpz_ui_pow_ui(L, 2, 224);
    mpz_sub(P, P, L);
    mpz_sub_ui(P, P, 1);
    mpz_set_str(L, "181709681073901722637330951972001133588410340171829515070372549795146003961539585716195755291692375963310293709091662304773755859649779", 10);
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) == PKC_OK);
    scalars();
    rfc_file();
    arg_checks(&rng);
    noncanonical(&rng);
    uint8_t cs[114], cp[57], cm[20];
    cofactor(&rng, cs, cp, cm);
    roundtrip(&rng);
#ifdef PKC_HAVE_OPENSSL
    vs_openssl(&rng, cs, cp, cm);
#else
    tu_skip_part("OpenSSL not found: the differential part");
#endif
    pkc_rng_wipe(&rng);
    mpz_clears(P, L, NULL);
    return tu_finish("test_ed448");
}
