/* pkc fuzzing — the DER reader and writer (src/encoding/der.c).
 *
 * Walks arbitrary input as a tree of DER elements with pkc_der_get_any,
 * descending into constructed ones (tag bit 0x20), and rebuilds it with the
 * writer as it goes. Because the reader accepts only DER (definite, minimal
 * lengths), every element it accepts has exactly one encoding: the rebuilt
 * bytes must equal the accepted prefix of the input. On the way, the typed
 * getters run on each primitive element, and what they accept must
 * re-encode to the same element too (INTEGER magnitudes, OIDs through the
 * dotted string and back, BIT STRINGs, NULL).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "pkc/der.h"

#define FDER_MAX_DEPTH 48

/* Re-encodes one primitive element with the typed getter for its tag when
 * that getter accepts it, and checks the result against the original. */
static void fder_typed(uint8_t tag, const uint8_t *elem, size_t elemlen)
{
    pkc_der in;
    pkc_der_writer w;
    uint8_t *out = NULL;
    size_t outlen = 0;
    int wrote = 0;

    pkc_der_init(&in, elem, elemlen);
    pkc_der_writer_init(&w);
    switch (tag) {
    case PKC_DER_INTEGER: {
        const uint8_t *mag;
        size_t maglen;
        uint64_t v;
        pkc_der in2 = in;
        if (pkc_der_get_uint(&in, &mag, &maglen) == PKC_OK) {
            FUZZ_CHECK(pkc_der_end(&in) == PKC_OK);
            FUZZ_CHECK(maglen == 0 || mag[0] != 0);
            pkc_der_put_uint(&w, mag, maglen);
            wrote = 1;
            if (pkc_der_get_u64(&in2, &v) == PKC_OK) {
                FUZZ_CHECK(maglen <= 8);
                pkc_der_writer w2;
                pkc_der_writer_init(&w2);
                pkc_der_put_u64(&w2, v);
                uint8_t *o2 = NULL;
                size_t l2 = 0;
                FUZZ_CHECK(pkc_der_writer_finish(&w2, &o2, &l2) == PKC_OK);
                FUZZ_CHECK(l2 == elemlen && memcmp(o2, elem, l2) == 0);
                pkc_secure_free(o2, l2);
            } else {
                FUZZ_CHECK(maglen > 8);
            }
        } else {
            /* Negative or non-minimal: the u64 reader must refuse it too,
             * and leave the view where it was. */
            FUZZ_CHECK(pkc_der_get_u64(&in2, &v) != PKC_OK);
            FUZZ_CHECK(in.p == elem && in.len == elemlen);
        }
        break;
    }
    case PKC_DER_OID: {
        const uint8_t *oid;
        size_t oidlen;
        if (pkc_der_get_oid(&in, &oid, &oidlen) == PKC_OK) {
            /* Content -> dotted -> content is the identity. 64-bit arcs
             * need at most 20 digits each, and each content byte carries
             * at least one arc's worth of 7 bits. */
            size_t cap = 24 * (oidlen + 2);
            char *dotted = malloc(cap);
            uint8_t *back = malloc(oidlen + 16);
            size_t backlen = 0;
            FUZZ_CHECK(dotted && back);
            FUZZ_CHECK(pkc_der_oid_to_string(oid, oidlen, dotted, cap) == PKC_OK);
            FUZZ_CHECK(pkc_der_oid_equals(oid, oidlen, dotted) == 1);
            FUZZ_CHECK(pkc_der_oid_from_string(dotted, back, oidlen + 16, &backlen) == PKC_OK);
            FUZZ_CHECK(backlen == oidlen && memcmp(back, oid, oidlen) == 0);
            /* A buffer one byte short is refused, never overrun. */
            size_t slen = strlen(dotted);
            char *small = malloc(slen);
            FUZZ_CHECK(small != NULL);
            FUZZ_CHECK(pkc_der_oid_to_string(oid, oidlen, small, slen) == PKC_ERR_BUFSIZE);
            free(small);
            pkc_der_put_oid(&w, dotted);
            wrote = 1;
            free(dotted);
            free(back);
        } else {
            /* Malformed content: to_string must say so. */
            pkc_der c;
            pkc_der in2;
            pkc_der_init(&in2, elem, elemlen);
            FUZZ_CHECK(pkc_der_get(&in2, PKC_DER_OID, &c) == PKC_OK);
            char buf[64];
            FUZZ_CHECK(pkc_der_oid_to_string(c.p, c.len, buf, sizeof buf) != PKC_OK);
        }
        break;
    }
    case PKC_DER_BIT_STRING: {
        const uint8_t *bits;
        size_t bitslen;
        if (pkc_der_get_bit_string(&in, &bits, &bitslen) == PKC_OK) {
            pkc_der_put_bit_string(&w, bits, bitslen);
            wrote = 1;
        }
        break;
    }
    case PKC_DER_OCTET_STRING: {
        const uint8_t *d;
        size_t dl;
        FUZZ_CHECK(pkc_der_get_octet_string(&in, &d, &dl) == PKC_OK);
        pkc_der_put_octet_string(&w, d, dl);
        wrote = 1;
        break;
    }
    case PKC_DER_NULL:
        if (pkc_der_get_null(&in) == PKC_OK) {
            pkc_der_put_null(&w);
            wrote = 1;
        } else {
            FUZZ_CHECK(elemlen > 2);
        }
        break;
    default:
        break;
    }
    if (wrote) {
        FUZZ_CHECK(pkc_der_writer_finish(&w, &out, &outlen) == PKC_OK);
        FUZZ_CHECK(outlen == elemlen && memcmp(out, elem, elemlen) == 0);
        pkc_secure_free(out, outlen);
    } else {
        pkc_der_writer_free(&w);
    }
}

/* Reads every element of in, writing each to w. Returns 1 if the whole of
 * in was DER, 0 at the first element that was not (w then holds the
 * elements before it). */
static int fder_walk(pkc_der *in, pkc_der_writer *w, int depth)
{
    while (in->len > 0) {
        uint8_t tag;
        pkc_der content;
        const uint8_t *start = in->p;
        pkc_der before = *in;
        pkc_err e = pkc_der_get_any(in, &tag, &content);
        if (e != PKC_OK) {
            FUZZ_CHECK(e == PKC_ERR_DECODE);
            /* A failed read leaves the view unchanged. */
            FUZZ_CHECK(in->p == before.p && in->len == before.len);
            return 0;
        }
        size_t elemlen = (size_t)(in->p - start);
        FUZZ_CHECK(elemlen >= 2 && elemlen <= before.len);
        FUZZ_CHECK(content.p >= start && content.p + content.len == in->p);
        FUZZ_CHECK((tag & 0x1f) != 0x1f);
        /* pkc_der_get with the same tag agrees; peek too. */
        FUZZ_CHECK(pkc_der_peek(&before, tag) == 1);
        pkc_der again = before, c2;
        FUZZ_CHECK(pkc_der_get(&again, tag, &c2) == PKC_OK);
        FUZZ_CHECK(c2.p == content.p && c2.len == content.len && again.p == in->p);

        if ((tag & 0x20) && depth < FDER_MAX_DEPTH) {
            size_t mark = pkc_der_open(w, tag);
            int whole = fder_walk(&content, w, depth + 1);
            pkc_der_close(w, mark);
            if (!whole)
                return 0; /* inner bytes not DER: nothing to compare */
        } else {
            pkc_der_put_element(w, tag, content.p, content.len);
            if (!(tag & 0x20))
                fder_typed(tag, start, elemlen);
        }
    }
    FUZZ_CHECK(pkc_der_end(in) == PKC_OK);
    return 1;
}

int pkc_fuzz_der(const uint8_t *data, size_t len)
{
    uint8_t *buf = pkc_fuzz_dup(data, len);
    pkc_der in;
    pkc_der_writer w;
    pkc_der_init(&in, buf, len);
    pkc_der_writer_init(&w);
    int whole = fder_walk(&in, &w, 0);
    uint8_t *out = NULL;
    size_t outlen = 0;
    pkc_err e = pkc_der_writer_finish(&w, &out, &outlen);
    if (whole) {
        /* DER is canonical: the rebuilt tree is the input, byte for byte. */
        FUZZ_CHECK(e == PKC_OK);
        FUZZ_CHECK(outlen == len && (len == 0 || memcmp(out, buf, len) == 0));
    }
    if (e == PKC_OK)
        pkc_secure_free(out, outlen);

    /* The dotted-string parser on the raw bytes as text. */
    char *s = malloc(len + 1);
    FUZZ_CHECK(s != NULL);
    memcpy(s, buf, len);
    s[len] = 0;
    uint8_t oid[64];
    size_t oidlen = 0;
    if (pkc_der_oid_from_string(s, oid, sizeof oid, &oidlen) == PKC_OK) {
        char back[24 * 66];
        FUZZ_CHECK(oidlen > 0 && oidlen <= sizeof oid);
        FUZZ_CHECK(pkc_der_oid_to_string(oid, oidlen, back, sizeof back) == PKC_OK);
        uint8_t oid2[64];
        size_t oid2len = 0;
        FUZZ_CHECK(pkc_der_oid_from_string(back, oid2, sizeof oid2, &oid2len) == PKC_OK);
        FUZZ_CHECK(oid2len == oidlen && memcmp(oid, oid2, oidlen) == 0);
    }
    free(s);
    free(buf);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_der)
