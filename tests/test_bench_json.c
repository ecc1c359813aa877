/* bench/json.c, the strict JSON reader of `pkc bench --compare`: every
 * number form of the RFC 8259 section 6 grammar is read as strtod reads it,
 * and every form outside it is refused (leading zeros, a bare '.', '+',
 * an exponent without digits, hex, NaN); strings with escapes (including a
 * surrogate pair); nesting, members, and what must be refused (trailing
 * text, a missing comma, unterminated strings, control characters, depth
 * beyond 64 levels). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "testutil.h"

static jv *parse(const char *text, char *err, size_t errlen)
{
    return jv_parse(text, strlen(text), err, errlen);
}

static void number_ok(const char *text)
{
    char err[128] = "";
    jv *v = parse(text, err, sizeof err);
    CHECK_MSG(v && v->type == JV_NUM && v->num == strtod(text, NULL), "%s: %s", text,
              v ? "wrong value" : err);
    jv_free(v);
}

static void refused(const char *text)
{
    char err[128] = "";
    jv *v = parse(text, err, sizeof err);
    CHECK_MSG(v == NULL && err[0], "accepted: %s", text);
    jv_free(v);
}

int main(void)
{
    static const char *const good[] = {"0", "-0", "7", "-12", "3.25", "0.5", "1e3", "1E+3",
                                       "2.5e-3", "-0.0e0", "123456789012345", "1.7976931348623157e308",
                                       " 42 ", "\t\n\r-1.5 "};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        number_ok(good[i]);
    static const char *const bad[] = {"01", "-", "+1", ".5", "1.", "1e", "1e+", "0x10", "NaN",
                                      "Infinity", "--1", "1.5.2", "1 2", "", " ", "tru", "nul",
                                      "\"abc", "\"a\x01\"", "[1,]", "[1 2]", "{\"a\" 1}",
                                      "{\"a\":1,}", "{1:2}", "\"\\x\"", "\"\\u12\"", "[1] x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refused(bad[i]);

    char err[128];
    jv *v = parse("{\"a\": [1, 2.5, true, false, null], \"s\": \"x\\n\\u00e9\\ud83d\\ude00\\\"\","
                  " \"o\": {\"n\": -3}}",
                  err, sizeof err);
    CHECK_MSG(v != NULL, "%s", err);
    if (v) {
        const jv *a = jv_get(v, "a");
        CHECK(a && a->type == JV_ARR && a->n == 5);
        if (a && a->n == 5) {
            CHECK(a->items[1].type == JV_NUM && a->items[1].num == 2.5);
            CHECK(a->items[2].type == JV_BOOL && a->items[2].num == 1);
            CHECK(a->items[3].type == JV_BOOL && a->items[3].num == 0);
            CHECK(a->items[4].type == JV_NULL);
        }
        CHECK(strcmp(jv_str(v, "s", ""), "x\n\xc3\xa9\xf0\x9f\x98\x80\"") == 0);
        CHECK(jv_num(jv_get(v, "o"), "n", 0) == -3);
        CHECK(jv_get(v, "missing") == NULL && jv_num(v, "missing", 9) == 9);
        CHECK(strcmp(jv_str(v, "a", "dflt"), "dflt") == 0);
    }
    jv_free(v);

    /* nesting: 64 levels are read (with a value inside too), 65 are not */
    char deep[200];
    for (int depth = 64; depth <= 65; depth++) {
        for (int inner = 0; inner < 2; inner++) {
            memset(deep, '[', (size_t)depth);
            size_t at = (size_t)depth;
            if (inner)
                deep[at++] = '7';
            memset(deep + at, ']', (size_t)depth);
            deep[at + (size_t)depth] = 0;
            v = parse(deep, err, sizeof err);
            CHECK_MSG((v != NULL) == (depth == 64), "depth %d%s", depth, inner ? " with 7" : "");
            jv_free(v);
        }
    }
    return tu_finish("test_bench_json");
}
