/* Constant-time test program for RSA (the approach of libsecp256k1's
 * ctime_tests, as tests/test_ec_ctime.c does for the curves): with --ctime,
 * the secrets are marked undefined for valgrind's memcheck before each
 * operation, so any branch or memory index that depends on them is
 * reported ("Conditional jump or move depends on uninitialised value(s)",
 * "Use of uninitialised value"). tests/test_ctime_valgrind.sh runs this
 * under `valgrind --error-exitcode=42`. What is marked:
 *
 *   keygen   the DRBG state (K, V) key generation draws every bit from;
 *            the key it makes then goes through "private" with secrets
 *            that are undefined by derivation
 *   load     the private components given to pkc_rsa_key_from_private
 *            (d, p, q, dP, dQ, qInv as bytes); n and e stay public
 *   private  (with rsa_mont.c's exponentiation) on a fixed key: p, q, d, dP, dQ, qInv (the mpz values), the
 *            limb forms and Montgomery constants of the private
 *            operation, the blinding cache and the DRBG that refreshes it;
 *            then the raw operation (random, 0, 1, n - 1), PKCS#1 v1.5 and
 *            PSS signing (the salt from the secret DRBG) and OAEP
 *            decryption of a valid and of a tampered ciphertext
 *   check    pkc_rsa_check_private (Miller-Rabin on p and q)
 *   prime    pkc_rsa_prime_generate (pkc prime -b) of BITS / 2 bits: the
 *            DRBG state, as for keygen
 *   ifma     "private" with the CRT exponentiations of rsa_ifma.c (their
 *            radix-2^52 constants marked too) and its check m^e = c with
 *            the public exponentiation of rsa_ifma.c on the secret m, then
 *            "check" and "prime", whose Miller-Rabin rounds take two bases
 *            at once there; all on its portable emulation: valgrind does
 *            not run AVX-512, and the IFMA code is the same source over
 *            other vector operations (rsa_ifma_tmpl.h); without valgrind it
 *            also runs on IFMA itself where the CPU has it
 *
 * Values that are legitimately public (signatures, the decrypted message
 * and its length, return codes) are marked defined again before the checks
 * look at them; the library itself declassifies only verdicts and lengths
 * (PKC_DECLASSIFY in src/ct.h).
 *
 * Run normally (as the ctest test_rsa_ctime) it performs the same
 * operations and checks the results, quickly.
 *
 * usage: test_rsa_ctime [--ctime [--canary]] [keygen|load|private|check|prime[:BITS] ...]
 * (default: keygen:1024 keygen:2048 load:2048 private:2048 check:1024 prime:1024
 * ifma:1024).
 * --canary adds a deliberate branch on a secret limb of p, so the wrapper
 * can check that valgrind does catch one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/hash.h"
#include "pkc/rng.h"
#include "pkc/rsa_hybrid.h"
#include "pkc/rsa.h"
#include "ctime_util.h"
#include "rsa/rsa_internal.h"
#include "testutil.h"

static void secret_mpz(const mpz_t x)
{
    secret(mpz_limbs_read(x), mpz_size(x) * sizeof(mp_limb_t));
}

static void public_mpz(const mpz_t x)
{
    public_(mpz_limbs_read(x), mpz_size(x) * sizeof(mp_limb_t));
}

static void secret_mont(const pkc_rsa_mont *c)
{
    secret(c->m, 3 * (size_t)c->n * sizeof(mp_limb_t)); /* m, R^2, R: one block */
    secret(&c->minv, sizeof c->minv);
}

static void public_mont(const pkc_rsa_mont *c)
{
    public_(c->m, 3 * (size_t)c->n * sizeof(mp_limb_t));
    public_(&c->minv, sizeof c->minv);
}

/* Everything of the private half, and the blinding state. */
static void mark_key(pkc_rsa_key *k, int hide)
{
    void (*f)(const void *, size_t) = hide ? secret : public_;
    void (*fz)(const mpz_t) = hide ? secret_mpz : public_mpz;
    void (*fm)(const pkc_rsa_mont *) = hide ? secret_mont : public_mont;
    fz(k->d);
    fz(k->p);
    fz(k->q);
    fz(k->dp);
    fz(k->dq);
    fz(k->qinv);
    fm(&k->mont_p);
    fm(&k->mont_q);
    f(k->ldp, (size_t)k->pl * sizeof(mp_limb_t));
    f(k->ldq, (size_t)k->ql * sizeof(mp_limb_t));
    f(k->lqinv_r, (size_t)k->pl * sizeof(mp_limb_t));
    f(k->blind_a, (size_t)k->nl * sizeof(mp_limb_t));
    f(k->blind_ai, (size_t)k->nl * sizeof(mp_limb_t));
    const pkc_rsa_ifma *x[2] = {&k->ifma_p, &k->ifma_q};
    for (int i = 0; i < 2; i++)
        if (x[i]->m) { /* m and its constants: one block */
            f(x[i]->m, PKC_RSA_IFMA_CONSTS * 8 * (size_t)x[i]->K * sizeof(uint64_t));
            f(&x[i]->k0, sizeof x[i]->k0);
        }
}

static void mark_rng(pkc_rng *rng, int hide)
{
    if (hide) {
        secret(rng->drbg.K, sizeof rng->drbg.K);
        secret(rng->drbg.V, sizeof rng->drbg.V);
    } else {
        public_(rng, sizeof *rng);
    }
}

/* A key made normally (nothing marked), from a fixed seed. */
static pkc_rsa_key *fixed_key(unsigned bits, uint64_t seed)
{
    pkc_rng rng;
    pkc_rsa_key *k = NULL;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed) == PKC_OK);
    CHECK(pkc_rsa_generate(&k, bits, 65537, &rng) == PKC_OK);
    pkc_rng_wipe(&rng);
    return k;
}

/* The private operations on k, whose private half is secret (marked or
 * derived from secrets); the results are checked after declassification. */
static void private_ops(pkc_rsa_key *k, uint64_t seed)
{
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed) == PKC_OK);
    mark_rng(&rng, 1);
    size_t kb = pkc_rsa_size(k);
    uint8_t *in = calloc(4, kb), *out = calloc(4, kb), *chk = calloc(1, kb);
    uint8_t *nb = calloc(1, kb);
    size_t nlen = 0;
    CHECK(pkc_rsa_get(k, PKC_RSA_N, nb, kb, &nlen) == PKC_OK && nlen == kb); /* public */
    /* raw: a random input, 0, 1, n - 1 (public inputs, secret key) */
    tu_rand_bytes(in, kb);
    in[0] = (uint8_t)(nb[0] - 1);
    memset(in + kb, 0, kb);
    memset(in + 2 * kb, 0, kb);
    in[3 * kb - 1] = 1;
    memcpy(in + 3 * kb, nb, kb);
    in[4 * kb - 1] ^= 1; /* n is odd: n - 1 */
    pkc_err er[4];
    for (int i = 0; i < 4; i++)
        er[i] = pkc_rsa_private_raw(k, &rng, in + i * kb, out + i * kb);

    /* PKCS#1 v1.5 and PSS signatures of a public digest */
    uint8_t digest[32], sig1[1024], sig2[1024];
    size_t l1 = 0, l2 = 0;
    pkc_hash(PKC_HASH_SHA256, "constant time", 13, digest);
    pkc_err es1 = pkc_rsa_pkcs1_sign(k, &rng, PKC_RSA_MODE_CRT, PKC_HASH_SHA256, digest, 32,
                                     sig1, sizeof sig1, &l1);
    pkc_err es2 = pkc_rsa_pss_sign(k, &rng, PKC_RSA_MODE_CRT, PKC_HASH_SHA256,
                                   PKC_RSA_SALT_HASHLEN, digest, 32, sig2, sizeof sig2, &l2);

    /* OAEP: the ciphertext is made with the public key (public), then
     * decrypted valid and tampered */
    pkc_rng pub;
    CHECK(pkc_rng_init_fixed(&pub, PKC_HASH_SHA256, seed + 1) == PKC_OK);
    uint8_t ct[1024], ct2[1024], pt[1024], pt2[1024];
    size_t ctl = 0, ptl = 0, pt2l = 0;
    const char *msg = "attack at dawn";
    CHECK(pkc_rsa_oaep_encrypt(k, &pub, NULL, (const uint8_t *)msg, strlen(msg), ct, sizeof ct,
                               &ctl) == PKC_OK);
    memcpy(ct2, ct, ctl);
    ct2[ctl / 2] ^= 0x10;
    pkc_err ed1 = pkc_rsa_oaep_decrypt(k, &rng, PKC_RSA_MODE_CRT, NULL, ct, ctl, pt, sizeof pt,
                                       &ptl);
    pkc_err ed2 = pkc_rsa_oaep_decrypt(k, &rng, PKC_RSA_MODE_CRT, NULL, ct2, ctl, pt2,
                                       sizeof pt2, &pt2l);

    /* hybrid: a secret message to k with rng's (secret) key and IV, then
     * decrypted; valid and with a changed tag */
    uint8_t hmsg[40] = "hybrid: OAEP wraps an AES-256-GCM key", hct[1024 + 56], hpt[40];
    size_t hctl = 0, hptl = 0;
    secret(hmsg, sizeof hmsg);
    pkc_err eh1 = pkc_rsa_hybrid_encrypt(k, &rng, NULL, hmsg, sizeof hmsg, hct, sizeof hct, &hctl);
    PUBLIC(eh1);
    PUBLIC(hct);
    PUBLIC(hctl);
    pkc_err eh2 = eh1 == PKC_OK ? pkc_rsa_hybrid_decrypt(k, &rng, NULL, hct, hctl, hpt,
                                                         sizeof hpt, &hptl)
                                : eh1;
    PUBLIC(eh2);
    PUBLIC(hpt);
    PUBLIC(hptl);
    public_(hmsg, sizeof hmsg);
    CHECK(eh2 == PKC_OK && hptl == sizeof hmsg && memcmp(hpt, hmsg, sizeof hmsg) == 0);
    hct[hctl - 1] ^= 1;
    pkc_err eh3 = pkc_rsa_hybrid_decrypt(k, &rng, NULL, hct, hctl, hpt, sizeof hpt, &hptl);
    PUBLIC(eh3);
    CHECK(eh3 == PKC_ERR_DECRYPT);

    /* declassify what the caller legitimately sees, then check */
    PUBLIC(er);
    public_(out, 4 * kb);
    PUBLIC(es1);
    PUBLIC(es2);
    PUBLIC(sig1);
    PUBLIC(sig2);
    PUBLIC(l1);
    PUBLIC(l2);
    PUBLIC(ed1);
    PUBLIC(ed2);
    PUBLIC(pt);
    PUBLIC(ptl);
    for (int i = 0; i < 4; i++) {
        CHECK_MSG(er[i] == PKC_OK, "private_raw input %d: %d", i, er[i]);
        CHECK(pkc_rsa_public_raw(k, out + i * kb, chk) == PKC_OK);
        CHECK_MSG(memcmp(chk, in + i * kb, kb) == 0, "private_raw input %d: wrong result", i);
    }
    CHECK(es1 == PKC_OK && es2 == PKC_OK);
    CHECK(pkc_rsa_pkcs1_verify(k, PKC_HASH_SHA256, digest, 32, sig1, l1) == PKC_OK);
    CHECK(pkc_rsa_pss_verify(k, PKC_HASH_SHA256, PKC_RSA_SALT_HASHLEN, digest, 32, sig2, l2) ==
          PKC_OK);
    CHECK(ed1 == PKC_OK && ptl == strlen(msg) && memcmp(pt, msg, ptl) == 0);
    CHECK(ed2 == PKC_ERR_DECRYPT);
    free(in);
    free(out);
    free(chk);
    free(nb);
    pkc_rng_wipe(&pub);
    mark_rng(&rng, 0);
    pkc_rng_wipe(&rng);
}

static void run_keygen(unsigned bits, uint64_t seed)
{
    pkc_rng rng;
    pkc_rsa_key *k = NULL;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed) == PKC_OK);
    mark_rng(&rng, 1);
    pkc_err err = pkc_rsa_generate(&k, bits, 65537, &rng);
    PUBLIC(err);
    PUBLIC(k);
    CHECK_MSG(err == PKC_OK && k, "keygen %u: %d", bits, err);
    if (k) {
        private_ops(k, seed + 7); /* its private half is secret by derivation */
        mark_key(k, 0);
        /* an independent look at the result */
        CHECK(mpz_probab_prime_p(k->p, 20) > 0 && mpz_probab_prime_p(k->q, 20) > 0);
        CHECK(pkc_rsa_bits(k) == bits);
    }
    pkc_rsa_key_free(k);
    mark_rng(&rng, 0);
    pkc_rng_wipe(&rng);
}

/* one prime of bits / 2 bits from pkc_rsa_prime_generate (pkc prime -b):
 * the DRBG state secret; the prime is the caller's to print */
static void run_prime(unsigned bits, uint64_t seed)
{
    pkc_rng rng;
    uint8_t p[256];
    size_t len = (bits / 2 + 7) / 8;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed) == PKC_OK);
    mark_rng(&rng, 1);
    pkc_err err = pkc_rsa_prime_generate(p, len, bits / 2, 65537, &rng);
    PUBLIC(err);
    PUBLIC(p);
    CHECK_MSG(err == PKC_OK, "prime %u: %d", bits / 2, err);
    mpz_t v;
    mpz_init(v);
    mpz_import(v, len, 1, 1, 0, 0, p);
    CHECK(mpz_sizeinbase(v, 2) == bits / 2 && mpz_probab_prime_p(v, 20) > 0);
    mpz_clear(v);
    mark_rng(&rng, 0);
    pkc_rng_wipe(&rng);
}

static void run_load(unsigned bits, uint64_t seed)
{
    pkc_rsa_key *k = fixed_key(bits, seed);
    if (!k)
        return;
    /* the components as bytes (exported before anything is marked) */
    static const pkc_rsa_part parts[8] = {PKC_RSA_N, PKC_RSA_E, PKC_RSA_D, PKC_RSA_P,
                                          PKC_RSA_Q, PKC_RSA_DP, PKC_RSA_DQ, PKC_RSA_QINV};
    uint8_t *buf[8];
    size_t len[8];
    for (int i = 0; i < 8; i++) {
        CHECK(pkc_rsa_get(k, parts[i], NULL, 0, &len[i]) == PKC_OK);
        buf[i] = malloc(len[i] ? len[i] : 1);
        CHECK(pkc_rsa_get(k, parts[i], buf[i], len[i], &len[i]) == PKC_OK);
    }
    pkc_rsa_components c = {buf[0], buf[1], buf[2], buf[3], buf[4], buf[5], buf[6], buf[7],
                            len[0], len[1], len[2], len[3], len[4], len[5], len[6], len[7]};
    for (int i = 2; i < 8; i++)
        secret(buf[i], len[i]);
    if (canary && (buf[3][len[3] - 1] & 2)) /* the leak valgrind must see */
        sink++;
    pkc_rsa_key *l = NULL;
    pkc_err err = pkc_rsa_key_from_private(&l, &c);
    PUBLIC(err);
    PUBLIC(l);
    CHECK_MSG(err == PKC_OK && l, "load: %d", err);
    /* a tampered component must be refused, still without secret branches */
    buf[5][len[5] - 1] ^= 2; /* dP */
    pkc_rsa_key *bad = NULL;
    pkc_err err2 = pkc_rsa_key_from_private(&bad, &c);
    PUBLIC(err2);
    CHECK(err2 == PKC_ERR_KEY && bad == NULL);
    if (l) {
        mark_key(l, 0);
        CHECK(mpz_cmp(l->d, k->d) == 0 && mpz_cmp(l->qinv, k->qinv) == 0);
    }
    for (int i = 0; i < 8; i++) {
        public_(buf[i], len[i]);
        free(buf[i]);
    }
    pkc_rsa_key_free(l);
    pkc_rsa_key_free(k);
}

static void run_private(unsigned bits, uint64_t seed)
{
    pkc_rsa_key *k = fixed_key(bits, seed);
    if (!k)
        return;
    mark_key(k, 1);
    if (canary && (k->mont_p.m[0] & 2)) /* the leak valgrind must see */
        sink++;
    private_ops(k, seed + 3);
    mark_key(k, 0);
    pkc_rsa_key_free(k);
}

static void run_check(unsigned bits, uint64_t seed)
{
    pkc_rsa_key *k = fixed_key(bits, seed);
    if (!k)
        return;
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed + 5) == PKC_OK);
    mark_key(k, 1);
    mark_rng(&rng, 1);
    pkc_err err = pkc_rsa_check_private(k, &rng);
    PUBLIC(err);
    CHECK_MSG(err == PKC_OK, "check_private: %d", err);
    mark_key(k, 0);
    mark_rng(&rng, 0);
    pkc_rng_wipe(&rng);
    pkc_rsa_key_free(k);
}

int main(int argc, char **argv)
{
    int first = ctime_args(argc, argv, "test_rsa_ctime");
    if (first < 0)
        return 2;
    static const char *defaults[] = {"keygen:1024", "keygen:2048", "load:2048", "private:2048",
                                     "check:1024", "prime:1024", "ifma:1024"};
    const char **tasks = (const char **)argv + first;
    int ntasks = argc - first;
    if (ntasks == 0) {
        tasks = defaults;
        ntasks = (int)(sizeof defaults / sizeof *defaults);
    }
    uint64_t seed = tu_seed();
    for (int i = 0; i < ntasks; i++) {
        char name[32];
        unsigned bits = 2048;
        snprintf(name, sizeof name, "%s", tasks[i]);
        char *colon = strchr(name, ':');
        if (colon) {
            *colon = 0;
            bits = (unsigned)strtoul(colon + 1, NULL, 10);
        }
        if (bits < PKC_RSA_MIN_BITS || bits > 4096) {
            fprintf(stderr, "test_rsa_ctime: bad size in %s\n", tasks[i]);
            return 2;
        }
        printf("%s %u\n", name, bits);
        fflush(stdout);
        uint64_t s = seed + 100 * (uint64_t)i;
        if (strcmp(name, "keygen") == 0)
            run_keygen(bits, s);
        else if (strcmp(name, "load") == 0)
            run_load(bits, s);
        else if (strcmp(name, "private") == 0) {
            CHECK(pkc_rsa_ifma_set_mode(PKC_RSA_IFMA_OFF) == PKC_OK); /* rsa_mont.c */
            run_private(bits, s);
        } else if (strcmp(name, "ifma") == 0) {
            CHECK(pkc_rsa_ifma_set_mode(PKC_RSA_IFMA_EMULATE) == PKC_OK);
            run_private(bits, s);
            run_check(bits, s + 2);
            run_prime(bits, s + 3);
            if (!ctime_mode && pkc_rsa_ifma_hw_available()) {
                CHECK(pkc_rsa_ifma_set_mode(PKC_RSA_IFMA_HW) == PKC_OK);
                run_private(bits, s + 1);
                run_check(bits, s + 4);
                run_prime(bits, s + 5);
            }
            CHECK(pkc_rsa_ifma_set_mode(PKC_RSA_IFMA_OFF) == PKC_OK);
        }
        else if (strcmp(name, "check") == 0)
            run_check(bits, s);
        else if (strcmp(name, "prime") == 0)
            run_prime(bits, s);
        else {
            fprintf(stderr, "test_rsa_ctime: unknown operation %s\n", name);
            return 2;
        }
    }
    return tu_finish("test_rsa_ctime");
}
