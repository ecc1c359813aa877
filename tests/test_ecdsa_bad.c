/* ECDSA bad input, on every curve: r or s = 0, = n, > n; raw signatures
 * of the wrong length; DER that is truncated, non-minimal, negative, of
 * the wrong tag, with long-form or indefinite lengths, with trailing
 * garbage (outside or inside the SEQUENCE), or with integers longer than n;
 * a key of another curve; a corrupted public key; a changed message, r or
 * s. Also: every hash with every curve (truncation to the bit length of n),
 * (r, n - s) verifies too, and argument errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ec/ec_proto.h"
#include "pkc/ec.h"
#include "pkc/rng.h"
#include "test_ec_util.h"
#include "testutil.h"

/* a = n + delta (order_bytes, big-endian) */
static void n_plus(const pkc_curve_info *ci, uint8_t *a, int delta)
{
    memcpy(a, ci->n, ci->order_bytes);
    int carry = delta;
    for (size_t i = ci->order_bytes; i-- > 0 && carry;) {
        int v = a[i] + carry;
        a[i] = (uint8_t)(v & 0xff);
        carry = v >> 8;
    }
}

/* a = n - a (order_bytes) */
static void n_minus(const pkc_curve_info *ci, uint8_t *a)
{
    int borrow = 0;
    for (size_t i = ci->order_bytes; i-- > 0;) {
        int v = ci->n[i] - a[i] - borrow;
        borrow = v < 0;
        a[i] = (uint8_t)(v & 0xff);
    }
}

static void range_checks(pkc_curve_id id, pkc_rng *rng)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    size_t ob = ci->order_bytes;
    pkc_ec_private_key k, other;
    uint8_t sig[PKC_ECDSA_MAX_RAW_SIZE], bad[PKC_ECDSA_MAX_RAW_SIZE];
    size_t siglen;
    const char *m = "range";
    CHECK(pkc_ec_keygen(&k, id, rng) == PKC_OK);
    CHECK(pkc_ecdsa_sign(&k, PKC_HASH_SHA256, m, 5, NULL, sig, sizeof sig, &siglen) == PKC_OK);
    CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, m, 5, sig, siglen) == PKC_OK);

    for (int which = 0; which < 2; which++) {
        uint8_t *part = bad + which * ob;
        static const int deltas[] = {0, 1, 2};
        memcpy(bad, sig, siglen);
        memset(part, 0, ob); /* 0 */
        CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, m, 5, bad, siglen) == PKC_ERR_RANGE);
        for (size_t d = 0; d < 3; d++) {
            memcpy(bad, sig, siglen);
            n_plus(ci, part, deltas[d]); /* n, n+1, n+2 */
            CHECK_MSG(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, m, 5, bad, siglen) ==
                          PKC_ERR_RANGE, "%s: %c = n+%d accepted", ci->name, which ? 's' : 'r',
                      deltas[d]);
        }
        memcpy(bad, sig, siglen);
        memset(part, 0xff, ob);
        CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, m, 5, bad, siglen) == PKC_ERR_RANGE);
        /* r or s + n would be the same value mod n where it still fits: refused */
        /* changed r or s */
        memcpy(bad, sig, siglen);
        part[ob - 1] ^= 1;
        CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, m, 5, bad, siglen) != PKC_OK);
    }
    /* (r, n - s) is also a valid signature (ECDSA is malleable) */
    memcpy(bad, sig, siglen);
    n_minus(ci, bad + ob);
    CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, m, 5, bad, siglen) == PKC_OK);
    /* wrong lengths */
    CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, m, 5, sig, siglen - 1) == PKC_ERR_ARG);
    CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, m, 5, sig, 0) == PKC_ERR_ARG);
    /* another message, another hash */
    CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, "rangf", 5, sig, siglen) == PKC_ERR_VERIFY);
    CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA384, m, 5, sig, siglen) == PKC_ERR_VERIFY);
    /* another key */
    CHECK(pkc_ec_keygen(&other, id, rng) == PKC_OK);
    CHECK(pkc_ecdsa_verify(&other.pub, PKC_HASH_SHA256, m, 5, sig, siglen) == PKC_ERR_VERIFY);
    /* a key of another curve with the same order size */
    for (int j = 0; j < PKC_CURVE_COUNT; j++) {
        if (j == (int)id || pkc_ec_order_bytes((pkc_curve_id)j) != ob)
            continue;
        pkc_ec_private_key o;
        CHECK(pkc_ec_keygen(&o, (pkc_curve_id)j, rng) == PKC_OK);
        pkc_err e = pkc_ecdsa_verify(&o.pub, PKC_HASH_SHA256, m, 5, sig, siglen);
        CHECK(e == PKC_ERR_VERIFY || e == PKC_ERR_RANGE);
    }
    /* a corrupted public key struct */
    pkc_ec_public_key q = k.pub;
    pkc_ec_pub_point(&q)->x[0] ^= 1;
    CHECK(pkc_ecdsa_verify(&q, PKC_HASH_SHA256, m, 5, sig, siglen) == PKC_ERR_POINT);
    /* signing argument errors */
    uint8_t h[64] = {0};
    CHECK(pkc_ecdsa_sign_digest(&k, PKC_HASH_SHA256, h, 31, NULL, sig, sizeof sig, &siglen) ==
          PKC_ERR_ARG);
    CHECK(pkc_ecdsa_sign_digest(&k, PKC_HASH_SHA256, h, 32, NULL, sig, 2 * ob - 1, &siglen) ==
          PKC_ERR_BUFSIZE);
    pkc_ec_private_key z = k;
    memset(z.d, 0, sizeof z.d);
    CHECK(pkc_ecdsa_sign_digest(&z, PKC_HASH_SHA256, h, 32, NULL, sig, sizeof sig, &siglen) ==
          PKC_ERR_KEY);
    /* the test-only fixed-k entry rejects k = 0 and k = n */
    uint8_t kk[PKC_EC_MAX_ORDER_BYTES] = {0};
    CHECK(pkc_ecdsa_sign_with_k_for_testing(&k, h, 32, kk, sig, sizeof sig, &siglen,
                                            PKC_EC_JACOBIAN) == PKC_ERR_RANGE);
    n_plus(ci, kk, 0);
    CHECK(pkc_ecdsa_sign_with_k_for_testing(&k, h, 32, kk, sig, sizeof sig, &siglen,
                                            PKC_EC_JACOBIAN) == PKC_ERR_RANGE);
    pkc_ec_private_key_wipe(&k);
    pkc_ec_private_key_wipe(&other);
}

/* Every hash with every curve: truncation to the bit length of n. */
static void all_hashes(pkc_curve_id id, pkc_rng *rng)
{
    static const pkc_hash_alg algs[] = {PKC_HASH_SHA1, PKC_HASH_SHA224, PKC_HASH_SHA256,
                                        PKC_HASH_SHA384, PKC_HASH_SHA512};
    pkc_ec_private_key k;
    CHECK(pkc_ec_keygen(&k, id, rng) == PKC_OK);
    for (size_t i = 0; i < 5; i++) {
        uint8_t sig[PKC_ECDSA_MAX_RAW_SIZE];
        size_t siglen;
        /* across coordinate systems with SHA-256 (affine is slow) */
        for (int co = 0; co < (algs[i] == PKC_HASH_SHA256 ? 2 : 1); co++) {
            CHECK(ecu_sign(&k, algs[i], "msg", 3, NULL, sig, sizeof sig, &siglen,
                                    (pkc_ec_coords)co) == PKC_OK);
            CHECK_MSG(ecu_verify(&k.pub, algs[i], "msg", 3, sig, siglen,
                                          (pkc_ec_coords)co) == PKC_OK,
                      "%s with %s", ecu_curve_name(id), pkc_hash_name(algs[i]));
        }
    }
    pkc_ec_private_key_wipe(&k);
}

static void der_checks(pkc_curve_id id, pkc_rng *rng)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    size_t ob = ci->order_bytes;
    pkc_ec_private_key k;
    uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE], raw2[PKC_ECDSA_MAX_RAW_SIZE];
    uint8_t der[PKC_ECDSA_MAX_DER_SIZE + 8], bad[PKC_ECDSA_MAX_DER_SIZE + 8];
    size_t rawlen, raw2len, derlen;
    CHECK(pkc_ec_keygen(&k, id, rng) == PKC_OK);
    for (int t = 0, nt = tu_iters(20); t < nt; t++) {
        uint8_t m[8];
        tu_rand_bytes(m, sizeof m);
        CHECK(pkc_ecdsa_sign(&k, PKC_HASH_SHA256, m, 8, NULL, raw, sizeof raw, &rawlen) ==
              PKC_OK);
        CHECK(pkc_ecdsa_sig_to_der(id, raw, rawlen, der, sizeof der, &derlen) == PKC_OK);
        CHECK(derlen <= PKC_ECDSA_MAX_DER_SIZE);
        CHECK(pkc_ecdsa_sig_from_der(id, der, derlen, raw2, sizeof raw2, &raw2len) == PKC_OK);
        CHECK(raw2len == rawlen && !memcmp(raw, raw2, rawlen));
        /* truncation at every length */
        int rejected = 1;
        for (size_t l = 0; l < derlen; l++)
            rejected &= pkc_ecdsa_sig_from_der(id, der, l, raw2, sizeof raw2, &raw2len) ==
                        PKC_ERR_DECODE;
        CHECK(rejected);
        /* trailing garbage after the SEQUENCE */
        memcpy(bad, der, derlen);
        bad[derlen] = 0;
        CHECK(pkc_ecdsa_sig_from_der(id, bad, derlen + 1, raw2, sizeof raw2, &raw2len) ==
              PKC_ERR_DECODE);
        /* random corruption: error or some signature that fails to verify */
        for (int c = 0, nc = tu_iters(50); c < nc; c++) {
            memcpy(bad, der, derlen);
            bad[tu_rand64() % derlen] ^= (uint8_t)(1u << (tu_rand64() % 8));
            pkc_err e = pkc_ecdsa_sig_from_der(id, bad, derlen, raw2, sizeof raw2, &raw2len);
            if (e == PKC_OK)
                CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, m, 8, raw2, raw2len) != PKC_OK);
        }
    }
    /* hand-built: SEQUENCE { INTEGER 1, INTEGER 1 } and mutations */
    static const uint8_t ok11[] = {0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01};
    CHECK(pkc_ecdsa_sig_from_der(id, ok11, sizeof ok11, raw2, sizeof raw2, &raw2len) == PKC_OK);
    CHECK(raw2len == 2 * ob && raw2[ob - 1] == 1 && raw2[2 * ob - 1] == 1);
    static const uint8_t nonmin[] = {0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01};
    static const uint8_t negative[] = {0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x01};
    static const uint8_t longform[] = {0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01};
    static const uint8_t indefinite[] = {0x30, 0x80, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0, 0};
    static const uint8_t wrongtag[] = {0x31, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01};
    static const uint8_t inttag[] = {0x30, 0x06, 0x02, 0x01, 0x01, 0x03, 0x01, 0x01};
    static const uint8_t third[] = {0x30, 0x09, 0x02, 0x01, 0x01, 0x02, 0x01,
                                    0x01, 0x02, 0x01, 0x01};
    static const uint8_t one[] = {0x30, 0x03, 0x02, 0x01, 0x01};
    static const uint8_t empty[] = {0x30, 0x00};
    static const uint8_t lenlong[] = {0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01};
    static const uint8_t zero_r[] = {0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x01};
    static const struct {
        const uint8_t *d;
        size_t n;
        const char *what;
    } cases[] = {{nonmin, sizeof nonmin, "non-minimal integer"},
                 {negative, sizeof negative, "negative integer"},
                 {longform, sizeof longform, "long-form length"},
                 {indefinite, sizeof indefinite, "indefinite length"},
                 {wrongtag, sizeof wrongtag, "SET instead of SEQUENCE"},
                 {inttag, sizeof inttag, "BIT STRING instead of INTEGER"},
                 {third, sizeof third, "a third integer"},
                 {one, sizeof one, "one integer"},
                 {empty, sizeof empty, "empty sequence"},
                 {lenlong, sizeof lenlong, "length past the end"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK_MSG(pkc_ecdsa_sig_from_der(id, cases[i].d, cases[i].n, raw2, sizeof raw2,
                                         &raw2len) == PKC_ERR_DECODE,
                  "%s: %s accepted", ci->name, cases[i].what);
    /* r = 0 decodes, and the verifier refuses it as out of range */
    CHECK(pkc_ecdsa_sig_from_der(id, zero_r, sizeof zero_r, raw2, sizeof raw2, &raw2len) ==
          PKC_OK);
    CHECK(pkc_ecdsa_verify(&k.pub, PKC_HASH_SHA256, "x", 1, raw2, raw2len) == PKC_ERR_RANGE);
    /* an integer one byte longer than n */
    uint8_t big[4 + 2 * (PKC_EC_MAX_ORDER_BYTES + 3)];
    size_t bl = 0;
    big[bl++] = 0x30;
    size_t lenpos = bl++;
    if (ob + 1 + 2 + 3 >= 128) {
        big[lenpos] = 0x81;
        lenpos = bl++;
    }
    big[bl++] = 0x02;
    big[bl++] = (uint8_t)(ob + 1);
    big[bl++] = 0x01;
    memset(big + bl, 0, ob);
    bl += ob;
    big[bl++] = 0x02;
    big[bl++] = 0x01;
    big[bl++] = 0x01;
    big[lenpos] = (uint8_t)(bl - lenpos - 1);
    CHECK(pkc_ecdsa_sig_from_der(id, big, bl, raw2, sizeof raw2, &raw2len) == PKC_ERR_DECODE);
    /* raw -> DER argument checks */
    CHECK(pkc_ecdsa_sig_to_der(id, raw, rawlen - 1, der, sizeof der, &derlen) == PKC_ERR_ARG);
    CHECK(pkc_ecdsa_sig_to_der(id, raw, rawlen, der, 8, &derlen) == PKC_ERR_BUFSIZE);
    CHECK(pkc_ecdsa_sig_from_der(id, ok11, sizeof ok11, raw2, 2 * ob - 1, &raw2len) ==
          PKC_ERR_BUFSIZE);
    pkc_ec_private_key_wipe(&k);
}

int main(void)
{
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) == PKC_OK);
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        range_checks((pkc_curve_id)i, &rng);
        all_hashes((pkc_curve_id)i, &rng);
        der_checks((pkc_curve_id)i, &rng);
    }
    pkc_rng_wipe(&rng);
    return tu_finish("test_ecdsa_bad");
}
