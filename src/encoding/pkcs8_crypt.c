/* pkc — PBES2-encrypted PKCS#8 keys (src/encoding/pkcs8_crypt.h). */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "pkc/aes.h"
#include "pkc/hmac.h"
#include "pkcs8_crypt.h"

#define OID_PBES2 "1.2.840.113549.1.5.13"
#define OID_PBKDF2 "1.2.840.113549.1.5.12"
#define SALT_BYTES 16

/* RFC 8018 B.1.1 / RFC 4231: the PRFs; B.2.5 / RFC 3565: the ciphers */
static const struct {
    const char *oid;
    pkc_hash_alg alg;
} prfs[] = {{"1.2.840.113549.2.7", PKC_HASH_SHA1},   {"1.2.840.113549.2.8", PKC_HASH_SHA224},
            {"1.2.840.113549.2.9", PKC_HASH_SHA256}, {"1.2.840.113549.2.10", PKC_HASH_SHA384},
            {"1.2.840.113549.2.11", PKC_HASH_SHA512}};
static const struct {
    const char *oid;
    size_t keylen;
} ciphers[] = {{"2.16.840.1.101.3.4.1.2", 16},
               {"2.16.840.1.101.3.4.1.22", 24},
               {"2.16.840.1.101.3.4.1.42", 32}};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    const uint8_t *salt, *iv;
    size_t saltlen;
    uint64_t iterations;
    pkc_hash_alg prf;
    size_t keylen;
} pbes2_params;

/* prf AlgorithmIdentifier: the OID, then NULL or nothing */
static pkc_err read_prf(pkc_der *in, pkc_hash_alg *alg)
{
    pkc_der a;
    const uint8_t *oid;
    size_t oidlen;
    pkc_err err = pkc_der_get(in, PKC_DER_SEQUENCE, &a);
    if (!err)
        err = pkc_der_get_oid(&a, &oid, &oidlen);
    if (!err && a.len)
        err = pkc_der_get_null(&a);
    if (!err)
        err = pkc_der_end(&a);
    if (err)
        return err;
    for (size_t i = 0; i < COUNT(prfs); i++)
        if (pkc_der_oid_equals(oid, oidlen, prfs[i].oid)) {
            *alg = prfs[i].alg;
            return PKC_OK;
        }
    return PKC_ERR_UNSUPPORTED;
}

static pkc_err read_params(const pkc_pkix_key *k, pbes2_params *p)
{
    if (!k->oid || !pkc_der_oid_equals(k->oid, k->oidlen, OID_PBES2))
        return PKC_ERR_UNSUPPORTED; /* PBES1, PKCS#12 PBE, unknown */
    pkc_der in = k->params, seq, kdf, kdfp, enc;
    const uint8_t *oid;
    size_t oidlen;
    pkc_err err;
    memset(p, 0, sizeof *p);
    if ((err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq)) || (err = pkc_der_end(&in)) ||
        (err = pkc_der_get(&seq, PKC_DER_SEQUENCE, &kdf)) ||
        (err = pkc_der_get(&seq, PKC_DER_SEQUENCE, &enc)) || (err = pkc_der_end(&seq)) ||
        (err = pkc_der_get_oid(&kdf, &oid, &oidlen)))
        return err;
    if (!pkc_der_oid_equals(oid, oidlen, OID_PBKDF2))
        return PKC_ERR_UNSUPPORTED; /* scrypt, ... */
    if ((err = pkc_der_get(&kdf, PKC_DER_SEQUENCE, &kdfp)) || (err = pkc_der_end(&kdf)))
        return err;
    if (!pkc_der_peek(&kdfp, PKC_DER_OCTET_STRING))
        return PKC_ERR_UNSUPPORTED; /* salt from an otherSource */
    uint64_t keylen = 0;
    if ((err = pkc_der_get_octet_string(&kdfp, &p->salt, &p->saltlen)) ||
        (err = pkc_der_get_u64(&kdfp, &p->iterations)) ||
        (pkc_der_peek(&kdfp, PKC_DER_INTEGER) && (err = pkc_der_get_u64(&kdfp, &keylen))))
        return err;
    p->prf = PKC_HASH_SHA1; /* the DEFAULT */
    if (kdfp.len && (err = read_prf(&kdfp, &p->prf)))
        return err;
    if ((err = pkc_der_end(&kdfp)) || (err = pkc_der_get_oid(&enc, &oid, &oidlen)))
        return err;
    for (size_t i = 0; i < COUNT(ciphers); i++)
        if (pkc_der_oid_equals(oid, oidlen, ciphers[i].oid))
            p->keylen = ciphers[i].keylen;
    if (!p->keylen)
        return PKC_ERR_UNSUPPORTED; /* DES-EDE3-CBC, RC2, ... */
    size_t ivlen = 0;
    if ((err = pkc_der_get_octet_string(&enc, &p->iv, &ivlen)) || (err = pkc_der_end(&enc)))
        return err;
    if (ivlen != 16 || p->iterations == 0 || (keylen && keylen != p->keylen))
        return PKC_ERR_DECODE;
    if (p->iterations > PKC_PKCS8_MAX_ITERATIONS)
        return PKC_ERR_UNSUPPORTED;
    return PKC_OK;
}

pkc_err pkc_pkcs8_decrypt(const pkc_pkix_key *k, const uint8_t *pass, size_t passlen,
                          uint8_t **der, size_t *derlen)
{
    if (!k || (!pass && passlen) || !der || !derlen)
        return PKC_ERR_ARG;
    *der = NULL;
    *derlen = 0;
    if (k->container != PKC_PKIX_ENCRYPTED)
        return PKC_ERR_ARG;
    pbes2_params p;
    pkc_err err = read_params(k, &p);
    if (err)
        return err;
    size_t len = k->body.len;
    if (len == 0 || len % 16)
        return PKC_ERR_DECODE;
    uint8_t dk[32], *out = malloc(len);
    if (!out)
        return PKC_ERR_NOMEM;
    pkc_aes_key aes;
    size_t outlen = 0;
    err = pkc_pbkdf2_hmac(p.prf, pass, passlen, p.salt, p.saltlen, (uint32_t)p.iterations, dk,
                          p.keylen);
    if (!err)
        err = pkc_aes_set_key(&aes, dk, p.keylen);
    if (!err)
        err = pkc_aes_cbc_decrypt_unpad(&aes, p.iv, out, len, k->body.p, len, &outlen);
    pkc_aes_key_wipe(&aes);
    pkc_memzero(dk, sizeof dk);
    /* whether the padding held (a wrong password, the caller's answer) and
     * the length of the PrivateKeyInfo (its DER says it anyway) are public */
    PKC_DECLASSIFY(&err, sizeof err);
    PKC_DECLASSIFY(&outlen, sizeof outlen);
    /* a padding that happens to pass with a wrong password still gives
     * bytes that are no PrivateKeyInfo */
    pkc_pkix_key inner;
    if (!err && (pkc_pkix_read_der(out, outlen, &inner) != PKC_OK ||
                 inner.container != PKC_PKIX_PKCS8))
        err = PKC_ERR_DECRYPT;
    if (err) {
        pkc_secure_free(out, len);
        return err;
    }
    *der = out;
    *derlen = outlen; /* the allocation is len bytes: wiped beyond outlen */
    pkc_memzero(out + outlen, len - outlen);
    return PKC_OK;
}

pkc_err pkc_pkcs8_encrypt(const uint8_t *der, size_t len, const uint8_t *pass, size_t passlen,
                          pkc_rng *rng, uint32_t iterations, uint8_t **out, size_t *outlen)
{
    if (!der || !len || (!pass && passlen) || !rng || !out || !outlen)
        return PKC_ERR_ARG;
    *out = NULL;
    *outlen = 0;
    if (iterations == 0)
        iterations = PKC_PKCS8_DEFAULT_ITERATIONS;
    if (iterations > PKC_PKCS8_MAX_ITERATIONS)
        return PKC_ERR_ARG;
    uint8_t salt[SALT_BYTES], iv[16], dk[32];
    size_t clen = pkc_pkcs7_padded_len(len), got = 0;
    uint8_t *ct = malloc(clen);
    if (!ct)
        return PKC_ERR_NOMEM;
    pkc_aes_key aes;
    memset(&aes, 0, sizeof aes);
    pkc_err err = pkc_rng_bytes(rng, salt, sizeof salt);
    if (!err)
        err = pkc_rng_bytes(rng, iv, sizeof iv);
    if (!err)
        err = pkc_pbkdf2_hmac(PKC_HASH_SHA256, pass, passlen, salt, sizeof salt, iterations, dk,
                              sizeof dk);
    if (!err)
        err = pkc_aes_set_key(&aes, dk, sizeof dk);
    if (!err)
        err = pkc_aes_cbc_encrypt_pad(&aes, iv, ct, clen, der, len, &got);
    pkc_aes_key_wipe(&aes);
    pkc_memzero(dk, sizeof dk);
    if (!err) {
        pkc_der_writer w;
        pkc_der_writer_init(&w);
        size_t top = pkc_der_open(&w, PKC_DER_SEQUENCE);
        size_t alg = pkc_der_open(&w, PKC_DER_SEQUENCE);
        pkc_der_put_oid(&w, OID_PBES2);
        size_t params = pkc_der_open(&w, PKC_DER_SEQUENCE);
        size_t kdf = pkc_der_open(&w, PKC_DER_SEQUENCE);
        pkc_der_put_oid(&w, OID_PBKDF2);
        size_t kdfp = pkc_der_open(&w, PKC_DER_SEQUENCE);
        pkc_der_put_octet_string(&w, salt, sizeof salt);
        pkc_der_put_u64(&w, iterations);
        size_t prf = pkc_der_open(&w, PKC_DER_SEQUENCE);
        pkc_der_put_oid(&w, "1.2.840.113549.2.9"); /* hmacWithSHA256 */
        pkc_der_put_null(&w);
        pkc_der_close(&w, prf);
        pkc_der_close(&w, kdfp);
        pkc_der_close(&w, kdf);
        size_t enc = pkc_der_open(&w, PKC_DER_SEQUENCE);
        pkc_der_put_oid(&w, "2.16.840.1.101.3.4.1.42"); /* aes256-CBC */
        pkc_der_put_octet_string(&w, iv, sizeof iv);
        pkc_der_close(&w, enc);
        pkc_der_close(&w, params);
        pkc_der_close(&w, alg);
        pkc_der_put_octet_string(&w, ct, got);
        pkc_der_close(&w, top);
        err = pkc_der_writer_finish(&w, out, outlen);
    }
    pkc_secure_free(ct, clen);
    return err;
}
