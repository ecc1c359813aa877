/* pkc — RSASSA-PSS (RFC 8017 8.1) with EMSA-PSS (9.1) and MGF1 over the
 * same hash. emBits = modBits - 1, so EM is one byte shorter than the
 * modulus when modBits = 1 mod 8. */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "pkc/der.h" /* pkc_secure_free */
#include "rsa_internal.h"

static pkc_err pss_hash(pkc_hash_alg hash, const uint8_t *mhash, size_t hlen, const uint8_t *salt,
                        size_t slen, uint8_t *out)
{
    static const uint8_t zeros[8] = {0};
    pkc_hash_ctx ctx;
    pkc_err err = pkc_hash_init(&ctx, hash);
    if (err)
        return err;
    pkc_hash_update(&ctx, zeros, 8);
    pkc_hash_update(&ctx, mhash, hlen);
    pkc_hash_update(&ctx, salt, slen);
    pkc_hash_final(&ctx, out);
    return PKC_OK;
}

pkc_err pkc_rsa_pss_sign_salt(const pkc_rsa_key *key, pkc_rng *rng, pkc_rsa_mode mode,
                              pkc_hash_alg hash, const uint8_t *salt, size_t slen,
                              const uint8_t *digest, size_t digestlen, uint8_t *sig, size_t cap,
                              size_t *siglen)
{
    if (!key || !sig || !siglen || !digest || (!salt && slen))
        return PKC_ERR_ARG;
    size_t hlen = pkc_hash_size(hash);
    if (!hlen || digestlen != hlen)
        return PKC_ERR_ARG;
    if (!key->priv)
        return PKC_ERR_KEY;
    if (cap < key->k)
        return PKC_ERR_BUFSIZE;
    size_t embits = key->bits - 1, emlen = (embits + 7) / 8, k = key->k;
    if (emlen < hlen + slen + 2)
        return PKC_ERR_ARG; /* 9.1.1 step 3: encoding error */
    uint8_t *em = calloc(1, k), *mask = malloc(k);
    if (!em || !mask) {
        free(em);
        free(mask);
        return PKC_ERR_NOMEM;
    }
    /* EM sits right-aligned in k bytes (a leading zero when emLen < k). */
    uint8_t *e = em + (k - emlen);
    size_t dblen = emlen - hlen - 1;
    uint8_t *db = e, *H = e + dblen;
    pkc_err err = pss_hash(hash, digest, hlen, salt, slen, H); /* steps 5-6 */
    if (err)
        goto out;
    /* DB = PS || 0x01 || salt (steps 7-8) */
    db[dblen - slen - 1] = 0x01;
    if (slen)
        memcpy(db + dblen - slen, salt, slen);
    if ((err = pkc_rsa_mgf1(hash, H, hlen, mask, dblen)))
        goto out;
    for (size_t i = 0; i < dblen; i++)
        db[i] ^= mask[i];
    db[0] &= (uint8_t)(0xFF >> (8 * emlen - embits)); /* step 11 */
    e[emlen - 1] = 0xbc;
    /* EM is public: anyone recovers it from the signature as s^e mod n.
     * Declassified here because it carries H(salt) and the masked salt,
     * drawn from the secret rng state (the private operation range-checks
     * its input with a branch). */
    PKC_DECLASSIFY(em, k);
    err = pkc_rsa_private_mode(key, mode, rng, em, sig);
    if (!err)
        *siglen = k;
out:
    pkc_secure_free(em, k);
    pkc_secure_free(mask, k);
    return err;
}

pkc_err pkc_rsa_pss_sign(const pkc_rsa_key *key, pkc_rng *rng, pkc_rsa_mode mode,
                         pkc_hash_alg hash, int saltlen, const uint8_t *digest, size_t digestlen,
                         uint8_t *sig, size_t cap, size_t *siglen)
{
    size_t hlen = pkc_hash_size(hash);
    if (!key || !rng || !hlen)
        return PKC_ERR_ARG;
    size_t emlen = (key->bits - 1 + 7) / 8, slen;
    if (saltlen == PKC_RSA_SALT_HASHLEN)
        slen = hlen;
    else if (saltlen == PKC_RSA_SALT_MAX)
        slen = emlen >= hlen + 2 ? emlen - hlen - 2 : 0;
    else if (saltlen >= 0)
        slen = (size_t)saltlen;
    else
        return PKC_ERR_ARG;
    if (emlen < hlen + slen + 2)
        return PKC_ERR_ARG;
    uint8_t *salt = malloc(slen ? slen : 1);
    if (!salt)
        return PKC_ERR_NOMEM;
    pkc_err err = pkc_rng_bytes(rng, salt, slen);
    if (!err)
        err = pkc_rsa_pss_sign_salt(key, rng, mode, hash, salt, slen, digest, digestlen, sig, cap,
                                    siglen);
    free(salt);
    return err;
}

pkc_err pkc_rsa_pss_verify(const pkc_rsa_key *key, pkc_hash_alg hash, int saltlen,
                           const uint8_t *digest, size_t digestlen, const uint8_t *sig,
                           size_t siglen)
{
    size_t hlen = pkc_hash_size(hash);
    if (!key || !sig || !digest || !hlen || digestlen != hlen)
        return PKC_ERR_ARG;
    if (saltlen < 0 && saltlen != PKC_RSA_SALT_HASHLEN && saltlen != PKC_RSA_SALT_AUTO)
        return PKC_ERR_ARG;
    size_t k = key->k, embits = key->bits - 1, emlen = (embits + 7) / 8;
    if (siglen != k)
        return PKC_ERR_DECODE; /* 8.1.2 step 1: a malformed signature (rsa.h) */
    uint8_t *m = malloc(k), *mask = malloc(k);
    if (!m || !mask) {
        free(m);
        free(mask);
        return PKC_ERR_NOMEM;
    }
    pkc_err err = pkc_rsa_public_raw(key, sig, m); /* PKC_ERR_RANGE: step 2.b */
    if (err)
        goto out;
    err = PKC_ERR_VERIFY;
    /* Step 2.c: EM = I2OSP(m, emLen); m must fit. */
    for (size_t i = 0; i < k - emlen; i++)
        if (m[i])
            goto out;
    uint8_t *em = m + (k - emlen);
    /* 9.1.2 steps 3-4 */
    if (emlen < hlen + 2 || em[emlen - 1] != 0xbc)
        goto out;
    size_t dblen = emlen - hlen - 1;
    uint8_t *db = em, *H = em + dblen;
    uint8_t topmask = (uint8_t)(0xFF >> (8 * emlen - embits));
    if (db[0] & (uint8_t)~topmask) /* step 6 */
        goto out;
    if (pkc_rsa_mgf1(hash, H, hlen, mask, dblen))
        goto out;
    for (size_t i = 0; i < dblen; i++)
        db[i] ^= mask[i];
    db[0] &= topmask;
    /* Step 10: PS zeros then 0x01; with a fixed salt length its position
     * is known, with PKC_RSA_SALT_AUTO it is the first non-zero byte. */
    size_t i = 0;
    while (i < dblen && db[i] == 0)
        i++;
    if (i == dblen || db[i] != 0x01)
        goto out;
    size_t slen = dblen - i - 1;
    if (saltlen != PKC_RSA_SALT_AUTO) {
        size_t want = saltlen == PKC_RSA_SALT_HASHLEN ? hlen : (size_t)saltlen;
        if (emlen < hlen + want + 2 || slen != want)
            goto out;
    }
    uint8_t H2[PKC_HASH_MAX_SIZE];
    if (pss_hash(hash, digest, hlen, db + dblen - slen, slen, H2))
        goto out;
    if (ct_mask_memeq(H, H2, hlen) & 1)
        err = PKC_OK;
out:
    free(m);
    free(mask);
    return err;
}
