/* The factoring lab's ECM (lab/factor.h): GMP-ECM's ecm_factor, one curve
 * per call, B1 rising along the table of GMP-ECM's README (optimal B1 for a
 * factor of D digits and the curves expected to find it), so that a factor
 * of any size is met by curves of about the right B1. Without GMP-ECM the
 * method is refused (pkc_lab_factor_run returns PKC_ERR_UNSUPPORTED before
 * coming here). */
#include "factor_internal.h"

#ifdef PKC_HAVE_ECM
#include <ecm.h>

/* GMP-ECM's README, "-power 1" column (the 15-digit row from its older
 * editions): B1 and the expected number of curves at it. */
static const struct {
    double b1;
    unsigned curves;
} ecm_schedule[] = {
    {2e3, 25},     /* 15 digits */
    {11e3, 74},    /* 20 */
    {5e4, 221},    /* 25 */
    {25e4, 453},   /* 30 */
    {1e6, 984},    /* 35 */
    {3e6, 2541},   /* 40 */
    {11e6, 4949},  /* 45 */
    {43e6, 8266},  /* 50 */
    {11e7, 20158}, /* 55: and on at this B1 */
};
#define ECM_LEVELS (sizeof ecm_schedule / sizeof ecm_schedule[0])

/* ecm_factor's stop callback takes no argument: the deadline of the attack
 * running in this thread */
static _Thread_local double ecm_deadline;

const char *pkc_lab_factor_ecm_version(void)
{
    return ecm_version();
}

static int ecm_stop(void)
{
    return pkc_lab_factor_expired(ecm_deadline);
}

pkc_err pkc_lab_factor_ecm(const mpz_t n, const pkc_lab_factor_params *params, double deadline,
                           pkc_lab_factor_result *r)
{
    mpz_t nn, f;
    mpz_init_set(nn, n); /* ecm_factor takes a non-const n */
    mpz_init(f);
    uint64_t st = params->seed ^ 0x65636d2d70636bull; /* ECM's own stream */
    size_t level = 0;
    unsigned at_level = 0;
    pkc_err err = PKC_OK;
    ecm_deadline = deadline;
    for (;;) {
        if (pkc_lab_factor_expired(deadline)) {
            r->status = PKC_LAB_FACTOR_TIMED_OUT;
            r->reason = "time limit reached";
            break;
        }
        double b1 = params->b1 ? (double)params->b1 : ecm_schedule[level].b1;
        ecm_params ep;
        ecm_init(ep);
        /* Suyama's parametrisation with sigma from the seed: the same seed
         * runs the same curves */
        ep->param = ECM_PARAM_SUYAMA;
        mpz_set_ui(ep->sigma, 6 + pkc_lab_factor_splitmix(&st) % ((1ull << 32) - 6));
        gmp_randseed_ui(ep->rng, (unsigned long)pkc_lab_factor_splitmix(&st));
        ep->stop_asap = ecm_stop;
        int rc = ecm_factor(f, nn, b1, ep);
        ecm_clear(ep);
        r->ops++;
        r->curves = r->ops;
        r->b1 = (uint64_t)b1;
        if (rc < 0) {
            err = PKC_ERR_INTERNAL;
            break;
        }
        /* a factor of n itself (every prime found by one curve) is no help:
         * the next curve */
        if (rc > 0 && mpz_cmp_ui(f, 1) > 0 && mpz_cmp(f, nn) < 0) {
            mpz_set(r->factor, f);
            r->status = PKC_LAB_FACTOR_FOUND;
            r->reason = NULL;
            break;
        }
        if (!params->b1 && ++at_level >= ecm_schedule[level].curves && level + 1 < ECM_LEVELS) {
            level++;
            at_level = 0;
        }
    }
    ecm_deadline = 0;
    mpz_clears(nn, f, NULL);
    return err;
}

#else

const char *pkc_lab_factor_ecm_version(void)
{
    return NULL;
}

pkc_err pkc_lab_factor_ecm(const mpz_t n, const pkc_lab_factor_params *params, double deadline,
                           pkc_lab_factor_result *r)
{
    (void)n;
    (void)params;
    (void)deadline;
    (void)r;
    return PKC_ERR_UNSUPPORTED;
}

#endif
