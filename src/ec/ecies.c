/* pkc — ECIES with AES-256-GCM (include/pkc/ecies.h): SEC 1 v2 section
 * 5.1 on top of the public ECDH, KDF and GCM interfaces. */
#include <string.h>

#include "hash/kdf_parts.h"
#include "pkc/ecies.h"
#include "pkc/gcm.h"

#define KEY_BYTES 32
#define IV_BYTES PKC_GCM_IV_SIZE

static size_t point_bytes(pkc_curve_id curve)
{
    size_t fb = pkc_ec_field_bytes(curve);
    return fb ? 1 + 2 * fb : 0;
}

size_t pkc_ecies_overhead(pkc_curve_id curve)
{
    size_t pb = point_bytes(curve);
    return pb ? pb + PKC_ECIES_TAG_SIZE : 0;
}

/* K || IV from the shared secret z and the encoded ephemeral point r */
static pkc_err derive(const pkc_ecies_params *params, const uint8_t *z, size_t zlen,
                      const uint8_t *r, size_t rlen, pkc_gcm_key *key, uint8_t iv[IV_BYTES])
{
    pkc_ecies_kdf kdf = params ? params->kdf : PKC_ECIES_KDF_HKDF_SHA256;
    const uint8_t *info = params ? params->info : NULL;
    size_t infolen = params ? params->infolen : 0;
    if (!info && infolen)
        return PKC_ERR_ARG;
    uint8_t okm[KEY_BYTES + IV_BYTES], prk[32];
    pkc_err err;
    switch (kdf) {
    case PKC_ECIES_KDF_HKDF_SHA256:
        err = pkc_hkdf_extract(PKC_HASH_SHA256, NULL, 0, z, zlen, prk);
        if (err == PKC_OK)
            err = pkc_hkdf_expand_parts(PKC_HASH_SHA256, prk, sizeof prk, r, rlen, info,
                                        infolen, okm, sizeof okm);
        break;
    case PKC_ECIES_KDF_X963_SHA256:
        err = pkc_x963_kdf_parts(PKC_HASH_SHA256, z, zlen, r, rlen, info, infolen, okm,
                                 sizeof okm);
        break;
    default:
        err = PKC_ERR_ARG;
    }
    if (err == PKC_OK)
        err = pkc_gcm_set_key(key, okm, KEY_BYTES);
    memcpy(iv, okm + KEY_BYTES, IV_BYTES);
    pkc_memzero(okm, sizeof okm);
    pkc_memzero(prk, sizeof prk);
    return err;
}

pkc_err pkc_ecies_encrypt(const pkc_ec_public_key *pub, pkc_rng *rng,
                          const pkc_ecies_params *params, const uint8_t *msg, size_t len,
                          uint8_t *out, size_t cap, size_t *outlen)
{
    if (!pub || !rng || (!msg && len) || !out || !outlen)
        return PKC_ERR_ARG;
    size_t pb = point_bytes(pub->curve);
    if (!pb)
        return PKC_ERR_ARG;
    if (len > SIZE_MAX - pb - PKC_ECIES_TAG_SIZE || cap < len + pb + PKC_ECIES_TAG_SIZE)
        return PKC_ERR_BUFSIZE;
    pkc_ec_private_key k;
    pkc_ec_public_key R;
    pkc_gcm_key gk;
    uint8_t z[PKC_ECDH_MAX_SIZE], iv[IV_BYTES];
    size_t zlen = 0, rlen = 0;
    pkc_err err = pkc_ec_keygen(&k, pub->curve, rng);
    if (err == PKC_OK) {
        pkc_ec_public_key_from_private(&R, &k);
        err = pkc_ec_point_encode(&R, 0, out, pb, &rlen);
    }
    if (err == PKC_OK)
        err = pkc_ecdh(&k, pub, z, sizeof z, &zlen);
    if (err == PKC_OK)
        err = derive(params, z, zlen, out, pb, &gk, iv);
    if (err == PKC_OK)
        err = pkc_gcm_encrypt(&gk, iv, sizeof iv, NULL, 0, msg, len, out + pb, out + pb + len,
                              PKC_ECIES_TAG_SIZE);
    pkc_ec_private_key_wipe(&k);
    pkc_gcm_key_wipe(&gk);
    pkc_memzero(z, sizeof z);
    pkc_memzero(iv, sizeof iv);
    if (err != PKC_OK) {
        pkc_memzero(out, len + pb + PKC_ECIES_TAG_SIZE);
        return err;
    }
    *outlen = len + pb + PKC_ECIES_TAG_SIZE;
    return PKC_OK;
}

pkc_err pkc_ecies_decrypt(const pkc_ec_private_key *key, const pkc_ecies_params *params,
                          const uint8_t *ct, size_t ctlen, uint8_t *out, size_t cap,
                          size_t *outlen)
{
    if (!key || !ct || (!out && cap) || !outlen)
        return PKC_ERR_ARG;
    size_t pb = point_bytes(key->curve);
    if (!pb)
        return PKC_ERR_ARG;
    if (ctlen < pb + PKC_ECIES_TAG_SIZE)
        return PKC_ERR_DECODE;
    size_t len = ctlen - pb - PKC_ECIES_TAG_SIZE;
    if (cap < len)
        return PKC_ERR_BUFSIZE;
    pkc_ec_public_key R;
    if (ct[0] != 0x04 || pkc_ec_point_decode(&R, key->curve, ct, pb) != PKC_OK)
        return PKC_ERR_DECODE;
    pkc_gcm_key gk;
    uint8_t z[PKC_ECDH_MAX_SIZE], iv[IV_BYTES];
    size_t zlen = 0;
    pkc_err err = pkc_ecdh(key, &R, z, sizeof z, &zlen);
    if (err == PKC_ERR_POINT)
        err = PKC_ERR_DECODE; /* R is the ciphertext's */
    if (err == PKC_OK)
        err = derive(params, z, zlen, ct, pb, &gk, iv);
    if (err == PKC_OK)
        err = pkc_gcm_decrypt(&gk, iv, sizeof iv, NULL, 0, ct + pb, len, ct + pb + len,
                              PKC_ECIES_TAG_SIZE, out);
    pkc_gcm_key_wipe(&gk);
    pkc_memzero(z, sizeof z);
    pkc_memzero(iv, sizeof iv);
    if (err != PKC_OK) {
        if (len)
            pkc_memzero(out, len);
        return err;
    }
    *outlen = len;
    return PKC_OK;
}
