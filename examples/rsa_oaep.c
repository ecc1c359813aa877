/* RSA-OAEP: generate a 2048-bit key, encrypt a short message with the
 * public key, decrypt it with the private key; then hybrid RSA for a
 * message longer than OAEP can carry.
 *
 *   rsa_oaep [CT.bin KEY.der]
 *
 * With two arguments it also writes the OAEP ciphertext and the private key
 * (PKCS#8 DER), so that OpenSSL can decrypt what pkc encrypted:
 *
 *   openssl pkeyutl -decrypt -inkey KEY.der -keyform DER -in CT.bin \
 *       -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256
 *
 * Build: cc rsa_oaep.c $(pkg-config --cflags --libs libpkc)
 * Static: cc rsa_oaep.c $(pkg-config --cflags libpkc) -static \
 *             $(pkg-config --static --libs libpkc)      (GMP comes along) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pkc/pkc.h>

static int write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = 0;
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    pkc_rng rng;
    pkc_rsa_key *key = NULL, *pub = NULL;
    pkc_err err = pkc_rng_init_random(&rng, PKC_HASH_SHA256);
    /* FIPS 186-5 key generation: the key is the library's allocation */
    if (err == PKC_OK)
        err = pkc_rsa_generate(&key, 2048, PKC_RSA_DEFAULT_E, &rng);
    if (err == PKC_OK)
        err = pkc_rsa_key_public(key, &pub);
    if (err != PKC_OK) {
        fprintf(stderr, "rsa_oaep: key: %s\n", pkc_strerror(err));
        return 1;
    }
    const char *msg = "attack at dawn";
    uint8_t ct[256], pt[256];
    size_t ctlen = 0, ptlen = 0;
    /* params NULL: SHA-256 and MGF1-SHA-256, empty label */
    err = pkc_rsa_oaep_encrypt(pub, &rng, NULL, (const uint8_t *)msg, strlen(msg), ct, sizeof ct,
                               &ctlen);
    if (err == PKC_OK)
        err = pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, NULL, ct, ctlen, pt, sizeof pt,
                                   &ptlen);
    int ok = err == PKC_OK && ptlen == strlen(msg) && memcmp(pt, msg, ptlen) == 0;
    printf("OAEP: %zu-byte ciphertext, decrypts %s\n", ctlen, ok ? "back" : "WRONG");
    if (ok && argc > 2) {
        uint8_t *der = NULL;
        size_t derlen = 0;
        ok = pkc_rsa_private_to_pkcs8(key, &der, &derlen) == PKC_OK &&
             write_file(argv[1], ct, ctlen) == 0 && write_file(argv[2], der, derlen) == 0;
        pkc_secure_free(der, derlen); /* a private key: wiped, then freed */
    }

    /* hybrid: 10 KB, far beyond OAEP's 190 bytes */
    size_t big = 10000, over = pkc_rsa_hybrid_overhead(pub);
    uint8_t *m = calloc(1, big), *c = malloc(big + over), *back = malloc(big);
    size_t clen = 0, blen = 0;
    err = m && c && back ? pkc_rsa_hybrid_encrypt(pub, &rng, NULL, m, big, c, big + over, &clen)
                         : PKC_ERR_NOMEM;
    if (err == PKC_OK)
        err = pkc_rsa_hybrid_decrypt(key, &rng, NULL, c, clen, back, big, &blen);
    int ok2 = err == PKC_OK && blen == big && memcmp(back, m, big) == 0;
    printf("hybrid: %zu bytes in %zu, decrypts %s\n", big, clen, ok2 ? "back" : "WRONG");
    free(m);
    free(c);
    free(back);
    pkc_rsa_key_free(key); /* wipes */
    pkc_rsa_key_free(pub);
    pkc_rng_wipe(&rng);
    return ok && ok2 ? 0 : 1;
}
