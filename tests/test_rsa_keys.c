/* RSA key encodings and the generic key layer: the RSA key files of
 * python3-cryptography-vectors (PEM and DER; PKCS#1, PKCS#8, SPKI) load,
 * pairs agree, encrypted keys give PKC_ERR_UNSUPPORTED, the broken ones
 * fail; round trips; hand-made malformed encodings (negative and
 * non-minimal integers, lengths past the end, trailing bytes, wrong OIDs,
 * even n, small e, inconsistent CRT values, wrong d) each give an error;
 * every truncation and many random corruptions give an error or a valid
 * key, never a crash (run it under ASan). */
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"
#include "pkc/key.h"
#include "pkc/rsa.h"
#include "testutil.h"

static pkc_rng rng;

static pkc_err load_file(const char *rel, pkc_key **out)
{
    size_t len;
    uint8_t *data = tu_read_file(tu_vector_path(rel), &len);
    CHECK_MSG(data != NULL, "read %s", rel);
    if (!data)
        return PKC_ERR_ARG;
    pkc_err err = pkc_key_parse(data, len, out);
    free(data);
    return err;
}

static int same_public(const pkc_key *a, const pkc_key *b)
{
    uint8_t *da, *db;
    size_t la, lb;
    if (pkc_key_public_to_der(a, &da, &la) || pkc_key_public_to_der(b, &db, &lb))
        return 0;
    int eq = la == lb && memcmp(da, db, la) == 0;
    pkc_secure_free(da, la);
    pkc_secure_free(db, lb);
    return eq;
}

/* Sign with priv, verify with pub (PKCS#1 v1.5 and PSS). */
static void sign_verify(const pkc_key *priv, const pkc_key *pub)
{
    uint8_t digest[32] = {1, 2, 3}, sig[1024];
    size_t siglen;
    pkc_sign_params sp;
    pkc_sign_params_init(&sp);
    sp.saltlen = 20; /* fits a 512-bit key with SHA-256 */
    for (sp.pss = 0; sp.pss < 2; sp.pss++) {
        CHECK(pkc_key_sign_digest(priv, &rng, &sp, digest, 32, sig, sizeof sig, &siglen) == PKC_OK);
        CHECK(pkc_key_verify_digest(pub, &sp, digest, 32, sig, siglen) == PKC_OK);
        CHECK(pkc_key_verify_digest(priv, &sp, digest, 32, sig, siglen) == PKC_OK);
        digest[5] ^= 1;
        CHECK(pkc_key_verify_digest(pub, &sp, digest, 32, sig, siglen) == PKC_ERR_VERIFY);
        digest[5] ^= 1;
    }
    /* a public key cannot sign */
    if (!pkc_key_is_private(pub))
        CHECK(pkc_key_sign_digest(pub, &rng, &sp, digest, 32, sig, sizeof sig, &siglen) ==
              PKC_ERR_KEY);
}

static void roundtrip(const pkc_key *k)
{
    uint8_t *der;
    size_t len;
    char *pem;
    size_t pemlen;
    pkc_key *k2 = NULL, *k3 = NULL;
    if (pkc_key_is_private(k)) {
        CHECK(pkc_key_private_to_pem(k, &pem, &pemlen) == PKC_OK);
        CHECK(strncmp(pem, "-----BEGIN PRIVATE KEY-----\n", 28) == 0);
        CHECK(pkc_key_parse((const uint8_t *)pem, pemlen, &k2) == PKC_OK);
        CHECK(k2 && pkc_key_is_private(k2) && same_public(k, k2));
        pkc_secure_free(pem, pemlen);
        /* PKCS#1 DER of the RSA key */
        CHECK(pkc_rsa_private_to_pkcs1(pkc_key_rsa(k), &der, &len) == PKC_OK);
        CHECK(pkc_key_parse(der, len, &k3) == PKC_OK);
        CHECK(k3 && pkc_key_is_private(k3) && same_public(k, k3));
        pkc_secure_free(der, len);
    } else {
        CHECK(pkc_key_private_to_pem(k, &pem, &pemlen) == PKC_ERR_KEY);
    }
    pkc_key_free(k2);
    pkc_key_free(k3);
    k2 = k3 = NULL;
    CHECK(pkc_key_public_to_pem(k, &pem, &pemlen) == PKC_OK);
    CHECK(strncmp(pem, "-----BEGIN PUBLIC KEY-----\n", 27) == 0);
    CHECK(pkc_key_parse((const uint8_t *)pem, pemlen, &k2) == PKC_OK);
    CHECK(k2 && !pkc_key_is_private(k2) && same_public(k, k2));
    pkc_secure_free(pem, pemlen);
    CHECK(pkc_rsa_public_to_pkcs1(pkc_key_rsa(k), &der, &len) == PKC_OK);
    CHECK(pkc_key_parse(der, len, &k3) == PKC_OK);
    CHECK(k3 && same_public(k, k3));
    pkc_secure_free(der, len);
    pkc_key_free(k2);
    pkc_key_free(k3);
}

/* ---- hand-made PKCS#1 private keys ---- */

typedef struct {
    uint8_t *v[8];
    size_t len[8];
} parts;

static void get_parts(const pkc_rsa_key *k, parts *p)
{
    for (int i = 0; i < 8; i++) {
        size_t len;
        pkc_rsa_get(k, (pkc_rsa_part)i, NULL, 0, &len);
        p->v[i] = malloc(len + 1);
        p->len[i] = len;
        CHECK(pkc_rsa_get(k, (pkc_rsa_part)i, p->v[i], len, &len) == PKC_OK);
    }
}

static void free_parts(parts *p)
{
    for (int i = 0; i < 8; i++)
        free(p->v[i]);
}

/* DER of RSAPrivateKey from parts; raw_int >= 0 replaces that INTEGER's
 * whole TLV by raw bytes. */
static pkc_err encode_private(const parts *p, int raw_int, const uint8_t *raw, size_t rawlen,
                              uint64_t version, uint8_t **der, size_t *len)
{
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    size_t seq = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(&w, version);
    for (int i = 0; i < 8; i++) {
        if (i == raw_int)
            pkc_der_put_raw(&w, raw, rawlen);
        else
            pkc_der_put_uint(&w, p->v[i], p->len[i]);
    }
    pkc_der_close(&w, seq);
    return pkc_der_writer_finish(&w, der, len);
}

static pkc_err parse_bytes(const uint8_t *d, size_t len)
{
    pkc_key *k = NULL;
    pkc_err err = pkc_key_parse(d, len, &k);
    CHECK((err == PKC_OK) == (k != NULL));
    pkc_key_free(k);
    return err;
}

static void malformed(const pkc_key *key)
{
    parts p;
    get_parts(pkc_key_rsa(key), &p);
    uint8_t *der;
    size_t len;

    /* the unmodified encoding parses */
    CHECK(encode_private(&p, -1, NULL, 0, 0, &der, &len) == PKC_OK);
    CHECK(parse_bytes(der, len) == PKC_OK);
    /* trailing byte, inside and outside the SEQUENCE */
    uint8_t *big = malloc(len + 1);
    memcpy(big, der, len);
    big[len] = 0;
    CHECK(parse_bytes(big, len + 1) == PKC_ERR_DECODE);
    /* every truncation fails */
    for (size_t cut = 0; cut < len; cut++)
        CHECK_MSG(parse_bytes(der, cut) != PKC_OK, "truncated to %zu parses", cut);
    /* a length past the end */
    memcpy(big, der, len);
    big[3] = (uint8_t)(big[3] + 1);
    CHECK(parse_bytes(big, len) == PKC_ERR_DECODE);
    free(big);
    pkc_secure_free(der, len);

    /* version 1 (multi-prime), version 2 */
    CHECK(encode_private(&p, -1, NULL, 0, 1, &der, &len) == PKC_OK);
    CHECK(parse_bytes(der, len) == PKC_ERR_UNSUPPORTED);
    pkc_secure_free(der, len);
    CHECK(encode_private(&p, -1, NULL, 0, 2, &der, &len) == PKC_OK);
    CHECK(parse_bytes(der, len) == PKC_ERR_DECODE);
    pkc_secure_free(der, len);

    /* negative e, non-minimal e */
    static const uint8_t neg[] = {0x02, 0x01, 0x83};
    static const uint8_t nonmin[] = {0x02, 0x04, 0x00, 0x01, 0x00, 0x01};
    static const uint8_t e1[] = {0x02, 0x01, 0x01};
    static const uint8_t e2[] = {0x02, 0x01, 0x02};
    static const uint8_t zero[] = {0x02, 0x01, 0x00};
    static const uint8_t empty[] = {0x02, 0x00};
    CHECK(encode_private(&p, 1, neg, sizeof neg, 0, &der, &len) == PKC_OK);
    CHECK(parse_bytes(der, len) == PKC_ERR_DECODE);
    pkc_secure_free(der, len);
    CHECK(encode_private(&p, 1, nonmin, sizeof nonmin, 0, &der, &len) == PKC_OK);
    CHECK(parse_bytes(der, len) == PKC_ERR_DECODE);
    pkc_secure_free(der, len);
    CHECK(encode_private(&p, 1, empty, sizeof empty, 0, &der, &len) == PKC_OK);
    CHECK(parse_bytes(der, len) == PKC_ERR_DECODE);
    pkc_secure_free(der, len);
    CHECK(encode_private(&p, 1, e1, sizeof e1, 0, &der, &len) == PKC_OK);
    CHECK(parse_bytes(der, len) == PKC_ERR_KEY);
    pkc_secure_free(der, len);
    CHECK(encode_private(&p, 1, e2, sizeof e2, 0, &der, &len) == PKC_OK);
    CHECK(parse_bytes(der, len) == PKC_ERR_KEY);
    pkc_secure_free(der, len);
    CHECK(encode_private(&p, 7, zero, sizeof zero, 0, &der, &len) == PKC_OK);
    CHECK(parse_bytes(der, len) == PKC_ERR_KEY);
    pkc_secure_free(der, len);

    /* Each private component changed by one (n even, d, p, q, dP, dQ,
     * qInv inconsistent): PKC_ERR_KEY. */
    for (int i = 0; i < 8; i++) {
        if (i == 1)
            continue; /* e+1 is even: covered above */
        parts q = p;
        uint8_t *v = malloc(p.len[i]);
        memcpy(v, p.v[i], p.len[i]);
        v[p.len[i] - 1] ^= 2; /* keeps parity: n stays odd, p and q odd */
        if (i == 0)
            v[p.len[i] - 1] ^= 3; /* n even */
        q.v[i] = v;
        CHECK(encode_private(&q, -1, NULL, 0, 0, &der, &len) == PKC_OK);
        pkc_err err = parse_bytes(der, len);
        CHECK_MSG(err == PKC_ERR_KEY, "component %d altered: %d", i, err);
        pkc_secure_free(der, len);
        free(v);
    }
    /* p and q swapped (qInv then wrong) */
    {
        parts q = p;
        q.v[3] = p.v[4];
        q.len[3] = p.len[4];
        q.v[4] = p.v[3];
        q.len[4] = p.len[3];
        CHECK(encode_private(&q, -1, NULL, 0, 0, &der, &len) == PKC_OK);
        CHECK(parse_bytes(der, len) == PKC_ERR_KEY);
        pkc_secure_free(der, len);
    }

    /* PKCS#8 with a wrong OID; SPKI with a wrong OID, wrong params. */
    uint8_t *p8;
    size_t p8len;
    CHECK(pkc_key_private_to_der(key, &p8, &p8len) == PKC_OK);
    CHECK(parse_bytes(p8, p8len) == PKC_OK);
    /* the OID 1.2.840.113549.1.1.1 ends in ...01 01 01: make it ...01 01 02 (md2WithRSA) */
    for (size_t i = 0; i + 9 < p8len; i++) {
        static const uint8_t oid[] = {0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01};
        if (memcmp(p8 + i, oid, sizeof oid) == 0) {
            p8[i + 10] = 0x02;
            /* an algorithm pkc does not know: unsupported, and the OID is
             * reported; not an RSA key for the RSA decoder */
            pkc_key_info info;
            pkc_key *k = NULL;
            CHECK(pkc_key_parse_info(p8, p8len, &k, &info) == PKC_ERR_UNSUPPORTED && !k);
            CHECK(info.algorithm && strcmp(info.algorithm, "unknown") == 0);
            CHECK(strcmp(info.oid, "1.2.840.113549.1.1.2") == 0 && info.is_private);
            CHECK(pkc_rsa_private_from_pkcs8(&(pkc_rsa_key *){NULL}, p8, p8len) == PKC_ERR_KEY);
            p8[i + 10] = 0x0a; /* RSASSA-PSS */
            CHECK(parse_bytes(p8, p8len) == PKC_ERR_UNSUPPORTED);
            p8[i + 10] = 0x01;
            p8[i + 11] = 0x04; /* parameters: NULL -> OCTET STRING */
            CHECK(parse_bytes(p8, p8len) == PKC_ERR_DECODE);
            p8[i + 11] = 0x05;
            break;
        }
    }
    CHECK(parse_bytes(p8, p8len) == PKC_OK);
    /* random corruptions: an error or a valid key, never a crash */
    int n = tu_iters(1500);
    for (int it = 0; it < n; it++) {
        uint8_t *c = malloc(p8len);
        memcpy(c, p8, p8len);
        int flips = 1 + (int)(tu_rand64() % 3);
        for (int j = 0; j < flips; j++)
            c[tu_rand64() % p8len] ^= (uint8_t)(1 + tu_rand64() % 255);
        pkc_err err = parse_bytes(c, p8len);
        CHECK(err == PKC_OK || err == PKC_ERR_DECODE || err == PKC_ERR_KEY ||
              err == PKC_ERR_UNSUPPORTED);
        free(c);
    }
    pkc_secure_free(p8, p8len);
    free_parts(&p);
}

static void pem_cases(const pkc_key *key)
{
    char *pem;
    size_t len;
    CHECK(pkc_key_private_to_pem(key, &pem, &len) == PKC_OK);
    CHECK(parse_bytes((const uint8_t *)pem, len) == PKC_OK);
    /* truncated PEM: every cut fails */
    for (size_t cut = 0; cut < len; cut += 7)
        CHECK(parse_bytes((const uint8_t *)pem, cut) != PKC_OK);
    /* garbled Base64 */
    char *g = malloc(len + 1);
    memcpy(g, pem, len + 1);
    g[40] = '*';
    CHECK(parse_bytes((const uint8_t *)g, len) == PKC_ERR_DECODE);
    /* wrong label: the content does not match it */
    memcpy(g, pem, len + 1);
    char *t = strstr(g, "PRIVATE KEY");
    memcpy(t, "PUBLIC KEY-", 11);
    t = strstr(g, "END PRIVATE KEY");
    memcpy(t, "END PUBLIC KEY-", 15);
    pkc_err err = parse_bytes((const uint8_t *)g, len);
    CHECK(err == PKC_ERR_DECODE);
    /* another object type */
    static const char cert[] = "-----BEGIN CERTIFICATE-----\nMAMCAQA=\n-----END CERTIFICATE-----\n";
    CHECK(parse_bytes((const uint8_t *)cert, sizeof cert - 1) == PKC_ERR_DECODE);
    /* empty input, garbage */
    CHECK(parse_bytes((const uint8_t *)"", 0) == PKC_ERR_DECODE);
    CHECK(parse_bytes((const uint8_t *)"hello world\n", 12) == PKC_ERR_DECODE);
    free(g);
    pkc_secure_free(pem, len);
}

int main(void)
{
    tu_seed();
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_rand64()) == PKC_OK);

    /* Vector files that must load, as (private, public) pairs. */
    static const char *pairs[][2] = {
        {"asymmetric/Traditional_OpenSSL_Serialization/testrsa.pem",
         "asymmetric/DER_Serialization/testrsa.der"},
        {"asymmetric/PKCS8/unenc-rsa-pkcs8.pem", "asymmetric/PKCS8/unenc-rsa-pkcs8.pub.pem"},
        {"asymmetric/DER_Serialization/unenc-rsa-pkcs8.der",
         "asymmetric/DER_Serialization/unenc-rsa-pkcs8.pub.der"},
        {NULL, "asymmetric/PEM_Serialization/rsa_public_key.pem"},
        {NULL, "asymmetric/DER_Serialization/rsa_public_key.der"},
    };
    pkc_key *pk8 = NULL;
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        pkc_key *priv = NULL, *pub = NULL;
        if (pairs[i][0]) {
            CHECK_MSG(load_file(pairs[i][0], &priv) == PKC_OK, "%s", pairs[i][0]);
            CHECK(priv && pkc_key_get_type(priv) == PKC_KEY_RSA && pkc_key_is_private(priv));
        }
        pkc_err err = load_file(pairs[i][1], &pub);
        CHECK_MSG(err == PKC_OK, "%s: %d", pairs[i][1], err);
        if (!pub) {
            pkc_key_free(priv);
            continue;
        }
        CHECK(pkc_key_get_type(pub) == PKC_KEY_RSA);
        roundtrip(pub);
        if (priv) {
            /* testrsa.der is the same key as testrsa.pem, private too */
            if (pkc_key_is_private(pub))
                CHECK(same_public(priv, pub));
            else
                CHECK(same_public(priv, pub));
            sign_verify(priv, pub);
            roundtrip(priv);
        }
        if (i == 1)
            pk8 = priv;
        else
            pkc_key_free(priv);
        pkc_key_free(pub);
    }
    /* The PEM and DER PKCS#8 files hold the same key. */
    {
        pkc_key *a = NULL, *b = NULL;
        CHECK(load_file("asymmetric/PKCS8/unenc-rsa-pkcs8.pem", &a) == PKC_OK);
        CHECK(load_file("asymmetric/DER_Serialization/unenc-rsa-pkcs8.der", &b) == PKC_OK);
        CHECK(a && b && same_public(a, b));
        pkc_key_free(a);
        pkc_key_free(b);
    }

    /* Encrypted keys: a clear "unsupported". */
    static const char *encrypted[] = {
        "asymmetric/Traditional_OpenSSL_Serialization/key1.pem",
        "asymmetric/Traditional_OpenSSL_Serialization/key2.pem",
        "asymmetric/Traditional_OpenSSL_Serialization/testrsa-encrypted.pem",
        "asymmetric/PEM_Serialization/rsa_private_key.pem",
        "asymmetric/DER_Serialization/enc-rsa-pkcs8.der",
        "asymmetric/DER_Serialization/enc2-rsa-pkcs8.der",
        "asymmetric/PKCS8/enc-rsa-pkcs8.pem",
        "asymmetric/PKCS8/enc2-rsa-pkcs8.pem",
        "asymmetric/PKCS8/bad-encryption-oid.pem",
        "asymmetric/PKCS8/pkcs12_s2k_pem-X_9607.pem",
    };
    for (size_t i = 0; i < sizeof encrypted / sizeof *encrypted; i++) {
        pkc_key *k = NULL;
        pkc_err err = load_file(encrypted[i], &k);
        CHECK_MSG(err == PKC_ERR_UNSUPPORTED, "%s: %d", encrypted[i], err);
        CHECK(k == NULL);
    }
    /* Broken or not RSA. */
    {
        pkc_key *k = NULL;
        pkc_err err = load_file("asymmetric/PEM_Serialization/rsa-bad-1025-q-is-2.pem", &k);
        CHECK_MSG(err == PKC_ERR_KEY, "q = 2: %d", err);
        CHECK(load_file("asymmetric/PKCS8/rsa_pss_2048.pem", &k) == PKC_ERR_UNSUPPORTED);
        CHECK(load_file("asymmetric/PKCS8/rsa_pss_2048_pub.der", &k) == PKC_ERR_UNSUPPORTED);
        CHECK(load_file("asymmetric/PEM_Serialization/dsa_private_key.pem", &k) ==
              PKC_ERR_UNSUPPORTED);
        CHECK(load_file("asymmetric/PKCS8/unenc-dsa-pkcs8.pem", &k) == PKC_ERR_UNSUPPORTED);
        CHECK(load_file("asymmetric/PKCS8/unenc-dsa-pkcs8.pub.pem", &k) == PKC_ERR_UNSUPPORTED);
        CHECK(load_file("asymmetric/DER_Serialization/dsa.1024.der", &k) != PKC_OK);
        CHECK(load_file("asymmetric/PEM_Serialization/dsaparam.pem", &k) == PKC_ERR_UNSUPPORTED);
        /* EC keys: EC once that lands, a clear "unsupported" until then */
        static const char *ec[] = {"asymmetric/PEM_Serialization/ec_private_key.pem",
                                   "asymmetric/PEM_Serialization/ec_public_key.pem",
                                   "asymmetric/PKCS8/ec_private_key.pem",
                                   "asymmetric/DER_Serialization/ec_private_key.der",
                                   "asymmetric/DER_Serialization/ec_public_key.der"};
        for (size_t i = 0; i < 5; i++) {
            k = NULL;
            err = load_file(ec[i], &k);
            CHECK_MSG(err == PKC_ERR_UNSUPPORTED ||
                          (err == PKC_OK && pkc_key_get_type(k) == PKC_KEY_EC),
                      "%s: %d", ec[i], err);
            pkc_key_free(k);
        }
        CHECK(load_file("asymmetric/PKCS8/ec_private_key_encrypted.pem", &k) ==
              PKC_ERR_UNSUPPORTED);
    }

    if (pk8) {
        malformed(pk8);
        pem_cases(pk8);
    }
    pkc_key_free(pk8);

    /* A generated key: round trips, malformed encodings of it. */
    pkc_key *g = NULL;
    CHECK(pkc_key_generate_rsa(&g, 1024, 0, &rng) == PKC_OK);
    if (g) {
        CHECK(pkc_key_bits(g) == 1024 && pkc_key_is_private(g));
        CHECK(strcmp(pkc_key_type_name(g), "RSA") == 0);
        roundtrip(g);
        malformed(g);
    }
    pkc_key_free(g);

    /* Public keys from raw values. */
    {
        pkc_rsa_key *k = NULL;
        static const uint8_t n_even[64] = {0xc0, [63] = 0x02};
        static const uint8_t n_odd[64] = {0xc0, [63] = 0x03};
        static const uint8_t e3[] = {3}, e2[] = {2}, e1[] = {1};
        CHECK(pkc_rsa_key_from_public(&k, n_even, 64, e3, 1) == PKC_ERR_KEY);
        CHECK(pkc_rsa_key_from_public(&k, n_odd, 64, e1, 1) == PKC_ERR_KEY);
        CHECK(pkc_rsa_key_from_public(&k, n_odd, 64, e2, 1) == PKC_ERR_KEY);
        CHECK(pkc_rsa_key_from_public(&k, n_odd, 32, e3, 1) == PKC_ERR_KEY); /* 256 bits */
        CHECK(pkc_rsa_key_from_public(&k, n_odd, 64, e3, 1) == PKC_OK);
        CHECK(k && pkc_rsa_bits(k) == 512 && !pkc_rsa_is_private(k));
        uint8_t buf[8];
        size_t len;
        CHECK(pkc_rsa_get(k, PKC_RSA_D, buf, sizeof buf, &len) == PKC_ERR_KEY);
        CHECK(pkc_rsa_get(k, PKC_RSA_E, buf, sizeof buf, &len) == PKC_OK && len == 1 && buf[0] == 3);
        CHECK(pkc_rsa_get(k, PKC_RSA_N, buf, sizeof buf, &len) == PKC_ERR_BUFSIZE);
        pkc_rsa_key_free(k);
    }
    pkc_rng_wipe(&rng);
    return tu_finish("test_rsa_keys");
}
