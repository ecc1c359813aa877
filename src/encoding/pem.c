/* pkc — Base64 (RFC 4648 section 4) and PEM text encoding (RFC 7468).
 *
 * Decoding is strict: the standard alphabet only, padding required and
 * canonical (the unused low bits of the last symbol must be zero, RFC 4648
 * section 3.5), white space (space, tab, CR, LF) ignored, anything else an
 * error. PEM text before the BEGIN line and after the END line is ignored
 * (RFC 7468 section 2); CRLF and LF line endings are both accepted. Every
 * scan is bounded by the given length: the text need not be NUL-terminated.
 * Decoded output may be a private key, so it is wiped on error paths. */
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"

static const char b64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

static int is_ws(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Writes the Base64 of in to out (4 * ceil(len / 3) chars, no NUL);
 * when cols > 0, a '\n' after every cols characters and at the end. */
static size_t b64_write(const uint8_t *in, size_t len, char *out, size_t cols)
{
    size_t o = 0, col = 0;
    for (size_t i = 0; i < len; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16;
        size_t n = len - i;
        if (n > 1)
            v |= (uint32_t)in[i + 1] << 8;
        if (n > 2)
            v |= in[i + 2];
        char q[4];
        q[0] = b64_alphabet[(v >> 18) & 63];
        q[1] = b64_alphabet[(v >> 12) & 63];
        q[2] = n > 1 ? b64_alphabet[(v >> 6) & 63] : '=';
        q[3] = n > 2 ? b64_alphabet[v & 63] : '=';
        for (int k = 0; k < 4; k++) {
            out[o++] = q[k];
            if (cols && ++col == cols) {
                out[o++] = '\n';
                col = 0;
            }
        }
    }
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
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)in[i];
        if (is_ws(c))
            continue;
        if (c == '=') {
            /* Padding only in the last two positions of a quantum. */
            if (nsym % 4 < 2)
                return PKC_ERR_DECODE;
            pads++;
            nsym++;
            continue;
        }
        int v = b64_value(c);
        if (v < 0 || pads)
            return PKC_ERR_DECODE; /* bad character, or data after padding */
        acc = (acc << 6) | (uint32_t)v;
        nsym++;
        if (nsym % 4 == 0) {
            out[o++] = (uint8_t)(acc >> 16);
            out[o++] = (uint8_t)(acc >> 8);
            out[o++] = (uint8_t)acc;
            acc = 0;
        }
    }
    if (nsym % 4 != 0)
        return PKC_ERR_DECODE; /* missing padding or truncated */
    if (pads == 1) {
        /* 3 symbols = 18 bits carry 2 bytes; the low 2 bits must be 0 */
        if (acc & 3)
            return PKC_ERR_DECODE;
        out[o++] = (uint8_t)(acc >> 10);
        out[o++] = (uint8_t)(acc >> 2);
    } else if (pads == 2) {
        /* 2 symbols = 12 bits carry 1 byte; the low 4 bits must be 0 */
        if (acc & 15)
            return PKC_ERR_DECODE;
        out[o++] = (uint8_t)(acc >> 4);
    } else if (pads > 2) {
        return PKC_ERR_DECODE;
    }
    *outlen = o;
    return PKC_OK;
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
    size_t o = 0;
    memcpy(r + o, pem_begin, sizeof pem_begin - 1);
    o += sizeof pem_begin - 1;
    memcpy(r + o, label, ll);
    o += ll;
    memcpy(r + o, "-----\n", 6);
    o += 6;
    o += b64_write(der, derlen, r + o, 64);
    memcpy(r + o, pem_end, sizeof pem_end - 1);
    o += sizeof pem_end - 1;
    memcpy(r + o, label, ll);
    o += ll;
    memcpy(r + o, "-----\n", 6);
    o += 6;
    r[o] = '\0';
    *out = r;
    *outlen = o;
    return PKC_OK;
}

/* Finds needle at the start of a line in text[from, len); returns its
 * offset or SIZE_MAX. */
static size_t find_at_line_start(const char *text, size_t len, size_t from, const char *needle)
{
    size_t nl = strlen(needle);
    for (size_t i = from; i < len && len - i >= nl; i++) {
        if ((i == 0 || text[i - 1] == '\n' || text[i - 1] == '\r') &&
            memcmp(text + i, needle, nl) == 0)
            return i;
    }
    return SIZE_MAX;
}

/* After an encapsulation boundary: optional spaces/tabs, then a line end
 * (CRLF, LF or CR) or the end of the text (allowed only when eof_ok).
 * Returns the offset after the line end, or SIZE_MAX. */
static size_t skip_eol(const char *text, size_t len, size_t i, int eof_ok)
{
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    if (i == len)
        return eof_ok ? i : SIZE_MAX;
    if (text[i] == '\r') {
        i++;
        if (i < len && text[i] == '\n')
            i++;
        return i;
    }
    if (text[i] == '\n')
        return i + 1;
    return SIZE_MAX;
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

    size_t b = find_at_line_start(text, len, 0, pem_begin);
    if (b == SIZE_MAX)
        return PKC_ERR_DECODE;
    size_t ls = b + sizeof pem_begin - 1;
    /* The label runs to the first "-----" on the BEGIN line. */
    size_t le = SIZE_MAX;
    for (size_t i = ls; i < len && text[i] != '\n' && text[i] != '\r'; i++) {
        if (len - i >= 5 && memcmp(text + i, pem_dashes, 5) == 0) {
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

    size_t e = find_at_line_start(text, len, body, pem_end);
    if (e == SIZE_MAX)
        return PKC_ERR_DECODE;
    size_t el = e + sizeof pem_end - 1;
    if (len - el < ll + 5 || memcmp(text + el, text + ls, ll) != 0 ||
        memcmp(text + el + ll, pem_dashes, 5) != 0)
        return PKC_ERR_DECODE; /* END label differs from the BEGIN label */
    if (skip_eol(text, len, el + ll + 5, 1) == SIZE_MAX)
        return PKC_ERR_DECODE;

    if (label && ll + 1 > labelcap)
        return PKC_ERR_BUFSIZE;

    uint8_t *r;
    size_t n;
    pkc_err err = b64_decode_alloc(text + body, e - body, &r, &n);
    if (err)
        return err;
    if (n == 0) {
        free(r);
        return PKC_ERR_DECODE; /* a block with no data */
    }
    if (label) {
        memcpy(label, text + ls, ll);
        label[ll] = '\0';
    }
    *der = r;
    *derlen = n;
    return PKC_OK;
}

int pkc_pem_detect(const uint8_t *data, size_t len)
{
    if (!data)
        return 0;
    size_t i = 0;
    while (i < len && is_ws(data[i]))
        i++;
    size_t n = sizeof pem_begin - 1;
    return len - i >= n && memcmp(data + i, pem_begin, n) == 0;
}
