/* pkc — points in Jacobian coordinates (internal; layer 2 of src/ec/,
 * included by curve_tmpl.h).
 *
 * (X, Y, Z) stands for the affine point (X/Z^2, Y/Z^3); Z = 0 is the point
 * at infinity. Formulas from the Explicit-Formulas Database
 * (hyperelliptic.org/EFD/g1p/auto-shortw-jacobian): doubling dbl-2001-b
 * for a = -3 and dbl-2009-l for a = 0, addition add-2007-bl, mixed
 * addition (one input affine, Z = 1) madd-2007-bl. The additions are
 * incomplete (P = Q gives a wrong result): they report H = 0 and r = 0 as
 * masks, and the callers either complete them (jac_madd_ct computes the
 * doubling too and selects it; the _var versions branch, for public data)
 * or show that the case cannot occur.
 *
 * Every function is constant time unless its name ends in _var.
 */
#ifndef PKC_EC_POINT_JAC_H
#define PKC_EC_POINT_JAC_H

typedef struct {
    fe X, Y, Z;
} jac;

typedef struct {
    fe x, y;
} aff;

static inline void jac_cmov(jac *r, const jac *a, uint64_t mask)
{
    ct_cmov_words((uint64_t *)r, (const uint64_t *)a, 3 * EC_N, mask);
}

static inline void aff_cmov(aff *r, const aff *a, uint64_t mask)
{
    ct_cmov_words((uint64_t *)r, (const uint64_t *)a, 2 * EC_N, mask);
}

static inline void jac_from_aff(jac *r, const aff *a)
{
    fe_copy(r->X, a->x);
    fe_copy(r->Y, a->y);
    fe_copy(r->Z, ec_one);
}

#if EC_CURVE_A == -3
/* r = 2p (dbl-2001-b, 3M + 5S); Z = 0 stays Z = 0. r may alias p. */
static void jac_dbl(jac *r, const jac *p)
{
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
}
#elif EC_CURVE_A == 0
/* r = 2p (dbl-2009-l, 2M + 5S); Z = 0 stays Z = 0. r may alias p. */
static void jac_dbl(jac *r, const jac *p)
{
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
}
#else
#error "point_jac.h: EC_CURVE_A must be -3 or 0"
#endif

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
 * r may alias p. zr, unless NULL (a constant at every call), gets the ratio
 * Z3 / Z1 = 2 H (Z3 = (Z1 + H)^2 - Z1^2 - H^2), for window_table's common
 * Z. */
FE_INLINE void jac_madd_zr(jac *r, const jac *p, const aff *q, uint64_t *h0, uint64_t *r0,
                           uint64_t *zr)
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
    if (zr)
        fe_add(zr, h, h);
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

static void jac_madd(jac *r, const jac *p, const aff *q, uint64_t *h0, uint64_t *r0)
{
    jac_madd_zr(r, p, q, h0, r0, NULL);
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

/* The end of an incomplete addition s = acc + q of finite points, for
 * public data: H = 0 means q = +-acc, so the sum is 2 acc (r = 0 too) or
 * infinity. */
static inline void jac_complete_var(jac *acc, const jac *s, uint64_t h0, uint64_t r0)
{
    if (!h0)
        *acc = *s;
    else if (r0)
        jac_dbl(acc, acc);
    else
        memset(acc, 0, sizeof *acc);
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
    jac_complete_var(acc, &s, h0, r0);
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
    jac_complete_var(acc, &s, h0, r0);
}

#if EC_CURVE_A == 0 && EC_GLV
/* acc += q, where acc is held on an isomorphic curve (a = 0: the formulas
 * do not read b): the true point of (X, Y, Z) is (X/(Z zq)^2, Y/(Z zq)^3),
 * and q is a true affine point, (q.x, q.y, 1/zq) there. With az = Z zq in
 * place of Z for U2 and S2, Z3 = Z H (add-2007-bl's products scaled by
 * zq^2 and zq^3): a mixed addition plus 1M, and no inversion of zq.
 * Complete, variable time: public data only (mul2_var_jac_glv). */
static void jac_madd_zinv_var(jac *acc, const aff *q, const fe zq)
{
    fe az, z1z1, u2, s2, h, hh, i, j, rr, v, t1;
    if (fe_is_zero(acc->Z)) {
        /* q on the isomorphic curve with Z = 1 */
        fe_sqr(z1z1, zq);
        fe_mul(acc->X, q->x, z1z1);
        fe_mul(z1z1, z1z1, zq);
        fe_mul(acc->Y, q->y, z1z1);
        fe_copy(acc->Z, ec_one);
        return;
    }
    fe_mul(az, acc->Z, zq);
    fe_sqr(z1z1, az);
    fe_mul(u2, q->x, z1z1);
    fe_mul(s2, q->y, az);
    fe_mul(s2, s2, z1z1);
    fe_sub(h, u2, acc->X);
    fe_sub(rr, s2, acc->Y);
    if (fe_is_zero(h)) {
        if (fe_is_zero(rr))
            jac_dbl(acc, acc);
        else
            memset(acc, 0, sizeof *acc);
        return;
    }
    fe_add(rr, rr, rr);
    fe_sqr(hh, h);
    fe_add(i, hh, hh);
    fe_add(i, i, i);
    fe_mul(j, h, i);
    fe_mul(v, acc->X, i);
    fe_mul(t1, acc->Z, h);
    fe_add(acc->Z, t1, t1); /* Z3 = 2 Z H */
    fe_sqr(t1, rr);
    fe_sub(t1, t1, j);
    fe_sub(t1, t1, v);
    fe_sub(t1, t1, v);
    fe_mul(s2, acc->Y, j);
    fe_sub(v, v, t1);
    fe_copy(acc->X, t1);
    fe_mul(v, rr, v);
    fe_add(s2, s2, s2);
    fe_sub(acc->Y, v, s2);
}

/* jac_madd_digit_var's digit over a table of true affine points, acc on
 * the isomorphic curve of jac_madd_zinv_var */
static inline void jac_madd_digit_zinv_var(jac *acc, const aff *tab, int v, int flip,
                                           const fe zq)
{
    const aff *e = &tab[(v > 0 ? v : -v) >> 1];
    if ((v < 0) == flip) {
        jac_madd_zinv_var(acc, e, zq);
        return;
    }
    aff t = *e;
    fe_neg(t.y, t.y);
    jac_madd_zinv_var(acc, &t, zq);
}
#endif

/* acc += v Q for a nonzero digit v of a width-w NAF (odd, |v| < 2^(w-1)),
 * from tab[j] = (2j + 1) Q; negated when v < 0, or when flip says the NAF is
 * of -k (a GLV half). Variable time: public digits only. */
static inline void jac_madd_digit_var(jac *acc, const aff *tab, int v, int flip)
{
    const aff *e = &tab[(v > 0 ? v : -v) >> 1];
    if ((v < 0) == flip) {
        jac_madd_var(acc, e);
        return;
    }
    aff t = *e;
    fe_neg(t.y, t.y);
    jac_madd_var(acc, &t);
}

/* Affine result in canonical form with the infinity mask; constant time
 * (vartime = 0, jac_to_out) or, for public points, with the variable-time
 * inversion (jac_to_out_var). */
FE_INLINE void jac_to_out_any(pkc_ec_affine *out, const jac *p, const int vartime)
{
    fe zi, zi2, x, y;
    if (vartime)
        fe_inv_var(zi, p->Z); /* 0 for infinity, which zeroes x and y */
    else
        fe_inv(zi, p->Z);
    fe_sqr(zi2, zi);
    fe_mul(x, p->X, zi2);
    fe_mul(zi2, zi2, zi);
    fe_mul(y, p->Y, zi2);
    memset(out, 0, sizeof *out);
    fe_to_canon(out->x, x);
    fe_to_canon(out->y, y);
    out->infinity = fe_is_zero(p->Z);
}

static void jac_to_out(pkc_ec_affine *out, const jac *p)
{
    jac_to_out_any(out, p, 0);
}

static void jac_to_out_var(pkc_ec_affine *out, const jac *p)
{
    jac_to_out_any(out, p, 1);
}

/* Montgomery's simultaneous inversion: out[i] = in[i] in affine form, with
 * one inversion for up to BATCH_MAX points (none of them at infinity):
 * constant time (jac_batch_to_aff: the window table of k P, whose P may be
 * secret), or with the variable-time inversion for the tables of public
 * points (jac_batch_to_aff_var). */
#define BATCH_MAX 64
FE_INLINE void jac_batch_to_aff_any(aff *out, const jac *in, int cnt, const int vartime)
{
    fe prefix[BATCH_MAX], inv, t, zi, zi2;
    fe_copy(prefix[0], in[0].Z);
    for (int i = 1; i < cnt; i++)
        fe_mul(prefix[i], prefix[i - 1], in[i].Z);
    if (vartime)
        fe_inv_var(inv, prefix[cnt - 1]);
    else
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

static inline void jac_batch_to_aff(aff *out, const jac *in, int cnt)
{
    jac_batch_to_aff_any(out, in, cnt, 0);
}

static void jac_batch_to_aff_var(aff *out, const jac *in, int cnt)
{
    jac_batch_to_aff_any(out, in, cnt, 1);
}

/* a validated finite point of the library boundary -> the representation */
static void aff_from_in(aff *r, const pkc_ec_affine *P)
{
    fe_from_canon(r->x, P->x);
    fe_from_canon(r->y, P->y);
}

#endif
