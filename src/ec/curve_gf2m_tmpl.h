/* pkc — the arithmetic of one binary curve y^2 + xy = x^3 + a x^2 + b over
 * GF(2^m), instantiated from the binary layers of src/ec/ (internal): the
 * counterpart of curve_tmpl.h for the curves over prime fields.
 *
 * Included once by each src/ec/sect*.c (and by the toy binary curves of the
 * exhaustive tests) after the file has set the configuration below; every
 * function is static and only the operations table EC_OPS_NAME (curve.h) is
 * exported.
 *
 * Layers, each calling only those above it in this list:
 *   0 limbs.h mont.h safegcd.h    words (scalars mod n only), gf2m_cpu.h
 *   1 field_gf2m.h, scalar.h      GF(2^m) in a polynomial basis; mod n
 *   2 point_ld.h                  López-Dahab and affine formulas, the curve
 *                                 equation, subgroup check, (de)compression
 *   3 recode.h                    width-w NAFs (verification)
 *   4 mul_ld.h                    the ladder, u1 G + u2 Q, the affine versions
 *   5 this file                   the lab wrappers (lab.h) and the ops table
 *
 * Configuration (checked below with #error):
 *   EC_N          64-bit words of a field element and of a scalar
 *   EC_M          the degree m;  EC_NBITS  bit length of the order n
 *   EC_POLY_K1 [EC_POLY_K2 EC_POLY_K3]  f(z) = z^m + z^k3 + z^k2 + z^k1 + 1
 *                 (a pentanomial) or z^m + z^k1 + 1 (a trinomial)
 *   EC_CURVE_A    0 or 1;  EC_B_IS_ONE  1 if b = 1 (the Koblitz curves)
 *   EC_COFACTOR   2 or 4
 *   EC_OPS_NAME   the name of the exported pkc_ec_ops table
 * optional: EC_W_BASE (5) the comb's window for k G, EC_W_G (6), EC_W_Q (5)
 *   NAF widths over G and Q (verification), EC_W_AFF (4) the affine window;
 *   EC_SMALL_ORDER (0) for toy curves
 * Constants (static const uint64_t[EC_N]): ec_b, ec_gx, ec_gy, ec_tr_mask
 *   (Tr(z^i) at bit i); ec_n, EC_N_M0, ec_n_r2, ec_n_r3, ec_n_s62
 *   (int64_t[]), EC_N_INV62 for scalar.h.
 *
 * Timing: as curve_tmpl.h: functions ending in _var branch on their public
 * inputs; the others are constant time.
 */
#include <string.h>

#include "ct.h"
#include "curve.h"
#include "lab.h"

#if !defined(EC_N) || EC_N < 1 || EC_N > PKC_EC_MAX_LIMBS
#error "curve_gf2m_tmpl.h: EC_N (words, 1 to PKC_EC_MAX_LIMBS) must be defined"
#endif
#if !defined(EC_M) || EC_M > 64 * EC_N || EC_M <= 64 * (EC_N - 1)
#error "curve_gf2m_tmpl.h: EC_M (the degree, in the top word of EC_N) must be defined"
#endif
#if !defined(EC_NBITS) || EC_NBITS + 1 > 64 * EC_N
#error "curve_gf2m_tmpl.h: EC_NBITS (bits of n, at most 64 EC_N - 1) must be defined"
#endif
#if !defined(EC_POLY_K1) || (defined(EC_POLY_K2) && !defined(EC_POLY_K3))
#error "curve_gf2m_tmpl.h: EC_POLY_K1, or EC_POLY_K1..K3, must be defined"
#endif
#if !defined(EC_CURVE_A) || (EC_CURVE_A != 0 && EC_CURVE_A != 1)
#error "curve_gf2m_tmpl.h: EC_CURVE_A must be defined as 0 or 1"
#endif
#if !defined(EC_B_IS_ONE) || !defined(EC_COFACTOR)
#error "curve_gf2m_tmpl.h: EC_B_IS_ONE and EC_COFACTOR must be defined"
#endif
#ifndef EC_OPS_NAME
#error "curve_gf2m_tmpl.h: EC_OPS_NAME (the exported operations table) must be defined"
#endif
#ifndef EC_SMALL_ORDER
#define EC_SMALL_ORDER 0
#endif
#ifndef EC_W_BASE
#define EC_W_BASE 5
#endif
#ifndef EC_W_G
#define EC_W_G 6
#endif
#ifndef EC_W_Q
#define EC_W_Q 5
#endif
#ifndef EC_W_AFF
#define EC_W_AFF 4
#endif

/* ---- the layers ---- */
#include "limbs.h"
#include "field_gf2m.h"
typedef uint64_t fe[EC_N];
#include "scalar.h"
#include "point_ld.h"
#include "recode.h"
#include "mul_ld.h"

#include "point_ops.h"

/* ---- the lab interface (lab.h): one operation per call ----
 * Field elements are the canonical polynomials themselves; "Jacobian"
 * points are López-Dahab (X, Y, Z). */

_Static_assert(sizeof(ld) <= sizeof(pkc_ec_lab_jac), "lab LD point too small");
_Static_assert(sizeof(aff) <= sizeof(((pkc_ec_lab_aff *)0)->w), "lab affine point too small");

#define LAB_FE(p) ((p)->w)
#define LAB_LD(p) ((ld *)(void *)(p)->w)
#define LAB_CLD(p) ((const ld *)(const void *)(p)->w)
#define LAB_AFF(p) ((aff *)(void *)(p)->w)
#define LAB_CAFF(p) ((const aff *)(const void *)(p)->w)

static void lab_fe_from_int(pkc_ec_lab_fe *r, const uint64_t *a)
{
    fe_copy(LAB_FE(r), a);
}

static void lab_fe_to_int(uint64_t *r, const pkc_ec_lab_fe *a)
{
    fe_copy(r, LAB_FE(a));
}

static void lab_fe_add(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a, const pkc_ec_lab_fe *b)
{
    fe_add(LAB_FE(r), LAB_FE(a), LAB_FE(b));
}

static void lab_fe_neg(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a)
{
    fe_copy(LAB_FE(r), LAB_FE(a)); /* -a = a in characteristic 2 */
}

static void lab_fe_mul(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a, const pkc_ec_lab_fe *b)
{
    fe_mul(LAB_FE(r), LAB_FE(a), LAB_FE(b));
}

static void lab_fe_mul_portable(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a,
                                const pkc_ec_lab_fe *b)
{
    fe_mul_portable(LAB_FE(r), LAB_FE(a), LAB_FE(b));
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

static int lab_fe_sqrt_var(pkc_ec_lab_fe *r, const pkc_ec_lab_fe *a)
{
    fe_sqrt(LAB_FE(r), LAB_FE(a)); /* every element is a square */
    return 1;
}

static void lab_jac_from_affine(pkc_ec_lab_jac *r, const pkc_ec_affine *P)
{
    aff a;
    aff_from_in(&a, P);
    ld_from_aff(LAB_LD(r), &a);
}

static void lab_jac_to_affine(pkc_ec_affine *r, const pkc_ec_lab_jac *p)
{
    ld_to_out(r, LAB_CLD(p));
}

static void lab_jac_dbl(pkc_ec_lab_jac *r, const pkc_ec_lab_jac *p)
{
    ld_dbl(LAB_LD(r), LAB_CLD(p));
}

/* the mixed addition of the multiplications: q must have Z = 1 (as
 * jac_from_affine makes it); *h0 = mask of B = 0, *r0 = mask of A = 0 */
static void lab_jac_add(pkc_ec_lab_jac *r, const pkc_ec_lab_jac *p, const pkc_ec_lab_jac *q,
                        uint64_t *h0, uint64_t *r0)
{
    aff qa;
    fe_copy(qa.x, LAB_CLD(q)->X);
    fe_copy(qa.y, LAB_CLD(q)->Y);
    ld s;
    *h0 = ld_madd(&s, LAB_CLD(p), &qa, r0);
    *LAB_LD(r) = s;
}

static void lab_jac_add_var(pkc_ec_lab_jac *acc, const pkc_ec_lab_jac *q)
{
    const ld *lq = LAB_CLD(q);
    if (fe_is_zero(lq->Z))
        return;
    aff qa;
    ld_batch_to_aff_var(&qa, lq, 1);
    ld_madd_var(LAB_LD(acc), &qa);
}

static void lab_aff_from_affine(pkc_ec_lab_aff *r, const pkc_ec_affine *P)
{
    memset(r, 0, sizeof *r);
    if (P->infinity) {
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

static const pkc_ec_lab lab_ops = {
    .nlimbs = EC_N,
    .binary = 1,
    .fe_from_int = lab_fe_from_int,
    .fe_to_int = lab_fe_to_int,
    .fe_add = lab_fe_add,
    .fe_sub = lab_fe_add,
    .fe_neg = lab_fe_neg,
    .fe_mul = lab_fe_mul,
    .fe_mul_portable = lab_fe_mul_portable,
    .fe_sqr = lab_fe_sqr,
    .fe_inv = lab_fe_inv,
    .fe_inv_fermat = lab_fe_inv_fermat,
    .fe_inv_var = lab_fe_inv,
    .fe_sqrt_var = lab_fe_sqrt_var,
    .jac_from_affine = lab_jac_from_affine,
    .jac_to_affine = lab_jac_to_affine,
    .jac_dbl = lab_jac_dbl,
    .jac_add = lab_jac_add,
    .jac_add_var = lab_jac_add_var,
    .aff_from_affine = lab_aff_from_affine,
    .aff_to_affine = lab_aff_to_affine,
    .aff_add = lab_aff_add,
};

/* ---- the operations table ---- */

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
    .in_subgroup_var = in_subgroup_var,
    .decompress_var = decompress_var,
    .compress_bit_var = compress_bit_var,
    .add = point_add,
    .neg = point_neg,
    .mul_base = {[PKC_EC_JACOBIAN] = mul_base_ld, [PKC_EC_AFFINE] = mul_base_aff},
    .mul = {[PKC_EC_JACOBIAN] = mul_ld, [PKC_EC_AFFINE] = mul_aff},
    .mul2_var = {[PKC_EC_JACOBIAN] = mul2_var_ld, [PKC_EC_AFFINE] = mul2_var_aff},
    .lab = &lab_ops,
    /* no comb of a public point (the ladder needs no table): the cache of
     * public points (ec_cache.c) is bypassed on the binary curves */
    .comb_bytes = 0,
};
