/* pkc bench — statistics of a case's samples (docs/methodology.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

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
        s->median = s->mean = s->stddev = s->min = s->max = s->p5 = s->p90 = s->p95 = s->mad = NAN;
        s->ci_low = s->ci_high = NAN;
        return;
    }
    double *v = malloc(n * sizeof *v);
    if (!v) {
        s->median = s->mean = s->stddev = s->min = s->max = s->p5 = s->p90 = s->p95 = s->mad = NAN;
        s->ci_low = s->ci_high = NAN;
        return;
    }
    memcpy(v, x, n * sizeof *v);
    qsort(v, n, sizeof *v, cmp_double);
    s->min = v[0];
    s->max = v[n - 1];
    s->median = median_sorted(v, n);
    s->p5 = bench_percentile_sorted(v, n, 0.05);
    s->p90 = bench_percentile_sorted(v, n, 0.90);
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

/* ---- the ratio of two medians -------------------------------------------- */

/* splitmix64: a small deterministic generator for the resampling */
static uint64_t sm64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double resampled_median(const double *x, size_t n, double *tmp, uint64_t *st)
{
    for (size_t i = 0; i < n; i++)
        tmp[i] = x[sm64(st) % n];
    qsort(tmp, n, sizeof *tmp, cmp_double);
    return median_sorted(tmp, n);
}

void bench_ratio_ci(const double *a, size_t na, const double *b, size_t nb, unsigned reps,
                    uint64_t seed, double *ratio, double *lo, double *hi)
{
    *ratio = *lo = *hi = NAN;
    if (!na || !nb)
        return;
    double *sa = malloc(na * sizeof *sa), *sb = malloc(nb * sizeof *sb);
    double *r = malloc((reps ? reps : 1) * sizeof *r);
    if (!sa || !sb || !r)
        goto out;
    memcpy(sa, a, na * sizeof *sa);
    qsort(sa, na, sizeof *sa, cmp_double);
    memcpy(sb, b, nb * sizeof *sb);
    qsort(sb, nb, sizeof *sb, cmp_double);
    double mb = median_sorted(sb, nb);
    if (!(mb > 0))
        goto out;
    *ratio = median_sorted(sa, na) / mb;
    uint64_t st = seed ? seed : 0x5eed;
    size_t m = 0;
    for (unsigned k = 0; k < reps; k++) {
        double x = resampled_median(a, na, sa, &st), y = resampled_median(b, nb, sb, &st);
        if (y > 0)
            r[m++] = x / y;
    }
    if (m) {
        qsort(r, m, sizeof *r, cmp_double);
        *lo = bench_percentile_sorted(r, m, 0.025);
        *hi = bench_percentile_sorted(r, m, 0.975);
    }
out:
    free(sa);
    free(sb);
    free(r);
}

/* ---- Mann-Whitney U ------------------------------------------------------ */

typedef struct {
    double v;
    int from_a;
} tagged;

static int cmp_tagged(const void *x, const void *y)
{
    return cmp_double(&((const tagged *)x)->v, &((const tagged *)y)->v);
}

/* number of ways to choose, from 1..n, na values summing to w: the exact
 * null distribution of the rank sum (recursion over the largest rank) */
static double ways(int n, int k, int w) // NOLINT(misc-no-recursion): depth <= n <= 20
{
    if (k == 0)
        return w == 0;
    if (n < k || w < k * (k + 1) / 2 || w > k * (2 * n - k + 1) / 2)
        return 0;
    return ways(n - 1, k, w) + ways(n - 1, k - 1, w - n);
}

void bench_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u,
                        double *p)
{
    *u = *p = NAN;
    if (!na || !nb)
        return;
    size_t n = na + nb;
    tagged *t = malloc(n * sizeof *t);
    if (!t)
        return;
    for (size_t i = 0; i < na; i++)
        t[i] = (tagged){a[i], 1};
    for (size_t i = 0; i < nb; i++)
        t[na + i] = (tagged){b[i], 0};
    qsort(t, n, sizeof *t, cmp_tagged);
    /* ranks with ties averaged; tie correction sum (t^3 - t) */
    double ra = 0, ties = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && t[j + 1].v == t[i].v)
            j++;
        double rank = (double)(i + j) / 2 + 1, cnt = (double)(j - i + 1);
        for (size_t k = i; k <= j; k++)
            if (t[k].from_a)
                ra += rank;
        ties += cnt * cnt * cnt - cnt;
        i = j + 1;
    }
    free(t);
    double dna = (double)na, dnb = (double)nb, dn = (double)n;
    *u = ra - dna * (dna + 1) / 2;
    double mu = dna * dnb / 2;
    if (n <= 20 && ties == 0) {
        /* exact: P(U <= min(u, na nb - u)) doubled */
        double total = 0, tail = 0, lo = *u < dna * dnb - *u ? *u : dna * dnb - *u;
        for (int w = (int)(na * (na + 1) / 2); w <= (int)(na * (2 * n - na + 1) / 2); w++) {
            double c = ways((int)n, (int)na, w);
            total += c;
            if (w - dna * (dna + 1) / 2 <= lo + 1e-9)
                tail += c;
        }
        *p = total > 0 ? 2 * tail / total : NAN;
        if (*p > 1)
            *p = 1;
        return;
    }
    double var = dna * dnb / 12 * ((dn + 1) - ties / (dn * (dn - 1)));
    if (!(var > 0)) {
        *p = 1;
        return;
    }
    double z = (fabs(*u - mu) - 0.5) / sqrt(var);
    if (z < 0)
        z = 0;
    *p = erfc(z / sqrt(2.0));
}

/* ---- Welch's t-test ------------------------------------------------------------------ */

/* The continued fraction of the regularized incomplete beta function I_x(a, b)
 * (the modified Lentz method on the standard expansion, DLMF 8.17.22). */
static double beta_cf(double a, double b, double x)
{
    const double tiny = 1e-300, eps = 1e-15;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny)
        d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 300; m++) {
        double m2 = 2.0 * m;
        double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + num * d;
        d = fabs(d) < tiny ? 1 / tiny : 1 / d;
        c = 1 + num / c;
        if (fabs(c) < tiny)
            c = tiny;
        h *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + num * d;
        d = fabs(d) < tiny ? 1 / tiny : 1 / d;
        c = 1 + num / c;
        if (fabs(c) < tiny)
            c = tiny;
        double del = d * c;
        h *= del;
        if (fabs(del - 1) < eps)
            break;
    }
    return h;
}

/* I_x(a, b) */
static double beta_inc(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    double lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
    if (x < (a + 1) / (a + b + 2))
        return exp(lbt) * beta_cf(a, b, x) / a;
    return 1 - exp(lbt) * beta_cf(b, a, 1 - x) / b;
}

double bench_t_two_sided_p(double t, double df)
{
    if (isnan(t) || !(df > 0))
        return NAN;
    if (isinf(t))
        return 0;
    return beta_inc(df / 2, 0.5, df / (df + t * t));
}

double bench_t_quantile_975(double df)
{
    /* the t with two-sided p = 0.05, by bisection on the p-value */
    double lo = 0, hi = 1000;
    for (int i = 0; i < 200; i++) {
        double mid = (lo + hi) / 2;
        if (bench_t_two_sided_p(mid, df) > 0.05)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

void bench_welch_t(const double *a, size_t na, const double *b, size_t nb, double *diff,
                   double *t, double *df, double *p, double *lo, double *hi)
{
    *diff = *t = *df = *p = *lo = *hi = NAN;
    if (na < 2 || nb < 2)
        return;
    double ma = 0, mb = 0, va = 0, vb = 0;
    for (size_t i = 0; i < na; i++)
        ma += a[i];
    for (size_t i = 0; i < nb; i++)
        mb += b[i];
    ma /= (double)na;
    mb /= (double)nb;
    for (size_t i = 0; i < na; i++)
        va += (a[i] - ma) * (a[i] - ma);
    for (size_t i = 0; i < nb; i++)
        vb += (b[i] - mb) * (b[i] - mb);
    va /= (double)(na - 1);
    vb /= (double)(nb - 1);
    double sa = va / (double)na, sb = vb / (double)nb, se2 = sa + sb;
    *diff = ma - mb;
    if (se2 == 0) { /* no spread at all: equal means are no evidence, others are */
        *t = *diff == 0 ? 0 : (*diff > 0 ? INFINITY : -INFINITY);
        *df = (double)(na + nb - 2);
        *p = *diff == 0 ? 1 : 0;
        *lo = *hi = *diff;
        return;
    }
    double se = sqrt(se2);
    *t = *diff / se;
    *df = se2 * se2 / (sa * sa / (double)(na - 1) + sb * sb / (double)(nb - 1));
    *p = bench_t_two_sided_p(*t, *df);
    double q = bench_t_quantile_975(*df);
    *lo = *diff - q * se;
    *hi = *diff + q * se;
}
