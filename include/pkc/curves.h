/* pkc — the elliptic curves pkc implements (SEC 2 v2, and ANSI X9.62's
 * prime239v1): over prime fields and over binary fields GF(2^m), their
 * names, OIDs and security levels. Ids are stable: a new curve is appended,
 * so the prime curves are not a contiguous range (use pkc_curve_info.field). */
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
    /* binary fields: y^2 + xy = x^3 + a x^2 + b over GF(2^m) */
    PKC_CURVE_SECT163K1,   /* K-163 */
    PKC_CURVE_SECT163R2,   /* B-163 */
    PKC_CURVE_SECT233K1,   /* K-233 */
    PKC_CURVE_SECT233R1,   /* B-233 */
    PKC_CURVE_SECT283K1,   /* K-283 */
    PKC_CURVE_SECT283R1,   /* B-283 */
    PKC_CURVE_SECT409K1,   /* K-409 */
    PKC_CURVE_SECT409R1,   /* B-409 */
    PKC_CURVE_SECT571K1,   /* K-571 */
    PKC_CURVE_SECT571R1,   /* B-571 */
    /* prime fields again, after the binary ids (which stay as published) */
    PKC_CURVE_PRIME239V1,  /* ANSI X9.62 prime239v1, a = -3 */
    PKC_CURVE_COUNT
} pkc_curve_id;

#define PKC_EC_MAX_FIELD_BYTES 72 /* sect571: 571 bits */
#define PKC_EC_MAX_ORDER_BYTES 72
/* 0x04 || X || Y */
#define PKC_EC_MAX_POINT_BYTES (1 + 2 * PKC_EC_MAX_FIELD_BYTES)

typedef enum {
    PKC_FIELD_PRIME = 0,  /* GF(p): y^2 = x^3 + a x + b */
    PKC_FIELD_BINARY = 1  /* GF(2^m), polynomial basis: y^2 + xy = x^3 + a x^2 + b */
} pkc_field_kind;

typedef struct {
    pkc_curve_id id;
    const char *name;          /* SEC 2 name: "secp256r1" */
    const char *nist_name;     /* "P-256", or NULL */
    const char *openssl_name;  /* name OpenSSL uses: "prime256v1", "secp384r1", ... */
    const char *oid;           /* dotted: "1.2.840.10045.3.1.7" */
    unsigned field_bits;       /* bit length of p; m for GF(2^m) */
    unsigned order_bits;       /* bit length of n */
    size_t field_bytes;
    size_t order_bytes;
    unsigned security_bits;    /* NIST SP 800-57 part 1, table 2: 80/112/128/192/256 */
    unsigned rsa_bits;         /* RSA modulus of equal strength: 1024/2048/3072/7680/15360 */
    int a_is_minus3;           /* a = -3 (the prime r curves) */
    int a_is_zero;             /* a = 0 (the prime k curves, and the binary K-233 ... K-571) */
    /* big-endian, field_bytes (n: order_bytes); for a binary field p is the
     * reduction polynomial f(z) (bit i the coefficient of z^i), a, b, gx, gy
     * polynomials of degree < m */
    const uint8_t *p, *a, *b, *gx, *gy, *n;
    unsigned cofactor;         /* 1 for the prime curves; 2 or 4 for the binary ones */
    pkc_field_kind field;
    /* binary fields: f(z) = z^m + z^k3 + z^k2 + z^k1 + 1 (pentanomial) or
     * z^m + z^k1 + 1 (trinomial: k2 = k3 = 0); all 0 for prime fields */
    unsigned poly_k[3];
} pkc_curve_info;

/* NULL for an id out of range. */
PKC_API const pkc_curve_info *pkc_curve_info_get(pkc_curve_id id);
/* Case-insensitive; accepts SEC, NIST ("P-256") and OpenSSL ("prime256v1")
 * names. PKC_ERR_UNSUPPORTED for anything else. */
PKC_API pkc_err pkc_curve_from_name(const char *name, pkc_curve_id *id);
/* From the content bytes of a named-curve OID. */
PKC_API pkc_err pkc_curve_from_oid(const uint8_t *oid, size_t oidlen, pkc_curve_id *id);

/* Binary-field multiplication: PCLMULQDQ (carry-less multiply) where the
 * CPU has it, else a portable constant-time routine; AUTO (the default)
 * chooses by cpuid. Process-wide, for tests and benchmarks; forcing CLMUL on
 * a CPU without it is PKC_ERR_UNSUPPORTED. */
typedef enum {
    PKC_GF2M_IMPL_AUTO = 0,
    PKC_GF2M_IMPL_PORTABLE = 1,
    PKC_GF2M_IMPL_CLMUL = 2
} pkc_gf2m_impl;
PKC_API pkc_err pkc_gf2m_set_impl(pkc_gf2m_impl impl);
/* 1 if this CPU has PCLMULQDQ (and pkc was built with that path). */
PKC_API int pkc_gf2m_have_clmul(void);

/* Prime-field multiplication for P-384 (the 6-limb Montgomery field):
 * MULX/ADCX/ADOX where the CPU has BMI2 and ADX, else portable C; AUTO
 * (the default) chooses by cpuid. The other prime curves have one
 * implementation. Process-wide, for tests and benchmarks; forcing ADX on a
 * CPU without it is PKC_ERR_UNSUPPORTED. */
typedef enum {
    PKC_ECP_IMPL_AUTO = 0,
    PKC_ECP_IMPL_PORTABLE = 1,
    PKC_ECP_IMPL_ADX = 2
} pkc_ecp_impl;
PKC_API pkc_err pkc_ecp_set_impl(pkc_ecp_impl impl);
/* 1 if this CPU has BMI2 and ADX (and pkc was built with that path). */
PKC_API int pkc_ecp_have_adx(void);

#ifdef __cplusplus
}
#endif
#endif
