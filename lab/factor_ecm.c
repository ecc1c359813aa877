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
/* the smallest B1 the halving goes down to */
#define ECM_MIN_B1 2.0

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

/* A sigma for Suyama's parametrisation, in [6, 2^32), that GMP-ECM takes:
 * it refuses (with a message on standard output) sigma = 0, 1, 3, 5 mod n
 * and a sigma with a factor in common with n (found by trying on small n);
 * -1, -3, -5 give degenerate curves. Small n only have few of them. Returns
 * 0 when 1000 draws found none. */
static unsigned long suyama_sigma(const mpz_t n, uint64_t *st)
{
    static const long degenerate[] = {0, 1, -1, 3, -3, 5, -5};
    mpz_t t, d;
    mpz_inits(t, d, NULL);
    unsigned long sigma = 0;
    for (int tries = 0; tries < 1000 && !sigma; tries++) {
        unsigned long x = 6 + (unsigned long)(pkc_lab_factor_splitmix(st) % ((1ull << 32) - 6));
        mpz_set_ui(t, x);
        mpz_gcd(d, t, n);
        int bad = mpz_cmp_ui(d, 1) != 0;
        mpz_mod(t, t, n);
        for (size_t i = 0; i < sizeof degenerate / sizeof degenerate[0] && !bad; i++) {
            mpz_set_si(d, degenerate[i]);
            mpz_mod(d, d, n);
            bad = mpz_cmp(t, d) == 0;
        }
        if (!bad)
            sigma = x;
    }
    mpz_clears(t, d, NULL);
    return sigma;
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
    /* a curve that finds all of n at once (the group orders mod every
     * prime smooth: small primes) halves B1 for the curves after it */
    double shrink = 1.0;
    unsigned errors = 0;
    pkc_err err = PKC_OK;
    ecm_deadline = deadline;
    /* a prime power p^k: every curve that finds p finds all of n when p is
     * small, and GMP-ECM's answer is n itself; the root is not ECM's */
    if (mpz_perfect_power_p(n)) {
        r->status = PKC_LAB_FACTOR_NOT_FOUND;
        r->reason = "n is a perfect power (take its root)";
        mpz_clears(nn, f, NULL);
        return PKC_OK;
    }
    for (;;) {
        if (pkc_lab_factor_expired(deadline)) {
            r->status = PKC_LAB_FACTOR_TIMED_OUT;
            r->reason = "time limit reached";
            break;
        }
        double b1 = (params->b1 ? (double)params->b1 : ecm_schedule[level].b1) * shrink;
        if (b1 < ECM_MIN_B1)
            b1 = ECM_MIN_B1;
        unsigned long sigma = suyama_sigma(n, &st);
        if (!sigma) {
            r->status = PKC_LAB_FACTOR_NOT_FOUND;
            r->reason = "no sigma for a Suyama curve modulo n";
            break;
        }
        ecm_params ep;
        ecm_init(ep);
        /* Suyama's parametrisation with sigma from the seed: the same seed
         * runs the same curves */
        ep->param = ECM_PARAM_SUYAMA;
        mpz_set_ui(ep->sigma, sigma);
        gmp_randseed_ui(ep->rng, (unsigned long)pkc_lab_factor_splitmix(&st));
        ep->stop_asap = ecm_stop;
        int rc = ecm_factor(f, nn, b1, ep);
        ecm_clear(ep);
        r->ops++;
        r->curves = r->ops;
        r->b1 = (uint64_t)b1;
        if (rc < 0 && ++errors == 100) { /* GMP-ECM refused 100 curves in a row */
            err = PKC_ERR_INTERNAL;
            break;
        }
        if (rc >= 0)
            errors = 0;
        if (rc > 0 && mpz_cmp_ui(f, 1) > 0 && mpz_cmp(f, nn) < 0) {
            mpz_set(r->factor, f);
            r->status = PKC_LAB_FACTOR_FOUND;
            r->reason = NULL;
            break;
        }
        if (rc > 0 && mpz_cmp(f, nn) == 0 && b1 > ECM_MIN_B1)
            shrink /= 2;
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
