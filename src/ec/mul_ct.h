/* pkc — constant-time scalar multiplication in Jacobian coordinates
 * (internal; layer 4 of src/ec/, included by curve_tmpl.h): k*G over the
 * fixed-base table (and k*Q over the same comb of a cached public Q), and
 * k*P by signed windows (curves without an endomorphism; glv.h replaces
 * the latter for the GLV curves).
 */
#ifndef PKC_EC_MUL_CT_H
#define PKC_EC_MUL_CT_H

/* k*P over the comb of P (tab[i][j] = (j+1) 2^(WB i) P, comb_fill_var),
 * constant time in k: position i adds d_i 2^(WB i) P with a mixed
 * addition, the entry read by a full scan of its row; no doublings. With
 * the comb of G this is k*G (mul_base_jac); with the comb of a cached
 * public point, k*Q (the cache, ec_cache.c). The argument below uses only
 * that P has order n, so it holds for any point the cache holds.
 * Exceptional cases: before position i the accumulator is s*P with
 * |s| < 2^(WB i) * 2^(WB-1)/(2^WB - 1) and the addend is t*P with
 * 2^(WB i) <= |t| <= 2^(WB(i+1)-1), so s != +-t as integers; since
 * |s| + |t| < n for i <= WB_CNT - 3 (because k < n), s != +-t (mod n) as
 * well. Only the last two positions need the doubling case. Infinity (an
 * accumulator of 0 or a digit 0) is handled by selection. */
static void mul_comb_jac(pkc_ec_affine *out, const pkc_ec_scalar *k, const aff (*tab)[WB_ENT])
{
    int64_t d[WB_CNT];
    jac acc;
    aff q, qn;
    recode_signed(d, k->v, WB, WB_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = 0; i < WB_CNT; i++) {
        uint64_t inf = aff_lookup_signed(&q, &qn, tab[i], WB_ENT, d[i], 0);
        jac_madd_ct(&acc, &q, inf, i >= WB_CNT - 2);
    }
    jac_to_out(out, &acc);
    pkc_memzero(d, sizeof d);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}

/* k*G, constant time: the comb of G */
static void mul_base_jac(pkc_ec_affine *out, const pkc_ec_scalar *k)
{
    tables_init();
    mul_comb_jac(out, k, (const aff(*)[WB_ENT])g_comb);
}

/* the ops table's mul_comb: tab from comb_build_var */
static void mul_comb_jac_op(pkc_ec_affine *out, const pkc_ec_scalar *k, const void *tab)
{
    mul_comb_jac(out, k, (const aff(*)[WB_ENT])tab);
}

#if !EC_GLV
/* k*P, constant time: signed WV-bit windows from the top, WV doublings and
 * one mixed addition of a table entry (read with a full scan) per window.
 * The table of P, 2P, ..., 2^(WV-1) P is window_table's (affine, or at a
 * common Z for a = 0), so every addition in the loop is a mixed one. Before
 * window i the accumulator is 2^WV K P; for i >= 1, |2^WV K| < n/2^WV + 2^WV
 * and |d_i| <= 2^(WV-1), so 2^WV K = +-d_i (mod n) only if both are 0
 * (handled by selection); the last window can meet P = +-Q (e.g. k = n-2)
 * and also computes the doubling.
 * (For the toy curves of the exhaustive tests, whose order is too small for
 * this argument, EC_SMALL_ORDER completes every addition.) */
static void mul_jac_window(pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *P)
{
    int64_t d[WV_CNT];
    jac acc;
    aff tab[WV_ENT], q, qn;
    fe zg;
    window_table(tab, zg, P);
    recode_signed(d, k->v, WV, WV_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = WV_CNT - 1; i >= 0; i--) {
        for (int j = 0; j < WV; j++)
            jac_dbl(&acc, &acc);
        uint64_t inf = aff_lookup_signed(&q, &qn, tab, WV_ENT, d[i], 0);
        jac_madd_ct(&acc, &q, inf, i == 0 || EC_SMALL_ORDER);
    }
    window_table_z(&acc, zg);
    jac_to_out(out, &acc);
    pkc_memzero(zg, sizeof zg);
    pkc_memzero(d, sizeof d);
    pkc_memzero(tab, sizeof tab);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}
#endif

#endif
