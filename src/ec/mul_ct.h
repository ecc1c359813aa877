/* pkc — constant-time scalar multiplication in Jacobian coordinates
 * (internal; layer 4 of src/ec/, included by curve_tmpl.h): k*G over the
 * fixed-base table, and k*P by signed windows (curves without an
 * endomorphism; glv.h replaces the latter for the GLV curves).
 */
#ifndef PKC_EC_MUL_CT_H
#define PKC_EC_MUL_CT_H

/* k*G, constant time. Position i adds d_i 2^(WB i) G with a mixed addition.
 * Exceptional cases: before position i the accumulator is s*G with
 * |s| < 2^(WB i) * 2^(WB-1)/(2^WB - 1) and the addend is t*G with
 * 2^(WB i) <= |t| <= 2^(WB(i+1)-1), so s != +-t as integers; since
 * |s| + |t| < n for i <= WB_CNT - 3 (because k < n), s != +-t (mod n) as
 * well. Only the last two positions need the doubling case. Infinity (an
 * accumulator of 0 or a digit 0) is handled by selection. */
/* k*G, constant time. Position i adds d_i 2^(WB i) G with a mixed addition.
 * Exceptional cases: before position i the accumulator is s*G with
 * |s| < 2^(WB i) * 2^(WB-1)/(2^WB - 1) and the addend is t*G with
 * 2^(WB i) <= |t| <= 2^(WB(i+1)-1), so s != +-t as integers; since
 * |s| + |t| < n for i <= WB_CNT - 3 (because k < n), s != +-t (mod n) as
 * well. Only the last two positions need the doubling case. Infinity (an
 * accumulator of 0 or a digit 0) is handled by selection. */
static void mul_base_jac(pkc_ec_affine *out, const pkc_ec_scalar *k)
{
    int64_t d[WB_CNT];
    jac acc;
    aff q, qn;
    tables_init();
    recode_signed(d, k->v, WB, WB_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = 0; i < WB_CNT; i++) {
        uint64_t neg;
        uint64_t a = digit_abs(d[i], &neg);
        aff_lookup(&q, g_comb[i], WB_ENT, a);
        fe_neg(qn.y, q.y);
        fe_cmov(q.y, qn.y, neg);
        jac_madd_ct(&acc, &q, ct_mask_zero(a), i >= WB_CNT - 2);
    }
    jac_to_out(out, &acc);
    pkc_memzero(d, sizeof d);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}

#if !EC_GLV
/* k*P, constant time: signed WV-bit windows from the top, WV doublings and
 * one mixed addition of a table entry (read with a full scan) per window.
 * The table of P, 2P, ..., 2^(WV-1) P is built in Jacobian coordinates and
 * made affine with one (constant-time) inversion, so every addition in the
 * loop is a mixed one. Before window i the accumulator is 2^WV K P; for
 * i >= 1, |2^WV K| < n/2^WV + 2^WV and |d_i| <= 2^(WV-1), so
 * 2^WV K = +-d_i (mod n) only if both are 0 (handled by selection); the last
 * window can meet P = +-Q (e.g. k = n-2) and also computes the doubling.
 * (For the toy curves of the exhaustive tests, whose order is too small for
 * this argument, EC_SMALL_ORDER completes every addition.) */
static void mul_jac_window(pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *P)
{
    int64_t d[WV_CNT];
    jac tj[WV_ENT], acc;
    aff tab[WV_ENT], pa, q, qn;
    aff_from_in(&pa, P);
    jac_from_aff(&tj[0], &pa);
    tj[1] = tj[0];
    jac_dbl(&tj[1], &tj[1]);
    for (int j = 2; j < WV_ENT; j++) {
        /* (j+1)P = jP + P: never exceptional for a point of order n > 2^WV */
        uint64_t h0, r0;
        jac_madd(&tj[j], &tj[j - 1], &pa, &h0, &r0);
    }
    jac_batch_to_aff(tab, tj, WV_ENT);
    recode_signed(d, k->v, WV, WV_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = WV_CNT - 1; i >= 0; i--) {
        uint64_t neg;
        for (int j = 0; j < WV; j++)
            jac_dbl(&acc, &acc);
        uint64_t a = digit_abs(d[i], &neg);
        aff_lookup(&q, tab, WV_ENT, a);
        fe_neg(qn.y, q.y);
        fe_cmov(q.y, qn.y, neg);
        jac_madd_ct(&acc, &q, ct_mask_zero(a), i == 0 || EC_SMALL_ORDER);
    }
    jac_to_out(out, &acc);
    pkc_memzero(d, sizeof d);
    pkc_memzero(tj, sizeof tj);
    pkc_memzero(tab, sizeof tab);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}
#endif

#endif
