/* pkc fuzzing — RSAES-OAEP decryption (RFC 8017 7.1.2, src/rsa/rsa_oaep.c),
 * differential: pkc_rsa_oaep_decrypt (CRT, blinded) and OpenSSL's
 * EVP_PKEY_decrypt with OAEP padding, the same hash, MGF1 hash and label,
 * decrypt the same ciphertext with the same key; both succeed with the
 * same plaintext, or both fail.
 *
 * Input: a selector byte, then the payload.
 *   bits 0, 6  OAEP hash: SHA-256, SHA-1, SHA-384, SHA-512 (bit 0 | bit 6 << 1);
 *              with SHA-512 an RSA-1024 key has no room for any message
 *              (k < 2 hLen + 2, step 1.c): both must always refuse
 *   bit  1     MGF1 hash: the same (0) or the other of SHA-1 / SHA-256 (1)
 *   bit  2     label "pkc" (1) or empty (0), for decryption
 *   bit  3     key: RSA-1024 or RSA-1025
 *   bits 4-5   mode, what the payload is:
 *     0  the ciphertext
 *     1  [len][message][damage]: OpenSSL encrypts the message with these
 *        parameters, then the ciphertext is damaged (pkc_fuzz_damage)
 *     2  [len][message][seed][Y][damage]: the encoded message built by the
 *        harness (RFC 8017 7.1.1 step 2: DB = lHash || PS || 01 || M, the
 *        seed from the input), Y and DB damaged before masking, then
 *        encrypted raw: both decoders see exactly the damaged structure
 *        (a wrong label hash, a non-zero padding byte, no separator, Y != 0)
 *     3  [len][label][len][message]: encrypted (by OpenSSL) under the
 *        input's label, decrypted under the selected one
 *   bit 7      unused
 *
 * Documented difference (the only one): RFC 8017 7.1.2 step 1.b ("If the
 * length of the ciphertext C is not k octets, output 'decryption error'"):
 * pkc refuses every other length. OpenSSL 3.0 takes a shorter ciphertext
 * as the integer it encodes (leading zero octets restored). So a
 * ciphertext shorter than k must fail in pkc, and OpenSSL's answer must be
 * pkc's answer for the same bytes zero-padded to k. Each k-byte ciphertext
 * that starts with a zero octet is also tried without it (about one in
 * 256 for RSA-1024, one in two for RSA-1025).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/rsa.h>

#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "fuzz_openssl.h"
#include "pkc/rng.h"
#include "pkc/rsa.h"

#define FDO_K 129 /* the largest k of the fixed keys */
#define FDO_MAX_CT 512

static const pkc_hash_alg fdo_hashes[4] = {PKC_HASH_SHA256, PKC_HASH_SHA1, PKC_HASH_SHA384,
                                           PKC_HASH_SHA512};

typedef struct {
    const pkc_rsa_key *key;
    EVP_PKEY *okey;
    pkc_rsa_oaep_params params;
    size_t k;
} fdo_case;

/* pkc's answer: the plaintext length, or -1 for PKC_ERR_DECRYPT. */
static long fdo_pkc(const fdo_case *c, const uint8_t *ct, size_t ctlen, uint8_t *m)
{
    pkc_rng rng;
    FUZZ_CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 3) == PKC_OK);
    size_t ml = 0;
    pkc_err e = pkc_rsa_oaep_decrypt(c->key, &rng, PKC_RSA_MODE_CRT, &c->params, ct, ctlen, m,
                                     FDO_K, &ml);
    pkc_rng_wipe(&rng);
    /* RFC 8017 7.1.2 note: one error for every failure */
    FUZZ_CHECK(e == PKC_OK || e == PKC_ERR_DECRYPT);
    FUZZ_CHECK(e != PKC_OK || ctlen == c->k);
    return e == PKC_OK ? (long)ml : -1;
}

static EVP_PKEY_CTX *fdo_ossl_ctx(const fdo_case *c, int decrypt, const pkc_rsa_oaep_params *p)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(c->okey, NULL);
    FUZZ_CHECK(ctx && (decrypt ? EVP_PKEY_decrypt_init(ctx) : EVP_PKEY_encrypt_init(ctx)) == 1);
    FUZZ_CHECK(EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) == 1);
    FUZZ_CHECK(EVP_PKEY_CTX_set_rsa_oaep_md(ctx, pkc_fuzz_ossl_md(p->hash)) == 1);
    FUZZ_CHECK(EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, pkc_fuzz_ossl_md(p->mgf1_hash)) == 1);
    if (p->labellen) {
        /* set0: OpenSSL takes the buffer */
        void *l = OPENSSL_memdup(p->label, p->labellen);
        FUZZ_CHECK(l && EVP_PKEY_CTX_set0_rsa_oaep_label(ctx, l, (int)p->labellen) == 1);
    }
    return ctx;
}

static long fdo_ossl(const fdo_case *c, const uint8_t *ct, size_t ctlen, uint8_t *m)
{
    EVP_PKEY_CTX *ctx = fdo_ossl_ctx(c, 1, &c->params);
    size_t ml = FDO_K;
    long r = EVP_PKEY_decrypt(ctx, m, &ml, ct, ctlen) == 1 ? (long)ml : -1;
    EVP_PKEY_CTX_free(ctx);
    return r;
}

static void fdo_compare_one(const fdo_case *c, const uint8_t *ct, size_t ctlen)
{
    uint8_t m1[FDO_K], m2[FDO_K];
    long l1 = fdo_pkc(c, ct, ctlen, m1), l2 = fdo_ossl(c, ct, ctlen, m2);
    if (ctlen < c->k) {
        /* The documented difference (see the top). */
        uint8_t padded[FDO_K];
        memset(padded, 0, c->k - ctlen);
        memcpy(padded + c->k - ctlen, ct, ctlen);
        FUZZ_CHECK(l1 == -1);
        l1 = fdo_pkc(c, padded, c->k, m1);
    }
    FUZZ_CHECK(l1 == l2);
    FUZZ_CHECK(l1 < 0 || memcmp(m1, m2, (size_t)l1) == 0);
}

static void fdo_compare(const fdo_case *c, const uint8_t *ct, size_t ctlen)
{
    fdo_compare_one(c, ct, ctlen);
    if (ctlen == c->k && ct[0] == 0)
        fdo_compare_one(c, ct + 1, ctlen - 1);
}

/* OpenSSL's OAEP encryption under params p; 0 if the message is too long. */
static int fdo_encrypt(const fdo_case *c, const pkc_rsa_oaep_params *p, const uint8_t *msg,
                       size_t msglen, uint8_t *ct)
{
    EVP_PKEY_CTX *ctx = fdo_ossl_ctx(c, 0, p);
    size_t cl = c->k;
    int ok = EVP_PKEY_encrypt(ctx, ct, &cl, msg, msglen) == 1;
    EVP_PKEY_CTX_free(ctx);
    FUZZ_CHECK(!ok || cl == c->k);
    /* RFC 8017 7.1.1 step 1.b: exactly the messages up to k - 2 hLen - 2 fit */
    size_t hlen = pkc_hash_size(p->hash);
    FUZZ_CHECK(ok == (c->k >= 2 * hlen + 2 && msglen <= c->k - 2 * hlen - 2));
    return ok;
}

/* Mode 2: EME-OAEP encoding (RFC 8017 7.1.1 step 2) with the input's
 * seed, Y and damage, then RSAEP; 0 if the damaged EM is >= n. */
static int fdo_encode_raw(const fdo_case *c, pkc_fuzz_in *in, uint8_t *ct)
{
    size_t hlen = pkc_hash_size(c->params.hash), k = c->k;
    if (k < 2 * hlen + 2)
        return 0;
    size_t dblen = k - hlen - 1, ml = 0;
    const uint8_t *msg = pkc_fuzz_take(in, pkc_fuzz_byte(in) % (k - 2 * hlen - 2 + 1), &ml);
    uint8_t em[FDO_K], db[FDO_K], mask[FDO_K], seed[PKC_HASH_MAX_SIZE];
    size_t sl = 0;
    const uint8_t *s = pkc_fuzz_take(in, hlen, &sl);
    memset(seed, 0, hlen);
    memcpy(seed, s, sl);
    em[0] = pkc_fuzz_byte(in); /* Y: 0 when valid */
    const EVP_MD *md = pkc_fuzz_ossl_md(c->params.hash), *mgf = pkc_fuzz_ossl_md(c->params.mgf1_hash);
    FUZZ_CHECK(EVP_Digest(c->params.labellen ? c->params.label : (const uint8_t *)"",
                          c->params.labellen, db, NULL, md, NULL) == 1);
    memset(db + hlen, 0, dblen - hlen - ml - 1);
    db[dblen - ml - 1] = 0x01;
    memcpy(db + dblen - ml, msg, ml);
    pkc_fuzz_damage(db, dblen, in);
    pkc_fuzz_ossl_mgf1(mgf, seed, hlen, mask, dblen);
    for (size_t i = 0; i < dblen; i++)
        em[1 + hlen + i] = db[i] ^ mask[i];
    pkc_fuzz_ossl_mgf1(mgf, em + 1 + hlen, dblen, mask, hlen);
    for (size_t i = 0; i < hlen; i++)
        em[1 + i] = seed[i] ^ mask[i];
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(c->okey, NULL);
    FUZZ_CHECK(ctx && EVP_PKEY_encrypt_init(ctx) == 1);
    FUZZ_CHECK(EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_NO_PADDING) == 1);
    size_t cl = k;
    int ok = EVP_PKEY_encrypt(ctx, ct, &cl, em, k) == 1;
    EVP_PKEY_CTX_free(ctx);
    FUZZ_CHECK(!ok || cl == k);
    return ok;
}

int pkc_fuzz_diff_oaep(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    fdo_case c;
    int which = (data[0] >> 3) & 1, mode = (data[0] >> 4) & 3;
    c.key = pkc_fuzz_fixed_rsa_at(which);
    c.okey = pkc_fuzz_ossl_fixed_rsa_at(which);
    c.k = pkc_rsa_size(c.key);
    FUZZ_CHECK(c.k <= FDO_K);
    memset(&c.params, 0, sizeof c.params);
    c.params.hash = fdo_hashes[(data[0] & 1) | ((data[0] >> 5) & 2)];
    c.params.mgf1_hash = !(data[0] & 2)                   ? c.params.hash
                         : c.params.hash == PKC_HASH_SHA1 ? PKC_HASH_SHA256
                                                          : PKC_HASH_SHA1;
    if (data[0] & 4) {
        c.params.label = (const uint8_t *)"pkc";
        c.params.labellen = 3;
    }
    uint8_t *buf = pkc_fuzz_dup(data + 1, len - 1);
    pkc_fuzz_in in = {buf, len - 1};
    uint8_t ct[FDO_K];

    if (mode == 0) {
        fdo_compare(&c, in.p, in.n < FDO_MAX_CT ? in.n : FDO_MAX_CT);
    } else if (mode == 2) {
        if (fdo_encode_raw(&c, &in, ct))
            fdo_compare(&c, ct, c.k);
    } else {
        pkc_rsa_oaep_params enc = c.params;
        if (mode == 3) {
            size_t ll = 0;
            enc.label = pkc_fuzz_take(&in, pkc_fuzz_byte(&in), &ll);
            enc.labellen = ll;
        }
        size_t ml = 0;
        const uint8_t *msg = pkc_fuzz_take(&in, pkc_fuzz_byte(&in), &ml);
        if (fdo_encrypt(&c, &enc, msg, ml, ct)) {
            if (mode == 1)
                pkc_fuzz_damage(ct, c.k, &in);
            fdo_compare(&c, ct, c.k);
        }
    }
    free(buf);
    pkc_fuzz_ossl_done();
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_diff_oaep)
