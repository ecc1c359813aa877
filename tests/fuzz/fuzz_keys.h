/* pkc fuzzing — the fixed test keys (tests/fuzz/keys, embedded as PEM text
 * in fuzz_keys_pem.h, which tests/fuzz/make_corpus.sh generates), parsed
 * once. The harnesses verify and decrypt against them, and the seed
 * corpora hold signatures and ciphertexts made with them. */
#ifndef PKC_FUZZ_KEYS_H
#define PKC_FUZZ_KEYS_H

#include "fuzz_common.h"
#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/rsa.h"

#include "fuzz_keys_pem.h"

/* Indexes of pkc_fuzz_rsa_pem. */
#define PKC_FUZZ_RSA1024 0
#define PKC_FUZZ_RSA1025 1

/* A fixture that does not load is a bug in the parser or the fixture:
 * abort. */
static inline const pkc_rsa_key *pkc_fuzz_fixed_rsa_at(int which)
{
    static pkc_rsa_key *keys[2];
    FUZZ_CHECK(which == PKC_FUZZ_RSA1024 || which == PKC_FUZZ_RSA1025);
    if (!keys[which]) {
        const char *pem = pkc_fuzz_rsa_pem[which];
        uint8_t *der = NULL;
        size_t derlen = 0;
        char label[32];
        FUZZ_CHECK(pkc_pem_decode(pem, strlen(pem), label, sizeof label, &der, &derlen) ==
                   PKC_OK);
        FUZZ_CHECK(pkc_rsa_private_from_pkcs8(&keys[which], der, derlen) == PKC_OK);
        pkc_secure_free(der, derlen);
    }
    return keys[which];
}

static inline const pkc_rsa_key *pkc_fuzz_fixed_rsa(void)
{
    return pkc_fuzz_fixed_rsa_at(PKC_FUZZ_RSA1024);
}

static inline const pkc_ec_private_key *pkc_fuzz_fixed_ec(pkc_curve_id curve)
{
    static pkc_ec_private_key keys[8];
    static int loaded[8];
    FUZZ_CHECK((unsigned)curve < 8);
    if (!loaded[curve]) {
        const char *pem = pkc_fuzz_ec_pem[curve];
        FUZZ_CHECK(pkc_ec_private_key_decode(&keys[curve], (const uint8_t *)pem,
                                             strlen(pem)) == PKC_OK);
        FUZZ_CHECK(keys[curve].curve == curve);
        loaded[curve] = 1;
    }
    return &keys[curve];
}

/* The message every seed signature signs. */
#define PKC_FUZZ_MESSAGE "pkc fuzz message"

#endif
