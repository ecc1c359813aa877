/* pkc — scalar multiplication in affine coordinates (internal; layer 4 of
 * src/ec/, included by curve_tmpl.h): the seed study's alternative to
 * Jacobian coordinates, with the same windows and tables and one inversion
 * per addition and per doubling, kept complete and measurable.
 */
#ifndef PKC_EC_MUL_AFF_H
#define PKC_EC_MUL_AFF_H

/* k*P over the comb of P in affine coordinates, constant time: the same
 * digits and full-scan reads as mul_comb_jac, each addition complete
 * (aff_add_ct) with one inversion. k*G with g_comb; k*Q with the comb of a
 * cached public Q. */
static void mul_comb_aff(pkc_ec_affine *out, const pkc_ec_scalar *k, const aff (*tab)[WB_ENT])
{
    int64_t d[WB_CNT];
    aff acc, q, qn;
    uint64_t ainf = ~(uint64_t)0;
    recode_signed(d, k->v, WB, WB_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = 0; i < WB_CNT; i++) {
        uint64_t inf = aff_lookup_signed(&q, &qn, tab[i], WB_ENT, d[i], 0);
        aff_add_ct(&acc, &ainf, &acc, ainf, &q, inf);
    }
    aff_to_out(out, &acc, ainf);
    pkc_memzero(d, sizeof d);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}

/* k*G in affine coordinates, constant time: the comb of G */
static void mul_base_aff(pkc_ec_affine *out, const pkc_ec_scalar *k)
{
    tables_init();
    mul_comb_aff(out, k, (const aff(*)[WB_ENT])g_comb);
}

/* the ops table's mul_comb: tab from comb_build_var */
static void mul_comb_aff_op(pkc_ec_affine *out, const pkc_ec_scalar *k, const void *tab)
{
    mul_comb_aff(out, k, (const aff(*)[WB_ENT])tab);
}

/* k*P in affine coordinates, constant time: signed WA-bit windows, WA
 * doublings and one addition per window, each with one inversion (safegcd,
 * constant time). What may leak: nothing that depends on k or P beyond
 * what the Jacobian version leaks (the bit length of n, a constant). */
static void mul_aff(pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *P)
{
    int64_t d[WA_CNT];
    aff tab[WA_ENT], acc, q, qn;
    uint64_t ainf = ~(uint64_t)0, tinf;
    aff_from_in(&tab[0], P);
    for (int j = 1; j < WA_ENT; j++)
        aff_add_ct(&tab[j], &tinf, &tab[j - 1], 0, &tab[0], 0);
    recode_signed(d, k->v, WA, WA_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = WA_CNT - 1; i >= 0; i--) {
        for (int j = 0; j < WA; j++)
            aff_add_ct(&acc, &ainf, &acc, ainf, &acc, ainf);
        uint64_t inf = aff_lookup_signed(&q, &qn, tab, WA_ENT, d[i], 0);
        aff_add_ct(&acc, &ainf, &acc, ainf, &q, inf);
    }
    aff_to_out(out, &acc, ainf);
    pkc_memzero(d, sizeof d);
    pkc_memzero(tab, sizeof tab);
    pkc_memzero(&acc, sizeof acc);
    pkc_memzero(&q, sizeof q);
    pkc_memzero(&qn, sizeof qn);
}

/* u1*G + u2*Q in affine coordinates, variable time: the same NAFs and
 * interleaving as mul2_var_jac, every doubling and addition affine. */
static void mul2_var_aff(pkc_ec_affine *out, const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                         const pkc_ec_affine *Q)
{
    int16_t n1[NAF_MAX], n2[NAF_MAX];
    aff qt[WQ_ENT], q2, acc, t;
    uint64_t ainf = ~(uint64_t)0, tinf;
    tables_init();
    int l1 = wnaf_var(n1, u1->v, WG);
    int l2 = wnaf_var(n2, u2->v, WQ);
    aff_from_in(&qt[0], Q);
    aff_add_ct(&q2, &tinf, &qt[0], 0, &qt[0], 0);
    for (int j = 1; j < WQ_ENT; j++)
        aff_add_ct(&qt[j], &tinf, &qt[j - 1], 0, &q2, 0);
    memset(&acc, 0, sizeof acc);
    for (int i = (l1 > l2 ? l1 : l2) - 1; i >= 0; i--) {
        if (!ainf)
            aff_add_ct(&acc, &ainf, &acc, ainf, &acc, ainf);
        if (i < l1 && n1[i]) {
            int v = n1[i];
            t = g_wnaf[(v > 0 ? v : -v) >> 1];
            if (v < 0)
                fe_neg(t.y, t.y);
            aff_add_ct(&acc, &ainf, &acc, ainf, &t, 0);
        }
        if (i < l2 && n2[i]) {
            int v = n2[i];
            t = qt[(v > 0 ? v : -v) >> 1];
            if (v < 0)
                fe_neg(t.y, t.y);
            aff_add_ct(&acc, &ainf, &acc, ainf, &t, 0);
        }
    }
    aff_to_out(out, &acc, ainf);
}

/* u1*G + u2*Q over g_comb and the comb of a cached Q, affine, variable
 * time: the digits of mul2_comb_var_jac, every addition affine */
static void mul2_comb_var_aff(pkc_ec_affine *out, const pkc_ec_scalar *u1,
                              const pkc_ec_scalar *u2, const void *qtab)
{
    const aff(*qc)[WB_ENT] = (const aff(*)[WB_ENT])qtab;
    int64_t d[2][WB_CNT];
    aff acc, t;
    uint64_t ainf = ~(uint64_t)0;
    tables_init();
    recode_signed(d[0], u1->v, WB, WB_CNT);
    recode_signed(d[1], u2->v, WB, WB_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = 0; i < WB_CNT; i++)
        for (int s = 0; s < 2; s++) {
            int64_t v = d[s][i];
            if (v == 0)
                continue;
            t = (s ? qc[i] : g_comb[i])[(v > 0 ? v : -v) - 1];
            if (v < 0)
                fe_neg(t.y, t.y);
            aff_add_ct(&acc, &ainf, &acc, ainf, &t, 0);
        }
    aff_to_out(out, &acc, ainf);
}

#endif
