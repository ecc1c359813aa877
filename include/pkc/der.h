/* pkc — a small DER reader/writer (X.690) and PEM/Base64 (RFC 7468,
 * RFC 4648), shared by the RSA and elliptic-curve key and signature
 * encodings. Strict: only DER (definite, minimal lengths; minimal,
 * non-negative INTEGERs where asked), never a read past the end.
 * Private keys are read with it: the reader branches on the structure
 * (tags, lengths, OIDs, versions), not on INTEGER or OCTET STRING contents
 * (pkc_der_get_uint_secret for secret INTEGERs). */
#ifndef PKC_DER_H
#define PKC_DER_H

#include "pkc/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PKC_DER_INTEGER 0x02
#define PKC_DER_BIT_STRING 0x03
#define PKC_DER_OCTET_STRING 0x04
#define PKC_DER_NULL 0x05
#define PKC_DER_OID 0x06
#define PKC_DER_SEQUENCE 0x30
#define PKC_DER_CONTEXT(n) (0xA0 | (n)) /* [n] constructed (EXPLICIT) */

/* ---- reader: a view of the bytes still to read ---- */
typedef struct {
    const uint8_t *p;
    size_t len;
} pkc_der;

PKC_API void pkc_der_init(pkc_der *in, const uint8_t *data, size_t len);
/* 1 if the next element has this tag (0 at end of input). */
PKC_API int pkc_der_peek(const pkc_der *in, uint8_t tag);
/* Reads one element that must have the given (single-byte) tag; content
 * gets its contents, in advances past it. PKC_ERR_DECODE on a wrong tag,
 * indefinite or non-minimal length, or a length past the end. */
PKC_API pkc_err pkc_der_get(pkc_der *in, uint8_t tag, pkc_der *content);
/* An INTEGER that must be non-negative and minimally encoded; mag/maglen
 * get its magnitude without the leading 0x00 (zero has maglen 0). Whether
 * there was a leading 0x00 (the top bit of the value) is branched on: for
 * public values. */
PKC_API pkc_err pkc_der_get_uint(pkc_der *in, const uint8_t **mag, size_t *maglen);
/* The same checks for a secret INTEGER (a private-key component), without a
 * branch on its value: content/len get all its content octets, the leading
 * 0x00 of a value whose top bit is set included (a big-endian magnitude with
 * at most one leading zero byte). The length is public, as in any DER. */
PKC_API pkc_err pkc_der_get_uint_secret(pkc_der *in, const uint8_t **content, size_t *len);
/* A non-negative INTEGER that fits in 64 bits (versions: public values). */
PKC_API pkc_err pkc_der_get_u64(pkc_der *in, uint64_t *v);
/* OIDs longer than this many content bytes are rejected by the reader and
 * the writer alike (real ones are under 30), so that whatever the reader
 * accepts can be compared with pkc_der_oid_equals and written back. */
#define PKC_DER_MAX_OID_LEN 256
PKC_API pkc_err pkc_der_get_oid(pkc_der *in, const uint8_t **oid, size_t *oidlen);
/* BIT STRING with 0 unused bits; bits/bitslen get the bytes after the
 * unused-bits octet. */
PKC_API pkc_err pkc_der_get_bit_string(pkc_der *in, const uint8_t **bits, size_t *bitslen);
PKC_API pkc_err pkc_der_get_octet_string(pkc_der *in, const uint8_t **data, size_t *len);
PKC_API pkc_err pkc_der_get_null(pkc_der *in);
/* PKC_OK if nothing is left, else PKC_ERR_DECODE (trailing bytes). */
PKC_API pkc_err pkc_der_end(const pkc_der *in);
/* 1 if oid (content bytes) equals the dotted string, e.g. "1.2.840.10045.2.1". */
PKC_API int pkc_der_oid_equals(const uint8_t *oid, size_t oidlen, const char *dotted);
/* Reads the next element whatever its (single-byte) tag: *tag gets the tag,
 * content its contents; same strictness as pkc_der_get. */
PKC_API pkc_err pkc_der_get_any(pkc_der *in, uint8_t *tag, pkc_der *content);

/* OID content bytes (X.690 8.19) <-> dotted decimal. Arcs are 64-bit;
 * the first arc is 0, 1 or 2, the second at most 39 under 0 and 1.
 * from_string: PKC_ERR_ARG on a malformed string or arc overflow,
 * PKC_ERR_BUFSIZE if out (cap bytes) is too small.
 * to_string: PKC_ERR_DECODE on malformed content (non-minimal or
 * unterminated subidentifier, overflow), PKC_ERR_BUFSIZE if buf (cap bytes,
 * NUL included) is too small. */
PKC_API pkc_err pkc_der_oid_from_string(const char *dotted, uint8_t *out, size_t cap,
                                        size_t *outlen);
PKC_API pkc_err pkc_der_oid_to_string(const uint8_t *oid, size_t oidlen, char *buf, size_t cap);

/* ---- writer: a growable buffer; errors are sticky and reported by finish ---- */
typedef struct {
    uint8_t *buf;
    size_t len, cap;
    pkc_err err;
} pkc_der_writer;

PKC_API void pkc_der_writer_init(pkc_der_writer *w);
/* Opens a constructed element (SEQUENCE, [n]); returns a mark for _close. */
PKC_API size_t pkc_der_open(pkc_der_writer *w, uint8_t tag);
PKC_API void pkc_der_close(pkc_der_writer *w, size_t mark);
/* INTEGER from an unsigned big-endian magnitude (leading zeros dropped, a
 * 0x00 added when the top bit is set). */
PKC_API void pkc_der_put_uint(pkc_der_writer *w, const uint8_t *mag, size_t len);
PKC_API void pkc_der_put_u64(pkc_der_writer *w, uint64_t v);
PKC_API void pkc_der_put_oid(pkc_der_writer *w, const char *dotted);
PKC_API void pkc_der_put_bit_string(pkc_der_writer *w, const uint8_t *data, size_t len);
PKC_API void pkc_der_put_octet_string(pkc_der_writer *w, const uint8_t *data, size_t len);
PKC_API void pkc_der_put_null(pkc_der_writer *w);
PKC_API void pkc_der_put_raw(pkc_der_writer *w, const uint8_t *data, size_t len);
/* Any primitive element: tag, minimal length, then the content bytes. */
PKC_API void pkc_der_put_element(pkc_der_writer *w, uint8_t tag, const uint8_t *content,
                                 size_t len);
/* Hands over the encoding (malloc'd; free with pkc_secure_free) or the
 * first error. Growth wipes the old buffer, so secrets leave no copies. */
PKC_API pkc_err pkc_der_writer_finish(pkc_der_writer *w, uint8_t **out, size_t *outlen);
PKC_API void pkc_der_writer_free(pkc_der_writer *w); /* wipes and frees (on error paths) */

/* ---- PEM and Base64 ---- */
/* "-----BEGIN <label>-----\n" + Base64 in 64-column lines + END line.
 * *out is malloc'd and NUL-terminated; *outlen excludes the NUL. */
PKC_API pkc_err pkc_pem_encode(const char *label, const uint8_t *der, size_t derlen,
                               char **out, size_t *outlen);
/* Decodes the first PEM block in text (RFC 7468: its BEGIN line is the
 * first line that starts with "-----BEGIN "; text around it is ignored);
 * label (at most labelcap-1 chars) gets its label. Rejects a
 * missing/mismatched END line, bad Base64, bad padding, and a block with no
 * data. *der is malloc'd; free with pkc_secure_free(der, derlen), which
 * wipes all of it. The Base64 is decoded in constant time: only the layout
 * of the text (line ends, white space, padding, the boundary lines) is
 * branched on, never a digit's value. */
PKC_API pkc_err pkc_pem_decode(const char *text, size_t len, char *label, size_t labelcap,
                               uint8_t **der, size_t *derlen);
/* 1 if a line of data (the first, or one after a CR or LF) starts with
 * "-----BEGIN ": the one rule by which every key reader tells PEM from DER. */
PKC_API int pkc_pem_detect(const uint8_t *data, size_t len);
/* Constant time in the bytes encoded (digits are computed, not looked up).
 * The output of a secret is secret: free with pkc_secure_free(out, outlen). */
PKC_API pkc_err pkc_base64_encode(const uint8_t *in, size_t len, char **out, size_t *outlen);
/* Strict: padding required, whitespace ignored, nothing else. Constant time
 * in the digits' values, as pkc_pem_decode. */
PKC_API pkc_err pkc_base64_decode(const char *in, size_t len, uint8_t **out, size_t *outlen);

#ifdef __cplusplus
}
#endif
#endif
