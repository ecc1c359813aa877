/* pkc bench — writers: summary CSV, raw CSV, JSON (docs/results-format.md)
 * and the readable table. Each returns a malloc'd NUL-terminated string (or
 * NULL when out of memory); the CLI writes it atomically. */
#define _GNU_SOURCE
#include <gmp.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "clock.h"
#include "pkc/common.h"

#ifndef PKC_C_COMPILER
#define PKC_C_COMPILER "unknown"
#endif
#ifndef PKC_C_FLAGS
#define PKC_C_FLAGS ""
#endif
#ifndef PKC_BUILD_TYPE
#define PKC_BUILD_TYPE ""
#endif

/* ---- string buffer ------------------------------------------------------------ */

static int buf_reserve(bench_buf *b, size_t more)
{
    if (b->oom)
        return -1;
    if (b->len + more + 1 <= b->cap)
        return 0;
    size_t nc = b->cap ? b->cap : 4096;
    while (nc < b->len + more + 1)
        nc *= 2;
    char *d = realloc(b->data, nc);
    if (!d) {
        b->oom = 1;
        return -1;
    }
    b->data = d;
    b->cap = nc;
    return 0;
}

void bench_buf_printf(bench_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || buf_reserve(b, (size_t)n) != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void bench_buf_puts(bench_buf *b, const char *s)
{
    size_t n = strlen(s);
    if (buf_reserve(b, n) != 0)
        return;
    memcpy(b->data + b->len, s, n + 1);
    b->len += n;
}

void bench_buf_json_string(bench_buf *b, const char *s)
{
    if (!s) {
        bench_buf_puts(b, "null");
        return;
    }
    bench_buf_puts(b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            bench_buf_printf(b, "\\%c", *p);
        else if (*p < 0x20)
            bench_buf_printf(b, "\\u%04x", *p);
        else
            bench_buf_printf(b, "%c", *p);
    }
    bench_buf_puts(b, "\"");
}

void bench_buf_json_number(bench_buf *b, double v)
{
    if (isnan(v) || isinf(v))
        bench_buf_puts(b, "null");
    else
        bench_buf_printf(b, "%.10g", v);
}

void bench_buf_free(bench_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

static char *buf_take(bench_buf *b)
{
    if (b->oom) {
        bench_buf_free(b);
        return NULL;
    }
    if (!b->data)
        return strdup("");
    return b->data;
}

/* CSV number: empty for NaN. */
static void csv_num(bench_buf *b, double v)
{
    if (isnan(v) || isinf(v))
        bench_buf_puts(b, "");
    else
        bench_buf_printf(b, "%.6f", v);
}

static int case_ok(const bench_case *c)
{
    return !c->failed && c->nsamples > 0;
}

/* ---- summary CSV ------------------------------------------------------------------- */

char *bench_write_summary_csv(const bench_run *r)
{
    bench_buf b = {0};
    bench_buf_puts(&b, "algorithm,operation,params,security_bits,iterations,avg_us,median_us,"
                       "stddev_us,min_us,max_us,p5_us,p95_us,provider,samples,batch,mad_us,"
                       "ci_low_us,ci_high_us,ops_per_sec,cycles_per_op,noisy,ratio,"
                       "message_bytes\n");
    for (size_t i = 0; i < r->ncases; i++) {
        const bench_case *c = &r->cases[i];
        if (!case_ok(c))
            continue;
        const bench_stats *s = &c->st;
        bench_buf_printf(&b, "%s,%s,%s,", bench_alg_name(c->p.alg), bench_op_name(c->p.op),
                         c->param);
        if (c->security_bits)
            bench_buf_printf(&b, "%u", c->security_bits);
        bench_buf_printf(&b, ",%llu,", (unsigned long long)(c->nsamples * c->batch));
        double v[] = {s->mean, s->median, s->stddev, s->min, s->max, s->p5, s->p95};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
            csv_num(&b, v[k]);
            bench_buf_puts(&b, ",");
        }
        bench_buf_printf(&b, "%s,%zu,%llu,", c->prov->name, c->nsamples,
                         (unsigned long long)c->batch);
        csv_num(&b, s->mad);
        bench_buf_puts(&b, ",");
        csv_num(&b, s->ci_low);
        bench_buf_puts(&b, ",");
        csv_num(&b, s->ci_high);
        bench_buf_puts(&b, ",");
        csv_num(&b, s->median > 0 ? 1e6 / s->median : NAN);
        bench_buf_puts(&b, ",");
        if (!isnan(c->cycles_per_op))
            bench_buf_printf(&b, "%.1f", c->cycles_per_op);
        bench_buf_printf(&b, ",%d,", s->noisy);
        if (!isnan(c->ratio))
            bench_buf_printf(&b, "%.6f", c->ratio);
        bench_buf_puts(&b, ",");
        if (c->p.msg_len)
            bench_buf_printf(&b, "%zu", c->p.msg_len);
        bench_buf_puts(&b, "\n");
    }
    return buf_take(&b);
}

/* ---- raw CSV ------------------------------------------------------------------------ */

char *bench_write_raw_csv(const bench_run *r)
{
    bench_buf b = {0};
    bench_buf_puts(&b, "algorithm,operation,params,iteration,time_us,provider,sample,batch,"
                       "cycles_per_op,message_bytes\n");
    for (size_t i = 0; i < r->ncases; i++) {
        const bench_case *c = &r->cases[i];
        if (!case_ok(c))
            continue;
        for (size_t k = 0; k < c->nsamples; k++) {
            bench_buf_printf(&b, "%s,%s,%s,%zu,%.6f,%s,%zu,%llu,", bench_alg_name(c->p.alg),
                             bench_op_name(c->p.op), c->param, k, c->us[k], c->prov->name, k,
                             (unsigned long long)c->batch);
            if (bench_cycles())
                bench_buf_printf(&b, "%.1f", c->cyc[k]);
            bench_buf_puts(&b, ",");
            if (c->p.msg_len)
                bench_buf_printf(&b, "%zu", c->p.msg_len);
            bench_buf_puts(&b, "\n");
        }
    }
    return buf_take(&b);
}

/* ---- context ------------------------------------------------------------------------- */

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
}

static int read_line_file(const char *path, char *out, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    int ok = fgets(out, (int)cap, f) != NULL;
    fclose(f);
    if (!ok)
        return -1;
    trim(out);
    return 0;
}

void bench_sysinfo_read(bench_sysinfo *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->cpu_model, sizeof s->cpu_model, "unknown");
    s->num_cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[512];
        int got_model = 0, got_mhz = 0;
        while (fgets(line, sizeof line, f) && !(got_model && got_mhz)) {
            char *colon = strchr(line, ':');
            if (!colon)
                continue;
            char *v = colon + 1;
            while (*v == ' ')
                v++;
            trim(v);
            if (!got_model && strncmp(line, "model name", 10) == 0) {
                snprintf(s->cpu_model, sizeof s->cpu_model, "%s", v);
                got_model = 1;
            } else if (!got_mhz && strncmp(line, "cpu MHz", 7) == 0) {
                s->mhz = atof(v);
                got_mhz = 1;
            }
        }
        fclose(f);
    }
    char tmp[sizeof s->governor];
    if (read_line_file("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", tmp,
                       sizeof tmp) == 0)
        memcpy(s->governor, tmp, sizeof tmp); /* NUL-terminated by read_line_file */
    if (read_line_file("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", tmp,
                       sizeof tmp) == 0 && s->mhz == 0)
        s->mhz = atof(tmp) / 1000;
    if (gethostname(s->host, sizeof s->host) != 0)
        s->host[0] = 0;
    s->host[sizeof s->host - 1] = 0;
}

static const char *library_key(const bench_provider *p)
{
    return strncmp(p->name, "pkc", 3) == 0 ? "pkc" : p->name;
}

static void json_libraries(bench_buf *b)
{
    bench_buf_puts(b, "{");
    bench_buf_json_string(b, "pkc");
    bench_buf_puts(b, ": ");
    bench_buf_json_string(b, pkc_version());
    bench_buf_puts(b, ", \"gmp\": ");
    bench_buf_json_string(b, gmp_version);
    for (size_t i = 0; i < bench_nproviders; i++) {
        const bench_provider *p = bench_providers[i];
        if (strcmp(library_key(p), "pkc") == 0)
            continue;
        bench_buf_puts(b, ", ");
        bench_buf_json_string(b, p->name);
        bench_buf_puts(b, ": ");
        bench_buf_json_string(b, p->version());
    }
    bench_buf_puts(b, "}");
}

static void iso_date(char *out, size_t cap)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, cap, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* ---- JSON ------------------------------------------------------------------------------ */

static void kv_num(bench_buf *b, const char *k, double v)
{
    bench_buf_printf(b, "\"%s\": ", k);
    bench_buf_json_number(b, v);
}

char *bench_write_json(const bench_run *r, const bench_json_meta *m)
{
    bench_buf b = {0};
    bench_sysinfo si;
    bench_sysinfo_read(&si);
    char date[32];
    iso_date(date, sizeof date);

    bench_buf_puts(&b, "{\n  \"context\": {\n    \"date\": ");
    bench_buf_json_string(&b, date);
    bench_buf_puts(&b, ",\n    \"host_name\": ");
    bench_buf_json_string(&b, si.host);
    bench_buf_puts(&b, ",\n    \"executable\": ");
    bench_buf_json_string(&b, m && m->executable ? m->executable : "pkc");
    bench_buf_puts(&b, ",\n    \"command_line\": ");
    bench_buf_json_string(&b, m && m->command_line ? m->command_line : "pkc bench");
    bench_buf_puts(&b, ",\n    \"cpu_model\": ");
    bench_buf_json_string(&b, si.cpu_model);
    bench_buf_printf(&b, ",\n    \"num_cpus\": %d,\n    ", si.num_cpus);
    kv_num(&b, "mhz_per_cpu", si.mhz > 0 ? round(si.mhz) : NAN);
    bench_buf_puts(&b, ",\n    \"cpu_governor\": ");
    bench_buf_json_string(&b, si.governor[0] ? si.governor : NULL);
    bench_buf_puts(&b, ",\n    \"compiler\": ");
    bench_buf_json_string(&b, PKC_C_COMPILER);
    bench_buf_puts(&b, ",\n    \"cflags\": ");
    char flags[256];
    snprintf(flags, sizeof flags, "%s", PKC_C_FLAGS);
    trim(flags);
    bench_buf_json_string(&b, flags[0] == ' ' ? flags + 1 : flags);
    bench_buf_puts(&b, ",\n    \"build_type\": ");
    bench_buf_json_string(&b, PKC_BUILD_TYPE);
    bench_buf_puts(&b, ",\n    \"libraries\": ");
    json_libraries(&b);
    bench_buf_puts(&b, ",\n    \"seed_mode\": ");
    bench_buf_json_string(&b, r->opt.fixed_seed ? "fixed" : "random");
    bench_buf_puts(&b, ",\n    \"seed\": ");
    if (r->opt.fixed_seed)
        bench_buf_printf(&b, "%llu", (unsigned long long)r->opt.seed);
    else
        bench_buf_puts(&b, "null");
    bench_buf_puts(&b, ",\n    \"timer\": \"clock_gettime(CLOCK_MONOTONIC)\",\n    \"cycle_counter\": ");
    bench_buf_json_string(&b, bench_cycles_source());
    bench_buf_puts(&b, ",\n    ");
    kv_num(&b, "timer_overhead_ns", r->timer_overhead_ns);
    bench_buf_puts(&b, ",\n    ");
    kv_num(&b, "min_sample_ns", isinf(r->min_sample_ns) ? NAN : r->min_sample_ns);
    bench_buf_puts(&b, ",\n    ");
    kv_num(&b, "timer_overhead_pct",
           isinf(r->min_sample_ns) ? NAN : 100.0 * r->timer_overhead_ns / r->min_sample_ns);
    bench_buf_puts(&b, ",\n    ");
    kv_num(&b, "target_sample_ms", r->opt.target_ms);
    bench_buf_puts(&b, ",\n    ");
    kv_num(&b, "time_budget_s", r->opt.budget_s);
    bench_buf_puts(&b, ",\n    ");
    kv_num(&b, "keygen_budget_s", r->opt.keygen_budget_s);
    bench_buf_puts(&b, ",\n    \"fixed_samples\": ");
    if (r->opt.fixed_samples)
        bench_buf_printf(&b, "%zu", r->opt.fixed_samples);
    else
        bench_buf_puts(&b, "null");
    bench_buf_puts(&b, ",\n    \"baseline\": ");
    bench_buf_json_string(&b, r->opt.baseline);
    bench_buf_puts(&b, ",\n    ");
    kv_num(&b, "wall_time_s", r->wall_s);
    bench_buf_puts(&b, ",\n    \"scenario\": ");
    bench_buf_json_string(&b, m ? m->scenario : NULL);
    bench_buf_puts(&b, "\n  },\n  \"benchmarks\": [");

    int first = 1;
    for (size_t i = 0; i < r->ncases; i++) {
        const bench_case *c = &r->cases[i];
        const bench_stats *s = &c->st;
        int ok = case_ok(c);
        bench_buf_puts(&b, first ? "\n    {" : ",\n    {");
        first = 0;
        bench_buf_puts(&b, "\"name\": ");
        bench_buf_json_string(&b, c->name);
        bench_buf_puts(&b, ", \"run_name\": ");
        bench_buf_json_string(&b, c->name);
        bench_buf_printf(&b, ", \"run_type\": \"iteration\", \"iterations\": %llu, ",
                         (unsigned long long)(c->nsamples * c->batch));
        kv_num(&b, "real_time", ok ? s->median : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "cpu_time", ok ? s->median : NAN);
        bench_buf_puts(&b, ", \"time_unit\": \"us\",\n     \"provider\": ");
        bench_buf_json_string(&b, c->prov->name);
        bench_buf_puts(&b, ", \"algorithm\": ");
        bench_buf_json_string(&b, bench_alg_name(c->p.alg));
        bench_buf_puts(&b, ", \"param\": ");
        bench_buf_json_string(&b, c->param);
        bench_buf_printf(&b, ", \"param_value\": %u, \"security_bits\": ", c->param_value);
        if (c->security_bits)
            bench_buf_printf(&b, "%u", c->security_bits);
        else
            bench_buf_puts(&b, "null");
        bench_buf_puts(&b, ", \"op\": ");
        bench_buf_json_string(&b, bench_op_name(c->p.op));
        bench_buf_puts(&b, ", \"scenario\": ");
        bench_buf_json_string(&b, c->scenario);
        bench_buf_puts(&b, ", \"message_bytes\": ");
        if (c->p.msg_len)
            bench_buf_printf(&b, "%zu", c->p.msg_len);
        else
            bench_buf_puts(&b, "null");
        bench_buf_printf(&b, ",\n     \"batch\": %llu, \"samples\": %zu, ",
                         (unsigned long long)c->batch, ok ? c->nsamples : 0);
        kv_num(&b, "median", ok ? s->median : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "mean", ok ? s->mean : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "stddev", ok ? s->stddev : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "min", ok ? s->min : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "max", ok ? s->max : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "p5", ok ? s->p5 : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "p95", ok ? s->p95 : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "mad", ok ? s->mad : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "ci_low", ok ? s->ci_low : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "ci_high", ok ? s->ci_high : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "ci_level", ok ? s->ci_level : NAN);
        bench_buf_puts(&b, ",\n     ");
        kv_num(&b, "ops_per_sec", ok && s->median > 0 ? 1e6 / s->median : NAN);
        bench_buf_puts(&b, ", ");
        kv_num(&b, "cycles_per_op", ok ? c->cycles_per_op : NAN);
        bench_buf_printf(&b, ", \"noisy\": %s, ", ok && s->noisy ? "true" : "false");
        kv_num(&b, "ratio", c->ratio);
        if (!ok) {
            bench_buf_puts(&b, ", \"error_occurred\": true, \"error_message\": ");
            bench_buf_json_string(&b, c->error[0] ? c->error : "no samples");
        }
        bench_buf_puts(&b, ",\n     \"raw_us\": [");
        for (size_t k = 0; ok && k < c->nsamples; k++) {
            if (k)
                bench_buf_puts(&b, ", ");
            bench_buf_json_number(&b, c->us[k]);
        }
        bench_buf_puts(&b, "]}");
    }
    bench_buf_puts(&b, "\n  ],\n  \"scenarios\": {");
    if (m && m->scenarios_json && m->scenarios_json[0]) {
        bench_buf_puts(&b, "\n    ");
        bench_buf_puts(&b, m->scenarios_json);
        bench_buf_puts(&b, "\n  ");
    }
    bench_buf_puts(&b, "}\n}\n");
    return buf_take(&b);
}

/* ---- the readable table ---------------------------------------------------------------- */

/* A time in microseconds with a unit that keeps 3-4 significant digits. */
static void fmt_time(char *out, size_t cap, double us)
{
    if (isnan(us))
        snprintf(out, cap, "-");
    else if (us < 1)
        snprintf(out, cap, "%.1f ns", us * 1e3);
    else if (us < 1000)
        snprintf(out, cap, "%.2f us", us);
    else if (us < 1e6)
        snprintf(out, cap, "%.2f ms", us / 1e3);
    else
        snprintf(out, cap, "%.2f s", us / 1e6);
}

static void fmt_count(char *out, size_t cap, double v)
{
    if (isnan(v))
        snprintf(out, cap, "-");
    else if (v >= 1e9)
        snprintf(out, cap, "%.2fG", v / 1e9);
    else if (v >= 1e6)
        snprintf(out, cap, "%.2fM", v / 1e6);
    else if (v >= 1e4)
        snprintf(out, cap, "%.1fk", v / 1e3);
    else if (v >= 100)
        snprintf(out, cap, "%.0f", v);
    else
        snprintf(out, cap, "%.2f", v);
}

char *bench_write_context_text(const bench_run *r)
{
    bench_buf b = {0};
    bench_sysinfo si;
    bench_sysinfo_read(&si);
    bench_buf_printf(&b, "# %s, %d CPUs", si.cpu_model, si.num_cpus);
    if (si.mhz > 0)
        bench_buf_printf(&b, ", %.0f MHz", si.mhz);
    bench_buf_printf(&b, ", governor %s\n", si.governor[0] ? si.governor : "unknown");
    bench_buf_printf(&b, "# %s %s; timer overhead %.0f ns per sample", PKC_C_COMPILER,
                     PKC_BUILD_TYPE, r->timer_overhead_ns);
    if (!isinf(r->min_sample_ns) && r->min_sample_ns > 0)
        bench_buf_printf(&b, " (%.4f%% of the shortest sample)",
                         100.0 * r->timer_overhead_ns / r->min_sample_ns);
    bench_buf_printf(&b, "; samples >= %.0f ms; seed %s\n", r->opt.target_ms,
                     r->opt.fixed_seed ? "fixed" : "random");
    return buf_take(&b);
}

char *bench_write_table(const bench_run *r)
{
    bench_buf b = {0};
    char *ctx = bench_write_context_text(r);
    if (ctx) {
        bench_buf_puts(&b, ctx);
        free(ctx);
    }
    bench_buf_printf(&b, "# median per operation, 95%% CI of the median; ratio = median / %s's "
                         "(< 1 is faster); ~ = noisy\n\n",
                     r->opt.baseline ? r->opt.baseline : "(none)");
    bench_buf_printf(&b, "%-8s %-10s %-16s %-13s %11s  %-23s %10s %10s %8s %9s\n", "algo",
                     "param", "op", "provider", "median", "95% CI", "ops/s", "cycles", "samples",
                     "ratio");
    int last_group = -1;
    int nerr = 0;
    /* print by group, in order of first appearance */
    for (int g = 0; g < r->ngroups || (g == 0 && r->ngroups == 0); g++) {
        for (size_t i = 0; i < r->ncases; i++) {
            const bench_case *c = &r->cases[i];
            if (r->ngroups && c->group != g)
                continue;
            if (!case_ok(c)) {
                nerr++;
                continue;
            }
            if (last_group >= 0 && c->group != last_group)
                bench_buf_puts(&b, "\n");
            last_group = c->group;
            char med[32], lo[32], hi[32], ci[72], ops[32], cyc[32], ratio[32], op[40];
            fmt_time(med, sizeof med, c->st.median);
            fmt_time(lo, sizeof lo, c->st.ci_low);
            fmt_time(hi, sizeof hi, c->st.ci_high);
            snprintf(ci, sizeof ci, "[%s, %s]", lo, hi);
            fmt_count(ops, sizeof ops, c->st.median > 0 ? 1e6 / c->st.median : NAN);
            fmt_count(cyc, sizeof cyc, c->cycles_per_op);
            if (isnan(c->ratio))
                snprintf(ratio, sizeof ratio, "-");
            else if (r->opt.baseline && strcmp(c->prov->name, r->opt.baseline) == 0)
                snprintf(ratio, sizeof ratio, "1.00 =");
            else
                snprintf(ratio, sizeof ratio, "%.2f", c->ratio);
            if (c->p.msg_len && c->p.alg != BENCH_SHA256 && c->p.msg_len != BENCH_MAX_MSG_DEFAULT)
                snprintf(op, sizeof op, "%s/%zuB", bench_op_name(c->p.op), c->p.msg_len);
            else
                snprintf(op, sizeof op, "%s", bench_op_name(c->p.op));
            bench_buf_printf(&b, "%-8s %-10s %-16s %-13s %10s%s  %-23s %10s %10s %8zu %9s\n",
                             bench_alg_name(c->p.alg), c->param, op, c->prov->name, med,
                             c->st.noisy ? "~" : " ", ci, ops, cyc, c->nsamples, ratio);
        }
        if (r->ngroups == 0)
            break;
    }
    if (nerr) {
        bench_buf_puts(&b, "\nErrors (no number reported):\n");
        for (size_t i = 0; i < r->ncases; i++) {
            const bench_case *c = &r->cases[i];
            if (!case_ok(c))
                bench_buf_printf(&b, "  %s: %s\n", c->name, c->error[0] ? c->error : "no samples");
        }
    }
    return buf_take(&b);
}
