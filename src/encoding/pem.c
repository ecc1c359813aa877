/* pkc — Base64 (RFC 4648 section 4) and PEM text encoding (RFC 7468).
 *
 * Decoding is strict: the standard alphabet only, padding required and
 * canonical (the unused low bits of the last symbol must be zero, RFC 4648
 * section 3.5), white space (space, tab, CR, LF) ignored, anything else an
 * error. PEM text before the BEGIN line and after the END line is ignored
 * (RFC 7468 section 2); CRLF, LF and CR line endings are accepted. A text is
 * PEM when one of its lines starts with "-----BEGIN " (pkc_pem_detect, the
 * one rule every reader uses). Every scan is bounded by the given length:
 * the text need not be NUL-terminated.
 *
 * Timing: the text may be a private key, so Base64 digits are decoded and
 * encoded without a branch or a table index that depends on their value:
 * the class and the value of a character are computed with masks (src/ct.h).
 * The code does branch on the layout of the text, which is public: which
 * characters are line ends, white space, padding or not Base64 at all, where
 * the boundary lines are, what the labels say, whether the padding bits are
 * zero. Each of these facts is declassified (PKC_DECLASSIFY) right where it
 * is branched on, so the constant-time test (tests/test_pem_ctime.c) can
 * mark a whole key file secret. Decoded output is wiped on error paths, and
 * past its length, so that pkc_secure_free(out, outlen) wipes all of it. */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "encoding/pem.h"
#include "pkc/der.h"

/* ---- Base64 digits, in constant time ---- */

/* all-ones if lo <= c <= hi */
static uint64_t in_range(uint64_t c, uint64_t lo, uint64_t hi)
{
    return ~ct_mask_lt(c, lo) & ~ct_mask_lt(hi, c);
}

enum { B64_DIGIT = 0, B64_SPACE = 1, B64_PAD = 2, B64_BAD = 3 };

/* The class of ch (B64_*) and, for a digit, its value (RFC 4648 table 1):
 * A-Z 0-25, a-z 26-51, 0-9 52-61, '+' 62, '/' 63. */
static unsigned b64_classify(unsigned char ch, uint32_t *value)
{
    uint64_t c = ch;
    uint64_t up = in_range(c, 'A', 'Z'), lo = in_range(c, 'a', 'z'), dg = in_range(c, '0', '9');
    uint64_t plus = ct_mask_eq(c, '+'), slash = ct_mask_eq(c, '/');
    uint64_t v = (up & (c - 'A')) | (lo & (c - 'a' + 26)) | (dg & (c - '0' + 52)) | (plus & 62) |
                 (slash & 63);
    uint64_t digit = up | lo | dg | plus | slash;
    uint64_t space = ct_mask_eq(c, ' ') | ct_mask_eq(c, '\t') | ct_mask_eq(c, '\r') |
                     ct_mask_eq(c, '\n');
    uint64_t pad = ct_mask_eq(c, '=');
    *value = (uint32_t)(v & 63);
    return (unsigned)((space & B64_SPACE) | (pad & B64_PAD) | (~(digit | space | pad) & B64_BAD));
}

/* The digit of a 6-bit value: 'A' + v, moved up to 'a', down to '0', to
 * '+' and to '/' by masks at the range boundaries. */
static char b64_digit(uint32_t v)
{
    uint64_t x = v & 63;
    uint64_t c = x + 'A' + (ct_mask_lt(25, x) & 6) - (ct_mask_lt(51, x) & 75) -
                 (ct_mask_lt(61, x) & 15) + (ct_mask_lt(62, x) & 3);
    return (char)c;
}

/* Writes the Base64 of in to out (4 * ceil(len / 3) chars, no NUL);
 * when cols > 0, a '\n' after every cols characters and at the end. Only
 * len (public) is branched on. */
static size_t b64_write(const uint8_t *in, size_t len, char *out, size_t cols)
{
    size_t o = 0, col = 0;
    uint32_t v = 0;
    for (size_t i = 0; i < len; i += 3) {
        v = (uint32_t)in[i] << 16;
        size_t n = len - i;
        if (n > 1)
            v |= (uint32_t)in[i + 1] << 8;
        if (n > 2)
            v |= in[i + 2];
        char q[4];
        q[0] = b64_digit(v >> 18);
        q[1] = b64_digit(v >> 12);
        /* n (the bytes left) is public: the padding shows the length */
        q[2] = (char)(n > 1 ? b64_digit(v >> 6) : '=');
        q[3] = (char)(n > 2 ? b64_digit(v) : '=');
        for (int k = 0; k < 4; k++) {
            out[o++] = q[k];
            if (cols && ++col == cols) {
                out[o++] = '\n';
                col = 0;
            }
        }
    }
    pkc_memzero(&v, sizeof v);
    if (cols && col)
        out[o++] = '\n';
    return o;
}

pkc_err pkc_base64_encode(const uint8_t *in, size_t len, char **out, size_t *outlen)
{
    if (!out || !outlen || (!in && len))
        return PKC_ERR_ARG;
    *out = NULL;
    *outlen = 0;
    if (len > (SIZE_MAX - 1) / 4 * 3 - 3)
        return PKC_ERR_NOMEM;
    size_t n = (len + 2) / 3 * 4;
    char *r = malloc(n + 1);
    if (!r)
        return PKC_ERR_NOMEM;
    size_t w = b64_write(in, len, r, 0);
    r[w] = '\0';
    *out = r;
    *outlen = w;
    return PKC_OK;
}

/* Strict decoder into a caller buffer of at least 3 * (symbols / 4) bytes.
 * RFC 4648 section 3.3 (no non-alphabet characters), 3.5 (canonical). */
static pkc_err b64_decode_into(const char *in, size_t len, uint8_t *out, size_t *outlen)
{
    uint32_t acc = 0;
    size_t nsym = 0, o = 0;
    int pads = 0;
    pkc_err err = PKC_ERR_DECODE;
    for (size_t i = 0; i < len; i++) {
        uint32_t v;
        unsigned cls = b64_classify((unsigned char)in[i], &v);
        /* digit, white space, padding or not Base64: the layout, public */
        PKC_DECLASSIFY(&cls, sizeof cls);
        if (cls == B64_SPACE)
            continue;
        if (cls == B64_PAD) {
            /* Padding only in the last two positions of a quantum. */
            if (nsym % 4 < 2)
                goto out;
            pads++;
            nsym++;
            continue;
        }
        if (cls == B64_BAD || pads)
            goto out; /* bad character, or data after padding */
        acc = (acc << 6) | v;
        nsym++;
        if (nsym % 4 == 0) {
            out[o++] = (uint8_t)(acc >> 16);
            out[o++] = (uint8_t)(acc >> 8);
            out[o++] = (uint8_t)acc;
            acc = 0;
        }
    }
    if (nsym % 4 != 0 || pads > 2)
        goto out; /* missing padding, truncated, or too much padding */
    if (pads) {
        /* 3 symbols = 18 bits carry 2 bytes, the low 2 bits must be 0;
         * 2 symbols = 12 bits carry 1 byte, the low 4 bits must be 0. Only
         * the verdict is public (a canonical encoding or not). */
        uint64_t bad = ct_mask_nonzero(acc & (pads == 1 ? 3u : 15u));
        PKC_DECLASSIFY(&bad, sizeof bad);
        if (bad)
            goto out;
        if (pads == 1) {
            out[o++] = (uint8_t)(acc >> 10);
            out[o++] = (uint8_t)(acc >> 2);
        } else {
            out[o++] = (uint8_t)(acc >> 4);
        }
    }
    *outlen = o;
    err = PKC_OK;
out:
    pkc_memzero(&acc, sizeof acc);
    return err;
}

static pkc_err b64_decode_alloc(const char *in, size_t len, uint8_t **out, size_t *outlen)
{
    size_t cap = len / 4 * 3 + 3;
    uint8_t *r = malloc(cap);
    if (!r)
        return PKC_ERR_NOMEM;
    size_t n = 0;
    pkc_err e = b64_decode_into(in, len, r, &n);
    if (e) {
        pkc_secure_free(r, cap);
        return e;
    }
    /* The tail past n may hold partial output of an accepted last quantum:
     * wipe it so the caller's pkc_secure_free(out, outlen) covers all. */
    pkc_memzero(r + n, cap - n);
    *out = r;
    *outlen = n;
    return PKC_OK;
}

pkc_err pkc_base64_decode(const char *in, size_t len, uint8_t **out, size_t *outlen)
{
    if (!out || !outlen || (!in && len))
        return PKC_ERR_ARG;
    *out = NULL;
    *outlen = 0;
    return b64_decode_alloc(in ? in : "", len, out, outlen);
}

/* ---- PEM ---- */

static const char pem_begin[] = "-----BEGIN ";
static const char pem_end[] = "-----END ";
static const char pem_dashes[] = "-----";

/* 1 if text[i] is the character ch. Compared with a mask, and only the
 * verdict is made public: the callers ask about layout (line ends, spaces
 * around boundaries), never about a Base64 digit's value. */
static int char_is(const char *text, size_t i, char ch)
{
    uint64_t m = ct_mask_eq((unsigned char)text[i], (unsigned char)ch);
    PKC_DECLASSIFY(&m, sizeof m);
    return m != 0;
}

/* 1 if text[i] ends a line (CR or LF): where lines end is public. */
static int eol_at(const char *text, size_t i)
{
    uint64_t c = (unsigned char)text[i];
    uint64_t m = ct_mask_eq(c, '\n') | ct_mask_eq(c, '\r');
    PKC_DECLASSIFY(&m, sizeof m);
    return m != 0;
}

/* 1 if text[i, len) starts with the n bytes of s; the verdict ("this line
 * is a boundary") is public, the bytes compared are not looked at alone. */
static int match_at(const char *text, size_t len, size_t i, const char *s, size_t n)
{
    if (i > len || len - i < n)
        return 0;
    uint64_t m = ct_mask_memeq((const uint8_t *)text + i, (const uint8_t *)s, n);
    PKC_DECLASSIFY(&m, sizeof m);
    return m != 0;
}

/* The offset of the first line at or after from (0 or a line start) that
 * starts with needle, or SIZE_MAX. */
static size_t find_line(const char *text, size_t len, size_t from, const char *needle)
{
    size_t n = strlen(needle);
    int line_start = 1;
    for (size_t i = from; i < len; i++) {
        if (line_start && match_at(text, len, i, needle, n))
            return i;
        line_start = eol_at(text, i);
    }
    return SIZE_MAX;
}

/* The length of the line at i, up to (not including) its line end. */
static size_t line_length(const char *text, size_t len, size_t i)
{
    size_t j = i;
    while (j < len && !eol_at(text, j))
        j++;
    return j - i;
}

/* RFC 7468 section 3 labels: printable ASCII, no leading/trailing space or
 * hyphen; we also forbid "--" so the closing dashes stay unambiguous. */
static int label_ok(const char *label, size_t n)
{
    if (n == 0)
        return 1;
    if (n > 128 || label[0] == ' ' || label[0] == '-' || label[n - 1] == ' ' ||
        label[n - 1] == '-')
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)label[i];
        if (c < 0x20 || c > 0x7e)
            return 0;
        if (c == '-' && label[i + 1] == '-')
            return 0;
    }
    return 1;
}

/* Writes an encapsulation boundary line (RFC 7468 section 2): the prefix
 * (pem_begin or pem_end, n chars), the label, five dashes and a line feed,
 * no NUL; returns its length. */
static size_t put_boundary(char *out, const char *prefix, size_t n, const char *label, size_t ll)
{
    memcpy(out, prefix, n);
    memcpy(out + n, label, ll);
    memcpy(out + n + ll, pem_dashes, sizeof pem_dashes - 1);
    out[n + ll + sizeof pem_dashes - 1] = '\n';
    return n + ll + sizeof pem_dashes;
}

pkc_err pkc_pem_encode(const char *label, const uint8_t *der, size_t derlen, char **out,
                       size_t *outlen)
{
    if (!out || !outlen || !label || (!der && derlen))
        return PKC_ERR_ARG;
    *out = NULL;
    *outlen = 0;
    size_t ll = strlen(label);
    if (!label_ok(label, ll) || derlen == 0)
        return PKC_ERR_ARG;
    if (derlen > SIZE_MAX / 2)
        return PKC_ERR_NOMEM;
    size_t b64 = (derlen + 2) / 3 * 4;
    size_t body = b64 + (b64 + 63) / 64;
    size_t total = (sizeof pem_begin - 1) + ll + 5 + 1 + body + (sizeof pem_end - 1) + ll + 5 + 1;
    char *r = malloc(total + 1);
    if (!r)
        return PKC_ERR_NOMEM;
    size_t o = put_boundary(r, pem_begin, sizeof pem_begin - 1, label, ll);
    o += b64_write(der, derlen, r + o, 64);
    o += put_boundary(r + o, pem_end, sizeof pem_end - 1, label, ll);
    r[o] = '\0';
    *out = r;
    *outlen = o;
    return PKC_OK;
}

/* After an encapsulation boundary: optional spaces/tabs, then a line end
 * (CRLF, LF or CR) or the end of the text (allowed only when eof_ok).
 * Returns the offset after the line end, or SIZE_MAX. */
static size_t skip_eol(const char *text, size_t len, size_t i, int eof_ok)
{
    while (i < len && (char_is(text, i, ' ') || char_is(text, i, '\t')))
        i++;
    if (i == len)
        return eof_ok ? i : SIZE_MAX;
    if (char_is(text, i, '\r')) {
        i++;
        if (i < len && char_is(text, i, '\n'))
            i++;
        return i;
    }
    if (char_is(text, i, '\n'))
        return i + 1;
    return SIZE_MAX;
}

/* The first line at or after from that starts with prefix (pem_begin or
 * pem_end): *line gets its offset and *linelen its length, and the offset
 * just after the prefix is returned (SIZE_MAX if there is none). The
 * boundary lines are declassified: the BEGIN line says what the block is
 * and the END line where it ends, both public. */
static size_t find_boundary(const char *text, size_t len, size_t from, const char *prefix,
                            size_t *line, size_t *linelen)
{
    size_t i = find_line(text, len, from, prefix);
    if (i == SIZE_MAX)
        return SIZE_MAX;
    *line = i;
    *linelen = line_length(text, len, i);
    PKC_DECLASSIFY(text + i, *linelen);
    return i + strlen(prefix);
}

pkc_err pkc_pem_block_find(const char *text, size_t len, size_t from, pkc_pem_block *blk)
{
    size_t b, bl;
    size_t ls = find_boundary(text, len, from, pem_begin, &b, &bl);
    if (ls == SIZE_MAX)
        return PKC_ERR_DECODE;
    /* The label runs to the first "-----" on the BEGIN line. */
    size_t le = SIZE_MAX;
    for (size_t i = ls; i + 5 <= b + bl; i++) {
        if (memcmp(text + i, pem_dashes, 5) == 0) {
            le = i;
            break;
        }
    }
    if (le == SIZE_MAX)
        return PKC_ERR_DECODE;
    size_t ll = le - ls;
    if (!label_ok(text + ls, ll) || memchr(text + ls, '\0', ll))
        return PKC_ERR_DECODE;
    size_t body = skip_eol(text, len, le + 5, 0);
    if (body == SIZE_MAX)
        return PKC_ERR_DECODE;

    size_t e, elen;
    size_t el = find_boundary(text, len, body, pem_end, &e, &elen);
    if (el == SIZE_MAX)
        return PKC_ERR_DECODE;
    if (elen < (sizeof pem_end - 1) + ll + 5 || memcmp(text + el, text + ls, ll) != 0 ||
        memcmp(text + el + ll, pem_dashes, 5) != 0)
        return PKC_ERR_DECODE; /* END label differs from the BEGIN label */
    size_t next = skip_eol(text, len, el + ll + 5, 1);
    if (next == SIZE_MAX)
        return PKC_ERR_DECODE;
    blk->label = ls;
    blk->labellen = ll;
    blk->body = body;
    blk->bodylen = e - body;
    blk->next = next;
    return PKC_OK;
}

pkc_err pkc_pem_block_decode(const char *text, const pkc_pem_block *blk, uint8_t **der,
                             size_t *derlen)
{
    uint8_t *r;
    size_t n;
    *der = NULL;
    *derlen = 0;
    pkc_err err = b64_decode_alloc(text + blk->body, blk->bodylen, &r, &n);
    if (err)
        return err;
    if (n == 0) {
        free(r);
        return PKC_ERR_DECODE; /* a block with no data */
    }
    *der = r;
    *derlen = n;
    return PKC_OK;
}

int pkc_pem_block_has_headers(const char *text, const pkc_pem_block *blk)
{
    static const char proc_type[] = "Proc-Type:"; /* RFC 1421 section 4.6.1.1 */
    return match_at(text, blk->body + blk->bodylen, blk->body, proc_type, sizeof proc_type - 1);
}

int pkc_pem_block_label_is(const char *text, const pkc_pem_block *blk, const char *s)
{
    return strlen(s) == blk->labellen && memcmp(text + blk->label, s, blk->labellen) == 0;
}

pkc_err pkc_pem_decode(const char *text, size_t len, char *label, size_t labelcap,
                       uint8_t **der, size_t *derlen)
{
    if (!text || !der || !derlen || (label && labelcap == 0))
        return PKC_ERR_ARG;
    *der = NULL;
    *derlen = 0;
    if (label)
        label[0] = '\0';
    pkc_pem_block blk;
    pkc_err err = pkc_pem_block_find(text, len, 0, &blk);
    if (err)
        return err;
    if (label && blk.labellen + 1 > labelcap)
        return PKC_ERR_BUFSIZE;
    if ((err = pkc_pem_block_decode(text, &blk, der, derlen)))
        return err;
    if (label) {
        memcpy(label, text + blk.label, blk.labellen);
        label[blk.labellen] = '\0';
    }
    return PKC_OK;
}

int pkc_pem_detect(const uint8_t *data, size_t len)
{
    return data && find_line((const char *)data, len, 0, pem_begin) != SIZE_MAX;
}
