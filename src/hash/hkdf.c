/* pkc — HKDF (RFC 5869): HMAC-based extract-and-expand key derivation. */
#include <string.h>

#include "kdf_parts.h"
#include "pkc/hmac.h"

/* RFC 5869 section 2.2: PRK = HMAC-Hash(salt, IKM); an absent salt is
 * HashLen zero bytes. */
pkc_err pkc_hkdf_extract(pkc_hash_alg alg, const uint8_t *salt, size_t saltlen,
                         const uint8_t *ikm, size_t ikmlen, uint8_t *prk)
{
    static const uint8_t zeros[PKC_HASH_MAX_SIZE];
    size_t hl = pkc_hash_size(alg);
    if (hl == 0 || !prk || (!salt && saltlen) || (!ikm && ikmlen))
        return PKC_ERR_ARG;
    if (!salt || saltlen == 0) {
        salt = zeros;
        saltlen = hl;
    }
    return pkc_hmac(alg, salt, saltlen, ikm, ikmlen, prk);
}

/* RFC 5869 section 2.3: T(0) = empty, T(i) = HMAC-Hash(PRK, T(i-1) | info | i),
 * OKM = the first L bytes of T(1) | T(2) | ..., L <= 255 * HashLen.
 * The key schedule of HMAC(PRK, .) is computed once and copied per block.
 * okm must not overlap info (it may overlap prk, which is read first). */
pkc_err pkc_hkdf_expand_parts(pkc_hash_alg alg, const uint8_t *prk, size_t prklen,
                              const uint8_t *info1, size_t len1, const uint8_t *info2,
                              size_t len2, uint8_t *okm, size_t okmlen)
{
    size_t hl = pkc_hash_size(alg);
    pkc_hmac_ctx keyed, c;
    uint8_t t[PKC_HASH_MAX_SIZE];
    if (hl == 0 || (!prk && prklen) || (!info1 && len1) || (!info2 && len2) ||
        (!okm && okmlen))
        return PKC_ERR_ARG;
    if (okmlen > 255 * hl)
        return PKC_ERR_ARG;
    pkc_err e = pkc_hmac_init(&keyed, alg, prk, prklen);
    if (e != PKC_OK)
        return e;
    size_t done = 0;
    for (unsigned i = 1; done < okmlen; i++) {
        uint8_t ctr = (uint8_t)i;
        c = keyed;
        if (i > 1)
            pkc_hmac_update(&c, t, hl);
        pkc_hmac_update(&c, info1, len1);
        pkc_hmac_update(&c, info2, len2);
        pkc_hmac_update(&c, &ctr, 1);
        pkc_hmac_final(&c, t);
        size_t take = okmlen - done < hl ? okmlen - done : hl;
        memcpy(okm + done, t, take);
        done += take;
    }
    pkc_memzero(&keyed, sizeof keyed);
    pkc_memzero(t, sizeof t);
    return PKC_OK;
}

pkc_err pkc_hkdf_expand(pkc_hash_alg alg, const uint8_t *prk, size_t prklen,
                        const uint8_t *info, size_t infolen, uint8_t *okm, size_t okmlen)
{
    return pkc_hkdf_expand_parts(alg, prk, prklen, info, infolen, NULL, 0, okm, okmlen);
}

pkc_err pkc_hkdf(pkc_hash_alg alg, const uint8_t *salt, size_t saltlen, const uint8_t *ikm,
                 size_t ikmlen, const uint8_t *info, size_t infolen, uint8_t *okm, size_t okmlen)
{
    uint8_t prk[PKC_HASH_MAX_SIZE];
    pkc_err e = pkc_hkdf_extract(alg, salt, saltlen, ikm, ikmlen, prk);
    if (e == PKC_OK)
        e = pkc_hkdf_expand(alg, prk, pkc_hash_size(alg), info, infolen, okm, okmlen);
    pkc_memzero(prk, sizeof prk);
    return e;
}
