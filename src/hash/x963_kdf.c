/* pkc — the ANSI X9.63 key derivation function (SEC 1 v2 section 3.6.1):
 * K = Hash(Z || 00000001 || SharedInfo) || Hash(Z || 00000002 || SharedInfo)
 * || ..., truncated to the length asked for. */
#include <string.h>

#include "kdf_parts.h"
#include "pkc/hash.h"

pkc_err pkc_x963_kdf_parts(pkc_hash_alg alg, const uint8_t *z, size_t zlen,
                           const uint8_t *info1, size_t len1, const uint8_t *info2, size_t len2,
                           uint8_t *out, size_t outlen)
{
    size_t hl = pkc_hash_size(alg);
    if (hl == 0 || (!z && zlen) || (!info1 && len1) || (!info2 && len2) || (!out && outlen))
        return PKC_ERR_ARG;
    /* SEC 1 3.6.1 step 2: keydatalen < hashlen * (2^32 - 1) */
    if (outlen / hl >= 0xffffffffu)
        return PKC_ERR_ARG;
    pkc_hash_ctx zc, c;
    uint8_t t[PKC_HASH_MAX_SIZE];
    pkc_err e = pkc_hash_init(&zc, alg);
    if (e != PKC_OK)
        return e;
    pkc_hash_update(&zc, z, zlen);
    size_t done = 0;
    for (uint32_t i = 1; done < outlen; i++) {
        uint8_t ctr[4] = {(uint8_t)(i >> 24), (uint8_t)(i >> 16), (uint8_t)(i >> 8), (uint8_t)i};
        c = zc;
        pkc_hash_update(&c, ctr, sizeof ctr);
        pkc_hash_update(&c, info1, len1);
        pkc_hash_update(&c, info2, len2);
        pkc_hash_final(&c, t);
        size_t take = outlen - done < hl ? outlen - done : hl;
        memcpy(out + done, t, take);
        done += take;
    }
    pkc_memzero(&zc, sizeof zc);
    pkc_memzero(t, sizeof t);
    return PKC_OK;
}

pkc_err pkc_x963_kdf(pkc_hash_alg alg, const uint8_t *z, size_t zlen, const uint8_t *info,
                     size_t infolen, uint8_t *out, size_t outlen)
{
    return pkc_x963_kdf_parts(alg, z, zlen, info, infolen, NULL, 0, out, outlen);
}
