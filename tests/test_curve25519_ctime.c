/* Constant-time test of X25519 and Ed25519 (src/ecx/), the approach of
 * tests/test_ec_ctime.c: with --ctime, the DRBG state, the private keys and
 * the seeds are marked undefined for valgrind's memcheck, then X25519 keygen,
 * public key and shared secret (on the portable ladder and the MULX/ADX
 * one: natively where the CPU has BMI2/ADX, forced under valgrind, whose
 * cpuid hides ADX) (with a good peer and a small-order one: only
 * the verdict is declassified, by the library), Ed25519 keygen,
 * key_from_seed and sign run. Any branch or memory index depending on a
 * secret is reported. Results are declassified before they are checked.
 *
 * Without --ctime it is a quick functional test of the same calls.
 * usage: test_curve25519_ctime [--ctime [--canary]] */
#include <string.h>

#include "ecx/x25519_impl.h"
#include "pkc/curve25519.h"
#include "pkc/rng.h"
#include "ctime_util.h"
#include "testutil.h"

static void x25519_part(pkc_rng *rng)
{
    uint8_t a[32], ap[32], b[32], bp[32], s1[32], s2[32], low[32] = {0};
    secret(rng->drbg.K, sizeof rng->drbg.K);
    secret(rng->drbg.V, sizeof rng->drbg.V);
    pkc_err e1 = pkc_x25519_keygen(a, ap, rng);
    pkc_err e2 = pkc_x25519_keygen(b, bp, rng);
    PUBLIC(*rng);
    PUBLIC(e1);
    PUBLIC(e2);
    PUBLIC(ap);
    PUBLIC(bp);
    CHECK(e1 == PKC_OK && e2 == PKC_OK);
    secret(a, sizeof a);
    secret(b, sizeof b);
    if (canary && (a[0] & 1)) /* the leak valgrind must see */
        sink++;
    uint8_t ap2[32];
    e1 = pkc_x25519_public_key(ap2, a);
    PUBLIC(e1);
    PUBLIC(ap2);
    CHECK(e1 == PKC_OK && memcmp(ap, ap2, 32) == 0);
    e1 = pkc_x25519(s1, a, bp);
    e2 = pkc_x25519(s2, b, ap);
    PUBLIC(e1);
    PUBLIC(e2);
    PUBLIC(s1);
    PUBLIC(s2);
    CHECK(e1 == PKC_OK && e2 == PKC_OK && memcmp(s1, s2, 32) == 0);
    /* a small-order peer (u = 0): PKC_ERR_POINT, shared zeroed */
    e1 = pkc_x25519(s1, a, low);
    PUBLIC(e1);
    PUBLIC(s1);
    CHECK(e1 == PKC_ERR_POINT && memcmp(s1, low, 32) == 0);
}

static void ed25519_part(pkc_rng *rng)
{
    pkc_ed25519_key k, k2;
    uint8_t seed[32], msg[100], sig[64], sig2[64];
    tu_rand_bytes(msg, sizeof msg);
    secret(rng->drbg.K, sizeof rng->drbg.K);
    secret(rng->drbg.V, sizeof rng->drbg.V);
    pkc_err e = pkc_ed25519_keygen(&k, rng);
    PUBLIC(*rng);
    PUBLIC(e);
    CHECK(e == PKC_OK);
    memcpy(seed, k.seed, 32);
    secret(seed, sizeof seed);
    e = pkc_ed25519_key_from_seed(&k2, seed);
    PUBLIC(e);
    CHECK(e == PKC_OK);
    secret(&k, sizeof k);
    e = pkc_ed25519_sign(&k, msg, sizeof msg, sig);
    PUBLIC(e);
    PUBLIC(sig);
    CHECK(e == PKC_OK);
    /* and with a secret message too */
    secret(msg, sizeof msg);
    e = pkc_ed25519_sign(&k2, msg, sizeof msg, sig2);
    PUBLIC(e);
    PUBLIC(sig2);
    PUBLIC(msg);
    PUBLIC(k.pub);
    PUBLIC(k2.pub);
    CHECK(e == PKC_OK && memcmp(sig, sig2, 64) == 0 && memcmp(k.pub, k2.pub, 32) == 0);
    CHECK(pkc_ed25519_verify(k.pub, msg, sizeof msg, sig) == PKC_OK);
    pkc_ed25519_key_wipe(&k);
    pkc_ed25519_key_wipe(&k2);
}

int main(int argc, char **argv)
{
    int first = ctime_args(argc, argv, "test_curve25519_ctime");
    if (first < 0)
        return 2;
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) == PKC_OK);
    /* the X25519 ladder on each field implementation this CPU runs; under
     * valgrind, whose cpuid hides ADX, the MULX/ADX one forced (valgrind
     * runs it), so that both are checked */
    const pkc_x25519_impl impls[] = {PKC_X25519_IMPL_PORTABLE, PKC_X25519_IMPL_ADX};
    int adx_runs = 0;
    for (int i = 0; i < 2; i++) {
        for (size_t j = 0; j < sizeof impls / sizeof impls[0]; j++) {
            pkc_err e = pkc_x25519_set_impl(impls[j]);
            if (e != PKC_OK && impls[j] == PKC_X25519_IMPL_ADX && ctime_under_valgrind())
                e = pkc_x25519_force_adx();
            if (e == PKC_OK) {
                x25519_part(&rng);
                adx_runs += impls[j] == PKC_X25519_IMPL_ADX;
            }
        }
        ed25519_part(&rng);
    }
    pkc_x25519_set_impl(PKC_X25519_IMPL_AUTO);
#if defined(__x86_64__)
    /* x86-64 builds have the ADX ladder: it must have run (natively where
     * the CPU has ADX, forced under valgrind) */
    CHECK_MSG(adx_runs == 2 || (!pkc_x25519_have_adx() && !ctime_under_valgrind()),
              "the MULX/ADX ladder ran %d times", adx_runs);
#endif
    pkc_rng_wipe(&rng);
    return tu_finish("curve25519_ctime");
}
