/* pkc tests — every heap buffer of the key-file code that may hold a secret
 * is wiped before it is freed or grown: the DER writer's growing buffer,
 * Base64 and PEM decoding (success and error paths), key files written and
 * read (PKCS#8, SEC 1, PKCS#1, PEM and DER), keys freed.
 *
 * How: this program replaces free() and realloc() (glibc lets a program
 * interpose them; they forward to __libc_free / __libc_realloc) and, while
 * armed, scans every block that is freed or handed to realloc for a marker,
 * a run of a secret's bytes (an EC private key d, an RSA prime, or random
 * data). A canary frees an unwiped copy on purpose and must be seen, so the
 * test can fail. AddressSanitizer owns free() itself: the test is labelled
 * no-asan and compiled to nothing there.
 */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/key.h"
#include "pkc/rsa.h"
#include "testutil.h"

#if defined(__SANITIZE_ADDRESS__)
int main(void)
{
    printf("test_key_wipe: not run under AddressSanitizer (it replaces free)\n");
    return 0;
}
#else
#include <malloc.h>

void __libc_free(void *p);
void *__libc_realloc(void *p, size_t n);

static const uint8_t *marker;
static uint8_t reversed[64]; /* the marker in little-endian order (GMP limbs) */
static size_t marker_len;
static int armed;
static unsigned long scanned, hits;

static void arm(const uint8_t *secret, size_t len)
{
    marker = secret;
    marker_len = len;
    for (size_t i = 0; i < len; i++)
        reversed[i] = secret[len - 1 - i];
    armed = 1;
}

static void scan(void *p)
{
    if (!p || !armed || !marker)
        return;
    scanned++;
    size_t n = malloc_usable_size(p);
    if (n >= marker_len &&
        (memmem(p, n, marker, marker_len) || memmem(p, n, reversed, marker_len)))
        hits++;
}

void free(void *p)
{
    scan(p);
    __libc_free(p);
}

void *realloc(void *p, size_t n)
{
    scan(p);
    return __libc_realloc(p, n);
}

#define MARK 16 /* bytes of a secret that make the marker */

/* Runs the block with the marker armed; the test fails if a freed block
 * still held it. */
#define ARMED(name, secret, ...)                                                    \
    do {                                                                            \
        unsigned long h0 = hits;                                                    \
        arm((secret), MARK);                                                        \
        __VA_ARGS__;                                                                \
        armed = 0;                                                                  \
        CHECK_MSG(hits == h0, "%s: %lu freed block(s) still held the secret", name, \
                  hits - h0);                                                       \
    } while (0)

static void der_writer(void)
{
    uint8_t secret[64];
    tu_rand_bytes(secret, sizeof secret);
    ARMED("DER writer growth", secret, {
        pkc_der_writer w;
        pkc_der_writer_init(&w);
        size_t m = pkc_der_open(&w, PKC_DER_SEQUENCE);
        pkc_der_put_octet_string(&w, secret, sizeof secret);
        uint8_t filler[100] = {0};
        for (int i = 0; i < 60; i++) /* several doublings, a long-form length */
            pkc_der_put_octet_string(&w, filler, sizeof filler);
        pkc_der_close(&w, m);
        uint8_t *der;
        size_t len;
        CHECK(pkc_der_writer_finish(&w, &der, &len) == PKC_OK);
        pkc_secure_free(der, len);
        /* an abandoned writer */
        pkc_der_writer_init(&w);
        pkc_der_put_octet_string(&w, secret, sizeof secret);
        pkc_der_put_octet_string(&w, filler, sizeof filler);
        pkc_der_writer_free(&w);
        /* an error after the secret was written */
        pkc_der_writer_init(&w);
        pkc_der_put_octet_string(&w, secret, sizeof secret);
        pkc_der_close(&w, 12345);
        CHECK(pkc_der_writer_finish(&w, &der, &len) == PKC_ERR_ARG);
    });
}

static void base64_pem(void)
{
    uint8_t secret[96];
    tu_rand_bytes(secret, sizeof secret);
    char *b64, *pem;
    size_t b64len, pemlen;
    CHECK(pkc_base64_encode(secret, sizeof secret, &b64, &b64len) == PKC_OK);
    CHECK(pkc_pem_encode("PRIVATE KEY", secret, sizeof secret, &pem, &pemlen) == PKC_OK);
    char *bad_b64 = malloc(b64len + 2), *bad_pem = malloc(pemlen + 1);
    memcpy(bad_b64, b64, b64len);
    memcpy(bad_b64 + b64len, "!", 2); /* a bad character after the data */
    memcpy(bad_pem, pem, pemlen + 1);
    bad_pem[pemlen - 27] = '*'; /* in the last Base64 line */
    ARMED("Base64 and PEM decoding", secret, {
        uint8_t *out;
        size_t outlen;
        CHECK(pkc_base64_decode(b64, b64len, &out, &outlen) == PKC_OK);
        pkc_secure_free(out, outlen);
        CHECK(pkc_base64_decode(bad_b64, b64len + 1, &out, &outlen) == PKC_ERR_DECODE);
        char label[32];
        CHECK(pkc_pem_decode(pem, pemlen, label, sizeof label, &out, &outlen) == PKC_OK);
        pkc_secure_free(out, outlen);
        CHECK(pkc_pem_decode(bad_pem, pemlen, label, sizeof label, &out, &outlen) ==
              PKC_ERR_DECODE);
        /* encoding a secret: the output is the caller's to wipe */
        char *again;
        size_t againlen;
        CHECK(pkc_pem_encode("PRIVATE KEY", secret, sizeof secret, &again, &againlen) == PKC_OK);
        pkc_secure_free(again, againlen);
    });
    pkc_secure_free(b64, b64len);
    pkc_secure_free(pem, pemlen);
    pkc_secure_free(bad_b64, b64len + 2);
    pkc_secure_free(bad_pem, pemlen + 1);
}

/* Writes a private key in every form, reads each back, frees everything. */
static void key_files(const char *name, pkc_key *key, const uint8_t *secret)
{
    ARMED(name, secret, {
        char *pem;
        uint8_t *der;
        size_t pemlen, derlen;
        pkc_key *back;
        CHECK(pkc_key_private_to_pem(key, &pem, &pemlen) == PKC_OK);
        CHECK(pkc_key_parse((const uint8_t *)pem, pemlen, &back) == PKC_OK);
        pkc_key_free(back);
        /* a truncated file: an error path after decoding */
        CHECK(pkc_key_parse((const uint8_t *)pem, pemlen - 40, &back) != PKC_OK);
        pkc_secure_free(pem, pemlen);
        CHECK(pkc_key_private_to_der(key, &der, &derlen) == PKC_OK);
        CHECK(pkc_key_parse(der, derlen, &back) == PKC_OK);
        pkc_key_free(back);
        CHECK(pkc_key_parse(der, derlen - 1, &back) != PKC_OK);
        pkc_secure_free(der, derlen);
        if (pkc_key_get_type(key) == PKC_KEY_EC) {
            const pkc_ec_private_key *ec = pkc_key_ec_private(key);
            pkc_ec_private_key k2;
            CHECK(pkc_ec_private_key_to_pem(ec, PKC_EC_FORMAT_SEC1, &pem, &pemlen) == PKC_OK);
            CHECK(pkc_ec_private_key_decode(&k2, (const uint8_t *)pem, pemlen) == PKC_OK);
            CHECK(pkc_key_parse((const uint8_t *)pem, pemlen, &back) == PKC_OK);
            pkc_key_free(back);
            pkc_secure_free(pem, pemlen);
            pkc_ec_private_key_wipe(&k2);
        } else {
            CHECK(pkc_rsa_private_to_pkcs1(pkc_key_rsa(key), &der, &derlen) == PKC_OK);
            CHECK(pkc_key_parse(der, derlen, &back) == PKC_OK);
            pkc_key_free(back);
            pkc_secure_free(der, derlen);
        }
    });
}

static void canary(void)
{
    uint8_t secret[MARK];
    tu_rand_bytes(secret, sizeof secret);
    unsigned long h0 = hits;
    arm(secret, sizeof secret);
    uint8_t *copy = malloc(64);
    memcpy(copy + 8, secret, sizeof secret);
    free(copy); /* unwiped, on purpose */
    armed = 0;
    CHECK_MSG(hits == h0 + 1, "canary: an unwiped free was not seen");
}

int main(void)
{
    tu_seed();
    der_writer();
    base64_pem();

    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_rand64()) == PKC_OK);
    static const pkc_curve_id curves[] = {PKC_CURVE_SECP256R1, PKC_CURVE_SECP521R1};
    for (size_t i = 0; i < 2; i++) {
        pkc_key *ec = NULL;
        CHECK(pkc_key_generate_ec(&ec, curves[i], &rng) == PKC_OK);
        if (ec)
            key_files("EC key files", ec, pkc_key_ec_private(ec)->d);
        pkc_key_free(ec);
    }
    /* RSA: the marker is 16 bytes from the middle of the prime p */
    size_t len;
    uint8_t *data = tu_read_file(tu_vector_path("asymmetric/PKCS8/unenc-rsa-pkcs8.pem"), &len);
    pkc_key *rsa = NULL;
    CHECK(data && pkc_key_parse(data, len, &rsa) == PKC_OK);
    if (rsa) {
        uint8_t p[PKC_RSA_MAX_BITS / 8];
        size_t plen = 0;
        CHECK(pkc_rsa_get(pkc_key_rsa(rsa), PKC_RSA_P, p, sizeof p, &plen) == PKC_OK &&
              plen >= 2 * MARK);
        key_files("RSA key files", rsa, p + plen / 2 - MARK / 2);
        pkc_memzero(p, sizeof p);
    }
    pkc_key_free(rsa);
    free(data);
    pkc_rng_wipe(&rng);

    canary();
    CHECK_MSG(scanned > 50, "free() was not interposed (%lu blocks scanned)", scanned);
    printf("test_key_wipe: %lu freed blocks scanned\n", scanned);
    return tu_finish("test_key_wipe");
}
#endif
