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
    jac_to_out(out, &acc);
}
#endif

#endif
