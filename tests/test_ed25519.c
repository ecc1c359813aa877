/* Ed25519 (src/ecx/ed25519.c): RFC 8032 section 7.1 TEST 1, 2, 3 and
 * SHA(abc) typed in, the 1024 vectors of asymmetric/Ed25519/sign.input (the
 * file of the Ed25519 paper: seed || pk, pk, message, signature || message
 * per line; it includes TEST 1 to 3) signed and verified, differential tests
 * against OpenSSL (EVP_DigestSign / EVP_DigestVerify with a NULL md) on
 * random seeds and messages both ways, and the rejections: tampered
 * signatures and messages, S + L (S >= L), non-canonical R and A (y >= p,
 * x = 0 with the sign bit set), public keys that do not decode. */
#include <stdlib.h>
#include <string.h>

#include "pkc/curve25519.h"
#include "pkc/rng.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

static const uint8_t L_bytes[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58,
                                    0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
                                    0,    0,    0,    0,    0,    0,    0,    0,
                                    0,    0,    0,    0,    0,    0,    0,    0x10};

static uint8_t *unhex(const char *hex, size_t *n)
{
    uint8_t *b = tu_unhex(hex, n);
    CHECK(b != NULL);
    return b;
}

static void one_vector(const char *seed_h, const char *pk_h, const char *msg_h, const char *sig_h)
{
    size_t sl, pl, ml, gl;
    uint8_t *seed = unhex(seed_h, &sl), *pk = unhex(pk_h, &pl), *msg = unhex(msg_h, &ml),
            *sig = unhex(sig_h, &gl);
    if (seed && pk && msg && sig && sl >= 32 && pl == 32 && gl >= 64) {
        pkc_ed25519_key k;
        uint8_t s[64];
        CHECK(pkc_ed25519_key_from_seed(&k, seed) == PKC_OK);
        CHECK_EQ_BYTES(k.pub, pk, 32);
        CHECK(pkc_ed25519_sign(&k, msg, ml, s) == PKC_OK);
        CHECK_EQ_BYTES(s, sig, 64);
        CHECK(pkc_ed25519_verify(pk, msg, ml, sig) == PKC_OK);
        CHECK(pkc_ed25519_check_public(pk) == PKC_OK);
        /* one flipped bit anywhere in the signature, and in the message */
        size_t bit = (size_t)(tu_rand64() % 512);
        s[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        CHECK(pkc_ed25519_verify(pk, msg, ml, s) != PKC_OK);
        if (ml) {
            msg[ml / 2] ^= 0x10;
            CHECK(pkc_ed25519_verify(pk, msg, ml, sig) == PKC_ERR_VERIFY);
        }
        pkc_ed25519_key_wipe(&k);
    } else {
        CHECK_MSG(0, "bad vector");
    }
    free(seed);
    free(pk);
    free(msg);
    free(sig);
}

static void rfc8032(void)
{
    /* TEST 1 */
    one_vector("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
               "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
               "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bac"
               "c61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
    /* TEST 2 */
    one_vector("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
               "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
               "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e"
               "458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00");
    /* TEST 3 */
    one_vector("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
               "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
               "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290"
               "ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a");
    /* TEST SHA(abc): the message is SHA-512("abc") */
    one_vector("833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
               "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
               "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
               "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
               "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
               "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704");
}

static void sign_input(void)
{
    const char *path = tu_vector_path("asymmetric/Ed25519/sign.input");
    size_t len;
    char *all = (char *)tu_read_file(path, &len);
    CHECK_MSG(all != NULL, "cannot read %s", path);
    if (!all)
        return;
    int n = 0;
    char *save = NULL;
    for (char *line = strtok_r(all, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *f[5] = {0};
        int nf = 0;
        char *p = line;
        while (nf < 5) {
            f[nf++] = p;
            char *c = strchr(p, ':');
            if (!c)
                break;
            *c = 0;
            p = c + 1;
        }
        if (nf < 4)
            continue;
        /* f[0] = seed || pk; f[3] = sig || msg: the first 128 hex digits */
        f[0][64] = 0;
        f[3][128] = 0;
        one_vector(f[0], f[1], f[2], f[3]);
        n++;
    }
    free(all);
    CHECK_MSG(n == 1024, "sign.input: %d lines", n);
}

/* S + L instead of S: the same point equation, rejected (S >= L) */
static void s_plus_l(pkc_rng *rng)
{
    for (int t = 0; t < 16; t++) {
        uint8_t seed[32], msg[40], sig[64];
        pkc_ed25519_key k;
        CHECK(pkc_rng_bytes(rng, seed, 32) == PKC_OK);
        CHECK(pkc_rng_bytes(rng, msg, sizeof msg) == PKC_OK);
        CHECK(pkc_ed25519_key_from_seed(&k, seed) == PKC_OK);
        CHECK(pkc_ed25519_sign(&k, msg, sizeof msg, sig) == PKC_OK);
        CHECK(pkc_ed25519_verify(k.pub, msg, sizeof msg, sig) == PKC_OK);
        unsigned c = 0;
        for (int i = 0; i < 32; i++) {
            c += sig[32 + i] + L_bytes[i];
            sig[32 + i] = (uint8_t)c;
            c >>= 8;
        }
        /* S < L < 2^253, so S + L < 2^254 fits */
        CHECK(c == 0);
        CHECK(pkc_ed25519_verify(k.pub, msg, sizeof msg, sig) == PKC_ERR_VERIFY);
        pkc_ed25519_key_wipe(&k);
    }
    /* S = L exactly, and S = 2^256 - 1 */
    uint8_t seed[32] = {1}, sig[64];
    pkc_ed25519_key k;
    CHECK(pkc_ed25519_key_from_seed(&k, seed) == PKC_OK);
    CHECK(pkc_ed25519_sign(&k, NULL, 0, sig) == PKC_OK);
    memcpy(sig + 32, L_bytes, 32);
    CHECK(pkc_ed25519_verify(k.pub, NULL, 0, sig) == PKC_ERR_VERIFY);
    memset(sig + 32, 0xff, 32);
    CHECK(pkc_ed25519_verify(k.pub, NULL, 0, sig) == PKC_ERR_VERIFY);
}

/* Encodings with y >= p: y = p + v for small v (the same y mod p as v), and
 * y = 0 or y = 1 with a sign bit on x = 0 (y = 1: the identity; y = -1: the
 * point (0, -1)) */
static void noncanonical(pkc_rng *rng)
{
    uint8_t e[32];
    /* y = 1, x = 0: the identity, canonical: decodes */
    memset(e, 0, 32);
    e[0] = 1;
    CHECK(pkc_ed25519_check_public(e) == PKC_OK);
    /* x = 0 with the sign bit set */
    e[31] |= 0x80;
    CHECK(pkc_ed25519_check_public(e) == PKC_ERR_POINT);
    /* y = -1 = p - 1, x = 0 (order 2): decodes; with the sign bit it does not */
    memset(e, 0xff, 32);
    e[0] = 0xec;
    e[31] = 0x7f;
    CHECK(pkc_ed25519_check_public(e) == PKC_OK);
    e[31] |= 0x80;
    CHECK(pkc_ed25519_check_public(e) == PKC_ERR_POINT);
    /* y = p + v, v = 0 .. 18 (and 2^255 - 1): non-canonical whether or not
     * v itself is the y of a point */
    for (int v = 0; v <= 18; v++) {
        for (int sgn = 0; sgn < 2; sgn++) {
            memset(e, 0xff, 32);
            e[0] = (uint8_t)(0xed + v);
            e[31] = (uint8_t)(0x7f | (sgn << 7));
            CHECK_MSG(pkc_ed25519_check_public(e) == PKC_ERR_POINT, "y = p + %d", v);
        }
    }
    uint8_t seed[32], sig[64], msg[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    pkc_ed25519_key k;
    CHECK(pkc_rng_bytes(rng, seed, 32) == PKC_OK);
    CHECK(pkc_ed25519_key_from_seed(&k, seed) == PKC_OK);
    CHECK(pkc_ed25519_sign(&k, msg, sizeof msg, sig) == PKC_OK);
    /* R = p + 1, the identity encoded non-canonically, then R = the
     * identity with the sign bit set: both refused */
    memset(sig, 0xff, 32);
    sig[0] = 0xee;
    sig[31] = 0x7f;
    CHECK(pkc_ed25519_verify(k.pub, msg, sizeof msg, sig) == PKC_ERR_VERIFY);
    /* x = 0 with the sign bit: R = identity with the sign bit */
    memset(sig, 0, 32);
    sig[0] = 1;
    sig[31] = 0x80;
    CHECK(pkc_ed25519_verify(k.pub, msg, sizeof msg, sig) == PKC_ERR_VERIFY);
    pkc_ed25519_key_wipe(&k);
}

/* A forgery that the non-canonical checks alone stop. With A = the identity
 * (canonical y = 1), [S]B = R + [k]O holds for R = [S]B and any S: such a
 * signature verifies (cofactorless verification accepts it, as OpenSSL does).
 * The same signature with A encoded as y = p + 1 must be refused as a
 * public key that does not decode. Likewise with R = [0]B = O as y = p + 1
 * and S = 0. */
static void identity_forgeries(void)
{
    uint8_t a[32] = {1}, anc[32], sig[64], msg[3] = {'a', 'b', 'c'};
    memset(anc, 0xff, 32);
    anc[0] = 0xee;
    anc[31] = 0x7f;
    /* S = 0: R = [0]B = O, canonically (y = 1) */
    memset(sig, 0, 64);
    sig[0] = 1;
    CHECK(pkc_ed25519_verify(a, msg, sizeof msg, sig) == PKC_OK);
    CHECK(pkc_ed25519_verify(anc, msg, sizeof msg, sig) == PKC_ERR_POINT);
    /* R = O encoded non-canonically */
    memcpy(sig, anc, 32);
    CHECK(pkc_ed25519_verify(a, msg, sizeof msg, sig) == PKC_ERR_VERIFY);
    /* R = O with the sign bit set (x = 0, negative) */
    memset(sig, 0, 32);
    sig[0] = 1;
    sig[31] = 0x80;
    CHECK(pkc_ed25519_verify(a, msg, sizeof msg, sig) == PKC_ERR_VERIFY);
}

/* random 32-byte strings as public keys: about half decode (y^2 - 1)/(d y^2 + 1
 * is a square for half the y); verify says PKC_ERR_POINT exactly when
 * check_public does */
static void bad_public(pkc_rng *rng)
{
    uint8_t e[32];
    int bad = 0;
    for (int i = 0; i < 200; i++) {
        uint8_t sig[64] = {0};
        CHECK(pkc_rng_bytes(rng, e, 32) == PKC_OK);
        pkc_err c = pkc_ed25519_check_public(e);
        pkc_err v = pkc_ed25519_verify(e, NULL, 0, sig);
        CHECK(c == PKC_OK || c == PKC_ERR_POINT);
        CHECK(c == PKC_OK ? v == PKC_ERR_VERIFY || v == PKC_OK : v == PKC_ERR_POINT);
        bad += c != PKC_OK;
    }
    CHECK_MSG(bad > 50 && bad < 150, "%d of 200 random encodings do not decode", bad);
    CHECK(pkc_ed25519_check_public(NULL) == PKC_ERR_ARG);
}

static void bad_args(void)
{
    pkc_ed25519_key k;
    uint8_t seed[32] = {0}, sig[64] = {0};
    CHECK(pkc_ed25519_key_from_seed(NULL, seed) == PKC_ERR_ARG);
    CHECK(pkc_ed25519_key_from_seed(&k, NULL) == PKC_ERR_ARG);
    CHECK(pkc_ed25519_keygen(&k, NULL) == PKC_ERR_ARG);
    CHECK(pkc_ed25519_key_from_seed(&k, seed) == PKC_OK);
    CHECK(pkc_ed25519_sign(&k, NULL, 1, sig) == PKC_ERR_ARG);
    CHECK(pkc_ed25519_sign(NULL, NULL, 0, sig) == PKC_ERR_ARG);
    CHECK(pkc_ed25519_verify(k.pub, NULL, 1, sig) == PKC_ERR_ARG);
    CHECK(pkc_ed25519_verify(NULL, NULL, 0, sig) == PKC_ERR_ARG);
    CHECK(pkc_ed25519_verify(k.pub, NULL, 0, NULL) == PKC_ERR_ARG);
    /* key_from_seed with the key's own seed field as input */
    pkc_ed25519_key k2 = k;
    CHECK(pkc_ed25519_key_from_seed(&k2, k2.seed) == PKC_OK);
    CHECK(memcmp(&k, &k2, sizeof k) == 0);
    pkc_ed25519_key_wipe(&k);
    uint8_t z[sizeof k];
    memset(z, 0, sizeof z);
    CHECK(memcmp(&k, z, sizeof k) == 0);
    pkc_ed25519_key_wipe(NULL);
}

#ifdef PKC_HAVE_OPENSSL
static int ossl_sign(const uint8_t seed[32], const uint8_t *m, size_t ml, uint8_t sig[64],
                     uint8_t pub[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    size_t sl = 64, pl = 32;
    int ok = k && c && EVP_DigestSignInit(c, NULL, NULL, NULL, k) == 1 &&
             EVP_DigestSign(c, sig, &sl, m, ml) == 1 && sl == 64 &&
             EVP_PKEY_get_raw_public_key(k, pub, &pl) == 1 && pl == 32;
    EVP_MD_CTX_free(c);
    EVP_PKEY_free(k);
    return ok;
}

static int ossl_verify(const uint8_t pub[32], const uint8_t *m, size_t ml, const uint8_t sig[64])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int ok = k && c && EVP_DigestVerifyInit(c, NULL, NULL, NULL, k) == 1 &&
             EVP_DigestVerify(c, sig, 64, m, ml) == 1;
    EVP_MD_CTX_free(c);
    EVP_PKEY_free(k);
    return ok;
}

static void vs_openssl(pkc_rng *rng, int n)
{
    uint8_t msg[300];
    for (int i = 0; i < n; i++) {
        uint8_t seed[32], s1[64], s2[64], pub[32];
        size_t ml = (size_t)(tu_rand64() % sizeof msg);
        pkc_ed25519_key k;
        CHECK(pkc_ed25519_keygen(&k, rng) == PKC_OK);
        memcpy(seed, k.seed, 32);
        CHECK(pkc_rng_bytes(rng, msg, ml) == PKC_OK || ml == 0);
        CHECK(pkc_ed25519_sign(&k, msg, ml, s1) == PKC_OK);
        CHECK(ossl_sign(seed, msg, ml, s2, pub));
        CHECK_EQ_BYTES(pub, k.pub, 32);
        CHECK_EQ_BYTES(s1, s2, 64);
        /* each verifies the other's signature */
        CHECK(ossl_verify(k.pub, msg, ml, s1));
        CHECK(pkc_ed25519_verify(pub, msg, ml, s2) == PKC_OK);
        /* a tampered signature: both say no */
        s1[tu_rand64() % 64] ^= (uint8_t)(1u << (tu_rand64() % 8));
        CHECK(!ossl_verify(k.pub, msg, ml, s1));
        CHECK(pkc_ed25519_verify(k.pub, msg, ml, s1) != PKC_OK);
        /* random signatures and keys: the same verdict */
        uint8_t rs[64], rp[32];
        CHECK(pkc_rng_bytes(rng, rs, 64) == PKC_OK);
        CHECK(pkc_rng_bytes(rng, rp, 32) == PKC_OK);
        CHECK((pkc_ed25519_verify(rp, msg, ml, rs) == PKC_OK) == ossl_verify(rp, msg, ml, rs));
        pkc_ed25519_key_wipe(&k);
    }
}
#endif

int main(void)
{
    pkc_rng rng;
    (void)tu_seed();
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) == PKC_OK);
    rfc8032();
    sign_input();
    s_plus_l(&rng);
    noncanonical(&rng);
    identity_forgeries();
    bad_public(&rng);
    bad_args();
#ifdef PKC_HAVE_OPENSSL
    vs_openssl(&rng, tu_iters(300));
#else
    tu_skip_part("OpenSSL differential (no OpenSSL)");
#endif
    pkc_rng_wipe(&rng);
    return tu_finish("ed25519");
}
