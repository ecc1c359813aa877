/* pkc — points of a binary curve y^2 + xy = x^3 + a x^2 + b, a in {0, 1}
 * (internal; layer 2 of the binary-curve arithmetic, included by
 * curve_gf2m_tmpl.h): López-Dahab projective coordinates, affine
 * coordinates, the curve equation and the public-key checks.
 *
 * López-Dahab (LD): (X : Y : Z) stands for the affine (X/Z, Y/Z^2); Z = 0 is
 * the point at infinity. Formulas: Hankerson, Menezes, Vanstone, "Guide to
 * Elliptic Curve Cryptography" (2004), 3.24 (doubling: 4M + 5S, one M less
 * when b = 1) and 3.25 (mixed addition LD + affine: 8M + 5S).
 * Negation: -(x, y) = (x, x + y). The only point of order 2 is (0, sqrt b).
 */
#ifndef PKC_EC_POINT_LD_H
#define PKC_EC_POINT_LD_H

typedef struct {
    uint64_t X[EC_N], Y[EC_N], Z[EC_N];
} ld;

typedef struct {
    uint64_t x[EC_N], y[EC_N];
} aff;

static inline void fe_mul_b(uint64_t *r, const uint64_t *a)
{
#if EC_B_IS_ONE
    fe_copy(r, a);
#else
    fe_mul(r, a, ec_b);
#endif
}

/* r += a t (a is 0 or 1) */
static inline void fe_add_a_times(uint64_t *r, const uint64_t *t)
{
#if EC_CURVE_A == 1
    fe_add(r, r, t);
#else
    (void)r;
    (void)t;
#endif
}

static inline void aff_from_in(aff *a, const pkc_ec_affine *P)
{
    fe_copy(a->x, P->x);
    fe_copy(a->y, P->y);
}

static inline void ld_from_aff(ld *r, const aff *a)
{
    fe_copy(r->X, a->x);
    fe_copy(r->Y, a->y);
    fe_set_one(r->Z);
}

static inline void ld_set_infinity(ld *r)
{
    fe_set_one(r->X);
    fe_set_zero(r->Y);
    fe_set_zero(r->Z);
}

static inline void aff_cmov(aff *r, const aff *a, uint64_t mask)
{
    fe_cmov(r->x, a->x, mask);
    fe_cmov(r->y, a->y, mask);
}

/* r = -p (affine) */
static inline void aff_neg(aff *r, const aff *p)
{
    fe_copy(r->x, p->x);
    fe_add(r->y, p->x, p->y);
}

/* r = 2p (HMV 3.24): Z3 = X1^2 Z1^2, X3 = X1^4 + b Z1^4,
 * Y3 = b Z1^4 Z3 + X3 (a Z3 + Y1^2 + b Z1^4). Complete: infinity doubles
 * to infinity (Z3 = 0), and so does (0, sqrt b). r may alias p. */
static void ld_dbl(ld *r, const ld *p)
{
    uint64_t x2[EC_N], z2[EC_N], bz4[EC_N], t[EC_N];
    fe_sqr(x2, p->X);
    fe_sqr(z2, p->Z);
    fe_sqr(t, z2);
    fe_mul_b(bz4, t);       /* b Z1^4 */
    fe_mul(r->Z, x2, z2);   /* Z3 */
    fe_sqr(x2, x2);         /* X1^4 */
    fe_sqr(t, p->Y);        /* Y1^2 */
    fe_add(r->X, x2, bz4);  /* X3 */
    fe_add(t, t, bz4);
    fe_add_a_times(t, r->Z);
    fe_mul(t, t, r->X);
    fe_mul(bz4, bz4, r->Z);
    fe_add(r->Y, t, bz4);
}

/* r = p + q for an affine q (HMV 3.25):
 *   A = y2 Z1^2 + Y1, B = x2 Z1 + X1, C = Z1 B, D = B^2 (C + a Z1^2),
 *   Z3 = C^2, E = A C, X3 = A^2 + D + E, F = X3 + x2 Z3,
 *   G = (x2 + y2) Z3^2, Y3 = (E + Z3) F + G.
 * Incomplete: correct for p finite and p != +-q. Returns the mask of
 * B = 0 (x(p) = x(q) or p at infinity: then r is garbage with Z3 = 0);
 * *a0 gets the mask of A = 0 (with B = 0: p = q). r may alias p. */
static uint64_t ld_madd(ld *r, const ld *p, const aff *q, uint64_t *a0)
{
    uint64_t z2[EC_N], A[EC_N], B[EC_N], C[EC_N], D[EC_N], t[EC_N];
    fe_sqr(z2, p->Z);
    fe_mul(A, q->y, z2);
    fe_add(A, A, p->Y);
    fe_mul(B, q->x, p->Z);
    fe_add(B, B, p->X);
    uint64_t b0 = fe_is_zero(B);
    *a0 = fe_is_zero(A);
    fe_mul(C, p->Z, B);
    fe_copy(t, C);
    fe_add_a_times(t, z2);
    fe_sqr(D, B);
    fe_mul(D, D, t);           /* D */
    fe_sqr(r->Z, C);           /* Z3 */
    fe_mul(C, A, C);           /* E */
    fe_sqr(A, A);
    fe_add(A, A, D);
    fe_add(r->X, A, C);        /* X3 */
    fe_mul(t, q->x, r->Z);
    fe_add(t, t, r->X);        /* F */
    fe_add(C, C, r->Z);        /* E + Z3 */
    fe_mul(C, C, t);
    fe_add(t, q->x, q->y);
    fe_sqr(D, r->Z);
    fe_mul(t, t, D);           /* G */
    fe_add(r->Y, C, t);
    return b0;
}

/* acc += q for an affine q, complete: every case, branching on public data
 * (verification, table building). */
static void ld_madd_var(ld *acc, const aff *q)
{
    if (fe_is_zero(acc->Z)) {
        ld_from_aff(acc, q);
        return;
    }
    ld r;
    uint64_t a0;
    if (ld_madd(&r, acc, q, &a0)) {
        if (a0) {
            ld t;
            ld_from_aff(&t, q);
            ld_dbl(acc, &t);
        } else {
            ld_set_infinity(acc);
        }
        return;
    }
    *acc = r;
}

/* ---- affine arithmetic ---- */

/* r = p + q, complete and constant time, one inversion. With
 * lambda = (y1 + y2) / (x1 + x2) for x1 != x2 and (x1^2 + y1) / x1 for
 * x1 = x2 (doubling), both cases read x3 = lambda^2 + lambda + x1 + x2 + a
 * and y3 = lambda (x1 + x3) + x3 + y1. Infinity (the masks) for p = -q, for
 * 2 (0, sqrt b), and for two infinite inputs; either input may be at
 * infinity. */
static void aff_add_ct(aff *r, uint64_t *rinf, const aff *p, uint64_t pinf, const aff *q,
                       uint64_t qinf)
{
    uint64_t num[EC_N], den[EC_N], sumx[EC_N], t[EC_N], lam[EC_N];
    aff s;
    uint64_t eqx = fe_eq(p->x, q->x), eqy = fe_eq(p->y, q->y), x0 = fe_is_zero(p->x);
    fe_add(num, p->y, q->y);
    fe_add(sumx, p->x, q->x);
    fe_copy(den, sumx);
    fe_sqr(t, p->x);
    fe_add(t, t, p->y);
    fe_cmov(num, t, eqx);
    fe_cmov(den, p->x, eqx);
    fe_inv(t, den);
    fe_mul(lam, num, t);
    fe_sqr(s.x, lam);
    fe_add(s.x, s.x, lam);
    fe_add(s.x, s.x, sumx);
#if EC_CURVE_A == 1
    s.x[0] ^= 1;
#endif
    fe_add(t, p->x, s.x);
    fe_mul(s.y, lam, t);
    fe_add(s.y, s.y, s.x);
    fe_add(s.y, s.y, p->y);
    /* p = -q, or 2 (0, sqrt b) */
    uint64_t inf = eqx & (~eqy | x0);
    aff_cmov(&s, q, pinf);
    aff_cmov(&s, p, qinf & ~pinf);
    inf = (inf & ~pinf & ~qinf) | (pinf & qinf);
    *rinf = inf;
    *r = s;
    fe_cmov(r->x, (const uint64_t[EC_N]){0}, inf);
    fe_cmov(r->y, (const uint64_t[EC_N]){0}, inf);
    pkc_memzero(&s, sizeof s);
    pkc_memzero(lam, sizeof lam);
    pkc_memzero(t, sizeof t);
    pkc_memzero(num, sizeof num);
    pkc_memzero(den, sizeof den);
}

static void aff_to_out(pkc_ec_affine *out, const aff *p, uint64_t inf)
{
    memset(out, 0, sizeof *out);
    fe_copy(out->x, p->x);
    fe_copy(out->y, p->y);
    fe_cmov(out->x, (const uint64_t[EC_N]){0}, inf);
    fe_cmov(out->y, (const uint64_t[EC_N]){0}, inf);
    out->infinity = inf;
}

/* LD -> canonical affine, one inversion (constant time); Z = 0 gives the
 * point at infinity. */
static void ld_to_out(pkc_ec_affine *out, const ld *p)
{
    uint64_t zi[EC_N];
    aff a;
    uint64_t inf = fe_is_zero(p->Z);
    fe_inv(zi, p->Z);
    fe_mul(a.x, p->X, zi);
    fe_sqr(zi, zi);
    fe_mul(a.y, p->Y, zi);
    aff_to_out(out, &a, inf);
    pkc_memzero(zi, sizeof zi);
    pkc_memzero(&a, sizeof a);
}

/* out[i] = affine p[i] for finite p[i], one inversion in all (Montgomery's
 * trick). Variable time: public points (tables of G and of a public key). */
#define LD_BATCH_MAX 64
static void ld_batch_to_aff_var(aff *out, const ld *p, int cnt)
{
    uint64_t acc[LD_BATCH_MAX][EC_N], inv[EC_N], t[EC_N];
    fe_copy(acc[0], p[0].Z);
    for (int i = 1; i < cnt; i++)
        fe_mul(acc[i], acc[i - 1], p[i].Z);
    fe_inv(inv, acc[cnt - 1]);
    for (int i = cnt - 1; i >= 0; i--) {
        uint64_t zi[EC_N];
        if (i > 0) {
            fe_mul(zi, inv, acc[i - 1]);
            fe_mul(inv, inv, p[i].Z);
        } else {
            fe_copy(zi, inv);
        }
        fe_mul(out[i].x, p[i].X, zi);
        fe_sqr(t, zi);
        fe_mul(out[i].y, p[i].Y, t);
    }
}

/* ---- the curve equation and the public-key checks ---- */

/* y^2 + xy = x^3 + a x^2 + b, for reduced x, y (public) */
static int on_curve_var(const uint64_t *x, const uint64_t *y)
{
    uint64_t l[EC_N], r[EC_N], t[EC_N];
    if (!fe_is_reduced_var(x) || !fe_is_reduced_var(y))
        return 0;
    fe_add(t, y, x);
    fe_mul(l, t, y);       /* y^2 + xy */
    fe_sqr(t, x);
    fe_copy(r, x);
#if EC_CURVE_A == 1
    r[0] ^= 1;             /* x + a */
#endif
    fe_mul(r, r, t);       /* x^3 + a x^2 */
    fe_add(r, r, ec_b);
    return fe_eq(l, r) != 0;
}

/* 1 if a finite point on the curve lies in the subgroup of prime order n.
 * E = Z/h x Z/n with h = 2 or 4 and the 2-part cyclic (one point of order 2),
 * so the subgroup is h E. P is in 2E if and only if Tr(x) = Tr(a) (P can be
 * halved: lambda^2 + lambda = x + a is solvable); for h = 4 a half of P
 * must be in 2E again. The halves of P = (x, y) are the points with
 * lambda^2 + lambda = x + a and u^2 = y + (lambda + 1) x (from the doubling
 * formula x3 = lambda^2 + lambda + a, y3 = u^2 + (lambda + 1) x3); the two
 * roots lambda give the two halves Q and Q + (0, sqrt b), both in 2E or
 * neither, since (0, sqrt b) is twice a point of order 4. A few squarings
 * instead of a multiplication by n. Public data. */
static int in_subgroup_var(const uint64_t *x, const uint64_t *y)
{
    uint64_t c[EC_N], lam[EC_N], u[EC_N];
    if (fe_is_zero(x))
        return 0; /* (0, sqrt b) has order 2 */
    fe_copy(c, x);
#if EC_CURVE_A == 1
    c[0] ^= 1;
#endif
    if (!fe_solve_quadratic_var(lam, c)) /* Tr(x + a) != 0 */
        return 0;
#if EC_COFACTOR == 4
    /* Tr(u) = Tr(u^2) (the trace is invariant under squaring), so no
     * square root is needed: Tr(y + (lambda + 1) x) = Tr(a) */
    lam[0] ^= 1;             /* lambda + 1 */
    fe_mul(u, lam, x);
    fe_add(u, u, y);
    if (fe_trace(u) != (uint64_t)EC_CURVE_A)
        return 0;
#elif EC_COFACTOR != 2
#error "in_subgroup_var: cofactor 2 or 4"
#else
    (void)u;
    (void)y;
#endif
    return 1;
}

/* SEC 1 v2 2.3.3: the compressed form's bit: 0 for x = 0, else the lowest
 * bit of y / x. Public data. */
static int compress_bit_var(const uint64_t *x, const uint64_t *y)
{
    uint64_t t[EC_N];
    if (fe_is_zero(x))
        return 0;
    fe_inv(t, x);
    fe_mul(t, t, y);
    return (int)(t[0] & 1);
}

/* SEC 1 v2 2.3.4: y from x and the bit: x = 0 gives y = sqrt(b); else
 * z^2 + z = x + a + b / x^2 (no solution: 0), z with the lowest bit y_bit,
 * y = x z. Public data. */
static int decompress_var(uint64_t *y, const uint64_t *x, int y_bit)
{
    uint64_t beta[EC_N], t[EC_N], z[EC_N];
    if (!fe_is_reduced_var(x))
        return 0;
    if (fe_is_zero(x)) {
        if (y_bit)
            return 0;
        fe_sqrt(y, ec_b);
        return 1;
    }
    fe_sqr(t, x);
    fe_inv(t, t);
    fe_mul(beta, t, ec_b);
    fe_add(beta, beta, x);
#if EC_CURVE_A == 1
    beta[0] ^= 1;
#endif
    if (!fe_solve_quadratic_var(z, beta))
        return 0;
    if ((int)(z[0] & 1) != y_bit)
        z[0] ^= 1;
    fe_mul(y, x, z);
    return 1;
}

#endif
