/* pkc — the DER writer of include/pkc/der.h (ITU-T X.690: definite
 * lengths in their shortest form, 10.1; minimal INTEGERs, 8.3), into a
 * growable heap buffer. OIDs are written by der_oid.c.
 *
 * Errors are sticky (the first one is kept and every later call does
 * nothing) so a caller can write a whole structure and check once in
 * pkc_der_writer_finish. The buffer may hold private keys, so growth copies
 * into a new allocation and wipes the old one instead of calling realloc
 * (which could leave a copy behind). */
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"

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

/* Whether a put of len content bytes at data may go ahead: no earlier
 * error, data given unless len is 0, and a length whose header and growth
 * cannot overflow. Otherwise the sticky error says why. */
static int put_ok(pkc_der_writer *w, const void *data, size_t len)
{
    if (!w || w->err)
        return 0;
    if (!data && len) {
        w->err = PKC_ERR_ARG;
        return 0;
    }
    if (len > SIZE_MAX / 2) {
        w->err = PKC_ERR_NOMEM;
        return 0;
    }
    return 1;
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

/* One primitive element: tag, length, zero0 (0 or 1) zero octets (the
 * sign octet of an INTEGER, the unused-bits octet of a BIT STRING), then
 * len bytes of content. Room for all of it is made first, so the element
 * is written whole or not at all. */
static void wr_element(pkc_der_writer *w, uint8_t tag, size_t zero0, const uint8_t *content,
                       size_t len)
{
    if (!wr_reserve(w, 2 + sizeof(size_t) + zero0 + len))
        return;
    uint8_t h[2 + sizeof(size_t)];
    h[0] = tag;
    size_t n = len_encode(h + 1, zero0 + len);
    wr_bytes(w, h, 1 + n);
    if (zero0) {
        uint8_t z = 0;
        wr_bytes(w, &z, 1);
    }
    wr_bytes(w, content, len);
}

void pkc_der_put_element(pkc_der_writer *w, uint8_t tag, const uint8_t *content, size_t len)
{
    if (!w || !tag_ok(w, tag) || !put_ok(w, content, len))
        return;
    wr_element(w, tag, 0, content, len);
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
    if (!put_ok(w, mag, len))
        return;
    while (len > 0 && mag[0] == 0) {
        mag++;
        len--;
    }
    /* zero is a single 0x00 octet; a value with its top bit set needs a
     * 0x00 before it to stay non-negative */
    size_t sign = len == 0 || (mag[0] & 0x80) ? 1 : 0;
    wr_element(w, PKC_DER_INTEGER, sign, mag, len);
}

void pkc_der_put_u64(pkc_der_writer *w, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (56 - 8 * i));
    pkc_der_put_uint(w, b, 8);
}

/* X.690 8.6.2: the unused-bits octet, 0 (whole octets), then the data. */
void pkc_der_put_bit_string(pkc_der_writer *w, const uint8_t *data, size_t len)
{
    if (!put_ok(w, data, len))
        return;
    wr_element(w, PKC_DER_BIT_STRING, 1, data, len);
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
    if (!put_ok(w, data, len))
        return;
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
