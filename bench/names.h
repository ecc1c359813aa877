/* pkc bench — what can be measured: algorithms, operations, their names
 * (docs/results-format.md). The curves are the library's own
 * (include/pkc/curves.h): names, sizes and security levels come from there.
 */
#ifndef PKC_BENCH_NAMES_H
#define PKC_BENCH_NAMES_H

#include <stddef.h>

#include "pkc/curves.h"

typedef enum {
    BENCH_RSA = 0,
    BENCH_ECDSA,
    BENCH_ECDH,
    BENCH_EC,      /* the arithmetic layer by layer (pkc only, src/ec/lab.h) */
    BENCH_SHA256,
    /* AES (bits: the key's, 128 or 256) over a message: ECB and CBC with
     * PKCS#7 padding, CTR, GCM with a 12-byte IV and a 16-byte tag */
    BENCH_AES_ECB,
    BENCH_AES_CBC,
    BENCH_AES_CTR,
    BENCH_AES_GCM,
    BENCH_ECIES,   /* include/pkc/ecies.h over a message, per curve */
    /* RFC 8032 and RFC 7748, bits BENCH_ECX_25519 or BENCH_ECX_448 naming
     * the curve: Ed25519/Ed448 keygen, sign, verify; X25519/X448 keygen,
     * derive */
    BENCH_EDDSA,
    BENCH_XDH,
    BENCH_ALG_COUNT
} bench_alg;

typedef enum {
    BENCH_OP_KEYGEN = 0,
    BENCH_OP_SIGN,
    BENCH_OP_SIGN_PSS,
    BENCH_OP_VERIFY,
    BENCH_OP_VERIFY_PSS,
    BENCH_OP_ENCRYPT,
    BENCH_OP_DECRYPT,
    BENCH_OP_PRIVATE,
    BENCH_OP_PUBLIC,
    BENCH_OP_DERIVE,
    BENCH_OP_POINT_ADD,
    BENCH_OP_POINT_DOUBLE,
    BENCH_OP_SCALAR_MUL,
    BENCH_OP_SCALAR_MUL_BASE,
    BENCH_OP_FIELD_MUL,
    BENCH_OP_FIELD_MUL_PORTABLE, /* binary curves: the multiplier without PCLMULQDQ */
    BENCH_OP_FIELD_SQR,
    BENCH_OP_FIELD_INV,
    BENCH_OP_KOBLITZ_ENCODE, /* a block -> a point (include/pkc/koblitz.h) */
    BENCH_OP_MASSEY_OMURA,   /* the three passes of one block, both parties */
    BENCH_OP_HASH,
    BENCH_OP_HYBRID_ENCRYPT, /* RSA: OAEP-wrapped AES-256-GCM (pkc/rsa_hybrid.h) of a message */
    BENCH_OP_HYBRID_DECRYPT,
    BENCH_OP_COUNT
} bench_op;

const char *bench_alg_name(bench_alg a);        /* "RSA", "ECDSA", ... */
const char *bench_op_name(bench_op op);         /* "keygen", "sign", ... */
int bench_alg_from_name(const char *s, bench_alg *out); /* 0 ok, case-insensitive */
int bench_op_from_name(const char *s, bench_op *out);
/* 1 if op belongs to algorithm a (docs/results-format.md). */
int bench_op_valid(bench_alg a, bench_op op);
/* "keygen, sign, ..." : every operation name, for error messages */
const char *bench_op_list(void);

/* The curve with this SEC, NIST or OpenSSL name (pkc_curve_from_name), or -1. */
int bench_curve_find(const char *name);
/* 1 for a curve over GF(2^m) (sect163k1 ... sect571r1), 0 for a prime one. */
int bench_curve_is_binary(pkc_curve_id curve);
/* 1 for the AES algorithms */
int bench_alg_is_aes(bench_alg a);
/* 1 if the case's size is a message it processes (SHA-256, AES, ECIES,
 * hybrid RSA): its throughput is meaningful */
int bench_alg_op_streams(bench_alg a, bench_op op);
/* the same for a case of this message size: also RSA-OAEP encrypt/decrypt
 * given a message size (the size-sweep scenario's) */
int bench_case_streams(bench_alg a, bench_op op, size_t msg_len);
/* The parameter of the EdDSA and XDH cases: which curve. */
#define BENCH_ECX_25519 25519u
#define BENCH_ECX_448 448u
/* 1 for EdDSA and XDH */
int bench_alg_is_ecx(bench_alg a);
/* "Ed25519", "Ed448", "X25519", "X448"; NULL for another alg or bits */
const char *bench_ecx_name(bench_alg a, unsigned bits);
/* The reverse, any case: 0 ok, -1 unknown */
int bench_ecx_from_name(const char *s, bench_alg *a, unsigned *bits);
/* RFC 7748 section 1: about 128 and 224 bits */
unsigned bench_ecx_security_bits(unsigned bits);
/* field bits: 255 and 448 */
unsigned bench_ecx_field_bits(unsigned bits);

/* NIST SP 800-57 part 1 table 2 strength of an RSA modulus. */
unsigned bench_rsa_security_bits(unsigned bits);

#endif
