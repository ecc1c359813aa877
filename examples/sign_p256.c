/* Sign a message with ECDSA on P-256 and verify it: the smallest useful pkc
 * program.
 *
 *   sign_p256 [MESSAGE [SIG.der PUB.pem]]
 *
 * With two more arguments it writes the DER signature and the public key
 * (SubjectPublicKeyInfo PEM), so that OpenSSL can check pkc's work:
 *
 *   openssl dgst -sha256 -verify PUB.pem -signature SIG.der <message file>
 *
 * Build: cc sign_p256.c $(pkg-config --cflags --libs libpkc) */
#include <stdio.h>
#include <string.h>

#include <pkc/pkc.h>

static int fail(const char *what, pkc_err err)
{
    fprintf(stderr, "sign_p256: %s: %s\n", what, pkc_strerror(err));
    return 1;
}

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
    const char *msg = argc > 1 ? argv[1] : "hello, pkc";
    size_t msglen = strlen(msg);

    /* 1. a random number generator seeded from the operating system */
    pkc_rng rng;
    pkc_err err = pkc_rng_init_random(&rng, PKC_HASH_SHA256);
    if (err != PKC_OK)
        return fail("rng", err);

    /* 2. a P-256 key pair (a caller-owned struct: wipe it when done) */
    pkc_ec_private_key key;
    if ((err = pkc_ec_keygen(&key, PKC_CURVE_SECP256R1, &rng)) != PKC_OK)
        return fail("keygen", err);

    /* 3. ECDSA with SHA-256 of the message: raw r || s, then DER */
    uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE], der[PKC_ECDSA_MAX_DER_SIZE];
    size_t rawlen = 0, derlen = 0;
    if ((err = pkc_ecdsa_sign(&key, PKC_HASH_SHA256, msg, msglen, &rng, raw, sizeof raw,
                              &rawlen)) != PKC_OK)
        return fail("sign", err);
    if ((err = pkc_ecdsa_sig_to_der(PKC_CURVE_SECP256R1, raw, rawlen, der, sizeof der,
                                    &derlen)) != PKC_OK)
        return fail("DER", err);

    /* 4. verify with the public half */
    pkc_ec_public_key pub;
    pkc_ec_public_key_from_private(&pub, &key);
    err = pkc_ecdsa_verify(&pub, PKC_HASH_SHA256, msg, msglen, raw, rawlen);
    printf("signature (%zu bytes DER) %s\n", derlen, err == PKC_OK ? "verifies" : "FAILS");

    /* 5. optionally hand the signature and public key to OpenSSL */
    int rc = err == PKC_OK ? 0 : 1;
    if (rc == 0 && argc > 3) {
        char *pem = NULL;
        size_t pemlen = 0;
        if ((err = pkc_ec_public_key_to_pem(&pub, 0, &pem, &pemlen)) != PKC_OK)
            return fail("public key PEM", err);
        rc = write_file(argv[2], der, derlen) | write_file(argv[3], pem, pemlen);
        pkc_secure_free(pem, pemlen); /* every buffer pkc allocates */
    }
    pkc_ec_private_key_wipe(&key);
    pkc_rng_wipe(&rng);
    return rc;
}
