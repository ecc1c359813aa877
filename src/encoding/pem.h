/* pkc — PEM blocks (RFC 7468), the internal layer under pkc_pem_decode
 * (include/pkc/der.h): finding one block among others, so that the key-file
 * reader (src/encoding/pkix.c) can skip a block it does not want and look at
 * a block's label before decoding it. Not installed.
 *
 * Offsets are into the text given; nothing is copied. Like the public
 * functions, these never read past len, and they treat the Base64 body as
 * secret: see src/encoding/pem.c for what is branched on.
 */
#ifndef PKC_PEM_H
#define PKC_PEM_H

#include "pkc/common.h"

typedef struct {
    size_t label, labellen; /* the label of the BEGIN line */
    size_t body, bodylen;   /* the text between the BEGIN and the END line */
    size_t next;            /* just past the END line and its line end */
} pkc_pem_block;

/* The first complete block in text[from, len); from is 0 or the start of a
 * line (a previous block's next). PKC_ERR_DECODE if there is none, or the
 * first BEGIN line starts a malformed block (bad label, no matching END). */
pkc_err pkc_pem_block_find(const char *text, size_t len, size_t from, pkc_pem_block *blk);

/* The Base64 body of a block, decoded (malloc'd, free with pkc_secure_free).
 * PKC_ERR_DECODE for bad Base64 and for a block with no data. */
pkc_err pkc_pem_block_decode(const char *text, const pkc_pem_block *blk, uint8_t **der,
                             size_t *derlen);

/* 1 if the body starts with RFC 1421 encapsulated headers ("Proc-Type:"),
 * the form of OpenSSL's traditional encrypted keys. */
int pkc_pem_block_has_headers(const char *text, const pkc_pem_block *blk);

/* 1 if the label of blk is exactly s. */
int pkc_pem_block_label_is(const char *text, const pkc_pem_block *blk, const char *s);

#endif
