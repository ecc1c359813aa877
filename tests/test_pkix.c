/* pkc tests — key-file envelopes (src/encoding/pkix.c) and the one set of
 * error codes every key decoder gives:
 *  - the OID table: each OID once, each readable, each found again;
 *  - all five key PEM labels (and "ENCRYPTED PRIVATE KEY") read the content
 *    they announce and nothing else; the DER alone reads the same;
 *  - "EC PARAMETERS" blocks before a key are skipped, alone they are no key;
 *  - keys of algorithms pkc does not implement (Ed25519 from `openssl
 *    genpkey -algorithm ed25519`, X25519, Ed448, X448, DSA, DH, RSASSA-PSS,
 *    unknown OIDs) are PKC_ERR_UNSUPPORTED with their name, and
 *    PKC_ERR_KEY for the RSA and EC decoders;
 *  - an RSA key given to the EC decoders is PKC_ERR_KEY, and the reverse
 *    (a SEC 1 key given to the PKCS#1 decoder was "multi-prime, unsupported");
 *  - encrypted keys: unsupported, with their scheme;
 *  - PKCS#8 attributes: not used, but a malformed one is PKC_ERR_DECODE;
 *  - the PKCS#8 / SPKI writers against the reader;
 *  - an EC pkc_key holds its public key once.
 */
#include <stdlib.h>
#include <string.h>

#include "encoding/pkix.h"
#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/key.h"
#include "pkc/rsa.h"
#include "testutil.h"

/* `openssl genpkey -algorithm ed25519` (OpenSSL 3.0), a throwaway key. */
static const char ed25519_pem[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MC4CAQAwBQYDK2VwBCIEIH18wKpBx9qazAJV5eLWGbr0+ayy1+Dlyiq7kkK01j96\n"
    "-----END PRIVATE KEY-----\n";

static uint8_t *vec(const char *rel, size_t *len)
{
    uint8_t *d = tu_read_file(tu_vector_path(rel), len);
    CHECK_MSG(d != NULL, "read %s", rel);
    return d;
}

/* pkc_key_parse_info on an exact-size copy; the key is freed. */
static pkc_err parse(const uint8_t *data, size_t len, pkc_key_info *info)
{
    uint8_t *copy = malloc(len ? len : 1);
    memcpy(copy, data, len);
    pkc_key *k = NULL;
    pkc_err err = pkc_key_parse_info(copy, len, &k, info);
    CHECK((err == PKC_OK) == (k != NULL));
    pkc_key_free(k);
    free(copy);
    return err;
}

static int streq(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

static void test_oid_table(void)
{
    size_t n;
    const pkc_pkix_alg_info *t = pkc_pkix_alg_table(&n);
    CHECK(n >= 20);
    for (size_t i = 0; i < n; i++) {
        uint8_t enc[PKC_DER_MAX_OID_LEN];
        size_t el;
        CHECK_MSG(pkc_der_oid_from_string(t[i].oid, enc, sizeof enc, &el) == PKC_OK, "%s",
                  t[i].oid);
        CHECK(pkc_pkix_alg_from_oid(enc, el) == &t[i]); /* each OID once */
        CHECK(t[i].name && t[i].name[0]);
        const pkc_pkix_alg_info *first = pkc_pkix_alg_get(t[i].alg);
        CHECK(first && first->alg == t[i].alg && first <= &t[i]);
        CHECK(pkc_pkix_alg_get(t[i].family) != NULL);
    }
    static const uint8_t md2rsa[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x02};
    CHECK(pkc_pkix_alg_from_oid(md2rsa, sizeof md2rsa) == NULL);
    CHECK(pkc_pkix_alg_get(PKC_PKIX_ALG_UNKNOWN) == NULL);
    CHECK(streq(pkc_pkix_alg_get(PKC_PKIX_ALG_ED25519)->name, "Ed25519"));
    CHECK(streq(pkc_pkix_alg_get(PKC_PKIX_ALG_RSA)->oid, PKC_OID_RSA_ENCRYPTION));
    CHECK(pkc_pkix_alg_get(PKC_PKIX_ALG_RSASSA_PSS)->family == PKC_PKIX_ALG_RSA);
}

/* One key file form: its DER, the label it goes under, what info says. */
typedef struct {
    uint8_t *der;
    size_t len;
    const char *label, *format, *algorithm;
    int priv;
} form;

static const char *const labels[] = {"PRIVATE KEY",    "PUBLIC KEY",     "RSA PRIVATE KEY",
                                     "RSA PUBLIC KEY", "EC PRIVATE KEY", "ENCRYPTED PRIVATE KEY"};

static void check_form(const form *f)
{
    pkc_key_info info;
    pkc_err err = parse(f->der, f->len, &info);
    CHECK_MSG(err == PKC_OK, "%s DER: %s", f->format, pkc_strerror(err));
    CHECK(streq(info.format, f->format) && streq(info.algorithm, f->algorithm));
    CHECK(info.is_private == f->priv && info.encryption == NULL);
    /* under every label: only its own reads */
    for (size_t i = 0; i < sizeof labels / sizeof *labels; i++) {
        char *pem;
        size_t pemlen;
        CHECK(pkc_pem_encode(labels[i], f->der, f->len, &pem, &pemlen) == PKC_OK);
        err = parse((const uint8_t *)pem, pemlen, &info);
        if (strcmp(labels[i], f->label) == 0) {
            CHECK_MSG(err == PKC_OK, "%s under %s: %s", f->format, labels[i], pkc_strerror(err));
            CHECK(streq(info.format, f->format) && streq(info.algorithm, f->algorithm));
        } else {
            CHECK_MSG(err == PKC_ERR_DECODE, "%s under %s: %s", f->format, labels[i],
                      pkc_strerror(err));
        }
        pkc_secure_free(pem, pemlen);
    }
}

static void test_labels(pkc_key *rsa, pkc_key *ec)
{
    form f[7];
    memset(f, 0, sizeof f);
    CHECK(pkc_key_private_to_der(rsa, &f[0].der, &f[0].len) == PKC_OK);
    f[0] = (form){f[0].der, f[0].len, "PRIVATE KEY", "PKCS#8", "RSA", 1};
    CHECK(pkc_key_public_to_der(rsa, &f[1].der, &f[1].len) == PKC_OK);
    f[1] = (form){f[1].der, f[1].len, "PUBLIC KEY", "SubjectPublicKeyInfo", "RSA", 0};
    CHECK(pkc_rsa_private_to_pkcs1(pkc_key_rsa(rsa), &f[2].der, &f[2].len) == PKC_OK);
    f[2] = (form){f[2].der, f[2].len, "RSA PRIVATE KEY", "PKCS#1 RSAPrivateKey", "RSA", 1};
    CHECK(pkc_rsa_public_to_pkcs1(pkc_key_rsa(rsa), &f[3].der, &f[3].len) == PKC_OK);
    f[3] = (form){f[3].der, f[3].len, "RSA PUBLIC KEY", "PKCS#1 RSAPublicKey", "RSA", 0};
    CHECK(pkc_ec_private_key_to_der(pkc_key_ec_private(ec), PKC_EC_FORMAT_SEC1, &f[4].der,
                                    &f[4].len) == PKC_OK);
    f[4] = (form){f[4].der, f[4].len, "EC PRIVATE KEY", "SEC 1 ECPrivateKey", "EC", 1};
    CHECK(pkc_key_private_to_der(ec, &f[5].der, &f[5].len) == PKC_OK);
    f[5] = (form){f[5].der, f[5].len, "PRIVATE KEY", "PKCS#8", "EC", 1};
    CHECK(pkc_key_public_to_der(ec, &f[6].der, &f[6].len) == PKC_OK);
    f[6] = (form){f[6].der, f[6].len, "PUBLIC KEY", "SubjectPublicKeyInfo", "EC", 0};
    for (int i = 0; i < 7; i++)
        check_form(&f[i]);

    /* A key of the other type: PKC_ERR_KEY from every type-specific decoder;
     * the other kind of the same type too. */
    pkc_rsa_key *r = NULL;
    pkc_ec_private_key k;
    pkc_ec_public_key q;
    for (int i = 0; i < 7; i++) {
        int is_rsa = streq(f[i].algorithm, "RSA");
        if (is_rsa) {
            CHECK(pkc_ec_private_key_from_der(&k, f[i].der, f[i].len) == PKC_ERR_KEY);
            CHECK(pkc_ec_public_key_from_der(&q, f[i].der, f[i].len) == PKC_ERR_KEY);
            CHECK(pkc_ec_private_key_decode(&k, f[i].der, f[i].len) == PKC_ERR_KEY);
        } else {
            CHECK(pkc_rsa_private_from_pkcs1(&r, f[i].der, f[i].len) == PKC_ERR_KEY);
            CHECK(pkc_rsa_private_from_pkcs8(&r, f[i].der, f[i].len) == PKC_ERR_KEY);
            CHECK(pkc_rsa_public_from_pkcs1(&r, f[i].der, f[i].len) == PKC_ERR_KEY);
            CHECK(pkc_rsa_public_from_spki(&r, f[i].der, f[i].len) == PKC_ERR_KEY);
        }
    }
    /* the same type in another container of the same kind: not that format */
    CHECK(pkc_rsa_private_from_pkcs8(&r, f[2].der, f[2].len) == PKC_ERR_DECODE);
    CHECK(pkc_rsa_private_from_pkcs1(&r, f[0].der, f[0].len) == PKC_ERR_DECODE);
    CHECK(pkc_rsa_public_from_spki(&r, f[3].der, f[3].len) == PKC_ERR_DECODE);
    CHECK(pkc_rsa_public_from_pkcs1(&r, f[1].der, f[1].len) == PKC_ERR_DECODE);
    /* the other kind */
    CHECK(pkc_rsa_private_from_pkcs8(&r, f[1].der, f[1].len) == PKC_ERR_KEY);
    CHECK(pkc_rsa_public_from_spki(&r, f[0].der, f[0].len) == PKC_ERR_KEY);
    CHECK(pkc_ec_public_key_from_der(&q, f[5].der, f[5].len) == PKC_ERR_KEY);
    CHECK(pkc_ec_private_key_from_der(&k, f[6].der, f[6].len) == PKC_ERR_KEY);
    CHECK(r == NULL);
    for (int i = 0; i < 7; i++)
        pkc_secure_free(f[i].der, f[i].len);
}

static char *concat3(const char *a, const char *b, const char *c, size_t *len)
{
    size_t n = strlen(a) + strlen(b) + strlen(c);
    char *r = malloc(n + 1);
    strcpy(r, a);
    strcat(r, b);
    strcat(r, c);
    *len = n;
    return r;
}

static void test_ec_parameters(pkc_key *ec)
{
    /* what `openssl ecparam -name prime256v1 -genkey` writes first */
    const char *params =
        "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n";
    char *sec1, *pk8;
    size_t sec1len, pk8len, len;
    CHECK(pkc_ec_private_key_to_pem(pkc_key_ec_private(ec), PKC_EC_FORMAT_SEC1, &sec1, &sec1len) ==
          PKC_OK);
    CHECK(pkc_key_private_to_pem(ec, &pk8, &pk8len) == PKC_OK);
    const pkc_ec_private_key *want = pkc_key_ec_private(ec);
    struct {
        char *text;
        pkc_err expect;
    } cases[6];
    cases[0].text = concat3(params, sec1, "", &len);
    cases[0].expect = PKC_OK;
    cases[1].text = concat3(params, params, pk8, &len);
    cases[1].expect = PKC_OK;
    cases[2].text = concat3("explanatory text\n", params, sec1, &len);
    cases[2].expect = PKC_OK;
    cases[3].text = concat3(sec1, params, "", &len); /* the first block is the key */
    cases[3].expect = PKC_OK;
    cases[4].text = concat3(params, "", "", &len); /* no key */
    cases[4].expect = PKC_ERR_DECODE;
    cases[5].text = concat3(params, "-----BEGIN CERTIFICATE-----\nMAMCAQA=\n-----END CERTIFICATE-----\n",
                            sec1, &len); /* a non-key block is not skipped */
    cases[5].expect = PKC_ERR_DECODE;
    for (int i = 0; i < 6; i++) {
        size_t n = strlen(cases[i].text);
        pkc_key_info info;
        pkc_err err = parse((const uint8_t *)cases[i].text, n, &info);
        CHECK_MSG(err == cases[i].expect, "EC PARAMETERS case %d: %s", i, pkc_strerror(err));
        pkc_ec_private_key k;
        err = pkc_ec_private_key_decode(&k, (const uint8_t *)cases[i].text, n);
        CHECK_MSG(err == cases[i].expect, "EC PARAMETERS case %d (EC decoder): %s", i,
                  pkc_strerror(err));
        if (err == PKC_OK)
            CHECK(k.curve == want->curve && memcmp(k.d, want->d, sizeof k.d) == 0);
        pkc_ec_private_key_wipe(&k);
        free(cases[i].text);
    }
    pkc_secure_free(sec1, sec1len);
    pkc_secure_free(pk8, pk8len);
}

/* Keys of other algorithms than RSA and EC: the generic parser reads
 * X25519, Ed25519, X448 and Ed448 keys (RFC 8410) and refuses the
 * algorithms pkc does not implement as unsupported, with their name; for
 * the RSA and EC decoders all of them are keys of another type. */
static int is_ecx(const char *algorithm)
{
    return streq(algorithm, "Ed25519") || streq(algorithm, "X25519") ||
           streq(algorithm, "Ed448") || streq(algorithm, "X448");
}

static void expect_other_alg(const uint8_t *d, size_t len, const char *what,
                             const char *algorithm, const char *oid, int priv)
{
    pkc_key_info info;
    pkc_err err = parse(d, len, &info);
    pkc_err want_generic = is_ecx(algorithm) ? PKC_OK : PKC_ERR_UNSUPPORTED;
    CHECK_MSG(err == want_generic, "%s: %s", what, pkc_strerror(err));
    CHECK_MSG(streq(info.algorithm, algorithm), "%s: algorithm %s", what,
              info.algorithm ? info.algorithm : "(null)");
    CHECK_MSG(!oid || strcmp(info.oid, oid) == 0, "%s: oid %s", what, info.oid);
    CHECK(info.is_private == priv && info.encryption == NULL);
    pkc_ec_private_key k;
    pkc_ec_public_key q;
    pkc_rsa_key *r = NULL;
    CHECK(pkc_ec_private_key_decode(&k, d, len) == PKC_ERR_KEY);
    CHECK(pkc_ec_public_key_decode(&q, d, len) == PKC_ERR_KEY);
    if (!pkc_pem_detect(d, len)) {
        /* an RSA key restricted to one scheme is RSA, just not supported */
        pkc_err want = strncmp(algorithm, "RSA", 3) == 0 ? PKC_ERR_UNSUPPORTED : PKC_ERR_KEY;
        CHECK(pkc_rsa_private_from_pkcs8(&r, d, len) == (priv ? want : PKC_ERR_KEY));
        CHECK(pkc_rsa_public_from_spki(&r, d, len) == (priv ? PKC_ERR_KEY : want));
    }
}

static void test_other_algs(void)
{
    expect_other_alg((const uint8_t *)ed25519_pem, strlen(ed25519_pem), "openssl ed25519",
                       "Ed25519", "1.3.101.112", 1);
    static const struct {
        const char *file, *alg, *oid;
        int priv;
    } files[] = {
        {"asymmetric/Ed25519/ed25519-pkcs8.pem", "Ed25519", "1.3.101.112", 1},
        {"asymmetric/Ed25519/ed25519-pkcs8.der", "Ed25519", "1.3.101.112", 1},
        {"asymmetric/Ed25519/ed25519-pub.pem", "Ed25519", "1.3.101.112", 0},
        {"asymmetric/Ed25519/ed25519-pub.der", "Ed25519", "1.3.101.112", 0},
        {"asymmetric/X25519/x25519-pkcs8.pem", "X25519", "1.3.101.110", 1},
        {"asymmetric/X25519/x25519-pub.der", "X25519", "1.3.101.110", 0},
        {"asymmetric/Ed448/ed448-pkcs8.pem", "Ed448", "1.3.101.113", 1},
        {"asymmetric/Ed448/ed448-pub.pem", "Ed448", "1.3.101.113", 0},
        {"asymmetric/X448/x448-pkcs8.der", "X448", "1.3.101.111", 1},
        {"asymmetric/X448/x448-pub.pem", "X448", "1.3.101.111", 0},
        {"asymmetric/PKCS8/unenc-dsa-pkcs8.pem", "DSA", "1.2.840.10040.4.1", 1},
        {"asymmetric/PKCS8/unenc-dsa-pkcs8.pub.pem", "DSA", "1.2.840.10040.4.1", 0},
        {"asymmetric/DH/dhkey.pem", "DH", "1.2.840.113549.1.3.1", 1},
        {"asymmetric/DH/dhpub.der", "DH", "1.2.840.113549.1.3.1", 0},
        {"asymmetric/PKCS8/rsa_pss_2048.pem", "RSASSA-PSS", "1.2.840.113549.1.1.10", 1},
        {"asymmetric/PKCS8/rsa_pss_2048_pub.der", "RSASSA-PSS", "1.2.840.113549.1.1.10", 0},
        {"asymmetric/PKCS8/bad-oid-dsa-key.pem", "unknown", "0.37.11229.117.11229.113", 1},
        {"asymmetric/DH/dhp.pem", "DH", NULL, 0},
        {"asymmetric/PEM_Serialization/dsaparam.pem", "DSA", NULL, 0},
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        size_t len;
        uint8_t *d = vec(files[i].file, &len);
        if (d)
            expect_other_alg(d, len, files[i].file, files[i].alg, files[i].oid, files[i].priv);
        free(d);
    }
}

static void test_encrypted(void)
{
    static const struct {
        const char *file, *scheme, *algorithm;
    } files[] = {
        {"asymmetric/PKCS8/enc-rsa-pkcs8.pem", "PKCS#12 PBE", NULL},
        {"asymmetric/PKCS8/enc2-rsa-pkcs8.pem", NULL, NULL},
        {"asymmetric/DER_Serialization/enc-rsa-pkcs8.der", NULL, NULL},
        {"asymmetric/Ed25519/ed25519-pkcs8-enc.pem", "PBES2", NULL},
        {"asymmetric/PKCS8/pkcs12_s2k_pem-X_9607.pem", "PKCS#12 PBE", NULL},
        {"asymmetric/PKCS8/bad-encryption-oid.pem", "unknown", NULL},
        {"asymmetric/Traditional_OpenSSL_Serialization/key1.pem", "PEM encryption (RFC 1421)",
         "RSA"},
        {"asymmetric/PEM_Serialization/ec_private_key_encrypted.pem",
         "PEM encryption (RFC 1421)", "EC"},
        {"asymmetric/PEM_Serialization/dsa_private_key.pem", "PEM encryption (RFC 1421)", "DSA"},
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        size_t len;
        uint8_t *d = vec(files[i].file, &len);
        if (!d)
            continue;
        pkc_key_info info;
        pkc_err err = parse(d, len, &info);
        CHECK_MSG(err == PKC_ERR_UNSUPPORTED, "%s: %s", files[i].file, pkc_strerror(err));
        CHECK_MSG(info.encryption && (!files[i].scheme || streq(info.encryption, files[i].scheme)),
                  "%s: encryption %s", files[i].file, info.encryption ? info.encryption : "(null)");
        CHECK_MSG(files[i].algorithm ? streq(info.algorithm, files[i].algorithm)
                                     : info.algorithm == NULL,
                  "%s: algorithm %s", files[i].file, info.algorithm ? info.algorithm : "(null)");
        CHECK(info.is_private);
        /* the type-specific decoders cannot tell the type: unsupported too,
         * except a traditional PEM that says it is the other type's */
        pkc_ec_private_key k;
        pkc_rsa_key *r = NULL;
        err = pkc_ec_private_key_decode(&k, d, len);
        CHECK_MSG(err == PKC_ERR_UNSUPPORTED, "%s (EC decoder): %s", files[i].file,
                  pkc_strerror(err));
        if (!pkc_pem_detect(d, len))
            CHECK(pkc_rsa_private_from_pkcs8(&r, d, len) == PKC_ERR_UNSUPPORTED);
        free(d);
    }
}

static void test_info(pkc_key *ec)
{
    uint8_t *der;
    size_t len;
    pkc_key_info info;
    CHECK(pkc_key_private_to_der(ec, &der, &len) == PKC_OK);
    CHECK(parse(der, len, &info) == PKC_OK);
    CHECK(streq(info.algorithm, "EC") && streq(info.format, "PKCS#8") && info.is_private);
    CHECK(strcmp(info.oid, "1.2.840.10045.2.1") == 0 && info.encryption == NULL);
    /* garbage: nothing known */
    CHECK(parse((const uint8_t *)"hello", 5, &info) == PKC_ERR_DECODE);
    CHECK(info.algorithm == NULL && info.format == NULL && info.oid[0] == '\0');
    static const char cert[] = "-----BEGIN CERTIFICATE-----\nMAMCAQA=\n-----END CERTIFICATE-----\n";
    CHECK(parse((const uint8_t *)cert, sizeof cert - 1, &info) == PKC_ERR_DECODE);
    CHECK(info.format == NULL);
    /* NULL info is fine; NULL data is an argument error that still clears info */
    pkc_key *k = NULL;
    CHECK(pkc_key_parse_info(der, len, &k, NULL) == PKC_OK && k);
    pkc_key_free(k);
    info.algorithm = "x";
    CHECK(pkc_key_parse_info(NULL, 0, &k, &info) == PKC_ERR_ARG && info.algorithm == NULL);
    pkc_secure_free(der, len);

    /* RFC 1421 headers count only inside the block: explanatory text that
     * looks like one does not make the key encrypted (it did before) */
    char *pem;
    size_t pemlen, tl;
    CHECK(pkc_key_private_to_pem(ec, &pem, &pemlen) == PKC_OK);
    char *text = concat3("Proc-Type: 4,ENCRYPTED\nDEK-Info: x\n", pem, "", &tl);
    CHECK(parse((const uint8_t *)text, tl, &info) == PKC_OK && info.encryption == NULL);
    free(text);
    pkc_secure_free(pem, pemlen);

    /* the EC public key is stored once: the private key's */
    CHECK(pkc_key_ec_public(ec) == &pkc_key_ec_private(ec)->pub);
}

/* PKCS#8 attributes [0] (RFC 5958 section 2: SET OF Attribute, each a
 * SEQUENCE { OID, SET OF value }) are not used but must be well-formed:
 * a malformed one was accepted until tests/fuzz/fuzz_diff_key.c compared
 * pkc with OpenSSL, which refuses it. */
static void test_attributes(pkc_key *rsa)
{
    static const struct {
        uint8_t attrs[24];
        size_t len;
        pkc_err want;
    } cases[] = {
        /* friendlyName (1.2.840.113549.1.9.20) = BMPString "k" */
        {{0xa0, 0x13, 0x30, 0x11, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09,
          0x14, 0x31, 0x04, 0x1e, 0x02, 0x00, 0x6b},
         21, PKC_OK},
        /* an empty SET OF */
        {{0xa0, 0x00}, 2, PKC_OK},
        /* an Attribute without its type and values */
        {{0xa0, 0x02, 0x30, 0x00}, 4, PKC_ERR_DECODE},
        /* a value that is no TLV (01 ff: a length past the end) */
        {{0xa0, 0x15, 0x30, 0x13, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09,
          0x14, 0x31, 0x06, 0x1e, 0x02, 0x00, 0x6b, 0x01, 0xff},
         23, PKC_ERR_DECODE},
    };
    uint8_t *der = NULL;
    size_t len = 0;
    CHECK(pkc_key_private_to_der(rsa, &der, &len) == PKC_OK);
    pkc_der in, body;
    pkc_der_init(&in, der, len);
    CHECK(pkc_der_get(&in, PKC_DER_SEQUENCE, &body) == PKC_OK);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        pkc_der_writer w;
        pkc_der_writer_init(&w);
        size_t m = pkc_der_open(&w, PKC_DER_SEQUENCE);
        pkc_der_put_raw(&w, body.p, body.len);
        pkc_der_put_raw(&w, cases[i].attrs, cases[i].len);
        pkc_der_close(&w, m);
        uint8_t *d2 = NULL;
        size_t l2 = 0;
        CHECK(pkc_der_writer_finish(&w, &d2, &l2) == PKC_OK);
        pkc_key *k = NULL;
        CHECK_MSG(pkc_key_parse(d2, l2, &k) == cases[i].want, "attributes case %zu", i);
        pkc_key_free(k);
        pkc_secure_free(d2, l2);
    }
    pkc_secure_free(der, len);
}

static void write_body(pkc_der_writer *w, const void *ctx)
{
    (void)ctx;
    static const uint8_t body[] = {0x30, 0x03, 0x02, 0x01, 0x05};
    pkc_der_put_raw(w, body, sizeof body);
}

static void test_writers(void)
{
    static const uint8_t body[] = {0x30, 0x03, 0x02, 0x01, 0x05};
    static const struct {
        pkc_pkix_alg alg;
        const char *param_oid;
        uint8_t params[12];
        size_t paramslen;
    } cases[] = {
        {PKC_PKIX_ALG_RSA, NULL, {0x05, 0x00}, 2},
        {PKC_PKIX_ALG_EC, "1.2.840.10045.3.1.7",
         {0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07}, 10},
        {PKC_PKIX_ALG_ED25519, NULL, {0}, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        for (int spki = 0; spki < 2; spki++) {
            uint8_t *der;
            size_t len;
            pkc_err err = spki ? pkc_pkix_write_spki(cases[i].alg, cases[i].param_oid, write_body,
                                                     NULL, &der, &len)
                               : pkc_pkix_write_pkcs8(cases[i].alg, cases[i].param_oid,
                                                      write_body, NULL, &der, &len);
            CHECK(err == PKC_OK);
            if (err)
                continue;
            pkc_pkix_key k;
            CHECK(pkc_pkix_read_der(der, len, &k) == PKC_OK);
            CHECK(k.container == (spki ? PKC_PKIX_SPKI : PKC_PKIX_PKCS8));
            CHECK(k.alg && k.alg->alg == cases[i].alg && !k.encrypted);
            CHECK(k.params.len == cases[i].paramslen &&
                  memcmp(k.params.p, cases[i].params, k.params.len) == 0);
            CHECK(k.body.len == sizeof body && memcmp(k.body.p, body, sizeof body) == 0);
            pkc_pkix_key_clear(&k);
            /* and through PEM */
            char *pem;
            size_t pemlen;
            CHECK(pkc_pkix_pem(PKC_OK, k.container = spki ? PKC_PKIX_SPKI : PKC_PKIX_PKCS8, der,
                               len, &pem, &pemlen) == PKC_OK);
            CHECK(strncmp(pem, spki ? "-----BEGIN PUBLIC KEY-----\n" : "-----BEGIN PRIVATE KEY-----\n",
                          spki ? 27 : 28) == 0);
            CHECK(pkc_pkix_read((const uint8_t *)pem, pemlen, &k) == PKC_OK);
            CHECK(k.der && k.body.len == sizeof body && memcmp(k.body.p, body, sizeof body) == 0);
            pkc_pkix_key_clear(&k);
            CHECK(k.der == NULL);
            pkc_secure_free(pem, pemlen);
        }
    }
    uint8_t *der;
    size_t len;
    /* id-ecPublicKey needs its curve; an unknown algorithm is refused */
    CHECK(pkc_pkix_write_pkcs8(PKC_PKIX_ALG_EC, NULL, write_body, NULL, &der, &len) == PKC_ERR_ARG);
    CHECK(pkc_pkix_write_spki(PKC_PKIX_ALG_UNKNOWN, NULL, write_body, NULL, &der, &len) ==
          PKC_ERR_ARG);
    CHECK(pkc_pkix_pem(PKC_ERR_KEY, PKC_PKIX_SPKI, NULL, 0, NULL, NULL) == PKC_ERR_KEY);

    /* every label pkc writes is one it reads */
    for (int c = PKC_PKIX_SPKI; c <= PKC_PKIX_RSA_PUBLIC; c++)
        CHECK(pkc_pkix_pem_label((pkc_pkix_container)c) != NULL &&
              pkc_pkix_container_name((pkc_pkix_container)c) != NULL);
    CHECK(pkc_pkix_pem_label(PKC_PKIX_LEGACY_KEY) == NULL);
    CHECK(pkc_pkix_pem_label(PKC_PKIX_PARAMETERS) == NULL);
}

int main(void)
{
    tu_seed();
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_rand64()) == PKC_OK);
    pkc_key *rsa = NULL, *ec = NULL;
    size_t len;
    uint8_t *d = vec("asymmetric/PKCS8/unenc-rsa-pkcs8.pem", &len);
    CHECK(d && pkc_key_parse(d, len, &rsa) == PKC_OK);
    free(d);
    CHECK(pkc_key_generate_ec(&ec, PKC_CURVE_SECP256R1, &rng) == PKC_OK);

    test_oid_table();
    if (rsa && ec) {
        test_labels(rsa, ec);
        test_ec_parameters(ec);
        test_info(ec);
        test_attributes(rsa);
    }
    test_other_algs();
    test_encrypted();
    test_writers();
    pkc_key_free(rsa);
    pkc_key_free(ec);
    pkc_rng_wipe(&rng);
    return tu_finish("test_pkix");
}
