/* pkc — variable-time double-scalar multiplication u1*G + u2*Q in Jacobian
 * coordinates, for verification (internal; layer 4 of src/ec/, included by
 * curve_tmpl.h for the curves without an endomorphism; glv.h has the GLV
 * version). Public inputs only.
 */
#ifndef PKC_EC_MUL_VAR_H
#define PKC_EC_MUL_VAR_H

#if !EC_GLV
/* u1*G + u2*Q, variable time (public data): Strauss-Shamir interleaving of
 * a width-WG NAF of u1 over the precomputed odd multiples of G (affine,
 * mixed additions) and a width-WQ NAF of u2 over odd multiples of Q. */
static void mul2_var_jac_window(pkc_ec_affine *out, const pkc_ec_scalar *u1,
                                const pkc_ec_scalar *u2, const pkc_ec_affine *Q)
{
    int8_t n1[NAF_MAX], n2[NAF_MAX];
    jac qj[WQ_ENT], q2, acc;
    aff qa, qt[WQ_ENT], t;
    tables_init();
    int l1 = wnaf_var(n1, u1->v, WG);
    int l2 = wnaf_var(n2, u2->v, WQ);
    aff_from_in(&qa, Q);
    jac_from_aff(&qj[0], &qa);
    q2 = qj[0];
    jac_dbl(&q2, &q2);
    for (int j = 1; j < WQ_ENT; j++) {
        qj[j] = qj[j - 1];
        jac_add_var(&qj[j], &q2);
    }
    /* one inversion makes every Q addition a mixed one */
    jac_batch_to_aff(qt, qj, WQ_ENT);
    memset(&acc, 0, sizeof acc);
    int started = 0;
    for (int i = (l1 > l2 ? l1 : l2) - 1; i >= 0; i--) {
        if (started)
            jac_dbl(&acc, &acc);
        if (i < l1 && n1[i]) {
            int v = n1[i];
            if (v > 0) {
                jac_madd_var(&acc, &g_wnaf[v >> 1]);
            } else {
                t = g_wnaf[(-v) >> 1];
                fe_neg(t.y, t.y);
                jac_madd_var(&acc, &t);
            }
            started = 1;
        }
        if (i < l2 && n2[i]) {
            int v = n2[i];
            t = qt[(v > 0 ? v : -v) >> 1];
            if (v < 0)
                fe_neg(t.y, t.y);
            jac_madd_var(&acc, &t);
            started = 1;
        }
        if (started && fe_is_zero(acc.Z))
            started = 0;
    }
    jac_to_out(out, &acc);
}
#endif

#endif
