/* pkc fuzzing — RSA signature verification, differential: RSASSA-PKCS1-v1_5
 * (RFC 8017 8.2.2, src/rsa/rsa_pkcs1.c) and RSASSA-PSS (8.1.2,
 * src/rsa/rsa_pss.c) in pkc and in OpenSSL (EVP_PKEY_verify with the
 * padding, digest and salt length set) on the same signature of the
 * digest of PKC_FUZZ_MESSAGE; the verdicts must agree.
 *
 * Input: two selector bytes, then the payload.
 *   byte 0 bits 0-2  hash: SHA-1, SHA-224, SHA-256, SHA-384, SHA-512 (mod 5)
 *          bit  3    0: PKCS#1 v1.5, 1: PSS (MGF1 with the same hash)
 *          bits 4-5  PSS salt length: the hash length, AUTO (any, which
 *                    OpenSSL calls RSA_PSS_SALTLEN_AUTO), 0, 20 bytes
 *          bits 6-7  mode, what the payload is:
 *     0  the signature
 *     1  damage to a valid signature (pkc_fuzz_damage: offset, XOR mask)
 *     2  damage to the valid encoded message EM = s^e mod n, signed again
 *        with OpenSSL's raw private operation: the verifiers see exactly
 *        the damaged encoding (a flipped padding byte, a wrong DigestInfo
 *        length, a PSS trailer that is not 0xbc, a set top bit...)
 *     3  an encoding built from parts, signed the same way. PKCS#1 v1.5:
 *        the payload is T (the DigestInfo, valid in the seeds),
 *        EM = 00 01 FF..FF 00 T; PSS: [salt length][salt][damage]: a
 *        correct EMSA-PSS encoding (RFC 8017 9.1.1) with that salt (any
 *        length that fits), then damage to DB before it is masked, so
 *        the separator, the zero padding and the salt boundary move
 *   byte 1 bit 0     key: RSA-1024 or RSA-1025 (k = 129 bytes but
 *                    emLen = 128 for PSS: the leading zero octet of
 *                    9.1.2 step 2.c / EMSA-PSS-VERIFY)
 *
 * Documented difference (the only one): RFC 8017 8.1.2 and 8.2.2 step 1
 * ("If the length of the signature S is not k octets, output 'invalid
 * signature'"): pkc refuses any other length (PKC_ERR_DECODE). OpenSSL
 * refuses it for PKCS#1 v1.5, but for PSS it takes a shorter signature
 * as the integer it encodes, i.e. with leading zero octets restored. So a
 * PSS signature shorter than k must be refused by pkc, and OpenSSL's
 * verdict must be pkc's verdict on the same bytes zero-padded to k.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/rsa.h>

#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "fuzz_openssl.h"
#include "pkc/hash.h"
#include "pkc/rsa.h"

static const pkc_hash_alg fdr_hashes[5] = {PKC_HASH_SHA1, PKC_HASH_SHA224, PKC_HASH_SHA256,
                                           PKC_HASH_SHA384, PKC_HASH_SHA512};
static const int fdr_salts[4] = {PKC_RSA_SALT_HASHLEN, PKC_RSA_SALT_AUTO, 0, 20};

/* The largest k of the fixed keys, and the largest signature tried. */
#define FDR_K 129
#define FDR_MAX_SIG 512

typedef struct {
    const pkc_rsa_key *key;
    EVP_PKEY *okey;
    pkc_hash_alg hash;
    int pss, salt;
    uint8_t digest[PKC_HASH_MAX_SIZE];
    size_t dlen, k;
} fdr_case;

static int fdr_pkc(const fdr_case *c, const uint8_t *sig, size_t siglen)
{
    pkc_err e = c->pss ? pkc_rsa_pss_verify(c->key, c->hash, c->salt, c->digest, c->dlen, sig,
                                            siglen)
                       : pkc_rsa_pkcs1_verify(c->key, c->hash, c->digest, c->dlen, sig, siglen);
    FUZZ_CHECK(e == PKC_OK || e == PKC_ERR_VERIFY || e == PKC_ERR_DECODE || e == PKC_ERR_RANGE);
    /* 8.1.2 / 8.2.2 step 1: a length other than k is malformed */
    FUZZ_CHECK(siglen == c->k || e == PKC_ERR_DECODE);
    return e == PKC_OK;
}

static int fdr_ossl(const fdr_case *c, const uint8_t *sig, size_t siglen)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(c->okey, NULL);
    FUZZ_CHECK(ctx && EVP_PKEY_verify_init(ctx) == 1);
    FUZZ_CHECK(EVP_PKEY_CTX_set_rsa_padding(ctx, c->pss ? RSA_PKCS1_PSS_PADDING
                                                        : RSA_PKCS1_PADDING) == 1);
    FUZZ_CHECK(EVP_PKEY_CTX_set_signature_md(ctx, pkc_fuzz_ossl_md(c->hash)) == 1);
    if (c->pss) {
        int sl = c->salt == PKC_RSA_SALT_HASHLEN ? RSA_PSS_SALTLEN_DIGEST
                 : c->salt == PKC_RSA_SALT_AUTO  ? RSA_PSS_SALTLEN_AUTO
                                                 : c->salt;
        FUZZ_CHECK(EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, sl) == 1);
    }
    int ok = EVP_PKEY_verify(ctx, sig, siglen, c->digest, c->dlen) == 1;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

static void fdr_compare_one(const fdr_case *c, const uint8_t *sig, size_t siglen)
{
    int mine = fdr_pkc(c, sig, siglen), theirs = fdr_ossl(c, sig, siglen);
    if (c->pss && siglen < c->k) {
        /* The documented difference (see the top): OpenSSL restores the
         * leading zeros of a short PSS signature. */
        uint8_t padded[FDR_K];
        memset(padded, 0, c->k - siglen);
        memcpy(padded + c->k - siglen, sig, siglen);
        FUZZ_CHECK(!mine);
        mine = fdr_pkc(c, padded, c->k);
    }
    FUZZ_CHECK(mine == theirs);
}

/* A k-byte signature, and also without its leading zero octet when it has
 * one (the length rule above: about every 256th signature of RSA-1024,
 * every other one of RSA-1025, whose n starts with 0x01). */
static void fdr_compare(const fdr_case *c, const uint8_t *sig, size_t siglen)
{
    fdr_compare_one(c, sig, siglen);
    if (siglen == c->k && sig[0] == 0)
        fdr_compare_one(c, sig + 1, siglen - 1);
}

/* OpenSSL's raw private operation (RSASP1 without padding): em must be < n. */
static int fdr_sign_raw(const fdr_case *c, const uint8_t *em, uint8_t *sig)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(c->okey, NULL);
    FUZZ_CHECK(ctx && EVP_PKEY_sign_init(ctx) == 1);
    FUZZ_CHECK(EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_NO_PADDING) == 1);
    size_t sl = c->k;
    int ok = EVP_PKEY_sign(ctx, sig, &sl, em, c->k) == 1;
    EVP_PKEY_CTX_free(ctx);
    FUZZ_CHECK(!ok || sl == c->k);
    return ok;
}

/* A signature in the selected scheme (PSS: a fixed salt of the selected
 * length, or the longest that fits the key); 1 if it is valid for the
 * selected parameters, 0 if the salt had to be shortened. */
static int fdr_valid(const fdr_case *c, uint8_t *sig)
{
    size_t sl = 0;
    if (!c->pss) {
        FUZZ_CHECK(pkc_rsa_pkcs1_sign(c->key, NULL, PKC_RSA_MODE_TEXTBOOK_UNSAFE, c->hash,
                                      c->digest, c->dlen, sig, FDR_K, &sl) == PKC_OK);
        return 1;
    }
    static const uint8_t salt[PKC_HASH_MAX_SIZE] = "pkc fuzz salt, pkc fuzz salt, pkc fuzz salt";
    size_t emlen = (pkc_rsa_bits(c->key) - 1 + 7) / 8;
    size_t slen = c->salt >= 0 ? (size_t)c->salt : c->dlen;
    int fits = slen + c->dlen + 2 <= emlen;
    if (!fits)
        slen = emlen - c->dlen - 2;
    FUZZ_CHECK(pkc_rsa_pss_sign_salt(c->key, NULL, PKC_RSA_MODE_TEXTBOOK_UNSAFE, c->hash, salt,
                                     slen, c->digest, c->dlen, sig, FDR_K, &sl) == PKC_OK);
    return fits;
}

/* Mode 3, PSS: EMSA-PSS-ENCODE (RFC 8017 9.1.1) with the input's salt,
 * DB damaged before masking. em gets k bytes (a leading zero when
 * emLen = k - 1). */
static void fdr_pss_encode(const fdr_case *c, pkc_fuzz_in *in, uint8_t *em)
{
    size_t embits = pkc_rsa_bits(c->key) - 1, emlen = (embits + 7) / 8, hlen = c->dlen;
    size_t dblen = emlen - hlen - 1, sl = 0;
    const uint8_t *salt = pkc_fuzz_take(in, pkc_fuzz_byte(in) % (dblen - 1 + 1), &sl);
    if (sl > dblen - 1)
        sl = dblen - 1;
    /* H = Hash(00 x 8 || mHash || salt) */
    uint8_t mprime[8 + PKC_HASH_MAX_SIZE + FDR_K], H[PKC_HASH_MAX_SIZE], db[FDR_K],
        mask[FDR_K];
    memset(mprime, 0, 8);
    memcpy(mprime + 8, c->digest, hlen);
    memcpy(mprime + 8 + hlen, salt, sl);
    FUZZ_CHECK(pkc_hash(c->hash, mprime, 8 + hlen + sl, H) == PKC_OK);
    /* DB = PS || 01 || salt */
    memset(db, 0, dblen);
    db[dblen - sl - 1] = 0x01;
    memcpy(db + dblen - sl, salt, sl);
    pkc_fuzz_damage(db, dblen, in);
    pkc_fuzz_ossl_mgf1(pkc_fuzz_ossl_md(c->hash), H, hlen, mask, dblen);
    uint8_t *e = em + (c->k - emlen);
    memset(em, 0, c->k);
    for (size_t i = 0; i < dblen; i++)
        e[i] = db[i] ^ mask[i];
    e[0] &= (uint8_t)(0xff >> (8 * emlen - embits));
    memcpy(e + dblen, H, hlen);
    e[emlen - 1] = 0xbc;
}

int pkc_fuzz_diff_rsa_verify(const uint8_t *data, size_t len)
{
    if (len < 2)
        return 0;
    fdr_case c;
    int which = data[1] & 1;
    c.key = pkc_fuzz_fixed_rsa_at(which);
    c.okey = pkc_fuzz_ossl_fixed_rsa_at(which);
    c.hash = fdr_hashes[(data[0] & 7) % 5];
    c.pss = (data[0] >> 3) & 1;
    c.salt = fdr_salts[(data[0] >> 4) & 3];
    c.dlen = pkc_hash_size(c.hash);
    c.k = pkc_rsa_size(c.key);
    FUZZ_CHECK(c.k <= FDR_K);
    FUZZ_CHECK(pkc_hash(c.hash, PKC_FUZZ_MESSAGE, strlen(PKC_FUZZ_MESSAGE), c.digest) == PKC_OK);
    int mode = data[0] >> 6;
    uint8_t *buf = pkc_fuzz_dup(data + 2, len - 2);
    pkc_fuzz_in in = {buf, len - 2};
    uint8_t sig[FDR_MAX_SIG], em[FDR_K];

    switch (mode) {
    case 0: fdr_compare(&c, in.p, in.n < FDR_MAX_SIG ? in.n : FDR_MAX_SIG); break;
    case 1:
        if (fdr_valid(&c, sig))
            FUZZ_CHECK(fdr_pkc(&c, sig, c.k) && fdr_ossl(&c, sig, c.k));
        pkc_fuzz_damage(sig, c.k, &in);
        fdr_compare(&c, sig, c.k);
        break;
    default:
        if (mode == 2) {
            fdr_valid(&c, sig);
            FUZZ_CHECK(pkc_rsa_public_raw(c.key, sig, em) == PKC_OK);
            pkc_fuzz_damage(em, c.k, &in);
        } else if (c.pss) {
            fdr_pss_encode(&c, &in, em);
        } else {
            /* EM = 00 01 PS 00 T, T from the input (cut to fit) */
            size_t tl = 0;
            const uint8_t *t = pkc_fuzz_take(&in, c.k - 3, &tl);
            em[0] = 0x00;
            em[1] = 0x01;
            memset(em + 2, 0xff, c.k - 3 - tl);
            em[c.k - tl - 1] = 0x00;
            memcpy(em + c.k - tl, t, tl);
        }
        /* an encoding >= n has no signature */
        if (fdr_sign_raw(&c, em, sig))
            fdr_compare(&c, sig, c.k);
        break;
    }
    free(buf);
    pkc_fuzz_ossl_done();
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_diff_rsa_verify)
