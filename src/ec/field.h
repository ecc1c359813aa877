/* pkc — the prime field GF(p) of one curve (internal; layer 1 of src/ec/,
 * included by curve_tmpl.h).
 *
 * Elements are fe = uint64_t[EC_N], always fully reduced (in [0, p)) in the
 * curve's representation. A representation is one header that defines
 *   fe_mul(r, a, b), fe_sqr(r, a)   products
 *   fe_from_canon(r, a)             canonical integer (< p) -> representation
 *   fe_to_canon(r, a)               representation -> canonical integer
 *   fe_inv(r, a)                    a^-1, constant time (0 maps to 0)
 * and is chosen here by EC_FIELD:
 *   EC_FIELD_MONT  field_mont.h   Montgomery form, generic reduction
 *   EC_FIELD_P256  field_p256.h   Montgomery form, P-256 shift-and-add reduction
 *   EC_FIELD_P521  field_p521.h   plain values mod 2^521 - 1, Mersenne folding
 *   EC_FIELD_K256  field_k256.h   plain values mod 2^256 - 2^32 - 977 (secp256k1),
 *                                 folding by 2^32 + 977
 * A new representation (another curve-specific reduction, a MULX/ADX path)
 * is one more header with the same five functions; a Montgomery form defines
 * only the products and FE_MONTGOMERY, and gets the other three here; a
 * plain one defines only FE_PLAIN and its reduction FE_PLAIN_REDUCE, and
 * gets all five.
 *
 * On top of them this file defines, once for every representation: copy,
 * add, sub, neg, zero and equality masks, conditional move (all constant
 * time), fe_pow_var (variable time in its public exponent), the Fermat
 * inversion that the tests compare fe_inv with, and fe_sqrt_var (public
 * data: point decompression).
 *
 * Needs from the curve configuration: EC_N, EC_PBITS, EC_FIELD, EC_P_MOD4,
 * ec_p, ec_one (1 in the representation), ec_p_minus_2, ec_p_s62,
 * EC_P_INV62, and for square roots ec_sqrt_exp ((p+1)/4, EC_P_MOD4 == 3) or
 * EC_TS_S, ec_ts_qm1h, ec_ts_c (Tonelli-Shanks, EC_P_MOD4 == 1).
 */
#ifndef PKC_EC_FIELD_H
#define PKC_EC_FIELD_H

#include <string.h>

#include "limbs.h"

typedef uint64_t fe[EC_N];

/* Up to four limbs the products are inlined into the point formulas, so
 * the compiler can interleave independent multiplications. */
#if EC_N <= 4
#define FE_MUL_ATTR static inline __attribute__((always_inline))
#else
#define FE_MUL_ATTR static
#endif

/* Contracts checked in the verification build (-DPKC_VERIFY, which
 * `make test-asan` uses): every input and output of the field operations is
 * fully reduced. A violation is a bug in the arithmetic, so it traps. */
#ifdef PKC_VERIFY
#define FE_VERIFY(a) ((lb_lt((a), ec_p, EC_N) != 0) ? (void)0 : __builtin_trap())
#else
#define FE_VERIFY(a) ((void)0)
#endif

#if EC_FIELD == EC_FIELD_MONT
#include "field_mont.h"
#elif EC_FIELD == EC_FIELD_P256
#include "field_p256.h"
#elif EC_FIELD == EC_FIELD_P521
#include "field_p521.h"
#elif EC_FIELD == EC_FIELD_K256
#include "field_k256.h"
#else
#error "field.h: EC_FIELD must be EC_FIELD_MONT, EC_FIELD_P256, EC_FIELD_P521 or EC_FIELD_K256"
#endif

#ifdef FE_MONTGOMERY
/* The Montgomery forms (field_mont.h, field_p256.h): x is held as x*R mod p,
 * R = 2^(64 EC_N); they differ only in the reduction. Needs ec_r2 (R^2 mod
 * p) and ec_r3 (R^3 mod p). */
#include "safegcd.h"

/* canonical integer -> x*R (a product with R^2 divides by R once) */
static inline void fe_from_canon(uint64_t *r, const uint64_t *a)
{
    fe_mul(r, a, ec_r2);
}

/* x*R -> canonical integer */
static inline void fe_to_canon(uint64_t *r, const uint64_t *a)
{
    static const fe one = {1};
    fe_mul(r, a, one);
}

/* a^-1 (safegcd, vartime as in sg_inv); 0 maps to 0. The plain inverse of
 * a*R is a^-1 R^-1, and a product with R^3 (which divides by R once) gives
 * a^-1 R. */
FE_INLINE void fe_inv_any(uint64_t *r, const uint64_t *a, const int vartime)
{
    FE_VERIFY(a);
    fe t;
    sg_inv(t, a, ec_p_s62, EC_P_INV62, EC_N, EC_PBITS, vartime);
    fe_mul(r, t, ec_r3);
    FE_VERIFY(r);
}
#endif

#ifdef FE_PLAIN
/* The plain representations (field_p521.h, field_k256.h): x is its
 * canonical value; they differ only in FE_PLAIN_REDUCE(r, t), which takes
 * a 2 EC_N-word product t to its canonical residue r. */
#include "safegcd.h"

FE_MUL_ATTR void fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    FE_VERIFY(a);
    FE_VERIFY(b);
#ifdef FE_PLAIN_ALT
    if (FE_PLAIN_ALT_ON()) {
        FE_PLAIN_ALT_MUL(r, a, b);
        FE_VERIFY(r);
        return;
    }
#endif
    uint64_t t[2 * EC_N];
    lb_mul_wide(t, a, b, EC_N);
    FE_PLAIN_REDUCE(r, t);
    FE_VERIFY(r);
}

FE_MUL_ATTR void fe_sqr(uint64_t *r, const uint64_t *a)
{
    FE_VERIFY(a);
#ifdef FE_PLAIN_ALT
    if (FE_PLAIN_ALT_ON()) {
        FE_PLAIN_ALT_SQR(r, a);
        FE_VERIFY(r);
        return;
    }
#endif
    uint64_t t[2 * EC_N];
    lb_sqr_wide(t, a, EC_N);
    FE_PLAIN_REDUCE(r, t);
    FE_VERIFY(r);
}

static inline void fe_from_canon(uint64_t *r, const uint64_t *a)
{
    memcpy(r, a, sizeof(fe));
}

static inline void fe_to_canon(uint64_t *r, const uint64_t *a)
{
    memcpy(r, a, sizeof(fe));
}

/* a^-1 (safegcd, vartime as in sg_inv); 0 maps to 0 */
FE_INLINE void fe_inv_any(uint64_t *r, const uint64_t *a, const int vartime)
{
    FE_VERIFY(a);
    sg_inv(r, a, ec_p_s62, EC_P_INV62, EC_N, EC_PBITS, vartime);
    FE_VERIFY(r);
}
#endif

#if defined(FE_MONTGOMERY) || defined(FE_PLAIN)
/* a^-1 (safegcd); 0 maps to 0. fe_inv is constant time; fe_inv_var stops
 * as soon as the gcd is found, for public values only (verification, the
 * tables of public points). */
static void fe_inv(uint64_t *r, const uint64_t *a)
{
    fe_inv_any(r, a, 0);
}

static void fe_inv_var(uint64_t *r, const uint64_t *a)
{
    fe_inv_any(r, a, 1);
}
#endif

static inline void fe_copy(uint64_t *r, const uint64_t *a)
{
    memcpy(r, a, sizeof(fe));
}

static inline __attribute__((always_inline)) void fe_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    FE_VERIFY(a);
    FE_VERIFY(b);
#ifdef FE_PLAIN_ALT
    if (FE_PLAIN_ALT_ON())
        FE_PLAIN_ALT_ADD(r, a, b);
    else
#endif
        mod_add(r, a, b, ec_p, EC_N);
    FE_VERIFY(r);
}

static inline __attribute__((always_inline)) void fe_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    FE_VERIFY(a);
    FE_VERIFY(b);
#ifdef FE_PLAIN_ALT
    if (FE_PLAIN_ALT_ON())
        FE_PLAIN_ALT_SUB(r, a, b);
    else
#endif
        mod_sub(r, a, b, ec_p, EC_N);
    FE_VERIFY(r);
}

static void fe_neg(uint64_t *r, const uint64_t *a)
{
    static const fe zero = {0};
    mod_sub(r, zero, a, ec_p, EC_N);
}

static inline uint64_t fe_is_zero(const uint64_t *a)
{
    return lb_is_zero(a, EC_N);
}

static inline uint64_t fe_eq(const uint64_t *a, const uint64_t *b)
{
    return lb_eq(a, b, EC_N);
}

static inline void fe_cmov(uint64_t *r, const uint64_t *a, uint64_t mask)
{
    ct_cmov_words(r, a, EC_N, mask);
}

/* r = a^e for a public exponent e (EC_N canonical limbs): left-to-right,
 * fixed 4-bit window. Variable time in e (branches and table indices depend
 * on e only): for public exponents; constant time in a. */
static void fe_pow_var(uint64_t *r, const uint64_t *a, const uint64_t *e)
{
    fe tab[16], acc;
    fe_copy(tab[0], ec_one);
    fe_copy(tab[1], a);
    for (int i = 2; i < 16; i++)
        fe_mul(tab[i], tab[i - 1], a);
    int started = 0;
    fe_copy(acc, ec_one);
    for (int i = 16 * EC_N - 1; i >= 0; i--) {
        unsigned nib = (unsigned)(e[i / 16] >> (4 * (i % 16))) & 15;
        if (started) {
            fe_sqr(acc, acc);
            fe_sqr(acc, acc);
            fe_sqr(acc, acc);
            fe_sqr(acc, acc);
            if (nib)
                fe_mul(acc, acc, tab[nib]);
        } else if (nib) {
            fe_copy(acc, tab[nib]);
            started = 1;
        }
    }
    fe_copy(r, acc);
}

/* a^-1 = a^(p-2) (Fermat), constant time in a; 0 maps to 0. The reference
 * the tests compare the safegcd inversion fe_inv with. */
static void fe_inv_fermat(uint64_t *r, const uint64_t *a)
{
    fe_pow_var(r, a, ec_p_minus_2);
}

#if EC_P_MOD4 == 3
/* A candidate square root: for p = 3 mod 4, a^((p+1)/4) squared is
 * a^((p+1)/2) = a (a|p), a root exactly when a is a square. */
static int fe_sqrt_candidate_var(uint64_t *x, const uint64_t *a)
{
    fe_pow_var(x, a, ec_sqrt_exp);
    return 1;
}
#elif EC_P_MOD4 == 1
/* A square root by Tonelli-Shanks (Cohen, "A Course in Computational
 * Algebraic Number Theory", algorithm 1.5.1) with p - 1 = 2^S q, q odd;
 * 0 when a is found not to be a square. */
static int fe_sqrt_candidate_var(uint64_t *x, const uint64_t *a)
{
    fe w, t, c, b;
    fe_pow_var(w, a, ec_ts_qm1h); /* a^((q-1)/2) */
    fe_mul(x, a, w);              /* a^((q+1)/2) */
    fe_mul(t, x, w);              /* a^q */
    fe_copy(c, ec_ts_c);
    int m = EC_TS_S;
    while (!fe_eq(t, ec_one) && !fe_is_zero(t)) {
        int i = 0;
        fe_copy(b, t);
        while (!fe_eq(b, ec_one) && i < m) {
            fe_sqr(b, b);
            i++;
        }
        if (i >= m)
            return 0; /* not a square */
        fe_copy(b, c);
        for (int j = 0; j < m - i - 1; j++)
            fe_sqr(b, b);
        fe_mul(x, x, b);
        fe_sqr(c, b);
        fe_mul(t, t, c);
        m = i;
    }
    return 1;
}
#else
#error "field.h: EC_P_MOD4 must be 1 or 3"
#endif

/* r = sqrt(a) if a is a square (returns 1), else returns 0. Public data. */
static int fe_sqrt_var(uint64_t *r, const uint64_t *a)
{
    fe x, chk;
    if (!fe_sqrt_candidate_var(x, a))
        return 0;
    fe_sqr(chk, x);
    if (!fe_eq(chk, a))
        return 0;
    fe_copy(r, x);
    return 1;
}

#endif
