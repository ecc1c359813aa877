/* pkc — the elliptic-curve lab interface (internal): what the tests and the
 * benchmark engine use beyond the public API of include/pkc/ec.h. Not
 * installed, not exported from the shared library (the static library
 * carries it); the protocols themselves never call it.
 *
 * 1. Field and point operations of each curve, one call at a time, so the
 *    tests can check them against independent arithmetic and the benchmark
 *    can time field multiplication, squaring, inversion, point addition and
 *    doubling on their own. Each function performs exactly one operation; a
 *    timing loop over it measures that operation plus one indirect call
 *    (about 1 ns here).
 *    Field elements are in the curve's internal representation (Montgomery
 *    form x*2^(64 nlimbs) mod p for most curves, the plain value for P-521
 *    and secp256k1):
 *    convert with fe_from_int / fe_to_int. Only the first nlimbs words of a
 *    pkc_ec_lab_fe are used; a Jacobian point is X, Y, Z of nlimbs words
 *    each, packed at the start of its array (the layout of the arithmetic
 *    itself, so nothing is copied), an affine point x, y likewise plus an
 *    infinity mask.
 * 2. The protocols in a chosen coordinate system (pkc_ec_coords): the seed
 *    study measures affine against Jacobian arithmetic end to end, and the
 *    affine implementation is complete and tested like the default one.
 *
 * Timing: as in ec_internal.h, constant time unless the name ends in _var.
 */
#ifndef PKC_EC_LAB_H
#define PKC_EC_LAB_H

#include "ec_internal.h"
#include "pkc/ec.h"
#include "pkc/eccache.h"

typedef struct {
    uint64_t w[PKC_EC_MAX_LIMBS];
} pkc_ec_lab_fe;

typedef struct {
    uint64_t w[3 * PKC_EC_MAX_LIMBS];
} pkc_ec_lab_jac;

typedef struct {
    uint64_t w[2 * PKC_EC_MAX_LIMBS];
    uint64_t infinity; /* all-ones mask for the point at infinity */
} pkc_ec_lab_aff;

typedef struct pkc_ec_lab {
    unsigned nlimbs;
    /* 1 for a binary curve: field elements are polynomials over GF(2) (the
     * canonical bits, no conversion; sub = add, neg = identity) and the
     * "Jacobian" points are López-Dahab (X, Y, Z) for (X/Z, Y/Z^2) */
    int binary;
    /* ---- the field ---- */
    /* a canonical (nlimbs words, < p) -> the representation, and back */
    void (*fe_from_int)(pkc_ec_lab_fe *r, const uint64_t *a);
    void (*fe_to_int)(uint64_t *r, const pkc_ec_lab_fe *a);
    void (*fe_add)(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a, const pkc_ec_lab_fe *b);
    void (*fe_sub)(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a, const pkc_ec_lab_fe *b);
    void (*fe_neg)(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a);
    void (*fe_mul)(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a, const pkc_ec_lab_fe *b);
    /* binary curves: the portable multiplier whatever the CPU (fe_mul uses
     * PCLMULQDQ where it can); NULL for prime curves */
    void (*fe_mul_portable)(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a, const pkc_ec_lab_fe *b);
    void (*fe_sqr)(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a);
    /* a^-1 (safegcd), and a^(p-2) (Fermat: the tests' reference); 0 -> 0 */
    void (*fe_inv)(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a);
    void (*fe_inv_fermat)(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a);
    /* the variable-time inversion of public values (the same as fe_inv on
     * the binary curves) */
    void (*fe_inv_var)(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a);
    /* 1 and r = a square root of a if a is a square, else 0 (public data) */
    int (*fe_sqrt_var)(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a);
    /* ---- points, as the scalar multiplications use them ---- */
    /* P (canonical, finite) -> (x, y, 1); p -> canonical affine (one
     * inversion; Z = 0 gives the point at infinity) */
    void (*jac_from_affine)(pkc_ec_lab_jac *r, const pkc_ec_affine *P);
    void (*jac_to_affine)(pkc_ec_affine *r, const pkc_ec_lab_jac *p);
    /* r = 2p */
    void (*jac_dbl)(pkc_ec_lab_jac *r, const pkc_ec_lab_jac *p);
    /* r = p + q by the incomplete formula (add-2007-bl) exactly as the
     * multiplications call it: correct for finite p != +-q; *h0, *r0 get
     * the masks of H = 0 and r = 0. Binary curves: the mixed López-Dahab
     * addition (HMV 3.25), q with Z = 1 as jac_from_affine makes it; the
     * masks of B = 0 and A = 0 */
    void (*jac_add)(pkc_ec_lab_jac *r, const pkc_ec_lab_jac *p, const pkc_ec_lab_jac *q,
                    uint64_t *h0, uint64_t *r0);
    /* acc += q, complete (every case, branching on public data) */
    void (*jac_add_var)(pkc_ec_lab_jac *acc, const pkc_ec_lab_jac *q);
    void (*aff_from_affine)(pkc_ec_lab_aff *r, const pkc_ec_affine *P);
    void (*aff_to_affine)(pkc_ec_affine *r, const pkc_ec_lab_aff *p);
    /* r = p + q, complete and constant time, one inversion (doubling when
     * p = q, infinity when p = -q, either input may be at infinity) */
    void (*aff_add)(pkc_ec_lab_aff *r, const pkc_ec_lab_aff *p, const pkc_ec_lab_aff *q);
    /* ---- the GLV endomorphism (secp256k1; NULL on other curves) ----
     * k (nlimbs words, < n) = s1 k1 + s2 k2 lambda mod n, with s = -1 where
     * *neg is 1 and k1, k2 below 2^129 (glv.h) */
    void (*glv_split)(uint64_t *k1, int *neg1, uint64_t *k2, int *neg2, const uint64_t *k);
} pkc_ec_lab;

/* NULL for an unknown id. */
const pkc_ec_lab *pkc_ec_lab_get(pkc_curve_id id);

/* ---- the protocols in a chosen coordinate system ----
 * The same as pkc_ec_keygen, pkc_ecdsa_sign_digest, pkc_ecdsa_verify_digest
 * and pkc_ecdh (which use PKC_EC_JACOBIAN), with every scalar
 * multiplication in coordinate system co. */
pkc_err pkc_ec_keygen_coords(pkc_ec_private_key *key, pkc_curve_id curve, pkc_rng *rng,
                             pkc_ec_coords co);
pkc_err pkc_ecdsa_sign_digest_coords(const pkc_ec_private_key *key, pkc_hash_alg alg,
                                     const uint8_t *digest, size_t dlen, pkc_rng *extra,
                                     uint8_t *sig, size_t cap, size_t *siglen, pkc_ec_coords co);
pkc_err pkc_ecdsa_verify_digest_coords(const pkc_ec_public_key *pub, const uint8_t *digest,
                                       size_t dlen, const uint8_t *sig, size_t siglen,
                                       pkc_ec_coords co);
pkc_err pkc_ecdh_coords(const pkc_ec_private_key *key, const pkc_ec_public_key *peer,
                        uint8_t *out, size_t cap, size_t *outlen, pkc_ec_coords co);
/* Verification and ECDH through a cache of public points' tables
 * (pkc/eccache.h) in coordinate system co; cache == NULL: the functions
 * above. */
pkc_err pkc_ecdsa_verify_digest_coords_cached(pkc_ec_cache *cache, const pkc_ec_public_key *pub,
                                              const uint8_t *digest, size_t dlen,
                                              const uint8_t *sig, size_t siglen,
                                              pkc_ec_coords co);
pkc_err pkc_ecdh_coords_cached(pkc_ec_cache *cache, const pkc_ec_private_key *key,
                               const pkc_ec_public_key *peer, uint8_t *out, size_t cap,
                               size_t *outlen, pkc_ec_coords co);

#endif
