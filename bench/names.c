/* pkc bench — names of algorithms and operations (bench/names.h) and the
 * providers compiled into this binary (bench/provider.h). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "names.h"
#include "provider.h"

static const char *const alg_names[BENCH_ALG_COUNT] = {
    "RSA",     "ECDSA",   "ECDH",    "EC",    "SHA-256", "AES-ECB",
    "AES-CBC", "AES-CTR", "AES-GCM", "ECIES", "EdDSA",   "XDH"};

static const char *const op_names[BENCH_OP_COUNT] = {
    "keygen",     "sign",         "sign_pss",        "verify",    "verify_pss",
    "encrypt",    "decrypt",      "private",         "public",    "derive",
    "point_add",  "point_double", "scalar_mul",      "scalar_mul_base",
    "field_mul",  "field_mul_portable", "field_sqr", "field_inv",
    "koblitz_encode", "massey_omura", "hash", "hybrid_encrypt", "hybrid_decrypt"};

const char *bench_alg_name(bench_alg a)
{
    return (unsigned)a < BENCH_ALG_COUNT ? alg_names[a] : "?";
}

const char *bench_op_name(bench_op op)
{
    return (unsigned)op < BENCH_OP_COUNT ? op_names[op] : "?";
}

const char *bench_op_list(void)
{
    static char list[256];
    if (!list[0])
        for (int i = 0; i < BENCH_OP_COUNT; i++) {
            size_t len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", op_names[i]);
        }
    return list;
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
        return op <= BENCH_OP_PUBLIC || op == BENCH_OP_HYBRID_ENCRYPT ||
               op == BENCH_OP_HYBRID_DECRYPT;
    case BENCH_ECDSA:
        return op == BENCH_OP_KEYGEN || op == BENCH_OP_SIGN || op == BENCH_OP_VERIFY;
    case BENCH_ECDH:
        return op == BENCH_OP_KEYGEN || op == BENCH_OP_DERIVE;
    case BENCH_EC:
        return op >= BENCH_OP_POINT_ADD && op <= BENCH_OP_MASSEY_OMURA;
    case BENCH_SHA256:
        return op == BENCH_OP_HASH;
    case BENCH_AES_ECB:
    case BENCH_AES_CBC:
    case BENCH_AES_CTR:
    case BENCH_AES_GCM:
    case BENCH_ECIES:
        return op == BENCH_OP_ENCRYPT || op == BENCH_OP_DECRYPT;
    case BENCH_EDDSA:
        return op == BENCH_OP_KEYGEN || op == BENCH_OP_SIGN || op == BENCH_OP_VERIFY;
    case BENCH_XDH:
        return op == BENCH_OP_KEYGEN || op == BENCH_OP_DERIVE;
    default:
        return 0;
    }
}

int bench_alg_is_ecx(bench_alg a)
{
    return a == BENCH_EDDSA || a == BENCH_XDH;
}

static const struct {
    bench_alg alg;
    unsigned bits;
    const char *name;
} ecx_names[] = {{BENCH_EDDSA, BENCH_ECX_25519, "Ed25519"},
                 {BENCH_EDDSA, BENCH_ECX_448, "Ed448"},
                 {BENCH_XDH, BENCH_ECX_25519, "X25519"},
                 {BENCH_XDH, BENCH_ECX_448, "X448"}};

const char *bench_ecx_name(bench_alg a, unsigned bits)
{
    for (size_t i = 0; i < sizeof ecx_names / sizeof ecx_names[0]; i++)
        if (ecx_names[i].alg == a && ecx_names[i].bits == bits)
            return ecx_names[i].name;
    return NULL;
}

int bench_ecx_from_name(const char *s, bench_alg *a, unsigned *bits)
{
    for (size_t i = 0; i < sizeof ecx_names / sizeof ecx_names[0]; i++)
        if (strcasecmp(s, ecx_names[i].name) == 0) {
            *a = ecx_names[i].alg;
            *bits = ecx_names[i].bits;
            return 0;
        }
    return -1;
}

unsigned bench_ecx_security_bits(unsigned bits)
{
    return bits == BENCH_ECX_25519 ? 128 : bits == BENCH_ECX_448 ? 224 : 0;
}

unsigned bench_ecx_field_bits(unsigned bits)
{
    return bits == BENCH_ECX_25519 ? 255 : bits == BENCH_ECX_448 ? 448 : 0;
}

int bench_alg_is_aes(bench_alg a)
{
    return a >= BENCH_AES_ECB && a <= BENCH_AES_GCM;
}

int bench_alg_op_streams(bench_alg a, bench_op op)
{
    return a == BENCH_SHA256 || bench_alg_is_aes(a) || a == BENCH_ECIES ||
           op == BENCH_OP_HYBRID_ENCRYPT || op == BENCH_OP_HYBRID_DECRYPT;
}

int bench_case_streams(bench_alg a, bench_op op, size_t msg_len)
{
    return msg_len && (bench_alg_op_streams(a, op) ||
                       (a == BENCH_RSA && (op == BENCH_OP_ENCRYPT || op == BENCH_OP_DECRYPT)));
}

int bench_curve_find(const char *name)
{
    pkc_curve_id id;
    return pkc_curve_from_name(name, &id) == PKC_OK ? (int)id : -1;
}

int bench_curve_is_binary(pkc_curve_id curve)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    return ci && ci->field == PKC_FIELD_BINARY;
}

int bench_aes_every_mode(bench_alg mode, unsigned bits)
{
    return bench_alg_is_aes(mode) && (bits == 128 || bits == 192 || bits == 256);
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

/* ---- the providers compiled in ----------------------------------------------
 * CMake compiles bench/prov_<peer>.c when the peer library is found and
 * defines PKC_BENCH_PROV_<PEER> for it. */

extern const bench_provider bench_prov_pkc, bench_prov_pkc_affine, bench_prov_pkc_textbook,
    bench_prov_pkc_portable, bench_prov_pkc_cached, bench_prov_pkc_affine_cached;
#ifdef PKC_BENCH_PROV_OPENSSL
extern const bench_provider bench_prov_openssl;
#endif
#ifdef PKC_BENCH_PROV_SECP256K1
extern const bench_provider bench_prov_secp256k1;
#endif
#ifdef PKC_BENCH_PROV_SODIUM
extern const bench_provider bench_prov_sodium;
#endif
#ifdef PKC_BENCH_PROV_NETTLE
extern const bench_provider bench_prov_nettle;
#endif
#ifdef PKC_BENCH_PROV_MBEDTLS
extern const bench_provider bench_prov_mbedtls;
#endif
#ifdef PKC_BENCH_PROV_WOLFSSL
extern const bench_provider bench_prov_wolfssl, bench_prov_wolfssl_cached;
#endif
#ifdef PKC_BENCH_PROV_GCRYPT
extern const bench_provider bench_prov_gcrypt;
#endif

const bench_provider *const bench_providers[] = {
    &bench_prov_pkc,
    &bench_prov_pkc_affine,
    &bench_prov_pkc_textbook,
    &bench_prov_pkc_portable,
    &bench_prov_pkc_cached,
    &bench_prov_pkc_affine_cached,
#ifdef PKC_BENCH_PROV_OPENSSL
    &bench_prov_openssl,
#endif
#ifdef PKC_BENCH_PROV_SECP256K1
    &bench_prov_secp256k1,
#endif
#ifdef PKC_BENCH_PROV_NETTLE
    &bench_prov_nettle,
#endif
#ifdef PKC_BENCH_PROV_MBEDTLS
    &bench_prov_mbedtls,
#endif
#ifdef PKC_BENCH_PROV_WOLFSSL
    &bench_prov_wolfssl,
    &bench_prov_wolfssl_cached,
#endif
#ifdef PKC_BENCH_PROV_GCRYPT
    &bench_prov_gcrypt,
#endif
#ifdef PKC_BENCH_PROV_SODIUM
    &bench_prov_sodium,
#endif
};
const size_t bench_nproviders = sizeof bench_providers / sizeof bench_providers[0];

const char *bench_provider_canonical(const char *name)
{
    if (strcasecmp(name, "secp256k1") == 0 || strcasecmp(name, "libsecp") == 0)
        return "libsecp256k1";
    if (strcasecmp(name, "sodium") == 0 || strcasecmp(name, "nacl") == 0)
        return "libsodium";
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
