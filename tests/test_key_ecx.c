/* X25519, Ed25519, X448 and Ed448 keys through the generic key layer
 * (include/pkc/key.h, src/ecx/ecx_key.c):
 *  - generation, raw keys, type names, sizes;
 *  - RFC 8410 PKCS#8 and SubjectPublicKeyInfo, DER and PEM, both ways with
 *    OpenSSL: what pkc writes OpenSSL reads as the same raw keys, what
 *    OpenSSL writes pkc reads as the same raw keys (and re-encodes to the
 *    same bytes);
 *  - the key files of Debian's python3-cryptography-vectors;
 *  - sign_message / verify_message (Ed25519, Ed448; with a context, Ed448
 *    only, checked within pkc) against OpenSSL both ways, and derive (X25519, X448) against
 *    OpenSSL;
 *  - refusals: X keys do not sign, Ed keys do not derive, mixed types,
 *    a public key where a private one is needed, a context on Ed25519,
 *    parameters present in the AlgorithmIdentifier, wrong lengths.
 */
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"
#include "pkc/key.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/x509.h>
#endif

static const struct {
    pkc_key_type type;
    const char *name;
    size_t size, sigsize;
    unsigned bits;
    int ossl; /* EVP_PKEY_* */
} types[] = {
#ifdef PKC_HAVE_OPENSSL
    {PKC_KEY_X25519, "X25519", 32, 0, 255, EVP_PKEY_X25519},
    {PKC_KEY_ED25519, "Ed25519", 32, 64, 255, EVP_PKEY_ED25519},
    {PKC_KEY_X448, "X448", 56, 0, 448, EVP_PKEY_X448},
    {PKC_KEY_ED448, "Ed448", 57, 114, 448, EVP_PKEY_ED448},
#else
    {PKC_KEY_X25519, "X25519", 32, 0, 255, 0},
    {PKC_KEY_ED25519, "Ed25519", 32, 64, 255, 0},
    {PKC_KEY_X448, "X448", 56, 0, 448, 0},
    {PKC_KEY_ED448, "Ed448", 57, 114, 448, 0},
#endif
};
#define NTYPES (sizeof types / sizeof types[0])

static pkc_key *reparse(const uint8_t *d, size_t len)
{
    pkc_key *k = NULL;
    CHECK(pkc_key_parse(d, len, &k) == PKC_OK);
    return k;
}

static void test_generate_and_files(pkc_rng *rng)
{
    for (size_t t = 0; t < NTYPES; t++) {
        pkc_key *k = NULL, *k2 = NULL, *pub = NULL;
        CHECK(pkc_key_generate_ecx(&k, types[t].type, rng) == PKC_OK);
        if (!k)
            continue;
        size_t pl = 0, sl = 0;
        const uint8_t *p = pkc_key_ecx_public(k, &pl), *s = pkc_key_ecx_private(k, &sl);
        CHECK(p && s && pl == types[t].size && sl == types[t].size);
        CHECK(pkc_key_get_type(k) == types[t].type && pkc_key_is_private(k));
        CHECK_MSG(strcmp(pkc_key_type_name(k), types[t].name) == 0, "%s", pkc_key_type_name(k));
        CHECK(pkc_key_bits(k) == types[t].bits);
        CHECK(pkc_key_signature_size(k) == types[t].sigsize);
        CHECK(pkc_key_signs_messages(k) == (types[t].sigsize != 0));
        /* the public key recomputed from the raw private key */
        pkc_key *fromraw = NULL;
        CHECK(pkc_key_from_ecx_private(&fromraw, types[t].type, s, sl) == PKC_OK);
        size_t l3;
        CHECK(fromraw && memcmp(pkc_key_ecx_public(fromraw, &l3), p, pl) == 0);
        pkc_key_free(fromraw);
        /* PKCS#8 and SPKI, DER and PEM, round trip */
        uint8_t *der = NULL, *pder = NULL;
        size_t dl = 0, pdl = 0;
        char *pem = NULL;
        size_t peml = 0;
        CHECK(pkc_key_private_to_der(k, &der, &dl) == PKC_OK);
        CHECK(pkc_key_public_to_der(k, &pder, &pdl) == PKC_OK);
        CHECK(pkc_key_private_to_pem(k, &pem, &peml) == PKC_OK);
        /* RFC 8410 section 10.3: 48 bytes for an X25519/Ed25519 PKCS#8
         * key (30 2e 02 01 00 30 05 06 03 2b 65 6e 04 22 04 20 ...) and 44
         * for the SPKI */
        CHECK(dl == 16 + types[t].size && pdl == 12 + types[t].size);
        k2 = der ? reparse(der, dl) : NULL;
        CHECK(k2 && pkc_key_get_type(k2) == types[t].type && pkc_key_is_private(k2));
        size_t l2;
        CHECK(k2 && memcmp(pkc_key_ecx_private(k2, &l2), s, sl) == 0);
        pkc_key_free(k2);
        k2 = pem ? reparse((const uint8_t *)pem, peml) : NULL;
        CHECK(k2 && memcmp(pkc_key_ecx_public(k2, &l2), p, pl) == 0);
        pkc_key_free(k2);
        pub = pder ? reparse(pder, pdl) : NULL;
        CHECK(pub && !pkc_key_is_private(pub) && pkc_key_get_type(pub) == types[t].type);
        CHECK(pub && memcmp(pkc_key_ecx_public(pub, &l2), p, pl) == 0);
        CHECK(pub && pkc_key_ecx_private(pub, &l2) == NULL && l2 == 0);
        uint8_t *d2 = NULL;
        size_t d2l = 0;
        CHECK(pub && pkc_key_private_to_der(pub, &d2, &d2l) == PKC_ERR_KEY);
#ifdef PKC_HAVE_OPENSSL
        /* OpenSSL reads pkc's files as the same raw keys */
        const uint8_t *q = der;
        EVP_PKEY *e = der ? d2i_AutoPrivateKey(NULL, &q, (long)dl) : NULL;
        uint8_t raw[64];
        size_t rl = sizeof raw;
        CHECK_MSG(e && EVP_PKEY_get_id(e) == types[t].ossl, "%s: OpenSSL reads the PKCS#8",
                  types[t].name);
        CHECK(e && EVP_PKEY_get_raw_private_key(e, raw, &rl) == 1 && rl == sl &&
              memcmp(raw, s, sl) == 0);
        rl = sizeof raw;
        CHECK(e && EVP_PKEY_get_raw_public_key(e, raw, &rl) == 1 && rl == pl &&
              memcmp(raw, p, pl) == 0);
        /* and pkc reads OpenSSL's as the same bytes */
        unsigned char *od = NULL;
        int odl = e ? i2d_PrivateKey(e, &od) : -1;
        CHECK(odl == (int)dl && od && memcmp(od, der, dl) == 0);
        OPENSSL_free(od);
        od = NULL;
        odl = e ? i2d_PUBKEY(e, &od) : -1;
        CHECK(odl == (int)pdl && od && memcmp(od, pder, pdl) == 0);
        OPENSSL_free(od);
        EVP_PKEY_free(e);
        /* a key OpenSSL generated */
        EVP_PKEY *g = NULL;
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_id(types[t].ossl, NULL);
        CHECK(c && EVP_PKEY_keygen_init(c) > 0 && EVP_PKEY_keygen(c, &g) > 0);
        EVP_PKEY_CTX_free(c);
        od = NULL;
        odl = g ? i2d_PrivateKey(g, &od) : -1;
        pkc_key *fromossl = odl > 0 ? reparse(od, (size_t)odl) : NULL;
        rl = sizeof raw;
        CHECK(fromossl && g && EVP_PKEY_get_raw_public_key(g, raw, &rl) == 1 &&
              memcmp(pkc_key_ecx_public(fromossl, &l2), raw, rl) == 0);
        OPENSSL_free(od);
        pkc_key_free(fromossl);
        EVP_PKEY_free(g);
#endif
        /* parameters present: RFC 8410 section 3 says absent */
        if (pder && pdl > 11) {
            uint8_t bad[128];
            /* 30 len 30 05 06 03 2b 65 xx 03 ... -> algid with a NULL */
            memcpy(bad, pder, pdl);
            bad[1] = (uint8_t)(bad[1] + 2);
            bad[3] = 7;
            memmove(bad + 11, bad + 9, pdl - 9);
            bad[9] = 0x05;
            bad[10] = 0x00;
            pkc_key *x = NULL;
            CHECK(pkc_key_parse(bad, pdl + 2, &x) == PKC_ERR_DECODE && !x);
        }
        /* a PKCS#8 body of the wrong length */
        if (der) {
            uint8_t bad[128];
            memcpy(bad, der, dl);
            bad[1]--, bad[13]--, bad[15]--; /* 30 L 02 01 00 30 05 06 03 oid 04 L 04 L */
            pkc_key *x = NULL;
            pkc_err pe = pkc_key_parse(bad, dl - 1, &x);
            CHECK_MSG(pe == PKC_ERR_KEY && !x, "got %d", (int)pe);
        }
        pkc_secure_free(der, dl);
        pkc_secure_free(pder, pdl);
        pkc_secure_free(pem, peml);
        pkc_key_free(pub);
        pkc_key_free(k);
    }
}

static void test_vector_files(void)
{
    static const struct {
        const char *file;
        pkc_key_type type;
        int priv;
    } files[] = {
        {"asymmetric/Ed25519/ed25519-pkcs8.pem", PKC_KEY_ED25519, 1},
        {"asymmetric/Ed25519/ed25519-pkcs8.der", PKC_KEY_ED25519, 1},
        {"asymmetric/Ed25519/ed25519-pub.pem", PKC_KEY_ED25519, 0},
        {"asymmetric/Ed25519/ed25519-pub.der", PKC_KEY_ED25519, 0},
        {"asymmetric/X25519/x25519-pkcs8.pem", PKC_KEY_X25519, 1},
        {"asymmetric/X25519/x25519-pub.der", PKC_KEY_X25519, 0},
        {"asymmetric/Ed448/ed448-pkcs8.pem", PKC_KEY_ED448, 1},
        {"asymmetric/Ed448/ed448-pub.pem", PKC_KEY_ED448, 0},
        {"asymmetric/X448/x448-pkcs8.der", PKC_KEY_X448, 1},
        {"asymmetric/X448/x448-pub.pem", PKC_KEY_X448, 0},
    };
    if (!tu_vectors_dir()) {
        tu_skip_part("python3-cryptography-vectors (RFC 8410 key files)");
        return;
    }
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        size_t len;
        uint8_t *d = tu_read_file(tu_vector_path(files[i].file), &len);
        pkc_key *k = NULL;
        pkc_err err = d ? pkc_key_parse(d, len, &k) : PKC_ERR_ARG;
        CHECK_MSG(err == PKC_OK, "%s: %s", files[i].file, pkc_strerror(err));
        CHECK_MSG(k && pkc_key_get_type(k) == files[i].type &&
                      pkc_key_is_private(k) == files[i].priv,
                  "%s: type", files[i].file);
        free(d);
        pkc_key_free(k);
    }
}

#ifdef PKC_HAVE_OPENSSL
static EVP_PKEY *to_ossl(const pkc_key *k, int type)
{
    size_t l;
    const uint8_t *s = pkc_key_ecx_private(k, &l);
    if (s)
        return EVP_PKEY_new_raw_private_key(type, NULL, s, l);
    const uint8_t *p = pkc_key_ecx_public(k, &l);
    return EVP_PKEY_new_raw_public_key(type, NULL, p, l);
}

/* OpenSSL's Ed signature, pure (OpenSSL 3.0 refuses Ed448's context
 * parameter: contexts are checked against RFC 8032's vectors in
 * test_ed448.c) */
static int ossl_sign(EVP_PKEY *e, const uint8_t *m, size_t ml, uint8_t *sig, size_t *sl)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = md && EVP_DigestSignInit(md, NULL, NULL, NULL, e) > 0 &&
             EVP_DigestSign(md, sig, sl, m, ml) > 0;
    EVP_MD_CTX_free(md);
    return ok;
}

static int ossl_verify(EVP_PKEY *e, const uint8_t *m, size_t ml, const uint8_t *sig, size_t sl)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = md && EVP_DigestVerifyInit(md, NULL, NULL, NULL, e) > 0 &&
             EVP_DigestVerify(md, sig, sl, m, ml) == 1;
    EVP_MD_CTX_free(md);
    return ok;
}
#endif

static void test_operations(pkc_rng *rng)
{
    uint8_t msg[300], sig[128], sig2[128], z1[64], z2[64];
    for (size_t t = 0; t < NTYPES; t++) {
        int ed = types[t].sigsize != 0;
        for (int it = 0; it < tu_iters(8); it++) {
            pkc_key *a = NULL, *b = NULL;
            CHECK(pkc_key_generate_ecx(&a, types[t].type, rng) == PKC_OK);
            CHECK(pkc_key_generate_ecx(&b, types[t].type, rng) == PKC_OK);
            if (!a || !b) {
                pkc_key_free(a);
                pkc_key_free(b);
                continue;
            }
            size_t ml = (size_t)(tu_rand64() % sizeof msg), sl = 0, zl1 = 0, zl2 = 0;
            tu_rand_bytes(msg, ml);
            pkc_sign_params sp;
            pkc_sign_params_init(&sp);
            if (ed) {
                CHECK(pkc_key_sign_message(a, rng, &sp, msg, ml, sig, sizeof sig, &sl) == PKC_OK);
                CHECK(sl == types[t].sigsize);
                CHECK(pkc_key_verify_message(a, &sp, msg, ml, sig, sl) == PKC_OK);
                CHECK(pkc_key_verify_message(b, &sp, msg, ml, sig, sl) == PKC_ERR_VERIFY);
                CHECK(pkc_key_verify_message(a, &sp, msg, ml, sig, sl - 1) == PKC_ERR_DECODE);
                sig[it % sl] ^= 4;
                CHECK(pkc_key_verify_message(a, &sp, msg, ml, sig, sl) != PKC_OK);
                sig[it % sl] ^= 4;
                /* the digest interface is not theirs; derive neither */
                CHECK(pkc_key_sign_digest(a, rng, &sp, msg, 32, sig2, sizeof sig2, &sl) ==
                      PKC_ERR_UNSUPPORTED);
                CHECK(pkc_key_derive(a, b, z1, sizeof z1, &zl1) == PKC_ERR_UNSUPPORTED);
                /* contexts: Ed448 only */
                static const uint8_t ctx[] = "pkc context";
                sp.context = ctx;
                sp.contextlen = sizeof ctx - 1;
                size_t cl = 0;
                pkc_err ce = pkc_key_sign_message(a, rng, &sp, msg, ml, sig2, sizeof sig2, &cl);
                if (types[t].type == PKC_KEY_ED448) {
                    CHECK(ce == PKC_OK && memcmp(sig, sig2, sl) != 0);
                    CHECK(pkc_key_verify_message(a, &sp, msg, ml, sig2, cl) == PKC_OK);
                    CHECK(pkc_key_verify_message(a, &sp, msg, ml, sig, sl) == PKC_ERR_VERIFY);
                } else {
                    CHECK(ce == PKC_ERR_UNSUPPORTED);
                }
#ifdef PKC_HAVE_OPENSSL
                EVP_PKEY *e = to_ossl(a, types[t].ossl);
                uint8_t os[128];
                size_t osl = sizeof os;
                CHECK(e && ossl_sign(e, msg, ml, os, &osl) && osl == sl &&
                      memcmp(os, sig, sl) == 0);
                CHECK(e && ossl_verify(e, msg, ml, sig, sl));
                EVP_PKEY_free(e);
#endif
            } else {
                CHECK(pkc_key_derive(a, b, z1, sizeof z1, &zl1) == PKC_OK);
                CHECK(pkc_key_derive(b, a, z2, sizeof z2, &zl2) == PKC_OK);
                CHECK(zl1 == types[t].size && zl1 == zl2 && memcmp(z1, z2, zl1) == 0);
                CHECK(pkc_key_derive(a, b, z1, zl1 - 1, &zl2) == PKC_ERR_BUFSIZE);
                CHECK(pkc_key_sign_message(a, rng, &sp, msg, ml, sig, sizeof sig, &sl) ==
                      PKC_ERR_UNSUPPORTED);
#ifdef PKC_HAVE_OPENSSL
                EVP_PKEY *ea = to_ossl(a, types[t].ossl), *eb = to_ossl(b, types[t].ossl);
                EVP_PKEY_CTX *c = ea ? EVP_PKEY_CTX_new(ea, NULL) : NULL;
                size_t ol = sizeof z2;
                CHECK(c && EVP_PKEY_derive_init(c) > 0 && EVP_PKEY_derive_set_peer(c, eb) > 0 &&
                      EVP_PKEY_derive(c, z2, &ol) > 0 && ol == zl1 && memcmp(z1, z2, ol) == 0);
                EVP_PKEY_CTX_free(c);
                EVP_PKEY_free(ea);
                EVP_PKEY_free(eb);
#endif
                /* a peer of small order (u = 0): an all-zero secret */
                static const uint8_t zero[56];
                pkc_key *bad = NULL;
                CHECK(pkc_key_from_ecx_public(&bad, types[t].type, zero, types[t].size) == PKC_OK);
                CHECK(bad && pkc_key_derive(a, bad, z1, sizeof z1, &zl1) == PKC_ERR_POINT);
                pkc_key_free(bad);
            }
            pkc_key_free(a);
            pkc_key_free(b);
        }
    }
    /* mixed types and public keys */
    pkc_key *x = NULL, *x448 = NULL, *ec = NULL, *xpub = NULL;
    CHECK(pkc_key_generate_ecx(&x, PKC_KEY_X25519, rng) == PKC_OK);
    CHECK(pkc_key_generate_ecx(&x448, PKC_KEY_X448, rng) == PKC_OK);
    pkc_key *not_ecx = NULL;
    CHECK(pkc_key_generate_ecx(&not_ecx, PKC_KEY_RSA, rng) == PKC_ERR_ARG && !not_ecx);
    CHECK(pkc_key_generate_ec(&ec, PKC_CURVE_SECP256R1, rng) == PKC_OK);
    size_t zl = 0, pl = 0;
    CHECK(pkc_key_derive(x, x448, z1, sizeof z1, &zl) == PKC_ERR_KEY);
    CHECK(pkc_key_derive(x, ec, z1, sizeof z1, &zl) == PKC_ERR_KEY);
    CHECK(pkc_key_derive(ec, x, z1, sizeof z1, &zl) == PKC_ERR_KEY);
    const uint8_t *p = x ? pkc_key_ecx_public(x, &pl) : NULL;
    CHECK(p && pkc_key_from_ecx_public(&xpub, PKC_KEY_X25519, p, pl) == PKC_OK);
    CHECK(xpub && pkc_key_derive(xpub, x, z1, sizeof z1, &zl) == PKC_ERR_KEY);
    pkc_key *short_key = NULL;
    CHECK(p && pkc_key_from_ecx_public(&short_key, PKC_KEY_X25519, p, pl - 1) == PKC_ERR_KEY &&
          !short_key);
    CHECK(pkc_key_ecx_public(ec, &pl) == NULL && pl == 0);
    pkc_key_free(x);
    pkc_key_free(x448);
    pkc_key_free(ec);
    pkc_key_free(xpub);
}

int main(void)
{
    pkc_rng rng;
    tu_seed();
    if (pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_rand64()) != PKC_OK)
        return 1;
    test_generate_and_files(&rng);
    test_vector_files();
    test_operations(&rng);
    pkc_rng_wipe(&rng);
    return tu_finish("test_key_ecx");
}
