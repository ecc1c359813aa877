/* Tests of the benchmark statistics (bench/stats.c) against values worked
 * out by hand (and cross-checked once with numpy/scipy): odd and even
 * counts, ties, one sample, no sample, the order-statistic indices of the
 * 95% CI of the median, percentiles, the noisy flag. */
#include <math.h>
#include <string.h>

#include "bench.h"
#include "testutil.h"

static int near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * (fabs(b) > 1 ? fabs(b) : 1);
}

#define CHECK_NEAR(a, b) CHECK_MSG(near((a), (b)), "%s = %.12g, expected %.12g", #a, (double)(a), (double)(b))

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
    CHECK_NEAR(s.median, 9);
    CHECK_NEAR(s.stddev, 0);
    CHECK_NEAR(s.mad, 0);
    CHECK_NEAR(s.ci_low, 9);
    CHECK_NEAR(s.ci_high, 9);
    CHECK(s.noisy == 0);
}

static void one_and_none(void)
{
    const double x[] = {7};
    bench_stats s;
    bench_stats_compute(x, 1, &s);
    CHECK(s.n == 1);
    CHECK_NEAR(s.median, 7);
    CHECK_NEAR(s.mean, 7);
    CHECK_NEAR(s.stddev, 0);
    CHECK_NEAR(s.p5, 7);
    CHECK_NEAR(s.p95, 7);
    CHECK_NEAR(s.mad, 0);
    CHECK_NEAR(s.ci_low, 7);
    CHECK_NEAR(s.ci_high, 7);
    CHECK_NEAR(s.ci_level, 0);
    CHECK(s.noisy == 0);

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

int main(void)
{
    odd_count();
    even_count();
    ties();
    one_and_none();
    ci_indices();
    percentiles();
    noisy_flag();
    return tu_finish("test_bench_stats");
}
