/* pkc — points in affine coordinates (internal; layer 2 of src/ec/,
 * included by curve_tmpl.h): the complete, constant-time addition that the
 * affine scalar multiplications are built on (one inversion per addition or
 * doubling). The infinity of an affine point is a separate mask.
 */
#ifndef PKC_EC_POINT_AFF_H
#define PKC_EC_POINT_AFF_H

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
    curve_add_a(nd); /* 3x^2 + a */
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
    for (int i = 0; i < EC_N; i++) {
        out->x[i] &= ~inf;
        out->y[i] &= ~inf;
    }
    out->infinity = inf;
}

#endif
