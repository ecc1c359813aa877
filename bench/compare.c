/* pkc bench — `pkc bench --compare OLD.json NEW.json`: for every case in
 * both files (matched by name), the ratio of the medians (new / old) with
 * its 95% bootstrap CI, the Mann-Whitney U test's p-value on the raw
 * samples, and a verdict: "slower" or "faster" when p < alpha and the CI
 * lies entirely above or below 1, else "no difference" (the approach of
 * Google Benchmark's compare.py, with the CI added so that a tiny but
 * "significant" shift on a long run is not called a change by itself). */
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

int bench_compare_files(const char *old_path, const char *new_path, double alpha,
                        bench_compare_result *res, char **table, char **json, char *err,
                        size_t errlen)
{
    jv *a = NULL, *b = NULL;
    memset(res, 0, sizeof *res);
    if (load(old_path, &a, err, errlen) != 0)
        return -1;
    if (load(new_path, &b, err, errlen) != 0) {
        jv_free(a);
        return -1;
    }
    const jv *ba = jv_get(a, "benchmarks"), *bb = jv_get(b, "benchmarks");
    bench_buf t = {0}, j = {0};
    bench_buf_printf(&t, "# %s -> %s\n# ratio = new median / old median (> 1: slower) with its "
                         "95%% bootstrap CI; p = Mann-Whitney U, two-sided; alpha = %g\n\n",
                     old_path, new_path, alpha);
    bench_buf_printf(&t, "%-48s %11s %11s %-22s %9s  %s\n", "case", "old", "new",
                     "ratio [95% CI]", "p", "verdict");
    bench_buf_puts(&j, "{\n  \"old\": ");
    bench_buf_json_string(&j, old_path);
    bench_buf_puts(&j, ",\n  \"new\": ");
    bench_buf_json_string(&j, new_path);
    bench_buf_printf(&j, ",\n  \"alpha\": %g,\n  \"cases\": [", alpha);
    int first = 1;
    for (size_t i = 0; i < bb->n; i++) {
        const jv *e = &bb->items[i];
        const char *name = jv_str(e, "name", NULL);
        if (!name)
            continue;
        const jv *o = NULL;
        for (size_t k = 0; k < ba->n && !o; k++) {
            const char *on = jv_str(&ba->items[k], "name", NULL);
            if (on && strcmp(on, name) == 0)
                o = &ba->items[k];
        }
        if (!o) {
            res->only_new++;
            continue;
        }
        size_t nx, ny;
        double *x = samples(o, &nx), *y = samples(e, &ny);
        if (!x || !y) {
            free(x);
            free(y);
            res->no_samples++;
            continue;
        }
        double ratio, lo, hi, u, p;
        bench_ratio_ci(y, ny, x, nx, BENCH_BOOTSTRAP_REPS, 0xc0ffee + i, &ratio, &lo, &hi);
        bench_mann_whitney(y, ny, x, nx, &u, &p);
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
        bench_stats so, sn;
        bench_stats_compute(x, nx, &so);
        bench_stats_compute(y, ny, &sn);
        char t1[32], t2[32], rc[64];
        bench_fmt_time(t1, sizeof t1, so.median);
        bench_fmt_time(t2, sizeof t2, sn.median);
        snprintf(rc, sizeof rc, "%.3f [%.3f, %.3f]", ratio, lo, hi);
        bench_buf_printf(&t, "%-48s %11s %11s %-22s %9.2g  %s\n", name, t1, t2, rc, p, verdict);
        bench_buf_puts(&j, first ? "\n    {" : ",\n    {");
        first = 0;
        bench_buf_json_str_kv(&j, "", "name", name);
        bench_buf_json_num_kv(&j, ", ", "old_median", so.median);
        bench_buf_json_num_kv(&j, ", ", "new_median", sn.median);
        bench_buf_json_num_kv(&j, ", ", "ratio", ratio);
        bench_buf_json_num_kv(&j, ", ", "ratio_ci_low", lo);
        bench_buf_json_num_kv(&j, ", ", "ratio_ci_high", hi);
        bench_buf_json_num_kv(&j, ", ", "u", u);
        bench_buf_json_num_kv(&j, ", ", "p_value", p);
        bench_buf_json_str_kv(&j, ", ", "verdict", verdict);
        bench_buf_puts(&j, "}");
        free(x);
        free(y);
    }
    for (size_t k = 0; k < ba->n; k++) {
        const char *on = jv_str(&ba->items[k], "name", NULL);
        int found = 0;
        for (size_t i = 0; on && i < bb->n && !found; i++) {
            const char *nn = jv_str(&bb->items[i], "name", NULL);
            found = nn && strcmp(nn, on) == 0;
        }
        if (on && !found)
            res->only_old++;
    }
    bench_buf_printf(&t, "\n%d cases compared: %d slower, %d faster, %d no difference",
                     res->compared, res->slower, res->faster, res->same);
    if (res->only_old || res->only_new)
        bench_buf_printf(&t, "; %d only in the old file, %d only in the new", res->only_old,
                         res->only_new);
    bench_buf_puts(&t, "\n");
    bench_buf_printf(&j,
                     "\n  ],\n  \"summary\": {\"compared\": %d, \"slower\": %d, \"faster\": %d, "
                     "\"no_difference\": %d, \"only_old\": %d, \"only_new\": %d}\n}\n",
                     res->compared, res->slower, res->faster, res->same, res->only_old,
                     res->only_new);
    jv_free(a);
    jv_free(b);
    *table = bench_buf_take(&t);
    *json = bench_buf_take(&j);
    return 0;
}
