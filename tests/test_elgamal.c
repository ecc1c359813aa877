/* EC-ElGamal (include/pkc/elgamal.h) on every curve:
 *  - round trips of random messages of 0 .. 3 blocks + 1 bytes; the
 *    ciphertext size is the documented one; two encryptions differ;
 *  - against OpenSSL: for each block, C2 - d C1 computed by OpenSSL's
 *    EC_POINT arithmetic has the x-coordinate 00 || block || j;
 *  - tampering: every byte of a one-block ciphertext changed in turn (and
 *    random changes of longer ones) gives an error or a different message,
 *    never the original and never a crash; truncation, a wrong header,
 *    a wrong key, a key of another curve, a too-small buffer are errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ec/ec_proto.h"
#include "pkc/elgamal.h"
#include "pkc/koblitz.h"
#include "test_ec_util.h"
#include "testutil.h"

#define MAXCT (PKC_ELGAMAL_HEADER_SIZE + 5 * 2 * (1 + PKC_EC_MAX_FIELD_BYTES))
#define MAXPT (4 * PKC_KOBLITZ_MAX_BLOCK)

#ifdef PKC_HAVE_OPENSSL
/* OpenSSL's C2 - d C1 for block i: its x must be 00 || block || j */
static int ossl_block_ok(const EC_GROUP *grp, const pkc_ec_private_key *key, const uint8_t *ct,
                         size_t i, const uint8_t *block)
{
    const pkc_curve_info *ci = pkc_curve_info_get(key->curve);
    size_t fb = ci->field_bytes, pb = 2 * (1 + fb);
    const uint8_t *c1 = ct + PKC_ELGAMAL_HEADER_SIZE + i * pb, *c2 = c1 + 1 + fb;
    EC_POINT *p1 = EC_POINT_new(grp), *p2 = EC_POINT_new(grp), *s = EC_POINT_new(grp);
    BIGNUM *d = BN_bin2bn(key->d, (int)ci->order_bytes, NULL), *x = BN_new();
    uint8_t xb[PKC_EC_MAX_FIELD_BYTES];
    int ok = EC_POINT_oct2point(grp, p1, c1, 1 + fb, NULL) == 1 &&
             EC_POINT_oct2point(grp, p2, c2, 1 + fb, NULL) == 1 &&
             EC_POINT_mul(grp, s, NULL, p1, d, NULL) == 1 && EC_POINT_invert(grp, s, NULL) == 1 &&
             EC_POINT_add(grp, s, p2, s, NULL) == 1 &&
             EC_POINT_get_affine_coordinates(grp, s, x, NULL, NULL) == 1 &&
             BN_bn2binpad(x, xb, (int)fb) == (int)fb;
    ok = ok && xb[0] == 0 && memcmp(xb + 1, block, fb - 2) == 0;
    BN_free(d);
    BN_free(x);
    EC_POINT_free(p1);
    EC_POINT_free(p2);
    EC_POINT_free(s);
    return ok;
}
#endif

static void round_trips(pkc_curve_id id, pkc_rng *rng, const pkc_ec_private_key *key)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    size_t fb = ci->field_bytes, bb = fb - 2;
#ifdef PKC_HAVE_OPENSSL
    EC_GROUP *grp = ecu_ossl_group(id);
    CHECK(grp != NULL);
#endif
    int fails = 0;
    for (size_t len = 0; len <= 3 * bb + 1; len += 1 + (size_t)(tu_rand64() % 4)) {
        uint8_t msg[MAXPT], back[MAXPT], ct[MAXCT], ct2[MAXCT];
        size_t clen = 0, clen2 = 0, blen = 0;
        tu_rand_bytes(msg, len);
        size_t want = PKC_ELGAMAL_HEADER_SIZE + (len / bb + 1) * 2 * (1 + fb);
        CHECK(pkc_elgamal_ciphertext_size(id, len) == want);
        pkc_err e = pkc_elgamal_encrypt(&key->pub, rng, msg, len, ct, sizeof ct, &clen);
        if (!CHECK_MSG(e == PKC_OK && clen == want, "%s len %zu: %s", ci->name, len,
                       pkc_strerror(e)))
            continue;
        CHECK(pkc_elgamal_encrypt(&key->pub, rng, msg, len, ct2, sizeof ct2, &clen2) == PKC_OK);
        CHECK(clen2 == clen && memcmp(ct, ct2, clen) != 0); /* fresh k */
        CHECK(pkc_elgamal_plaintext_max(id, clen) >= len);
        e = pkc_elgamal_decrypt(key, ct, clen, back, sizeof back, &blen);
        if (!(e == PKC_OK && blen == len && memcmp(back, msg, len) == 0) && fails++ < 5)
            CHECK_MSG(0, "%s len %zu: round trip (%s)", ci->name, len, pkc_strerror(e));
#ifdef PKC_HAVE_OPENSSL
        for (size_t i = 0; i <= len / bb; i++) {
            uint8_t block[PKC_KOBLITZ_MAX_BLOCK];
            pkc_koblitz_msg_block(block, bb, msg, len, i);
            CHECK_MSG(ossl_block_ok(grp, key, ct, i, block), "%s len %zu block %zu vs OpenSSL",
                      ci->name, len, i);
        }
#endif
        CHECK(pkc_elgamal_encrypt(&key->pub, rng, msg, len, ct2, want - 1, &clen2) ==
              PKC_ERR_BUFSIZE);
    }
#ifdef PKC_HAVE_OPENSSL
    EC_GROUP_free(grp);
#else
    tu_skip_part("EC-ElGamal against OpenSSL (built without OpenSSL)");
#endif
}

/* d: 0 the plaintext back, 1 an error, 2 another plaintext */
static int outcome(const pkc_ec_private_key *key, const uint8_t *ct, size_t clen,
                   const uint8_t *msg, size_t len)
{
    uint8_t back[MAXPT];
    size_t blen = 0;
    pkc_err e = pkc_elgamal_decrypt(key, ct, clen, back, sizeof back, &blen);
    if (e != PKC_OK) {
        CHECK_MSG(e == PKC_ERR_DECODE || e == PKC_ERR_DECRYPT, "unexpected %s", pkc_strerror(e));
        return 1;
    }
    return blen == len && memcmp(back, msg, len) == 0 ? 0 : 2;
}

static void tampering(pkc_curve_id id, pkc_rng *rng, const pkc_ec_private_key *key)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    size_t bb = ci->field_bytes - 2;
    uint8_t msg[MAXPT], ct[MAXCT], t[MAXCT], back[MAXPT];
    size_t len = bb / 2, clen = 0, blen;
    tu_rand_bytes(msg, len);
    CHECK(pkc_elgamal_encrypt(&key->pub, rng, msg, len, ct, sizeof ct, &clen) == PKC_OK);
    int counts[3] = {0, 0, 0};
    for (size_t i = 0; i < clen; i++) {
        memcpy(t, ct, clen);
        t[i] ^= (uint8_t)(1u << (tu_rand64() % 8));
        int o = outcome(key, t, clen, msg, len);
        counts[o]++;
        CHECK_MSG(o != 0, "%s: byte %zu changed, still the same plaintext", ci->name, i);
    }
    /* truncation at every length, and one byte more */
    for (size_t l = 0; l < clen; l++)
        CHECK(pkc_elgamal_decrypt(key, ct, l, back, sizeof back, &blen) == PKC_ERR_DECODE);
    memcpy(t, ct, clen);
    t[clen] = 0;
    CHECK(pkc_elgamal_decrypt(key, t, clen + 1, back, sizeof back, &blen) == PKC_ERR_DECODE);
    CHECK(pkc_elgamal_decrypt(key, ct, clen, back, bb - 2, &blen) == PKC_ERR_BUFSIZE);
    /* C2 replaced by C1: C2 - d C1 = (1 - d) C1, some point, or infinity
     * when d = 1: never a crash */
    size_t fb = ci->field_bytes;
    memcpy(t, ct, clen);
    memcpy(t + PKC_ELGAMAL_HEADER_SIZE + 1 + fb, t + PKC_ELGAMAL_HEADER_SIZE, 1 + fb);
    CHECK(outcome(key, t, clen, msg, len) != 0);
    /* a multi-block ciphertext with blocks swapped or dropped */
    size_t mlen = 2 * bb + 3, mclen = 0;
    uint8_t mmsg[MAXPT], mct[MAXCT];
    tu_rand_bytes(mmsg, mlen);
    CHECK(pkc_elgamal_encrypt(&key->pub, rng, mmsg, mlen, mct, sizeof mct, &mclen) == PKC_OK);
    size_t pb = 2 * (1 + fb);
    memcpy(t, mct, mclen);
    memcpy(t + PKC_ELGAMAL_HEADER_SIZE, mct + PKC_ELGAMAL_HEADER_SIZE + pb, pb);
    memcpy(t + PKC_ELGAMAL_HEADER_SIZE + pb, mct + PKC_ELGAMAL_HEADER_SIZE, pb);
    CHECK(outcome(key, t, mclen, mmsg, mlen) != 0);
    CHECK(outcome(key, mct, mclen - pb, mmsg, mlen) != 0);
    /* a wrong key of the same curve: almost always an error (a random
     * point is an encoding with probability about 2^-8) */
    pkc_ec_private_key other;
    CHECK(pkc_ec_keygen(&other, id, rng) == PKC_OK);
    CHECK(outcome(&other, ct, clen, msg, len) != 0);
    pkc_ec_private_key_wipe(&other);
    /* a key of another curve of a different size */
    pkc_curve_id oid = fb == 66 ? PKC_CURVE_SECP256R1 : PKC_CURVE_SECP521R1;
    CHECK(pkc_ec_keygen(&other, oid, rng) == PKC_OK);
    CHECK(pkc_elgamal_decrypt(&other, ct, clen, back, sizeof back, &blen) == PKC_ERR_DECODE);
    pkc_ec_private_key_wipe(&other);
    CHECK(counts[1] > 0);
}

int main(void)
{
    pkc_rng rng;
    if (pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) != PKC_OK)
        return 1;
    for (int id = 0; id < PKC_CURVE_COUNT; id++) {
        if (!tu_sampled(id)) /* make test-asan: a sample of the curves */
            continue;
        pkc_ec_private_key key;
        CHECK(pkc_ec_keygen(&key, (pkc_curve_id)id, &rng) == PKC_OK);
        round_trips((pkc_curve_id)id, &rng, &key);
        tampering((pkc_curve_id)id, &rng, &key);
        pkc_ec_private_key_wipe(&key);
        printf("%-10s round trips, against OpenSSL, tampering\n",
               ecu_curve_name((pkc_curve_id)id));
    }
    CHECK(pkc_elgamal_ciphertext_size(PKC_CURVE_COUNT, 1) == 0);
    pkc_rng_wipe(&rng);
    return tu_finish("test_elgamal");
}
