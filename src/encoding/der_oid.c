/* pkc — OBJECT IDENTIFIERs (ITU-T X.690 8.19) for include/pkc/der.h:
 * reading and writing them in DER, and converting their content bytes to
 * and from dotted decimal. Algorithm and curve identifiers are public,
 * so nothing here needs to be constant time. */
#include <string.h>

#include "ct.h"
#include "pkc/der.h"

/* Walks the subidentifiers of OID content bytes (X.690 8.19.2): base-128,
 * high bit set on all but the last byte, no leading 0x80 byte. Calls f for
 * each arc (the first subidentifier split into two arcs per 8.19.4).
 * Returns PKC_ERR_DECODE for malformed content. */
typedef pkc_err (*oid_arc_fn)(void *ctx, uint64_t arc);

static pkc_err oid_walk(const uint8_t *oid, size_t oidlen, oid_arc_fn f, void *ctx)
{
    if (!oid || oidlen == 0)
        return PKC_ERR_DECODE;
    size_t i = 0;
    int first = 1;
    while (i < oidlen) {
        if (oid[i] == 0x80)
            return PKC_ERR_DECODE; /* non-minimal subidentifier (8.19.2) */
        uint64_t v = 0;
        for (;;) {
            if (i >= oidlen)
                return PKC_ERR_DECODE; /* last subidentifier unterminated */
            if (v > (UINT64_MAX >> 7))
                return PKC_ERR_DECODE; /* does not fit in 64 bits */
            uint8_t b = oid[i++];
            v = (v << 7) | (b & 0x7f);
            if (!(b & 0x80))
                break;
        }
        pkc_err e;
        if (first) {
            uint64_t a = v < 40 ? 0 : v < 80 ? 1 : 2;
            if ((e = f(ctx, a)) != PKC_OK)
                return e;
            if ((e = f(ctx, v - 40 * a)) != PKC_OK)
                return e;
            first = 0;
        } else if ((e = f(ctx, v)) != PKC_OK) {
            return e;
        }
    }
    return PKC_OK;
}

static pkc_err oid_check_arc(void *ctx, uint64_t arc)
{
    (void)ctx;
    (void)arc;
    return PKC_OK;
}

pkc_err pkc_der_get_oid(pkc_der *in, const uint8_t **oid, size_t *oidlen)
{
    if (!in || !oid || !oidlen)
        return PKC_ERR_ARG;
    pkc_der rest = *in, c;
    pkc_err e = pkc_der_get(&rest, PKC_DER_OID, &c);
    if (e)
        return e;
    PKC_DECLASSIFY(c.p, c.len); /* algorithm and curve identifiers are public */
    if (c.len > PKC_DER_MAX_OID_LEN || oid_walk(c.p, c.len, oid_check_arc, NULL) != PKC_OK)
        return PKC_ERR_DECODE;
    *in = rest;
    *oid = c.p;
    *oidlen = c.len;
    return PKC_OK;
}

/* Appends v in base 128 (X.690 8.19.2). */
static int oid_put_subid(uint8_t *out, size_t cap, size_t *pos, uint64_t v)
{
    uint8_t tmp[10]; /* ceil(64 / 7) */
    size_t n = 0;
    do {
        tmp[n++] = (uint8_t)(v & 0x7f);
        v >>= 7;
    } while (v);
    if (n > cap - *pos)
        return 0;
    while (n > 0) {
        n--;
        out[(*pos)++] = (uint8_t)(tmp[n] | (n ? 0x80 : 0));
    }
    return 1;
}

/* Parses one decimal arc at *s: digits only, no sign, no leading zero
 * (other than "0" itself), no overflow. */
static int parse_arc(const char **s, uint64_t *v)
{
    const char *p = *s;
    uint64_t x = 0;
    if (*p < '0' || *p > '9')
        return 0;
    if (*p == '0' && p[1] >= '0' && p[1] <= '9')
        return 0;
    while (*p >= '0' && *p <= '9') {
        uint64_t d = (uint64_t)(*p - '0');
        if (x > (UINT64_MAX - d) / 10)
            return 0;
        x = x * 10 + d;
        p++;
    }
    *s = p;
    *v = x;
    return 1;
}

/* X.690 8.19: the first two arcs X.Y make one subidentifier 40X + Y. */
pkc_err pkc_der_oid_from_string(const char *dotted, uint8_t *out, size_t cap, size_t *outlen)
{
    if (!dotted || !out || !outlen)
        return PKC_ERR_ARG;
    const char *s = dotted;
    uint64_t a0, a1;
    if (!parse_arc(&s, &a0) || *s++ != '.' || !parse_arc(&s, &a1))
        return PKC_ERR_ARG;
    if (a0 > 2 || (a0 < 2 && a1 > 39) || a1 > UINT64_MAX - 80)
        return PKC_ERR_ARG;
    size_t pos = 0;
    if (!oid_put_subid(out, cap, &pos, 40 * a0 + a1))
        return PKC_ERR_BUFSIZE;
    while (*s) {
        uint64_t a;
        if (*s++ != '.' || !parse_arc(&s, &a))
            return PKC_ERR_ARG;
        if (!oid_put_subid(out, cap, &pos, a))
            return PKC_ERR_BUFSIZE;
    }
    *outlen = pos;
    return PKC_OK;
}

typedef struct {
    char *buf;
    size_t cap, pos;
    int first;
} oid_str_ctx;

static pkc_err oid_str_arc(void *vctx, uint64_t arc)
{
    oid_str_ctx *c = vctx;
    char tmp[21];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + arc % 10);
        arc /= 10;
    } while (arc);
    size_t need = n + (c->first ? 0 : 1);
    if (need >= c->cap - c->pos) /* keep room for the NUL */
        return PKC_ERR_BUFSIZE;
    if (!c->first)
        c->buf[c->pos++] = '.';
    while (n > 0)
        c->buf[c->pos++] = tmp[--n];
    c->buf[c->pos] = '\0';
    c->first = 0;
    return PKC_OK;
}

pkc_err pkc_der_oid_to_string(const uint8_t *oid, size_t oidlen, char *buf, size_t cap)
{
    if (!buf || cap == 0)
        return PKC_ERR_ARG;
    buf[0] = '\0';
    oid_str_ctx c = {buf, cap, 0, 1};
    pkc_err e = oid_walk(oid, oidlen, oid_str_arc, &c);
    if (e)
        buf[0] = '\0';
    return e;
}

int pkc_der_oid_equals(const uint8_t *oid, size_t oidlen, const char *dotted)
{
    uint8_t enc[PKC_DER_MAX_OID_LEN];
    size_t n;
    if (!oid || pkc_der_oid_from_string(dotted, enc, sizeof enc, &n) != PKC_OK)
        return 0;
    return n == oidlen && memcmp(enc, oid, n) == 0;
}

void pkc_der_put_oid(pkc_der_writer *w, const char *dotted)
{
    uint8_t enc[PKC_DER_MAX_OID_LEN];
    size_t n;
    if (!w || w->err)
        return;
    pkc_err e = pkc_der_oid_from_string(dotted, enc, sizeof enc, &n);
    if (e) {
        w->err = PKC_ERR_ARG;
        return;
    }
    pkc_der_put_element(w, PKC_DER_OID, enc, n);
}
