/* The factoring lab (lab/factor.h):
 *   - instances: n = p q of exactly the asked bits, p and q prime and
 *     distinct, the same for the same (seed, bits, rep, kind) and different
 *     otherwise; close instances have |p - q|^4 < n, smooth ones p - 1 made
 *     of primes <= the bound, balanced ones of 64 bits and more p and q with
 *     their top two bits set (pkc's generator);
 *   - each method factors fixed-seed instances of a size it can do (trial
 *     40 bits, fermat close primes at 128 bits and balanced at 48, rho 64
 *     to 80 bits, pm1 the smooth instance at 128 bits, ecm 100 and 120
 *     bits), the factor checked against the planted p and q; the counts
 *     that can be known in advance are: trial's divisions are the primes up
 *     to the smaller factor, Fermat's iterations (p + q) / 2 - ceil(sqrt n)
 *     + 1, exactly 1 on close primes;
 *   - p - 1's stage 2: with B1 just below the largest prime of p - 1 and
 *     B2 at it, stage 2 finds p; with B2 one below, nothing is found;
 *   - pm1 on a random balanced instance with a small B1 fails cleanly;
 *   - every method on every odd composite up to 3000 returns a divisor
 *     (ECM too, whose sigma must avoid the degenerate values mod n's
 *     primes, and whose B1 must come down when a curve finds every prime
 *     at once; it refuses perfect powers; up to 1000, not on 3^a 7^b);
 *   - time limits end in TIMED_OUT, soon, for every method;
 *   - bad arguments are refused. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "factor.h"
#include "testutil.h"

#if defined(__SANITIZE_ADDRESS__)
/* GMP-ECM 7.0.5 loses 64 bytes in every ecm_factor call (the four
 * coordinates ell_curve_init makes inside ecm() are never cleared; the lab
 * calls ecm_init and ecm_clear around each curve). Not ours: LeakSanitizer
 * (make test-asan) is told to pass it over, with the slow unwinder, which
 * sees through libgmp's frames. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:ell_curve_init\n";
}
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
    return "fast_unwind_on_malloc=0";
}
#endif

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static const pkc_lab_factor_params no_limit = {0, 0, 0, 1};

/* runs m on the instance and checks that it found p or q */
static void expect_factor(pkc_lab_factor_method m, pkc_lab_factor_kind kind, unsigned bits,
                          unsigned rep, const pkc_lab_factor_params *params,
                          pkc_lab_factor_result *r, pkc_lab_factor_instance *inst)
{
    CHECK(pkc_lab_factor_instance_make(inst, kind, bits, 7, rep) == PKC_OK);
    pkc_err err = pkc_lab_factor_run(m, inst->n, params, r);
    CHECK_MSG(err == PKC_OK, "%s %u bits rep %u: error %d", pkc_lab_factor_method_name(m), bits,
              rep, err);
    CHECK_MSG(r->status == PKC_LAB_FACTOR_FOUND, "%s %s %u bits rep %u: status %d (%s)",
              pkc_lab_factor_method_name(m), pkc_lab_factor_kind_name(kind), bits, rep, r->status,
              r->reason ? r->reason : "");
    CHECK_MSG(mpz_cmp(r->factor, inst->p) == 0 || mpz_cmp(r->factor, inst->q) == 0,
              "%s %u bits rep %u: the factor is neither p nor q", pkc_lab_factor_method_name(m),
              bits, rep);
    CHECK(r->ops > 0);
}

static void test_instances(void)
{
    static const unsigned sizes[] = {40, 41, 47, 63, 64, 65, 96, 128, 161, 200, 256};
    pkc_lab_factor_instance a, b;
    pkc_lab_factor_instance_init(&a);
    pkc_lab_factor_instance_init(&b);
    mpz_t t, lim;
    mpz_inits(t, lim, NULL);
    for (int k = 0; k < PKC_LAB_FACTOR_KINDS; k++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            unsigned bits = sizes[i];
            pkc_lab_factor_kind kind = (pkc_lab_factor_kind)k;
            const char *kn = pkc_lab_factor_kind_name(kind);
            if (!CHECK(pkc_lab_factor_instance_make(&a, kind, bits, 7, 0) == PKC_OK))
                continue;
            CHECK_MSG(mpz_sizeinbase(a.n, 2) == bits && a.bits == bits, "%s %u: size", kn, bits);
            mpz_mul(t, a.p, a.q);
            CHECK_MSG(mpz_cmp(t, a.n) == 0, "%s %u: n = p q", kn, bits);
            CHECK_MSG(mpz_probab_prime_p(a.p, 40) && mpz_probab_prime_p(a.q, 40),
                      "%s %u: p, q prime", kn, bits);
            CHECK_MSG(mpz_cmp(a.p, a.q) != 0, "%s %u: p != q", kn, bits);
            CHECK(a.prime_source != NULL && a.kind == kind);
            /* the same names, the same instance; another rep or seed, another */
            CHECK(pkc_lab_factor_instance_make(&b, kind, bits, 7, 0) == PKC_OK);
            CHECK_MSG(mpz_cmp(a.n, b.n) == 0, "%s %u: deterministic", kn, bits);
            CHECK(pkc_lab_factor_instance_make(&b, kind, bits, 7, 1) == PKC_OK);
            CHECK_MSG(mpz_cmp(a.n, b.n) != 0, "%s %u: rep 1 differs", kn, bits);
            CHECK(pkc_lab_factor_instance_make(&b, kind, bits, 8, 0) == PKC_OK);
            CHECK_MSG(mpz_cmp(a.n, b.n) != 0, "%s %u: seed 8 differs", kn, bits);
            if (kind == PKC_LAB_FACTOR_BALANCED) {
                CHECK_MSG(mpz_sizeinbase(a.p, 2) == (bits + 1) / 2 &&
                              mpz_sizeinbase(a.q, 2) == bits / 2,
                          "balanced %u: half sizes", bits);
                CHECK_MSG(mpz_tstbit(a.p, (bits + 1) / 2 - 2) && mpz_tstbit(a.q, bits / 2 - 2),
                          "balanced %u: top two bits", bits);
                CHECK_MSG(strcmp(a.prime_source, bits >= 64 ? "pkc_rsa_prime_generate"
                                                            : "mpz_nextprime(DRBG)") == 0,
                          "balanced %u: prime source %s", bits, a.prime_source);
            }
            if (kind == PKC_LAB_FACTOR_CLOSE) {
                mpz_sub(t, a.q, a.p);
                mpz_pow_ui(t, t, 4);
                CHECK_MSG(mpz_cmp(t, a.n) < 0, "close %u: |p - q|^4 < n", bits);
            }
            if (kind == PKC_LAB_FACTOR_SMOOTH) {
                CHECK(a.smooth_bound == PKC_LAB_FACTOR_SMOOTH_BOUND);
                CHECK_MSG(mpz_sizeinbase(a.p, 2) == (bits + 1) / 2 &&
                              mpz_tstbit(a.p, (bits + 1) / 2 - 2),
                          "smooth %u: p's size", bits);
                /* p - 1 divided by every prime <= the bound leaves 1 */
                mpz_sub_ui(t, a.p, 1);
                mpz_set_ui(lim, 2);
                while (mpz_cmp_ui(lim, a.smooth_bound) <= 0) {
                    while (mpz_divisible_p(t, lim))
                        mpz_divexact(t, t, lim);
                    mpz_nextprime(lim, lim);
                }
                CHECK_MSG(mpz_cmp_ui(t, 1) == 0, "smooth %u: p - 1 is %llu-smooth", bits,
                          (unsigned long long)a.smooth_bound);
            }
        }
    mpz_clears(t, lim, NULL);
    pkc_lab_factor_instance_clear(&a);
    pkc_lab_factor_instance_clear(&b);
}

static void test_trial_fermat(void)
{
    pkc_lab_factor_instance inst;
    pkc_lab_factor_result r;
    pkc_lab_factor_instance_init(&inst);
    pkc_lab_factor_result_init(&r);
    mpz_t t, s;
    mpz_inits(t, s, NULL);
    for (unsigned rep = 0; rep < 3; rep++) {
        expect_factor(PKC_LAB_FACTOR_TRIAL, PKC_LAB_FACTOR_BALANCED, 40, rep, &no_limit, &r, &inst);
        /* the divisions are the primes up to the smaller factor */
        mpz_srcptr small = mpz_cmp(inst.p, inst.q) < 0 ? inst.p : inst.q;
        uint64_t count = 0;
        for (mpz_set_ui(t, 2); mpz_cmp(t, small) <= 0; mpz_nextprime(t, t))
            count++;
        CHECK_MSG(r.ops == count, "trial 40 rep %u: %llu divisions, pi(p) = %llu", rep,
                  (unsigned long long)r.ops, (unsigned long long)count);
        CHECK(mpz_cmp(r.factor, small) == 0);
    }
    for (unsigned rep = 0; rep < 3; rep++) {
        expect_factor(PKC_LAB_FACTOR_FERMAT, PKC_LAB_FACTOR_CLOSE, 128, rep, &no_limit, &r, &inst);
        CHECK_MSG(r.ops == 1, "fermat close 128 rep %u: %llu iterations", rep,
                  (unsigned long long)r.ops);
    }
    for (unsigned rep = 0; rep < 3; rep++) {
        expect_factor(PKC_LAB_FACTOR_FERMAT, PKC_LAB_FACTOR_BALANCED, 48, rep, &no_limit, &r,
                      &inst);
        /* (p + q) / 2 - ceil(sqrt n) + 1 iterations */
        mpz_add(t, inst.p, inst.q);
        mpz_fdiv_q_2exp(t, t, 1);
        mpz_sqrt(s, inst.n);
        mpz_add_ui(s, s, 1); /* n is no square */
        mpz_sub(t, t, s);
        mpz_add_ui(t, t, 1);
        CHECK_MSG(mpz_cmp_ui(t, r.ops) == 0, "fermat 48 rep %u: %llu iterations", rep,
                  (unsigned long long)r.ops);
    }
    mpz_clears(t, s, NULL);
    pkc_lab_factor_result_clear(&r);
    pkc_lab_factor_instance_clear(&inst);
}

static void test_rho(void)
{
    pkc_lab_factor_instance inst;
    pkc_lab_factor_result r;
    pkc_lab_factor_instance_init(&inst);
    pkc_lab_factor_result_init(&r);
    for (unsigned bits = 64; bits <= 80; bits += 8)
        for (unsigned rep = 0; rep < 2; rep++) {
            expect_factor(PKC_LAB_FACTOR_RHO, PKC_LAB_FACTOR_BALANCED, bits, rep, &no_limit, &r,
                          &inst);
            /* the same seed, the same walk */
            uint64_t ops = r.ops;
            CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_RHO, inst.n, &no_limit, &r) == PKC_OK);
            CHECK_MSG(r.ops == ops, "rho %u: deterministic", bits);
        }
    pkc_lab_factor_result_clear(&r);
    pkc_lab_factor_instance_clear(&inst);
}

static void test_pm1(void)
{
    pkc_lab_factor_instance inst;
    pkc_lab_factor_result r;
    pkc_lab_factor_instance_init(&inst);
    pkc_lab_factor_result_init(&r);
    mpz_t t, ell;
    mpz_inits(t, ell, NULL);
    for (unsigned rep = 0; rep < 3; rep++) {
        expect_factor(PKC_LAB_FACTOR_PM1, PKC_LAB_FACTOR_SMOOTH, 128, rep, &no_limit, &r, &inst);
        CHECK(mpz_cmp(r.factor, inst.p) == 0 && r.stage == 1);
        CHECK(r.b1 == PKC_LAB_FACTOR_PM1_B1 && r.b2 == 100 * (uint64_t)PKC_LAB_FACTOR_PM1_B1);
        /* the two largest primes of p - 1 */
        uint64_t big = 0, second = 0;
        mpz_sub_ui(t, inst.p, 1);
        for (mpz_set_ui(ell, 2); mpz_cmp_ui(ell, inst.smooth_bound) <= 0; mpz_nextprime(ell, ell))
            if (mpz_divisible_p(t, ell)) {
                second = big;
                big = mpz_get_ui(ell);
            }
        /* stage 2 reaches big from B1 = second; one below big it does not */
        pkc_lab_factor_params p2 = {0, second, big, 1};
        CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_PM1, inst.n, &p2, &r) == PKC_OK);
        CHECK_MSG(r.status == PKC_LAB_FACTOR_FOUND && mpz_cmp(r.factor, inst.p) == 0 &&
                      r.stage == 2,
                  "pm1 stage 2 rep %u: B1 %llu B2 %llu status %d", rep, (unsigned long long)second,
                  (unsigned long long)big, r.status);
        p2.b2 = big - 1;
        CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_PM1, inst.n, &p2, &r) == PKC_OK);
        CHECK_MSG(r.status == PKC_LAB_FACTOR_NOT_FOUND && r.reason && mpz_sgn(r.factor) == 0,
                  "pm1 B2 below p - 1's largest prime rep %u: status %d", rep, r.status);
        /* no stage 2 at all (B2 = B1) and B1 below the largest prime */
        p2.b2 = second;
        CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_PM1, inst.n, &p2, &r) == PKC_OK);
        CHECK(r.status == PKC_LAB_FACTOR_NOT_FOUND);
    }
    /* random balanced primes: p - 1 and q - 1 are not 1000-smooth */
    pkc_lab_factor_params small = {0, 1000, 0, 1};
    for (unsigned rep = 0; rep < 3; rep++) {
        CHECK(pkc_lab_factor_instance_make(&inst, PKC_LAB_FACTOR_BALANCED, 128, 7, rep) == PKC_OK);
        CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_PM1, inst.n, &small, &r) == PKC_OK);
        CHECK_MSG(r.status == PKC_LAB_FACTOR_NOT_FOUND && r.reason != NULL && r.ops > 0,
                  "pm1 B1 1000 on balanced 128 rep %u: status %d", rep, r.status);
        CHECK(r.b1 == 1000 && r.b2 == 100000);
    }
    mpz_clears(t, ell, NULL);
    pkc_lab_factor_result_clear(&r);
    pkc_lab_factor_instance_clear(&inst);
}

static void test_ecm(void)
{
    if (!pkc_lab_factor_have_ecm()) {
        pkc_lab_factor_instance inst;
        pkc_lab_factor_result r;
        pkc_lab_factor_instance_init(&inst);
        pkc_lab_factor_result_init(&r);
        CHECK(pkc_lab_factor_instance_make(&inst, PKC_LAB_FACTOR_BALANCED, 100, 7, 0) == PKC_OK);
        CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_ECM, inst.n, &no_limit, &r) == PKC_ERR_UNSUPPORTED);
        pkc_lab_factor_result_clear(&r);
        pkc_lab_factor_instance_clear(&inst);
        tu_skip_part("ECM: built without GMP-ECM (libecm)");
        return;
    }
    pkc_lab_factor_instance inst;
    pkc_lab_factor_result r;
    pkc_lab_factor_instance_init(&inst);
    pkc_lab_factor_result_init(&r);
    for (unsigned bits = 100; bits <= 120; bits += 20)
        for (unsigned rep = 0; rep < 2; rep++) {
            expect_factor(PKC_LAB_FACTOR_ECM, PKC_LAB_FACTOR_BALANCED, bits, rep, &no_limit, &r,
                          &inst);
            CHECK(r.curves == r.ops && r.b1 >= 2000);
        }
    /* a fixed B1 */
    pkc_lab_factor_params fixed = {0, 50000, 0, 3};
    expect_factor(PKC_LAB_FACTOR_ECM, PKC_LAB_FACTOR_BALANCED, 100, 0, &fixed, &r, &inst);
    CHECK(r.b1 == 50000);
    pkc_lab_factor_result_clear(&r);
    pkc_lab_factor_instance_clear(&inst);
}

/* every method on every odd composite in [9, 3000]: PKC_OK, and a found
 * factor divides (pkc_lab_factor_run checks it too: PKC_ERR_INTERNAL) */
static void test_small_composites(void)
{
    pkc_lab_factor_result r;
    pkc_lab_factor_result_init(&r);
    mpz_t n;
    mpz_init(n);
    pkc_lab_factor_params p = {2.0, 0, 0, 5};
    int bad = 0;
    for (unsigned long v = 9; v < 3000 && bad < 5; v += 2) {
        mpz_set_ui(n, v);
        if (mpz_probab_prime_p(n, 30))
            continue;
        /* ECM: up to 1000 (its curves cost milliseconds), and not on n = 3^a
         * 7^b, where no Suyama curve separates the primes: every curve GMP-ECM
         * accepts finds all of n */
        unsigned long w = v;
        while (w % 3 == 0)
            w /= 3;
        while (w % 7 == 0)
            w /= 7;
        int ecm_skip = !pkc_lab_factor_have_ecm() || v > 1000 || w == 1;
        for (int m = 0; m < PKC_LAB_FACTOR_METHODS; m++) {
            if (m == PKC_LAB_FACTOR_ECM && ecm_skip)
                continue;
            pkc_err err = pkc_lab_factor_run((pkc_lab_factor_method)m, n, &p, &r);
            /* p - 1 may fail; ECM refuses perfect powers */
            int ecm_no = m == PKC_LAB_FACTOR_ECM && mpz_perfect_power_p(n);
            int ok = err == PKC_OK && (r.status == PKC_LAB_FACTOR_FOUND
                                           ? mpz_divisible_p(n, r.factor) != 0 && !ecm_no
                                           : m == PKC_LAB_FACTOR_PM1 ||
                                                 (ecm_no && r.status == PKC_LAB_FACTOR_NOT_FOUND));
            if (!CHECK_MSG(ok, "%s on %lu: error %d status %d", pkc_lab_factor_method_name(m), v,
                           err, r.status))
                bad++;
        }
    }
    /* ECM where both primes are small: a curve often finds all of n at once,
     * and B1 has to come down */
    for (unsigned long v = 1000001; pkc_lab_factor_have_ecm() && v < 1000201; v += 2) {
        mpz_set_ui(n, v);
        if (mpz_probab_prime_p(n, 30))
            continue;
        pkc_err err = pkc_lab_factor_run(PKC_LAB_FACTOR_ECM, n, &p, &r);
        CHECK_MSG(err == PKC_OK && r.status == PKC_LAB_FACTOR_FOUND && r.curves < 100,
                  "ecm on %lu: %llu curves", v, (unsigned long long)r.curves);
    }
    /* even n: 2 at once, nothing counted */
    mpz_set_ui(n, 1000006);
    for (int m = 0; m < PKC_LAB_FACTOR_METHODS; m++) {
        if (m == PKC_LAB_FACTOR_ECM && !pkc_lab_factor_have_ecm())
            continue;
        CHECK(pkc_lab_factor_run((pkc_lab_factor_method)m, n, &p, &r) == PKC_OK);
        CHECK(r.status == PKC_LAB_FACTOR_FOUND && mpz_cmp_ui(r.factor, 2) == 0 && r.ops == 0);
    }
    mpz_clear(n);
    pkc_lab_factor_result_clear(&r);
}

static void test_time_limits(void)
{
    static const struct {
        pkc_lab_factor_method m;
        unsigned bits;
        uint64_t b1;
    } cases[] = {
        {PKC_LAB_FACTOR_TRIAL, 96, 0}, {PKC_LAB_FACTOR_FERMAT, 160, 0},
        {PKC_LAB_FACTOR_RHO, 160, 0},  {PKC_LAB_FACTOR_PM1, 200, 1000000000},
        {PKC_LAB_FACTOR_ECM, 256, 0},
    };
    pkc_lab_factor_instance inst;
    pkc_lab_factor_result r;
    pkc_lab_factor_instance_init(&inst);
    pkc_lab_factor_result_init(&r);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (cases[i].m == PKC_LAB_FACTOR_ECM && !pkc_lab_factor_have_ecm())
            continue;
        const char *name = pkc_lab_factor_method_name(cases[i].m);
        pkc_lab_factor_params p = {0.3, cases[i].b1, 0, 1};
        CHECK(pkc_lab_factor_instance_make(&inst, PKC_LAB_FACTOR_BALANCED, cases[i].bits, 7, 0) ==
              PKC_OK);
        double t0 = now();
        pkc_err err = pkc_lab_factor_run(cases[i].m, inst.n, &p, &r);
        double dt = now() - t0;
        CHECK_MSG(err == PKC_OK && r.status == PKC_LAB_FACTOR_TIMED_OUT && r.reason,
                  "%s %u bits, 0.3 s: error %d status %d", name, cases[i].bits, err, r.status);
        CHECK_MSG(dt >= 0.29 && dt < 3.0, "%s: stopped after %.3f s", name, dt);
        CHECK_MSG(r.ops > 0 && mpz_sgn(r.factor) == 0, "%s: counted, no factor", name);
    }
    pkc_lab_factor_result_clear(&r);
    pkc_lab_factor_instance_clear(&inst);
}

static void test_bad_arguments(void)
{
    pkc_lab_factor_instance inst;
    pkc_lab_factor_result r;
    pkc_lab_factor_instance_init(&inst);
    pkc_lab_factor_result_init(&r);
    mpz_t n;
    mpz_init(n);
    CHECK(pkc_lab_factor_instance_make(&inst, PKC_LAB_FACTOR_BALANCED, 39, 1, 0) == PKC_ERR_ARG);
    CHECK(pkc_lab_factor_instance_make(&inst, PKC_LAB_FACTOR_BALANCED, 257, 1, 0) == PKC_ERR_ARG);
    CHECK(pkc_lab_factor_instance_make(&inst, (pkc_lab_factor_kind)7, 64, 1, 0) == PKC_ERR_ARG);
    CHECK(pkc_lab_factor_instance_make(NULL, PKC_LAB_FACTOR_BALANCED, 64, 1, 0) == PKC_ERR_ARG);
    static const unsigned long refused[] = {0, 1, 2, 3, 5, 65537, 1000003};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        mpz_set_ui(n, refused[i]);
        for (int m = 0; m < PKC_LAB_FACTOR_METHODS; m++)
            CHECK_MSG(pkc_lab_factor_run((pkc_lab_factor_method)m, n, &no_limit, &r) == PKC_ERR_ARG,
                      "%s on %lu refused", pkc_lab_factor_method_name(m), refused[i]);
    }
    mpz_set_ui(n, 1000001); /* 101 * 9901 */
    CHECK(pkc_lab_factor_run((pkc_lab_factor_method)99, n, &no_limit, &r) == PKC_ERR_ARG);
    CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_RHO, n, NULL, &r) == PKC_ERR_ARG);
    CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_RHO, n, &no_limit, NULL) == PKC_ERR_ARG);
    pkc_lab_factor_params bad_b2 = {0, 1000, 999, 1};
    CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_PM1, n, &bad_b2, &r) == PKC_ERR_ARG);
    pkc_lab_factor_params bad_b1 = {0, 1, 0, 1};
    CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_PM1, n, &bad_b1, &r) == PKC_ERR_ARG);
    pkc_lab_factor_params huge_b2 = {0, 1000, PKC_LAB_FACTOR_PM1_B2_MAX + 1, 1};
    CHECK(pkc_lab_factor_run(PKC_LAB_FACTOR_PM1, n, &huge_b2, &r) == PKC_ERR_ARG);
    pkc_lab_factor_method m;
    pkc_lab_factor_kind k;
    CHECK(pkc_lab_factor_method_parse("rho", &m) == PKC_OK && m == PKC_LAB_FACTOR_RHO);
    CHECK(pkc_lab_factor_method_parse("qs", &m) == PKC_ERR_ARG);
    CHECK(pkc_lab_factor_method_parse(NULL, &m) == PKC_ERR_ARG);
    CHECK(pkc_lab_factor_kind_parse("close", &k) == PKC_OK && k == PKC_LAB_FACTOR_CLOSE);
    CHECK(pkc_lab_factor_kind_parse("random", &k) == PKC_ERR_ARG);
    CHECK(pkc_lab_factor_method_name((pkc_lab_factor_method)5) == NULL);
    CHECK(pkc_lab_factor_kind_name((pkc_lab_factor_kind)3) == NULL);
    CHECK(strcmp(pkc_lab_factor_ops_unit(PKC_LAB_FACTOR_ECM), "curves") == 0);
    mpz_clear(n);
    pkc_lab_factor_result_clear(&r);
    pkc_lab_factor_instance_clear(&inst);
}

int main(void)
{
    test_instances();
    test_trial_fermat();
    test_rho();
    test_pm1();
    test_ecm();
    test_small_composites();
    test_time_limits();
    test_bad_arguments();
    return tu_finish("test_lab_factor");
}
