/* RSA known answers from python3-cryptography-vectors:
 *  - PKCS#1 v2.1 example vectors: RSAES-OAEP (oaep-vect.txt, SHA-1, given
 *    seeds: exact ciphertexts; decryption in CRT and textbook modes) and
 *    RSASSA-PSS (pss-vect.txt, SHA-1, given salts: exact signatures);
 *  - NIST FIPS 186 CAVS: SigVer15 / SigVerPSS (every "P" verifies, every
 *    "F" fails), SigGen15 (PKCS#1 v1.5 is deterministic: exact signatures,
 *    key from n, e, d with the primes recovered) and SigGenPSS (given
 *    salts: exact signatures), plus the 186-3 SigGen files (verify).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/rsa.h"
#include "rsa/rsa_internal.h"
#include "testutil.h"

static pkc_rng rng;

/* ---- PKCS#1 v2.1 example files ---- */

typedef struct {
    uint8_t *v;
    size_t len;
} blob;

static void blob_set(blob *b, const char *hex)
{
    free(b->v);
    b->v = tu_unhex(hex, &b->len);
    CHECK(b->v != NULL);
}

static void free_blob(blob *b)
{
    free(b->v);
    b->v = NULL;
    b->len = 0;
}

enum { F_N, F_E, F_D, F_P, F_Q, F_DP, F_DQ, F_QINV, F_MSG, F_SEED, F_OUT, F_COUNT };

static int run_pkcs1_examples(const char *rel, int pss)
{
    FILE *f = fopen(tu_vector_path(rel), "r");
    CHECK(f != NULL);
    if (!f)
        return 0;
    char line[4096];
    char hex[16384];
    int field = -1, private_section = 0, cases = 0;
    hex[0] = 0;
    blob b[F_COUNT] = {{0}};
    pkc_rsa_key *key = NULL;
    for (;;) {
        char *s = fgets(line, sizeof line, f);
        int boundary = !s || line[0] == '#' || line[0] == '=' || line[strspn(line, " \t\r\n")] == 0;
        if (boundary && field >= 0) {
            /* a field ends */
            blob_set(&b[field], hex);
            hex[0] = 0;
            if (field == F_QINV) {
                pkc_rsa_components c = {b[F_N].v, b[F_E].v, b[F_D].v, b[F_P].v, b[F_Q].v,
                                        b[F_DP].v, b[F_DQ].v, b[F_QINV].v, b[F_N].len,
                                        b[F_E].len, b[F_D].len, b[F_P].len, b[F_Q].len,
                                        b[F_DP].len, b[F_DQ].len, b[F_QINV].len};
                pkc_rsa_key_free(key);
                key = NULL;
                CHECK(pkc_rsa_key_from_private(&key, &c) == PKC_OK);
            } else if (field == F_OUT && key) {
                size_t k = pkc_rsa_size(key), outlen = 0;
                uint8_t *out = malloc(k), *pt = malloc(k);
                cases++;
                CHECK(b[F_OUT].len == k);
                if (!pss) {
                    pkc_rsa_oaep_params op = {PKC_HASH_SHA1, PKC_HASH_SHA1, NULL, 0};
                    CHECK(pkc_rsa_oaep_encrypt_seed(key, &op, b[F_SEED].v, b[F_MSG].v,
                                                    b[F_MSG].len, out, k, &outlen) == PKC_OK);
                    CHECK(outlen == k);
                    CHECK_EQ_BYTES(out, b[F_OUT].v, k);
                    for (int mode = 0; mode < 2; mode++) {
                        size_t ptlen = 0;
                        CHECK(pkc_rsa_oaep_decrypt(key, &rng, (pkc_rsa_mode)mode, &op,
                                                   b[F_OUT].v, k, pt, k, &ptlen) == PKC_OK);
                        CHECK(ptlen == b[F_MSG].len && memcmp(pt, b[F_MSG].v, ptlen) == 0);
                    }
                    /* default parameters (SHA-256) must not decrypt it */
                    size_t ptlen = 0;
                    CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, NULL, b[F_OUT].v, k,
                                               pt, k, &ptlen) == PKC_ERR_DECRYPT);
                } else {
                    uint8_t digest[20];
                    pkc_hash(PKC_HASH_SHA1, b[F_MSG].v, b[F_MSG].len, digest);
                    for (int mode = 0; mode < 2; mode++) {
                        CHECK(pkc_rsa_pss_sign_salt(key, &rng, (pkc_rsa_mode)mode, PKC_HASH_SHA1,
                                                    b[F_SEED].v, b[F_SEED].len, digest, 20, out,
                                                    k, &outlen) == PKC_OK);
                        CHECK(outlen == k);
                        CHECK_EQ_BYTES(out, b[F_OUT].v, k);
                    }
                    CHECK(pkc_rsa_pss_verify(key, PKC_HASH_SHA1, (int)b[F_SEED].len, digest, 20,
                                             b[F_OUT].v, k) == PKC_OK);
                    CHECK(pkc_rsa_pss_verify(key, PKC_HASH_SHA1, PKC_RSA_SALT_AUTO, digest, 20,
                                             b[F_OUT].v, k) == PKC_OK);
                    CHECK(pkc_rsa_pss_verify(key, PKC_HASH_SHA1, (int)b[F_SEED].len + 1, digest,
                                             20, b[F_OUT].v, k) == PKC_ERR_VERIFY);
                    digest[19] ^= 1;
                    CHECK(pkc_rsa_pss_verify(key, PKC_HASH_SHA1, PKC_RSA_SALT_AUTO, digest, 20,
                                             b[F_OUT].v, k) == PKC_ERR_VERIFY);
                }
                free(out);
                free(pt);
            }
            field = -1;
        }
        if (!s)
            break;
        if (line[0] == '#') {
            char name[256];
            size_t n = strcspn(line + 1, "\r\n");
            if (n >= sizeof name)
                n = sizeof name - 1;
            memcpy(name, line + 1, n);
            name[n] = 0;
            char *p = name;
            while (*p == ' ')
                p++;
            size_t l = strlen(p);
            while (l && (p[l - 1] == ' '))
                p[--l] = 0;
            if (strcmp(p, "Public key") == 0)
                private_section = 0;
            else if (strcmp(p, "Private key") == 0)
                private_section = 1;
            else if (strcmp(p, "Modulus:") == 0)
                field = F_N;
            else if (strcmp(p, "Exponent:") == 0)
                field = private_section ? F_D : F_E;
            else if (strcmp(p, "Public exponent:") == 0)
                field = F_E;
            else if (strcmp(p, "Prime 1:") == 0)
                field = F_P;
            else if (strcmp(p, "Prime 2:") == 0)
                field = F_Q;
            else if (strcmp(p, "Prime exponent 1:") == 0)
                field = F_DP;
            else if (strcmp(p, "Prime exponent 2:") == 0)
                field = F_DQ;
            else if (strcmp(p, "Coefficient:") == 0)
                field = F_QINV;
            else if (strcmp(p, "Message:") == 0 || strcmp(p, "Message to be signed:") == 0)
                field = F_MSG;
            else if (strcmp(p, "Seed:") == 0 || strcmp(p, "Salt:") == 0)
                field = F_SEED;
            else if (strcmp(p, "Encryption:") == 0 || strcmp(p, "Signature:") == 0)
                field = F_OUT;
            if (field >= 0)
                hex[0] = 0;
            continue;
        }
        if (field >= 0 && strlen(hex) + strlen(line) < sizeof hex)
            strcat(hex, line);
    }
    fclose(f);
    pkc_rsa_key_free(key);
    for (int i = 0; i < F_COUNT; i++)
        free_blob(&b[i]);
    return cases;
}

/* ---- NIST CAVS files ---- */

static int hash_of(const char *name, pkc_hash_alg *h)
{
    return pkc_hash_from_name(name, h) == PKC_OK;
}

/* Unhexes into b; odd-length values (CAVS writes e = 10001 etc.) get a
 * leading zero. */
static void blob_hex(blob *b, const char *hex)
{
    size_t n = strlen(hex);
    char *tmp = malloc(n + 2);
    if (n % 2) {
        tmp[0] = '0';
        memcpy(tmp + 1, hex, n + 1);
    } else {
        memcpy(tmp, hex, n + 1);
    }
    blob_set(b, tmp);
    free(tmp);
}

/* SigVer: verify (n, e) for every case, "P" must pass and "F" fail. */
static void run_sigver(const char *rel, int pss, int *npass, int *nfail)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, rel))
        return;
    blob n = {0}, e = {0}, msg = {0}, s = {0}, salt = {0};
    pkc_hash_alg h = PKC_HASH_SHA256;
    while (tu_kv_next(&kv)) {
        if (kv.is_section || !kv.value)
            continue;
        if (strcmp(kv.key, "n") == 0)
            blob_hex(&n, kv.value);
        else if (strcmp(kv.key, "e") == 0)
            blob_hex(&e, kv.value);
        else if (strcmp(kv.key, "SHAAlg") == 0)
            CHECK(hash_of(kv.value, &h));
        else if (strcmp(kv.key, "Msg") == 0)
            blob_hex(&msg, kv.value);
        else if (strcmp(kv.key, "S") == 0)
            blob_hex(&s, kv.value);
        else if (strcmp(kv.key, "SaltVal") == 0)
            blob_hex(&salt, kv.value);
        else if (strcmp(kv.key, "Result") == 0) {
            int expect = kv.value[0] == 'P';
            pkc_rsa_key *key = NULL;
            int ok = 0;
            uint8_t digest[64];
            pkc_hash(h, msg.v, msg.len, digest);
            if (pkc_rsa_key_from_public(&key, n.v, n.len, e.v, e.len) == PKC_OK) {
                pkc_err err;
                if (pss) {
                    err = pkc_rsa_pss_verify(key, h, (int)salt.len, digest, pkc_hash_size(h), s.v,
                                             s.len);
                    pkc_err err2 = pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_AUTO, digest,
                                                      pkc_hash_size(h), s.v, s.len);
                    CHECK_MSG(err == err2, "%s line %d: fixed and auto salt disagree", rel,
                              kv.lineno);
                } else {
                    err = pkc_rsa_pkcs1_verify(key, h, digest, pkc_hash_size(h), s.v, s.len);
                }
                /* a vector's bad signature may also be malformed (rsa.h) */
                CHECK(err == PKC_OK || err == PKC_ERR_VERIFY || err == PKC_ERR_DECODE ||
                      err == PKC_ERR_RANGE);
                ok = err == PKC_OK;
            }
            CHECK_MSG(ok == expect, "%s line %d: expected %s", rel, kv.lineno, kv.value);
            if (expect)
                ++*npass;
            else
                ++*nfail;
            pkc_rsa_key_free(key);
        }
    }
    tu_kv_close(&kv);
    free_blob(&n);
    free_blob(&e);
    free_blob(&msg);
    free_blob(&s);
    free_blob(&salt);
}

/* SigGen: with d, sign and compare exactly (CRT and textbook); without d,
 * verify the given signature. */
static int run_siggen(const char *rel, int pss, int saltlen_verify)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    blob n = {0}, e = {0}, d = {0}, msg = {0}, salt = {0}, s = {0};
    pkc_hash_alg h = PKC_HASH_SHA256;
    pkc_rsa_key *key = NULL, *pub = NULL;
    int cases = 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section) {
            free_blob(&d);
            pkc_rsa_key_free(key);
            pkc_rsa_key_free(pub);
            key = pub = NULL;
            continue;
        }
        if (!kv.value)
            continue;
        if (strcmp(kv.key, "n") == 0)
            blob_hex(&n, kv.value);
        else if (strcmp(kv.key, "e") == 0)
            blob_hex(&e, kv.value);
        else if (strcmp(kv.key, "d") == 0)
            blob_hex(&d, kv.value);
        else if (strcmp(kv.key, "SHAAlg") == 0)
            CHECK(hash_of(kv.value, &h));
        else if (strcmp(kv.key, "SaltVal") == 0)
            blob_hex(&salt, kv.value);
        else if (strcmp(kv.key, "Msg") == 0)
            blob_hex(&msg, kv.value);
        else if (strcmp(kv.key, "S") == 0) {
            blob_hex(&s, kv.value);
            if (!pub)
                CHECK(pkc_rsa_key_from_public(&pub, n.v, n.len, e.v, e.len) == PKC_OK);
            if (d.v && !key)
                CHECK(pkc_rsa_key_from_ned(&key, n.v, n.len, e.v, e.len, d.v, d.len) == PKC_OK);
            if (!pub)
                continue;
            cases++;
            size_t k = pkc_rsa_size(pub), hlen = pkc_hash_size(h), siglen = 0;
            uint8_t digest[64];
            uint8_t *sig = malloc(k);
            pkc_hash(h, msg.v, msg.len, digest);
            CHECK(s.len == k);
            if (pss)
                CHECK(pkc_rsa_pss_verify(pub, h, saltlen_verify, digest, hlen, s.v, s.len) ==
                      PKC_OK);
            else
                CHECK(pkc_rsa_pkcs1_verify(pub, h, digest, hlen, s.v, s.len) == PKC_OK);
            for (int mode = 0; key && mode < 2; mode++) {
                pkc_err err = pss ? pkc_rsa_pss_sign_salt(key, &rng, (pkc_rsa_mode)mode, h, salt.v,
                                                          salt.len, digest, hlen, sig, k, &siglen)
                                  : pkc_rsa_pkcs1_sign(key, &rng, (pkc_rsa_mode)mode, h, digest,
                                                       hlen, sig, k, &siglen);
                CHECK_MSG(err == PKC_OK, "%s line %d: sign %d", rel, kv.lineno, err);
                CHECK(siglen == k);
                CHECK_MSG(memcmp(sig, s.v, k) == 0, "%s line %d: signature differs", rel,
                          kv.lineno);
            }
            free(sig);
        }
    }
    tu_kv_close(&kv);
    pkc_rsa_key_free(key);
    pkc_rsa_key_free(pub);
    free_blob(&n);
    free_blob(&e);
    free_blob(&d);
    free_blob(&msg);
    free_blob(&salt);
    free_blob(&s);
    return cases;
}

int main(void)
{
    tu_seed();
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_rand64()) == PKC_OK);

    int n = run_pkcs1_examples("asymmetric/RSA/pkcs-1v2-1d2-vec/oaep-vect.txt", 0);
    CHECK_MSG(n == 60, "oaep-vect.txt: %d cases", n);
    n = run_pkcs1_examples("asymmetric/RSA/pkcs-1v2-1d2-vec/pss-vect.txt", 1);
    CHECK_MSG(n == 60, "pss-vect.txt: %d cases", n);

    int p = 0, f = 0;
    run_sigver("asymmetric/RSA/FIPS_186-2/SigVer15_186-3.rsp", 0, &p, &f);
    CHECK_MSG(p == 75 && f == 375, "SigVer15: %d P, %d F", p, f);
    p = f = 0;
    run_sigver("asymmetric/RSA/FIPS_186-2/SigVerPSS_186-3.rsp", 1, &p, &f);
    CHECK_MSG(p == 75 && f == 375, "SigVerPSS: %d P, %d F", p, f);

    n = run_siggen("asymmetric/RSA/FIPS_186-2/SigGen15_186-2.txt", 0, 0);
    CHECK_MSG(n > 100, "SigGen15_186-2.txt: %d", n);
    n = run_siggen("asymmetric/RSA/FIPS_186-2/SigGenPSS_186-2.txt", 1, 20);
    CHECK_MSG(n > 100, "SigGenPSS_186-2.txt: %d", n);
    n = run_siggen("asymmetric/RSA/FIPS_186-2/SigGen15_186-3.rsp", 0, 0);
    CHECK_MSG(n > 100, "SigGen15_186-3.rsp: %d", n);
    n = run_siggen("asymmetric/RSA/FIPS_186-2/SigGenPSS_186-3.rsp", 1, 0);
    CHECK_MSG(n > 100, "SigGenPSS_186-3.rsp: %d", n);

    pkc_rng_wipe(&rng);
    return tu_finish("test_rsa_vectors");
}
