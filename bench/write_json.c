/* pkc bench — the JSON result file: the run's context (machine, build,
 * libraries, conditions) and every case with its statistics and raw
 * samples, in Google Benchmark's field names where they exist
 * (docs/results-format.md). */
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "pkc/common.h"
#include "writers.h"

#ifndef PKC_C_COMPILER
#define PKC_C_COMPILER "unknown"
#endif
#ifndef PKC_C_FLAGS
#define PKC_C_FLAGS ""
#endif
#ifndef PKC_BUILD_TYPE
#define PKC_BUILD_TYPE ""
#endif

/* the separator before a member of the context after the first */
#define NEXT ",\n    "

static void json_libraries(bench_buf *b)
{
    bench_buf_puts(b, "{\"pkc\": ");
    bench_buf_json_string(b, pkc_version());
    bench_buf_json_str_kv(b, ", ", "gmp", gmp_version);
    for (size_t i = 0; i < bench_nproviders; i++) {
        const bench_provider *p = bench_providers[i];
        if (strncmp(p->name, "pkc", 3) == 0 || p->variant)
            continue;
        bench_buf_puts(b, ", ");
        bench_buf_json_string(b, p->name);
        bench_buf_puts(b, ": ");
        bench_buf_json_string(b, p->version());
    }
    bench_buf_puts(b, "}");
}

static void json_load(bench_buf *b, const char *key, const bench_load *l)
{
    bench_buf_printf(b, "\"%s\": ", key);
    if (!l->valid) {
        bench_buf_puts(b, "null");
        return;
    }
    bench_buf_printf(b, "[%.2f, %.2f, %.2f]", l->load[0], l->load[1], l->load[2]);
}

static void json_context(bench_buf *b, const bench_run *r, const bench_json_meta *m)
{
    bench_sysinfo si;
    bench_sysinfo_read(&si);
    char date[32];
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    bench_buf_puts(b, "  \"context\": {\n    ");
    bench_buf_json_str_kv(b, "", "date", date);
    bench_buf_json_str_kv(b, NEXT, "host_name", si.host);
    bench_buf_json_str_kv(b, NEXT, "label", m ? m->label : NULL);
    bench_buf_json_str_kv(b, NEXT, "executable", m && m->executable ? m->executable : "pkc");
    bench_buf_json_str_kv(b, NEXT, "command_line",
                          m && m->command_line ? m->command_line : "pkc bench");
    bench_buf_json_str_kv(b, NEXT, "cpu_model", si.cpu_model);
    bench_buf_printf(b, ",\n    \"num_cpus\": %d,\n    ", si.num_cpus);
    bench_buf_json_num_kv(b, "", "mhz_per_cpu", si.mhz > 0 ? round(si.mhz) : NAN);
    bench_buf_puts(b, ",\n    \"cpu_flags\": {");
    for (int i = 0; i < BENCH_NFLAGS; i++)
        bench_buf_printf(b, "%s\"%s\": %s", i ? ", " : "", bench_cpu_flag_names[i],
                         si.flags[i] ? "true" : "false");
    bench_buf_json_str_kv(b, "},\n    ", "virtualization",
                          si.virtualization[0] ? si.virtualization : NULL);
    bench_buf_json_str_kv(b, NEXT, "cpu_governor", si.governor[0] ? si.governor : NULL);
    bench_buf_json_num_kv(b, NEXT, "tsc_mhz",
                          bench_tsc_hz() > 0 ? round(bench_tsc_hz() / 1e4) / 100 : NAN);
    bench_buf_json_str_kv(b, NEXT, "cycles_unit", bench_cycles_unit());
    bench_buf_json_str_kv(b, NEXT, "compiler", PKC_C_COMPILER);
    char flags[256];
    snprintf(flags, sizeof flags, "%s", PKC_C_FLAGS);
    size_t fl = strlen(flags);
    while (fl && flags[fl - 1] == ' ')
        flags[--fl] = 0;
    bench_buf_json_str_kv(b, NEXT, "cflags", flags[0] == ' ' ? flags + 1 : flags);
    bench_buf_json_str_kv(b, NEXT, "build_type", PKC_BUILD_TYPE);
    bench_buf_puts(b, ",\n    \"libraries\": ");
    json_libraries(b);
    bench_buf_json_str_kv(b, NEXT, "seed_mode", r->opt.fixed_seed ? "fixed" : "random");
    bench_buf_puts(b, ",\n    \"seed\": ");
    if (r->opt.fixed_seed)
        bench_buf_printf(b, "%llu", (unsigned long long)r->opt.seed);
    else
        bench_buf_puts(b, "null");
    bench_buf_printf(b, ",\n    \"key_pool\": %zu", r->opt.key_pool);
    bench_buf_puts(b, ",\n    \"timer\": \"clock_gettime(CLOCK_MONOTONIC)\",\n    "
                      "\"cpu_timer\": \"clock_gettime(CLOCK_THREAD_CPUTIME_ID)\",\n    ");
    bench_buf_json_num_kv(b, "", "timer_overhead_ns", r->timer_overhead_ns);
    bench_buf_json_num_kv(b, NEXT, "min_sample_ns",
                          isinf(r->min_sample_ns) ? NAN : r->min_sample_ns);
    bench_buf_json_num_kv(b, NEXT, "timer_overhead_pct",
           isinf(r->min_sample_ns) ? NAN : 100.0 * r->timer_overhead_ns / r->min_sample_ns);
    bench_buf_json_num_kv(b, NEXT, "target_sample_ms", r->opt.target_ms);
    bench_buf_json_num_kv(b, NEXT, "time_budget_s", r->opt.budget_s);
    bench_buf_json_num_kv(b, NEXT, "keygen_budget_s", r->opt.keygen_budget_s);
    bench_buf_puts(b, ",\n    \"fixed_samples\": ");
    if (r->opt.fixed_samples)
        bench_buf_printf(b, "%zu", r->opt.fixed_samples);
    else
        bench_buf_puts(b, "null");
    bench_buf_json_str_kv(b, NEXT, "baseline", r->opt.baseline);
    bench_buf_json_num_kv(b, NEXT, "wall_time_s", r->wall_s);
    bench_buf_json_str_kv(b, NEXT, "scenario", m ? m->scenario : NULL);
    const bench_conditions *c = m ? m->cond : NULL;
    if (c) {
        bench_buf_puts(b, ",\n    ");
        json_load(b, "load_avg_before", &c->before);
        bench_buf_puts(b, ",\n    ");
        json_load(b, "load_avg_after", &c->after);
        bench_buf_printf(b, ",\n    \"procs_running_before\": %d,\n    ",
                         c->before.procs_running);
        bench_buf_json_num_kv(b, "", "steal_pct_probe", c->steal_probe_pct);
        bench_buf_json_num_kv(b, NEXT, "steal_pct_during",
                              bench_steal_pct(&c->before, &c->after));
        bench_buf_printf(b, ",\n    \"busy\": %s,\n    \"warnings\": [",
                         c->busy ? "true" : "false");
        for (int i = 0; i < c->nwarnings; i++) {
            if (i)
                bench_buf_puts(b, ", ");
            bench_buf_json_string(b, c->warnings[i]);
        }
        bench_buf_puts(b, "]");
    }
    bench_buf_puts(b, "\n  }");
}

static void json_case(bench_buf *b, const bench_case *c, const char *baseline)
{
    const bench_stats *s = &c->st;
    int ok = !c->failed && c->nsamples > 0;
    bench_buf_json_str_kv(b, "", "name", c->name);
    bench_buf_json_str_kv(b, ", ", "run_name", c->name);
    bench_buf_printf(b, ", \"run_type\": \"iteration\", \"iterations\": %llu, ",
                     (unsigned long long)c->nsamples * c->batch);
    bench_buf_json_num_kv(b, "", "real_time", ok ? s->median : NAN);
    bench_buf_json_num_kv(b, ", ", "cpu_time", ok ? c->cpu_st.median : NAN);
    bench_buf_puts(b, ", \"time_unit\": \"us\",\n     \"provider\": ");
    bench_buf_json_string(b, c->prov->name);
    bench_buf_json_str_kv(b, ", ", "variant", c->prov->variant);
    bench_buf_json_str_kv(b, ", ", "algorithm", bench_alg_name(c->p.alg));
    bench_buf_json_str_kv(b, ", ", "param", c->param);
    bench_buf_printf(b, ", \"param_value\": %u, \"security_bits\": ", c->param_value);
    if (c->security_bits)
        bench_buf_printf(b, "%u", c->security_bits);
    else
        bench_buf_puts(b, "null");
    bench_buf_json_str_kv(b, ", ", "op", bench_op_name(c->p.op));
    bench_buf_json_str_kv(b, ", ", "scenario", c->scenario);
    bench_buf_puts(b, ", \"message_bytes\": ");
    if (c->p.msg_len)
        bench_buf_printf(b, "%zu", c->p.msg_len);
    else
        bench_buf_puts(b, "null");
    bench_buf_printf(b, ", \"threads\": %u,\n     \"batch\": %llu, \"samples\": %zu, ",
                     c->p.threads, (unsigned long long)c->batch, ok ? c->nsamples : 0);
    bench_buf_printf(b, "\"keys\": %zu, \"inputs\": %zu, ", c->keys, c->inputs);
    const char *names[] = {"median", "mean", "stddev", "min", "max", "p5", "p90", "p95", "mad",
                           "ci_low", "ci_high", "ci_level"};
    double vals[] = {s->median, s->mean, s->stddev, s->min, s->max, s->p5, s->p90, s->p95,
                     s->mad, s->ci_low, s->ci_high, s->ci_level};
    for (size_t k = 0; k < sizeof vals / sizeof vals[0]; k++) {
        bench_buf_json_num_kv(b, "", names[k], ok ? vals[k] : NAN);
        bench_buf_puts(b, ", ");
    }
    bench_buf_printf(b, "\"heavy_tailed\": %s,\n     ",
                     c->p.op == BENCH_OP_KEYGEN ? "true" : "false");
    bench_buf_json_num_kv(b, "", "ops_per_sec", ok && s->median > 0 ? 1e6 / s->median : NAN);
    bench_buf_json_num_kv(b, ", ", "ops_per_sec_per_worker",
                          ok && s->median > 0 ? 1e6 / s->median : NAN);
    bench_buf_json_num_kv(b, ", ", "ops_per_sec_total",
                          ok && s->median > 0 ? 1e6 / s->median * c->p.threads : NAN);
    bench_buf_json_num_kv(b, ", ", "cycles_per_op", ok ? c->cycles_per_op : NAN);
    bench_buf_json_str_kv(b, ", ", "cycles_unit", bench_cycles_unit());
    if (bench_case_streams(c->p.alg, c->p.op, c->p.msg_len)) {
        /* throughput of one worker over the message */
        bench_buf_json_num_kv(b, ", ", "bytes_per_sec",
                              ok && s->median > 0 ? (double)c->p.msg_len * 1e6 / s->median : NAN);
        bench_buf_json_num_kv(b, ", ", "cycles_per_byte",
                              ok ? c->cycles_per_op / (double)c->p.msg_len : NAN);
    }
    bench_buf_printf(b, ", \"noisy\": %s, \"descheduled\": %s, ", ok && s->noisy ? "true" : "false",
                     ok && c->descheduled ? "true" : "false");
    bench_buf_json_num_kv(b, "", "ratio", c->ratio);
    bench_buf_json_str_kv(b, ", ", "ratio_baseline", isnan(c->ratio) ? NULL : baseline);
    bench_buf_json_num_kv(b, ", ", "ratio_ci_low", c->ratio_lo);
    bench_buf_json_num_kv(b, ", ", "ratio_ci_high", c->ratio_hi);
    if (!ok) {
        bench_buf_puts(b, ", \"error_occurred\": true, \"error_message\": ");
        bench_buf_json_string(b, c->error[0] ? c->error : "no samples");
    }
    if (ok && c->seeds) {
        bench_buf_puts(b, ",\n     \"sample_seeds\": [");
        for (size_t k = 0; k < c->nsamples; k++) {
            if (k)
                bench_buf_puts(b, ", ");
            if (c->seeds[k])
                bench_buf_printf(b, "%llu", (unsigned long long)c->seeds[k]);
            else
                bench_buf_puts(b, "null");
        }
        bench_buf_puts(b, "], \"key_fingerprints\": [");
        for (size_t k = 0; k < c->nsamples; k++) {
            if (k)
                bench_buf_puts(b, ", ");
            bench_buf_json_string(b, c->fingerprints[k][0] ? c->fingerprints[k] : NULL);
        }
        bench_buf_puts(b, "]");
    }
    const char *arrays[] = {"raw_us", "cpu_raw_us"};
    const double *data[] = {c->us, c->cpu_us};
    for (int a = 0; a < 2; a++) {
        bench_buf_printf(b, ",\n     \"%s\": [", arrays[a]);
        for (size_t k = 0; ok && k < c->nsamples; k++) {
            if (k)
                bench_buf_puts(b, ", ");
            bench_buf_json_number(b, data[a][k]);
        }
        bench_buf_puts(b, "]");
    }
}

char *bench_write_json(const bench_run *r, const bench_json_meta *m)
{
    bench_buf b = {0};
    bench_buf_puts(&b, "{\n");
    json_context(&b, r, m);
    bench_buf_puts(&b, ",\n  \"benchmarks\": [");
    for (size_t i = 0; i < r->ncases; i++) {
        bench_buf_puts(&b, i ? ",\n    {" : "\n    {");
        json_case(&b, &r->cases[i], r->opt.baseline);
        bench_buf_puts(&b, "}");
    }
    bench_buf_puts(&b, "\n  ],\n  \"scenarios\": {");
    if (m && m->scenarios_json && m->scenarios_json[0]) {
        bench_buf_puts(&b, "\n    ");
        bench_buf_puts(&b, m->scenarios_json);
        bench_buf_puts(&b, "\n  ");
    }
    bench_buf_puts(&b, "}\n}\n");
    return bench_buf_take(&b);
}
