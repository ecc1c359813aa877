/* pkc — the curve equation y^2 = x^3 + a x + b (internal; layer 2 of
 * src/ec/, included by curve_tmpl.h): the terms in a, for the two forms the
 * SEC 2 prime curves take (a = -3, a = 0), and the public-key checks built
 * on the equation. Needs ec_b (in field form) and EC_CURVE_A.
 */
#ifndef PKC_EC_CURVE_EQ_H
#define PKC_EC_CURVE_EQ_H

#if EC_CURVE_A == -3
/* t += a x, a = -3 */
static inline void curve_add_ax(uint64_t *t, const uint64_t *x)
{
    fe u;
    fe_add(u, x, x);
    fe_add(u, u, x);
    fe_sub(t, t, u);
}

/* t += a, a = -3 */
static inline void curve_add_a(uint64_t *t)
{
    fe_sub(t, t, ec_one);
    fe_sub(t, t, ec_one);
    fe_sub(t, t, ec_one);
}
#elif EC_CURVE_A == 0
static inline void curve_add_ax(uint64_t *t, const uint64_t *x)
{
    (void)t;
    (void)x;
}

static inline void curve_add_a(uint64_t *t)
{
    (void)t;
}
#else
#error "curve_eq.h: EC_CURVE_A must be -3 or 0"
#endif

/* rhs = x^3 + a x + b (field form) */
static void curve_rhs(uint64_t *rhs, const uint64_t *x)
{
    fe t;
    fe_sqr(t, x);
    fe_mul(t, t, x);
    curve_add_ax(t, x);
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

#endif
