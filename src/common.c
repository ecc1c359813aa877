/* pkc — error strings, secure wipe, version. */
#include <string.h>

#include "pkc/common.h"

const char *pkc_strerror(pkc_err err)
{
    switch (err) {
    case PKC_OK: return "success";
    case PKC_ERR_ARG: return "invalid argument";
    case PKC_ERR_NOMEM: return "out of memory";
    case PKC_ERR_RNG: return "random source failed";
    case PKC_ERR_DECODE: return "malformed encoding";
    case PKC_ERR_VERIFY: return "signature verification failed";
    case PKC_ERR_KEY: return "invalid key";
    case PKC_ERR_POINT: return "invalid point";
    case PKC_ERR_RANGE: return "value out of range";
    case PKC_ERR_UNSUPPORTED: return "unsupported algorithm or parameter";
    case PKC_ERR_DECRYPT: return "decryption failed";
    case PKC_ERR_BUFSIZE: return "output buffer too small";
    case PKC_ERR_RESEED: return "DRBG reseed required";
    case PKC_ERR_INTERNAL: return "internal consistency check failed";
    case PKC_ERR_ENCODE: return "no curve point encodes this block";
    }
    return "unknown error";
}

void pkc_memzero(void *p, size_t len)
{
    if (len == 0)
        return;
    memset(p, 0, len);
    /* The empty asm with p as input and a memory clobber keeps the store. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

const char *pkc_version(void)
{
    return PKC_VERSION_TEXT;
}
