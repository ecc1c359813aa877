/* pkc bench — `pkc bench --compare OLD.json NEW.json`: for every case in
 * both files (matched by name), the ratio of the medians (new / old) with
 * its 95% bootstrap CI, the Mann-Whitney U test's p-value on the raw
 * samples, and a verdict: "slower" or "faster" when p < alpha and the CI
 * lies entirely above or below 1, else "no difference" (the approach of
 * Google Benchmark's compare.py, with the CI added so that a tiny but
 * "significant" shift on a long run is not called a change by itself).
 *
 * With a reference provider (`--baseline P`), each case is compared by its
 * time relative to P's same case in the same file: sample i divided by P's
 * sample i. The runner interleaves the providers of a case sample by
 * sample, so the two samples of a pair were taken moments apart, and a
 * machine that is faster or slower during one run than during the other
 * (a shared host, another tenant, a frequency change) divides out. P's own
 * cases are not compared (they are 1 by construction). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "json.h"
#include "stats.h"
#include "writers.h"

static int load(const char *path, jv **out, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot read %s", path);
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            snprintf(err, errlen, "out of memory reading %s", path);
            return -1;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (n < cap)
            break;
        if (cap >= (size_t)1 << 31) {
            free(buf);
            fclose(f);
            snprintf(err, errlen, "%s: larger than 2 GiB", path);
            return -1;
        }
        char *nb = realloc(buf, 2 * cap);
        if (!nb)
            free(buf);
        buf = nb;
        cap *= 2;
    }
    int rd_err = ferror(f);
    fclose(f);
    if (rd_err) {
        free(buf);
        snprintf(err, errlen, "cannot read %s", path);
        return -1;
    }
    char perr[160];
    jv *v = jv_parse(buf, n, perr, sizeof perr);
    free(buf);
    if (!v) {
        snprintf(err, errlen, "%s: not a JSON file (%s)", path, perr);
        return -1;
    }
    const jv *b = jv_get(v, "benchmarks");
    if (!b || b->type != JV_ARR) {
        jv_free(v);
        snprintf(err, errlen, "%s: not a pkc bench result (no \"benchmarks\" list)", path);
        return -1;
    }
    *out = v;
    return 0;
}

/* the raw samples of one entry (NULL if it has none) */
static double *samples(const jv *e, size_t *n)
{
    const jv *a = jv_get(e, "raw_us");
    *n = 0;
    if (!a || a->type != JV_ARR || a->n == 0)
        return NULL;
    double *x = malloc(a->n * sizeof *x);
    if (!x)
        return NULL;
    for (size_t i = 0; i < a->n; i++)
        if (a->items[i].type == JV_NUM)
            x[(*n)++] = a->items[i].num;
    return x;
}

/* the entry called name in the benchmarks list (NULL if none) */
static const jv *find_entry(const jv *list, const char *name)
{
    for (size_t k = 0; k < list->n; k++) {
        const char *n = jv_str(&list->items[k], "name", NULL);
        if (n && strcmp(n, name) == 0)
            return &list->items[k];
    }
    return NULL;
}

/* The samples of e, or with a reference provider, e's samples divided by
 * those of the reference's same case in list (paired in order); NULL if
 * there are none or e has no reference case. */
static double *compared_samples(const jv *list, const jv *e, const char *name,
                                const char *reference, size_t *n)
{
    double *x = samples(e, n);
    if (!x || !reference)
        return x;
    const char *slash = strchr(name, '/');
    char refname[256];
    const jv *r = NULL;
    if (slash && snprintf(refname, sizeof refname, "%s%s", reference, slash) < (int)sizeof refname)
        r = find_entry(list, refname);
    size_t nr = 0;
    double *y = r ? samples(r, &nr) : NULL;
    if (!y) {
        free(x);
        *n = 0;
        return NULL;
    }
    size_t m = *n < nr ? *n : nr, k = 0;
    for (size_t i = 0; i < m; i++)
        if (y[i] > 0)
            x[k++] = x[i] / y[i];
    free(y);
    *n = k;
    if (k == 0) {
        free(x);
        return NULL;
    }
    return x;
}

/* 1 if name is a case of provider p ("p/...") */
static int of_provider(const char *name, const char *p)
{
    size_t l = strlen(p);
    return strncmp(name, p, l) == 0 && name[l] == '/';
}

/* the median of a malloc'd sample set (freed) */
static double median_of(double *x, size_t n)
{
    bench_stats st;
    bench_stats_compute(x, n, &st);
    free(x);
    return st.median;
}

#define MAX_RUNS 64

/* Several runs of one side: the log of each run's median of the case (of its
 * relative time with a reference) into l[], their sum into *sum; -1 if a run
 * has no samples for it. */
static int log_medians(const jv *const *lists, const jv *const *entries, size_t n,
                       const char *name, const char *reference, double *l, double *sum)
{
    *sum = 0;
    for (size_t k = 0; k < n; k++) {
        size_t m;
        double *x = compared_samples(lists[k], entries[k], name, reference, &m);
        if (!x)
            return -1;
        *sum += l[k] = log(median_of(x, m));
    }
    return 0;
}

/* Loads every file of a side into v[]; -1 with err set if one fails. */
static int load_side(const char *const *paths, size_t n, jv **v, char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        if (load(paths[i], &v[i], err, errlen) != 0)
            return -1;
    return 0;
}

static void paths_text(bench_buf *t, const char *const *paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        bench_buf_printf(t, "%s%s", i ? "," : "", paths[i]);
}

static void paths_json(bench_buf *j, const char *const *paths, size_t n)
{
    if (n == 1) {
        bench_buf_json_string(j, paths[0]);
        return;
    }
    bench_buf_puts(j, "[");
    for (size_t i = 0; i < n; i++) {
        if (i)
            bench_buf_puts(j, ", ");
        bench_buf_json_string(j, paths[i]);
    }
    bench_buf_puts(j, "]");
}

int bench_compare_files(const char *const *old_paths, size_t nold, const char *const *new_paths,
                        size_t nnew, double alpha, const char *reference,
                        bench_compare_result *res, char **table, char **json, char *err,
                        size_t errlen)
{
    memset(res, 0, sizeof *res);
    if (nold < 1 || nnew < 1 || nold > MAX_RUNS || nnew > MAX_RUNS) {
        snprintf(err, errlen, "expected 1 to %d files on each side", MAX_RUNS);
        return -1;
    }
    int runs = nold > 1 || nnew > 1;
    if (runs && (nold < 2 || nnew < 2)) {
        snprintf(err, errlen, "several runs need at least two files on each side (OLD1,OLD2 "
                              "NEW1,NEW2), to measure how much runs differ");
        return -1;
    }
    jv *va[MAX_RUNS] = {0}, *vb[MAX_RUNS] = {0};
    int rc = -1;
    if (load_side(old_paths, nold, va, err, errlen) != 0 ||
        load_side(new_paths, nnew, vb, err, errlen) != 0)
        goto done;
    const jv *la[MAX_RUNS] = {0}, *lb[MAX_RUNS] = {0};
    for (size_t i = 0; i < nold; i++)
        la[i] = jv_get(va[i], "benchmarks");
    for (size_t i = 0; i < nnew; i++)
        lb[i] = jv_get(vb[i], "benchmarks");
    bench_buf t = {0}, j = {0};
    bench_buf_puts(&t, "# ");
    paths_text(&t, old_paths, nold);
    bench_buf_puts(&t, " -> ");
    paths_text(&t, new_paths, nnew);
    bench_buf_puts(&t, "\n");
    if (reference)
        bench_buf_printf(&t,
                         "# each case relative to %s in the same run (sample by sample); old, "
                         "new = %s time / %s's time\n",
                         reference, runs ? "geometric mean over the runs of the median" :
                                           "median of", reference);
    if (runs)
        bench_buf_printf(&t, "# %zu old and %zu new runs, each run one observation (its median); "
                             "ratio = new / old (> 1: slower) of the geometric means, 95%% CI and "
                             "p from Welch's t-test on the logs; alpha = %g\n\n",
                         nold, nnew, alpha);
    else
        bench_buf_printf(&t, "# ratio = new median / old median (> 1: slower) with its 95%% "
                             "bootstrap CI; p = Mann-Whitney U, two-sided; alpha = %g\n\n",
                         alpha);
    bench_buf_printf(&t, "%-48s %11s %11s %-22s %9s  %s\n", "case", "old", "new",
                     "ratio [95% CI]", "p", "verdict");
    bench_buf_puts(&j, "{\n  \"old\": ");
    paths_json(&j, old_paths, nold);
    bench_buf_puts(&j, ",\n  \"new\": ");
    paths_json(&j, new_paths, nnew);
    bench_buf_printf(&j, ",\n  \"alpha\": %g", alpha);
    bench_buf_json_str_kv(&j, ",\n  ", "test",
                          runs ? "Welch t on the logs of per-run medians" : "Mann-Whitney U");
    if (reference)
        bench_buf_json_str_kv(&j, ",\n  ", "relative_to", reference);
    bench_buf_puts(&j, ",\n  \"cases\": [");
    int first = 1;
    for (size_t i = 0; i < lb[0]->n; i++) {
        const char *name = jv_str(&lb[0]->items[i], "name", NULL);
        if (!name)
            continue;
        const jv *eo[MAX_RUNS], *en[MAX_RUNS];
        int everywhere = 1;
        for (size_t k = 0; k < nold; k++)
            everywhere &= (eo[k] = find_entry(la[k], name)) != NULL;
        for (size_t k = 0; k < nnew; k++)
            everywhere &= (en[k] = find_entry(lb[k], name)) != NULL;
        if (!everywhere) {
            res->only_new++;
            continue;
        }
        if (reference && of_provider(name, reference))
            continue;
        double ratio, lo, hi, u = NAN, p, om, nm;
        int missing = 0;
        if (!runs) {
            size_t nx, ny;
            double *x = compared_samples(la[0], eo[0], name, reference, &nx);
            double *y = compared_samples(lb[0], en[0], name, reference, &ny);
            if (x && y) {
                bench_ratio_ci(y, ny, x, nx, BENCH_BOOTSTRAP_REPS, 0xc0ffee + i, &ratio, &lo,
                               &hi);
                bench_mann_whitney(y, ny, x, nx, &u, &p);
            }
            missing = !x || !y;
            om = x ? median_of(x, nx) : NAN; /* median_of frees */
            nm = y ? median_of(y, ny) : NAN;
        } else {
            double lx[MAX_RUNS], ly[MAX_RUNS], diff, tt, df, dlo, dhi, sx, sy;
            missing = log_medians(la, eo, nold, name, reference, lx, &sx) != 0 ||
                      log_medians(lb, en, nnew, name, reference, ly, &sy) != 0;
            if (!missing) {
                bench_welch_t(ly, nnew, lx, nold, &diff, &tt, &df, &p, &dlo, &dhi);
                ratio = exp(diff);
                lo = exp(dlo);
                hi = exp(dhi);
                u = tt;
            }
            om = missing ? NAN : exp(sx / (double)nold);
            nm = missing ? NAN : exp(sy / (double)nnew);
        }
        if (missing) {
            res->no_samples++;
            continue;
        }
        const char *verdict = "no difference";
        if (p < alpha && lo > 1) {
            verdict = "slower";
            res->slower++;
        } else if (p < alpha && hi < 1) {
            verdict = "faster";
            res->faster++;
        } else {
            res->same++;
        }
        res->compared++;
        char t1[32], t2[32], rcs[64];
        if (reference) {
            snprintf(t1, sizeof t1, "%.4g", om);
            snprintf(t2, sizeof t2, "%.4g", nm);
        } else {
            bench_fmt_time(t1, sizeof t1, om);
            bench_fmt_time(t2, sizeof t2, nm);
        }
        snprintf(rcs, sizeof rcs, "%.3f [%.3f, %.3f]", ratio, lo, hi);
        bench_buf_printf(&t, "%-48s %11s %11s %-22s %9.2g  %s\n", name, t1, t2, rcs, p, verdict);
        bench_buf_puts(&j, first ? "\n    {" : ",\n    {");
        first = 0;
        bench_buf_json_str_kv(&j, "", "name", name);
        bench_buf_json_num_kv(&j, ", ", "old_median", om);
        bench_buf_json_num_kv(&j, ", ", "new_median", nm);
        bench_buf_json_num_kv(&j, ", ", "ratio", ratio);
        bench_buf_json_num_kv(&j, ", ", "ratio_ci_low", lo);
        bench_buf_json_num_kv(&j, ", ", "ratio_ci_high", hi);
        bench_buf_json_num_kv(&j, ", ", runs ? "t" : "u", u);
        bench_buf_json_num_kv(&j, ", ", "p_value", p);
        bench_buf_json_str_kv(&j, ", ", "verdict", verdict);
        bench_buf_puts(&j, "}");
    }
    for (size_t k = 0; k < la[0]->n; k++) {
        const char *on = jv_str(&la[0]->items[k], "name", NULL);
        if (on && !find_entry(lb[0], on))
            res->only_old++;
    }
    bench_buf_printf(&t, "\n%d cases compared: %d slower, %d faster, %d no difference",
                     res->compared, res->slower, res->faster, res->same);
    if (res->only_old || res->only_new)
        bench_buf_printf(&t, "; %d only in the old file%s, %d only in the new", res->only_old,
                         runs ? "s" : "", res->only_new);
    if (res->no_samples)
        bench_buf_printf(&t, "; %d without samples%s", res->no_samples,
                         reference ? " or without a case of the reference" : "");
    bench_buf_puts(&t, "\n");
    bench_buf_printf(&j,
                     "\n  ],\n  \"summary\": {\"compared\": %d, \"slower\": %d, \"faster\": %d, "
                     "\"no_difference\": %d, \"only_old\": %d, \"only_new\": %d}\n}\n",
                     res->compared, res->slower, res->faster, res->same, res->only_old,
                     res->only_new);
    *table = bench_buf_take(&t);
    *json = bench_buf_take(&j);
    rc = 0;
done:
    for (size_t i = 0; i < nold; i++)
        jv_free(va[i]);
    for (size_t i = 0; i < nnew; i++)
        jv_free(vb[i]);
    return rc;
}
