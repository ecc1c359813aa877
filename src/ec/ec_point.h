/* pkc — the curve descriptor behind the opaque pkc_ec_curve (internal).
 *
 * Each curve's arithmetic is one translation unit, src/ec_mul_<curve>.c,
 * which sets the limb count, the modulus, the order and the curve form and
 * includes the template src/ec_mul_tmpl.h. The template instantiates field,
 * scalar, point and scalar-multiplication code with everything constant at
 * compile time, and exports one pkc_ec_ops table; src/ec_curves.c links each
 * pkc_ec_curve to its table, and the generic entry points of ec_internal.h
 * (ec_scalar.c, ec_point.c, ec_mul.c) dispatch through it.
 *
 * Every limb array crossing this table is canonical (not Montgomery form),
 * little-endian, nlimbs words.
 */
#ifndef PKC_EC_POINT_H
#define PKC_EC_POINT_H

#include "ec_internal.h"

/* Field operations exposed for the tests (canonical in and out). */
typedef enum {
    PKC_FE_TEST_MUL = 0,
    PKC_FE_TEST_SQR,
    PKC_FE_TEST_ADD,
    PKC_FE_TEST_SUB,
    PKC_FE_TEST_NEG,
    PKC_FE_TEST_INV,
    PKC_FE_TEST_INV_VAR,
    PKC_FE_TEST_SQRT_VAR /* returns 0 if a is not a square */
} pkc_fe_test_op;

typedef void (*pkc_ec_sc_fn2)(uint64_t *r, const uint64_t *a, const uint64_t *b);
typedef void (*pkc_ec_sc_fn1)(uint64_t *r, const uint64_t *a);
typedef void (*pkc_ec_mul_base_fn)(pkc_ec_affine *out, const pkc_ec_scalar *k);
typedef void (*pkc_ec_mul_fn)(pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *P);
typedef void (*pkc_ec_mul2_fn)(pkc_ec_affine *out, const pkc_ec_scalar *u1,
                               const pkc_ec_scalar *u2, const pkc_ec_affine *Q);
typedef void (*pkc_ec_bench_fn)(pkc_ec_bench_state *st);

typedef struct {
    unsigned nlimbs; /* field and scalar limbs (the same for all 8 curves) */
    /* scalars mod n */
    void (*sc_reduce_wide)(uint64_t *r, const uint64_t *in); /* in: 2*nlimbs words */
    pkc_ec_sc_fn2 sc_add, sc_sub, sc_mul;
    pkc_ec_sc_fn1 sc_neg, sc_inv, sc_inv_var;
    /* points: x, y < p checked by the caller; 1 if y^2 = x^3 + ax + b */
    int (*on_curve_var)(const uint64_t *x, const uint64_t *y);
    /* y with the given parity from x < p; 0 if x^3 + ax + b is no square */
    int (*decompress_var)(uint64_t *y, const uint64_t *x, int y_odd);
    /* [0] Jacobian, [1] affine (pkc_ec_coords order) */
    pkc_ec_mul_base_fn mul_base[2];
    pkc_ec_mul_fn mul[2];
    pkc_ec_mul2_fn mul2_var[2];
    /* benchmark hooks (see ec_internal.h) */
    pkc_ec_bench_fn bench_setup;
    pkc_ec_bench_fn bench_add[2], bench_dbl[2];
    pkc_ec_bench_fn bench_fe_mul, bench_fe_sqr, bench_fe_inv;
    /* test hook: field operation op on canonical a, b */
    int (*fe_test)(int op, uint64_t *r, const uint64_t *a, const uint64_t *b);
} pkc_ec_ops;

struct pkc_ec_curve {
    const pkc_curve_info *info;
    const pkc_ec_ops *ops;
};

extern const pkc_ec_ops pkc_ec_ops_secp192k1, pkc_ec_ops_secp192r1, pkc_ec_ops_secp224k1,
    pkc_ec_ops_secp224r1, pkc_ec_ops_secp256k1, pkc_ec_ops_secp256r1, pkc_ec_ops_secp384r1,
    pkc_ec_ops_secp521r1;

#endif
