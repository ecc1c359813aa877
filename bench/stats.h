/* pkc bench — statistics of a case's samples, of the ratio between two
 * cases, and the two-sample test of `pkc bench --compare`
 * (docs/methodology.md). */
#ifndef PKC_BENCH_STATS_H
#define PKC_BENCH_STATS_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    size_t n;
    double median, mean, stddev, min, max, p5, p90, p95, mad;
    double ci_low, ci_high;    /* 95% CI of the median (order statistics) */
    double ci_level;           /* the coverage actually achieved (>= 0.95 or [min,max]) */
    size_t ci_lo_index, ci_hi_index; /* 1-based order statistics used */
    int noisy;
} bench_stats;

/* Computes the statistics of x[0..n) (x is left untouched). n may be 0
 * (everything NaN). */
void bench_stats_compute(const double *x, size_t n, bench_stats *s);
/* Percentile by linear interpolation between order statistics (numpy's
 * default, Hyndman-Fan type 7) of sorted[0..n), p in [0, 1]. */
double bench_percentile_sorted(const double *sorted, size_t n, double p);
/* The 1-based order statistics [lo, hi] that bound a 95% confidence interval
 * of the median of n samples (binomial method); for n < 6 no pair reaches
 * 95% and [1, n] is returned. *level gets the exact coverage. */
void bench_median_ci_indices(size_t n, size_t *lo, size_t *hi, double *level);
/* Thresholds of the noisy flag: MAD/median above 5% or sd/mean above 10%. */
#define BENCH_NOISY_MAD 0.05
#define BENCH_NOISY_CV 0.10

/* The median of a[0..na) over the median of b[0..nb), and its 95%
 * confidence interval by the percentile bootstrap: both sample sets are
 * resampled independently (so the baseline's own uncertainty is included),
 * `reps` times, from a fixed seed (reproducible). NaN when either set is
 * empty. */
#define BENCH_BOOTSTRAP_REPS 2000
void bench_ratio_ci(const double *a, size_t na, const double *b, size_t nb, unsigned reps,
                    uint64_t seed, double *ratio, double *lo, double *hi);

/* The Mann-Whitney U test (Wilcoxon rank-sum) of a against b, two-sided:
 * *u = U of a (the number of pairs with a_i > b_j, ties counting a half),
 * *p = the p-value from the normal approximation with tie and continuity
 * corrections (Conover, "Practical Nonparametric Statistics", 5.1), exact
 * enumeration for na + nb <= 20 without ties. */
void bench_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u,
                        double *p);

/* Welch's two-sample t-test of a against b (unequal variances): *diff =
 * mean(a) - mean(b), *t, the Welch-Satterthwaite *df, the two-sided *p and
 * the 95% confidence interval [*lo, *hi] of the difference. NaN when either
 * side has fewer than 2 values. `pkc bench --compare` uses it on the logs of
 * per-run medians (each run one observation). */
void bench_welch_t(const double *a, size_t na, const double *b, size_t nb, double *diff,
                   double *t, double *df, double *p, double *lo, double *hi);
/* The two-sided p-value of Student's t with df degrees of freedom (through
 * the regularized incomplete beta function), and the t of p = 0.05. */
double bench_t_two_sided_p(double t, double df);
double bench_t_quantile_975(double df);

#endif
