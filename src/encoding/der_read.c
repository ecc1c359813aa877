/* pkc — a strict DER reader (ITU-T X.690, DER rules of section 10 on top of
 * the BER encoding of section 8), the reading half of include/pkc/der.h.
 * OIDs are read in der_oid.c, the writer is der_write.c.
 *
 * Every read is bounds-checked against the remaining view; only
 * single-byte tags (X.690 8.1.2.2, tag numbers 0..30) and definite lengths
 * in their shortest form (X.690 10.1) are accepted. On any error the input
 * view is left unchanged: each reader works on a copy of the view (rest)
 * and stores it back only once the element has passed every check.
 *
 * Timing: the reader walks private-key files, whose secret part is the
 * content of their INTEGERs and OCTET STRINGs. It branches only on what is
 * the public structure of an encoding: identifier and length octets, OIDs,
 * versions and the unused-bits octet of BIT STRINGs, each declassified
 * (PKC_DECLASSIFY, src/ct.h) right before it is looked at, so that the
 * constant-time test (tests/test_pem_ctime.c) can mark a whole key file
 * secret. pkc_der_get_uint_secret checks an INTEGER without branching on
 * its value; pkc_der_get_uint, for public values, strips its leading zero. */
#include "ct.h"
#include "pkc/der.h"

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
    if (!in)
        return PKC_ERR_ARG;
    pkc_der rest = *in, c;
    uint8_t t;
    pkc_err e = pkc_der_get_any(&rest, &t, &c);
    if (e)
        return e;
    if (t != tag)
        return PKC_ERR_DECODE;
    if (content)
        *content = c;
    *in = rest;
    return PKC_OK;
}

/* X.690 8.3.2: two's complement, minimal (the first nine bits never all
 * equal); we also require non-negative. The checks are made with masks and
 * only their verdict (is this valid DER?) is made public: for a valid key
 * it is always "yes", so it says nothing about the value. */
pkc_err pkc_der_get_uint_secret(pkc_der *in, const uint8_t **content, size_t *len)
{
    if (!in || !content || !len)
        return PKC_ERR_ARG;
    pkc_der rest = *in, c;
    pkc_err e = pkc_der_get(&rest, PKC_DER_INTEGER, &c);
    if (e)
        return e;
    if (c.len == 0)
        return PKC_ERR_DECODE;
    uint64_t b0 = c.p[0], b1 = c.len > 1 ? c.p[1] : 0x80;
    uint64_t bad = ct_mask_nonzero(b0 & 0x80) | (ct_mask_zero(b0) & ct_mask_zero(b1 & 0x80));
    PKC_DECLASSIFY(&bad, sizeof bad);
    if (bad)
        return PKC_ERR_DECODE;
    *in = rest;
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
    pkc_der rest, c;
    const uint8_t *m;
    size_t ml;
    if (!in || !v)
        return PKC_ERR_ARG;
    /* Versions are public: declassified before the checks look at them. */
    rest = *in;
    if (pkc_der_get(&rest, PKC_DER_INTEGER, &c) == PKC_OK)
        PKC_DECLASSIFY(c.p, c.len);
    rest = *in;
    pkc_err e = pkc_der_get_uint(&rest, &m, &ml);
    if (e)
        return e;
    if (ml > 8)
        return PKC_ERR_DECODE;
    uint64_t x = 0;
    for (size_t i = 0; i < ml; i++)
        x = (x << 8) | m[i];
    *in = rest;
    *v = x;
    return PKC_OK;
}

/* X.690 8.6.2: the first content octet is the number of unused bits in the
 * last octet. Every bit string pkc reads (keys, signatures) is whole
 * octets, so it must be 0. */
pkc_err pkc_der_get_bit_string(pkc_der *in, const uint8_t **bits, size_t *bitslen)
{
    if (!in || !bits || !bitslen)
        return PKC_ERR_ARG;
    pkc_der rest = *in, c;
    pkc_err e = pkc_der_get(&rest, PKC_DER_BIT_STRING, &c);
    if (e)
        return e;
    if (c.len > 0)
        PKC_DECLASSIFY(c.p, 1); /* the unused-bits octet: structure */
    if (c.len == 0 || c.p[0] != 0)
        return PKC_ERR_DECODE;
    *in = rest;
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
    if (!in)
        return PKC_ERR_ARG;
    pkc_der rest = *in, c;
    pkc_err e = pkc_der_get(&rest, PKC_DER_NULL, &c);
    if (e)
        return e;
    if (c.len != 0)
        return PKC_ERR_DECODE;
    *in = rest;
    return PKC_OK;
}

pkc_err pkc_der_end(const pkc_der *in)
{
    if (!in)
        return PKC_ERR_ARG;
    return in->len == 0 ? PKC_OK : PKC_ERR_DECODE;
}
