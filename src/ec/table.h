/* pkc — the precomputed multiples of the generator G (internal; layer 3 of
 * src/ec/, included by curve_tmpl.h), and the constant-time table read.
 *
 *   g_comb[i][j] = (j+1) 2^(WB i) G     fixed-base signed windows (mul_base;
 *                                       comb_fill_var makes the same comb of
 *                                       any public point, for the cache)
 *   g_wnaf[j]    = (2j+1) G             odd multiples for the width-WG NAF
 *                                       of verification (mul2_var)
 *   g_wnaf_lam[j] = lambda g_wnaf[j]    the same under the endomorphism (GLV)
 *
 * They are computed once, at first use, from G with the library's own point
 * arithmetic (about 30 us to 0.3 ms per curve, once per process), guarded by
 * an atomic state so concurrent first users wait for one builder.
 */
#ifndef PKC_EC_TABLE_H
#define PKC_EC_TABLE_H

#include <sched.h>

static aff g_comb[WB_CNT][WB_ENT];
static aff g_wnaf[WG_ENT];
#if EC_GLV
static aff g_wnaf_lam[WG_ENT]; /* lambda * g_wnaf[j] = (beta x, y) */
#endif
static int g_state; /* 0 none, 1 building, 2 ready */

/* out[j] = (2j + 1) P for j < cnt, affine: the odd multiples a width-w NAF
 * reads (g_wnaf, cnt = WG_ENT; the table of Q in mul2_var, cnt = WQ_ENT),
 * as P plus repeated additions of 2P, made affine with one inversion per
 * BATCH_MAX points. Variable time: for public points (G, a public key). */
static void odd_multiples_var(aff *out, const jac *p, int cnt)
{
    jac buf[BATCH_MAX], p2 = *p, cur = *p;
    jac_dbl(&p2, &p2);
    for (int j0 = 0; j0 < cnt; j0 += BATCH_MAX) {
        int m = cnt - j0 < BATCH_MAX ? cnt - j0 : BATCH_MAX;
        for (int j = 0; j < m; j++) {
            if (j0 + j > 0)
                jac_add_var(&cur, &p2);
            buf[j] = cur;
        }
        jac_batch_to_aff_var(out + j0, buf, m);
    }
}

/* The comb of a point P of order n: tab[i][j] = (j+1) 2^(WB i) P, the
 * fixed-base table of k*G (g_comb) and of a cached public point (the
 * cache, ec_cache.c). Built row by row in Jacobian coordinates and made
 * affine in batches of BATCH_MAX points (WB_ENT divides BATCH_MAX): about
 * WB_CNT WB_ENT additions. Variable time: for public points only. */
_Static_assert(BATCH_MAX % WB_ENT == 0, "comb_fill_var: whole rows per batch");
static void comb_fill_var(aff (*tab)[WB_ENT], const jac *p)
{
    jac buf[BATCH_MAX];
    aff abuf[BATCH_MAX];
    int nb = 0, row0 = 0;
    // cppcheck-suppress uninitvar ; every caller fills *p (tables_build: three fe_copy calls)
    jac base = *p;
    for (int i = 0; i < WB_CNT; i++) {
        jac *row = &buf[nb];
        row[0] = base;
        for (int j = 1; j < WB_ENT; j++) {
            row[j] = row[j - 1];
            jac_add_var(&row[j], &base);
        }
        base = row[WB_ENT - 1];
        jac_dbl(&base, &base); /* 2^(WB-1) * 2 = 2^WB times the old base */
        nb += WB_ENT;
        if (nb + WB_ENT > BATCH_MAX || i == WB_CNT - 1) {
            jac_batch_to_aff_var(abuf, buf, nb);
            for (int r = 0; r < nb / WB_ENT; r++)
                memcpy(tab[row0 + r], &abuf[r * WB_ENT], sizeof(tab[0]));
            row0 += nb / WB_ENT;
            nb = 0;
        }
    }
}

static void tables_build(void)
{
    jac g;
    fe_copy(g.X, ec_gx);
    fe_copy(g.Y, ec_gy);
    fe_copy(g.Z, ec_one);
    comb_fill_var(g_comb, &g);
    odd_multiples_var(g_wnaf, &g, WG_ENT);
#if EC_GLV
    for (int j = 0; j < WG_ENT; j++) {
        fe_mul(g_wnaf_lam[j].x, g_wnaf[j].x, ec_glv_beta);
        fe_copy(g_wnaf_lam[j].y, g_wnaf[j].y);
    }
#endif
}

static void tables_init(void)
{
    if (__atomic_load_n(&g_state, __ATOMIC_ACQUIRE) == 2)
        return;
    int expected = 0;
    if (__atomic_compare_exchange_n(&g_state, &expected, 1, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
        tables_build();
        __atomic_store_n(&g_state, 2, __ATOMIC_RELEASE);
        return;
    }
    while (__atomic_load_n(&g_state, __ATOMIC_ACQUIRE) != 2)
        sched_yield();
}

/* The ops table's comb_build_var: the comb of a valid finite public P
 * into tab (COMB_BYTES bytes, suitably aligned: from malloc). */
#define COMB_BYTES (sizeof(aff) * WB_CNT * WB_ENT)
static void comb_build_var(void *tab, const pkc_ec_affine *P)
{
    aff pa;
    jac pj;
    aff_from_in(&pa, P);
    jac_from_aff(&pj, &pa);
    comb_fill_var((aff(*)[WB_ENT])tab, &pj);
}

#if EC_CURVE_A == 0
/* tab[j] = tj[j] rescaled to the last entry's Z, given the ratios
 * zr[j] = Z_j / Z_(j-1) (j >= 1): with f = Z_last / Z_j, (X f^2, Y f^3),
 * 4M + 1S an entry and no inversion. The entries are then affine on the
 * isomorphic curve whose points are (x Z_last^2, y Z_last^3). Constant
 * time; the scratch is wiped. */
static void common_z(aff *tab, const jac *tj, const fe *zr, int cnt)
{
    fe f, f2, f3;
    const int last = cnt - 1;
    fe_copy(tab[last].x, tj[last].X);
    fe_copy(tab[last].y, tj[last].Y);
    fe_copy(f, zr[last]);
    for (int j = last - 1; j >= 0; j--) {
        fe_sqr(f2, f);
        fe_mul(f3, f2, f);
        fe_mul(tab[j].x, tj[j].X, f2);
        fe_mul(tab[j].y, tj[j].Y, f3);
        if (j > 0)
            fe_mul(f, f, zr[j]);
    }
    pkc_memzero(f, sizeof f);
    pkc_memzero(f2, sizeof f2);
    pkc_memzero(f3, sizeof f3);
}

#if EC_GLV
/* The odd multiples Q, 3Q, ..., (2 cnt - 1)Q of a public Q without an
 * inversion (a = 0 curves; mul2_var_jac_glv): on the isomorphic curve where
 * 2Q = (X, Y, c) is affine (points (x c^2, y c^3)), Q is (x c^2, y c^3, 1)
 * and each next multiple a mixed addition of 2Q; common_z then puts them
 * at one Z. out[j] is (2j + 1)Q as a point whose true coordinates are
 * (x/zq^2, y/zq^3): jac_madd_zinv_var's frame. Q is a valid point of prime
 * order n > 2 cnt, so no addition meets a doubling or infinity. Variable
 * time: public points only. */
static void odd_multiples_zq_var(aff *out, fe zq, const aff *q, int cnt)
{
    jac tj[WQ_ENT], d;
    fe zr[WQ_ENT], c2, c3;
    aff d2;
    uint64_t h0, r0;
    jac_from_aff(&d, q);
    jac_dbl(&d, &d);
    fe_copy(d2.x, d.X);
    fe_copy(d2.y, d.Y);
    fe_sqr(c2, d.Z);
    fe_mul(c3, c2, d.Z);
    fe_mul(tj[0].X, q->x, c2);
    fe_mul(tj[0].Y, q->y, c3);
    fe_copy(tj[0].Z, ec_one);
    for (int j = 1; j < cnt; j++)
        jac_madd_zr(&tj[j], &tj[j - 1], &d2, &h0, &r0, zr[j]);
    common_z(out, tj, zr, cnt);
    fe_mul(zq, tj[cnt - 1].Z, d.Z);
}
#endif
#endif

/* tab[j] = (j+1) P for j < WV_ENT, "affine": the table of the
 * variable-base window multiplications (mul_ct.h, glv.h), so that every
 * addition in their loops is a mixed one. Built in Jacobian coordinates
 * (a doubling, then mixed additions of P); (j+1)P = jP + P is never
 * exceptional for a point of order n > 2^WV. Constant time in P.
 *
 * For a = -3 the entries are made affine with one inversion and zg = 1.
 * For a = 0 there is no inversion: every entry is brought to the last one's
 * Z, zg, by the ratios Z_j / Z_(j-1) the additions return, and (X, Y) at a
 * common Z are the affine coordinates of the isomorphic curve
 * y^2 = x^3 + b zg^6 (the map (x, y) -> (zg^2 x, zg^3 y)). The doubling
 * and addition formulas for a = 0 do not read b, and the endomorphism
 * (beta x, y) commutes with the map, so the caller runs its whole loop on
 * that curve and takes its result back with window_table_z (Z times zg).
 * This saves the inversion (1.8 us on secp256k1) and about 30 products. */
static void window_table(aff *tab, fe zg, const pkc_ec_affine *P)
{
    jac tj[WV_ENT];
    aff pa;
    uint64_t h0, r0;
    aff_from_in(&pa, P);
    jac_from_aff(&tj[0], &pa);
    tj[1] = tj[0];
    jac_dbl(&tj[1], &tj[1]);
#if EC_CURVE_A == 0
    fe zr[WV_ENT];             /* zr[j] = Z_j / Z_(j-1), j >= 1 */
    fe_add(zr[1], pa.y, pa.y); /* the doubling's Z3 = 2 Y Z, Z = 1 */
    for (int j = 2; j < WV_ENT; j++)
        jac_madd_zr(&tj[j], &tj[j - 1], &pa, &h0, &r0, zr[j]);
    fe_copy(zg, tj[WV_ENT - 1].Z);
    common_z(tab, tj, zr, WV_ENT);
    pkc_memzero(zr, sizeof zr);
#else
    for (int j = 2; j < WV_ENT; j++)
        jac_madd(&tj[j], &tj[j - 1], &pa, &h0, &r0);
    jac_batch_to_aff(tab, tj, WV_ENT);
    fe_copy(zg, ec_one);
#endif
    pkc_memzero(tj, sizeof tj);
    pkc_memzero(&pa, sizeof pa);
}

/* acc, computed over a window_table with common Z zg, back on the curve */
static inline void window_table_z(jac *acc, const fe zg)
{
#if EC_CURVE_A == 0
    fe_mul(acc->Z, acc->Z, zg);
#else
    (void)acc;
    (void)zg;
#endif
}

/* constant-time row lookup: q = row[idx-1] (idx in 1..cnt), 0 for idx 0:
 * every entry is read, and since at most one mask is set the entries are
 * OR-ed in under their masks (two operations a word, none reading q). */
static inline void aff_lookup(aff *q, const aff *row, int cnt, uint64_t idx)
{
    uint64_t acc[2 * EC_N] = {0};
    for (int j = 0; j < cnt; j++) {
        uint64_t m = ct_mask_eq(idx, (uint64_t)j + 1);
        const uint64_t *e = (const uint64_t *)&row[j];
        FE_UNROLL
        for (int i = 0; i < 2 * EC_N; i++)
            acc[i] |= e[i] & m;
    }
    memcpy(q, acc, sizeof *q);
    pkc_memzero(acc, sizeof acc);
}

/* q = d P for a secret signed digit d (|d| <= cnt) of a fixed-window
 * recoding, from row[j] = (j+1) P: row[|d| - 1] by a full scan, its y
 * negated by a mask when d < 0, or when the mask flip is set (a GLV half
 * of -k). Returns the mask for d = 0 (q is then zero and stands for
 * infinity). qn is scratch, left for the caller to wipe with q. Constant
 * time. */
static inline uint64_t aff_lookup_signed(aff *q, aff *qn, const aff *row, int cnt, int64_t d,
                                         uint64_t flip)
{
    uint64_t neg;
    uint64_t a = digit_abs(d, &neg);
    aff_lookup(q, row, cnt, a);
    fe_neg(qn->y, q->y);
    fe_cmov(q->y, qn->y, neg ^ flip);
    return ct_mask_zero(a);
}

#endif
