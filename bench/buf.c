/* pkc bench — a growable string buffer for the writers (bench/writers.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "writers.h"

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

void bench_buf_json_num_kv(bench_buf *b, const char *sep, const char *key, double v)
{
    bench_buf_printf(b, "%s\"%s\": ", sep, key);
    bench_buf_json_number(b, v);
}

void bench_buf_json_str_kv(bench_buf *b, const char *sep, const char *key, const char *v)
{
    bench_buf_printf(b, "%s\"%s\": ", sep, key);
    bench_buf_json_string(b, v);
}

void bench_buf_free(bench_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

char *bench_buf_take(bench_buf *b)
{
    if (b->oom) {
        bench_buf_free(b);
        return NULL;
    }
    if (!b->data)
        return strdup("");
    return b->data;
}

/* A time in microseconds with the unit that shows it with three
 * significant digits: "0.457 us", "12.3 us", "2.11 ms", "1.8 s". */
void bench_fmt_time(char *out, size_t cap, double us)
{
    static const char *const unit[] = {"ns", "us", "ms", "s"};
    if (isnan(us) || isinf(us)) {
        snprintf(out, cap, "-");
        return;
    }
    double v = us * 1e3;
    int u = 0;
    while (u < 3 && fabs(v) >= 999.5) {
        v /= 1e3;
        u++;
    }
    snprintf(out, cap, "%.3g %s", v, unit[u]);
}
