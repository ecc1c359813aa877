/* pkc — MGF1 (RFC 8017 B.2.1) and RSAES-OAEP (RFC 8017 7.1).
 *
 * Decryption: whatever fails (ciphertext out of range, Y != 0, wrong label
 * hash, no 0x01 separator, non-zero padding) gives the single error
 * PKC_ERR_DECRYPT, and the checks and the message extraction run without a
 * branch or memory index that depends on the decrypted bytes (Manger's
 * attack needs exactly such a distinction). Only the final ok/fail and the
 * message length are revealed, as the API must (and declassified for the
 * constant-time test).
 */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "pkc/der.h" /* pkc_secure_free */
#include "rsa_internal.h"

pkc_err pkc_rsa_mgf1(pkc_hash_alg hash, const uint8_t *seed, size_t seedlen, uint8_t *out,
                     size_t masklen)
{
    size_t hlen = pkc_hash_size(hash);
    if (!hlen || (!seed && seedlen) || (!out && masklen))
        return PKC_ERR_ARG;
    uint8_t block[PKC_HASH_MAX_SIZE];
    pkc_hash_ctx ctx;
    for (uint32_t counter = 0; masklen > 0; counter++) {
        uint8_t c[4] = {(uint8_t)(counter >> 24), (uint8_t)(counter >> 16),
                        (uint8_t)(counter >> 8), (uint8_t)counter};
        pkc_err err = pkc_hash_init(&ctx, hash);
        if (err)
            return err;
        pkc_hash_update(&ctx, seed, seedlen);
        pkc_hash_update(&ctx, c, 4);
        pkc_hash_final(&ctx, block);
        size_t n = masklen < hlen ? masklen : hlen;
        memcpy(out, block, n);
        out += n;
        masklen -= n;
    }
    pkc_memzero(block, sizeof block);
    pkc_memzero(&ctx, sizeof ctx);
    return PKC_OK;
}

static pkc_err oaep_params(const pkc_rsa_oaep_params *params, pkc_hash_alg *h, pkc_hash_alg *mh,
                           const uint8_t **label, size_t *labellen)
{
    *h = PKC_HASH_SHA256;
    *mh = 0;
    *label = NULL;
    *labellen = 0;
    if (params) {
        if (params->hash)
            *h = params->hash;
        *mh = params->mgf1_hash;
        *label = params->label;
        *labellen = params->labellen;
        if (!*label && *labellen)
            return PKC_ERR_ARG;
    }
    if (!*mh)
        *mh = *h;
    if (!pkc_hash_size(*h) || !pkc_hash_size(*mh))
        return PKC_ERR_ARG;
    return PKC_OK;
}

/* RFC 8017 7.1.1 with a given seed (hLen bytes). */
pkc_err pkc_rsa_oaep_encrypt_seed(const pkc_rsa_key *key, const pkc_rsa_oaep_params *params,
                                  const uint8_t *seed_in, const uint8_t *msg, size_t msglen,
                                  uint8_t *out, size_t cap, size_t *outlen)
{
    pkc_hash_alg h, mh;
    const uint8_t *label;
    size_t labellen;
    if (!key || !seed_in || (!msg && msglen) || !out || !outlen)
        return PKC_ERR_ARG;
    pkc_err err = oaep_params(params, &h, &mh, &label, &labellen);
    if (err)
        return err;
    size_t k = key->k, hlen = pkc_hash_size(h);
    if (cap < k)
        return PKC_ERR_BUFSIZE;
    if (k < 2 * hlen + 2 || msglen > k - 2 * hlen - 2)
        return PKC_ERR_ARG; /* step 1.b: message too long */
    uint8_t *em = calloc(1, k), *mask = malloc(k);
    if (!em || !mask) {
        free(em);
        free(mask);
        return PKC_ERR_NOMEM;
    }
    size_t dblen = k - hlen - 1;
    uint8_t *seed = em + 1, *db = em + 1 + hlen;
    /* DB = lHash || PS || 0x01 || M */
    if ((err = pkc_hash(h, label, labellen, db)))
        goto out;
    db[dblen - msglen - 1] = 0x01;
    if (msglen)
        memcpy(db + dblen - msglen, msg, msglen);
    memcpy(seed, seed_in, hlen);
    if ((err = pkc_rsa_mgf1(mh, seed, hlen, mask, dblen)))
        goto out;
    for (size_t i = 0; i < dblen; i++)
        db[i] ^= mask[i];
    if ((err = pkc_rsa_mgf1(mh, db, dblen, mask, hlen)))
        goto out;
    for (size_t i = 0; i < hlen; i++)
        seed[i] ^= mask[i];
    /* EM = 00 || ... is below n and holds the message: constant time */
    if ((err = pkc_rsa_public_secret_input(key, em, out)))
        goto out;
    *outlen = k;
out:
    pkc_secure_free(em, k);
    pkc_secure_free(mask, k);
    return err;
}

pkc_err pkc_rsa_oaep_encrypt(const pkc_rsa_key *key, pkc_rng *rng,
                             const pkc_rsa_oaep_params *params, const uint8_t *msg, size_t msglen,
                             uint8_t *out, size_t cap, size_t *outlen)
{
    pkc_hash_alg h, mh;
    const uint8_t *label;
    size_t labellen;
    if (!key || !rng)
        return PKC_ERR_ARG;
    pkc_err err = oaep_params(params, &h, &mh, &label, &labellen);
    if (err)
        return err;
    uint8_t seed[PKC_HASH_MAX_SIZE];
    if ((err = pkc_rng_bytes(rng, seed, pkc_hash_size(h))))
        return err;
    err = pkc_rsa_oaep_encrypt_seed(key, params, seed, msg, msglen, out, cap, outlen);
    pkc_memzero(seed, sizeof seed);
    return err;
}

pkc_err pkc_rsa_oaep_decrypt(const pkc_rsa_key *key, pkc_rng *rng, pkc_rsa_mode mode,
                             const pkc_rsa_oaep_params *params, const uint8_t *ct, size_t ctlen,
                             uint8_t *out, size_t cap, size_t *outlen)
{
    pkc_hash_alg h, mh;
    const uint8_t *label;
    size_t labellen;
    if (!key || !ct || !out || !outlen)
        return PKC_ERR_ARG;
    if (!key->priv)
        return PKC_ERR_KEY;
    pkc_err err = oaep_params(params, &h, &mh, &label, &labellen);
    if (err)
        return err;
    size_t k = key->k, hlen = pkc_hash_size(h);
    if (k < 2 * hlen + 2)
        return PKC_ERR_DECRYPT; /* step 1.c */
    size_t maxmsg = k - 2 * hlen - 2;
    if (cap < maxmsg)
        return PKC_ERR_BUFSIZE;
    if (ctlen != k)
        return PKC_ERR_DECRYPT; /* step 1.b */
    uint8_t *em = malloc(k), *mask = malloc(k);
    uint8_t lhash[PKC_HASH_MAX_SIZE];
    if (!em || !mask) {
        free(em);
        free(mask);
        return PKC_ERR_NOMEM;
    }
    err = pkc_rsa_private_mode(key, mode, rng, ct, em);
    if (err) {
        if (err != PKC_ERR_NOMEM && err != PKC_ERR_RNG && err != PKC_ERR_ARG)
            err = PKC_ERR_DECRYPT;
        goto out;
    }
    size_t dblen = k - hlen - 1;
    uint8_t *seed = em + 1, *db = em + 1 + hlen;
    if ((err = pkc_hash(h, label, labellen, lhash)) ||
        (err = pkc_rsa_mgf1(mh, db, dblen, mask, hlen)))
        goto out;
    for (size_t i = 0; i < hlen; i++)
        seed[i] ^= mask[i];
    if ((err = pkc_rsa_mgf1(mh, seed, hlen, mask, dblen)))
        goto out;
    for (size_t i = 0; i < dblen; i++)
        db[i] ^= mask[i];

    /* Step 3.g, in constant time: Y = 0, lHash' = lHash, then PS zeros up
     * to the first 0x01. */
    uint64_t good = ct_mask_zero(em[0]) & ct_mask_memeq(db, lhash, hlen);
    uint64_t looking = ~(uint64_t)0, bad = 0, idx = 0;
    for (size_t i = hlen; i < dblen; i++) {
        uint64_t is1 = ct_mask_eq(db[i], 1), is0 = ct_mask_zero(db[i]);
        idx = ct_select(looking & is1, (uint64_t)i, idx);
        bad |= looking & ~is0 & ~is1;
        looking &= ~is1;
    }
    good &= ~looking & ~bad;
    /* The message is db[idx+1 .. dblen): shift the region after lHash left
     * by off = idx + 1 - hlen (1 <= off <= len) one bit of off at a time,
     * so the memory access pattern does not depend on off. */
    uint8_t *r = db + hlen;
    size_t len = dblen - hlen; /* = maxmsg + 1 */
    uint64_t off = (idx + 1 - hlen) & good;
    for (size_t s = 1; s <= len; s <<= 1) {
        uint8_t m = (uint8_t)ct_mask_nonzero(off & s);
        for (size_t i = 0; i < len; i++) {
            uint8_t v = i + s < len ? r[i + s] : 0;
            r[i] = (uint8_t)(r[i] ^ (m & (r[i] ^ v)));
        }
    }
    uint64_t mlen = ((uint64_t)len - off) & good;
    for (size_t i = 0; i < maxmsg; i++)
        out[i] = r[i] & (uint8_t)good;
    /* The two values the API reveals: success or failure, and the length. */
    PKC_DECLASSIFY(&good, sizeof good);
    PKC_DECLASSIFY(&mlen, sizeof mlen);
    if (!(good & 1)) {
        err = PKC_ERR_DECRYPT;
        goto out;
    }
    *outlen = (size_t)mlen;
out:
    pkc_memzero(lhash, sizeof lhash);
    pkc_secure_free(em, k);
    pkc_secure_free(mask, k);
    return err;
}
