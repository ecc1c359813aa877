/* pkc fuzzing — key parsing, differential: pkc_key_parse_info (src/key.c,
 * src/encoding/pkix.c; PEM or DER, PKCS#1, PKCS#8, SubjectPublicKeyInfo or
 * SEC 1, detected from the content) and OpenSSL's OSSL_DECODER (PEM or DER,
 * any structure; a key pair is asked for first, then a public key) read
 * the same bytes.
 *
 * When pkc reads a key, OpenSSL must read the same one: the same type,
 * private or public as pkc says, the same SubjectPublicKeyInfo (the EC
 * point uncompressed), the same private components (RSA: all eight; EC:
 * d; X25519, Ed25519, X448, Ed448: the raw private and public keys), and the values must satisfy pkc's documented checks (fdk_rsa_valid,
 * fdk_ec_private_valid, EVP_PKEY_public_check for EC points). When pkc refuses a
 * key OpenSSL reads, the error code must be explained by what OpenSSL
 * read (fdk_explain):
 *   PKC_ERR_UNSUPPORTED  OpenSSL's key is of the algorithm pkc_key_info
 *                        names and pkc does not implement (DSA, DH,
 *                        RSASSA-PSS), a multi-prime
 *                        RSA key (RFC 8017 A.1.2 version 1), or an EC key
 *                        with explicit parameters or a curve pkc does not
 *                        have (RFC 5480 section 2.1.1: specifiedCurve and
 *                        implicitCurve MUST NOT be used in PKIX); or an
 *                        RSAPublicKey with n = 1 (fdk_rsa_public_like_version)
 *   PKC_ERR_KEY          the values break one of pkc's documented checks
 *                        (include/pkc/rsa.h: n odd of 512 to 16384 bits,
 *                        3 <= e < n odd, e of at most 64 bits above 3072
 *                        bits, the RFC 8017 3.2 relations between the
 *                        private components; EC: 1 <= d < n and a stored
 *                        public key equal to d G, SEC 1 v2 section 3.2.1,
 *                        and a privateKey of at most ceiling(log2(n) / 8)
 *                        octets, RFC 5915 section 3).
 *                        OpenSSL's decoders check none of these, so it
 *                        reads e = 1, an even n, q = 2 ...
 *   PKC_ERR_POINT        OpenSSL's EVP_PKEY_public_check refuses the point
 *                        too (its decoder accepts the point at infinity);
 *                        or an Ed25519/Ed448 public key that does not
 *                        decode to a point (RFC 8032 5.1.3, 5.2.3), which
 *                        OpenSSL's decoder does not check
 *   PKC_ERR_DECODE       the input is not the canonical encoding of what
 *                        OpenSSL read: OpenSSL's decoder is BER-tolerant
 *                        (non-minimal lengths and integers, trailing bytes
 *                        after the key, lenient Base64), pkc reads DER only
 *                        (X.690 section 10; RFC 5958 and RFC 5280 require
 *                        DER) and strict RFC 7468 PEM. So the input must
 *                        differ from every encoding OpenSSL's own encoder
 *                        makes of that key (PKCS#8, SPKI, PKCS#1 or SEC 1,
 *                        DER or PEM as the input); or it is an RSAPublicKey
 *                        with n = 0 or 1, whose first INTEGER pkc takes for
 *                        an RSAPrivateKey's version (containers are told
 *                        apart by shape); or a version is not one the
 *                        standard allows (fdk_bad_version: PKCS#8 0 or 1,
 *                        RSAPrivateKey 0 or 1, ECPrivateKey 1), which
 *                        OpenSSL reads and writes back; or OpenSSL read a
 *                        key of an algorithm pkc does not implement from a
 *                        structure without an algorithm identifier (a bare
 *                        DSAPrivateKey is six INTEGERs, like an RSA key
 *                        with components left out): pkc, which has no such
 *                        structure, cannot name the algorithm, only refuse
 *                        the encoding; or an EC key whose public key is
 *                        stored in the hybrid form (fdk_ec_hybrid), which
 *                        SEC 1 v2 2.3.4 does not decode and RFC 5480 2.2
 *                        forbids
 * Documented differences the other way (pkc reads, OpenSSL does not):
 *   - "EC PARAMETERS" blocks before the key (what `openssl ecparam
 *     -genkey` writes): pkc skips them without reading them
 *     (include/pkc/key.h); OpenSSL's decoder reads the first block only,
 *     so the harness hands it the text after those blocks;
 *   - white space inside the Base64 body (blank lines, lines of any
 *     length): pkc ignores it, as RFC 7468 section 3's lax parsing allows
 *     (src/encoding/pem.c); OpenSSL 3.0's PEM reader stops at a blank line
 *     and refuses the text. Then the same block re-armoured as OpenSSL's
 *     encoder writes it (64 columns) must read in OpenSSL as the key pkc
 *     read (fdk_rearmoured), and the input's body must differ from it;
 *   - PKCS#8 version 2 (RFC 5958 OneAsymmetricKey, with the [1] publicKey
 *     field): OpenSSL 3.0's PrivateKeyInfo has no [1] and refuses it; then
 *     the same key rewritten as version 0 without the [1] field must read
 *     in OpenSSL as the key pkc read (fdk_as_v1).
 *
 * Input: a selector byte, then the payload.
 *   bits 0-1  mode:
 *     0  the payload as it is (the key corpus: every format, other
 *        algorithms, broken and encrypted keys)
 *     1  the payload is DER, which the harness armours as PEM with the
 *        label fdk_labels[bits 2-4] (matching the content or not)
 *     2  a fixed key in container bits 2-4 (the FDK_* enum), written by
 *        pkc, damaged (pkc_fuzz_damage)
 *     3  the same container rebuilt by the harness from the fixed key's
 *        components with edits from the payload: [index][length: 2
 *        bytes][bytes] ... (fdk_build): a component replaced by any
 *        value, or left out (index bit 7); EC curves include ones pkc does
 *        not implement
 *   bits 5-7  the fixed key: RSA-1024 or RSA-1025 (bit 5); the curve (EC)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/decoder.h>
#include <openssl/encoder.h>

#include "encoding/pem.h"
#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "fuzz_openssl.h"
#include "pkc/curve25519.h"
#include "pkc/curve448.h"
#include "pkc/der.h"
#include "pkc/key.h"

/* ---- a small DER builder (the harness's own, for mode 3) ---- */

typedef struct {
    uint8_t *p;
    size_t n, cap;
} fdk_buf;

static void fdk_add(fdk_buf *b, const void *d, size_t n)
{
    if (b->n + n > b->cap) {
        b->cap = 2 * (b->n + n) + 64;
        b->p = realloc(b->p, b->cap);
        FUZZ_CHECK(b->p != NULL);
    }
    if (n)
        memcpy(b->p + b->n, d, n);
    b->n += n;
}

/* tag, X.690 8.1.3 definite length (short or long form), content */
static void fdk_tlv(fdk_buf *b, uint8_t tag, const uint8_t *c, size_t n)
{
    uint8_t h[6];
    size_t hl = 0;
    h[hl++] = tag;
    if (n < 128) {
        h[hl++] = (uint8_t)n;
    } else {
        size_t bytes = n < 256 ? 1 : n < 65536 ? 2 : 3;
        h[hl++] = (uint8_t)(0x80 | bytes);
        for (size_t i = bytes; i-- > 0;)
            h[hl++] = (uint8_t)(n >> (8 * i));
    }
    fdk_add(b, h, hl);
    fdk_add(b, c, n);
}

/* INTEGER of a non-negative magnitude: minimal, with a 00 before a set top bit */
static void fdk_uint(fdk_buf *b, const uint8_t *m, size_t n)
{
    while (n > 0 && m[0] == 0)
        m++, n--;
    fdk_buf t = {0};
    if (n == 0 || m[0] & 0x80)
        fdk_add(&t, "", 1);
    fdk_add(&t, m, n);
    fdk_tlv(b, 0x02, t.p, t.n);
    free(t.p);
}

/* wraps b's content as one TLV of that tag, in place */
static void fdk_wrap(fdk_buf *b, uint8_t tag)
{
    fdk_buf t = {0};
    fdk_tlv(&t, tag, b->p, b->n);
    free(b->p);
    *b = t;
}

/* ---- the fixed keys in their containers ---- */

/* Mode 1 labels (RFC 7468 and OpenSSL's traditional ones). */
static const char *const fdk_labels[8] = {
    "PRIVATE KEY",    "PUBLIC KEY",    "RSA PRIVATE KEY",       "RSA PUBLIC KEY",
    "EC PRIVATE KEY", "EC PARAMETERS", "ENCRYPTED PRIVATE KEY", "CERTIFICATE"};

/* Containers of modes 2 and 3 (selector bits 2-4). */
enum {
    FDK_RSA_PKCS1,     /* RSAPrivateKey, RFC 8017 A.1.2 */
    FDK_RSA_PKCS8,     /* PrivateKeyInfo, RFC 5208 */
    FDK_RSA_SPKI,      /* SubjectPublicKeyInfo, RFC 5280 4.1 */
    FDK_RSA_PKCS1_PUB, /* RSAPublicKey, RFC 8017 A.1.1 */
    FDK_EC_SEC1,       /* ECPrivateKey, RFC 5915 */
    FDK_EC_PKCS8,
    FDK_EC_SPKI,       /* RFC 5480, uncompressed point */
    FDK_EC_SPKI_COMPRESSED
};

static const uint8_t fdk_oid_rsa[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01};
static const uint8_t fdk_oid_ec[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};
/* Named curves (content octets): pkc's eight SEC 2 prime curves by
 * pkc_curve_id (0-7: the selector keeps its three bits, so prime239v1, id
 * 18, is reached through the corpus's key files only), then curves OpenSSL
 * knows and pkc does not (prime239v2, brainpoolP256r1, secp160r1,
 * sect163r1; sect163k1 and then prime239v1 were there until pkc implemented
 * them). */
static const struct {
    uint8_t len, oid[9];
} fdk_curve_oids[12] = {
    {5, {0x2b, 0x81, 0x04, 0x00, 0x1f}},
    {8, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x01}},
    {5, {0x2b, 0x81, 0x04, 0x00, 0x20}},
    {5, {0x2b, 0x81, 0x04, 0x00, 0x21}},
    {5, {0x2b, 0x81, 0x04, 0x00, 0x0a}},
    {8, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07}},
    {5, {0x2b, 0x81, 0x04, 0x00, 0x22}},
    {5, {0x2b, 0x81, 0x04, 0x00, 0x23}},
    {8, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x05}},
    {9, {0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x07}},
    {5, {0x2b, 0x81, 0x04, 0x00, 0x08}},
    {5, {0x2b, 0x81, 0x04, 0x00, 0x02}},
};

/* Mode 2: pkc's own encoding of a fixed key. */
static void fdk_written(int cont, unsigned sel, fdk_buf *out)
{
    uint8_t *der = NULL;
    size_t len = 0;
    const pkc_rsa_key *rsa = pkc_fuzz_fixed_rsa_at(sel & 1);
    const pkc_ec_private_key *ec = pkc_fuzz_fixed_ec((pkc_curve_id)(sel & 7));
    pkc_err e;
    switch (cont) {
    case FDK_RSA_PKCS1: e = pkc_rsa_private_to_pkcs1(rsa, &der, &len); break;
    case FDK_RSA_PKCS8: e = pkc_rsa_private_to_pkcs8(rsa, &der, &len); break;
    case FDK_RSA_SPKI: e = pkc_rsa_public_to_spki(rsa, &der, &len); break;
    case FDK_RSA_PKCS1_PUB: e = pkc_rsa_public_to_pkcs1(rsa, &der, &len); break;
    case FDK_EC_SEC1: e = pkc_ec_private_key_to_der(ec, PKC_EC_FORMAT_SEC1, &der, &len); break;
    case FDK_EC_PKCS8: e = pkc_ec_private_key_to_der(ec, PKC_EC_FORMAT_PKCS8, &der, &len); break;
    default: e = pkc_ec_public_key_to_der(&ec->pub, cont == FDK_EC_SPKI_COMPRESSED, &der, &len);
    }
    FUZZ_CHECK(e == PKC_OK);
    fdk_add(out, der, len);
    pkc_secure_free(der, len);
}

/* Mode 3: the components of a fixed key, edited, then encoded. */
#define FDK_COMPONENTS 9
typedef struct {
    uint8_t *v[FDK_COMPONENTS];
    size_t len[FDK_COMPONENTS];
    int omit[FDK_COMPONENTS];
} fdk_parts;

static void fdk_set(fdk_parts *k, int i, const uint8_t *v, size_t len)
{
    free(k->v[i]);
    k->v[i] = malloc(len ? len : 1);
    FUZZ_CHECK(k->v[i] != NULL);
    if (len)
        memcpy(k->v[i], v, len);
    k->len[i] = len;
}

/* RSA: version, n, e, d, p, q, dP, dQ, qInv (magnitudes). EC: version,
 * d (the OCTET STRING), the curve (the first byte indexes fdk_curve_oids),
 * the point (the BIT STRING's content after its 00). */
static int fdk_components(int cont, unsigned sel, fdk_parts *k)
{
    memset(k, 0, sizeof *k);
    uint8_t b[2048];
    size_t len = 0;
    if (cont <= FDK_RSA_PKCS1_PUB) {
        const pkc_rsa_key *rsa = pkc_fuzz_fixed_rsa_at(sel & 1);
        fdk_set(k, 0, (const uint8_t *)"", 0);
        for (int i = 1; i < FDK_COMPONENTS; i++) {
            FUZZ_CHECK(pkc_rsa_get(rsa, (pkc_rsa_part)(i - 1), b, sizeof b, &len) == PKC_OK);
            fdk_set(k, i, b, len);
        }
        return FDK_COMPONENTS;
    }
    pkc_curve_id curve = (pkc_curve_id)(sel & 7);
    const pkc_ec_private_key *ec = pkc_fuzz_fixed_ec(curve);
    uint8_t one = 1, c = (uint8_t)curve;
    fdk_set(k, 0, &one, 1);
    FUZZ_CHECK(pkc_ec_private_key_to_bytes(ec, b, sizeof b, &len) == PKC_OK);
    fdk_set(k, 1, b, len);
    fdk_set(k, 2, &c, 1);
    FUZZ_CHECK(pkc_ec_point_encode(&ec->pub, cont == FDK_EC_SPKI_COMPRESSED, b, sizeof b, &len) ==
               PKC_OK);
    fdk_set(k, 3, b, len);
    return 4;
}

static void fdk_put_uint(fdk_buf *b, const fdk_parts *k, int i)
{
    if (!k->omit[i])
        fdk_uint(b, k->v[i], k->len[i]);
}

static void fdk_put_curve(fdk_buf *b, const fdk_parts *k)
{
    if (k->omit[2])
        return;
    unsigned c = (k->len[2] ? k->v[2][0] : 0) % 12;
    fdk_tlv(b, 0x06, fdk_curve_oids[c].oid, fdk_curve_oids[c].len);
}

static void fdk_put_point(fdk_buf *b, const fdk_parts *k)
{
    fdk_buf t = {0};
    fdk_add(&t, "", 1); /* no unused bits */
    fdk_add(&t, k->v[3], k->len[3]);
    fdk_tlv(b, 0x03, t.p, t.n);
    free(t.p);
}

/* ECPrivateKey; with_params: the [0] curve (PKCS#8 leaves it to the AlgorithmIdentifier) */
static void fdk_ec_private(fdk_buf *b, const fdk_parts *k, int with_params)
{
    fdk_buf s = {0}, t = {0};
    fdk_put_uint(&s, k, 0);
    if (!k->omit[1])
        fdk_tlv(&s, 0x04, k->v[1], k->len[1]);
    if (with_params) {
        fdk_put_curve(&t, k);
        fdk_tlv(&s, 0xa0, t.p, t.n);
        t.n = 0;
    }
    if (!k->omit[3]) {
        fdk_put_point(&t, k);
        fdk_tlv(&s, 0xa1, t.p, t.n);
    }
    fdk_tlv(b, 0x30, s.p, s.n);
    free(s.p);
    free(t.p);
}

static void fdk_build(int cont, const fdk_parts *k, fdk_buf *out)
{
    fdk_buf s = {0}, alg = {0};
    int rsa = cont <= FDK_RSA_PKCS1_PUB;
    if (rsa) {
        fdk_tlv(&alg, 0x06, fdk_oid_rsa, sizeof fdk_oid_rsa);
        fdk_tlv(&alg, 0x05, NULL, 0);
    } else {
        fdk_tlv(&alg, 0x06, fdk_oid_ec, sizeof fdk_oid_ec);
        fdk_put_curve(&alg, k);
    }
    fdk_wrap(&alg, 0x30);
    switch (cont) {
    case FDK_RSA_PKCS1:
    case FDK_RSA_PKCS8:
        for (int i = 0; i < FDK_COMPONENTS; i++)
            fdk_put_uint(&s, k, i);
        fdk_wrap(&s, 0x30);
        if (cont == FDK_RSA_PKCS8) {
            fdk_wrap(&s, 0x04);
            fdk_buf t = {0};
            fdk_uint(&t, (const uint8_t *)"", 0);
            fdk_add(&t, alg.p, alg.n);
            fdk_add(&t, s.p, s.n);
            free(s.p);
            s = t;
            fdk_wrap(&s, 0x30);
        }
        break;
    case FDK_RSA_SPKI:
    case FDK_RSA_PKCS1_PUB:
        fdk_put_uint(&s, k, 1);
        fdk_put_uint(&s, k, 2);
        fdk_wrap(&s, 0x30);
        if (cont == FDK_RSA_SPKI) {
            fdk_buf t = {0};
            fdk_add(&t, "", 1);
            fdk_add(&t, s.p, s.n);
            free(s.p);
            s = (fdk_buf){0};
            fdk_add(&s, alg.p, alg.n);
            fdk_tlv(&s, 0x03, t.p, t.n);
            free(t.p);
            fdk_wrap(&s, 0x30);
        }
        break;
    case FDK_EC_SEC1: fdk_ec_private(&s, k, 1); break;
    case FDK_EC_PKCS8: {
        fdk_buf t = {0};
        fdk_ec_private(&t, k, 0);
        fdk_uint(&s, (const uint8_t *)"", 0);
        fdk_add(&s, alg.p, alg.n);
        fdk_tlv(&s, 0x04, t.p, t.n);
        free(t.p);
        fdk_wrap(&s, 0x30);
        break;
    }
    default: /* EC SPKI */
        fdk_add(&s, alg.p, alg.n);
        fdk_put_point(&s, k);
        fdk_wrap(&s, 0x30);
    }
    fdk_add(out, s.p, s.n);
    free(s.p);
    free(alg.p);
}

/* [index][length hi][length lo][bytes]...: index bit 7 leaves the
 * component out, otherwise the bytes replace it. */
static void fdk_edit(fdk_parts *k, int ncomp, pkc_fuzz_in *in)
{
    while (in->n > 0) {
        unsigned idx = pkc_fuzz_byte(in);
        size_t want = (size_t)pkc_fuzz_byte(in) << 8;
        want |= pkc_fuzz_byte(in);
        size_t len = 0;
        const uint8_t *v = pkc_fuzz_take(in, want, &len);
        int i = (int)((idx & 0x7f) % (unsigned)ncomp);
        if (idx & 0x80)
            k->omit[i] = 1;
        else
            fdk_set(k, i, v, len);
    }
}

/* ---- OpenSSL's reading ---- */

static int fdk_no_pass(char *pass, size_t size, size_t *len, const OSSL_PARAM params[], void *arg)
{
    (void)pass, (void)size, (void)len, (void)params, (void)arg;
    return 0; /* no passphrase: an encrypted key stays unread */
}

/* One object of the given selection from *p (advanced past it). */
static EVP_PKEY *fdk_decode1(const uint8_t **p, size_t *left, int pem, int selection)
{
    EVP_PKEY *k = NULL;
    OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(&k, pem ? "PEM" : "DER", NULL, NULL,
                                                        selection, NULL, NULL);
    FUZZ_CHECK(d != NULL);
    FUZZ_CHECK(OSSL_DECODER_CTX_set_passphrase_cb(d, fdk_no_pass, NULL) == 1);
    if (OSSL_DECODER_from_data(d, p, left) != 1) {
        EVP_PKEY_free(k);
        k = NULL;
    }
    OSSL_DECODER_CTX_free(d);
    return k;
}

/* Where the key starts in a PEM text: after the leading "EC PARAMETERS"
 * blocks, which pkc skips without reading them (src/encoding/pkix.c; the
 * block framing is pkc's own, src/encoding/pem.h). */
static size_t fdk_after_ec_params(const uint8_t *x, size_t n)
{
    pkc_pem_block blk;
    size_t from = 0;
    while (pkc_pem_block_find((const char *)x, n, from, &blk) == PKC_OK &&
           pkc_pem_block_label_is((const char *)x, &blk, "EC PARAMETERS"))
        from = blk.next;
    return from;
}

/* A key pair, else a public key; in PEM from where pkc looks for the key
 * (the documented difference at the top). */
static EVP_PKEY *fdk_ossl_read(const uint8_t *x, size_t n, int pem)
{
    if (pem) {
        size_t from = fdk_after_ec_params(x, n);
        x += from, n -= from;
    }
    const uint8_t *p = x;
    size_t left = n;
    EVP_PKEY *k = fdk_decode1(&p, &left, pem, EVP_PKEY_KEYPAIR);
    if (!k) {
        p = x, left = n;
        k = fdk_decode1(&p, &left, pem, EVP_PKEY_PUBLIC_KEY);
    }
    return k;
}

static BIGNUM *fdk_bn(const EVP_PKEY *k, const char *name)
{
    BIGNUM *v = NULL;
    if (EVP_PKEY_get_bn_param(k, name, &v) != 1)
        return NULL;
    return v;
}

static int fdk_ossl_is_private(const EVP_PKEY *k)
{
    if (EVP_PKEY_is_a(k, "X25519") || EVP_PKEY_is_a(k, "ED25519") || EVP_PKEY_is_a(k, "X448") ||
        EVP_PKEY_is_a(k, "ED448")) {
        size_t len = 0; /* the raw private key's length, or failure for a public key */
        return EVP_PKEY_get_raw_private_key(k, NULL, &len) == 1 && len > 0;
    }
    BIGNUM *d = fdk_bn(k, EVP_PKEY_is_a(k, "EC") ? OSSL_PKEY_PARAM_PRIV_KEY : OSSL_PKEY_PARAM_RSA_D);
    BN_free(d);
    return d != NULL;
}

/* The encodings OpenSSL's encoder makes of k in the input's form (DER or
 * PEM): 1 if one of them is x. */
static int fdk_ossl_canonical(EVP_PKEY *k, const uint8_t *x, size_t n, int pem)
{
    static const struct {
        int selection;
        const char *structure;
    } forms[] = {{EVP_PKEY_KEYPAIR, "PrivateKeyInfo"},
                 {EVP_PKEY_KEYPAIR, "type-specific"},
                 {EVP_PKEY_PUBLIC_KEY, "SubjectPublicKeyInfo"},
                 {EVP_PKEY_PUBLIC_KEY, "type-specific"}};
    int found = 0;
    for (size_t i = 0; i < sizeof forms / sizeof forms[0] && !found; i++) {
        OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(k, forms[i].selection,
                                                            pem ? "PEM" : "DER",
                                                            forms[i].structure, NULL);
        unsigned char *out = NULL;
        size_t outlen = 0;
        if (e && OSSL_ENCODER_CTX_get_num_encoders(e) > 0 &&
            OSSL_ENCODER_to_data(e, &out, &outlen) == 1)
            found = outlen == n && memcmp(out, x, n) == 0;
        OPENSSL_free(out);
        OSSL_ENCODER_CTX_free(e);
    }
    return found;
}

/* ---- pkc's documented checks, on OpenSSL's values ---- */

/* include/pkc/rsa.h, pkc_rsa_key_from_public and _from_private (src/rsa/
 * rsa_core.c): RFC 8017 3.1 and 3.2, SP 800-89 5.3.3 partial validation. */
static int fdk_rsa_valid(const EVP_PKEY *k)
{
    BN_CTX *ctx = pkc_fuzz_ossl_bn_ctx();
    const char *names[8] = {OSSL_PKEY_PARAM_RSA_N,         OSSL_PKEY_PARAM_RSA_E,
                            OSSL_PKEY_PARAM_RSA_D,         OSSL_PKEY_PARAM_RSA_FACTOR1,
                            OSSL_PKEY_PARAM_RSA_FACTOR2,   OSSL_PKEY_PARAM_RSA_EXPONENT1,
                            OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1};
    BIGNUM *v[8];
    for (int i = 0; i < 8; i++)
        v[i] = fdk_bn(k, names[i]);
    BIGNUM *n = v[0], *e = v[1], *d = v[2], *p = v[3], *q = v[4], *dp = v[5], *dq = v[6],
           *qi = v[7];
    FUZZ_CHECK(n && e);
    int bits = BN_num_bits(n);
    int ok = !BN_is_negative(n) && BN_is_odd(n) && bits >= 512 && bits <= PKC_RSA_MAX_BITS &&
             !BN_is_negative(e) && BN_is_odd(e) && BN_num_bits(e) >= 2 && BN_cmp(e, n) < 0 &&
             (bits <= 3072 || BN_num_bits(e) <= 64);
    if (ok && d) {
        BIGNUM *t = BN_new(), *pm1 = BN_new(), *qm1 = BN_new();
        FUZZ_CHECK(t && pm1 && qm1);
        ok = p && q && dp && dq && qi;
        for (int i = 2; ok && i < 8; i++)
            ok = !BN_is_negative(v[i]);
        /* p, q odd and > 1, p != q, n = p q, 0 < d < n */
        ok = ok && BN_is_odd(p) && BN_is_odd(q) && !BN_is_one(p) && !BN_is_one(q) &&
             BN_cmp(p, q) != 0 && BN_mul(t, p, q, ctx) && BN_cmp(t, n) == 0 && !BN_is_zero(d) &&
             BN_cmp(d, n) < 0;
        ok = ok && BN_sub(pm1, p, BN_value_one()) && BN_sub(qm1, q, BN_value_one());
        /* dP = d mod (p - 1), dQ = d mod (q - 1), e dP = 1 mod (p - 1), e dQ = 1 mod (q - 1) */
        ok = ok && BN_mod(t, d, pm1, ctx) && BN_cmp(t, dp) == 0;
        ok = ok && BN_mod(t, d, qm1, ctx) && BN_cmp(t, dq) == 0;
        ok = ok && BN_mod_mul(t, e, dp, pm1, ctx) && BN_is_one(t);
        ok = ok && BN_mod_mul(t, e, dq, qm1, ctx) && BN_is_one(t);
        /* 0 < qInv < p, qInv q = 1 mod p */
        ok = ok && BN_cmp(qi, p) < 0 && BN_mod_mul(t, qi, q, p, ctx) && BN_is_one(t);
        BN_free(t), BN_free(pm1), BN_free(qm1);
    }
    for (int i = 0; i < 8; i++)
        BN_free(v[i]);
    return ok;
}

/* The curve of an EC key if pkc implements it and it is named, else -1. */
static int fdk_ec_curve(const EVP_PKEY *k)
{
    char name[80], enc[40];
    if (EVP_PKEY_get_utf8_string_param(k, OSSL_PKEY_PARAM_GROUP_NAME, name, sizeof name, NULL) !=
        1)
        return -1;
    if (EVP_PKEY_get_utf8_string_param(k, OSSL_PKEY_PARAM_EC_ENCODING, enc, sizeof enc, NULL) ==
            1 &&
        strcmp(enc, OSSL_PKEY_EC_ENCODING_EXPLICIT) == 0)
        return -1;
    return pkc_fuzz_ossl_curve_of_name(name);
}

static int fdk_tlv_read(const uint8_t *p, size_t n, uint8_t *tag, const uint8_t **c, size_t *cl,
                        size_t *total);

/* The DER of a key file: x itself, or its first PEM block after any "EC
 * PARAMETERS" blocks (as src/encoding/pkix.c reads it); malloc'd, NULL if
 * the PEM does not decode. */
static uint8_t *fdk_der_of(const uint8_t *x, size_t n, int pem, size_t *len)
{
    if (!pem) {
        *len = n;
        return pkc_fuzz_dup(x, n);
    }
    size_t from = fdk_after_ec_params(x, n);
    uint8_t *der = NULL;
    if (pkc_pem_decode((const char *)x + from, n - from, NULL, 0, &der, len) != PKC_OK)
        return NULL;
    return der;
}

/* What a private key file's DER says of itself, before any value is
 * read: the versions and the length of an EC privateKey. */
typedef struct {
    int pkcs8_version;   /* -1: not PKCS#8 */
    int inner;           /* 0 none, 'r' RSAPrivateKey, 'e' ECPrivateKey */
    int inner_version;   /* -2 if not a one-byte INTEGER */
    size_t ec_dlen;      /* ECPrivateKey: the privateKey OCTET STRING's length */
} fdk_shape;

/* An INTEGER's value if it is one content byte, else -2. */
static int fdk_small(const uint8_t *c, size_t cl)
{
    return cl == 1 ? c[0] : -2;
}

/* SEQUENCE { INTEGER version, then an INTEGER (RSAPrivateKey), an OCTET
 * STRING (ECPrivateKey), or an AlgorithmIdentifier and OCTET STRING
 * { the key } (PKCS#8) }. */
static void fdk_shape_of(const uint8_t *x, size_t n, int pem, fdk_shape *sh)
{
    memset(sh, 0, sizeof *sh);
    sh->pkcs8_version = -1;
    size_t len = 0;
    uint8_t *der = fdk_der_of(x, n, pem, &len);
    const uint8_t *p = der, *c, *v;
    size_t cl, vl, total;
    uint8_t tag;
    for (int depth = 0; der && depth < 2 && !sh->inner; depth++) {
        if (!fdk_tlv_read(p, len, &tag, &p, &len, &total) || tag != 0x30 ||
            !fdk_tlv_read(p, len, &tag, &v, &vl, &total) || tag != 0x02)
            break;
        p += total, len -= total;
        if (!fdk_tlv_read(p, len, &tag, &c, &cl, &total))
            break;
        if (tag == 0x02 || tag == 0x04) {
            sh->inner = tag == 0x02 ? 'r' : 'e';
            sh->inner_version = fdk_small(v, vl);
            sh->ec_dlen = cl;
        } else if (tag == 0x30 && depth == 0) {
            sh->pkcs8_version = fdk_small(v, vl);
            p += total, len -= total;
            if (!fdk_tlv_read(p, len, &tag, &p, &len, &total) || tag != 0x04)
                break;
        } else {
            break;
        }
    }
    free(der);
}

/* Versions the standards fix, which pkc checks and OpenSSL's decoder does
 * not (it reads any and writes it back unchanged): PKCS#8 0 or 1 (RFC 5958
 * section 2: v1, v2), RSAPrivateKey 0, or 1 for multi-prime (RFC 8017
 * A.1.2), ECPrivateKey 1 (RFC 5915 section 3: "SHALL be set to
 * ecPrivkeyVer1"). */
static int fdk_bad_version(const uint8_t *x, size_t n, int pem)
{
    fdk_shape sh;
    fdk_shape_of(x, n, pem, &sh);
    if (sh.pkcs8_version > 1 || sh.pkcs8_version < -1)
        return 1;
    if (sh.pkcs8_version == -1 && sh.inner == 0)
        return 0;
    if (sh.inner == 'r')
        return sh.inner_version != 0 && sh.inner_version != 1;
    return sh.inner == 'e' && sh.inner_version != 1;
}

/* SEC 1 v2 section 3.2.1 and RFC 5915: 1 <= d < n and the stored point is
 * d G; and RFC 5915 section 3: the privateKey OCTET STRING is
 * ceiling(log2(n) / 8) octets, where pkc accepts fewer (leading zeros
 * left out) but never more. OpenSSL's decoder reads any length (and then
 * cannot export a d longer than the order). */
static int fdk_ec_private_valid(const EVP_PKEY *k, int curve, const uint8_t *x, size_t n, int pem)
{
    fdk_shape sh;
    fdk_shape_of(x, n, pem, &sh);
    if (sh.inner == 'e' && sh.ec_dlen > pkc_ec_order_bytes((pkc_curve_id)curve))
        return 0;
    const pkc_fuzz_ossl_curve *c = pkc_fuzz_ossl_curve_get((pkc_curve_id)curve);
    BIGNUM *d = fdk_bn(k, OSSL_PKEY_PARAM_PRIV_KEY);
    uint8_t pt[PKC_EC_MAX_POINT_BYTES + 8];
    size_t ptlen = 0;
    int ok = d && !BN_is_zero(d) && !BN_is_negative(d) && BN_cmp(d, c->n) < 0;
    if (ok && EVP_PKEY_get_octet_string_param(k, OSSL_PKEY_PARAM_PUB_KEY, pt, sizeof pt, &ptlen) ==
                  1) {
        EC_POINT *P = EC_POINT_new(c->group), *Q = EC_POINT_new(c->group);
        FUZZ_CHECK(P && Q && EC_POINT_mul(c->group, P, d, NULL, NULL, pkc_fuzz_ossl_bn_ctx()));
        ok = EC_POINT_oct2point(c->group, Q, pt, ptlen, pkc_fuzz_ossl_bn_ctx()) == 1 &&
             EC_POINT_cmp(c->group, P, Q, pkc_fuzz_ossl_bn_ctx()) == 0;
        EC_POINT_free(P);
        EC_POINT_free(Q);
    }
    BN_free(d);
    return ok;
}

static int fdk_public_check(EVP_PKEY *k)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(k, NULL);
    FUZZ_CHECK(ctx != NULL);
    int ok = EVP_PKEY_public_check(ctx) == 1;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

/* ---- the comparison ---- */

/* pkc read key k from x, OpenSSL o: the same key. */
/* OpenSSL's name of pkc's X25519/Ed25519/X448/Ed448 key type; NULL else */
static const char *fdk_ecx_name(pkc_key_type t)
{
    switch (t) {
    case PKC_KEY_X25519: return "X25519";
    case PKC_KEY_ED25519: return "ED25519";
    case PKC_KEY_X448: return "X448";
    case PKC_KEY_ED448: return "ED448";
    default: return NULL;
    }
}

/* 1 if OpenSSL's key o is an Ed25519 or Ed448 key whose public key does
 * not decode to a point (RFC 8032 sections 5.1.3 and 5.2.3), which
 * OpenSSL's decoder does not check and pkc refuses (PKC_ERR_POINT) */
static int fdk_ed_point_invalid(const EVP_PKEY *o)
{
    uint8_t pub[PKC_ED448_PUBLIC_SIZE];
    size_t len = sizeof pub;
    if (EVP_PKEY_is_a(o, "ED25519"))
        return EVP_PKEY_get_raw_public_key(o, pub, &len) == 1 && len == PKC_ED25519_PUBLIC_SIZE &&
               pkc_ed25519_check_public(pub) != PKC_OK;
    if (EVP_PKEY_is_a(o, "ED448"))
        return EVP_PKEY_get_raw_public_key(o, pub, &len) == 1 && len == PKC_ED448_PUBLIC_SIZE &&
               pkc_ed448_check_public(pub) != PKC_OK;
    return 0;
}

/* the same raw keys (RFC 7748 / RFC 8032 byte strings) */
static void fdk_same_ecx(const pkc_key *k, EVP_PKEY *o)
{
    uint8_t raw[PKC_ED448_SEED_SIZE];
    size_t len = sizeof raw, ml = 0;
    const uint8_t *mine = pkc_key_ecx_public(k, &ml);
    FUZZ_CHECK(mine && EVP_PKEY_get_raw_public_key(o, raw, &len) == 1 && len == ml &&
               memcmp(raw, mine, ml) == 0);
    if (pkc_key_is_private(k)) {
        len = sizeof raw;
        mine = pkc_key_ecx_private(k, &ml);
        FUZZ_CHECK(mine && EVP_PKEY_get_raw_private_key(o, raw, &len) == 1 && len == ml &&
                   memcmp(raw, mine, ml) == 0);
        OPENSSL_cleanse(raw, sizeof raw);
    }
}

static void fdk_same(const pkc_key *k, EVP_PKEY *o, const uint8_t *x, size_t n, int pem)
{
    int rsa = pkc_key_get_type(k) == PKC_KEY_RSA;
    const char *ecx = fdk_ecx_name(pkc_key_get_type(k));
    FUZZ_CHECK(EVP_PKEY_is_a(o, ecx ? ecx : rsa ? "RSA" : "EC") && !EVP_PKEY_is_a(o, "RSA-PSS"));
    FUZZ_CHECK(pkc_key_is_private(k) == fdk_ossl_is_private(o));
    if (ecx) {
        fdk_same_ecx(k, o);
    } else if (rsa) {
        FUZZ_CHECK(fdk_rsa_valid(o));
        static const char *const names[8] = {
            OSSL_PKEY_PARAM_RSA_N,         OSSL_PKEY_PARAM_RSA_E,
            OSSL_PKEY_PARAM_RSA_D,         OSSL_PKEY_PARAM_RSA_FACTOR1,
            OSSL_PKEY_PARAM_RSA_FACTOR2,   OSSL_PKEY_PARAM_RSA_EXPONENT1,
            OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1};
        int parts = pkc_key_is_private(k) ? 8 : 2;
        for (int i = 0; i < parts; i++) {
            uint8_t mine[2048], theirs[2048];
            size_t ml = 0;
            FUZZ_CHECK(pkc_rsa_get(pkc_key_rsa(k), (pkc_rsa_part)i, mine, sizeof mine, &ml) ==
                       PKC_OK);
            BIGNUM *v = fdk_bn(o, names[i]);
            FUZZ_CHECK(v && (size_t)BN_num_bytes(v) == ml);
            BN_bn2bin(v, theirs);
            FUZZ_CHECK(memcmp(mine, theirs, ml) == 0);
            BN_free(v);
        }
    } else {
        int curve = fdk_ec_curve(o);
        FUZZ_CHECK(curve >= 0 && curve == (int)pkc_key_ec_public(k)->curve);
        FUZZ_CHECK(fdk_public_check(o));
        if (pkc_key_is_private(k)) {
            FUZZ_CHECK(fdk_ec_private_valid(o, curve, x, n, pem));
            uint8_t d[PKC_EC_MAX_ORDER_BYTES], od[PKC_EC_MAX_ORDER_BYTES];
            size_t dl = 0;
            FUZZ_CHECK(pkc_ec_private_key_to_bytes(pkc_key_ec_private(k), d, sizeof d, &dl) ==
                       PKC_OK);
            BIGNUM *v = fdk_bn(o, OSSL_PKEY_PARAM_PRIV_KEY);
            FUZZ_CHECK(v != NULL);
            pkc_fuzz_ossl_bn_out(v, od, dl);
            FUZZ_CHECK(memcmp(d, od, dl) == 0);
            BN_clear_free(v);
        }
        /* the SPKI below with the point as pkc writes it */
        FUZZ_CHECK(EVP_PKEY_set_utf8_string_param(o, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT,
                                                  OSSL_PKEY_EC_POINT_CONVERSION_FORMAT_UNCOMPRESSED) ==
                   1);
    }
    uint8_t *spki = NULL;
    size_t spkilen = 0;
    FUZZ_CHECK(pkc_key_public_to_der(k, &spki, &spkilen) == PKC_OK);
    unsigned char *ospki = NULL;
    int ol = i2d_PUBKEY(o, &ospki);
    FUZZ_CHECK(ol > 0 && (size_t)ol == spkilen && memcmp(ospki, spki, spkilen) == 0);
    OPENSSL_free(ospki);
    pkc_secure_free(spki, spkilen);
}

/* An RSAPublicKey whose n is 0 or 1, SEQUENCE { INTEGER 0|1, INTEGER e },
 * has the shape of an RSAPrivateKey's start (version 0 two-prime, 1
 * multi-prime, RFC 8017 A.1.2), and src/encoding/pkix.c tells containers
 * apart by shape: pkc reads it as a truncated private key (PKC_ERR_DECODE),
 * or for n = 1 as a multi-prime one (PKC_ERR_UNSUPPORTED), rather than
 * PKC_ERR_KEY; refused either way, n < 2 being no modulus. */
static int fdk_rsa_public_like_version(const EVP_PKEY *k)
{
    if (!EVP_PKEY_is_a(k, "RSA") || fdk_ossl_is_private(k))
        return 0;
    BIGNUM *n = fdk_bn(k, OSSL_PKEY_PARAM_RSA_N);
    int r = n && !BN_is_negative(n) && BN_num_bits(n) <= 1;
    BN_free(n);
    return r;
}

/* pkc_key_info's algorithm names of the algorithms pkc refuses as
 * unsupported, and OpenSSL's names of the same. */
static const char *const fdk_other_algs[][2] = {
    {"DSA", "DSA"}, {"DH", "DH"}, {"DH", "DHX"}, {"RSASSA-PSS", "RSA-PSS"}};

/* 1 if OpenSSL read an EC key whose stored public key is in the hybrid
 * form (06/07 || X || Y, ANSI X9.62), which pkc refuses: SEC 1 v2 2.3.4
 * decodes compressed and uncompressed points only, and RFC 5480 2.2 says
 * the hybrid form MUST NOT be used (diff_ecdh's rule, here for key files) */
static int fdk_ec_hybrid(const EVP_PKEY *o)
{
    char form[32];
    size_t len = 0;
    return EVP_PKEY_is_a(o, "EC") &&
           EVP_PKEY_get_utf8_string_param(o, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, form,
                                          sizeof form, &len) == 1 &&
           strcmp(form, "hybrid") == 0;
}

/* pkc refused (e) a key OpenSSL read (o): the refusal must be one of the
 * documented ones (see the top). */
static void fdk_explain(pkc_err e, const pkc_key_info *info, EVP_PKEY *o, const uint8_t *x,
                        size_t n, int pem)
{
    int rsa = EVP_PKEY_is_a(o, "RSA") && !EVP_PKEY_is_a(o, "RSA-PSS");
    int ec = EVP_PKEY_is_a(o, "EC");
    switch (e) {
    case PKC_ERR_UNSUPPORTED: {
        FUZZ_CHECK(info->encryption == NULL); /* OpenSSL had no passphrase */
        FUZZ_CHECK(info->algorithm != NULL);
        int explained = 0;
        if (rsa) { /* multi-prime, or n = 1 taken for the multi-prime version */
            BIGNUM *f3 = fdk_bn(o, OSSL_PKEY_PARAM_RSA_FACTOR3);
            explained = f3 != NULL || fdk_rsa_public_like_version(o);
            BN_free(f3);
        } else if (ec) {
            explained = fdk_ec_curve(o) < 0;
        }
        for (size_t i = 0; i < sizeof fdk_other_algs / sizeof fdk_other_algs[0]; i++)
            if (strcmp(info->algorithm, fdk_other_algs[i][0]) == 0 &&
                EVP_PKEY_is_a(o, fdk_other_algs[i][1]))
                explained = 1;
        FUZZ_CHECK(explained);
        break;
    }
    case PKC_ERR_KEY:
        FUZZ_CHECK(rsa || ec);
        if (rsa) {
            FUZZ_CHECK(!fdk_rsa_valid(o));
        } else {
            int curve = fdk_ec_curve(o);
            FUZZ_CHECK(curve >= 0 && !fdk_ec_private_valid(o, curve, x, n, pem));
        }
        break;
    case PKC_ERR_POINT: FUZZ_CHECK((ec && !fdk_public_check(o)) || fdk_ed_point_invalid(o)); break;
    case PKC_ERR_DECODE:
        FUZZ_CHECK(!fdk_ossl_canonical(o, x, n, pem) || fdk_rsa_public_like_version(o) ||
                   fdk_bad_version(x, n, pem) || (!rsa && !ec) || fdk_ec_hybrid(o));
        break;
    default: FUZZ_CHECK(!"an error code no key file should give");
    }
}

/* A DER TLV at *p (definite length, at most 3 length bytes): its tag, its
 * content and the byte after it; 0 if malformed. */
static int fdk_tlv_read(const uint8_t *p, size_t n, uint8_t *tag, const uint8_t **c, size_t *cl,
                        size_t *total)
{
    if (n < 2)
        return 0;
    size_t h = 2, len = p[1];
    if (len & 0x80) {
        size_t b = len & 0x7f;
        if (b == 0 || b > 3 || n < 2 + b)
            return 0;
        len = 0;
        for (size_t i = 0; i < b; i++)
            len = len << 8 | p[2 + i];
        h += b;
    }
    if (len > n - h)
        return 0;
    *tag = p[0], *c = p + h, *cl = len, *total = h + len;
    return 1;
}

/* PKCS#8 version 2 (RFC 5958 OneAsymmetricKey) as version 0 without the
 * [1] publicKey: the documented difference at the top. The DER of x (PEM
 * decoded by pkc), or 0 if it is not such a key. */
static int fdk_as_v1(const uint8_t *x, size_t n, int pem, fdk_buf *out)
{
    uint8_t *der = NULL;
    size_t derlen = 0;
    if (pem) {
        if (pkc_pem_decode((const char *)x, n, NULL, 0, &der, &derlen) != PKC_OK)
            return 0;
        x = der, n = derlen;
    }
    uint8_t tag;
    const uint8_t *body, *c;
    size_t bl, cl, total;
    int ok = fdk_tlv_read(x, n, &tag, &body, &bl, &total) && tag == 0x30 && total == n;
    fdk_buf s = {0};
    int v2 = 0;
    for (int i = 0; ok && bl > 0; i++) {
        ok = fdk_tlv_read(body, bl, &tag, &c, &cl, &total);
        if (!ok)
            break;
        if (i == 0) {
            v2 = tag == 0x02 && cl == 1 && c[0] == 1;
            fdk_uint(&s, (const uint8_t *)"", 0);
        } else if (tag != 0x81 && tag != 0xa1) {
            fdk_add(&s, body, total);
        }
        body += total, bl -= total;
    }
    if (ok && v2) {
        fdk_wrap(&s, 0x30);
        fdk_add(out, s.p, s.n);
    }
    free(s.p);
    pkc_secure_free(der, derlen);
    return ok && v2;
}

/* The key's PEM block re-armoured as OpenSSL's encoder writes it (64
 * columns, LF, no blank lines) into out: 1 if that differs from the input's
 * Base64 body (the documented difference at the top), 0 if not or if x is
 * not such a block. */
static int fdk_rearmoured(const uint8_t *x, size_t n, fdk_buf *out)
{
    const char *t = (const char *)x;
    pkc_pem_block blk, cb;
    if (pkc_pem_block_find(t, n, fdk_after_ec_params(x, n), &blk) != PKC_OK ||
        blk.labellen >= 64)
        return 0;
    char label[64];
    memcpy(label, t + blk.label, blk.labellen);
    label[blk.labellen] = 0;
    uint8_t *der = NULL;
    size_t derlen = 0;
    char *pem = NULL;
    size_t pemlen = 0;
    int differs = 0;
    if (pkc_pem_block_decode(t, &blk, &der, &derlen) == PKC_OK &&
        pkc_pem_encode(label, der, derlen, &pem, &pemlen) == PKC_OK &&
        pkc_pem_block_find(pem, pemlen, 0, &cb) == PKC_OK) {
        differs = cb.bodylen != blk.bodylen || memcmp(pem + cb.body, t + blk.body, cb.bodylen);
        if (differs)
            fdk_add(out, pem, pemlen);
    }
    if (pem)
        pkc_secure_free(pem, pemlen + 1);
    if (der)
        pkc_secure_free(der, derlen);
    return differs;
}

static void fdk_compare(const uint8_t *x, size_t n)
{
    int pem = pkc_pem_detect(x, n);
    pkc_key *k = NULL;
    pkc_key_info info;
    pkc_err e = pkc_key_parse_info(x, n, &k, &info);
    EVP_PKEY *o = fdk_ossl_read(x, n, pem);
    if (e == PKC_OK) {
        fdk_buf v1 = {0};
        if (!o && strcmp(info.format, "PKCS#8") == 0 && fdk_as_v1(x, n, pem, &v1))
            o = fdk_ossl_read(v1.p, v1.n, 0);
        free(v1.p);
        fdk_buf ra = {0};
        if (!o && pem && fdk_rearmoured(x, n, &ra))
            o = fdk_ossl_read(ra.p, ra.n, 1);
        free(ra.p);
        FUZZ_CHECK(o != NULL);
        fdk_same(k, o, x, n, pem);
    } else {
        FUZZ_CHECK(k == NULL && pkc_fuzz_is_input_error(e));
        if (o)
            fdk_explain(e, &info, o, x, n, pem);
    }
    EVP_PKEY_free(o);
    pkc_key_free(k);
}

int pkc_fuzz_diff_key(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    int mode = data[0] & 3, cont = (data[0] >> 2) & 7;
    unsigned sel = data[0] >> 5;
    uint8_t *buf = pkc_fuzz_dup(data + 1, len - 1);
    pkc_fuzz_in in = {buf, len - 1};
    fdk_buf x = {0};
    switch (mode) {
    case 0: fdk_add(&x, in.p, in.n); break;
    case 1: {
        char *pem = NULL;
        size_t pemlen = 0;
        if (pkc_pem_encode(fdk_labels[cont], in.p, in.n, &pem, &pemlen) == PKC_OK) {
            fdk_add(&x, pem, pemlen);
            pkc_secure_free(pem, pemlen + 1);
        }
        break;
    }
    case 2:
        fdk_written(cont, sel, &x);
        pkc_fuzz_damage(x.p, x.n, &in);
        break;
    default: {
        fdk_parts parts;
        int nc = fdk_components(cont, sel, &parts);
        fdk_edit(&parts, nc, &in);
        fdk_build(cont, &parts, &x);
        for (int i = 0; i < FDK_COMPONENTS; i++)
            free(parts.v[i]);
    }
    }
    /* an exactly sized copy, so that ASan sees a read past the end */
    uint8_t *exact = pkc_fuzz_dup(x.p, x.n);
    fdk_compare(exact, x.n);
    free(exact);
    free(x.p);
    free(buf);
    pkc_fuzz_ossl_done();
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_diff_key)
