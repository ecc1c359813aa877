/* pkc bench — names of algorithms, operations, curves and the providers
 * compiled into this binary. */
#include <string.h>
#include <strings.h>

#include "bench.h"

static const char *const alg_names[BENCH_ALG_COUNT] = {"RSA", "ECDSA", "ECDH", "EC", "SHA-256"};

static const char *const op_names[BENCH_OP_COUNT] = {
    "keygen",  "sign",   "sign_pss", "verify",    "verify_pss",   "encrypt",    "decrypt",
    "private", "public", "derive",   "point_add", "point_double", "scalar_mul", "scalar_mul_base",
    "hash"};

const char *bench_alg_name(bench_alg a)
{
    return (unsigned)a < BENCH_ALG_COUNT ? alg_names[a] : "?";
}

const char *bench_op_name(bench_op op)
{
    return (unsigned)op < BENCH_OP_COUNT ? op_names[op] : "?";
}

int bench_alg_from_name(const char *s, bench_alg *out)
{
    for (int i = 0; i < BENCH_ALG_COUNT; i++)
        if (strcasecmp(s, alg_names[i]) == 0) {
            *out = (bench_alg)i;
            return 0;
        }
    if (strcasecmp(s, "sha256") == 0) {
        *out = BENCH_SHA256;
        return 0;
    }
    return -1;
}

int bench_op_from_name(const char *s, bench_op *out)
{
    for (int i = 0; i < BENCH_OP_COUNT; i++)
        if (strcasecmp(s, op_names[i]) == 0) {
            *out = (bench_op)i;
            return 0;
        }
    return -1;
}

int bench_op_valid(bench_alg a, bench_op op)
{
    switch (a) {
    case BENCH_RSA:
        return op <= BENCH_OP_PUBLIC;
    case BENCH_ECDSA:
        return op == BENCH_OP_KEYGEN || op == BENCH_OP_SIGN || op == BENCH_OP_VERIFY;
    case BENCH_ECDH:
        return op == BENCH_OP_KEYGEN || op == BENCH_OP_DERIVE;
    case BENCH_EC:
        return op >= BENCH_OP_POINT_ADD && op <= BENCH_OP_SCALAR_MUL_BASE;
    case BENCH_SHA256:
        return op == BENCH_OP_HASH;
    default:
        return 0;
    }
}

/* SEC 2 v2; strength by NIST SP 800-57 part 1 table 2 (order size). */
const bench_curve bench_curves[BENCH_NCURVES] = {
    {"secp192k1", "secp192k1", 192, 24, 80},  {"secp192r1", "prime192v1", 192, 24, 80},
    {"secp224k1", "secp224k1", 224, 29, 112}, {"secp224r1", "secp224r1", 224, 28, 112},
    {"secp256k1", "secp256k1", 256, 32, 128}, {"secp256r1", "prime256v1", 256, 32, 128},
    {"secp384r1", "secp384r1", 384, 48, 192}, {"secp521r1", "secp521r1", 521, 66, 256},
};

int bench_curve_find(const char *name)
{
    static const char *const nist[BENCH_NCURVES] = {NULL,    "P-192", NULL,    "P-224",
                                                    NULL,    "P-256", "P-384", "P-521"};
    for (int i = 0; i < BENCH_NCURVES; i++) {
        if (strcasecmp(name, bench_curves[i].name) == 0 ||
            strcasecmp(name, bench_curves[i].openssl_name) == 0 ||
            (nist[i] && (strcasecmp(name, nist[i]) == 0 ||
                         (strncasecmp(name, "P", 1) == 0 && strcasecmp(name + 1, nist[i] + 2) == 0))))
            return i;
    }
    return -1;
}

unsigned bench_rsa_security_bits(unsigned bits)
{
    if (bits >= 15360)
        return 256;
    if (bits >= 7680)
        return 192;
    if (bits >= 3072)
        return 128;
    if (bits >= 2048)
        return 112;
    if (bits >= 1024)
        return 80;
    return 0;
}

#define BENCH_READY_SECP256K1 1
#define BENCH_READY_NETTLE 1
#define BENCH_READY_MBEDTLS 1
#define BENCH_READY_WOLFSSL 1
#define BENCH_READY_GCRYPT 1

/* ---- the providers compiled in --------------------------------------------- */

extern const bench_provider bench_prov_pkc, bench_prov_pkc_affine, bench_prov_pkc_textbook,
    bench_prov_pkc_portable;
#ifdef PKC_HAVE_OPENSSL
extern const bench_provider bench_prov_openssl;
#endif
#if defined(PKC_HAVE_SECP256K1) && BENCH_READY_SECP256K1
extern const bench_provider bench_prov_secp256k1;
#endif
#if defined(PKC_HAVE_NETTLE) && BENCH_READY_NETTLE
extern const bench_provider bench_prov_nettle;
#endif
#if defined(PKC_HAVE_MBEDTLS) && BENCH_READY_MBEDTLS
extern const bench_provider bench_prov_mbedtls;
#endif
#if defined(PKC_HAVE_WOLFSSL) && BENCH_READY_WOLFSSL
extern const bench_provider bench_prov_wolfssl;
#endif
#if defined(PKC_HAVE_GCRYPT) && BENCH_READY_GCRYPT
extern const bench_provider bench_prov_gcrypt;
#endif

const bench_provider *const bench_providers[] = {
    &bench_prov_pkc,
    &bench_prov_pkc_affine,
    &bench_prov_pkc_textbook,
    &bench_prov_pkc_portable,
#ifdef PKC_HAVE_OPENSSL
    &bench_prov_openssl,
#endif
#if defined(PKC_HAVE_SECP256K1) && BENCH_READY_SECP256K1
    &bench_prov_secp256k1,
#endif
#if defined(PKC_HAVE_NETTLE) && BENCH_READY_NETTLE
    &bench_prov_nettle,
#endif
#if defined(PKC_HAVE_MBEDTLS) && BENCH_READY_MBEDTLS
    &bench_prov_mbedtls,
#endif
#if defined(PKC_HAVE_WOLFSSL) && BENCH_READY_WOLFSSL
    &bench_prov_wolfssl,
#endif
#if defined(PKC_HAVE_GCRYPT) && BENCH_READY_GCRYPT
    &bench_prov_gcrypt,
#endif
};
const size_t bench_nproviders = sizeof bench_providers / sizeof bench_providers[0];

const char *bench_provider_canonical(const char *name)
{
    if (strcasecmp(name, "secp256k1") == 0 || strcasecmp(name, "libsecp") == 0)
        return "libsecp256k1";
    if (strcasecmp(name, "libgcrypt") == 0)
        return "gcrypt";
    if (strcasecmp(name, "hogweed") == 0)
        return "nettle";
    if (strcasecmp(name, "mbedcrypto") == 0)
        return "mbedtls";
    return name;
}

const bench_provider *bench_provider_find(const char *name)
{
    name = bench_provider_canonical(name);
    for (size_t i = 0; i < bench_nproviders; i++)
        if (strcasecmp(bench_providers[i]->name, name) == 0)
            return bench_providers[i];
    return NULL;
}
