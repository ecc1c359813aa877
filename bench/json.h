/* pkc bench — a small JSON reader (RFC 8259) for `pkc bench --compare`,
 * which reads back the result files the writers produce. Strict: one value,
 * nothing after it but white space; nesting limited to 64 levels. */
#ifndef PKC_BENCH_JSON_H
#define PKC_BENCH_JSON_H

#include <stddef.h>

typedef enum { JV_NULL, JV_BOOL, JV_NUM, JV_STR, JV_ARR, JV_OBJ } jv_type;

typedef struct jv {
    jv_type type;
    double num;          /* JV_NUM, JV_BOOL (0/1) */
    char *str;           /* JV_STR (UTF-8, NUL-terminated) */
    struct jv *items;    /* JV_ARR: n values; JV_OBJ: n values, keys[i] their names */
    char **keys;
    size_t n;
} jv;

/* Parses text[0..len); NULL with a reason (and the byte offset) in err. */
jv *jv_parse(const char *text, size_t len, char *err, size_t errlen);
void jv_free(jv *v);
/* The member of an object with this key (NULL if absent or not an object). */
const jv *jv_get(const jv *obj, const char *key);
/* Convenience: a member's string or number, with a fallback. */
const char *jv_str(const jv *obj, const char *key, const char *dflt);
double jv_num(const jv *obj, const char *key, double dflt);

#endif
