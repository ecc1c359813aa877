/* pkc bench — statistics of a case's samples (docs/methodology.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y ? 1 : 0;
}

double bench_percentile_sorted(const double *sorted, size_t n, double p)
{
    if (n == 0)
        return NAN;
    if (p <= 0)
        return sorted[0];
    if (p >= 1)
        return sorted[n - 1];
    /* Hyndman & Fan type 7: h = (n-1)p, interpolate between x[floor h] and
     * the next order statistic (0-based). */
    double h = (double)(n - 1) * p;
    size_t lo = (size_t)floor(h);
    double frac = h - (double)lo;
    if (lo + 1 >= n)
        return sorted[n - 1];
    return sorted[lo] + frac * (sorted[lo + 1] - sorted[lo]);
}

static double median_sorted(const double *s, size_t n)
{
    if (n == 0)
        return NAN;
    if (n % 2)
        return s[n / 2];
    return (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* The median is bracketed by the order statistics x(l) and x(n-l+1) with
 * probability 1 - 2 P(B <= l-1), B ~ Binomial(n, 1/2), whatever the
 * distribution of the samples (the sign-test interval, e.g. Conover,
 * "Practical Nonparametric Statistics", section 3.2). We take the largest l
 * with that probability still >= 0.95. */
void bench_median_ci_indices(size_t n, size_t *lo, size_t *hi, double *level)
{
    if (n == 0) {
        *lo = *hi = 0;
        *level = 0;
        return;
    }
    double cdf = 0; /* P(B <= k) */
    size_t l = 0;   /* the largest l found so far */
    double ln2n = (double)n * log(2.0);
    for (size_t k = 0; k < n / 2 + 1; k++) {
        double lp = lgamma((double)n + 1) - lgamma((double)k + 1) -
                    lgamma((double)(n - k) + 1) - ln2n;
        cdf += exp(lp);
        if (2 * cdf <= 0.05)
            l = k + 1; /* P(B <= l-1) = cdf */
        else
            break;
    }
    if (l == 0) {
        /* Fewer than 6 samples: no pair reaches 95%; [min, max] covers
         * 1 - 2^(1-n). */
        *lo = 1;
        *hi = n;
        *level = n >= 1 ? 1 - 2 * pow(0.5, (double)n) : 0;
        if (*level < 0)
            *level = 0;
        return;
    }
    double c = 0;
    for (size_t k = 0; k < l; k++)
        c += exp(lgamma((double)n + 1) - lgamma((double)k + 1) - lgamma((double)(n - k) + 1) -
                 ln2n);
    *lo = l;
    *hi = n - l + 1;
    *level = 1 - 2 * c;
}

void bench_stats_compute(const double *x, size_t n, bench_stats *s)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    if (n == 0) {
        s->median = s->mean = s->stddev = s->min = s->max = s->p5 = s->p95 = s->mad = NAN;
        s->ci_low = s->ci_high = NAN;
        return;
    }
    double *v = malloc(n * sizeof *v);
    if (!v) {
        s->median = s->mean = s->stddev = s->min = s->max = s->p5 = s->p95 = s->mad = NAN;
        s->ci_low = s->ci_high = NAN;
        return;
    }
    memcpy(v, x, n * sizeof *v);
    qsort(v, n, sizeof *v, cmp_double);
    s->min = v[0];
    s->max = v[n - 1];
    s->median = median_sorted(v, n);
    s->p5 = bench_percentile_sorted(v, n, 0.05);
    s->p95 = bench_percentile_sorted(v, n, 0.95);

    /* Mean and sample standard deviation (n - 1), two-pass for accuracy. */
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += v[i];
    s->mean = sum / (double)n;
    double ss = 0;
    for (size_t i = 0; i < n; i++)
        ss += (v[i] - s->mean) * (v[i] - s->mean);
    s->stddev = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;

    size_t lo, hi;
    bench_median_ci_indices(n, &lo, &hi, &s->ci_level);
    s->ci_lo_index = lo;
    s->ci_hi_index = hi;
    s->ci_low = v[lo - 1];
    s->ci_high = v[hi - 1];

    /* Median absolute deviation (unscaled). */
    for (size_t i = 0; i < n; i++)
        v[i] = fabs(v[i] - s->median);
    qsort(v, n, sizeof *v, cmp_double);
    s->mad = median_sorted(v, n);
    free(v);

    s->noisy = n >= 2 && s->median > 0 &&
               (s->mad / s->median > BENCH_NOISY_MAD ||
                (s->mean > 0 && s->stddev / s->mean > BENCH_NOISY_CV));
}
