/* pkc — the two scalar-multiplication tables (Jacobian, affine) and the
 * benchmark hooks of ec_internal.h; both dispatch to each curve's
 * specialised code (src/ec_mul_tmpl.h). */
#include "ec_point.h"

static void jac_mul_base(const pkc_ec_curve *c, pkc_ec_affine *out, const pkc_ec_scalar *k)
{
    c->ops->mul_base[PKC_EC_COORDS_JACOBIAN](out, k);
}

static void jac_mul(const pkc_ec_curve *c, pkc_ec_affine *out, const pkc_ec_scalar *k,
                    const pkc_ec_affine *P)
{
    c->ops->mul[PKC_EC_COORDS_JACOBIAN](out, k, P);
}

static void jac_mul2_var(const pkc_ec_curve *c, pkc_ec_affine *out, const pkc_ec_scalar *u1,
                         const pkc_ec_scalar *u2, const pkc_ec_affine *Q)
{
    c->ops->mul2_var[PKC_EC_COORDS_JACOBIAN](out, u1, u2, Q);
}

static void aff_mul_base(const pkc_ec_curve *c, pkc_ec_affine *out, const pkc_ec_scalar *k)
{
    c->ops->mul_base[PKC_EC_COORDS_AFFINE](out, k);
}

static void aff_mul(const pkc_ec_curve *c, pkc_ec_affine *out, const pkc_ec_scalar *k,
                    const pkc_ec_affine *P)
{
    c->ops->mul[PKC_EC_COORDS_AFFINE](out, k, P);
}

static void aff_mul2_var(const pkc_ec_curve *c, pkc_ec_affine *out, const pkc_ec_scalar *u1,
                         const pkc_ec_scalar *u2, const pkc_ec_affine *Q)
{
    c->ops->mul2_var[PKC_EC_COORDS_AFFINE](out, u1, u2, Q);
}

const pkc_ec_mul_impl pkc_ec_impl_jacobian = {"jacobian", jac_mul_base, jac_mul, jac_mul2_var};
const pkc_ec_mul_impl pkc_ec_impl_affine = {"affine", aff_mul_base, aff_mul, aff_mul2_var};

const pkc_ec_mul_impl *pkc_ec_impl_get(pkc_ec_coords coords)
{
    switch (coords) {
    case PKC_EC_COORDS_JACOBIAN: return &pkc_ec_impl_jacobian;
    case PKC_EC_COORDS_AFFINE: return &pkc_ec_impl_affine;
    }
    return NULL;
}

void pkc_ec_bench_setup(const pkc_ec_curve *c, pkc_ec_bench_state *st)
{
    c->ops->bench_setup(st);
}

void pkc_ec_bench_point_add(const pkc_ec_curve *c, pkc_ec_coords coords, pkc_ec_bench_state *st)
{
    c->ops->bench_add[coords == PKC_EC_COORDS_AFFINE](st);
}

void pkc_ec_bench_point_double(const pkc_ec_curve *c, pkc_ec_coords coords,
                               pkc_ec_bench_state *st)
{
    c->ops->bench_dbl[coords == PKC_EC_COORDS_AFFINE](st);
}

void pkc_ec_bench_field_mul(const pkc_ec_curve *c, pkc_ec_bench_state *st)
{
    c->ops->bench_fe_mul(st);
}

void pkc_ec_bench_field_sqr(const pkc_ec_curve *c, pkc_ec_bench_state *st)
{
    c->ops->bench_fe_sqr(st);
}

void pkc_ec_bench_field_inv(const pkc_ec_curve *c, pkc_ec_bench_state *st)
{
    c->ops->bench_fe_inv(st);
}
