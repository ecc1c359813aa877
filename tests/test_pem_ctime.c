/* Constant-time test of private-key loading (the approach of
 * tests/test_ec_ctime.c): with --ctime, the whole PEM text of a private key
 * is marked undefined for valgrind's memcheck, then decoded through the
 * library's own path: PEM framing and Base64 (src/encoding/pem.c), the DER
 * walk of the envelope (src/encoding/pkix.c, der_read.c) and the key body
 * (src/rsa/rsa_key.c, src/ec/ec_keyfile.c). Any branch or memory index that
 * depends on the text is reported ("Conditional jump or move depends on
 * uninitialised value(s)", "Use of uninitialised value"), except where the
 * library declassifies what is public: the layout of the text, the labels,
 * the DER tags and lengths, versions, OIDs and the public key.
 *
 * Keys: RSA in PKCS#8 and PKCS#1 PEM (the cryptography vectors), EC in
 * PKCS#8 and SEC 1 PEM on three curves (one with OpenSSL's "EC PARAMETERS"
 * block first) and OpenSSL's own EC key file; and a password-encrypted
 * PKCS#8 key (PBES2), with the password secret and the text public. Every key goes all the way
 * through pkc_key_parse: EC keys then feed d to the constant-time d*G, RSA
 * keys run the constant-time consistency checks of the key construction
 * (src/rsa/rsa_core.c); the RSA components are also checked one by one
 * (pkc_rsa_private_components_from_pkix). --no-rsa-full stops RSA keys at
 * their components, to tell the decoding from the key construction when
 * valgrind reports something.
 *
 * Run without --ctime (the ctest test_pem_ctime) it decodes the same texts
 * and checks every decoded value against a normal decoding.
 *
 * usage: test_pem_ctime [--ctime [--canary]] [--no-rsa-full]
 * --canary adds a deliberate branch on a secret character in the test
 * itself, so the wrapper (tests/test_ctime_valgrind.sh) can check that
 * valgrind does catch one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encoding/pkix.h"
#include "pkc/ec.h"
#include "pkc/hash.h"
#include "pkc/key.h"
#include "pkc/rng.h"
#include "rsa/rsa_key.h"
#include "ctime_util.h"
#include "testutil.h"

static int rsa_full = 1; /* RSA keys through pkc_key_parse too (--no-rsa-full: not) */

/* A private copy of the text, marked secret (and, with --canary, branched
 * on: the leak valgrind must see). */
static char *secret_copy(const char *text, size_t len)
{
    char *buf = malloc(len);
    memcpy(buf, text, len);
    secret(buf, len);
    if (canary && (buf[len / 2] & 1))
        sink++;
    return buf;
}

/* a magnitude without its leading zero bytes */
static void strip(const uint8_t **p, size_t *n)
{
    while (*n && **p == 0) {
        (*p)++;
        (*n)--;
    }
}

static void rsa_case(const char *name, const char *text, size_t len)
{
    /* the reference: a normal decoding */
    pkc_key *ref = NULL;
    CHECK_MSG(pkc_key_parse((const uint8_t *)text, len, &ref) == PKC_OK, "%s: parse", name);
    if (!ref)
        return;
    char *buf = secret_copy(text, len);
    pkc_pkix_key k;
    pkc_rsa_components c;
    pkc_err e1 = pkc_pkix_read((const uint8_t *)buf, len, &k);
    pkc_err e2 = e1 ? e1 : pkc_rsa_private_components_from_pkix(&k, &c);
    PUBLIC(e2);
    CHECK_MSG(e2 == PKC_OK, "%s: %s", name, pkc_strerror(e2));
    if (e2 == PKC_OK) {
        const uint8_t *v[8] = {c.n, c.e, c.d, c.p, c.q, c.dp, c.dq, c.qinv};
        size_t l[8] = {c.nlen, c.elen, c.dlen, c.plen, c.qlen, c.dplen, c.dqlen, c.qinvlen};
        for (int i = 0; i < 8; i++) {
            uint8_t want[PKC_RSA_MAX_BITS / 8];
            size_t wl = 0;
            public_(v[i], l[i]); /* the checks below look at them */
            strip(&v[i], &l[i]);
            CHECK(pkc_rsa_get(pkc_key_rsa(ref), (pkc_rsa_part)i, want, sizeof want, &wl) == PKC_OK);
            CHECK_MSG(l[i] == wl && memcmp(v[i], want, wl) == 0, "%s: component %d", name, i);
        }
    }
    pkc_pkix_key_clear(&k);
    if (rsa_full) {
        /* the whole pkc_key_parse, RSA consistency checks included */
        pkc_key *key = NULL;
        pkc_err e3 = pkc_key_parse((const uint8_t *)buf, len, &key);
        PUBLIC(e3);
        CHECK(e3 == PKC_OK);
        pkc_key_free(key);
    }
    free(buf);
    pkc_key_free(ref);
}

static void ec_case(const char *name, const char *text, size_t len)
{
    pkc_ec_private_key ref;
    CHECK_MSG(pkc_ec_private_key_decode(&ref, (const uint8_t *)text, len) == PKC_OK, "%s: decode",
              name);
    char *buf = secret_copy(text, len);
    /* the generic path: PEM -> DER -> envelope -> ECPrivateKey -> d*G */
    pkc_key *key = NULL;
    pkc_err e1 = pkc_key_parse((const uint8_t *)buf, len, &key);
    PUBLIC(e1);
    CHECK_MSG(e1 == PKC_OK, "%s: %s", name, pkc_strerror(e1));
    /* and the EC decoder's */
    pkc_ec_private_key direct;
    pkc_err e2 = pkc_ec_private_key_decode(&direct, (const uint8_t *)buf, len);
    PUBLIC(e2);
    PUBLIC(direct);
    CHECK(e2 == PKC_OK && direct.curve == ref.curve && memcmp(direct.d, ref.d, sizeof ref.d) == 0);
    const pkc_ec_private_key *got = pkc_key_ec_private(key);
    if (got) {
        public_(got, sizeof *got);
        CHECK_MSG(got->curve == ref.curve && memcmp(got->d, ref.d, sizeof ref.d) == 0 &&
                      pkc_ec_public_key_equal(&got->pub, &ref.pub),
                  "%s: wrong key", name);
    }
    pkc_key_free(key);
    pkc_ec_private_key_wipe(&direct);
    pkc_ec_private_key_wipe(&ref);
    free(buf);
}

/* A password-encrypted PKCS#8 key: the text is public (it is encrypted),
 * the password secret, and so are everything derived from it and the key
 * decrypted (PBKDF2, AES-CBC, the padding check, the inner walk). */
static void encrypted_case(pkc_rng *rng)
{
    pkc_key *key = NULL, *got = NULL;
    CHECK(pkc_key_generate_ec(&key, PKC_CURVE_SECP256R1, rng) == PKC_OK);
    char *pem = NULL;
    size_t len = 0;
    uint8_t pw[8] = "hunter2";
    CHECK(pkc_key_private_to_pem_encrypted(key, pw, 7, rng, 50, &pem, &len) == PKC_OK);
    secret(pw, sizeof pw);
    pkc_err e = pkc_key_parse_password((const uint8_t *)pem, len, pw, 7, &got, NULL);
    PUBLIC(e);
    CHECK_MSG(e == PKC_OK, "encrypted PKCS#8: %s", pkc_strerror(e));
    if (got) {
        const pkc_ec_private_key *a = pkc_key_ec_private(key), *b = pkc_key_ec_private(got);
        public_(b, sizeof *b);
        CHECK_MSG(b && memcmp(a->d, b->d, sizeof a->d) == 0, "encrypted PKCS#8: wrong key");
    }
    pkc_key_free(got);
    got = NULL;
    pw[0] ^= 1; /* a wrong password: the same code, the verdict public */
    e = pkc_key_parse_password((const uint8_t *)pem, len, pw, 7, &got, NULL);
    PUBLIC(e);
    CHECK(e == PKC_ERR_DECRYPT && got == NULL);
    public_(pw, sizeof pw);
    pkc_secure_free(pem, len);
    pkc_key_free(key);
}

static char *vector_text(const char *rel, size_t *len)
{
    return (char *)tu_read_file(tu_vector_path(rel), len);
}

int main(int argc, char **argv)
{
    int first = ctime_args(argc, argv, "test_pem_ctime");
    if (first < 0)
        return 2;
    for (int i = first; i < argc; i++) {
        if (strcmp(argv[i], "--no-rsa-full") == 0) {
            rsa_full = 0;
        } else {
            fprintf(stderr, "usage: test_pem_ctime [--ctime [--canary]] [--no-rsa-full]\n");
            return 2;
        }
    }
    tu_seed();

    static const char *rsa_files[] = {"asymmetric/PKCS8/unenc-rsa-pkcs8.pem",
                                      "asymmetric/Traditional_OpenSSL_Serialization/testrsa.pem"};
    for (size_t i = 0; i < 2; i++) {
        size_t len;
        char *t = vector_text(rsa_files[i], &len);
        CHECK(t != NULL);
        if (t)
            rsa_case(rsa_files[i], t, len);
        free(t);
    }

    /* EC keys from a fixed seed, PKCS#8 and SEC 1, and OpenSSL's file */
    static const pkc_curve_id curves[] = {PKC_CURVE_SECP256R1, PKC_CURVE_SECP384R1,
                                          PKC_CURVE_SECP521R1};
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 7) == PKC_OK);
    for (size_t i = 0; i < sizeof curves / sizeof *curves; i++) {
        pkc_ec_private_key key;
        CHECK(pkc_ec_keygen(&key, curves[i], &rng) == PKC_OK);
        for (int fmt = 0; fmt < 2; fmt++) {
            char *pem;
            size_t len;
            CHECK(pkc_ec_private_key_to_pem(&key, (pkc_ec_key_format)fmt, &pem, &len) == PKC_OK);
            char name[64];
            snprintf(name, sizeof name, "curve %d %s", (int)curves[i], fmt ? "SEC 1" : "PKCS#8");
            ec_case(name, pem, len);
            if (fmt == PKC_EC_FORMAT_SEC1 && curves[i] == PKC_CURVE_SECP256R1) {
                /* `openssl ecparam -genkey` writes the curve first */
                static const char params[] = "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n"
                                             "-----END EC PARAMETERS-----\n";
                char *two = malloc(sizeof params + len);
                memcpy(two, params, sizeof params - 1);
                memcpy(two + sizeof params - 1, pem, len);
                ec_case("EC PARAMETERS + SEC 1", two, sizeof params - 1 + len);
                free(two);
            }
            pkc_secure_free(pem, len);
        }
        pkc_ec_private_key_wipe(&key);
    }
    encrypted_case(&rng);
    pkc_rng_wipe(&rng);
    size_t len;
    char *t = vector_text("asymmetric/PEM_Serialization/ec_private_key.pem", &len);
    CHECK(t != NULL);
    if (t)
        ec_case("openssl ec_private_key.pem", t, len);
    free(t);
    return tu_finish("test_pem_ctime");
}
