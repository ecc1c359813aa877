/* pkc — scalar multiplication on a binary curve (internal; layers 3 and 4
 * of the binary-curve arithmetic, included by curve_gf2m_tmpl.h).
 *
 *   mul_base_ld       k G, constant time: signed fixed windows over a table
 *                     of (j+1) 2^(WB i) G (built once per process), one
 *                     mixed LD addition per window and no doubling
 *   mul_ladder        k P, constant time: the x-only Montgomery ladder of
 *                     López and Dahab ("Fast multiplication on elliptic
 *                     curves over GF(2^m) without precomputation", CHES
 *                     1999), 5M + 5S per bit (6M when b != 1), with the
 *                     y-coordinate recovered at the end (HMV 3.40)
 *   mul2_var_ld       u1 G + u2 Q, variable time (verification): width-w
 *                     NAFs of u1 and u2 interleaved over odd multiples of G
 *                     (a table built once per process) and of Q, LD
 *                     doublings and mixed additions
 *   mul_aff, ...      the same in affine coordinates (one inversion per
 *                     addition: the seed study's comparison), a fixed
 *                     window for secret scalars, constant time
 */
#ifndef PKC_EC_MUL_LD_H
#define PKC_EC_MUL_LD_H

#include <sched.h>

/* ---- constant time: the Montgomery ladder ---- */

/* kp = k + n, or k + 2n when k + n < 2^NBITS: a multiple of the same point
 * whose top bit is always bit NBITS, so the ladder runs NBITS steps for
 * every k. (k + 2n then stays below 2^(NBITS + 1); the generator checks that
 * NBITS + 1 bits fit in EC_N words.) */
static void ladder_scalar(uint64_t *kp, const uint64_t *k)
{
    uint64_t k2[EC_N];
    lb_add(kp, k, ec_n, EC_N);
    lb_add(k2, kp, ec_n, EC_N);
    uint64_t top = (kp[EC_NBITS / 64] >> (EC_NBITS % 64)) & 1;
    ct_cmov_words(kp, k2, EC_N, top - 1); /* top = 0: take k + 2n */
    pkc_memzero(k2, sizeof k2);
}

/* out = k (px, py) for a point of order n; constant time in k and in the
 * point. */
static void mul_ladder(pkc_ec_affine *out, const pkc_ec_scalar *k, const uint64_t *px,
                       const uint64_t *py)
{
    uint64_t kp[EC_N], X1[EC_N], Z1[EC_N], X2[EC_N], Z2[EC_N], t[EC_N], u[EC_N];
    ladder_scalar(kp, k->v);
    /* R1 = P = (x : 1), R2 = 2P = (x^4 + b : x^2) */
    fe_copy(X1, px);
    fe_set_one(Z1);
    fe_sqr(Z2, px);
    fe_sqr(X2, Z2);
    fe_add(X2, X2, ec_b);
    uint64_t swap = 0;
    for (int i = EC_NBITS - 1; i >= 0; i--) {
        uint64_t bit = (kp[i / 64] >> (i % 64)) & 1;
        uint64_t m = (uint64_t)0 - (bit ^ swap);
        fe_cswap(X1, X2, m);
        fe_cswap(Z1, Z2, m);
        swap = bit;
        /* R2 = R1 + R2 (their difference is P): Z = (X1 Z2 + X2 Z1)^2,
         * X = x Z + (X1 Z2)(X2 Z1) */
        fe_mul(t, X1, Z2);
        fe_mul(u, X2, Z1);
        fe_add(Z2, t, u);
        fe_sqr(Z2, Z2);
        fe_mul(X2, t, u);
        fe_mul(t, px, Z2);
        fe_add(X2, X2, t);
        /* R1 = 2 R1: X = X1^4 + b Z1^4, Z = X1^2 Z1^2 */
        fe_sqr(t, X1);
        fe_sqr(u, Z1);
        fe_mul(Z1, t, u);
        fe_sqr(t, t);
        fe_sqr(u, u);
        fe_mul_b(u, u);
        fe_add(X1, t, u);
    }
    uint64_t m = (uint64_t)0 - swap;
    fe_cswap(X1, X2, m);
    fe_cswap(Z1, Z2, m);
    /* R1 = k P, R2 = (k + 1) P. y recovery (HMV 3.40):
     *   x3 = X1 / Z1,
     *   y3 = (x + x3) [(X1 + x Z1)(X2 + x Z2) + (x^2 + y) Z1 Z2] / (x Z1 Z2) + y.
     * Z1 = 0: k P is infinity; Z2 = 0: k P = -P = (x, x + y). */
    uint64_t inf = fe_is_zero(Z1), neg = fe_is_zero(Z2) & ~inf;
    uint64_t z12[EC_N], inv[EC_N], xz2[EC_N], a1[EC_N];
    aff r;
    fe_mul(z12, Z1, Z2);
    fe_mul(inv, z12, px);
    fe_inv(inv, inv);
    fe_mul(xz2, px, Z2);
    fe_mul(r.x, X1, xz2);
    fe_mul(r.x, r.x, inv);          /* x3 */
    fe_mul(a1, px, Z1);
    fe_add(a1, a1, X1);
    fe_add(xz2, xz2, X2);
    fe_mul(a1, a1, xz2);
    fe_sqr(t, px);
    fe_add(t, t, py);
    fe_mul(t, t, z12);
    fe_add(a1, a1, t);
    fe_add(t, px, r.x);
    fe_mul(a1, a1, t);
    fe_mul(a1, a1, inv);
    fe_add(r.y, a1, py);
    aff np;
    fe_copy(np.x, px);
    fe_add(np.y, px, py);
    aff_cmov(&r, &np, neg);
    aff_to_out(out, &r, inf);
    pkc_memzero(kp, sizeof kp);
    pkc_memzero(X1, sizeof X1);
    pkc_memzero(Z1, sizeof Z1);
    pkc_memzero(X2, sizeof X2);
    pkc_memzero(Z2, sizeof Z2);
    pkc_memzero(t, sizeof t);
    pkc_memzero(u, sizeof u);
    pkc_memzero(z12, sizeof z12);
    pkc_memzero(inv, sizeof inv);
    pkc_memzero(xz2, sizeof xz2);
    pkc_memzero(a1, sizeof a1);
    pkc_memzero(&r, sizeof r);
    pkc_memzero(&np, sizeof np);
}

static void mul_ld(pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *P)
{
    mul_ladder(out, k, P->x, P->y);
}

/* ---- variable time: u1 G + u2 Q ---- */

#define WG EC_W_G
#define WG_ENT (1 << (WG - 2))
#define WQ EC_W_Q
#define WQ_ENT (1 << (WQ - 2))
#define ODD_MAX (WG_ENT > WQ_ENT ? WG_ENT : WQ_ENT)
_Static_assert(ODD_MAX <= LD_BATCH_MAX, "odd_multiples_var: one batch inversion");

#define WB EC_W_BASE
#define WB_ENT (1 << (WB - 1))
#define WB_CNT ((EC_NBITS + 1 + WB - 1) / WB)
_Static_assert(WB_ENT + 1 <= LD_BATCH_MAX, "comb rows: one batch inversion");

static aff g_wnaf[WG_ENT];           /* (2j + 1) G */
static aff g_comb[WB_CNT][WB_ENT];   /* (j + 1) 2^(WB i) G */
static int g_state;                  /* 0 none, 1 building, 2 ready */

/* out[j] = (2j + 1) P for j < cnt, affine, from an affine P of order n >
 * 2 cnt. Variable time (public points). */
static void odd_multiples_var(aff *out, const aff *p, int cnt)
{
    ld buf[ODD_MAX], t;
    aff p2;
    ld_from_aff(&t, p);
    ld_dbl(&t, &t);
    ld_batch_to_aff_var(&p2, &t, 1);
    ld_from_aff(&buf[0], p);
    for (int j = 1; j < cnt; j++) {
        buf[j] = buf[j - 1];
        ld_madd_var(&buf[j], &p2);
    }
    ld_batch_to_aff_var(out, buf, cnt);
}

/* g_comb row by row: row i is base, 2 base, ..., WB_ENT base for base =
 * 2^(WB i) G, and the next base is 2 (WB_ENT base), all made affine with one
 * inversion per row. Variable time (G is public). */
static void comb_build_var(void)
{
    ld buf[WB_ENT + 1];
    aff abuf[WB_ENT + 1], base;
    memset(&base, 0, sizeof base);
    fe_copy(base.x, ec_gx);
    fe_copy(base.y, ec_gy);
    for (int i = 0; i < WB_CNT; i++) {
        ld_from_aff(&buf[0], &base);
        for (int j = 1; j < WB_ENT; j++) {
            buf[j] = buf[j - 1];
            ld_madd_var(&buf[j], &base);
        }
        ld_dbl(&buf[WB_ENT], &buf[WB_ENT - 1]);
        ld_batch_to_aff_var(abuf, buf, WB_ENT + 1);
        memcpy(g_comb[i], abuf, sizeof g_comb[i]);
        base = abuf[WB_ENT];
    }
}

static void tables_init(void)
{
    if (__atomic_load_n(&g_state, __ATOMIC_ACQUIRE) == 2)
        return;
    int expected = 0;
    if (__atomic_compare_exchange_n(&g_state, &expected, 1, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
        aff g;
        memset(&g, 0, sizeof g);
        fe_copy(g.x, ec_gx);
        fe_copy(g.y, ec_gy);
        odd_multiples_var(g_wnaf, &g, WG_ENT);
        comb_build_var();
        __atomic_store_n(&g_state, 2, __ATOMIC_RELEASE);
        return;
    }
    while (__atomic_load_n(&g_state, __ATOMIC_ACQUIRE) != 2)
        sched_yield();
}

/* ---- constant time: k G over the comb ---- */

/* acc += q (q at infinity if qinf), constant time: the mixed addition,
 * with the point q itself selected when acc is at infinity, and (with_dbl, a
 * public flag) the doubling selected when acc = q. acc = -q needs nothing:
 * the formula then gives Z3 = 0, the point at infinity. */
static void ld_madd_ct(ld *acc, const aff *q, uint64_t qinf, int with_dbl)
{
    ld s, qj;
    uint64_t a0;
    uint64_t pinf = fe_is_zero(acc->Z);
    uint64_t b0 = ld_madd(&s, acc, q, &a0);
    ld_from_aff(&qj, q);
    if (with_dbl) {
        ld d;
        ld_dbl(&d, &qj);
        ct_cmov_words((uint64_t *)&s, (const uint64_t *)&d, 3 * EC_N, b0 & a0 & ~pinf & ~qinf);
    }
    ct_cmov_words((uint64_t *)&s, (const uint64_t *)&qj, 3 * EC_N, pinf & ~qinf);
    ct_cmov_words((uint64_t *)&s, (const uint64_t *)acc, 3 * EC_N, qinf);
    *acc = s;
    pkc_memzero(&s, sizeof s);
    pkc_memzero(&qj, sizeof qj);
}

/* q = d P for a secret signed digit d (|d| <= WB_ENT) from row[j] =
 * (j+1) P: a full scan, then -q = (x, x + y) selected when d < 0. Returns
 * the mask of d = 0 (q is then zero and stands for infinity). */
static uint64_t comb_lookup(aff *q, const aff *row, int64_t d)
{
    uint64_t neg;
    uint64_t a = digit_abs(d, &neg);
    uint64_t ny[EC_N];
    memset(q, 0, sizeof *q);
    for (int j = 0; j < WB_ENT; j++)
        aff_cmov(q, &row[j], ct_mask_eq(a, (uint64_t)j + 1));
    fe_add(ny, q->x, q->y);
    fe_cmov(q->y, ny, neg);
    pkc_memzero(ny, sizeof ny);
    return ct_mask_zero(a);
}

/* k G, constant time: position i adds d_i 2^(WB i) G. The exceptional
 * cases are those of the prime curves' comb (mul_ct.h): before position i
 * the accumulator is s G with |s| < 2^(WB i) 2^(WB-1)/(2^WB - 1) and the
 * addend t G with 2^(WB i) <= |t|, and |s| + |t| < n below the last two
 * positions, so only those need the doubling case (every position on the
 * toy curves, EC_SMALL_ORDER). Infinity is handled by selection. */
static void mul_base_ld(pkc_ec_affine *out, const pkc_ec_scalar *k)
{
    int64_t d[WB_CNT];
    ld acc;
    aff q;
    tables_init();
    recode_signed(d, k->v, WB, WB_CNT);
    ld_set_infinity(&acc);
    for (int i = 0; i < WB_CNT; i++) {
        uint64_t inf = comb_lookup(&q, g_comb[i], d[i]);
        ld_madd_ct(&acc, &q, inf, EC_SMALL_ORDER || i >= WB_CNT - 2);
    }
    ld_to_out(out, &acc);
    pkc_memzero(d, sizeof d);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
}

/* acc += d T for a NAF digit d (odd, |d| < 2^(w-1)) over T[j] = (2j+1) P */
static inline void ld_add_digit_var(ld *acc, const aff *tab, int d)
{
    if (d > 0) {
        ld_madd_var(acc, &tab[(d - 1) / 2]);
    } else {
        aff n;
        aff_neg(&n, &tab[(-d - 1) / 2]);
        ld_madd_var(acc, &n);
    }
}

static void mul2_var_ld(pkc_ec_affine *out, const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                        const pkc_ec_affine *Q)
{
    int16_t n1[NAF_MAX], n2[NAF_MAX];
    aff qt[WQ_ENT], q;
    ld acc;
    tables_init();
    aff_from_in(&q, Q);
    odd_multiples_var(qt, &q, WQ_ENT);
    int l1 = wnaf_var(n1, u1->v, WG), l2 = wnaf_var(n2, u2->v, WQ);
    int len = l1 > l2 ? l1 : l2;
    ld_set_infinity(&acc);
    for (int i = len - 1; i >= 0; i--) {
        ld_dbl(&acc, &acc);
        if (n1[i])
            ld_add_digit_var(&acc, g_wnaf, n1[i]);
        if (n2[i])
            ld_add_digit_var(&acc, qt, n2[i]);
    }
    ld_to_out(out, &acc);
}

/* ---- affine coordinates ---- */

#define WA EC_W_AFF
#define WA_ENT (1 << WA)
#define WA_CNT ((EC_NBITS + WA - 1) / WA)

/* out = k P, affine, constant time: tab[j] = j P (j < 2^WA, tab[0] the
 * point at infinity), then per window WA doublings and one addition of the
 * entry read by a full scan. Every step is the complete aff_add_ct. */
static void mul_aff_window(pkc_ec_affine *out, const pkc_ec_scalar *k, const aff *p)
{
    aff tab[WA_ENT], r, e;
    uint64_t tinf[WA_ENT], rinf = ~(uint64_t)0, einf;
    memset(&tab[0], 0, sizeof tab[0]);
    tinf[0] = ~(uint64_t)0;
    tab[1] = *p;
    tinf[1] = 0;
    for (int j = 2; j < WA_ENT; j++)
        aff_add_ct(&tab[j], &tinf[j], &tab[j - 1], tinf[j - 1], p, 0);
    memset(&r, 0, sizeof r);
    for (int i = WA_CNT - 1; i >= 0; i--) {
        for (int s = 0; s < WA; s++)
            aff_add_ct(&r, &rinf, &r, rinf, &r, rinf);
        uint64_t d = sc_window(k->v, i * WA, WA);
        memset(&e, 0, sizeof e);
        einf = 0;
        for (int j = 0; j < WA_ENT; j++) {
            uint64_t m = ct_mask_eq(d, (uint64_t)j);
            aff_cmov(&e, &tab[j], m);
            einf |= m & tinf[j];
        }
        aff_add_ct(&r, &rinf, &r, rinf, &e, einf);
    }
    aff_to_out(out, &r, rinf);
    pkc_memzero(tab, sizeof tab);
    pkc_memzero(&r, sizeof r);
    pkc_memzero(&e, sizeof e);
}

static void mul_base_aff(pkc_ec_affine *out, const pkc_ec_scalar *k)
{
    aff g;
    memset(&g, 0, sizeof g);
    fe_copy(g.x, ec_gx);
    fe_copy(g.y, ec_gy);
    mul_aff_window(out, k, &g);
}

static void mul_aff(pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *P)
{
    aff p;
    aff_from_in(&p, P);
    mul_aff_window(out, k, &p);
    pkc_memzero(&p, sizeof p);
}

/* u1 G + u2 Q, affine, variable time: Shamir's trick over the bits, adding
 * G, Q or G + Q. */
static void mul2_var_aff(pkc_ec_affine *out, const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                         const pkc_ec_affine *Q)
{
    aff pts[4], r;
    uint64_t pinf[4], rinf = ~(uint64_t)0;
    memset(pts, 0, sizeof pts);
    fe_copy(pts[1].x, ec_gx);
    fe_copy(pts[1].y, ec_gy);
    pinf[1] = 0;
    aff_from_in(&pts[2], Q);
    pinf[2] = 0;
    aff_add_ct(&pts[3], &pinf[3], &pts[1], 0, &pts[2], 0);
    memset(&r, 0, sizeof r);
    for (int i = EC_NBITS - 1; i >= 0; i--) {
        if (!rinf)
            aff_add_ct(&r, &rinf, &r, rinf, &r, rinf);
        int sel = (int)((u1->v[i / 64] >> (i % 64)) & 1) |
                  (int)(((u2->v[i / 64] >> (i % 64)) & 1) << 1);
        if (sel)
            aff_add_ct(&r, &rinf, &r, rinf, &pts[sel], pinf[sel]);
    }
    aff_to_out(out, &r, rinf);
}

#endif
