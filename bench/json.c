/* pkc bench — the JSON reader (bench/json.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

typedef struct {
    const char *p, *end, *start;
    char *err;
    size_t errlen;
    int failed;
} jp;

static void fail(jp *s, const char *what)
{
    if (!s->failed)
        snprintf(s->err, s->errlen, "%s at byte %zu", what, (size_t)(s->p - s->start));
    s->failed = 1;
}

static void ws(jp *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
        s->p++;
}

static int lit(jp *s, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(s->end - s->p) >= n && memcmp(s->p, w, n) == 0) {
        s->p += n;
        return 1;
    }
    return 0;
}

static void put_utf8(char **o, unsigned cp)
{
    if (cp < 0x80) {
        *(*o)++ = (char)cp;
    } else if (cp < 0x800) {
        *(*o)++ = (char)(0xc0 | (cp >> 6));
        *(*o)++ = (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        *(*o)++ = (char)(0xe0 | (cp >> 12));
        *(*o)++ = (char)(0x80 | ((cp >> 6) & 0x3f));
        *(*o)++ = (char)(0x80 | (cp & 0x3f));
    } else {
        *(*o)++ = (char)(0xf0 | (cp >> 18));
        *(*o)++ = (char)(0x80 | ((cp >> 12) & 0x3f));
        *(*o)++ = (char)(0x80 | ((cp >> 6) & 0x3f));
        *(*o)++ = (char)(0x80 | (cp & 0x3f));
    }
}

static int hex4(jp *s, unsigned *v)
{
    *v = 0;
    for (int i = 0; i < 4; i++) {
        if (s->p >= s->end)
            return 0;
        char c = *s->p++;
        unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                            : 16;
        if (d > 15)
            return 0;
        *v = *v * 16 + d;
    }
    return 1;
}

static char *string(jp *s)
{
    s->p++; /* the opening quote */
    const char *q = s->p;
    size_t cap = 0;
    while (q < s->end && *q != '"') {
        q += *q == '\\' ? 2 : 1;
        cap++;
    }
    char *out = malloc(4 * cap + 1), *o = out;
    if (!out) {
        fail(s, "out of memory");
        return NULL;
    }
    while (s->p < s->end && *s->p != '"') {
        unsigned char c = (unsigned char)*s->p++;
        if (c < 0x20) {
            fail(s, "control character in a string");
            break;
        }
        if (c != '\\') {
            *o++ = (char)c;
            continue;
        }
        if (s->p >= s->end)
            break;
        char e = *s->p++;
        switch (e) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '/': *o++ = '/'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u': {
            unsigned cp;
            if (!hex4(s, &cp)) {
                fail(s, "bad \\u escape");
                break;
            }
            if (cp >= 0xd800 && cp < 0xdc00 && lit(s, "\\u")) {
                unsigned lo;
                if (!hex4(s, &lo) || lo < 0xdc00 || lo > 0xdfff) {
                    fail(s, "bad surrogate pair");
                    break;
                }
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            }
            put_utf8(&o, cp);
            break;
        }
        default:
            fail(s, "bad escape");
        }
    }
    if (s->p >= s->end)
        fail(s, "unterminated string");
    else
        s->p++;
    *o = 0;
    if (s->failed) {
        free(out);
        return NULL;
    }
    return out;
}

static int value(jp *s, jv *v, int depth);

static int push(jp *s, jv *v, char *key)
{
    if ((v->n & (v->n - 1)) == 0) { /* grow at powers of two */
        size_t nc = v->n ? 2 * v->n : 4;
        jv *it = realloc(v->items, nc * sizeof *it);
        if (!it) {
            fail(s, "out of memory");
            free(key);
            return -1;
        }
        v->items = it;
        if (v->type == JV_OBJ) {
            char **k = realloc(v->keys, nc * sizeof *k);
            if (!k) {
                fail(s, "out of memory");
                free(key);
                return -1;
            }
            v->keys = k;
        }
    }
    memset(&v->items[v->n], 0, sizeof v->items[0]);
    if (v->type == JV_OBJ)
        v->keys[v->n] = key;
    v->n++;
    return 0;
}

/* one or more decimal digits at *q (advanced past them); -1 with `what`
 * as the error if there is none */
static int digits(jp *s, const char **q, const char *what)
{
    if (*q >= s->end || !(**q >= '0' && **q <= '9')) {
        fail(s, what);
        return -1;
    }
    while (*q < s->end && **q >= '0' && **q <= '9')
        (*q)++;
    return 0;
}

static int value(jp *s, jv *v, int depth) // NOLINT(misc-no-recursion): depth <= 64
{
    memset(v, 0, sizeof *v);
    ws(s);
    if (s->p >= s->end) {
        fail(s, "unexpected end");
        return -1;
    }
    char c = *s->p;
    if (c == '{' || c == '[') {
        if (depth >= 64) { /* this container would be the 65th level */
            fail(s, "nesting too deep");
            return -1;
        }
        v->type = c == '{' ? JV_OBJ : JV_ARR;
        char close = c == '{' ? '}' : ']';
        s->p++;
        ws(s);
        if (s->p < s->end && *s->p == close) {
            s->p++;
            return 0;
        }
        for (;;) {
            char *key = NULL;
            if (v->type == JV_OBJ) {
                ws(s);
                if (s->p >= s->end || *s->p != '"') {
                    fail(s, "expected a key");
                    return -1;
                }
                if (!(key = string(s)))
                    return -1;
                ws(s);
                if (s->p >= s->end || *s->p != ':') {
                    free(key);
                    fail(s, "expected ':'");
                    return -1;
                }
                s->p++;
            }
            if (push(s, v, key) != 0 || value(s, &v->items[v->n - 1], depth + 1) != 0)
                return -1;
            ws(s);
            if (s->p < s->end && *s->p == ',') {
                s->p++;
                continue;
            }
            if (s->p < s->end && *s->p == close) {
                s->p++;
                return 0;
            }
            fail(s, "expected ',' or a closing bracket");
            return -1;
        }
    }
    if (c == '"') {
        v->type = JV_STR;
        v->str = string(s);
        return v->str ? 0 : -1;
    }
    if (lit(s, "true") || lit(s, "false")) {
        v->type = JV_BOOL;
        v->num = s->p[-1] == 'e' && s->p[-2] == 'u';
        return 0;
    }
    if (lit(s, "null"))
        return 0;
    /* a number (RFC 8259 section 6 grammar, checked, then strtod) */
    const char *q = s->p;
    if (q < s->end && *q == '-')
        q++;
    if (q < s->end && *q == '0')
        q++;
    else if (digits(s, &q, "unexpected character") != 0)
        return -1;
    if (q < s->end && *q == '.' && (q++, digits(s, &q, "bad number") != 0))
        return -1;
    if (q < s->end && (*q == 'e' || *q == 'E')) {
        q++;
        if (q < s->end && (*q == '+' || *q == '-'))
            q++;
        if (digits(s, &q, "bad number") != 0)
            return -1;
    }
    char tmp[64];
    size_t n = (size_t)(q - s->p);
    if (n >= sizeof tmp) {
        fail(s, "number too long");
        return -1;
    }
    memcpy(tmp, s->p, n);
    tmp[n] = 0;
    v->type = JV_NUM;
    v->num = strtod(tmp, NULL);
    s->p = q;
    return 0;
}

static void jv_clear(jv *v) // NOLINT(misc-no-recursion): as deep as value() went
{
    free(v->str);
    for (size_t i = 0; i < v->n; i++) {
        jv_clear(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
}

void jv_free(jv *v)
{
    if (!v)
        return;
    jv_clear(v);
    free(v);
}

jv *jv_parse(const char *text, size_t len, char *err, size_t errlen)
{
    jp s = {text, text + len, text, err, errlen, 0};
    jv *v = calloc(1, sizeof *v);
    if (!v) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (value(&s, v, 0) == 0) {
        ws(&s);
        if (s.p != s.end)
            fail(&s, "trailing data");
    }
    if (s.failed) {
        jv_free(v);
        return NULL;
    }
    return v;
}

const jv *jv_get(const jv *obj, const char *key)
{
    if (!obj || obj->type != JV_OBJ)
        return NULL;
    for (size_t i = 0; i < obj->n; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return &obj->items[i];
    return NULL;
}

const char *jv_str(const jv *obj, const char *key, const char *dflt)
{
    const jv *v = jv_get(obj, key);
    return v && v->type == JV_STR ? v->str : dflt;
}

double jv_num(const jv *obj, const char *key, double dflt)
{
    const jv *v = jv_get(obj, key);
    return v && (v->type == JV_NUM || v->type == JV_BOOL) ? v->num : dflt;
}
