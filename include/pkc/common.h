/* pkc — common definitions: export macro, error codes, secure wipe and
 * free, the version. */
#ifndef PKC_COMMON_H
#define PKC_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "pkc/version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the public API: the only symbols the shared library exports. */
#if defined(__GNUC__)
#define PKC_API __attribute__((visibility("default")))
#else
#define PKC_API
#endif

/* Every fallible library function returns a pkc_err: 0 on success, a
 * negative code otherwise. The library never prints and never exits. */
typedef enum {
    PKC_OK = 0,
    PKC_ERR_ARG = -1,          /* invalid argument (NULL, bad length, unknown name) */
    PKC_ERR_NOMEM = -2,        /* allocation failed */
    PKC_ERR_RNG = -3,          /* the random source failed */
    PKC_ERR_DECODE = -4,       /* malformed encoding (DER, PEM, point, ...) */
    PKC_ERR_VERIFY = -5,       /* signature does not verify */
    PKC_ERR_KEY = -6,          /* invalid or inconsistent key */
    PKC_ERR_POINT = -7,        /* point not on the curve / at infinity / out of range */
    PKC_ERR_RANGE = -8,        /* value out of range (r, s, ciphertext >= n, ...) */
    PKC_ERR_UNSUPPORTED = -9,  /* algorithm, curve or option not supported */
    PKC_ERR_DECRYPT = -10,     /* decryption failed (one error for every cause) */
    PKC_ERR_BUFSIZE = -11,     /* output buffer too small */
    PKC_ERR_RESEED = -12,      /* DRBG reseed required (SP 800-90A 10.1.2.5) */
    PKC_ERR_INTERNAL = -13,    /* internal consistency check failed (e.g. fault) */
    PKC_ERR_ENCODE = -14       /* no encoding exists (Koblitz: no counter gives a point) */
} pkc_err;

/* A short, static, human-readable description of an error code. */
PKC_API const char *pkc_strerror(pkc_err err);

/* Wipes len bytes at p in a way the optimiser cannot remove. */
PKC_API void pkc_memzero(void *p, size_t len);

/* Wipes len bytes and frees p (NULL is fine): for every buffer the
 * library hands over (DER and PEM encodings, decoded secrets), which may
 * hold secrets. Say how long it is: the wipe needs the length. */
PKC_API void pkc_secure_free(void *p, size_t len);

/* The version of the library linked, e.g. "0.2.0" (PKC_VERSION_TEXT of
 * the headers it was built with). */
PKC_API const char *pkc_version(void);

#ifdef __cplusplus
}
#endif
#endif
