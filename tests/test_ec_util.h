/* pkc tests — small helpers shared by the elliptic-curve protocol tests
 * (test_ecdsa*.c, test_ecdh*.c, test_ec_key*.c, test_ec_ctime.c). */
#ifndef PKC_TEST_EC_UTIL_H
#define PKC_TEST_EC_UTIL_H

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pkc/curves.h"
#include "pkc/ec.h"
#include "pkc/hash.h"

static inline int ecu_hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Parses a hex integer of any number of digits (spaces ignored) into
 * exactly outlen big-endian bytes, left-padded. Returns -1 on bad hex or
 * if the value does not fit. */
static inline int ecu_hex_fixed(const char *hex, uint8_t *out, size_t outlen)
{
    size_t nd = 0;
    for (const char *p = hex; *p; p++) {
        if (isspace((unsigned char)*p))
            continue;
        if (ecu_hexval((unsigned char)*p) < 0)
            return -1;
        nd++;
    }
    memset(out, 0, outlen);
    /* walk the digits from the least significant end */
    size_t pos = 0; /* digit index from the right */
    for (const char *p = hex + strlen(hex); p-- > hex;) {
        int v = ecu_hexval((unsigned char)*p);
        if (v < 0)
            continue;
        size_t byte = pos / 2;
        if (byte >= outlen) {
            if (v != 0)
                return -1;
        } else {
            out[outlen - 1 - byte] |= (uint8_t)(pos % 2 ? v << 4 : v);
        }
        pos++;
    }
    (void)nd;
    return 0;
}

/* A hex byte string (odd digit counts get a leading zero); malloc'd. */
static inline uint8_t *ecu_hex(const char *hex, size_t *len)
{
    size_t nd = 0;
    for (const char *p = hex; *p; p++)
        if (!isspace((unsigned char)*p))
            nd++;
    size_t n = (nd + 1) / 2;
    uint8_t *out = malloc(n ? n : 1);
    if (!out)
        return NULL;
    if (ecu_hex_fixed(hex, out, n) != 0) {
        free(out);
        return NULL;
    }
    *len = n;
    return out;
}

/* "P-256", "K-256" (CAVP's name for secp256k1), "secp256r1", "prime256v1", ... */
static inline int ecu_curve(const char *name, pkc_curve_id *id)
{
    if (strcasecmp(name, "K-256") == 0) {
        *id = PKC_CURVE_SECP256K1;
        return 0;
    }
    return pkc_curve_from_name(name, id) == PKC_OK ? 0 : -1;
}

/* "SHA-1", "SHA1", "SHA-256", "SHA256", ... */
static inline int ecu_hash(const char *name, pkc_hash_alg *alg)
{
    char buf[16];
    size_t n = 0;
    for (const char *p = name; *p && n + 1 < sizeof buf; p++)
        if (*p != '-')
            buf[n++] = (char)tolower((unsigned char)*p);
    buf[n] = 0;
    static const struct {
        const char *n;
        pkc_hash_alg a;
    } t[] = {{"sha1", PKC_HASH_SHA1},     {"sha224", PKC_HASH_SHA224}, {"sha256", PKC_HASH_SHA256},
             {"sha384", PKC_HASH_SHA384}, {"sha512", PKC_HASH_SHA512}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(buf, t[i].n) == 0) {
            *alg = t[i].a;
            return 0;
        }
    return -1;
}

static const pkc_hash_alg ecu_sig_hashes[] = {PKC_HASH_SHA224, PKC_HASH_SHA256, PKC_HASH_SHA384,
                                               PKC_HASH_SHA512};

static inline const char *ecu_curve_name(pkc_curve_id id)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    return ci ? ci->name : "?";
}

#endif
