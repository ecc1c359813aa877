/* pkc — RSASSA-PKCS1-v1_5 (RFC 8017 8.2) with EMSA-PKCS1-v1_5 (9.2).
 * Verification re-encodes and compares the whole block (8.2.2 step 3-4),
 * which rejects every malleable variant (garbage after the hash, missing
 * NULL, short padding) without parsing the DigestInfo. */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "rsa_internal.h"

/* RFC 8017 9.2 note 1: DER of DigestInfo up to the digest. */
static const uint8_t di_sha1[] = {0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e,
                                  0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14};
static const uint8_t di_sha224[] = {0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                    0x65, 0x03, 0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c};
static const uint8_t di_sha256[] = {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                    0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20};
static const uint8_t di_sha384[] = {0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                    0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30};
static const uint8_t di_sha512[] = {0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
                                    0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40};

const uint8_t *pkc_rsa_digestinfo_prefix(pkc_hash_alg hash, size_t *len)
{
    switch (hash) {
    case PKC_HASH_SHA1: *len = sizeof di_sha1; return di_sha1;
    case PKC_HASH_SHA224: *len = sizeof di_sha224; return di_sha224;
    case PKC_HASH_SHA256: *len = sizeof di_sha256; return di_sha256;
    case PKC_HASH_SHA384: *len = sizeof di_sha384; return di_sha384;
    case PKC_HASH_SHA512: *len = sizeof di_sha512; return di_sha512;
    case PKC_HASH_SHA3_224:
    case PKC_HASH_SHA3_256:
    case PKC_HASH_SHA3_384:
    case PKC_HASH_SHA3_512: break; /* no SHA-3 DigestInfo here: PKC_ERR_UNSUPPORTED */
    }
    *len = 0;
    return NULL;
}

/* EMSA-PKCS1-v1_5 (9.2): EM = 0x00 || 0x01 || PS (0xff...) || 0x00 || T. */
static pkc_err emsa_pkcs1(pkc_hash_alg hash, const uint8_t *digest, size_t digestlen, uint8_t *em,
                          size_t k)
{
    size_t plen;
    const uint8_t *prefix = pkc_rsa_digestinfo_prefix(hash, &plen);
    if (!prefix)
        return pkc_hash_size(hash) ? PKC_ERR_UNSUPPORTED : PKC_ERR_ARG;
    if (!digest || digestlen != pkc_hash_size(hash))
        return PKC_ERR_ARG;
    size_t tlen = plen + digestlen;
    if (k < tlen + 11)
        return PKC_ERR_ARG; /* step 3: intended encoded message length too short */
    em[0] = 0x00;
    em[1] = 0x01;
    memset(em + 2, 0xff, k - tlen - 3);
    em[k - tlen - 1] = 0x00;
    memcpy(em + k - tlen, prefix, plen);
    memcpy(em + k - digestlen, digest, digestlen);
    return PKC_OK;
}

pkc_err pkc_rsa_pkcs1_sign(const pkc_rsa_key *key, pkc_rng *rng, pkc_rsa_mode mode,
                           pkc_hash_alg hash, const uint8_t *digest, size_t digestlen,
                           uint8_t *sig, size_t cap, size_t *siglen)
{
    if (!key || !sig || !siglen)
        return PKC_ERR_ARG;
    if (!key->priv)
        return PKC_ERR_KEY;
    if (cap < key->k)
        return PKC_ERR_BUFSIZE;
    uint8_t *em = malloc(key->k);
    if (!em)
        return PKC_ERR_NOMEM;
    pkc_err err = emsa_pkcs1(hash, digest, digestlen, em, key->k);
    if (!err)
        err = pkc_rsa_private_mode(key, mode, rng, em, sig);
    if (!err)
        *siglen = key->k;
    pkc_memzero(em, key->k);
    free(em);
    return err;
}

pkc_err pkc_rsa_pkcs1_verify(const pkc_rsa_key *key, pkc_hash_alg hash, const uint8_t *digest,
                             size_t digestlen, const uint8_t *sig, size_t siglen)
{
    if (!key || !sig)
        return PKC_ERR_ARG;
    if (siglen != key->k)
        return PKC_ERR_DECODE; /* step 1: a malformed signature (rsa.h) */
    uint8_t *em = malloc(key->k), *em2 = malloc(key->k);
    if (!em || !em2) {
        free(em);
        free(em2);
        return PKC_ERR_NOMEM;
    }
    pkc_err err = emsa_pkcs1(hash, digest, digestlen, em, key->k);
    if (!err) {
        /* step 2.b: a representative >= n stays PKC_ERR_RANGE (rsa.h) */
        err = pkc_rsa_public_raw(key, sig, em2);
        if (!err && !(ct_mask_memeq(em, em2, key->k) & 1))
            err = PKC_ERR_VERIFY;
    }
    free(em);
    free(em2);
    return err;
}
