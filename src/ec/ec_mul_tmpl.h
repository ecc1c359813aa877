/* pkc — per-curve elliptic-curve arithmetic, as a template (internal).
 *
 * Included once by each src/ec_mul_<curve>.c after it has defined:
 *   EC_N            limbs of the field and of the scalars (3, 4, 6 or 9)
 *   EC_NBITS        bit length of the group order n
 *   EC_A_MINUS3 / EC_A_ZERO   the curve form (all eight curves are one of them)
 *   EC_FIELD_P521   optional: p = 2^521 - 1, Mersenne reduction instead of
 *                   Montgomery (the representation is then the plain integer)
 *   EC_FIELD_P256   optional: p is the P-256 prime; Montgomery form, with
 *                   the reduction specialised to that p (p256_mont_redc)
 *   EC_CURVE_ID, EC_OPS_NAME
 *   constants (static const uint64_t[EC_N] unless noted; "field form" means
 *   Montgomery form x*2^(64N) mod p, or the plain value for P-521):
 *     ec_p, EC_P_M0 (-p^-1 mod 2^64), ec_one / ec_r2 (1 and 2^(128N) mod p in
 *     field form), ec_b, ec_gx, ec_gy (field form), ec_p_minus_2,
 *     ec_sqrt_exp ((p+1)/4) when EC_SQRT_3MOD4, else for Tonelli-Shanks
 *     EC_TS_S, ec_ts_qm1h ((q-1)/2 where p-1 = 2^S q), ec_ts_c (z^q in field
 *     form for a non-residue z);
 *     ec_n, EC_N_M0, ec_n_r2, ec_n_r3 (2^(128N), 2^(192N) mod n); for the
 *     safegcd inversion EC_PBITS, ec_p_s62, EC_P_INV62, ec_n_s62, EC_N_INV62
 *     and (Montgomery fields) ec_r3 = 2^(192N) mod p; EC_GLV and ec_glv_*
 *     for the secp256k1 endomorphism.
 * Everything below is static, so each curve gets its own fully specialised
 * copy with constant limb counts and moduli; only EC_OPS_NAME is exported.
 *
 * Timing: functions ending in _var branch on their (public) inputs; all
 * others are constant time: no branch and no memory index depends on field
 * values or scalar digits (table lookups read every entry and select with
 * masks). Exponents, window positions and loop counts are public constants.
 *
 * Formulas: Jacobian coordinates (X, Y, Z) for (X/Z^2, Y/Z^3), Z = 0 the
 * point at infinity; doubling dbl-2001-b (a = -3) and dbl-2009-l (a = 0),
 * addition add-2007-bl, mixed addition madd-2007-bl, from the
 * Explicit-Formulas Database (hyperelliptic.org/EFD/g1p/auto-shortw-jacobian).
 * The addition formulas are incomplete (P = Q gives a wrong result); the
 * constant-time callers also compute the doubling and select it when
 * H = r = 0, or show (see the comments) that the case cannot occur.
 *
 * Algorithms: inversion (field and mod n) by safegcd, constant time (Fermat
 * kept as the test reference); mul_base: signed 5-bit windows over a table
 * of 16 affine multiples per window position (computed once, at first use),
 * no doublings; mul: signed 5-bit windows, table of 16 multiples made affine
 * with one inversion; mul2_var: Strauss-Shamir over width-8 (G, precomputed)
 * and width-5 (Q) NAFs. secp256k1 (EC_GLV) splits scalars with its
 * endomorphism in mul and mul2_var, halving the doublings. The affine
 * implementation uses the same windows with one inversion per addition and
 * per doubling.
 */
#include <sched.h>
#include <string.h>

#include "ct.h"
#include "ec_field.h"
#include "ec_point.h"

#define N EC_N
typedef uint64_t fe[EC_N];

/* ------------------------------------------------------------------ field */

static inline void fe_copy(uint64_t *r, const uint64_t *a)
{
    memcpy(r, a, sizeof(fe));
}

static inline __attribute__((always_inline)) void fe_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    mod_add(r, a, b, ec_p, N);
}

static inline __attribute__((always_inline)) void fe_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    mod_sub(r, a, b, ec_p, N);
}

static void fe_neg(uint64_t *r, const uint64_t *a)
{
    static const fe zero = {0};
    mod_sub(r, zero, a, ec_p, N);
}

static inline uint64_t fe_is_zero(const uint64_t *a)
{
    return lb_is_zero(a, N);
}

static inline uint64_t fe_eq(const uint64_t *a, const uint64_t *b)
{
    return lb_eq(a, b, N);
}

static inline void fe_cmov(uint64_t *r, const uint64_t *a, uint64_t mask)
{
    ct_cmov_words(r, a, N, mask);
}

#ifdef EC_FIELD_P521
/* p = 2^521 - 1: t = hi*2^521 + lo = hi + lo (mod p). t < 2^1042, so
 * hi, lo < 2^521, hi + lo < 2^522, one more fold leaves a value <= p + 1
 * (hence below 2p) and one conditional subtraction makes it canonical. */
static inline void p521_fold(uint64_t *r, const uint64_t *t)
{
    uint64_t hi[9], lo[9];
    for (int i = 0; i < 8; i++)
        lo[i] = t[i];
    lo[8] = t[8] & 0x1ff;
    for (int i = 0; i < 8; i++)
        hi[i] = (t[8 + i] >> 9) | (t[9 + i] << 55);
    hi[8] = t[16 + 0] >> 9 | (t[17] << 55);
    lb_add(r, lo, hi, 9);
    uint64_t top = r[8] >> 9;
    r[8] &= 0x1ff;
    uint64_t c = top;
    for (int i = 0; i < 9; i++) {
        fe_u128 s = (fe_u128)r[i] + c;
        r[i] = (uint64_t)s;
        c = (uint64_t)(s >> 64);
    }
    lb_reduce_once(r, 0, ec_p, 9);
}

static void fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[18];
    lb_mul_wide(t, a, b, 9);
    p521_fold(r, t);
}

static void fe_sqr(uint64_t *r, const uint64_t *a)
{
    uint64_t t[18];
    lb_sqr_wide(t, a, 9);
    p521_fold(r, t);
}

static inline void fe_from_canon(uint64_t *r, const uint64_t *a)
{
    fe_copy(r, a);
}

static inline void fe_to_canon(uint64_t *r, const uint64_t *a)
{
    fe_copy(r, a);
}
#else
/* Up to four limbs the products are inlined into the point formulas, so
 * the compiler can interleave independent multiplications. */
#if EC_N <= 4
#define FE_MUL_ATTR static inline __attribute__((always_inline))
#else
#define FE_MUL_ATTR static
#endif
#ifdef EC_FIELD_P256
/* P-256: full product, then the multiplication-free reduction of
 * ec_field.h (p256_mont_redc). */
FE_MUL_ATTR void fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[8];
    lb_mul_wide(t, a, b, 4);
    p256_mont_redc(r, t, ec_p);
}

FE_MUL_ATTR void fe_sqr(uint64_t *r, const uint64_t *a)
{
    uint64_t t[8];
    lb_sqr_wide(t, a, 4);
    p256_mont_redc(r, t, ec_p);
}
#else
FE_MUL_ATTR void fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    mont_mul(r, a, b, ec_p, EC_P_M0, N);
}

FE_MUL_ATTR void fe_sqr(uint64_t *r, const uint64_t *a)
{
    mont_sqr(r, a, ec_p, EC_P_M0, N);
}
#endif

static inline void fe_from_canon(uint64_t *r, const uint64_t *a)
{
    fe_mul(r, a, ec_r2);
}

static inline void fe_to_canon(uint64_t *r, const uint64_t *a)
{
    static const fe one = {1};
    fe_mul(r, a, one);
}
#endif

/* r = a^e for a public exponent e (N canonical limbs): left-to-right,
 * fixed 4-bit window. Branches and table indices depend on e only. */
static void fe_pow_pub(uint64_t *r, const uint64_t *a, const uint64_t *e)
{
    fe tab[16], acc;
    fe_copy(tab[0], ec_one);
    fe_copy(tab[1], a);
    for (int i = 2; i < 16; i++)
        fe_mul(tab[i], tab[i - 1], a);
    int started = 0;
    fe_copy(acc, ec_one);
    for (int i = 16 * N - 1; i >= 0; i--) {
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

/* a^-1 = a^(p-2) (Fermat), constant time; 0 maps to 0. Kept as the
 * reference the tests compare the safegcd inversion with. */
static void fe_inv_fermat(uint64_t *r, const uint64_t *a)
{
    fe_pow_pub(r, a, ec_p_minus_2);
}

/* a^-1, constant time (safegcd, ec_field.h); 0 maps to 0. In Montgomery
 * form the plain inverse of a*R is a^-1 R^-1, and a product with R^3
 * (which divides by R once) gives a^-1 R. */
static void fe_inv(uint64_t *r, const uint64_t *a)
{
#ifdef EC_FIELD_P521
    sg_inv(r, a, ec_p_s62, EC_P_INV62, N, SG_LIMBS(EC_PBITS), SG_BATCHES(EC_PBITS));
#else
    fe t;
    sg_inv(t, a, ec_p_s62, EC_P_INV62, N, SG_LIMBS(EC_PBITS), SG_BATCHES(EC_PBITS));
    fe_mul(r, t, ec_r3);
#endif
}

/* r = sqrt(a) if a is a square (returns 1), else returns 0. Public data. */
static int fe_sqrt_var(uint64_t *r, const uint64_t *a)
{
    fe x, chk;
#ifdef EC_SQRT_3MOD4
    /* p = 3 mod 4: a^((p+1)/4) squared is a^((p+1)/2) = a * (a|p). */
    fe_pow_pub(x, a, ec_sqrt_exp);
#else
    /* Tonelli-Shanks (Cohen, "A Course in Computational Algebraic Number
     * Theory", algorithm 1.5.1) with p - 1 = 2^S q, q odd. */
    fe w, t, c, b;
    fe_pow_pub(w, a, ec_ts_qm1h); /* a^((q-1)/2) */
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
#endif
    fe_sqr(chk, x);
    if (!fe_eq(chk, a))
        return 0;
    fe_copy(r, x);
    return 1;
}

/* ---------------------------------------------------------------- scalars */

static void sc_mont(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    mont_mul(r, a, b, ec_n, EC_N_M0, N);
}

static void sc_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    mod_add(r, a, b, ec_n, N);
}

static void sc_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    mod_sub(r, a, b, ec_n, N);
}

static void sc_neg(uint64_t *r, const uint64_t *a)
{
    static const fe zero = {0};
    mod_sub(r, zero, a, ec_n, N);
}

/* canonical a*b mod n: (a*b/R)*R^2/R */
static void sc_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fe t;
    sc_mont(t, a, b);
    sc_mont(r, t, ec_n_r2);
}

/* in: 2N words, any value. in = hi*R + lo; with Montgomery products
 * lo*R^2/R + hi*R^3/R = in*R (mod n), and a last product by 1 removes R.
 * Only one factor of a Montgomery product must be below n for the result
 * to be below 2n, so lo and hi may be anything below R. */
static void sc_reduce_wide(uint64_t *r, const uint64_t *in)
{
    static const fe one = {1};
    fe t1, t2;
    sc_mont(t1, in, ec_n_r2);
    sc_mont(t2, in + N, ec_n_r3);
    sc_add(t1, t1, t2);
    sc_mont(r, t1, one);
}

/* a^-1 mod n, constant time (safegcd); 0 maps to 0. */
static void sc_inv(uint64_t *r, const uint64_t *a)
{
    sg_inv(r, a, ec_n_s62, EC_N_INV62, N, SG_LIMBS(EC_NBITS), SG_BATCHES(EC_NBITS));
}

/* ----------------------------------------------------------------- points */

typedef struct {
    fe X, Y, Z;
} jac;

typedef struct {
    fe x, y;
} aff;

static inline void jac_cmov(jac *r, const jac *a, uint64_t mask)
{
    ct_cmov_words((uint64_t *)r, (const uint64_t *)a, 3 * N, mask);
}

static inline void aff_cmov(aff *r, const aff *a, uint64_t mask)
{
    ct_cmov_words((uint64_t *)r, (const uint64_t *)a, 2 * N, mask);
}

static inline void jac_from_aff(jac *r, const aff *a)
{
    fe_copy(r->X, a->x);
    fe_copy(r->Y, a->y);
    fe_copy(r->Z, ec_one);
}

/* r = 2p; Z = 0 stays Z = 0. r may alias p. */
static void jac_dbl(jac *r, const jac *p)
{
#ifdef EC_A_MINUS3
    /* dbl-2001-b: 3M + 5S */
    fe delta, gamma, beta, alpha, t1, t2;
    fe_sqr(delta, p->Z);
    fe_sqr(gamma, p->Y);
    fe_mul(beta, p->X, gamma);
    fe_sub(t1, p->X, delta);
    fe_add(t2, p->X, delta);
    fe_mul(alpha, t1, t2);
    fe_add(t1, alpha, alpha);
    fe_add(alpha, t1, alpha);           /* alpha = 3(X-delta)(X+delta) */
    fe_add(t1, p->Y, p->Z);
    fe_sqr(t1, t1);
    fe_sub(t1, t1, gamma);
    fe_sub(r->Z, t1, delta);            /* Z3 = (Y+Z)^2 - gamma - delta */
    fe_add(beta, beta, beta);
    fe_add(beta, beta, beta);           /* 4 beta */
    fe_sqr(t1, alpha);
    fe_add(t2, beta, beta);
    fe_sub(r->X, t1, t2);               /* X3 = alpha^2 - 8 beta */
    fe_sub(t1, beta, r->X);
    fe_mul(t1, alpha, t1);
    fe_sqr(gamma, gamma);
    fe_add(gamma, gamma, gamma);
    fe_add(gamma, gamma, gamma);
    fe_add(gamma, gamma, gamma);        /* 8 gamma^2 */
    fe_sub(r->Y, t1, gamma);
#else
    /* dbl-2009-l: 2M + 5S */
    fe A, B, C, D, E, F, t1;
    fe_sqr(A, p->X);
    fe_sqr(B, p->Y);
    fe_sqr(C, B);
    fe_add(t1, p->X, B);
    fe_sqr(t1, t1);
    fe_sub(t1, t1, A);
    fe_sub(t1, t1, C);
    fe_add(D, t1, t1);
    fe_add(E, A, A);
    fe_add(E, E, A);
    fe_sqr(F, E);
    fe_mul(t1, p->Y, p->Z);
    fe_add(r->Z, t1, t1);               /* Z3 = 2 Y Z (before Y is overwritten) */
    fe_add(t1, D, D);
    fe_sub(r->X, F, t1);
    fe_sub(t1, D, r->X);
    fe_mul(t1, E, t1);
    fe_add(C, C, C);
    fe_add(C, C, C);
    fe_add(C, C, C);
    fe_sub(r->Y, t1, C);
#endif
}

/* r = p + q (add-2007-bl, 11M + 5S). Incomplete: *h0 / *r0 get masks for
 * H = 0 and r = 0 (P = +-Q, or an input at infinity). r may alias. */
static void jac_add(jac *r, const jac *p, const jac *q, uint64_t *h0, uint64_t *r0)
{
    fe z1z1, z2z2, u1, u2, s1, s2, h, i, j, rr, v, t1;
    fe_sqr(z1z1, p->Z);
    fe_sqr(z2z2, q->Z);
    fe_mul(u1, p->X, z2z2);
    fe_mul(u2, q->X, z1z1);
    fe_mul(s1, p->Y, q->Z);
    fe_mul(s1, s1, z2z2);
    fe_mul(s2, q->Y, p->Z);
    fe_mul(s2, s2, z1z1);
    fe_sub(h, u2, u1);
    fe_sub(rr, s2, s1);
    *h0 = fe_is_zero(h);
    *r0 = fe_is_zero(rr);
    fe_add(rr, rr, rr);
    fe_add(i, h, h);
    fe_sqr(i, i);
    fe_mul(j, h, i);
    fe_mul(v, u1, i);
    fe_add(t1, p->Z, q->Z);
    fe_sqr(t1, t1);
    fe_sub(t1, t1, z1z1);
    fe_sub(t1, t1, z2z2);
    fe_mul(r->Z, t1, h);
    fe_sqr(t1, rr);
    fe_sub(t1, t1, j);
    fe_sub(t1, t1, v);
    fe_sub(r->X, t1, v);
    fe_sub(t1, v, r->X);
    fe_mul(t1, rr, t1);
    fe_mul(s1, s1, j);
    fe_add(s1, s1, s1);
    fe_sub(r->Y, t1, s1);
}

/* r = p + q with q affine (madd-2007-bl, 7M + 4S); incomplete like jac_add.
 * r may alias p. */
static void jac_madd(jac *r, const jac *p, const aff *q, uint64_t *h0, uint64_t *r0)
{
    fe z1z1, u2, s2, h, hh, i, j, rr, v, t1;
    fe_sqr(z1z1, p->Z);
    fe_mul(u2, q->x, z1z1);
    fe_mul(s2, q->y, p->Z);
    fe_mul(s2, s2, z1z1);
    fe_sub(h, u2, p->X);
    fe_sub(rr, s2, p->Y);
    *h0 = fe_is_zero(h);
    *r0 = fe_is_zero(rr);
    fe_add(rr, rr, rr);
    fe_sqr(hh, h);
    fe_add(i, hh, hh);
    fe_add(i, i, i);
    fe_mul(j, h, i);
    fe_mul(v, p->X, i);
    fe_add(t1, p->Z, h);
    fe_sqr(t1, t1);
    fe_sub(t1, t1, z1z1);
    fe_sub(r->Z, t1, hh);
    fe_sqr(t1, rr);
    fe_sub(t1, t1, j);
    fe_sub(t1, t1, v);
    fe_sub(t1, t1, v);
    fe_mul(s2, p->Y, j);  /* p->Y read before r->Y is written */
    fe_sub(v, v, t1);
    fe_copy(r->X, t1);
    fe_mul(v, rr, v);
    fe_add(s2, s2, s2);
    fe_sub(r->Y, v, s2);
}

/* acc = acc + q (q affine, qinf its infinity mask), constant time.
 * with_dbl = 0 is only for callers that have shown acc != +-q when both are
 * finite; P = -Q still gives infinity (Z3 = 0) either way. */
static void jac_madd_ct(jac *acc, const aff *q, uint64_t qinf, int with_dbl)
{
    jac s, qj;
    uint64_t h0, r0;
    uint64_t pinf = fe_is_zero(acc->Z);
    jac_madd(&s, acc, q, &h0, &r0);
    if (with_dbl) { /* public flag */
        jac d;
        jac_dbl(&d, acc);
        jac_cmov(&s, &d, h0 & r0 & ~pinf & ~qinf);
    }
    jac_from_aff(&qj, q);
    jac_cmov(&s, &qj, pinf & ~qinf);
    jac_cmov(&s, acc, qinf);
    *acc = s;
}

/* Variable time, complete: for public data only. */
static void jac_add_var(jac *acc, const jac *q)
{
    if (fe_is_zero(q->Z))
        return;
    if (fe_is_zero(acc->Z)) {
        *acc = *q;
        return;
    }
    jac s;
    uint64_t h0, r0;
    jac_add(&s, acc, q, &h0, &r0);
    if (h0) {
        if (r0)
            jac_dbl(acc, acc);
        else
            memset(acc, 0, sizeof *acc);
        return;
    }
    *acc = s;
}

static void jac_madd_var(jac *acc, const aff *q)
{
    if (fe_is_zero(acc->Z)) {
        jac_from_aff(acc, q);
        return;
    }
    jac s;
    uint64_t h0, r0;
    jac_madd(&s, acc, q, &h0, &r0);
    if (h0) {
        if (r0)
            jac_dbl(acc, acc);
        else
            memset(acc, 0, sizeof *acc);
        return;
    }
    *acc = s;
}

/* Affine result in canonical form with the infinity mask; constant time. */
static void jac_to_out(pkc_ec_affine *out, const jac *p)
{
    fe zi, zi2, x, y;
    fe_inv(zi, p->Z); /* 0 for infinity, which zeroes x and y */
    fe_sqr(zi2, zi);
    fe_mul(x, p->X, zi2);
    fe_mul(zi2, zi2, zi);
    fe_mul(y, p->Y, zi2);
    memset(out, 0, sizeof *out);
    fe_to_canon(out->x, x);
    fe_to_canon(out->y, y);
    out->infinity = fe_is_zero(p->Z);
}

/* Montgomery's simultaneous inversion: out[i] = in[i] in affine form, with
 * one inversion for up to BATCH_MAX points (none of them at infinity).
 * Used on public data (table building). */
#define BATCH_MAX 64
static void jac_batch_to_aff(aff *out, const jac *in, int cnt)
{
    fe prefix[BATCH_MAX], inv, t, zi, zi2;
    fe_copy(prefix[0], in[0].Z);
    for (int i = 1; i < cnt; i++)
        fe_mul(prefix[i], prefix[i - 1], in[i].Z);
    fe_inv(inv, prefix[cnt - 1]);
    for (int i = cnt - 1; i >= 0; i--) {
        if (i > 0) {
            fe_mul(zi, inv, prefix[i - 1]);
            fe_mul(inv, inv, in[i].Z);
        } else {
            fe_copy(zi, inv);
        }
        fe_sqr(zi2, zi);
        fe_mul(out[i].x, in[i].X, zi2);
        fe_mul(t, zi2, zi);
        fe_mul(out[i].y, in[i].Y, t);
    }
}

static int aff_from_in(aff *r, const pkc_ec_affine *P)
{
    fe_from_canon(r->x, P->x);
    fe_from_canon(r->y, P->y);
    return 0;
}

/* ------------------------------------------------------ scalar recoding */

/* w bits of k starting at bit pos (public position, secret value) */
static inline uint64_t sc_window(const uint64_t *k, int pos, int w)
{
    int limb = pos / 64, off = pos % 64;
    uint64_t v = 0;
    if (limb < N) {
        v = k[limb] >> off;
        if (off + w > 64 && limb + 1 < N)
            v |= k[limb + 1] << (64 - off);
    }
    return v & (((uint64_t)1 << w) - 1);
}

/* Signed fixed-window recoding, constant time: k = sum d[i] 2^(w i) with
 * d[i] in [-2^(w-1), 2^(w-1)]. cnt = ceil((EC_NBITS + 1) / w) digits suffice
 * for k < n: the top window then holds at most w-1 bits of k plus the carry,
 * so it never carries out. */
static void recode_signed(int64_t *d, const uint64_t *k, int w, int cnt)
{
    uint64_t carry = 0, half = (uint64_t)1 << (w - 1);
    for (int i = 0; i < cnt; i++) {
        uint64_t v = sc_window(k, i * w, w) + carry;  /* 0 .. 2^w */
        carry = (half - v) >> 63;                      /* v > half */
        d[i] = (int64_t)(v - (carry << w));
    }
}

/* |d| and the sign mask of a secret digit, without branches */
static inline uint64_t digit_abs(int64_t d, uint64_t *neg)
{
    uint64_t u = (uint64_t)d;
    uint64_t s = ct_barrier((uint64_t)0 - (u >> 63));
    *neg = s;
    return (u ^ s) - s;
}

/* Width-w NAF of a public scalar (Hankerson-Menezes-Vanstone, algorithm
 * 3.35, in the form that reads w bits at a time): every nonzero digit is
 * odd, below 2^(w-1) in absolute value, and followed by at least w-1 zeros.
 * Positions run up to EC_NBITS + w; returns the length (0 for k = 0). */
#define NAF_MAX (EC_NBITS + 16)
static int wnaf_var(int8_t *naf, const uint64_t *k, int w)
{
    int carry = 0, len = 0;
    memset(naf, 0, NAF_MAX);
    for (int i = 0; i < EC_NBITS + w + 1;) {
        int bit = i / 64 < N ? (int)((k[i / 64] >> (i % 64)) & 1) : 0;
        if (bit == carry) {
            i++;
            continue;
        }
        int64_t word = (int64_t)sc_window(k, i, w) + carry;
        carry = (int)((word >> (w - 1)) & 1);
        word -= (int64_t)carry << w;
        naf[i] = (int8_t)word;
        len = i + 1;
        i += w;
    }
    return len;
}

/* ---------------------------------------------------- precomputed tables */

/* mul_base: signed fixed window, one table row per window position:
 * g_comb[i][j] = (j+1) * 2^(WB*i) * G. No doublings at all, one mixed
 * addition per position. */
#define WB 5
#define WB_ENT (1 << (WB - 1))
#define WB_CNT ((EC_NBITS + 1 + WB - 1) / WB)
/* mul2_var: odd multiples G, 3G, ..., (2^(WG-1) - 1)G for a width-WG NAF */
#define WG 8
#define WG_ENT (1 << (WG - 2))
/* mul: signed window on a table of 2^(WV-1) Jacobian multiples of P */
#define WV 5
#define WV_ENT (1 << (WV - 1))
#define WV_CNT ((EC_NBITS + 1 + WV - 1) / WV)
/* affine mul: narrower window (every addition costs an inversion anyway) */
#define WA 4
#define WA_ENT (1 << (WA - 1))
#define WA_CNT ((EC_NBITS + 1 + WA - 1) / WA)

static aff g_comb[WB_CNT][WB_ENT];
static aff g_wnaf[WG_ENT];
#ifdef EC_GLV
static aff g_wnaf_lam[WG_ENT]; /* lambda * g_wnaf[j] = (beta x, y) */
#endif
static int g_state; /* 0 none, 1 building, 2 ready */

static void tables_build(void)
{
    jac buf[BATCH_MAX];
    aff abuf[BATCH_MAX];
    int nb = 0, row0 = 0;
    jac base, g;
    fe_copy(g.X, ec_gx);
    fe_copy(g.Y, ec_gy);
    fe_copy(g.Z, ec_one);
    base = g;
    for (int i = 0; i < WB_CNT; i++) {
        jac *row = &buf[nb];
        row[0] = base;
        for (int j = 1; j < WB_ENT; j++) {
            row[j] = row[j - 1];
            jac_add_var(&row[j], &base);
        }
        base = row[WB_ENT - 1];
        jac_dbl(&base, &base); /* 2^(WB-1) * 2 = 2^WB times the old base */
        nb += WB_ENT;
        if (nb + WB_ENT > BATCH_MAX || i == WB_CNT - 1) {
            jac_batch_to_aff(abuf, buf, nb);
            for (int r = 0; r < nb / WB_ENT; r++)
                memcpy(g_comb[row0 + r], &abuf[r * WB_ENT], sizeof(g_comb[0]));
            row0 += nb / WB_ENT;
            nb = 0;
        }
    }
    /* odd multiples for the wNAF */
    jac g2 = g;
    jac_dbl(&g2, &g2);
    buf[0] = g;
    for (int j = 1; j < WG_ENT; j++) {
        buf[j] = buf[j - 1];
        jac_add_var(&buf[j], &g2);
    }
    jac_batch_to_aff(g_wnaf, buf, WG_ENT);
#ifdef EC_GLV
    for (int j = 0; j < WG_ENT; j++) {
        fe_mul(g_wnaf_lam[j].x, g_wnaf[j].x, ec_glv_beta);
        fe_copy(g_wnaf_lam[j].y, g_wnaf[j].y);
    }
#endif
}

static void tables_init(void)
{
    if (__atomic_load_n(&g_state, __ATOMIC_ACQUIRE) == 2)
        return;
    int expected = 0;
    if (__atomic_compare_exchange_n(&g_state, &expected, 1, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
        tables_build();
        __atomic_store_n(&g_state, 2, __ATOMIC_RELEASE);
        return;
    }
    while (__atomic_load_n(&g_state, __ATOMIC_ACQUIRE) != 2)
        sched_yield();
}

/* constant-time row lookup: q = row[idx-1] (idx in 1..cnt) */
static inline void aff_lookup(aff *q, const aff *row, int cnt, uint64_t idx)
{
    memset(q, 0, sizeof *q);
    for (int j = 0; j < cnt; j++)
        aff_cmov(q, &row[j], ct_mask_eq(idx, (uint64_t)j + 1));
}

static inline void jac_lookup(jac *q, const jac *row, int cnt, uint64_t idx)
{
    memset(q, 0, sizeof *q);
    for (int j = 0; j < cnt; j++)
        jac_cmov(q, &row[j], ct_mask_eq(idx, (uint64_t)j + 1));
}

/* ------------------------------------------ Jacobian scalar multiplication */

/* k*G, constant time. Position i adds d_i 2^(WB i) G with a mixed addition.
 * Exceptional cases: before position i the accumulator is s*G with
 * |s| < 2^(WB i) * 2^(WB-1)/(2^WB - 1) and the addend is t*G with
 * 2^(WB i) <= |t| <= 2^(WB(i+1)-1), so s != +-t as integers; since
 * |s| + |t| < n for i <= WB_CNT - 3 (because k < n), s != +-t (mod n) as
 * well. Only the last two positions need the doubling case. Infinity (an
 * accumulator of 0 or a digit 0) is handled by selection. */
static void mul_base_jac(pkc_ec_affine *out, const pkc_ec_scalar *k)
{
    int64_t d[WB_CNT];
    jac acc;
    aff q, qn;
    tables_init();
    recode_signed(d, k->v, WB, WB_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = 0; i < WB_CNT; i++) {
        uint64_t neg;
        uint64_t a = digit_abs(d[i], &neg);
        aff_lookup(&q, g_comb[i], WB_ENT, a);
        fe_neg(qn.y, q.y);
        fe_cmov(q.y, qn.y, neg);
        jac_madd_ct(&acc, &q, ct_mask_zero(a), i >= WB_CNT - 2);
    }
    jac_to_out(out, &acc);
    pkc_memzero(d, sizeof d);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}

/* k*P, constant time: signed WV-bit windows from the top, WV doublings and
 * one mixed addition of a table entry (read with a full scan) per window.
 * The table of P, 2P, ..., 2^(WV-1) P is built in Jacobian coordinates and
 * made affine with one (constant-time) inversion, so every addition in the
 * loop is a mixed one. Before window i the accumulator is 2^WV K P; for
 * i >= 1, |2^WV K| < n/2^WV + 2^WV and |d_i| <= 2^(WV-1), so
 * 2^WV K = +-d_i (mod n) only if both are 0 (handled by selection); the last
 * window can meet P = +-Q (e.g. k = n-2) and also computes the doubling. */
static void __attribute__((unused))
mul_jac_plain(pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *P)
{
    int64_t d[WV_CNT];
    jac tj[WV_ENT], acc;
    aff tab[WV_ENT], pa, q, qn;
    aff_from_in(&pa, P);
    jac_from_aff(&tj[0], &pa);
    tj[1] = tj[0];
    jac_dbl(&tj[1], &tj[1]);
    for (int j = 2; j < WV_ENT; j++) {
        /* (j+1)P = jP + P: never exceptional for a point of order n > 2^WV */
        uint64_t h0, r0;
        jac_madd(&tj[j], &tj[j - 1], &pa, &h0, &r0);
    }
    jac_batch_to_aff(tab, tj, WV_ENT);
    recode_signed(d, k->v, WV, WV_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = WV_CNT - 1; i >= 0; i--) {
        uint64_t neg;
        for (int j = 0; j < WV; j++)
            jac_dbl(&acc, &acc);
        uint64_t a = digit_abs(d[i], &neg);
        aff_lookup(&q, tab, WV_ENT, a);
        fe_neg(qn.y, q.y);
        fe_cmov(q.y, qn.y, neg);
        jac_madd_ct(&acc, &q, ct_mask_zero(a), i == 0);
    }
    jac_to_out(out, &acc);
    pkc_memzero(d, sizeof d);
    pkc_memzero(tj, sizeof tj);
    pkc_memzero(tab, sizeof tab);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}

#define WQ 5
#define WQ_ENT (1 << (WQ - 2))

/* u1*G + u2*Q, variable time (public data): Strauss-Shamir interleaving of
 * a width-WG NAF of u1 over the precomputed odd multiples of G (affine,
 * mixed additions) and a width-WQ NAF of u2 over odd multiples of Q. */
static void __attribute__((unused))
mul2_var_jac_plain(pkc_ec_affine *out, const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                   const pkc_ec_affine *Q)
{
    int8_t n1[NAF_MAX], n2[NAF_MAX];
    jac qj[WQ_ENT], q2, acc;
    aff qa, qt[WQ_ENT], t;
    tables_init();
    int l1 = wnaf_var(n1, u1->v, WG);
    int l2 = wnaf_var(n2, u2->v, WQ);
    aff_from_in(&qa, Q);
    jac_from_aff(&qj[0], &qa);
    q2 = qj[0];
    jac_dbl(&q2, &q2);
    for (int j = 1; j < WQ_ENT; j++) {
        qj[j] = qj[j - 1];
        jac_add_var(&qj[j], &q2);
    }
    /* one inversion makes every Q addition a mixed one */
    jac_batch_to_aff(qt, qj, WQ_ENT);
    memset(&acc, 0, sizeof acc);
    int started = 0;
    for (int i = (l1 > l2 ? l1 : l2) - 1; i >= 0; i--) {
        if (started)
            jac_dbl(&acc, &acc);
        if (i < l1 && n1[i]) {
            int v = n1[i];
            if (v > 0) {
                jac_madd_var(&acc, &g_wnaf[v >> 1]);
            } else {
                t = g_wnaf[(-v) >> 1];
                fe_neg(t.y, t.y);
                jac_madd_var(&acc, &t);
            }
            started = 1;
        }
        if (i < l2 && n2[i]) {
            int v = n2[i];
            t = qt[(v > 0 ? v : -v) >> 1];
            if (v < 0)
                fe_neg(t.y, t.y);
            jac_madd_var(&acc, &t);
            started = 1;
        }
        if (started && fe_is_zero(acc.Z))
            started = 0;
    }
    jac_to_out(out, &acc);
}

#ifdef EC_GLV
/* GLV decomposition of a public scalar (Gallant-Lambert-Vanstone 2001,
 * section 4): k = s1*k1 + s2*k2*lambda (mod n) with k1, k2 < 2^129 and signs
 * s1, s2 = +-1 (returned as *neg = 1 for -1). c1 = round(b2 k / n) and
 * c2 = round(-b1 k / n) are computed as (k g) >> 384, g = round(2^384 b / n)
 * (an error of one in c1 or c2 only makes k1, k2 a little longer). */
static void glv_split_var(uint64_t *k1, int *neg1, uint64_t *k2, int *neg2, const uint64_t *k)
{
    uint64_t t[2 * N];
    fe c1 = {0}, c2 = {0}, u, v;
    lb_mul_wide(t, k, ec_glv_g1, N);
    c1[0] = t[6] + (t[5] >> 63);
    c1[1] = t[7] + (c1[0] < t[6]);
    lb_mul_wide(t, k, ec_glv_g2, N);
    c2[0] = t[6] + (t[5] >> 63);
    c2[1] = t[7] + (c2[0] < t[6]);
    /* k1 = k - c1 a1 - c2 a2, k2 = c1 (-b1) - c2 b2 (mod n) */
    sc_mul(u, c1, ec_glv_a1);
    sc_mul(v, c2, ec_glv_a2);
    sc_sub(k1, k, u);
    sc_sub(k1, k1, v);
    sc_mul(u, c1, ec_glv_mb1);
    sc_mul(v, c2, ec_glv_b2);
    sc_sub(k2, u, v);
    /* a short negative value is n - |k| here: its top limb is not zero */
    *neg1 = k1[N - 1] != 0;
    if (*neg1)
        sc_neg(k1, k1);
    *neg2 = k2[N - 1] != 0;
    if (*neg2)
        sc_neg(k2, k2);
}

/* u1*G + u2*Q with the endomorphism: u1 = a + b lambda, u2 = c + d lambda,
 * four half-length NAFs interleaved over half as many doublings. The
 * lambda multiples of a point (x, y) are (beta x, y), so the tables for
 * lambda G and lambda Q cost one field multiplication per entry. */
static void mul2_var_jac(pkc_ec_affine *out, const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                         const pkc_ec_affine *Q)
{
    int8_t naf[4][NAF_MAX];
    int len[4], neg[4];
    fe ks[4];
    jac qj[WQ_ENT], q2, acc;
    aff qa, qt[2][WQ_ENT], t;
    tables_init();
    glv_split_var(ks[0], &neg[0], ks[1], &neg[1], u1->v);
    glv_split_var(ks[2], &neg[2], ks[3], &neg[3], u2->v);
    for (int j = 0; j < 4; j++)
        len[j] = wnaf_var(naf[j], ks[j], j < 2 ? WG : WQ);
    aff_from_in(&qa, Q);
    jac_from_aff(&qj[0], &qa);
    q2 = qj[0];
    jac_dbl(&q2, &q2);
    for (int j = 1; j < WQ_ENT; j++) {
        qj[j] = qj[j - 1];
        jac_add_var(&qj[j], &q2);
    }
    jac_batch_to_aff(qt[0], qj, WQ_ENT);
    for (int j = 0; j < WQ_ENT; j++) {
        qt[1][j] = qt[0][j];
        fe_mul(qt[1][j].x, qt[0][j].x, ec_glv_beta);
    }
    int top = 0;
    for (int j = 0; j < 4; j++)
        if (len[j] > top)
            top = len[j];
    memset(&acc, 0, sizeof acc);
    for (int i = top - 1; i >= 0; i--) {
        jac_dbl(&acc, &acc);
        for (int j = 0; j < 2; j++) {
            if (i < len[j] && naf[j][i]) {
                int v = naf[j][i];
                t = (j ? g_wnaf_lam : g_wnaf)[(v > 0 ? v : -v) >> 1];
                if ((v < 0) != neg[j])
                    fe_neg(t.y, t.y);
                jac_madd_var(&acc, &t);
            }
        }
        for (int j = 2; j < 4; j++) {
            if (i < len[j] && naf[j][i]) {
                int v = naf[j][i];
                t = qt[j - 2][(v > 0 ? v : -v) >> 1];
                if ((v < 0) != neg[j])
                    fe_neg(t.y, t.y);
                jac_madd_var(&acc, &t);
            }
        }
    }
    jac_to_out(out, &acc);
}
/* The same split for a secret scalar, constant time: products, modular
 * subtractions and the sign normalisation by masks. */
static void glv_split_ct(uint64_t *k1, uint64_t *neg1, uint64_t *k2, uint64_t *neg2,
                         const uint64_t *k)
{
    uint64_t t[2 * N];
    fe c1 = {0}, c2 = {0}, u, v;
    unsigned char cf;
    lb_mul_wide(t, k, ec_glv_g1, N);
    cf = 0;
    FE_ADC(cf, t[6], t[5] >> 63, &c1[0]);
    FE_ADC(cf, t[7], 0, &c1[1]);
    lb_mul_wide(t, k, ec_glv_g2, N);
    cf = 0;
    FE_ADC(cf, t[6], t[5] >> 63, &c2[0]);
    FE_ADC(cf, t[7], 0, &c2[1]);
    sc_mul(u, c1, ec_glv_a1);
    sc_mul(v, c2, ec_glv_a2);
    sc_sub(k1, k, u);
    sc_sub(k1, k1, v);
    sc_mul(u, c1, ec_glv_mb1);
    sc_mul(v, c2, ec_glv_b2);
    sc_sub(k2, u, v);
    *neg1 = ct_mask_nonzero(k1[N - 1]);
    sc_neg(u, k1);
    lb_select(k1, *neg1, u, k1, N);
    *neg2 = ct_mask_nonzero(k2[N - 1]);
    sc_neg(u, k2);
    lb_select(k2, *neg2, u, k2, N);
    pkc_memzero(t, sizeof t);
    pkc_memzero(u, sizeof u);
    pkc_memzero(v, sizeof v);
}

/* k*P with the endomorphism, constant time: k = +-k1 +- k2 lambda with
 * k1, k2 < 2^130, both recoded in signed WV-bit windows and processed
 * together, so there are half as many doublings. The lambda multiple of a
 * table entry is (beta x, y): one field multiplication, no second scan.
 * Unlike the plain version, partial sums here can meet +-the addend for
 * particular scalars (K1 + K2 lambda = small has short solutions), so
 * every addition also computes the doubling and selects it. */
#define GLV_BITS 130
#define GLV_CNT ((GLV_BITS + 1 + WV - 1) / WV)
static void mul_jac(pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *P)
{
    int64_t d1[GLV_CNT], d2[GLV_CNT];
    fe k1, k2;
    uint64_t neg1, neg2;
    jac tj[WV_ENT], acc;
    aff tab[WV_ENT], pa, q, qn;
    aff_from_in(&pa, P);
    jac_from_aff(&tj[0], &pa);
    tj[1] = tj[0];
    jac_dbl(&tj[1], &tj[1]);
    for (int j = 2; j < WV_ENT; j++) {
        uint64_t h0, r0;
        jac_madd(&tj[j], &tj[j - 1], &pa, &h0, &r0);
    }
    jac_batch_to_aff(tab, tj, WV_ENT);
    glv_split_ct(k1, &neg1, k2, &neg2, k->v);
    recode_signed(d1, k1, WV, GLV_CNT);
    recode_signed(d2, k2, WV, GLV_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = GLV_CNT - 1; i >= 0; i--) {
        uint64_t neg;
        for (int j = 0; j < WV; j++)
            jac_dbl(&acc, &acc);
        uint64_t a = digit_abs(d1[i], &neg);
        aff_lookup(&q, tab, WV_ENT, a);
        fe_neg(qn.y, q.y);
        fe_cmov(q.y, qn.y, neg ^ neg1);
        jac_madd_ct(&acc, &q, ct_mask_zero(a), 1);
        a = digit_abs(d2[i], &neg);
        aff_lookup(&q, tab, WV_ENT, a);
        fe_mul(q.x, q.x, ec_glv_beta);
        fe_neg(qn.y, q.y);
        fe_cmov(q.y, qn.y, neg ^ neg2);
        jac_madd_ct(&acc, &q, ct_mask_zero(a), 1);
    }
    jac_to_out(out, &acc);
    pkc_memzero(d1, sizeof d1);
    pkc_memzero(d2, sizeof d2);
    pkc_memzero(k1, sizeof k1);
    pkc_memzero(k2, sizeof k2);
    pkc_memzero(tj, sizeof tj);
    pkc_memzero(tab, sizeof tab);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}
#else
#define mul_jac mul_jac_plain
#define mul2_var_jac mul2_var_jac_plain
#endif

/* --------------------------------------------------------- affine points */

/* r = p + q in affine coordinates, complete and constant time: the slope of
 * the addition ((y2-y1)/(x2-x1)) or of the doubling ((3x^2+a)/(2y)) is
 * selected by mask and one constant-time inversion computes it; P = -Q gives
 * infinity; an input at infinity selects the other. */
static void aff_add_ct(aff *r, uint64_t *rinf, const aff *p, uint64_t pinf, const aff *q,
                       uint64_t qinf)
{
    fe num, den, t, lam, x3, y3;
    uint64_t eqx = fe_eq(p->x, q->x), eqy = fe_eq(p->y, q->y);
    uint64_t dbl = eqx & eqy;
    /* doubling slope */
    fe nd, dd;
    fe_sqr(t, p->x);
    fe_add(nd, t, t);
    fe_add(nd, nd, t);
#ifdef EC_A_MINUS3
    fe_sub(nd, nd, ec_one);
    fe_sub(nd, nd, ec_one);
    fe_sub(nd, nd, ec_one);
#endif
    fe_add(dd, p->y, p->y);
    /* addition slope */
    fe_sub(num, q->y, p->y);
    fe_sub(den, q->x, p->x);
    fe_cmov(num, nd, dbl);
    fe_cmov(den, dd, dbl);
    fe_inv(t, den);
    fe_mul(lam, num, t);
    fe_sqr(x3, lam);
    fe_sub(x3, x3, p->x);
    fe_sub(x3, x3, q->x);
    fe_sub(t, p->x, x3);
    fe_mul(y3, lam, t);
    fe_sub(y3, y3, p->y);
    /* P = -Q (or a doubling of a point with y = 0: none on these curves) */
    uint64_t inf = (eqx & ~eqy) | (dbl & fe_is_zero(p->y));
    aff s;
    fe_copy(s.x, x3);
    fe_copy(s.y, y3);
    aff_cmov(&s, q, pinf);
    aff_cmov(&s, p, qinf & ~pinf);
    uint64_t sinf = ct_select(pinf, qinf, ct_select(qinf, pinf, inf));
    *r = s;
    *rinf = sinf;
}

static void aff_to_out(pkc_ec_affine *out, const aff *p, uint64_t inf)
{
    memset(out, 0, sizeof *out);
    fe_to_canon(out->x, p->x);
    fe_to_canon(out->y, p->y);
    /* the coordinates of infinity are zero */
    for (int i = 0; i < N; i++) {
        out->x[i] &= ~inf;
        out->y[i] &= ~inf;
    }
    out->infinity = inf;
}

/* k*G in affine coordinates, constant time: the same windows and table as
 * mul_base_jac, each addition with one inversion. */
static void mul_base_aff(pkc_ec_affine *out, const pkc_ec_scalar *k)
{
    int64_t d[WB_CNT];
    aff acc, q, qn;
    uint64_t ainf = ~(uint64_t)0;
    tables_init();
    recode_signed(d, k->v, WB, WB_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = 0; i < WB_CNT; i++) {
        uint64_t neg;
        uint64_t a = digit_abs(d[i], &neg);
        aff_lookup(&q, g_comb[i], WB_ENT, a);
        fe_neg(qn.y, q.y);
        fe_cmov(q.y, qn.y, neg);
        aff_add_ct(&acc, &ainf, &acc, ainf, &q, ct_mask_zero(a));
    }
    aff_to_out(out, &acc, ainf);
    pkc_memzero(d, sizeof d);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}

/* k*P in affine coordinates, constant time: signed WA-bit windows, WA
 * doublings and one addition per window, each with one inversion (Fermat,
 * constant time). What may leak: nothing that depends on k or P beyond
 * what the Jacobian version leaks (the bit length of n, a constant). */
static void mul_aff(pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *P)
{
    int64_t d[WA_CNT];
    aff tab[WA_ENT], acc, q, qn;
    uint64_t ainf = ~(uint64_t)0, tinf;
    aff_from_in(&tab[0], P);
    for (int j = 1; j < WA_ENT; j++)
        aff_add_ct(&tab[j], &tinf, &tab[j - 1], 0, &tab[0], 0);
    recode_signed(d, k->v, WA, WA_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = WA_CNT - 1; i >= 0; i--) {
        uint64_t neg;
        for (int j = 0; j < WA; j++)
            aff_add_ct(&acc, &ainf, &acc, ainf, &acc, ainf);
        uint64_t a = digit_abs(d[i], &neg);
        aff_lookup(&q, tab, WA_ENT, a);
        fe_neg(qn.y, q.y);
        fe_cmov(q.y, qn.y, neg);
        aff_add_ct(&acc, &ainf, &acc, ainf, &q, ct_mask_zero(a));
    }
    aff_to_out(out, &acc, ainf);
    pkc_memzero(d, sizeof d);
    pkc_memzero(tab, sizeof tab);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}

/* u1*G + u2*Q in affine coordinates, variable time: the same NAFs and
 * interleaving as mul2_var_jac, every doubling and addition affine. */
static void mul2_var_aff(pkc_ec_affine *out, const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                         const pkc_ec_affine *Q)
{
    int8_t n1[NAF_MAX], n2[NAF_MAX];
    aff qt[WQ_ENT], q2, acc, t;
    uint64_t ainf = ~(uint64_t)0, tinf;
    tables_init();
    int l1 = wnaf_var(n1, u1->v, WG);
    int l2 = wnaf_var(n2, u2->v, WQ);
    aff_from_in(&qt[0], Q);
    aff_add_ct(&q2, &tinf, &qt[0], 0, &qt[0], 0);
    for (int j = 1; j < WQ_ENT; j++)
        aff_add_ct(&qt[j], &tinf, &qt[j - 1], 0, &q2, 0);
    memset(&acc, 0, sizeof acc);
    for (int i = (l1 > l2 ? l1 : l2) - 1; i >= 0; i--) {
        if (!ainf)
            aff_add_ct(&acc, &ainf, &acc, ainf, &acc, ainf);
        if (i < l1 && n1[i]) {
            int v = n1[i];
            t = g_wnaf[(v > 0 ? v : -v) >> 1];
            if (v < 0)
                fe_neg(t.y, t.y);
            aff_add_ct(&acc, &ainf, &acc, ainf, &t, 0);
        }
        if (i < l2 && n2[i]) {
            int v = n2[i];
            t = qt[(v > 0 ? v : -v) >> 1];
            if (v < 0)
                fe_neg(t.y, t.y);
            aff_add_ct(&acc, &ainf, &acc, ainf, &t, 0);
        }
    }
    aff_to_out(out, &acc, ainf);
}

/* ------------------------------------------------------ public-key checks */

/* rhs = x^3 + a x + b (field form) */
static void curve_rhs(uint64_t *rhs, const uint64_t *x)
{
    fe t;
    fe_sqr(t, x);
    fe_mul(t, t, x);
#ifdef EC_A_MINUS3
    fe u;
    fe_add(u, x, x);
    fe_add(u, u, x);
    fe_sub(t, t, u);
#endif
    fe_add(rhs, t, ec_b);
}

static int on_curve_var(const uint64_t *x, const uint64_t *y)
{
    fe xm, ym, l, r;
    fe_from_canon(xm, x);
    fe_from_canon(ym, y);
    fe_sqr(l, ym);
    curve_rhs(r, xm);
    return fe_eq(l, r) != 0;
}

static int decompress_var(uint64_t *y, const uint64_t *x, int y_odd)
{
    fe xm, r, s, c;
    fe_from_canon(xm, x);
    curve_rhs(r, xm);
    if (!fe_sqrt_var(s, r))
        return 0;
    fe_to_canon(c, s);
    if ((int)(c[0] & 1) != (y_odd & 1)) {
        if (fe_is_zero(c))
            return 0; /* y = 0 has no odd twin */
        fe_neg(s, s);
        fe_to_canon(c, s);
    }
    memcpy(y, c, sizeof(fe));
    return 1;
}

/* --------------------------------------------------------------- bench */

typedef struct {
    jac A, B;
    aff a, b;
    uint64_t ainf;
    fe f, g;
} bench_st;

_Static_assert(sizeof(bench_st) <= sizeof(pkc_ec_bench_state), "bench state too small");

static void bench_setup(pkc_ec_bench_state *st)
{
    bench_st *s = (bench_st *)(void *)st->opaque;
    uint64_t t;
    memset(s, 0, sizeof *s);
    fe_copy(s->a.x, ec_gx);
    fe_copy(s->a.y, ec_gy);
    aff_add_ct(&s->b, &t, &s->a, 0, &s->a, 0); /* 2G */
    jac_from_aff(&s->A, &s->b);
    jac_dbl(&s->A, &s->A);                    /* 4G, Z != 1 */
    s->B = s->A;
    jac_dbl(&s->B, &s->B);                    /* 8G */
    jac_madd_var(&s->B, &s->a);               /* 9G */
    fe_copy(s->f, ec_gx);
    fe_copy(s->g, ec_gy);
}

static void bench_add_jac(pkc_ec_bench_state *st)
{
    bench_st *s = (bench_st *)(void *)st->opaque;
    uint64_t h0, r0;
    jac_add(&s->A, &s->A, &s->B, &h0, &r0);
}

static void bench_dbl_jac(pkc_ec_bench_state *st)
{
    bench_st *s = (bench_st *)(void *)st->opaque;
    jac_dbl(&s->A, &s->A);
}

static void bench_add_aff(pkc_ec_bench_state *st)
{
    bench_st *s = (bench_st *)(void *)st->opaque;
    aff_add_ct(&s->a, &s->ainf, &s->a, s->ainf, &s->b, 0);
}

static void bench_dbl_aff(pkc_ec_bench_state *st)
{
    bench_st *s = (bench_st *)(void *)st->opaque;
    aff_add_ct(&s->a, &s->ainf, &s->a, s->ainf, &s->a, s->ainf);
}

static void bench_fe_mul(pkc_ec_bench_state *st)
{
    bench_st *s = (bench_st *)(void *)st->opaque;
    fe_mul(s->f, s->f, s->g);
}

static void bench_fe_sqr(pkc_ec_bench_state *st)
{
    bench_st *s = (bench_st *)(void *)st->opaque;
    fe_sqr(s->f, s->f);
}

static void bench_fe_inv(pkc_ec_bench_state *st)
{
    bench_st *s = (bench_st *)(void *)st->opaque;
    fe_inv(s->f, s->f);
}

/* ---------------------------------------------------------------- tests */

static int fe_test(int op, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fe am, bm, rm;
    int ok = 1;
    fe_from_canon(am, a);
    fe_from_canon(bm, b);
    switch (op) {
    case PKC_FE_TEST_MUL: fe_mul(rm, am, bm); break;
    case PKC_FE_TEST_SQR: fe_sqr(rm, am); break;
    case PKC_FE_TEST_ADD: fe_add(rm, am, bm); break;
    case PKC_FE_TEST_SUB: fe_sub(rm, am, bm); break;
    case PKC_FE_TEST_NEG: fe_neg(rm, am); break;
    case PKC_FE_TEST_INV: fe_inv(rm, am); break;
    case PKC_FE_TEST_INV_VAR: fe_inv_fermat(rm, am); break; /* the reference */
    case PKC_FE_TEST_SQRT_VAR: ok = fe_sqrt_var(rm, am); break;
    default: return 0;
    }
    if (ok)
        fe_to_canon(r, rm);
    return ok;
}

const pkc_ec_ops EC_OPS_NAME = {
    .nlimbs = N,
    .sc_reduce_wide = sc_reduce_wide,
    .sc_add = sc_add,
    .sc_sub = sc_sub,
    .sc_mul = sc_mul,
    .sc_neg = sc_neg,
    .sc_inv = sc_inv,
    .sc_inv_var = sc_inv, /* safegcd is faster than anything variable-time here */
    .on_curve_var = on_curve_var,
    .decompress_var = decompress_var,
    .mul_base = {mul_base_jac, mul_base_aff},
    .mul = {mul_jac, mul_aff},
    .mul2_var = {mul2_var_jac, mul2_var_aff},
    .bench_setup = bench_setup,
    .bench_add = {bench_add_jac, bench_add_aff},
    .bench_dbl = {bench_dbl_jac, bench_dbl_aff},
    .bench_fe_mul = bench_fe_mul,
    .bench_fe_sqr = bench_fe_sqr,
    .bench_fe_inv = bench_fe_inv,
    .fe_test = fe_test,
};
