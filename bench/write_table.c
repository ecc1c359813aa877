/* pkc bench — the readable table: one line per case, grouped by what is
 * measured, with the 95% CI of the median, ops/s, cycles (or TSC ticks),
 * the ratio to the baseline with its 95% CI, and flags. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "writers.h"

#ifndef PKC_C_COMPILER
#define PKC_C_COMPILER "unknown"
#endif
#ifndef PKC_BUILD_TYPE
#define PKC_BUILD_TYPE ""
#endif

static void fmt_count(char *out, size_t cap, double v)
{
    if (isnan(v))
        snprintf(out, cap, "-");
    else if (v >= 1e9)
        snprintf(out, cap, "%.3gG", v / 1e9);
    else if (v >= 1e6)
        snprintf(out, cap, "%.3gM", v / 1e6);
    else if (v >= 1e4)
        snprintf(out, cap, "%.3gk", v / 1e3);
    else if (v >= 100)
        snprintf(out, cap, "%.0f", v);
    else
        snprintf(out, cap, "%.3g", v);
}

char *bench_write_context_text(const bench_run *r)
{
    bench_buf b = {0};
    bench_sysinfo si;
    bench_sysinfo_read(&si);
    bench_buf_printf(&b, "# %s, %d CPUs", si.cpu_model, si.num_cpus);
    if (si.mhz > 0)
        bench_buf_printf(&b, ", %.0f MHz", si.mhz);
    if (si.virtualization[0])
        bench_buf_printf(&b, ", %s guest", si.virtualization);
    bench_buf_printf(&b, ", governor %s\n", si.governor[0] ? si.governor : "unknown");
    bench_buf_printf(&b, "# %s %s; timer overhead %.0f ns per sample", PKC_C_COMPILER,
                     PKC_BUILD_TYPE, r->timer_overhead_ns);
    if (!isinf(r->min_sample_ns) && r->min_sample_ns > 0)
        bench_buf_printf(&b, " (%.4f%% of the shortest sample)",
                         100.0 * r->timer_overhead_ns / r->min_sample_ns);
    bench_buf_printf(&b, "; samples >= %.0f ms; seed %s; key pool %zu\n", r->opt.target_ms,
                     r->opt.fixed_seed ? "fixed" : "random", r->opt.key_pool);
    bench_buf_printf(&b, "# cycles column: %s", bench_cycles_unit());
    if (!bench_cycles_are_core() && bench_tsc_hz() > 0)
        bench_buf_printf(&b, " at %.0f MHz", bench_tsc_hz() / 1e6);
    bench_buf_puts(&b, "\n");
    return bench_buf_take(&b);
}

static int case_ok(const bench_case *c)
{
    return !c->failed && c->nsamples > 0;
}

char *bench_write_table(const bench_run *r)
{
    bench_buf b = {0};
    char *ctx = bench_write_context_text(r);
    if (ctx) {
        bench_buf_puts(&b, ctx);
        free(ctx);
    }
    bench_buf_printf(&b,
                     "# median time per operation and its 95%% CI; ratio = median / %s's "
                     "(> 1: slower) with its 95%% CI;\n# ~ noisy, ! descheduled (CPU time "
                     "< 90%% of wall time); keygen: heavy-tailed, mean and P90 below\n\n",
                     r->opt.baseline ? r->opt.baseline : "(none)");
    bench_buf_printf(&b, "%-8s %-10s %-22s %-14s %10s  %-21s %8s %9s %7s %-20s\n", "algo",
                     "param", "op", "provider", "median", "95% CI", "ops/s", "cycles", "samples",
                     "ratio [95% CI]");
    int last_group = -1, nerr = 0;
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
            char med[32], lo[32], hi[32], ci[72], ops[32], cyc[32], ratio[64], op[48];
            bench_fmt_time(med, sizeof med, c->st.median);
            bench_fmt_time(lo, sizeof lo, c->st.ci_low);
            bench_fmt_time(hi, sizeof hi, c->st.ci_high);
            snprintf(ci, sizeof ci, "[%s, %s]", lo, hi);
            fmt_count(ops, sizeof ops,
                      c->st.median > 0 ? 1e6 / c->st.median * c->p.threads : NAN);
            fmt_count(cyc, sizeof cyc, c->cycles_per_op);
            if (isnan(c->ratio))
                snprintf(ratio, sizeof ratio, "-");
            else if (r->opt.baseline && strcmp(c->prov->name, r->opt.baseline) == 0)
                snprintf(ratio, sizeof ratio, "1 (baseline)");
            else
                snprintf(ratio, sizeof ratio, "%.3g [%.3g, %.3g]", c->ratio, c->ratio_lo,
                         c->ratio_hi);
            int n = snprintf(op, sizeof op, "%s", bench_op_name(c->p.op));
            int streams = bench_case_streams(c->p.alg, c->p.op, c->p.msg_len);
            if (c->p.msg_len && c->p.alg != BENCH_SHA256 &&
                (c->p.msg_len != BENCH_MAX_MSG_DEFAULT || streams))
                n += snprintf(op + n, sizeof op - (size_t)n, "/%zuB", c->p.msg_len);
            if (c->p.threads > 1)
                snprintf(op + n, sizeof op - (size_t)n, " x%u", c->p.threads);
            const char *flag = c->descheduled ? "!" : c->st.noisy ? "~" : " ";
            bench_buf_printf(&b, "%-8s %-10s %-22s %-14s %10s%s %-21s %8s %9s %7zu %-20s\n",
                             bench_alg_name(c->p.alg), c->param, op, c->prov->name, med, flag, ci,
                             ops, cyc, c->nsamples, ratio);
            if (streams && c->st.median > 0) {
                double bps = (double)c->p.msg_len * 1e6 / c->st.median;
                char cpb[32] = "";
                if (!isnan(c->cycles_per_op))
                    snprintf(cpb, sizeof cpb, ", %.3g cycles/byte",
                             c->cycles_per_op / (double)c->p.msg_len);
                bench_buf_printf(&b, "%-8s %-10s %-22s %-14s   %.4g MB/s%s\n", "", "", "", "",
                                 bps / 1e6, cpb);
            }
            if (c->p.op == BENCH_OP_KEYGEN) {
                char mean[32], p90[32];
                bench_fmt_time(mean, sizeof mean, c->st.mean);
                bench_fmt_time(p90, sizeof p90, c->st.p90);
                bench_buf_printf(&b, "%-8s %-10s %-22s %-14s   mean %s, P90 %s, %zu keys\n", "",
                                 "", "", "", mean, p90, c->keys);
            }
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
    return bench_buf_take(&b);
}
