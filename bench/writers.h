/* pkc bench — the writers: summary CSV, raw CSV, JSON
 * (docs/results-format.md) and the readable table. Each returns a malloc'd
 * NUL-terminated string (NULL when out of memory); the command writes it. */
#ifndef PKC_BENCH_WRITERS_H
#define PKC_BENCH_WRITERS_H

#include "engine.h"
#include "sysinfo.h"

typedef struct {
    char *data;
    size_t len, cap;
    int oom;
} bench_buf;
void bench_buf_printf(bench_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void bench_buf_puts(bench_buf *b, const char *s);
void bench_buf_json_string(bench_buf *b, const char *s); /* quoted and escaped; NULL -> null */
void bench_buf_json_number(bench_buf *b, double v);      /* NaN/inf -> null */
/* One object member, `sep"key": value` (sep: "" for the first, ", " or
 * ",\n    " after it; key is not escaped: a name of the format). */
void bench_buf_json_num_kv(bench_buf *b, const char *sep, const char *key, double v);
void bench_buf_json_str_kv(bench_buf *b, const char *sep, const char *key, const char *v);
void bench_buf_free(bench_buf *b);
/* The string (never NULL unless out of memory; "" when empty); b is spent. */
char *bench_buf_take(bench_buf *b);

/* A time in microseconds with a unit that keeps 3 significant digits. */
void bench_fmt_time(char *out, size_t cap, double us);

typedef struct {
    const char *command_line;
    const char *executable;
    const char *scenario;             /* name or NULL */
    const char *scenarios_json;       /* members of "scenarios", or NULL */
    const bench_conditions *cond;     /* NULL: not recorded */
    const char *label;                /* --label, or NULL */
} bench_json_meta;

char *bench_write_summary_csv(const bench_run *r);
char *bench_write_raw_csv(const bench_run *r);
char *bench_write_json(const bench_run *r, const bench_json_meta *m);
/* The readable table (aligned columns, ratios with their CIs, flags,
 * errors at the end), after the context lines. */
char *bench_write_table(const bench_run *r);
char *bench_write_context_text(const bench_run *r);

#endif
