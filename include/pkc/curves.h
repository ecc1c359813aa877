/* pkc — the elliptic curves over prime fields pkc implements (SEC 2 v2),
 * their names, OIDs and security levels. */
#ifndef PKC_CURVES_H
#define PKC_CURVES_H

#include "pkc/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    PKC_CURVE_SECP192K1 = 0,
    PKC_CURVE_SECP192R1,   /* P-192, prime192v1 */
    PKC_CURVE_SECP224K1,
    PKC_CURVE_SECP224R1,   /* P-224 */
    PKC_CURVE_SECP256K1,
    PKC_CURVE_SECP256R1,   /* P-256, prime256v1 */
    PKC_CURVE_SECP384R1,   /* P-384 */
    PKC_CURVE_SECP521R1,   /* P-521 */
    PKC_CURVE_COUNT
} pkc_curve_id;

#define PKC_EC_MAX_FIELD_BYTES 66
#define PKC_EC_MAX_ORDER_BYTES 66
/* 0x04 || X || Y */
#define PKC_EC_MAX_POINT_BYTES (1 + 2 * PKC_EC_MAX_FIELD_BYTES)

typedef struct {
    pkc_curve_id id;
    const char *name;          /* SEC 2 name: "secp256r1" */
    const char *nist_name;     /* "P-256", or NULL */
    const char *openssl_name;  /* name OpenSSL uses: "prime256v1", "secp384r1", ... */
    const char *oid;           /* dotted: "1.2.840.10045.3.1.7" */
    unsigned field_bits;       /* bit length of p */
    unsigned order_bits;       /* bit length of n */
    size_t field_bytes;
    size_t order_bytes;
    unsigned security_bits;    /* NIST SP 800-57 part 1, table 2: 80/112/128/192/256 */
    unsigned rsa_bits;         /* RSA modulus of equal strength: 1024/2048/3072/7680/15360 */
    int a_is_minus3;           /* a = -3 (the r curves) */
    int a_is_zero;             /* a = 0 (the k curves) */
    const uint8_t *p, *a, *b, *gx, *gy, *n; /* big-endian, field_bytes (n: order_bytes) */
    unsigned cofactor;         /* 1 for all of them */
} pkc_curve_info;

/* NULL for an id out of range. */
PKC_API const pkc_curve_info *pkc_curve_info_get(pkc_curve_id id);
/* Case-insensitive; accepts SEC, NIST ("P-256") and OpenSSL ("prime256v1")
 * names. PKC_ERR_UNSUPPORTED for anything else. */
PKC_API pkc_err pkc_curve_from_name(const char *name, pkc_curve_id *id);
/* From the content bytes of a named-curve OID. */
PKC_API pkc_err pkc_curve_from_oid(const uint8_t *oid, size_t oidlen, pkc_curve_id *id);

#ifdef __cplusplus
}
#endif
#endif
