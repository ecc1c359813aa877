/* pkc — AES-GCM (include/pkc/gcm.h): AES-CTR with the 32-bit counter of
 * SP 800-38D (the AES module's CTR increments the whole block, so a
 * stretch of data whose low counter word would wrap is split at the wrap),
 * and GHASH (src/sym/ghash.h). The one-shot functions run on the streaming
 * context: whole blocks go to the AES and GHASH bulk paths either way. */
#include <string.h>

#include "ct.h"
#include "gcm_internal.h"
#include "ghash.h"

_Static_assert(sizeof(((pkc_gcm_key *)0)->ghash) == sizeof(pkc_ghash_key),
               "pkc_gcm_key holds a pkc_ghash_key");

static const pkc_ghash_key *gh(const pkc_gcm_key *key)
{
    return (const pkc_ghash_key *)(const void *)key->ghash;
}

pkc_err pkc_gcm_set_key(pkc_gcm_key *key, const uint8_t *k, size_t len)
{
    if (!key || !k)
        return PKC_ERR_ARG;
    memset(key, 0, sizeof *key);
    pkc_err err = pkc_aes_set_key(&key->aes, k, len);
    if (err != PKC_OK)
        return err;
    uint8_t H[16] = {0};
    pkc_aes_encrypt_block(&key->aes, H, H);
    pkc_ghash_key_init((pkc_ghash_key *)(void *)key->ghash, H);
    pkc_memzero(H, sizeof H);
    return PKC_OK;
}

void pkc_gcm_key_wipe(pkc_gcm_key *key)
{
    if (key)
        pkc_memzero(key, sizeof *key);
}

/* J0 (SP 800-38D 7.1 step 2) */
static void j0_of(const pkc_gcm_key *key, const uint8_t *iv, size_t ivlen, uint8_t j0[16])
{
    if (ivlen == PKC_GCM_IV_SIZE) {
        memcpy(j0, iv, 12);
        j0[12] = j0[13] = j0[14] = 0;
        j0[15] = 1;
    } else {
        pkc_ghash(gh(key), NULL, 0, iv, ivlen, j0);
    }
}

/* ---- the streaming context --------------------------------------------------- */

_Static_assert(sizeof(((pkc_gcm_ctx *)0)->ghash) >= sizeof(pkc_ghash_ctx) &&
                   _Alignof(uint64_t) >= _Alignof(pkc_ghash_ctx),
               "pkc_gcm_ctx holds a pkc_ghash_ctx");

/* the states of a live context; 0 is none */
enum { ST_AAD = 0x67636d41u, ST_ENC = 0x67636d45u, ST_DEC = 0x67636d44u };

/* SP 800-38D 5.2.1.1: plaintext at most 2^39 - 256 bits, A below 2^64 bits */
#define GCM_MAX_DATA (((uint64_t)1 << 36) - 32)
#define GCM_MAX_AAD (((uint64_t)1 << 61) - 1)

static pkc_ghash_ctx *ghc(pkc_gcm_ctx *ctx)
{
    return (pkc_ghash_ctx *)(void *)ctx->ghash;
}

static uint32_t load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* A context from J0: the counter at inc32(J0), GHASH at 0, ready for A */
static void ctx_start(pkc_gcm_ctx *ctx, const pkc_gcm_key *key, const uint8_t j0[16])
{
    uint8_t cb[16];
    memset(ctx, 0, sizeof *ctx);
    ctx->key = key;
    memcpy(ctx->j0, j0, 16);
    memcpy(cb, j0, 16);
    uint32_t low = load_be32(cb + 12) + 1u;
    cb[12] = (uint8_t)(low >> 24);
    cb[13] = (uint8_t)(low >> 16);
    cb[14] = (uint8_t)(low >> 8);
    cb[15] = (uint8_t)low;
    pkc_aes_ctr_init(&ctx->ctr, &key->aes, cb);
    pkc_ghash_init(ghc(ctx), gh(key));
    ctx->state = ST_AAD;
    pkc_memzero(cb, sizeof cb);
}

/* GCTR over the next len bytes: the AES module's CTR (its partial-block
 * state included), cut where the low 32 bits of the counter wrap; the upper
 * 96 bits are J0's throughout (inc32), so the carry the 128-bit increment
 * made out of the low word is undone after each piece. The counter follows
 * from the IV (public) and the position: branching on it is safe. */
static void gctr_update(pkc_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    while (len) {
        uint64_t room = ((uint64_t)1 << 32) - load_be32(ctx->ctr.ctr + 12); /* new blocks */
        uint64_t most = (16 - ctx->ctr.used) + room * 16;
        size_t n = (uint64_t)len > most ? (size_t)most : len;
        pkc_aes_ctr_update(&ctx->ctr, out, in, n);
        memcpy(ctx->ctr.ctr, ctx->j0, 12);
        out += n;
        in += n;
        len -= n;
    }
}

void pkc_gcm_gctr_for_testing(const pkc_gcm_key *key, const uint8_t j0[16], uint8_t *out,
                              const uint8_t *in, size_t len)
{
    pkc_gcm_ctx ctx;
    ctx_start(&ctx, key, j0);
    gctr_update(&ctx, out, in, len);
    pkc_gcm_ctx_wipe(&ctx);
}

void pkc_gcm_start_for_testing(pkc_gcm_ctx *ctx, const pkc_gcm_key *key, const uint8_t j0[16])
{
    ctx_start(ctx, key, j0);
}

/* T (all 16 bytes) = E_K(J0) xor GHASH(A || 0^v || C || 0^u || lengths);
 * ends the GHASH (the rest of the context is the caller's to wipe) */
static void ctx_tag(pkc_gcm_ctx *ctx, uint8_t t[16])
{
    uint8_t e[16];
    pkc_ghash_lengths(ghc(ctx), ctx->aadlen, ctx->len);
    pkc_ghash_final(ghc(ctx), t);
    pkc_aes_encrypt_block(&ctx->key->aes, e, ctx->j0);
    for (int i = 0; i < 16; i++)
        t[i] ^= e[i];
    pkc_memzero(e, sizeof e);
}

static int taglen_ok(size_t taglen)
{
    return taglen == 4 || taglen == 8 || (taglen >= 12 && taglen <= 16);
}

pkc_err pkc_gcm_init(pkc_gcm_ctx *ctx, const pkc_gcm_key *key, const uint8_t *iv, size_t ivlen)
{
    if (!ctx || !key || !iv || ivlen == 0 || (uint64_t)ivlen > GCM_MAX_AAD)
        return PKC_ERR_ARG;
    uint8_t j0[16];
    j0_of(key, iv, ivlen, j0);
    ctx_start(ctx, key, j0);
    pkc_memzero(j0, sizeof j0);
    return PKC_OK;
}

pkc_err pkc_gcm_aad(pkc_gcm_ctx *ctx, const uint8_t *aad, size_t len)
{
    if (!ctx || ctx->state != ST_AAD || (!aad && len) || (uint64_t)len > GCM_MAX_AAD - ctx->aadlen)
        return PKC_ERR_ARG;
    pkc_ghash_update(ghc(ctx), aad, len);
    ctx->aadlen += len;
    return PKC_OK;
}

/* The checks of an update or final in direction st; the first data ends A. */
static pkc_err enter(pkc_gcm_ctx *ctx, uint32_t st, size_t len)
{
    if (!ctx || (ctx->state != ST_AAD && ctx->state != st) ||
        (uint64_t)len > GCM_MAX_DATA - ctx->len)
        return PKC_ERR_ARG;
    if (ctx->state == ST_AAD) {
        pkc_ghash_pad(ghc(ctx));
        ctx->state = st;
    }
    return PKC_OK;
}

/* GHASH runs over the ciphertext: after GCTR when encrypting, before it
 * (which may overwrite it in place) when decrypting */
static pkc_err update(pkc_gcm_ctx *ctx, uint32_t st, uint8_t *out, const uint8_t *in, size_t len)
{
    if (len && (!out || !in))
        return PKC_ERR_ARG;
    pkc_err err = enter(ctx, st, len);
    if (err != PKC_OK || len == 0)
        return err;
    if (st == ST_DEC)
        pkc_ghash_update(ghc(ctx), in, len);
    gctr_update(ctx, out, in, len);
    if (st == ST_ENC)
        pkc_ghash_update(ghc(ctx), out, len);
    ctx->len += len;
    return PKC_OK;
}

pkc_err pkc_gcm_encrypt_update(pkc_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return update(ctx, ST_ENC, out, in, len);
}

pkc_err pkc_gcm_decrypt_update(pkc_gcm_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    return update(ctx, ST_DEC, out, in, len);
}

pkc_err pkc_gcm_encrypt_final(pkc_gcm_ctx *ctx, uint8_t *tag, size_t taglen)
{
    if (!tag || !taglen_ok(taglen))
        return PKC_ERR_ARG;
    pkc_err err = enter(ctx, ST_ENC, 0);
    if (err != PKC_OK)
        return err;
    uint8_t t[16];
    ctx_tag(ctx, t);
    memcpy(tag, t, taglen);
    pkc_memzero(t, sizeof t);
    pkc_gcm_ctx_wipe(ctx);
    return PKC_OK;
}

pkc_err pkc_gcm_decrypt_final(pkc_gcm_ctx *ctx, const uint8_t *tag, size_t taglen)
{
    if (!tag || !taglen_ok(taglen))
        return PKC_ERR_ARG;
    pkc_err err = enter(ctx, ST_DEC, 0);
    if (err != PKC_OK)
        return err;
    uint8_t t[16];
    ctx_tag(ctx, t);
    uint64_t ok = ct_mask_memeq(t, tag, taglen);
    pkc_memzero(t, sizeof t);
    pkc_gcm_ctx_wipe(ctx);
    /* the verdict is public: the caller learns it anyway */
    PKC_DECLASSIFY(&ok, sizeof ok);
    return ok ? PKC_OK : PKC_ERR_DECRYPT;
}

void pkc_gcm_ctx_wipe(pkc_gcm_ctx *ctx)
{
    if (ctx)
        pkc_memzero(ctx, sizeof *ctx);
}

/* ---- one shot ------------------------------------------------------------------ */

static pkc_err check_args(const pkc_gcm_key *key, const uint8_t *iv, size_t ivlen,
                          const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t len,
                          const void *out, const void *tag, size_t taglen)
{
    if (!key || !iv || ivlen == 0 || (!aad && aadlen) || (!in && len) || (!out && len) || !tag)
        return PKC_ERR_ARG;
    if (!taglen_ok(taglen))
        return PKC_ERR_ARG;
    if ((uint64_t)len > GCM_MAX_DATA || (uint64_t)ivlen > GCM_MAX_AAD ||
        (uint64_t)aadlen > GCM_MAX_AAD)
        return PKC_ERR_ARG;
    return PKC_OK;
}

pkc_err pkc_gcm_encrypt(const pkc_gcm_key *key, const uint8_t *iv, size_t ivlen,
                        const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t len,
                        uint8_t *out, uint8_t *tag, size_t taglen)
{
    pkc_err err = check_args(key, iv, ivlen, aad, aadlen, in, len, out, tag, taglen);
    if (err != PKC_OK)
        return err;
    pkc_gcm_ctx ctx;
    if ((err = pkc_gcm_init(&ctx, key, iv, ivlen)) == PKC_OK &&
        (err = pkc_gcm_aad(&ctx, aad, aadlen)) == PKC_OK &&
        (err = pkc_gcm_encrypt_update(&ctx, out, in, len)) == PKC_OK)
        err = pkc_gcm_encrypt_final(&ctx, tag, taglen);
    pkc_gcm_ctx_wipe(&ctx);
    return err;
}

/* The tag first (GHASH over the ciphertext), then, only if it matches, the
 * plaintext: a forgery releases none. */
pkc_err pkc_gcm_decrypt(const pkc_gcm_key *key, const uint8_t *iv, size_t ivlen,
                        const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t len,
                        const uint8_t *tag, size_t taglen, uint8_t *out)
{
    pkc_err err = check_args(key, iv, ivlen, aad, aadlen, in, len, out, tag, taglen);
    if (err != PKC_OK)
        return err;
    pkc_gcm_ctx ctx;
    if ((err = pkc_gcm_init(&ctx, key, iv, ivlen)) != PKC_OK ||
        (err = pkc_gcm_aad(&ctx, aad, aadlen)) != PKC_OK ||
        (err = enter(&ctx, ST_DEC, len)) != PKC_OK) {
        pkc_gcm_ctx_wipe(&ctx);
        return err;
    }
    pkc_ghash_update(ghc(&ctx), in, len);
    ctx.len = len;
    uint8_t t[16];
    ctx_tag(&ctx, t);
    uint64_t ok = ct_mask_memeq(t, tag, taglen);
    pkc_memzero(t, sizeof t);
    PKC_DECLASSIFY(&ok, sizeof ok);
    if (ok && len)
        gctr_update(&ctx, out, in, len);
    else if (len)
        memset(out, 0, len);
    pkc_gcm_ctx_wipe(&ctx);
    return ok ? PKC_OK : PKC_ERR_DECRYPT;
}
