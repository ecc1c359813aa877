/* ECDH on secp256k1: Alice and Bob derive the same secret, then turn it
 * into a 32-byte key with HKDF-SHA-256.
 *
 * Build: cc ecdh.c $(pkg-config --cflags --libs libpkc) */
#include <stdio.h>
#include <string.h>

#include <pkc/pkc.h>

int main(void)
{
    pkc_rng rng;
    pkc_ec_private_key alice, bob;
    pkc_ec_public_key alice_pub, bob_pub;
    pkc_err err = pkc_rng_init_random(&rng, PKC_HASH_SHA256);
    if (err == PKC_OK)
        err = pkc_ec_keygen(&alice, PKC_CURVE_SECP256K1, &rng);
    if (err == PKC_OK)
        err = pkc_ec_keygen(&bob, PKC_CURVE_SECP256K1, &rng);
    if (err != PKC_OK) {
        fprintf(stderr, "ecdh: keygen: %s\n", pkc_strerror(err));
        return 1;
    }
    pkc_ec_public_key_from_private(&alice_pub, &alice);
    pkc_ec_public_key_from_private(&bob_pub, &bob);

    /* each side: its private key and the other's public key (validated) */
    uint8_t za[PKC_ECDH_MAX_SIZE], zb[PKC_ECDH_MAX_SIZE];
    size_t la = 0, lb = 0;
    err = pkc_ecdh(&alice, &bob_pub, za, sizeof za, &la);
    if (err == PKC_OK)
        err = pkc_ecdh(&bob, &alice_pub, zb, sizeof zb, &lb);
    int same = err == PKC_OK && la == lb && memcmp(za, zb, la) == 0;

    /* never use the raw secret as a key: derive one */
    uint8_t k[32];
    static const uint8_t info[] = "example session key";
    if (same)
        err = pkc_hkdf(PKC_HASH_SHA256, NULL, 0, za, la, info, sizeof info - 1, k, sizeof k);
    printf("shared secret of %zu bytes: %s; key %02x%02x%02x%02x...\n", la,
           same ? "equal" : "DIFFERENT", k[0], k[1], k[2], k[3]);
    pkc_memzero(za, sizeof za);
    pkc_memzero(zb, sizeof zb);
    pkc_memzero(k, sizeof k);
    pkc_ec_private_key_wipe(&alice);
    pkc_ec_private_key_wipe(&bob);
    pkc_rng_wipe(&rng);
    return same && err == PKC_OK ? 0 : 1;
}
