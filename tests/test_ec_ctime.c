/* Constant-time test program for key generation, ECDSA signing, ECDH,
 * Massey-Omura and EC-ElGamal (the approach of libsecp256k1's ctime_tests): with --ctime, every secret
 * (the DRBG state key generation draws from, the private key d, the
 * extra-entropy DRBG of signing) is marked undefined for valgrind's
 * memcheck before the operation, so any branch or memory index that
 * depends on it is reported ("Conditional jump or move depends on
 * uninitialised value(s)", "Use of uninitialised value"). Values that are
 * legitimately public (the public key, the signature, the shared secret
 * handed to the caller) are marked defined again before the checks below
 * look at them. tests/test_ctime_valgrind.sh runs this under
 * `valgrind --error-exitcode=42`.
 *
 * Run normally (as the ctest test_ec_ctime), it performs the same
 * operations on every curve and checks the results, quickly.
 *
 * ECDH also runs through a warm cache of public points (pkc/eccache.h):
 * d*Q over the peer's comb must be constant time in d as well.
 *
 * Every curve means the binary ones too (their x-only Montgomery ladder
 * for d G and d Q, López-Dahab "jacobian" and affine), and on those each
 * binary-field multiplier: the one cpuid chooses (PCLMULQDQ where the CPU,
 * or valgrind's emulation of it, has it) and the portable one, whose
 * shifts and masks are where a compiler could bring in a secret branch.
 *
 * usage: test_ec_ctime [--ctime [--canary]] [CURVE:jacobian|affine[:portable] ...]
 * --canary adds a deliberate secret-dependent branch in the test itself, so
 * the wrapper can check that valgrind does catch one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/curves.h"
#include "pkc/ec.h"
#include "pkc/ecies.h"
#include "pkc/elgamal.h"
#include "pkc/koblitz.h"
#include "pkc/massey_omura.h"
#include "pkc/eccache.h"
#include "pkc/hash.h"
#include "pkc/rng.h"
#include "ctime_util.h"
#include "ec/ecp_cpu.h"
#include "test_ec_util.h"
#include "testutil.h"

static int is_binary(pkc_curve_id id)
{
    return pkc_curve_info_get(id)->field == PKC_FIELD_BINARY;
}

/* Massey-Omura and EC-ElGamal: the message and the points on the channel
 * are public, the exponents, k and d secret (rng's state and key->d are
 * marked by the caller); the plaintext handed back is declassified.
 * ECIES: the same with a secret message. */
static void messages(pkc_curve_id id, pkc_rng *rng, const pkc_ec_private_key *key)
{
    const char *name = ecu_curve_name(id);
    uint8_t msg[40] = "three passes, then ElGamal", back[80];
    size_t np = 0, blen = 0, clen = 0;
    size_t len = pkc_koblitz_block_bytes(id) - 1 < 26 ? pkc_koblitz_block_bytes(id) - 1 : 26;
    pkc_ec_point M, c1, c2, c3, m2;
    pkc_mo_key ea, eb;
    CHECK(pkc_koblitz_encode_msg_var(&M, 1, &np, id, msg, len) == PKC_OK);
    secret(rng->drbg.K, sizeof rng->drbg.K);
    secret(rng->drbg.V, sizeof rng->drbg.V);
    pkc_err e = pkc_mo_key_generate(&ea, id, rng);
    if (e == PKC_OK)
        e = pkc_mo_key_generate(&eb, id, rng);
    if (e == PKC_OK)
        e = pkc_mo_lock(&ea, &M, &c1);
    if (e == PKC_OK)
        e = pkc_mo_lock(&eb, &c1, &c2);
    if (e == PKC_OK)
        e = pkc_mo_unlock(&ea, &c2, &c3);
    if (e == PKC_OK)
        e = pkc_mo_unlock(&eb, &c3, &m2);
    PUBLIC(e);
    PUBLIC(m2);
    CHECK_MSG(e == PKC_OK && pkc_ec_public_key_equal(&M, &m2), "%s: Massey-Omura", name);
    pkc_mo_key_wipe(&ea);
    pkc_mo_key_wipe(&eb);
    uint8_t ct[3 + 2 * 2 * (1 + PKC_EC_MAX_FIELD_BYTES)];
    e = pkc_elgamal_encrypt(&key->pub, rng, msg, len, ct, sizeof ct, &clen);
    PUBLIC(e);
    PUBLIC(ct);
    PUBLIC(clen);
    pkc_err d = e == PKC_OK ? pkc_elgamal_decrypt(key, ct, clen, back, sizeof back, &blen) : e;
    PUBLIC(d);
    PUBLIC(back);
    PUBLIC(blen);
    PUBLIC(*rng);
    CHECK_MSG(d == PKC_OK && blen == len && memcmp(back, msg, len) == 0, "%s: EC-ElGamal", name);

    /* ECIES, both KDFs: the plaintext is secret too (rng's state and d
     * still are); the ciphertext is public */
    uint8_t ect[sizeof msg + 1 + 2 * PKC_EC_MAX_FIELD_BYTES + PKC_ECIES_TAG_SIZE];
    for (int kdf = 0; kdf < 2; kdf++) {
        pkc_ecies_params prm = {(pkc_ecies_kdf)kdf, (const uint8_t *)name, strlen(name)};
        uint8_t secret_msg[sizeof msg];
        memcpy(secret_msg, msg, sizeof msg);
        secret(rng->drbg.K, sizeof rng->drbg.K);
        secret(rng->drbg.V, sizeof rng->drbg.V);
        secret(secret_msg, sizeof secret_msg);
        e = pkc_ecies_encrypt(&key->pub, rng, &prm, secret_msg, sizeof secret_msg, ect,
                              sizeof ect, &clen);
        PUBLIC(e);
        PUBLIC(ect);
        PUBLIC(clen);
        d = e == PKC_OK ? pkc_ecies_decrypt(key, &prm, ect, clen, back, sizeof back, &blen) : e;
        PUBLIC(d);
        PUBLIC(back);
        PUBLIC(blen);
        PUBLIC(*rng);
        CHECK_MSG(d == PKC_OK && blen == sizeof msg && memcmp(back, msg, sizeof msg) == 0,
                  "%s: ECIES (KDF %d)", name, kdf);
        /* a changed tag: the same code path, the error public */
        ect[clen - 1] ^= 1;
        d = pkc_ecies_decrypt(key, &prm, ect, clen, back, sizeof back, &blen);
        PUBLIC(d);
        CHECK_MSG(d == PKC_ERR_DECRYPT, "%s: ECIES accepted a changed tag", name);
    }
}

/* ECDH through the cache: on every curve in a normal run; under valgrind
 * (where the whole suite takes minutes) on two prime curves, one per
 * coordinate system, and one binary curve (a bypass) */
static int with_cache(pkc_curve_id id, pkc_ec_coords co)
{
    return !ctime_mode || (id == PKC_CURVE_SECP256R1 && co == PKC_EC_JACOBIAN) ||
           (id == PKC_CURVE_SECP256K1 && co == PKC_EC_AFFINE) || id == PKC_CURVE_SECT283K1;
}

/* two field multipliers: the binary curves' and P-384's */
static int has_two_impls(pkc_curve_id id)
{
    return is_binary(id) || id == PKC_CURVE_SECP384R1 || id == PKC_CURVE_SECP256K1;
}

/* P-384's MULX/ADX product where the CPU has it; under valgrind, whose
 * cpuid hides ADX although it runs MULX, ADCX and ADOX, forced */
static int ecp_adx(void)
{
    return pkc_ecp_have_adx() || ctime_under_valgrind();
}

static void set_ecp_impl(int portable)
{
    if (portable || !ecp_adx())
        CHECK(pkc_ecp_set_impl(portable ? PKC_ECP_IMPL_PORTABLE : PKC_ECP_IMPL_AUTO) == PKC_OK);
    else if (pkc_ecp_have_adx())
        CHECK(pkc_ecp_set_impl(PKC_ECP_IMPL_ADX) == PKC_OK);
    else
        CHECK(pkc_ecp_force_adx() == PKC_OK);
}

/* portable: the portable field multiplier instead of cpuid's (the binary
 * curves' GF(2^m) one, P-384's Montgomery product) */
static void run(pkc_curve_id id, pkc_ec_coords co, int portable, uint64_t seed)
{
    pkc_rng rng, extra;
    pkc_ec_private_key a, b;
    const char *name = ecu_curve_name(id);
    const char *cs = co == PKC_EC_AFFINE ? (portable ? "affine/portable" : "affine")
                                         : (portable ? "jacobian/portable" : "jacobian");
    CHECK(pkc_gf2m_set_impl(portable ? PKC_GF2M_IMPL_PORTABLE : PKC_GF2M_IMPL_AUTO) == PKC_OK);
    set_ecp_impl(portable);
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed) == PKC_OK);
    CHECK(pkc_rng_init_fixed(&extra, PKC_HASH_SHA256, seed + 1) == PKC_OK);

    /* key generation: the DRBG's secret state */
    secret(rng.drbg.K, sizeof rng.drbg.K);
    secret(rng.drbg.V, sizeof rng.drbg.V);
    pkc_err e1 = pkc_ec_keygen_coords(&a, id, &rng, co);
    pkc_err e2 = pkc_ec_keygen_coords(&b, id, &rng, co);
    PUBLIC(rng);
    PUBLIC(e1);
    PUBLIC(e2);
    CHECK_MSG(e1 == PKC_OK && e2 == PKC_OK, "%s/%s: keygen failed", name, cs);

    /* ECDSA signing: d, and the extra-entropy DRBG */
    uint8_t sig[PKC_ECDSA_MAX_RAW_SIZE], sig2[PKC_ECDSA_MAX_RAW_SIZE];
    size_t siglen = 0, sig2len = 0;
    const char *m = "constant time";
    secret(a.d, sizeof a.d);
    if (canary && (a.d[pkc_ec_order_bytes(id) - 1] & 1)) /* the leak valgrind must see */
        sink++;
    pkc_err e3 = ecu_sign(&a, PKC_HASH_SHA256, m, strlen(m), NULL, sig, sizeof sig,
                                   &siglen, co);
    secret(extra.drbg.K, sizeof extra.drbg.K);
    secret(extra.drbg.V, sizeof extra.drbg.V);
    pkc_err e4 = ecu_sign(&a, PKC_HASH_SHA512, m, strlen(m), &extra, sig2,
                                   sizeof sig2, &sig2len, co);
    PUBLIC(e3);
    PUBLIC(e4);
    PUBLIC(sig);
    PUBLIC(sig2);
    PUBLIC(siglen);
    PUBLIC(sig2len);
    CHECK_MSG(e3 == PKC_OK && e4 == PKC_OK, "%s/%s: signing failed", name, cs);

    /* ECDH: d again (b's d stays secret too) */
    uint8_t z1[PKC_ECDH_MAX_SIZE], z2[PKC_ECDH_MAX_SIZE];
    size_t z1l = 0, z2l = 0;
    secret(b.d, sizeof b.d);
    pkc_err e5 = pkc_ecdh_coords(&a, &b.pub, z1, sizeof z1, &z1l, co);
    pkc_err e6 = pkc_ecdh_coords(&b, &a.pub, z2, sizeof z2, &z2l, co);
    PUBLIC(e5);
    PUBLIC(e6);
    PUBLIC(z1);
    PUBLIC(z2);
    PUBLIC(z1l);
    PUBLIC(z2l);

    /* messages (the library's Jacobian arithmetic only): Massey-Omura's
     * exponents and EC-ElGamal's k from the secret DRBG, b's d decrypting */
    if (co == PKC_EC_JACOBIAN)
        messages(id, &rng, &b);

    /* ECDH through the cache of public points, d still secret: the first
     * call builds the peer's comb (public), the second is a warm hit, d*Q
     * over the comb (prime curves; the binary ones bypass it) */
    int cached = with_cache(id, co);
    pkc_ec_cache *cache = pkc_ec_cache_new(4, (size_t)1 << 20);
    uint8_t z3[PKC_ECDH_MAX_SIZE] = {0}, z4[PKC_ECDH_MAX_SIZE] = {0};
    size_t z3l = 0, z4l = 0;
    pkc_err e7 = PKC_OK, e8 = PKC_OK;
    if (cached) {
        e7 = pkc_ecdh_coords_cached(cache, &a, &b.pub, z3, sizeof z3, &z3l, co);
        e8 = pkc_ecdh_coords_cached(cache, &a, &b.pub, z4, sizeof z4, &z4l, co);
    }
    PUBLIC(e7);
    PUBLIC(e8);
    PUBLIC(z3);
    PUBLIC(z4);
    PUBLIC(z3l);
    PUBLIC(z4l);
    pkc_ec_cache_stats st;
    pkc_ec_cache_get_stats(cache, &st);
    pkc_ec_cache_free(cache);

    /* the checks look at everything: declassify the keys now */
    PUBLIC(a);
    PUBLIC(b);
    CHECK_MSG(e5 == PKC_OK && e6 == PKC_OK && z1l == z2l && !memcmp(z1, z2, z1l),
              "%s/%s: ECDH secrets differ", name, cs);
    if (cached) {
        CHECK_MSG(e7 == PKC_OK && e8 == PKC_OK && z3l == z1l && z4l == z1l &&
                      !memcmp(z3, z1, z1l) && !memcmp(z4, z1, z1l),
                  "%s/%s: cached ECDH differs", name, cs);
        CHECK_MSG(is_binary(id) ? st.bypasses == 2 && st.entries == 0
                                : st.misses == 1 && st.hits == 1 && st.entries == 1,
                  "%s/%s: cache counters", name, cs);
    }
    CHECK(pkc_ecdsa_verify(&a.pub, PKC_HASH_SHA256, m, strlen(m), sig, siglen) == PKC_OK);
    CHECK(pkc_ecdsa_verify(&a.pub, PKC_HASH_SHA512, m, strlen(m), sig2, sig2len) == PKC_OK);
    pkc_ec_private_key c;
    CHECK(pkc_ec_private_key_from_bytes(&c, id, a.d, pkc_ec_order_bytes(id)) == PKC_OK);
    CHECK(pkc_ec_public_key_equal(&c.pub, &a.pub));
    pkc_ec_private_key_wipe(&a);
    pkc_ec_private_key_wipe(&b);
    pkc_ec_private_key_wipe(&c);
    pkc_rng_wipe(&rng);
    pkc_rng_wipe(&extra);
    CHECK(pkc_gf2m_set_impl(PKC_GF2M_IMPL_AUTO) == PKC_OK);
    CHECK(pkc_ecp_set_impl(PKC_ECP_IMPL_AUTO) == PKC_OK);
}

int main(int argc, char **argv)
{
    int first = ctime_args(argc, argv, "test_ec_ctime");
    if (first < 0)
        return 2;
    uint64_t seed = tu_seed();
    if (first < argc) {
        for (int i = first; i < argc; i++) {
            char buf[64];
            snprintf(buf, sizeof buf, "%s", argv[i]);
            char *colon = strchr(buf, ':'), *impl = NULL;
            pkc_ec_coords co = PKC_EC_JACOBIAN;
            if (colon) {
                *colon = 0;
                impl = strchr(colon + 1, ':');
                if (impl)
                    *impl++ = 0;
                co = strcmp(colon + 1, "affine") == 0 ? PKC_EC_AFFINE : PKC_EC_JACOBIAN;
            }
            int portable = impl && strcmp(impl, "portable") == 0;
            pkc_curve_id id;
            if (ecu_curve(buf, &id) != 0 || (impl && !portable) ||
                (portable && !has_two_impls(id))) {
                fprintf(stderr, "test_ec_ctime: bad argument %s\n", argv[i]);
                return 2;
            }
            printf("%s %s%s\n", buf, co == PKC_EC_AFFINE ? "affine" : "jacobian",
                   portable ? " portable" : "");
            run(id, co, portable, seed + (uint64_t)i);
        }
    } else {
        /* the portable multiplier separately only where cpuid would choose
         * PCLMULQDQ (else it is what runs anyway) */
        int both = pkc_gf2m_have_clmul(), both384 = ecp_adx();
        printf("binary curves: %s\n", both ? "PCLMULQDQ and the portable multiplier"
                                           : "the portable multiplier (no PCLMULQDQ)");
        printf("secp384r1, secp256k1: %s\n", both384 ? "the MULX/ADX and the portable product"
                                          : "the portable product (no BMI2/ADX)");
        for (int i = 0; i < PKC_CURVE_COUNT; i++)
            for (int co = 0; co < 2; co++)
                for (int portable = 0;
                     portable <= (is_binary((pkc_curve_id)i) ? both
                                  : has_two_impls((pkc_curve_id)i) ? both384 : 0);
                     portable++)
                    run((pkc_curve_id)i, (pkc_ec_coords)co, portable,
                        seed + (uint64_t)(4 * i + 2 * portable + co));
    }
    return tu_finish("test_ec_ctime");
}
