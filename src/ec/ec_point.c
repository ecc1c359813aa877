/* pkc — point encoding checks (SEC 1 v2 sections 2.3.3, 2.3.4, 3.2.2):
 * coordinates below p (of degree < m for GF(2^m)), on the curve, in the
 * subgroup of order n when the cofactor is not 1, decompression;
 * conversions to bytes.
 * The field arithmetic is each curve's specialised code (curve_tmpl.h). */
#include <string.h>

#include "curve.h"
#include "limbs.h"

#define M PKC_EC_MAX_LIMBS

/* x < p for a public x; for GF(2^m), x of degree < m */
static int below_p_var(const pkc_ec_curve *c, const uint64_t *x)
{
    if (c->info->field == PKC_FIELD_BINARY) {
        unsigned m = c->info->field_bits;
        for (unsigned i = m / 64; i < M; i++)
            if (x[i] >> (i == m / 64 ? m % 64 : 0))
                return 0;
        return 1;
    }
    uint64_t p[M];
    lb_from_be(p, c->info->p, c->info->field_bytes, M);
    return lb_lt(x, p, M) != 0;
}

/* on the curve, and for a cofactor > 1 in the subgroup of order n */
static int valid_var(const pkc_ec_curve *c, const uint64_t *x, const uint64_t *y)
{
    if (!c->ops->on_curve_var(x, y))
        return 0;
    return !c->ops->in_subgroup_var || c->ops->in_subgroup_var(x, y);
}

pkc_err pkc_ec_point_set_xy_var(const pkc_ec_curve *c, pkc_ec_affine *P, const uint8_t *x,
                                const uint8_t *y)
{
    pkc_ec_affine t;
    memset(&t, 0, sizeof t);
    lb_from_be(t.x, x, c->info->field_bytes, M);
    lb_from_be(t.y, y, c->info->field_bytes, M);
    if (!below_p_var(c, t.x) || !below_p_var(c, t.y))
        return PKC_ERR_POINT;
    if (!valid_var(c, t.x, t.y))
        return PKC_ERR_POINT;
    *P = t;
    return PKC_OK;
}

pkc_err pkc_ec_point_decompress_var(const pkc_ec_curve *c, pkc_ec_affine *P, const uint8_t *x,
                                    int y_odd)
{
    pkc_ec_affine t;
    memset(&t, 0, sizeof t);
    lb_from_be(t.x, x, c->info->field_bytes, M);
    if (!below_p_var(c, t.x))
        return PKC_ERR_POINT;
    if (!c->ops->decompress_var(t.y, t.x, y_odd & 1) || !valid_var(c, t.x, t.y))
        return PKC_ERR_POINT;
    *P = t;
    return PKC_OK;
}

void pkc_ec_point_get_xy(const pkc_ec_curve *c, const pkc_ec_affine *P, uint8_t *x, uint8_t *y)
{
    lb_to_be(x, c->info->field_bytes, P->x);
    lb_to_be(y, c->info->field_bytes, P->y);
}

void pkc_ec_point_x_mod_n(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_affine *P)
{
    uint64_t wide[2 * M];
    unsigned n = c->ops->nlimbs;
    memset(wide, 0, sizeof wide);
    memcpy(wide, P->x, n * sizeof(uint64_t));
    memset(out, 0, sizeof *out);
    c->ops->sc_reduce_wide(out->v, wide);
}

int pkc_ec_point_is_valid_var(const pkc_ec_curve *c, const pkc_ec_affine *P)
{
    if (P->infinity)
        return 0;
    for (unsigned i = c->ops->nlimbs; i < M; i++)
        if (P->x[i] || P->y[i])
            return 0;
    if (!below_p_var(c, P->x) || !below_p_var(c, P->y))
        return 0;
    return valid_var(c, P->x, P->y);
}

int pkc_ec_point_compress_bit_var(const pkc_ec_curve *c, const pkc_ec_affine *P)
{
    return c->ops->compress_bit_var(P->x, P->y);
}

void pkc_ec_point_add(const pkc_ec_curve *c, pkc_ec_affine *r, const pkc_ec_affine *p,
                      const pkc_ec_affine *q)
{
    c->ops->add(r, p, q);
}

void pkc_ec_point_neg(const pkc_ec_curve *c, pkc_ec_affine *r, const pkc_ec_affine *p)
{
    c->ops->neg(r, p);
}
