/* pkc — variable-time double-scalar multiplication u1*G + u2*Q in Jacobian
 * coordinates, for verification (internal; layer 4 of src/ec/, included by
 * curve_tmpl.h): interleaved NAFs for the curves without an endomorphism
 * (glv.h has the GLV version), and, for every curve, the version over the
 * comb of a cached Q. Public inputs only.
 */
#ifndef PKC_EC_MUL_VAR_H
#define PKC_EC_MUL_VAR_H

/* acc += d 2^(WB i) P for a public signed digit d (|d| <= WB_ENT) from
 * row i of a comb (row[j] = (j+1) 2^(WB i) P); complete, variable time */
static inline void comb_madd_digit_var(jac *acc, const aff *row, int64_t d)
{
    if (d == 0)
        return;
    aff t = row[(d > 0 ? d : -d) - 1];
    if (d < 0)
        fe_neg(t.y, t.y);
    jac_madd_var(acc, &t);
}

/* u1*G + u2*Q over two combs, g_comb and Q's (comb_fill_var), variable
 * time (public data): signed WB-bit digits of both scalars; position i adds
 * d1_i 2^(WB i) G and d2_i 2^(WB i) Q with complete mixed additions, so
 * there are no doublings at all (any curve: no endomorphism is needed). */
static void mul2_comb_var_jac(pkc_ec_affine *out, const pkc_ec_scalar *u1,
                              const pkc_ec_scalar *u2, const void *qtab)
{
    const aff(*qc)[WB_ENT] = (const aff(*)[WB_ENT])qtab;
    int64_t d1[WB_CNT], d2[WB_CNT];
    jac acc;
    tables_init();
    recode_signed(d1, u1->v, WB, WB_CNT);
    recode_signed(d2, u2->v, WB, WB_CNT);
    memset(&acc, 0, sizeof acc);
    for (int i = 0; i < WB_CNT; i++) {
        comb_madd_digit_var(&acc, g_comb[i], d1[i]);
        comb_madd_digit_var(&acc, qc[i], d2[i]);
    }
    jac_to_out_var(out, &acc);
}

#if !EC_GLV
/* u1*G + u2*Q, variable time (public data): Strauss-Shamir interleaving of
 * a width-WG NAF of u1 over the precomputed odd multiples of G (affine,
 * mixed additions) and a width-WQ NAF of u2 over odd multiples of Q. */
static void mul2_var_window_j(jac *R, const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                              const pkc_ec_affine *Q)
{
    int16_t n1[NAF_MAX], n2[NAF_MAX];
    jac qj, acc;
    aff qa, qt[WQ_ENT];
    tables_init();
    int l1 = wnaf_var(n1, u1->v, WG);
    int l2 = wnaf_var(n2, u2->v, WQ);
    aff_from_in(&qa, Q);
    jac_from_aff(&qj, &qa);
    /* affine: every Q addition is a mixed one */
    odd_multiples_var(qt, &qj, WQ_ENT);
    memset(&acc, 0, sizeof acc);
    int started = 0;
    for (int i = (l1 > l2 ? l1 : l2) - 1; i >= 0; i--) {
        if (started)
            jac_dbl(&acc, &acc);
        if (i < l1 && n1[i]) {
            jac_madd_digit_var(&acc, g_wnaf, n1[i], 0);
            started = 1;
        }
        if (i < l2 && n2[i]) {
            jac_madd_digit_var(&acc, qt, n2[i], 0);
            started = 1;
        }
        if (started && fe_is_zero(acc.Z))
            started = 0;
    }
    *R = acc;
}

static void mul2_var_jac_window(pkc_ec_affine *out, const pkc_ec_scalar *u1,
                                const pkc_ec_scalar *u2, const pkc_ec_affine *Q)
{
    jac R;
    mul2_var_window_j(&R, u1, u2, Q);
    jac_to_out_var(out, &R);
}
#endif

#endif
