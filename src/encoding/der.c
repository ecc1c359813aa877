/* pkc — a strict DER reader and writer (ITU-T X.690, DER rules of section
 * 10 on top of the BER encoding of section 8).
 *
 * Reader: every read is bounds-checked against the remaining view; only
 * single-byte tags (X.690 8.1.2.2, tag numbers 0..30) and definite lengths
 * in their shortest form (X.690 10.1) are accepted. On any error the input
 * view is left unchanged.
 *
 * Timing: the reader walks private-key files, whose secret part is the
 * content of their INTEGERs and OCTET STRINGs. It branches only on what is
 * the public structure of an encoding: identifier and length octets, OIDs,
 * versions and the unused-bits octet of BIT STRINGs, each declassified
 * (PKC_DECLASSIFY, src/ct.h) right before it is looked at, so that the
 * constant-time test (tests/test_pem_ctime.c) can mark a whole key file
 * secret. pkc_der_get_uint_secret checks an INTEGER without branching on
 * its value; pkc_der_get_uint, for public values, strips its leading zero.
 *
 * Writer: a growable heap buffer. Errors are sticky (the first one is kept
 * and every later call does nothing) so a caller can write a whole
 * structure and check once in pkc_der_writer_finish. The buffer may hold
 * private keys, so growth copies into a new allocation and wipes the old
 * one instead of calling realloc (which could leave a copy behind). */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "pkc/der.h"

/* ------------------------------------------------------------------------ */
/* reader                                                                   */
/* ------------------------------------------------------------------------ */

void pkc_der_init(pkc_der *in, const uint8_t *data, size_t len)
{
    if (!in)
        return;
    in->p = data;
    in->len = data ? len : 0;
}

int pkc_der_peek(const pkc_der *in, uint8_t tag)
{
    if (!in || in->len == 0)
        return 0;
    PKC_DECLASSIFY(in->p, 1); /* an identifier octet: structure, public */
    return in->p[0] == tag;
}

/* Parses one TLV header and body from in (without consuming it).
 * X.690 8.1.2 (identifier), 8.1.3 (length) and 10.1 (shortest length). */
static pkc_err der_parse(const pkc_der *in, uint8_t *tag, const uint8_t **content,
                         size_t *clen, size_t *total)
{
    if (!in || (!in->p && in->len))
        return PKC_ERR_ARG;
    if (in->len < 2)
        return PKC_ERR_DECODE;
    const uint8_t *p = in->p;
    size_t n = in->len;
    /* The identifier and length octets are the structure of the encoding,
     * public even in a private key. */
    PKC_DECLASSIFY(p, 2);
    /* Tag number 31 in the low bits announces a multi-byte tag (8.1.2.4):
     * nothing pkc reads needs one, so it is malformed input here. */
    if ((p[0] & 0x1f) == 0x1f)
        return PKC_ERR_DECODE;
    size_t pos = 2;
    size_t len;
    uint8_t l0 = p[1];
    if (l0 < 0x80) {
        len = l0;
    } else if (l0 == 0x80 || l0 == 0xff) {
        /* 0x80: the indefinite length, BER only (10.1); 0xff: reserved
         * (8.1.3.5 c) */
        return PKC_ERR_DECODE;
    } else {
        size_t nb = l0 & 0x7f;
        if (nb > sizeof(size_t) || nb > n - 2)
            return PKC_ERR_DECODE;
        PKC_DECLASSIFY(p + 2, nb);
        if (p[2] == 0)
            return PKC_ERR_DECODE; /* leading zero octet: not the shortest form */
        len = 0;
        for (size_t i = 0; i < nb; i++)
            len = (len << 8) | p[2 + i];
        if (len < 0x80)
            return PKC_ERR_DECODE; /* long form for a short-form length */
        pos += nb;
    }
    if (len > n - pos)
        return PKC_ERR_DECODE;
    *tag = p[0];
    *content = p + pos;
    *clen = len;
    *total = pos + len;
    return PKC_OK;
}

pkc_err pkc_der_get_any(pkc_der *in, uint8_t *tag, pkc_der *content)
{
    uint8_t t;
    const uint8_t *c;
    size_t clen, total;
    pkc_err e = der_parse(in, &t, &c, &clen, &total);
    if (e)
        return e;
    if (tag)
        *tag = t;
    if (content) {
        content->p = c;
        content->len = clen;
    }
    in->p += total;
    in->len -= total;
    return PKC_OK;
}

pkc_err pkc_der_get(pkc_der *in, uint8_t tag, pkc_der *content)
{
    uint8_t t;
    const uint8_t *c;
    size_t clen, total;
    pkc_err e = der_parse(in, &t, &c, &clen, &total);
    if (e)
        return e;
    if (t != tag)
        return PKC_ERR_DECODE;
    if (content) {
        content->p = c;
        content->len = clen;
    }
    in->p += total;
    in->len -= total;
    return PKC_OK;
}

/* X.690 8.3.2: two's complement, minimal (the first nine bits never all
 * equal); we also require non-negative. The checks are made with masks and
 * only their verdict (is this valid DER?) is made public: for a valid key
 * it is always "yes", so it says nothing about the value. */
pkc_err pkc_der_get_uint_secret(pkc_der *in, const uint8_t **content, size_t *len)
{
    pkc_der save, c;
    if (!in || !content || !len)
        return PKC_ERR_ARG;
    save = *in;
    pkc_err e = pkc_der_get(in, PKC_DER_INTEGER, &c);
    if (e)
        return e;
    if (c.len == 0) {
        *in = save;
        return PKC_ERR_DECODE;
    }
    uint64_t b0 = c.p[0], b1 = c.len > 1 ? c.p[1] : 0x80;
    uint64_t bad = ct_mask_nonzero(b0 & 0x80) | (ct_mask_zero(b0) & ct_mask_zero(b1 & 0x80));
    PKC_DECLASSIFY(&bad, sizeof bad);
    if (bad) {
        *in = save;
        return PKC_ERR_DECODE;
    }
    *content = c.p;
    *len = c.len;
    return PKC_OK;
}

pkc_err pkc_der_get_uint(pkc_der *in, const uint8_t **mag, size_t *maglen)
{
    const uint8_t *c;
    size_t n;
    if (!in || !mag || !maglen)
        return PKC_ERR_ARG;
    pkc_err e = pkc_der_get_uint_secret(in, &c, &n);
    if (e)
        return e;
    if (c[0] == 0) { /* the sign octet of a value with its top bit set, or zero */
        c++;
        n--;
    }
    *mag = c;
    *maglen = n;
    return PKC_OK;
}

pkc_err pkc_der_get_u64(pkc_der *in, uint64_t *v)
{
    pkc_der save, c;
    const uint8_t *m;
    size_t ml;
    if (!in || !v)
        return PKC_ERR_ARG;
    /* Versions are public: declassified before the checks look at them. */
    save = *in;
    if (pkc_der_get(&save, PKC_DER_INTEGER, &c) == PKC_OK)
        PKC_DECLASSIFY(c.p, c.len);
    save = *in;
    pkc_err e = pkc_der_get_uint(in, &m, &ml);
    if (e)
        return e;
    if (ml > 8) {
        *in = save;
        return PKC_ERR_DECODE;
    }
    uint64_t x = 0;
    for (size_t i = 0; i < ml; i++)
        x = (x << 8) | m[i];
    *v = x;
    return PKC_OK;
}

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
    pkc_der save, c;
    if (!in || !oid || !oidlen)
        return PKC_ERR_ARG;
    save = *in;
    pkc_err e = pkc_der_get(in, PKC_DER_OID, &c);
    if (e)
        return e;
    PKC_DECLASSIFY(c.p, c.len); /* algorithm and curve identifiers are public */
    if (c.len > PKC_DER_MAX_OID_LEN || oid_walk(c.p, c.len, oid_check_arc, NULL) != PKC_OK) {
        *in = save;
        return PKC_ERR_DECODE;
    }
    *oid = c.p;
    *oidlen = c.len;
    return PKC_OK;
}

/* X.690 8.6.2: the first content octet is the number of unused bits in the
 * last octet. Every bit string pkc reads (keys, signatures) is whole
 * octets, so it must be 0. */
pkc_err pkc_der_get_bit_string(pkc_der *in, const uint8_t **bits, size_t *bitslen)
{
    pkc_der save, c;
    if (!in || !bits || !bitslen)
        return PKC_ERR_ARG;
    save = *in;
    pkc_err e = pkc_der_get(in, PKC_DER_BIT_STRING, &c);
    if (e)
        return e;
    if (c.len > 0)
        PKC_DECLASSIFY(c.p, 1); /* the unused-bits octet: structure */
    if (c.len == 0 || c.p[0] != 0) {
        *in = save;
        return PKC_ERR_DECODE;
    }
    *bits = c.p + 1;
    *bitslen = c.len - 1;
    return PKC_OK;
}

pkc_err pkc_der_get_octet_string(pkc_der *in, const uint8_t **data, size_t *len)
{
    pkc_der c;
    if (!in || !data || !len)
        return PKC_ERR_ARG;
    pkc_err e = pkc_der_get(in, PKC_DER_OCTET_STRING, &c);
    if (e)
        return e;
    *data = c.p;
    *len = c.len;
    return PKC_OK;
}

/* X.690 8.8: NULL has no content octets. */
pkc_err pkc_der_get_null(pkc_der *in)
{
    pkc_der save, c;
    if (!in)
        return PKC_ERR_ARG;
    save = *in;
    pkc_err e = pkc_der_get(in, PKC_DER_NULL, &c);
    if (e)
        return e;
    if (c.len != 0) {
        *in = save;
        return PKC_ERR_DECODE;
    }
    return PKC_OK;
}

pkc_err pkc_der_end(const pkc_der *in)
{
    if (!in)
        return PKC_ERR_ARG;
    return in->len == 0 ? PKC_OK : PKC_ERR_DECODE;
}

/* ------------------------------------------------------------------------ */
/* OIDs and dotted strings                                                  */
/* ------------------------------------------------------------------------ */

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

/* ------------------------------------------------------------------------ */
/* writer                                                                   */
/* ------------------------------------------------------------------------ */

void pkc_secure_free(void *p, size_t len)
{
    if (!p)
        return;
    pkc_memzero(p, len);
    free(p);
}

void pkc_der_writer_init(pkc_der_writer *w)
{
    if (!w)
        return;
    w->buf = NULL;
    w->len = 0;
    w->cap = 0;
    w->err = PKC_OK;
}

void pkc_der_writer_free(pkc_der_writer *w)
{
    if (!w)
        return;
    pkc_secure_free(w->buf, w->cap);
    w->buf = NULL;
    w->len = w->cap = 0;
}

/* Makes room for extra more bytes; on failure sets the sticky error. */
static int wr_reserve(pkc_der_writer *w, size_t extra)
{
    if (w->err)
        return 0;
    if (extra > SIZE_MAX - w->len) {
        w->err = PKC_ERR_NOMEM;
        return 0;
    }
    size_t need = w->len + extra;
    if (need <= w->cap)
        return 1;
    size_t cap = w->cap ? w->cap : 64;
    while (cap < need) {
        if (cap > SIZE_MAX / 2) {
            cap = need;
            break;
        }
        cap *= 2;
    }
    uint8_t *nb = malloc(cap);
    if (!nb) {
        w->err = PKC_ERR_NOMEM;
        return 0;
    }
    if (w->len)
        memcpy(nb, w->buf, w->len);
    pkc_secure_free(w->buf, w->cap);
    w->buf = nb;
    w->cap = cap;
    return 1;
}

static void wr_bytes(pkc_der_writer *w, const void *data, size_t len)
{
    if (len == 0 || !wr_reserve(w, len))
        return;
    memcpy(w->buf + w->len, data, len);
    w->len += len;
}

/* Encodes a definite length in its shortest form (X.690 8.1.3, 10.1);
 * returns the number of bytes (at most 1 + sizeof(size_t)). */
static size_t len_encode(uint8_t *out, size_t len)
{
    if (len < 0x80) {
        out[0] = (uint8_t)len;
        return 1;
    }
    size_t nb = 0;
    for (size_t t = len; t; t >>= 8)
        nb++;
    out[0] = (uint8_t)(0x80 | nb);
    for (size_t i = 0; i < nb; i++)
        out[1 + i] = (uint8_t)(len >> (8 * (nb - 1 - i)));
    return 1 + nb;
}

static int tag_ok(pkc_der_writer *w, uint8_t tag)
{
    if ((tag & 0x1f) == 0x1f) { /* multi-byte tags are not supported */
        if (!w->err)
            w->err = PKC_ERR_ARG;
        return 0;
    }
    return 1;
}

static void wr_header(pkc_der_writer *w, uint8_t tag, size_t len)
{
    uint8_t h[2 + sizeof(size_t)];
    h[0] = tag;
    size_t n = len_encode(h + 1, len);
    wr_bytes(w, h, 1 + n);
}

void pkc_der_put_element(pkc_der_writer *w, uint8_t tag, const uint8_t *content, size_t len)
{
    if (!w || w->err || !tag_ok(w, tag))
        return;
    if (!content && len) {
        w->err = PKC_ERR_ARG;
        return;
    }
    if (len > SIZE_MAX / 2) {
        w->err = PKC_ERR_NOMEM;
        return;
    }
    if (!wr_reserve(w, 2 + sizeof(size_t) + len))
        return;
    wr_header(w, tag, len);
    wr_bytes(w, content, len);
}

/* The mark is the offset of the tag byte; a one-byte length placeholder
 * follows, widened in _close if the contents need a long-form length. */
size_t pkc_der_open(pkc_der_writer *w, uint8_t tag)
{
    if (!w || w->err || !tag_ok(w, tag))
        return SIZE_MAX;
    size_t mark = w->len;
    uint8_t h[2] = {tag, 0};
    wr_bytes(w, h, 2);
    return w->err ? SIZE_MAX : mark;
}

void pkc_der_close(pkc_der_writer *w, size_t mark)
{
    if (!w || w->err)
        return;
    if (mark == SIZE_MAX || mark > w->len || w->len - mark < 2 || w->buf[mark + 1] != 0) {
        w->err = PKC_ERR_ARG; /* not a mark from _open, or closed twice */
        return;
    }
    size_t clen = w->len - mark - 2;
    uint8_t h[1 + sizeof(size_t)];
    size_t n = len_encode(h, clen);
    if (n > 1) {
        if (!wr_reserve(w, n - 1))
            return;
        memmove(w->buf + mark + 1 + n, w->buf + mark + 2, clen);
        w->len += n - 1;
    }
    memcpy(w->buf + mark + 1, h, n);
}

/* X.690 8.3: minimal two's complement of a non-negative value. */
void pkc_der_put_uint(pkc_der_writer *w, const uint8_t *mag, size_t len)
{
    if (!w || w->err)
        return;
    if (!mag && len) {
        w->err = PKC_ERR_ARG;
        return;
    }
    while (len > 0 && mag[0] == 0) {
        mag++;
        len--;
    }
    if (len == 0) {
        static const uint8_t zero[3] = {PKC_DER_INTEGER, 1, 0};
        wr_bytes(w, zero, 3);
        return;
    }
    if (len > SIZE_MAX / 2) {
        w->err = PKC_ERR_NOMEM;
        return;
    }
    int pad = (mag[0] & 0x80) != 0;
    if (!wr_reserve(w, 2 + sizeof(size_t) + 1 + len))
        return;
    wr_header(w, PKC_DER_INTEGER, len + (size_t)pad);
    if (pad) {
        uint8_t z = 0;
        wr_bytes(w, &z, 1);
    }
    wr_bytes(w, mag, len);
}

void pkc_der_put_u64(pkc_der_writer *w, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (56 - 8 * i));
    pkc_der_put_uint(w, b, 8);
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

void pkc_der_put_bit_string(pkc_der_writer *w, const uint8_t *data, size_t len)
{
    if (!w || w->err)
        return;
    if (!data && len) {
        w->err = PKC_ERR_ARG;
        return;
    }
    if (len > SIZE_MAX / 2) {
        w->err = PKC_ERR_NOMEM;
        return;
    }
    if (!wr_reserve(w, 2 + sizeof(size_t) + 1 + len))
        return;
    wr_header(w, PKC_DER_BIT_STRING, len + 1);
    uint8_t unused = 0;
    wr_bytes(w, &unused, 1);
    wr_bytes(w, data, len);
}

void pkc_der_put_octet_string(pkc_der_writer *w, const uint8_t *data, size_t len)
{
    pkc_der_put_element(w, PKC_DER_OCTET_STRING, data, len);
}

void pkc_der_put_null(pkc_der_writer *w)
{
    pkc_der_put_element(w, PKC_DER_NULL, NULL, 0);
}

void pkc_der_put_raw(pkc_der_writer *w, const uint8_t *data, size_t len)
{
    if (!w || w->err)
        return;
    if (!data && len) {
        w->err = PKC_ERR_ARG;
        return;
    }
    wr_bytes(w, data, len);
}

pkc_err pkc_der_writer_finish(pkc_der_writer *w, uint8_t **out, size_t *outlen)
{
    if (!w)
        return PKC_ERR_ARG;
    if (!out || !outlen) {
        pkc_der_writer_free(w);
        return PKC_ERR_ARG;
    }
    *out = NULL;
    *outlen = 0;
    pkc_err e = w->err;
    if (e) {
        pkc_der_writer_free(w);
        return e;
    }
    /* An exact-size copy, so pkc_secure_free(out, outlen) wipes all of it. */
    uint8_t *r = malloc(w->len ? w->len : 1);
    if (!r) {
        pkc_der_writer_free(w);
        return PKC_ERR_NOMEM;
    }
    if (w->len)
        memcpy(r, w->buf, w->len);
    *out = r;
    *outlen = w->len;
    pkc_der_writer_free(w);
    return PKC_OK;
}
