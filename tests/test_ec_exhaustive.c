/* Exhaustive tests of the elliptic-curve arithmetic (libsecp256k1's
 * tests_exhaustive approach): the library's own layers (src/ec/, through
 * curve_tmpl.h) are instantiated for toy curves of tiny prime order
 * (tests/exhaustive/toy_*.c, written by tools/gen_ec_consts.py), and every
 * element is checked against plain modular arithmetic written here:
 *
 *   field     every pair of elements: add, sub, mul, sqr, neg, inv (safegcd
 *             and Fermat), and sqrt of every element
 *   scalars   every pair mod n: add, sub, mul, neg, inv; wide reduction
 *   curve     the equation for every (x, y); decompression of every x
 *   points    every pair (with infinity): doubling, the complete Jacobian
 *             and affine additions, the incomplete Jacobian formula with
 *             random Z and its H = 0 / r = 0 masks
 *   k*G       every k, Jacobian and affine
 *   k*P       every k and every point P, Jacobian and affine
 *   u1*G+u2*Q every pair (u1, u2) for several Q (every Q on the smallest
 *             curves), Jacobian and affine
 *
 * The toy curves cover a = -3 and a = 0, p = 3 mod 4 and p = 1 mod 4
 * (Tonelli-Shanks), orders 13, 17 and 199. What they cannot check: the
 * arguments by which the real curves' size rules out exceptional additions
 * (EC_SMALL_ORDER completes those additions here), and the GLV split. */
#include <stdio.h>
#include <string.h>

#include "ec/curve.h"
#include "ec/lab.h"
#include "testutil.h"

#define TOY_DECL(name) extern const pkc_ec_ops name##_ops;
TOY_DECL(toy_a3_p11)
TOY_DECL(toy_a3_p181)
TOY_DECL(toy_a0_p19)
TOY_DECL(toy_a0_p211)

typedef struct {
    const char *name;
    const pkc_ec_ops *ops;
    uint64_t p, b, n;
    int a; /* -3 or 0 */
} toy;

/* the parameters as in tools/gen_ec_consts.py's TOYS table */
static const toy toys[] = {
    {"toy_a3_p11", &toy_a3_p11_ops, 11, 1, 17, -3},
    {"toy_a3_p181", &toy_a3_p181_ops, 181, 28, 199, -3},
    {"toy_a0_p19", &toy_a0_p19_ops, 19, 2, 13, 0},
    {"toy_a0_p211", &toy_a0_p211_ops, 211, 2, 199, 0},
};

/* ---- reference arithmetic ---- */

static const toy *T;

static uint64_t md(int64_t v, uint64_t m)
{
    int64_t r = v % (int64_t)m;
    return (uint64_t)(r < 0 ? r + (int64_t)m : r);
}

static uint64_t pw(uint64_t b, uint64_t e, uint64_t m)
{
    uint64_t r = 1 % m;
    b %= m;
    while (e) {
        if (e & 1)
            r = r * b % m;
        b = b * b % m;
        e >>= 1;
    }
    return r;
}

static uint64_t inv_mod(uint64_t a, uint64_t m) /* m prime; 0 -> 0 */
{
    return a % m ? pw(a, m - 2, m) : 0;
}

typedef struct {
    uint64_t x, y;
    int inf;
} rpt;

static rpt ref_add(rpt P, rpt Q)
{
    uint64_t p = T->p;
    if (P.inf)
        return Q;
    if (Q.inf)
        return P;
    uint64_t lam;
    if (P.x == Q.x) {
        if ((P.y + Q.y) % p == 0)
            return (rpt){0, 0, 1};
        lam = md((int64_t)(3 * P.x * P.x % p) + T->a, p) * inv_mod(2 * P.y % p, p) % p;
    } else {
        lam = md((int64_t)Q.y - (int64_t)P.y, p) * inv_mod(md((int64_t)Q.x - (int64_t)P.x, p), p) %
              p;
    }
    uint64_t x3 = md((int64_t)(lam * lam % p) - (int64_t)P.x - (int64_t)Q.x, p);
    uint64_t y3 = md((int64_t)(lam * md((int64_t)P.x - (int64_t)x3, p) % p) - (int64_t)P.y, p);
    return (rpt){x3, y3, 0};
}

static int ref_on_curve(uint64_t x, uint64_t y)
{
    uint64_t p = T->p;
    return y * y % p == md((int64_t)(x * x % p * x % p) + T->a * (int64_t)x + (int64_t)T->b, p);
}

/* the multiples k*G of the first point, in the generator's order */
static rpt mult[256];

static int same(const pkc_ec_affine *o, rpt r)
{
    if (r.inf)
        return o->infinity == ~(uint64_t)0 && o->x[0] == 0 && o->y[0] == 0;
    return o->infinity == 0 && o->x[0] == r.x && o->y[0] == r.y;
}

static pkc_ec_affine to_aff(rpt r)
{
    pkc_ec_affine a;
    memset(&a, 0, sizeof a);
    a.x[0] = r.x;
    a.y[0] = r.y;
    a.infinity = r.inf ? ~(uint64_t)0 : 0;
    return a;
}

static pkc_ec_scalar sc(uint64_t k)
{
    pkc_ec_scalar s;
    memset(&s, 0, sizeof s);
    s.v[0] = k;
    return s;
}

static int fails;
static long comparisons; /* every result compared with the reference */

static int bad(int cond)
{
    comparisons++;
    return cond;
}

#define FAIL(...)                                   \
    do {                                            \
        if (fails++ < 10)                           \
            CHECK_MSG(0, __VA_ARGS__);              \
    } while (0)

/* ---- the checks ---- */

static void check_field(void)
{
    const pkc_ec_lab *lab = T->ops->lab;
    uint64_t p = T->p;
    for (uint64_t a = 0; a < p; a++) {
        pkc_ec_lab_fe am, rm;
        uint64_t r;
        lab->fe_from_int(&am, &a);
        lab->fe_inv(&rm, &am);
        lab->fe_to_int(&r, &rm);
        if (bad(r != inv_mod(a, p)))
            FAIL("%s inv(%llu)", T->name, (unsigned long long)a);
        lab->fe_inv_fermat(&rm, &am);
        lab->fe_to_int(&r, &rm);
        if (bad(r != inv_mod(a, p)))
            FAIL("%s inv_fermat(%llu)", T->name, (unsigned long long)a);
        lab->fe_neg(&rm, &am);
        lab->fe_to_int(&r, &rm);
        if (bad(r != md(-(int64_t)a, p)))
            FAIL("%s neg(%llu)", T->name, (unsigned long long)a);
        lab->fe_sqr(&rm, &am);
        lab->fe_to_int(&r, &rm);
        if (bad(r != a * a % p))
            FAIL("%s sqr(%llu)", T->name, (unsigned long long)a);
        int is_sq = a == 0 || pw(a, (p - 1) / 2, p) == 1;
        int ok = lab->fe_sqrt_var(&rm, &am);
        if (bad(ok != is_sq))
            FAIL("%s sqrt existence of %llu", T->name, (unsigned long long)a);
        if (ok) {
            lab->fe_to_int(&r, &rm);
            if (bad(r * r % p != a))
                FAIL("%s sqrt(%llu) = %llu", T->name, (unsigned long long)a,
                     (unsigned long long)r);
        }
        for (uint64_t b = 0; b < p; b++) {
            pkc_ec_lab_fe bm;
            lab->fe_from_int(&bm, &b);
            lab->fe_mul(&rm, &am, &bm);
            lab->fe_to_int(&r, &rm);
            if (bad(r != a * b % p))
                FAIL("%s mul(%llu, %llu)", T->name, (unsigned long long)a, (unsigned long long)b);
            lab->fe_add(&rm, &am, &bm);
            lab->fe_to_int(&r, &rm);
            if (bad(r != (a + b) % p))
                FAIL("%s add", T->name);
            lab->fe_sub(&rm, &am, &bm);
            lab->fe_to_int(&r, &rm);
            if (bad(r != md((int64_t)a - (int64_t)b, p)))
                FAIL("%s sub", T->name);
        }
    }
}

static void check_scalars(void)
{
    const pkc_ec_ops *o = T->ops;
    uint64_t n = T->n;
    for (uint64_t a = 0; a < n; a++) {
        uint64_t r;
        o->sc_neg(&r, &a);
        if (bad(r != md(-(int64_t)a, n)))
            FAIL("%s sc_neg(%llu)", T->name, (unsigned long long)a);
        o->sc_inv(&r, &a);
        if (bad(r != inv_mod(a, n)))
            FAIL("%s sc_inv(%llu)", T->name, (unsigned long long)a);
        for (uint64_t b = 0; b < n; b++) {
            o->sc_add(&r, &a, &b);
            if (bad(r != (a + b) % n))
                FAIL("%s sc_add", T->name);
            o->sc_sub(&r, &a, &b);
            if (bad(r != md((int64_t)a - (int64_t)b, n)))
                FAIL("%s sc_sub", T->name);
            o->sc_mul(&r, &a, &b);
            if (bad(r != a * b % n))
                FAIL("%s sc_mul(%llu, %llu)", T->name, (unsigned long long)a,
                     (unsigned long long)b);
        }
    }
    /* wide reduction: any two words (lo + hi * 2^64) mod n */
    for (int i = 0; i < 2000; i++) {
        uint64_t w[2] = {tu_rand64(), tu_rand64()}, r;
        if (i < 4) {
            w[0] = i & 1 ? ~(uint64_t)0 : 0;
            w[1] = i & 2 ? ~(uint64_t)0 : 0;
        }
        o->sc_reduce_wide(&r, w);
        unsigned __int128 v = ((unsigned __int128)w[1] << 64) | w[0];
        if (bad(r != (uint64_t)(v % n)))
            FAIL("%s sc_reduce_wide", T->name);
    }
}

static void check_curve_eq(void)
{
    uint64_t p = T->p;
    for (uint64_t x = 0; x < p; x++) {
        int have[2] = {0, 0};
        for (uint64_t y = 0; y < p; y++) {
            int want = ref_on_curve(x, y);
            if (bad(T->ops->on_curve_var(&x, &y) != want))
                FAIL("%s on_curve(%llu, %llu)", T->name, (unsigned long long)x,
                     (unsigned long long)y);
            if (want)
                have[y & 1] = 1;
        }
        for (int odd = 0; odd < 2; odd++) {
            uint64_t y = 0;
            int ok = T->ops->decompress_var(&y, &x, odd);
            if (bad(ok != have[odd] || (ok && (!ref_on_curve(x, y) || (int)(y & 1) != odd))))
                FAIL("%s decompress(%llu, %d)", T->name, (unsigned long long)x, odd);
        }
    }
}

/* a Jacobian representation of P with the given Z (Z != 0) */
static void jac_with_z(pkc_ec_lab_jac *r, rpt P, uint64_t z)
{
    const pkc_ec_lab *lab = T->ops->lab;
    unsigned N = lab->nlimbs;
    pkc_ec_lab_fe x, y, Z, z2, z3, X, Y;
    lab->fe_from_int(&x, &P.x);
    lab->fe_from_int(&y, &P.y);
    lab->fe_from_int(&Z, &z);
    lab->fe_sqr(&z2, &Z);
    lab->fe_mul(&z3, &z2, &Z);
    lab->fe_mul(&X, &x, &z2);
    lab->fe_mul(&Y, &y, &z3);
    memset(r, 0, sizeof *r);
    memcpy(r->w, X.w, N * 8);
    memcpy(r->w + N, Y.w, N * 8);
    memcpy(r->w + 2 * N, Z.w, N * 8);
}

static void check_points(void)
{
    const pkc_ec_lab *lab = T->ops->lab;
    uint64_t n = T->n;
    for (uint64_t i = 0; i < n; i++) {
        for (uint64_t j = 0; j < n; j++) {
            rpt P = mult[i], Q = mult[j], S = mult[(i + j) % n];
            pkc_ec_affine Pa = to_aff(P), Qa = to_aff(Q), out;
            /* affine, complete */
            pkc_ec_lab_aff pa, qa, ra;
            lab->aff_from_affine(&pa, &Pa);
            lab->aff_from_affine(&qa, &Qa);
            lab->aff_add(&ra, &pa, &qa);
            lab->aff_to_affine(&out, &ra);
            if (bad(!same(&out, S)))
                FAIL("%s aff_add %llu G + %llu G", T->name, (unsigned long long)i,
                     (unsigned long long)j);
            /* Jacobian, complete (variable time) and the doubling */
            pkc_ec_lab_jac pj, qj;
            memset(&pj, 0, sizeof pj);
            memset(&qj, 0, sizeof qj);
            if (!P.inf)
                jac_with_z(&pj, P, 1 + (i * 7 + j) % (T->p - 1));
            if (!Q.inf)
                jac_with_z(&qj, Q, 1 + (i + 3 * j) % (T->p - 1));
            pkc_ec_lab_jac acc = pj;
            lab->jac_add_var(&acc, &qj);
            lab->jac_to_affine(&out, &acc);
            if (bad(!same(&out, S)))
                FAIL("%s jac_add_var %llu G + %llu G", T->name, (unsigned long long)i,
                     (unsigned long long)j);
            if (j == 0) {
                lab->jac_dbl(&acc, &pj);
                lab->jac_to_affine(&out, &acc);
                if (bad(!same(&out, mult[2 * i % n])))
                    FAIL("%s jac_dbl %llu G", T->name, (unsigned long long)i);
            }
            /* the incomplete formula: right for finite P != +-Q, and its
             * masks say which case it is */
            if (!P.inf && !Q.inf) {
                uint64_t h0, r0;
                lab->jac_add(&acc, &pj, &qj, &h0, &r0);
                int eq = i == j, opp = (i + j) % n == 0;
                /* (r = 0 alone also happens: points with equal y) */
                if (bad(h0 != ((eq || opp) ? ~(uint64_t)0 : 0) ||
                    ((eq || opp) && r0 != (eq ? ~(uint64_t)0 : 0))))
                    FAIL("%s jac_add masks %llu G + %llu G", T->name, (unsigned long long)i,
                         (unsigned long long)j);
                if (!eq && !opp) {
                    lab->jac_to_affine(&out, &acc);
                    if (bad(!same(&out, S)))
                        FAIL("%s jac_add %llu G + %llu G", T->name, (unsigned long long)i,
                             (unsigned long long)j);
                }
            }
        }
    }
}

static void check_mul(void)
{
    const pkc_ec_ops *o = T->ops;
    uint64_t n = T->n;
    for (int co = 0; co < PKC_EC_COORDS_COUNT; co++) {
        const char *cn = co == PKC_EC_AFFINE ? "affine" : "jacobian";
        for (uint64_t k = 0; k < n; k++) {
            pkc_ec_scalar ks = sc(k);
            pkc_ec_affine out;
            o->mul_base[co](&out, &ks);
            if (bad(!same(&out, mult[k])))
                FAIL("%s %s mul_base %llu", T->name, cn, (unsigned long long)k);
            for (uint64_t j = 1; j < n; j++) {
                pkc_ec_affine P = to_aff(mult[j]);
                o->mul[co](&out, &ks, &P);
                if (bad(!same(&out, mult[k * j % n])))
                    FAIL("%s %s mul %llu * (%llu G)", T->name, cn, (unsigned long long)k,
                         (unsigned long long)j);
            }
        }
        /* u1 G + u2 Q: every pair, for every Q on the small curves and for
         * G, 2G, -G, a middle multiple and a random one on the others */
        uint64_t jlist[256];
        int nj = 0;
        if (n <= 17) {
            for (uint64_t j = 1; j < n; j++)
                jlist[nj++] = j;
        } else {
            jlist[nj++] = 1;
            jlist[nj++] = 2;
            jlist[nj++] = n - 1;
            jlist[nj++] = n / 2;
            jlist[nj++] = 1 + tu_rand64() % (n - 1);
        }
        for (int t = 0; t < nj; t++) {
            uint64_t j = jlist[t];
            pkc_ec_affine Q = to_aff(mult[j]), out;
            for (uint64_t u1 = 0; u1 < n; u1++)
                for (uint64_t u2 = 0; u2 < n; u2++) {
                    pkc_ec_scalar s1 = sc(u1), s2 = sc(u2);
                    o->mul2_var[co](&out, &s1, &s2, &Q);
                    if (bad(!same(&out, mult[(u1 + u2 * j) % n])))
                        FAIL("%s %s mul2_var %llu G + %llu (%llu G)", T->name, cn,
                             (unsigned long long)u1, (unsigned long long)u2,
                             (unsigned long long)j);
                    /* ECDSA's test without the inversion, for every r:
                     * x(R) mod n = r exactly when the affine R says so (on
                     * toy_a3_p11 n > p, on toy_a0_p19 r + n < p for r < 6) */
                    if (co != PKC_EC_JACOBIAN)
                        continue;
                    const rpt *R = &mult[(u1 + u2 * j) % n];
                    /* every r on the small curves; on the others r = x mod n,
                     * its neighbours, 1 and n - 1 */
                    uint64_t rl[5] = {1, n - 1, R->x % n, R->x % n + 1, R->x % n + n - 1};
                    for (uint64_t ri = 0; ri < (n <= 17 ? n - 1 : 5); ri++) {
                        uint64_t r = n <= 17 ? ri + 1 : rl[ri] % n;
                        if (r == 0)
                            continue;
                        pkc_ec_scalar sr = sc(r);
                        int want = !R->inf && R->x % n == r;
                        if (bad(o->mul2_x_eq_var(&s1, &s2, &Q, &sr) != want))
                            FAIL("%s mul2_x_eq_var %llu G + %llu (%llu G), r = %llu: want %d",
                                 T->name, (unsigned long long)u1, (unsigned long long)u2,
                                 (unsigned long long)j, (unsigned long long)r, want);
                    }
                }
        }
    }
}

int main(void)
{
    tu_seed();
    for (size_t t = 0; t < sizeof toys / sizeof toys[0]; t++) {
        T = &toys[t];
        fails = 0;
        comparisons = 0;
        CHECK(T->ops->nlimbs == 1 && T->ops->lab && T->n < 256);
        /* the group: G is the first point (smallest x, then y), like the
         * generator; every finite point is a multiple of it (n is prime) */
        rpt G = {0, 0, 1};
        int count = 1;
        for (uint64_t x = 0; x < T->p; x++)
            for (uint64_t y = 0; y < T->p; y++)
                if (ref_on_curve(x, y)) {
                    if (G.inf)
                        G = (rpt){x, y, 0};
                    count++;
                }
        CHECK_MSG(count == (int)T->n, "%s has %d points, not %llu", T->name, count,
                  (unsigned long long)T->n);
        mult[0] = (rpt){0, 0, 1};
        for (uint64_t k = 1; k <= T->n; k++)
            mult[k % T->n] = ref_add(mult[k - 1], G);
        CHECK_MSG(mult[0].inf, "%s: n G is the point at infinity", T->name);
        check_field();
        check_scalars();
        check_curve_eq();
        check_points();
        check_mul();
        printf("%s: y^2 = x^3 %+d x + %llu over F_%llu, order %llu: %ld results compared, %d "
               "wrong\n",
               T->name, T->a, (unsigned long long)T->b, (unsigned long long)T->p,
               (unsigned long long)T->n, comparisons, fails);
        CHECK_MSG(fails == 0 && comparisons > 0, "%s: exhaustive checks", T->name);
    }
    return tu_finish("test_ec_exhaustive");
}
