/* pkc — the elliptic-curve arithmetic of one curve, instantiated from the
 * layers of src/ec/ (internal).
 *
 * Included once by each src/ec/<curve>.c (and by the toy curves of the
 * exhaustive tests), after the file has set the configuration below; every
 * function of the layers is static, so each curve gets its own fully
 * specialised copy with constant limb counts and moduli, and only the
 * operations table EC_OPS_NAME is exported.
 *
 * Layers, each calling only those above it in this list:
 *   0 limbs.h mont.h safegcd.h   multi-precision words, Montgomery, inversion
 *   1 field.h (+ field_mont.h | field_p256.h | field_p521.h), scalar.h
 *   2 point_jac.h curve_eq.h point_aff.h   point formulas, the curve equation
 *   3 recode.h table.h           signed windows and NAFs, tables of G, the
 *                                comb of any public point (the cache)
 *   4 mul_ct.h mul_var.h glv.h mul_aff.h   scalar multiplications
 *   5 this file                  the lab wrappers (lab.h) and the ops table
 *
 * Configuration (every required macro is checked below with #error):
 *   EC_N          limbs of the field and of the scalars (1 to 9)
 *   EC_PBITS      bit length of p;  EC_NBITS  bit length of the order n
 *   EC_FIELD      EC_FIELD_MONT, EC_FIELD_P256, EC_FIELD_P521 or EC_FIELD_K256
 *                 (field.h)
 *   EC_CURVE_A    -3 or 0: the curve form y^2 = x^3 + a x + b
 *   EC_P_MOD4     3 (square roots by one power) or 1 (Tonelli-Shanks)
 *   EC_GLV        1 for a curve with the GLV endomorphism (glv.h), else 0
 *   EC_OPS_NAME   the name of the exported pkc_ec_ops table
 * optional, with defaults:
 *   EC_W_BASE (5) EC_W_VAR (5) EC_W_G (8) EC_W_Q (5) EC_W_AFF (4): window
 *                 widths of k*G, k*P, the NAF of u1 over G and of u2 over Q,
 *                 and of the affine k*P
 *   EC_SMALL_ORDER (0) 1 for a toy curve whose order is too small for the
 *                 shortcuts that the real curves' sizes justify (mul_ct.h)
 * Constants (static const uint64_t[EC_N] unless noted; "field form" is the
 * representation of field.h) — see field.h, scalar.h, curve_eq.h, glv.h:
 *   ec_p, ec_one, ec_b, ec_gx, ec_gy (field form), ec_p_minus_2,
 *   ec_p_s62 (int64_t[]), EC_P_INV62; Montgomery fields: EC_P_M0, ec_r2,
 *   ec_r3; ec_sqrt_exp or EC_TS_S, ec_ts_qm1h, ec_ts_c; ec_n, EC_N_M0,
 *   ec_n_r2, ec_n_r3, ec_n_s62 (int64_t[]), EC_N_INV62; GLV: ec_glv_*.
 *
 * Timing: functions ending in _var branch on their (public) inputs; all
 * others are constant time: no branch and no memory index depends on field
 * values or scalar digits (table lookups read every entry and select with
 * masks). Exponents, window positions and loop counts are public constants.
 */
#include <string.h>

#include "ct.h"
#include "curve.h"
#include "lab.h"

#define EC_FIELD_MONT 1
#define EC_FIELD_P256 2
#define EC_FIELD_P521 3
#define EC_FIELD_K256 4

#if !defined(EC_N) || EC_N < 1 || EC_N > PKC_EC_MAX_LIMBS
#error "curve_tmpl.h: EC_N (limbs, 1 to PKC_EC_MAX_LIMBS) must be defined"
#endif
#if !defined(EC_PBITS) || EC_PBITS > 64 * EC_N
#error "curve_tmpl.h: EC_PBITS (bits of p, at most 64 EC_N) must be defined"
#endif
#if !defined(EC_NBITS) || EC_NBITS > 64 * EC_N
#error "curve_tmpl.h: EC_NBITS (bits of the order n, at most 64 EC_N) must be defined"
#endif
#if !defined(EC_FIELD)
#error "curve_tmpl.h: EC_FIELD must be defined (EC_FIELD_MONT, EC_FIELD_P256, EC_FIELD_P521, EC_FIELD_K256)"
#endif
#if !defined(EC_CURVE_A) || (EC_CURVE_A != -3 && EC_CURVE_A != 0)
#error "curve_tmpl.h: EC_CURVE_A must be defined as -3 or 0"
#endif
#if !defined(EC_P_MOD4) || (EC_P_MOD4 != 1 && EC_P_MOD4 != 3)
#error "curve_tmpl.h: EC_P_MOD4 must be defined as 1 or 3"
#endif
#if !defined(EC_GLV) || (EC_GLV != 0 && EC_GLV != 1)
#error "curve_tmpl.h: EC_GLV must be defined as 0 or 1"
#endif
#if EC_GLV && EC_CURVE_A != 0
#error "curve_tmpl.h: the GLV endomorphism needs a = 0"
#endif
#ifndef EC_OPS_NAME
#error "curve_tmpl.h: EC_OPS_NAME (the exported operations table) must be defined"
#endif
#ifndef EC_SMALL_ORDER
#define EC_SMALL_ORDER 0
#endif

/* ---- window widths and the sizes they imply ---- */
#ifndef EC_W_BASE
#define EC_W_BASE 5
#endif
#ifndef EC_W_VAR
#define EC_W_VAR 5
#endif
#ifndef EC_W_G
#define EC_W_G 8
#endif
#ifndef EC_W_Q
#define EC_W_Q 5
#endif
#ifndef EC_W_AFF
#define EC_W_AFF 4
#endif
/* mul_base: signed fixed window, one table row per window position:
 * g_comb[i][j] = (j+1) * 2^(WB*i) * G. No doublings at all, one mixed
 * addition per position. */
#define WB EC_W_BASE
#define WB_ENT (1 << (WB - 1))
#define WB_CNT ((EC_NBITS + 1 + WB - 1) / WB)
/* mul2_var: odd multiples G, 3G, ..., (2^(WG-1) - 1)G for a width-WG NAF */
#define WG EC_W_G
#define WG_ENT (1 << (WG - 2))
/* mul: signed window on a table of 2^(WV-1) multiples of P */
#define WV EC_W_VAR
#define WV_ENT (1 << (WV - 1))
#define WV_CNT ((EC_NBITS + 1 + WV - 1) / WV)
/* mul2_var: odd multiples of Q for a width-WQ NAF */
#define WQ EC_W_Q
#define WQ_ENT (1 << (WQ - 2))
/* affine mul: narrower window (every addition costs an inversion anyway) */
#define WA EC_W_AFF
#define WA_ENT (1 << (WA - 1))
#define WA_CNT ((EC_NBITS + 1 + WA - 1) / WA)

/* ---- the layers ---- */
#include "field.h"
#include "scalar.h"
#include "point_jac.h"
#include "curve_eq.h"
#include "point_aff.h"
#include "recode.h"
#include "table.h"
#include "mul_ct.h"
#include "mul_var.h"
#if EC_GLV
#include "glv.h"
#define MUL_JAC mul_jac_glv
#define MUL2_VAR_JAC mul2_var_jac_glv
#define MUL2_VAR_J mul2_var_glv_j
#else
#define MUL_JAC mul_jac_window
#define MUL2_VAR_JAC mul2_var_jac_window
#define MUL2_VAR_J mul2_var_window_j
#endif
#include "mul_aff.h"

/* r = -p (r may be p) */
static void aff_neg(aff *r, const aff *p)
{
    fe_copy(r->x, p->x);
    fe_neg(r->y, p->y);
}
#include "point_ops.h"

/* ECDSA's last test without the final inversion: 1 if R = u1 G + u2 Q is
 * finite and x(R) mod n = r (r in [1, n)). x(R) = X/Z^2 is in [0, p), so
 * it is r or, where r + n < p, r + n; each candidate x is checked as
 * X = x Z^2 (SEC 1 v2 4.1.4 steps 5-8; the same trick libsecp256k1 and
 * OpenSSL use). Variable time: public data. */
static int mul2_x_eq_var(const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                         const pkc_ec_affine *Q, const pkc_ec_scalar *r)
{
    jac R;
    fe z2, x, t;
    uint64_t c[EC_N];
    MUL2_VAR_J(&R, u1, u2, Q);
    if (fe_is_zero(R.Z))
        return 0;
    fe_sqr(z2, R.Z);
    memcpy(c, r->v, sizeof c);
    for (int k = 0; k < 2; k++) {
        if (!lb_lt(c, ec_p, EC_N))
            return 0;
        fe_from_canon(x, c);
        fe_mul(t, x, z2);
        if (fe_eq(t, R.X))
            return 1;
        if (lb_add(c, c, ec_n, EC_N)) /* r + n >= 2^(64 EC_N) > p */
            return 0;
    }
    return 0;
}

/* ---- the lab interface (lab.h): one operation per call ---- */

_Static_assert(sizeof(jac) <= sizeof(pkc_ec_lab_jac), "lab Jacobian point too small");
_Static_assert(sizeof(aff) <= sizeof(((pkc_ec_lab_aff *)0)->w), "lab affine point too small");

#define LAB_FE(p) ((p)->w)
#define LAB_JAC(p) ((jac *)(void *)(p)->w)
#define LAB_CJAC(p) ((const jac *)(const void *)(p)->w)
#define LAB_AFF(p) ((aff *)(void *)(p)->w)
#define LAB_CAFF(p) ((const aff *)(const void *)(p)->w)

static void lab_fe_from_int(pkc_ec_lab_fe *r, const uint64_t *a)
{
    fe_from_canon(LAB_FE(r), a);
}

static void lab_fe_to_int(uint64_t *r, const pkc_ec_lab_fe *a)
{
    fe_to_canon(r, LAB_FE(a));
}

static void lab_fe_add(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a, const pkc_ec_lab_fe *b)
{
    fe_add(LAB_FE(r), LAB_FE(a), LAB_FE(b));
}

static void lab_fe_sub(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a, const pkc_ec_lab_fe *b)
{
    fe_sub(LAB_FE(r), LAB_FE(a), LAB_FE(b));
}

static void lab_fe_neg(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a)
{
    fe_neg(LAB_FE(r), LAB_FE(a));
}

static void lab_fe_mul(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a, const pkc_ec_lab_fe *b)
{
    fe_mul(LAB_FE(r), LAB_FE(a), LAB_FE(b));
}

static void lab_fe_sqr(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a)
{
    fe_sqr(LAB_FE(r), LAB_FE(a));
}

static void lab_fe_inv(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a)
{
    fe_inv(LAB_FE(r), LAB_FE(a));
}

static void lab_fe_inv_fermat(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a)
{
    fe_inv_fermat(LAB_FE(r), LAB_FE(a));
}

static void lab_fe_inv_var(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a)
{
    fe_inv_var(LAB_FE(r), LAB_FE(a));
}

static int lab_fe_sqrt_var(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a)
{
    return fe_sqrt_var(LAB_FE(r), LAB_FE(a));
}

static void lab_jac_from_affine(pkc_ec_lab_jac *r, const pkc_ec_affine *P)
{
    aff a;
    aff_from_in(&a, P);
    jac_from_aff(LAB_JAC(r), &a);
}

static void lab_jac_to_affine(pkc_ec_affine *r, const pkc_ec_lab_jac *p)
{
    jac_to_out(r, LAB_CJAC(p));
}

static void lab_jac_dbl(pkc_ec_lab_jac *r, const pkc_ec_lab_jac *p)
{
    jac_dbl(LAB_JAC(r), LAB_CJAC(p));
}

static void lab_jac_add(pkc_ec_lab_jac *r, const pkc_ec_lab_jac *p, const pkc_ec_lab_jac *q,
                        uint64_t *h0, uint64_t *r0)
{
    jac_add(LAB_JAC(r), LAB_CJAC(p), LAB_CJAC(q), h0, r0);
}

static void lab_jac_add_var(pkc_ec_lab_jac *acc, const pkc_ec_lab_jac *q)
{
    jac_add_var(LAB_JAC(acc), LAB_CJAC(q));
}

static void lab_aff_from_affine(pkc_ec_lab_aff *r, const pkc_ec_affine *P)
{
    memset(r, 0, sizeof *r);
    if (P->infinity) { /* public: the caller's choice of input */
        r->infinity = ~(uint64_t)0;
        return;
    }
    aff_from_in(LAB_AFF(r), P);
}

static void lab_aff_to_affine(pkc_ec_affine *r, const pkc_ec_lab_aff *p)
{
    aff_to_out(r, LAB_CAFF(p), p->infinity);
}

static void lab_aff_add(pkc_ec_lab_aff *r, const pkc_ec_lab_aff *p, const pkc_ec_lab_aff *q)
{
    aff s;
    uint64_t sinf;
    aff_add_ct(&s, &sinf, LAB_CAFF(p), p->infinity, LAB_CAFF(q), q->infinity);
    *LAB_AFF(r) = s;
    r->infinity = sinf;
}

#if EC_GLV
static void lab_glv_split(uint64_t *k1, int *neg1, uint64_t *k2, int *neg2, const uint64_t *k)
{
    uint64_t m1, m2;
    glv_split(k1, &m1, k2, &m2, k);
    *neg1 = (int)(m1 & 1);
    *neg2 = (int)(m2 & 1);
}
#define LAB_GLV_SPLIT lab_glv_split
#else
#define LAB_GLV_SPLIT NULL
#endif

static const pkc_ec_lab lab_ops = {
    .nlimbs = EC_N,
    .fe_from_int = lab_fe_from_int,
    .fe_to_int = lab_fe_to_int,
    .fe_add = lab_fe_add,
    .fe_sub = lab_fe_sub,
    .fe_neg = lab_fe_neg,
    .fe_mul = lab_fe_mul,
    .fe_sqr = lab_fe_sqr,
    .fe_inv = lab_fe_inv,
    .fe_inv_fermat = lab_fe_inv_fermat,
    .fe_inv_var = lab_fe_inv_var,
    .fe_sqrt_var = lab_fe_sqrt_var,
    .jac_from_affine = lab_jac_from_affine,
    .jac_to_affine = lab_jac_to_affine,
    .jac_dbl = lab_jac_dbl,
    .jac_add = lab_jac_add,
    .jac_add_var = lab_jac_add_var,
    .aff_from_affine = lab_aff_from_affine,
    .aff_to_affine = lab_aff_to_affine,
    .aff_add = lab_aff_add,
    .glv_split = LAB_GLV_SPLIT,
};

/* ---- the operations table ---- */

/* SEC 1 v2 2.3.3: the compressed form keeps the parity of y */
static int compress_bit_var(const uint64_t *x, const uint64_t *y)
{
    (void)x;
    return (int)(y[0] & 1);
}

const pkc_ec_ops EC_OPS_NAME = {
    .nlimbs = EC_N,
    .sc_reduce_wide = sc_reduce_wide,
    .sc_add = sc_add,
    .sc_sub = sc_sub,
    .sc_mul = sc_mul,
    .sc_neg = sc_neg,
    .sc_inv = sc_inv,
    .sc_inv_var = sc_inv_var,
    .on_curve_var = on_curve_var,
    .in_subgroup_var = NULL, /* cofactor 1 */
    .decompress_var = decompress_var,
    .compress_bit_var = compress_bit_var,
    .add = point_add,
    .neg = point_neg,
    .mul_base = {[PKC_EC_JACOBIAN] = mul_base_jac, [PKC_EC_AFFINE] = mul_base_aff},
    .mul = {[PKC_EC_JACOBIAN] = MUL_JAC, [PKC_EC_AFFINE] = mul_aff},
    .mul2_var = {[PKC_EC_JACOBIAN] = MUL2_VAR_JAC, [PKC_EC_AFFINE] = mul2_var_aff},
    .mul2_x_eq_var = mul2_x_eq_var,
    .lab = &lab_ops,
    .comb_bytes = COMB_BYTES,
    .comb_build_var = comb_build_var,
    .mul_comb = {[PKC_EC_JACOBIAN] = mul_comb_jac_op, [PKC_EC_AFFINE] = mul_comb_aff_op},
    .mul2_comb_var = {[PKC_EC_JACOBIAN] = mul2_comb_var_jac, [PKC_EC_AFFINE] = mul2_comb_var_aff},
};
