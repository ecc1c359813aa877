/* Tests of the benchmark statistics (bench/stats.c) against values worked
 * out by hand (and cross-checked once with numpy/scipy): odd and even
 * counts, ties, one sample, no sample, the order-statistic indices of the
 * 95% CI of the median, percentiles, the noisy flag. */
#include <math.h>
#include <string.h>

#include "stats.h"
#include "testutil.h"

static int near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * (fabs(b) > 1 ? fabs(b) : 1);
}

#define CHECK_NEAR(a, b) CHECK_MSG(near((a), (b)), "%s = %.12g, expected %.12g", #a, (double)(a), (double)(b))

/* the statistics of samples that are all v */
static void check_constant(const bench_stats *s, double v)
{
    CHECK_NEAR(s->median, v);
    CHECK_NEAR(s->mean, v);
    CHECK_NEAR(s->p5, v);
    CHECK_NEAR(s->p95, v);
    CHECK_NEAR(s->stddev, 0);
    CHECK_NEAR(s->mad, 0);
    CHECK_NEAR(s->ci_low, v);
    CHECK_NEAR(s->ci_high, v);
    CHECK(s->noisy == 0);
}

static void odd_count(void)
{
    /* {5, 1, 3}: sorted 1 3 5 */
    const double x[] = {5, 1, 3};
    bench_stats s;
    bench_stats_compute(x, 3, &s);
    CHECK(s.n == 3);
    CHECK_NEAR(s.median, 3);
    CHECK_NEAR(s.mean, 3);
    CHECK_NEAR(s.stddev, 2);            /* sqrt((4 + 4 + 0) / 2) */
    CHECK_NEAR(s.min, 1);
    CHECK_NEAR(s.max, 5);
    CHECK_NEAR(s.p5, 1.2);              /* h = 2 * 0.05 = 0.1: 1 + 0.1 * 2 */
    CHECK_NEAR(s.p95, 4.8);             /* h = 1.9: 3 + 0.9 * 2 */
    CHECK_NEAR(s.mad, 2);               /* |d| = 2 0 2 -> median 2 */
    /* n = 3 < 6: no pair reaches 95%, the CI is [min, max] with coverage
     * 1 - 2 / 2^3 = 0.75 */
    CHECK(s.ci_lo_index == 1 && s.ci_hi_index == 3);
    CHECK_NEAR(s.ci_level, 0.75);
    CHECK_NEAR(s.ci_low, 1);
    CHECK_NEAR(s.ci_high, 5);
    /* the input is left alone */
    CHECK(x[0] == 5 && x[1] == 1 && x[2] == 3);
}

static void even_count(void)
{
    const double x[] = {4, 1, 3, 2};
    bench_stats s;
    bench_stats_compute(x, 4, &s);
    CHECK_NEAR(s.median, 2.5);          /* (2 + 3) / 2 */
    CHECK_NEAR(s.mean, 2.5);
    CHECK_NEAR(s.stddev, sqrt(5.0 / 3)); /* (2.25 + 0.25 + 0.25 + 2.25) / 3 */
    CHECK_NEAR(s.p5, 1.15);
    CHECK_NEAR(s.p95, 3.85);
    CHECK_NEAR(s.mad, 1);               /* |d| = 1.5 .5 .5 1.5 -> (0.5 + 1.5) / 2 */
}

static void ties(void)
{
    const double x[] = {2, 2, 2, 7, 2};
    bench_stats s;
    bench_stats_compute(x, 5, &s);
    CHECK_NEAR(s.median, 2);
    CHECK_NEAR(s.mean, 3);
    CHECK_NEAR(s.stddev, sqrt(5.0));    /* (1 + 1 + 1 + 16 + 1) / 4 */
    CHECK_NEAR(s.mad, 0);
    CHECK_NEAR(s.p5, 2);
    CHECK_NEAR(s.p95, 6);               /* h = 3.8: 2 + 0.8 * 5 */
    /* MAD/median = 0 but sd/mean = 0.745 > 10%: noisy */
    CHECK(s.noisy == 1);

    const double same[] = {9, 9, 9, 9, 9, 9, 9, 9};
    bench_stats_compute(same, 8, &s);
    check_constant(&s, 9);
}

static void one_and_none(void)
{
    const double x[] = {7};
    bench_stats s;
    bench_stats_compute(x, 1, &s);
    CHECK(s.n == 1);
    check_constant(&s, 7);
    CHECK_NEAR(s.ci_level, 0);

    bench_stats_compute(NULL, 0, &s);
    CHECK(s.n == 0);
    CHECK(isnan(s.median) && isnan(s.mean) && isnan(s.ci_low));
}

static void ci_indices(void)
{
    /* Binomial(n, 1/2): the largest l with 2 P(B <= l-1) <= 0.05 */
    static const struct {
        size_t n, lo, hi;
        double level;
    } t[] = {
        {1, 1, 1, 0},
        {5, 1, 5, 0.9375},           /* fallback [min, max]: 1 - 2/32 */
        {6, 1, 6, 0.96875},          /* 1 - 2/64 */
        {10, 2, 9, 0.978515625},     /* P(B <= 1) = 11/1024 */
        {11, 2, 10, 0.98828125},     /* P(B <= 1) = 12/2048 */
        {20, 6, 15, 0.9586105346679688},
        {100, 40, 61, 0.9647997997822951},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        size_t lo, hi;
        double level;
        bench_median_ci_indices(t[i].n, &lo, &hi, &level);
        CHECK_MSG(lo == t[i].lo && hi == t[i].hi, "n=%zu: CI indices [%zu, %zu], expected [%zu, %zu]",
                  t[i].n, lo, hi, t[i].lo, t[i].hi);
        CHECK_MSG(fabs(level - t[i].level) < 1e-9, "n=%zu: level %.12f, expected %.12f", t[i].n,
                  level, t[i].level);
    }
    /* n = 10: the CI is [x(2), x(9)] of the sorted samples */
    double x[10];
    for (int i = 0; i < 10; i++)
        x[i] = (double)(10 - i) * 10; /* 100 90 ... 10 */
    bench_stats s;
    bench_stats_compute(x, 10, &s);
    CHECK_NEAR(s.ci_low, 20);
    CHECK_NEAR(s.ci_high, 90);
    CHECK_NEAR(s.median, 55);
}

static void percentiles(void)
{
    const double s[] = {10, 20, 30, 40, 50};
    CHECK_NEAR(bench_percentile_sorted(s, 5, 0), 10);
    CHECK_NEAR(bench_percentile_sorted(s, 5, 1), 50);
    CHECK_NEAR(bench_percentile_sorted(s, 5, 0.5), 30);
    CHECK_NEAR(bench_percentile_sorted(s, 5, 0.25), 20);
    CHECK_NEAR(bench_percentile_sorted(s, 5, 0.1), 14); /* h = 0.4 */
    CHECK(isnan(bench_percentile_sorted(s, 0, 0.5)));
}

static void noisy_flag(void)
{
    double x[20];
    bench_stats s;
    for (int i = 0; i < 20; i++)
        x[i] = 100 + (i % 2); /* 100, 101: MAD 0.5, quiet */
    bench_stats_compute(x, 20, &s);
    CHECK(s.noisy == 0);
    for (int i = 0; i < 20; i++)
        x[i] = i % 2 ? 150 : 100; /* MAD/median = 25/125 */
    bench_stats_compute(x, 20, &s);
    CHECK(s.noisy == 1);
}

/* the Mann-Whitney U test against values computed by hand (the exact null
 * distribution for small samples) and by scipy.stats.mannwhitneyu
 * (asymptotic, continuity-corrected, with ties) */
static void mann_whitney(void)
{
    double u, p;
    const double a1[] = {1, 2, 3}, b1[] = {4, 5, 6};
    bench_mann_whitney(a1, 3, b1, 3, &u, &p);
    CHECK_NEAR(u, 0);
    CHECK_NEAR(p, 0.1); /* 2 * 1 / C(6, 3) */
    const double a2[] = {10, 20, 30, 40, 50}, b2[] = {1, 2, 3, 4, 5};
    bench_mann_whitney(a2, 5, b2, 5, &u, &p);
    CHECK_NEAR(u, 25);
    CHECK_NEAR(p, 2.0 / 252);
    double a3[30], b3[30];
    for (int i = 0; i < 30; i++) {
        a3[i] = i + 1;
        b3[i] = i + 16;
    }
    bench_mann_whitney(a3, 30, b3, 30, &u, &p);
    CHECK_NEAR(u, 112.5);
    CHECK_MSG(fabs(p - 6.247984928789186e-07) < 1e-9, "p = %g", p);
    const double a4[] = {1, 2, 2, 3, 3, 3, 4, 5, 5, 6, 7, 8, 9, 9, 10, 11, 12, 12, 13, 14, 15};
    const double b4[] = {2, 3, 5, 5, 6, 8, 9, 10, 10, 11, 13, 14, 14, 15, 16, 17, 18, 19, 20, 21, 22};
    bench_mann_whitney(a4, 21, b4, 21, &u, &p);
    CHECK_NEAR(u, 115);
    CHECK_MSG(fabs(p - 0.008148380470814452) < 1e-9, "p = %g", p);
    /* identical samples: no evidence of a difference */
    bench_mann_whitney(a3, 30, a3, 30, &u, &p);
    CHECK(p > 0.9);
}

/* the ratio of medians and its bootstrap interval */
static void ratio_ci(void)
{
    double a[50], b[50], r, lo, hi;
    for (int i = 0; i < 50; i++)
        a[i] = 100 + (i * 37 % 50) * 0.1;  /* 100 .. 104.9 */
    for (int i = 0; i < 50; i++)
        b[i] = 2 * a[(i * 13) % 50];        /* the same values, doubled */
    bench_ratio_ci(b, 50, a, 50, BENCH_BOOTSTRAP_REPS, 1, &r, &lo, &hi);
    CHECK_NEAR(r, 2);
    CHECK(lo < 2 && hi > 2 && lo > 1.9 && hi < 2.1);
    /* reproducible from the seed */
    double r2, lo2, hi2;
    bench_ratio_ci(b, 50, a, 50, BENCH_BOOTSTRAP_REPS, 1, &r2, &lo2, &hi2);
    CHECK(lo == lo2 && hi == hi2);
    /* the baseline's spread widens the interval: a constant baseline gives
     * a narrower one than a spread-out baseline with the same median */
    double c[50], w[50];
    for (int i = 0; i < 50; i++) {
        c[i] = 102.45;
        w[i] = a[i] + (a[i] - 102.45) * 4;
    }
    double rc, lc, hc, rw, lw, hw;
    bench_ratio_ci(a, 50, c, 50, BENCH_BOOTSTRAP_REPS, 1, &rc, &lc, &hc);
    bench_ratio_ci(a, 50, w, 50, BENCH_BOOTSTRAP_REPS, 1, &rw, &lw, &hw);
    CHECK_MSG(hw - lw > hc - lc, "spread baseline %g..%g vs constant %g..%g", lw, hw, lc, hc);
    bench_ratio_ci(a, 0, b, 50, 100, 1, &r, &lo, &hi);
    CHECK(isnan(r) && isnan(lo) && isnan(hi));
}

/* Welch's t-test; the expected values are scipy 1.10's
 * (stats.ttest_ind(a, b, equal_var=False), stats.t.ppf, stats.t.sf) */
static void welch(void)
{
    CHECK_MSG(fabs(bench_t_two_sided_p(2.0, 3.0) - 0.1393259685588431) < 1e-12, "p(t=2, df=3)");
    CHECK_MSG(fabs(bench_t_quantile_975(3.0) - 3.182446305284263) < 1e-9, "t(0.975, 3)");
    CHECK_MSG(fabs(bench_t_quantile_975(1000.0) - 1.9623390808264074) < 1e-9, "t(0.975, 1000)");
    CHECK_NEAR(bench_t_two_sided_p(0, 5), 1);
    const double a[] = {1, 2, 3, 4, 5}, b[] = {2, 4.5, 6, 8, 10.5, 11};
    double diff, t, df, p, lo, hi;
    bench_welch_t(a, 5, b, 6, &diff, &t, &df, &p, &lo, &hi);
    CHECK_NEAR(diff, 3 - 7);
    CHECK_MSG(fabs(t - -2.504897164340598) < 1e-12, "t = %.15g", t);
    CHECK_MSG(fabs(df - 7.200996677740863) < 1e-12, "df = %.15g", df);
    CHECK_MSG(fabs(p - 0.039789593095505005) < 1e-12, "p = %.15g", p);
    /* the interval is diff -/+ t(0.975, df) * se, se = diff / t */
    double se = diff / t, q = 2.3513099763203584;
    CHECK_MSG(fabs(lo - (diff - q * se)) < 1e-9 && fabs(hi - (diff + q * se)) < 1e-9,
              "CI [%g, %g]", lo, hi);
    /* the same values twice: no evidence; no spread and different: certain */
    bench_welch_t(a, 5, a, 5, &diff, &t, &df, &p, &lo, &hi);
    CHECK(diff == 0 && p > 0.99);
    const double c1[] = {2, 2, 2}, c2[] = {3, 3};
    bench_welch_t(c1, 3, c2, 2, &diff, &t, &df, &p, &lo, &hi);
    CHECK(p == 0 && diff == -1);
    bench_welch_t(a, 1, b, 6, &diff, &t, &df, &p, &lo, &hi);
    CHECK(isnan(p));
}

int main(void)
{
    odd_count();
    even_count();
    ties();
    one_and_none();
    ci_indices();
    percentiles();
    noisy_flag();
    mann_whitney();
    ratio_ci();
    welch();
    return tu_finish("test_bench_stats");
}
