/* pkc — HMAC (RFC 2104; FIPS 198-1) over any pkc_hash_alg.
 *
 * pkc_hmac_init absorbs the padded key blocks K ^ ipad and K ^ opad into
 * the inner and outer hash contexts once; each of those is exactly one
 * block (for SHA3-*, one rate-sized block, as in NIST's HMAC-SHA3
 * examples), so the contexts then hold only the chaining state. A keyed context
 * can therefore be copied (struct assignment) and reused for many messages
 * under the same key without rehashing the key: HKDF-Expand and the DRBG
 * rely on this.
 */
#include <string.h>

#include "pkc/hmac.h"

pkc_err pkc_hmac_init(pkc_hmac_ctx *ctx, pkc_hash_alg alg, const uint8_t *key, size_t keylen)
{
    uint8_t k[PKC_HASH_MAX_BLOCK];
    size_t bs = pkc_hash_block_size(alg);
    if (!ctx)
        return PKC_ERR_ARG;
    if (bs == 0 || (!key && keylen)) {
        memset(ctx, 0, sizeof *ctx);
        return PKC_ERR_ARG;
    }
    /* RFC 2104 section 2: a key longer than the block is replaced by its
     * hash; then it is padded with zeros to the block length. */
    memset(k, 0, sizeof k);
    if (keylen > bs)
        pkc_hash(alg, key, keylen, k);
    else if (keylen)
        memcpy(k, key, keylen);

    for (size_t i = 0; i < bs; i++)
        k[i] ^= 0x36;
    pkc_hash_init(&ctx->inner, alg);
    pkc_hash_update(&ctx->inner, k, bs);
    for (size_t i = 0; i < bs; i++)
        k[i] ^= 0x36 ^ 0x5c;
    pkc_hash_init(&ctx->outer, alg);
    pkc_hash_update(&ctx->outer, k, bs);
    pkc_memzero(k, sizeof k);
    return PKC_OK;
}

void pkc_hmac_update(pkc_hmac_ctx *ctx, const void *data, size_t len)
{
    pkc_hash_update(&ctx->inner, data, len);
}

void pkc_hmac_final(pkc_hmac_ctx *ctx, uint8_t *out)
{
    uint8_t ih[PKC_HASH_MAX_SIZE];
    size_t n = pkc_hash_size(ctx->inner.alg);
    if (n == 0) { /* init failed: nothing sensible to write */
        pkc_memzero(ctx, sizeof *ctx);
        return;
    }
    /* H(K ^ opad || H(K ^ ipad || text)) */
    pkc_hash_final(&ctx->inner, ih);
    pkc_hash_update(&ctx->outer, ih, n);
    pkc_hash_final(&ctx->outer, out);
    pkc_memzero(ih, sizeof ih);
    pkc_memzero(ctx, sizeof *ctx);
}

pkc_err pkc_hmac(pkc_hash_alg alg, const uint8_t *key, size_t keylen, const void *msg,
                 size_t msglen, uint8_t *out)
{
    pkc_hmac_ctx ctx;
    if (!out || (!msg && msglen))
        return PKC_ERR_ARG;
    pkc_err e = pkc_hmac_init(&ctx, alg, key, keylen);
    if (e != PKC_OK)
        return e;
    pkc_hmac_update(&ctx, msg, msglen);
    pkc_hmac_final(&ctx, out);
    return PKC_OK;
}
