/* pkc — AES-GCM (include/pkc/gcm.h): AES-CTR with the 32-bit counter of
 * SP 800-38D (the AES module's CTR increments the whole block, so a
 * message whose low counter word would wrap is split at the wrap), and
 * GHASH (src/sym/ghash.h). */
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

/* GCTR_K(inc32(J0), in): CTR over whole-block counters, split where the
 * low 32 bits wrap (the upper 96 bits stay as they are) */
static void gctr(const pkc_gcm_key *key, const uint8_t j0[16], uint8_t *out, const uint8_t *in,
                 size_t len)
{
    uint8_t cb[16];
    memcpy(cb, j0, 16);
    uint32_t low = ((uint32_t)cb[12] << 24 | (uint32_t)cb[13] << 16 | (uint32_t)cb[14] << 8 |
                    cb[15]) + 1u;
    cb[12] = (uint8_t)(low >> 24);
    cb[13] = (uint8_t)(low >> 16);
    cb[14] = (uint8_t)(low >> 8);
    cb[15] = (uint8_t)low;
    /* blocks before the low word wraps to 0 */
    uint64_t room = (uint64_t)1 << 32;
    room -= low;
    size_t first = len;
    if ((uint64_t)(len + 15) / 16 > room)
        first = (size_t)room * 16;
    if (first)
        pkc_aes_ctr(&key->aes, cb, out, in, first);
    if (first < len) {
        cb[12] = cb[13] = cb[14] = cb[15] = 0;
        pkc_aes_ctr(&key->aes, cb, out + first, in + first, len - first);
    }
    pkc_memzero(cb, sizeof cb);
}

void pkc_gcm_gctr_for_testing(const pkc_gcm_key *key, const uint8_t j0[16], uint8_t *out,
                              const uint8_t *in, size_t len)
{
    gctr(key, j0, out, in, len);
}

/* T (full 16 bytes) = E_K(J0) xor GHASH(A, C) */
static void tag_of(const pkc_gcm_key *key, const uint8_t j0[16], const uint8_t *aad,
                   size_t aadlen, const uint8_t *c, size_t clen, uint8_t t[16])
{
    uint8_t s[16], e[16];
    pkc_ghash(gh(key), aad, aadlen, c, clen, s);
    pkc_aes_encrypt_block(&key->aes, e, j0);
    for (int i = 0; i < 16; i++)
        t[i] = s[i] ^ e[i];
    pkc_memzero(s, sizeof s);
    pkc_memzero(e, sizeof e);
}

static pkc_err check_args(const pkc_gcm_key *key, const uint8_t *iv, size_t ivlen,
                          const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t len,
                          const void *out, const void *tag, size_t taglen)
{
    if (!key || !iv || ivlen == 0 || (!aad && aadlen) || (!in && len) || (!out && len) || !tag)
        return PKC_ERR_ARG;
    if (!(taglen == 4 || taglen == 8 || (taglen >= 12 && taglen <= 16)))
        return PKC_ERR_ARG;
    /* 2^39 - 256 bits of plaintext; IV and A far below 2^64 bits here */
    if ((uint64_t)len > ((uint64_t)1 << 36) - 32 || (uint64_t)ivlen >= (uint64_t)1 << 61 ||
        (uint64_t)aadlen >= (uint64_t)1 << 61)
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
    uint8_t j0[16], t[16];
    j0_of(key, iv, ivlen, j0);
    if (len)
        gctr(key, j0, out, in, len);
    tag_of(key, j0, aad, aadlen, out, len, t);
    memcpy(tag, t, taglen);
    pkc_memzero(t, sizeof t);
    pkc_memzero(j0, sizeof j0);
    return PKC_OK;
}

pkc_err pkc_gcm_decrypt(const pkc_gcm_key *key, const uint8_t *iv, size_t ivlen,
                        const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t len,
                        const uint8_t *tag, size_t taglen, uint8_t *out)
{
    pkc_err err = check_args(key, iv, ivlen, aad, aadlen, in, len, out, tag, taglen);
    if (err != PKC_OK)
        return err;
    uint8_t j0[16], t[16];
    j0_of(key, iv, ivlen, j0);
    tag_of(key, j0, aad, aadlen, in, len, t);
    uint64_t ok = ct_mask_memeq(t, tag, taglen);
    pkc_memzero(t, sizeof t);
    /* the verdict is public: the caller learns it anyway */
    PKC_DECLASSIFY(&ok, sizeof ok);
    if (!ok) {
        pkc_memzero(j0, sizeof j0);
        if (len)
            memset(out, 0, len);
        return PKC_ERR_DECRYPT;
    }
    if (len)
        gctr(key, j0, out, in, len);
    pkc_memzero(j0, sizeof j0);
    return PKC_OK;
}
