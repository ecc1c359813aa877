/* pkc bench — the summary CSV (one row per case; the seed study's columns
 * first) and the raw CSV (one row per sample), docs/results-format.md. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "writers.h"

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

char *bench_write_summary_csv(const bench_run *r)
{
    bench_buf b = {0};
    bench_buf_puts(&b, "algorithm,operation,params,security_bits,iterations,avg_us,median_us,"
                       "stddev_us,min_us,max_us,p5_us,p95_us,provider,samples,batch,mad_us,"
                       "ci_low_us,ci_high_us,ops_per_sec,cycles_per_op,noisy,ratio,"
                       "message_bytes,cpu_median_us,p90_us,ratio_ci_low,ratio_ci_high,keys,"
                       "inputs,threads,ops_per_sec_total,descheduled,heavy_tailed,"
                       "bytes_per_sec,cycles_per_byte\n");
    for (size_t i = 0; i < r->ncases; i++) {
        const bench_case *c = &r->cases[i];
        if (!case_ok(c))
            continue;
        const bench_stats *s = &c->st;
        bench_buf_printf(&b, "%s,%s,%s,", bench_alg_name(c->p.alg), bench_op_name(c->p.op),
                         c->param);
        if (c->security_bits)
            bench_buf_printf(&b, "%u", c->security_bits);
        bench_buf_printf(&b, ",%llu,", (unsigned long long)c->nsamples * c->batch);
        double v[] = {s->mean, s->median, s->stddev, s->min, s->max, s->p5, s->p95};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
            csv_num(&b, v[k]);
            bench_buf_puts(&b, ",");
        }
        bench_buf_printf(&b, "%s,%zu,%llu,", c->prov->name, c->nsamples,
                         (unsigned long long)c->batch);
        double w[] = {s->mad, s->ci_low, s->ci_high, s->median > 0 ? 1e6 / s->median : NAN};
        for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) {
            csv_num(&b, w[k]);
            bench_buf_puts(&b, ",");
        }
        if (!isnan(c->cycles_per_op))
            bench_buf_printf(&b, "%.1f", c->cycles_per_op);
        bench_buf_printf(&b, ",%d,", s->noisy);
        if (!isnan(c->ratio))
            bench_buf_printf(&b, "%.6f", c->ratio);
        bench_buf_puts(&b, ",");
        if (c->p.msg_len)
            bench_buf_printf(&b, "%zu", c->p.msg_len);
        bench_buf_puts(&b, ",");
        double x[] = {c->cpu_st.median, s->p90, c->ratio_lo, c->ratio_hi};
        for (size_t k = 0; k < sizeof x / sizeof x[0]; k++) {
            csv_num(&b, x[k]);
            bench_buf_puts(&b, ",");
        }
        bench_buf_printf(&b, "%zu,%zu,%u,", c->keys, c->inputs, c->p.threads);
        csv_num(&b, s->median > 0 ? 1e6 / s->median * c->p.threads : NAN);
        bench_buf_printf(&b, ",%d,%d,", c->descheduled, c->p.op == BENCH_OP_KEYGEN);
        /* throughput: cases over a message they process (SHA-256, AES, ECIES, hybrid) */
        int streams = bench_case_streams(c->p.alg, c->p.op, c->p.msg_len);
        csv_num(&b, streams && s->median > 0 ? (double)c->p.msg_len * 1e6 / s->median : NAN);
        bench_buf_puts(&b, ",");
        csv_num(&b, streams ? c->cycles_per_op / (double)c->p.msg_len : NAN);
        bench_buf_puts(&b, "\n");
    }
    return bench_buf_take(&b);
}

char *bench_write_raw_csv(const bench_run *r)
{
    bench_buf b = {0};
    bench_buf_puts(&b, "algorithm,operation,params,iteration,time_us,provider,sample,batch,"
                       "cycles_per_op,message_bytes,cpu_us,threads,key_seed,key_fingerprint\n");
    for (size_t i = 0; i < r->ncases; i++) {
        const bench_case *c = &r->cases[i];
        if (!case_ok(c))
            continue;
        for (size_t k = 0; k < c->nsamples; k++) {
            bench_buf_printf(&b, "%s,%s,%s,%zu,%.6f,%s,%zu,%llu,", bench_alg_name(c->p.alg),
                             bench_op_name(c->p.op), c->param, k, c->us[k], c->prov->name, k,
                             (unsigned long long)c->batch);
            if (!isnan(c->cyc[k]))
                bench_buf_printf(&b, "%.1f", c->cyc[k]);
            bench_buf_puts(&b, ",");
            if (c->p.msg_len)
                bench_buf_printf(&b, "%zu", c->p.msg_len);
            bench_buf_printf(&b, ",%.6f,%u,", c->cpu_us[k], c->p.threads);
            if (c->seeds && c->seeds[k])
                bench_buf_printf(&b, "%llu", (unsigned long long)c->seeds[k]);
            bench_buf_printf(&b, ",%s\n", c->fingerprints ? c->fingerprints[k] : "");
        }
    }
    return bench_buf_take(&b);
}
