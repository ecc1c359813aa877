/* pkc — hybrid RSA encryption (include/pkc/rsa_hybrid.h): RSA-OAEP wraps
 * a fresh AES-256-GCM key and IV; GCM encrypts the message with the
 * wrapped block as additional data. */
#include <string.h>

#include "pkc/gcm.h"
#include "pkc/rsa_hybrid.h"

#define KEY_BYTES 32
#define WRAPPED (KEY_BYTES + PKC_GCM_IV_SIZE)

size_t pkc_rsa_hybrid_overhead(const pkc_rsa_key *key)
{
    return key ? pkc_rsa_size(key) + PKC_RSA_HYBRID_TAG_SIZE : 0;
}

pkc_err pkc_rsa_hybrid_encrypt(const pkc_rsa_key *key, pkc_rng *rng,
                               const pkc_rsa_oaep_params *params, const uint8_t *msg,
                               size_t len, uint8_t *out, size_t cap, size_t *outlen)
{
    if (!key || !rng || (!msg && len) || !out || !outlen)
        return PKC_ERR_ARG;
    size_t k = pkc_rsa_size(key), over = k + PKC_RSA_HYBRID_TAG_SIZE;
    if (len > SIZE_MAX - over || cap < len + over)
        return PKC_ERR_BUFSIZE;
    uint8_t kiv[WRAPPED];
    pkc_gcm_key gk;
    size_t wlen = 0;
    pkc_err err = pkc_rng_bytes(rng, kiv, sizeof kiv);
    if (err == PKC_OK)
        err = pkc_rsa_oaep_encrypt(key, rng, params, kiv, sizeof kiv, out, k, &wlen);
    if (err == PKC_OK && wlen != k)
        err = PKC_ERR_INTERNAL;
    if (err == PKC_OK)
        err = pkc_gcm_set_key(&gk, kiv, KEY_BYTES);
    if (err == PKC_OK)
        err = pkc_gcm_encrypt(&gk, kiv + KEY_BYTES, PKC_GCM_IV_SIZE, out, k, msg, len, out + k,
                              out + k + len, PKC_RSA_HYBRID_TAG_SIZE);
    pkc_gcm_key_wipe(&gk);
    pkc_memzero(kiv, sizeof kiv);
    if (err != PKC_OK) {
        pkc_memzero(out, len + over);
        return err;
    }
    *outlen = len + over;
    return PKC_OK;
}

pkc_err pkc_rsa_hybrid_decrypt(const pkc_rsa_key *key, pkc_rng *rng,
                               const pkc_rsa_oaep_params *params, const uint8_t *ct,
                               size_t ctlen, uint8_t *out, size_t cap, size_t *outlen)
{
    if (!key || !ct || (!out && cap) || !outlen)
        return PKC_ERR_ARG;
    size_t k = pkc_rsa_size(key), over = k + PKC_RSA_HYBRID_TAG_SIZE;
    if (ctlen < over)
        return PKC_ERR_DECODE;
    size_t len = ctlen - over;
    if (cap < len)
        return PKC_ERR_BUFSIZE;
    uint8_t kiv[PKC_RSA_MAX_BITS / 8]; /* OAEP writes its longest message (rsa.h) */
    size_t kivlen = 0;
    pkc_gcm_key gk;
    memset(&gk, 0, sizeof gk);
    pkc_err err = pkc_rsa_oaep_decrypt(key, rng, PKC_RSA_MODE_CRT, params, ct, k, kiv, sizeof kiv,
                                       &kivlen);
    if (err != PKC_OK || kivlen != WRAPPED)
        err = PKC_ERR_DECRYPT;
    if (err == PKC_OK)
        err = pkc_gcm_set_key(&gk, kiv, KEY_BYTES);
    if (err == PKC_OK)
        err = pkc_gcm_decrypt(&gk, kiv + KEY_BYTES, PKC_GCM_IV_SIZE, ct, k, ct + k, len,
                              ct + k + len, PKC_RSA_HYBRID_TAG_SIZE, out);
    pkc_gcm_key_wipe(&gk);
    pkc_memzero(kiv, sizeof kiv);
    if (err != PKC_OK) {
        if (len)
            pkc_memzero(out, len);
        return err;
    }
    *outlen = len;
    return PKC_OK;
}
