/* Constant-time test of X448 and Ed448 (the approach of
 * tests/test_ec_ctime.c): with --ctime the private keys, the seeds and the
 * expanded Ed448 keys are marked undefined for valgrind's memcheck, then
 * X448 keygen (from a secret random stream), public_key and derive, and
 * Ed448 key_from_seed, keygen and sign (with and without a context) run;
 * any branch or memory index depending on a secret is reported. Results
 * that are public (public keys, signatures, shared secrets once computed,
 * verdicts) are marked defined before the checks look at them; the
 * signatures are then verified (public data, variable time, outside the
 * check). With --canary the program branches once on a secret seed byte.
 *
 * Without --ctime it is a quick functional test of the same calls.
 * usage: test_curve448_ctime [--ctime [--canary]] */
#include <string.h>

#include "ctime_util.h"
#include "pkc/curve448.h"
#include "pkc/rng.h"
#include "testutil.h"

static void x448_part(pkc_rng *rng)
{
    uint8_t a[56], ap[56], b[56], bp[56], s1[56], s2[56], pub[56];
    /* keygen: the DRBG state is secret, so is the key it produces */
    secret(rng->drbg.K, sizeof rng->drbg.K);
    secret(rng->drbg.V, sizeof rng->drbg.V);
    CHECK(pkc_x448_keygen(a, ap, rng) == PKC_OK);
    CHECK(pkc_x448_keygen(b, bp, rng) == PKC_OK);
    PUBLIC(ap);
    PUBLIC(bp);
    public_(rng, sizeof *rng);
    secret(a, sizeof a);
    secret(b, sizeof b);
    if (canary && (a[3] & 1))
        sink++;
    CHECK(pkc_x448_public_key(pub, a) == PKC_OK);
    PUBLIC(pub);
    CHECK(memcmp(pub, ap, 56) == 0);
    pkc_err e1 = pkc_x448(s1, a, bp);
    pkc_err e2 = pkc_x448(s2, b, ap);
    PUBLIC(e1);
    PUBLIC(e2);
    PUBLIC(s1);
    PUBLIC(s2);
    CHECK(e1 == PKC_OK && e2 == PKC_OK && memcmp(s1, s2, 56) == 0);
    /* a small-order peer: the zero verdict is the one declassified value */
    uint8_t zero[56] = {0};
    pkc_err e3 = pkc_x448(s1, a, zero);
    PUBLIC(e3);
    PUBLIC(s1);
    CHECK(e3 == PKC_ERR_POINT);
}

static void ed448_part(pkc_rng *rng)
{
    uint8_t seed[57], msg[100], ctx[9] = "ctx bytes", sig[114], sig2[114];
    pkc_ed448_key key, key2;
    tu_rand_bytes(seed, sizeof seed);
    tu_rand_bytes(msg, sizeof msg);
    secret(seed, sizeof seed);
    if (canary && (seed[5] & 1))
        sink++;
    CHECK(pkc_ed448_key_from_seed(&key, seed) == PKC_OK);
    /* the expanded key: everything but pub is secret */
    secret(&key, sizeof key);
    public_(key.pub, sizeof key.pub);
    CHECK(pkc_ed448_sign(&key, NULL, 0, msg, sizeof msg, sig) == PKC_OK);
    CHECK(pkc_ed448_sign(&key, ctx, sizeof ctx, msg, 33, sig2) == PKC_OK);
    PUBLIC(sig);
    PUBLIC(sig2);
    CHECK(pkc_ed448_verify(key.pub, NULL, 0, msg, sizeof msg, sig) == PKC_OK);
    CHECK(pkc_ed448_verify(key.pub, ctx, sizeof ctx, msg, 33, sig2) == PKC_OK);
    /* keygen from a secret DRBG state */
    secret(rng->drbg.K, sizeof rng->drbg.K);
    secret(rng->drbg.V, sizeof rng->drbg.V);
    CHECK(pkc_ed448_keygen(&key2, rng) == PKC_OK);
    public_(rng, sizeof *rng);
    public_(key2.pub, sizeof key2.pub);
    CHECK(pkc_ed448_sign(&key2, NULL, 0, msg, 1, sig) == PKC_OK);
    PUBLIC(sig);
    CHECK(pkc_ed448_verify(key2.pub, NULL, 0, msg, 1, sig) == PKC_OK);
    pkc_ed448_key_wipe(&key);
    pkc_ed448_key_wipe(&key2);
}

int main(int argc, char **argv)
{
    int a = ctime_args(argc, argv, "test_curve448_ctime");
    if (a < 0)
        return 2;
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) == PKC_OK);
    x448_part(&rng);
    printf("X448: done\n");
    ed448_part(&rng);
    printf("Ed448: done\n");
    pkc_rng_wipe(&rng);
    return tu_finish("test_curve448_ctime");
}
