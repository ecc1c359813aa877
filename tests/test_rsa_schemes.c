/* RSA primitives and schemes, edge cases: the CRT private operation agrees
 * with the textbook one on random inputs and on 0, 1, n-1 and multiples of
 * p and q; inputs >= n are rejected; a fault (a corrupted dP) is caught by
 * the check before release; OAEP boundaries (empty and longest message,
 * message too long, ciphertext >= n or of the wrong length, every crafted
 * padding error, the wrong key, the wrong label) give the single
 * PKC_ERR_DECRYPT; PKCS#1 v1.5 and PSS reject wrong lengths, wrong hashes,
 * out-of-range signatures (PKC_ERR_DECODE for a wrong length, PKC_ERR_RANGE
 * for a value >= n, PKC_ERR_VERIFY for a well-formed one that does not
 * verify); PSS on a modulus of 8k+1 bits (EM one byte shorter than n) with
 * every salt mode; keys from outside (unbalanced primes, q > p, every broken
 * relation refused, a composite "prime" found by check_private); the size
 * limit on e above 3072 bits. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pkc/rsa.h"
#include "rsa/rsa_internal.h"
#include "testutil.h"

static pkc_rng rng;

static void be_of(const mpz_t x, uint8_t *out, size_t k)
{
    CHECK(pkc_rsa_mpz_to_be(x, out, k) == PKC_OK);
}

static void primitives(pkc_rsa_key *key)
{
    size_t k = pkc_rsa_size(key);
    uint8_t *in = malloc(k), *a = malloc(k), *b = malloc(k), *c = malloc(k);
    mpz_t x;
    mpz_init(x);
    /* special inputs */
    for (int t = 0; t < 9; t++) {
        switch (t) {
        case 0: mpz_set_ui(x, 0); break;
        case 1: mpz_set_ui(x, 1); break;
        case 2: mpz_sub_ui(x, key->n, 1); break;
        case 3: mpz_set(x, key->p); break;
        case 4: mpz_set(x, key->q); break;
        case 5: mpz_mul_ui(x, key->p, 12345); break;
        case 6: mpz_mul_ui(x, key->q, 3); break;
        case 7: mpz_set_ui(x, 2); break;
        case 8: mpz_sub(x, key->n, key->p); break;
        }
        be_of(x, in, k);
        CHECK(pkc_rsa_private_raw(key, &rng, in, a) == PKC_OK);
        CHECK(pkc_rsa_private_textbook_unsafe(key, in, b) == PKC_OK);
        CHECK_MSG(memcmp(a, b, k) == 0, "CRT and textbook differ on special input %d", t);
        CHECK(pkc_rsa_public_raw(key, a, c) == PKC_OK);
        CHECK(memcmp(c, in, k) == 0);
    }
    /* random inputs */
    for (int i = 0; i < 20; i++) {
        tu_rand_bytes(in, k);
        in[0] = 0; /* below n for every key size here */
        CHECK(pkc_rsa_private_raw(key, &rng, in, a) == PKC_OK);
        CHECK(pkc_rsa_private_mode(key, PKC_RSA_MODE_TEXTBOOK_UNSAFE, NULL, in, b) == PKC_OK);
        CHECK_EQ_BYTES(a, b, k);
        CHECK(pkc_rsa_public_raw(key, a, c) == PKC_OK);
        CHECK_EQ_BYTES(c, in, k);
    }
    /* out of range: n, n + 1, all ones */
    be_of(key->n, in, k);
    CHECK(pkc_rsa_private_raw(key, &rng, in, a) == PKC_ERR_RANGE);
    CHECK(pkc_rsa_private_textbook_unsafe(key, in, a) == PKC_ERR_RANGE);
    CHECK(pkc_rsa_public_raw(key, in, a) == PKC_ERR_RANGE);
    memset(in, 0xff, k);
    CHECK(pkc_rsa_private_raw(key, &rng, in, a) == PKC_ERR_RANGE);
    CHECK(pkc_rsa_public_raw(key, in, a) == PKC_ERR_RANGE);
    CHECK(pkc_rsa_private_raw(key, NULL, in, a) == PKC_ERR_ARG);

    /* A fault in dP: the result check catches it, nothing is released. */
    tu_rand_bytes(in, k);
    in[0] = 0;
    key->ldp[0] ^= 4;
    memset(a, 0xAA, k);
    CHECK(pkc_rsa_private_raw(key, &rng, in, a) == PKC_ERR_INTERNAL);
    int zero = 1;
    for (size_t i = 0; i < k; i++)
        zero &= a[i] == 0;
    CHECK(zero);
    key->ldp[0] ^= 4;
    CHECK(pkc_rsa_private_raw(key, &rng, in, a) == PKC_OK);
    mpz_clear(x);
    free(in);
    free(a);
    free(b);
    free(c);
}

static void oaep(pkc_rsa_key *key, pkc_rsa_key *other)
{
    size_t k = pkc_rsa_size(key), hlen = 32, maxm = k - 2 * hlen - 2;
    uint8_t *ct = malloc(k), *pt = malloc(k), *msg = malloc(k), *em = malloc(k);
    size_t ctlen, ptlen;
    /* empty and longest messages */
    for (size_t mlen = 0; mlen <= maxm; mlen += maxm) {
        tu_rand_bytes(msg, mlen);
        CHECK(pkc_rsa_oaep_encrypt(key, &rng, NULL, msg, mlen, ct, k, &ctlen) == PKC_OK);
        ptlen = 999;
        CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, NULL, ct, ctlen, pt, maxm,
                                   &ptlen) == PKC_OK);
        CHECK(ptlen == mlen && memcmp(pt, msg, mlen) == 0);
    }
    CHECK(pkc_rsa_oaep_encrypt(key, &rng, NULL, msg, maxm + 1, ct, k, &ctlen) == PKC_ERR_ARG);
    CHECK(pkc_rsa_oaep_encrypt(key, &rng, NULL, msg, 1, ct, k - 1, &ctlen) == PKC_ERR_BUFSIZE);
    CHECK(pkc_rsa_oaep_encrypt(key, &rng, NULL, msg, 10, ct, k, &ctlen) == PKC_OK);
    CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, NULL, ct, ctlen, pt, maxm - 1,
                               &ptlen) == PKC_ERR_BUFSIZE);
    /* wrong length, >= n, the wrong key, the wrong hash */
    CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, NULL, ct, k - 1, pt, k, &ptlen) ==
          PKC_ERR_DECRYPT);
    CHECK(pkc_rsa_oaep_decrypt(other, &rng, PKC_RSA_MODE_CRT, NULL, ct, k, pt, k, &ptlen) ==
          PKC_ERR_DECRYPT);
    pkc_rsa_oaep_params p384 = {PKC_HASH_SHA384, 0, NULL, 0};
    CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, &p384, ct, k, pt, k, &ptlen) ==
          PKC_ERR_DECRYPT);
    pkc_rsa_oaep_params mgf384 = {PKC_HASH_SHA256, PKC_HASH_SHA384, NULL, 0};
    CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, &mgf384, ct, k, pt, k, &ptlen) ==
          PKC_ERR_DECRYPT);
    memset(ct, 0xff, k);
    CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, NULL, ct, k, pt, k, &ptlen) ==
          PKC_ERR_DECRYPT);
    CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_TEXTBOOK_UNSAFE, NULL, ct, k, pt, k, &ptlen) ==
          PKC_ERR_DECRYPT);

    /* Crafted encoded messages, each wrong in one way. EM = Y || maskedSeed
     * || maskedDB; we build DB and seed, mask them, then encrypt raw. */
    size_t dblen = k - hlen - 1;
    for (int t = 0; t < 6; t++) {
        uint8_t *seed = em + 1, *db = em + 1 + hlen, mask[1024];
        memset(em, 0, k);
        tu_rand_bytes(seed, hlen);
        pkc_hash(PKC_HASH_SHA256, "", 0, db); /* lHash of the empty label */
        db[dblen - 6] = 0x01;
        memcpy(db + dblen - 5, "hello", 5);
        switch (t) {
        case 0: break;                          /* valid */
        case 1: em[0] = 1; break;               /* Y != 0 */
        case 2: db[3] ^= 1; break;              /* lHash' != lHash */
        case 3: db[dblen - 6] = 0x02; break;    /* separator is not 0x01 */
        case 4: db[hlen + 2] = 0x07; break;     /* PS not all zero */
        case 5: db[dblen - 6] = 0x00; break;    /* no separator at all */
        }
        pkc_rsa_mgf1(PKC_HASH_SHA256, seed, hlen, mask, dblen);
        for (size_t i = 0; i < dblen; i++)
            db[i] ^= mask[i];
        pkc_rsa_mgf1(PKC_HASH_SHA256, db, dblen, mask, hlen);
        for (size_t i = 0; i < hlen; i++)
            seed[i] ^= mask[i];
        CHECK(pkc_rsa_public_raw(key, em, ct) == PKC_OK);
        pkc_err err = pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, NULL, ct, k, pt, k, &ptlen);
        if (t == 0)
            CHECK(err == PKC_OK && ptlen == 5 && memcmp(pt, "hello", 5) == 0);
        else
            CHECK_MSG(err == PKC_ERR_DECRYPT, "crafted case %d: %d", t, err);
    }
    /* every single-byte change of a valid ciphertext fails */
    CHECK(pkc_rsa_oaep_encrypt(key, &rng, NULL, msg, 20, ct, k, &ctlen) == PKC_OK);
    for (size_t i = 0; i < k; i += 1 + k / 40) {
        ct[i] ^= 0x01;
        pkc_err err = pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, NULL, ct, k, pt, k, &ptlen);
        CHECK(err == PKC_ERR_DECRYPT);
        ct[i] ^= 0x01;
    }
    /* labels */
    pkc_rsa_oaep_params lab = {PKC_HASH_SHA256, 0, (const uint8_t *)"label", 5};
    CHECK(pkc_rsa_oaep_encrypt(key, &rng, &lab, msg, 20, ct, k, &ctlen) == PKC_OK);
    CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, &lab, ct, k, pt, k, &ptlen) == PKC_OK);
    CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, NULL, ct, k, pt, k, &ptlen) ==
          PKC_ERR_DECRYPT);
    free(ct);
    free(pt);
    free(msg);
    free(em);
}

static void signatures(pkc_rsa_key *key)
{
    size_t k = pkc_rsa_size(key), siglen;
    uint8_t *sig = malloc(k + 1), digest[64];
    static const pkc_hash_alg hs[] = {PKC_HASH_SHA224, PKC_HASH_SHA256, PKC_HASH_SHA384,
                                      PKC_HASH_SHA512};
    for (int i = 0; i < 4; i++) {
        pkc_hash_alg h = hs[i];
        size_t hlen = pkc_hash_size(h);
        tu_rand_bytes(digest, hlen);
        CHECK(pkc_rsa_pkcs1_sign(key, &rng, PKC_RSA_MODE_CRT, h, digest, hlen, sig, k, &siglen) ==
              PKC_OK);
        CHECK(pkc_rsa_pkcs1_verify(key, h, digest, hlen, sig, siglen) == PKC_OK);
        CHECK(pkc_rsa_pkcs1_verify(key, hs[(i + 1) % 4], digest, pkc_hash_size(hs[(i + 1) % 4]),
                                   sig, siglen) == PKC_ERR_VERIFY);
        /* malformed (rsa.h): wrong length is DECODE, >= n is RANGE; a
         * well-formed wrong signature is VERIFY */
        CHECK(pkc_rsa_pkcs1_verify(key, h, digest, hlen, sig, siglen - 1) == PKC_ERR_DECODE);
        CHECK(pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_AUTO, digest, hlen, sig, siglen - 1) ==
              PKC_ERR_DECODE);
        sig[k] = 0;
        CHECK(pkc_rsa_pkcs1_verify(key, h, digest, hlen, sig, k + 1) == PKC_ERR_DECODE);
        CHECK(pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_AUTO, digest, hlen, sig, k + 1) ==
              PKC_ERR_DECODE);
        {
            uint8_t *nb = malloc(k);
            size_t nlen = 0;
            CHECK(pkc_rsa_get(key, PKC_RSA_N, nb, k, &nlen) == PKC_OK && nlen == k);
            CHECK(pkc_rsa_pkcs1_verify(key, h, digest, hlen, nb, k) == PKC_ERR_RANGE);
            CHECK(pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_AUTO, digest, hlen, nb, k) ==
                  PKC_ERR_RANGE);
            nb[k - 1] -= 1; /* n - 1: in range, does not verify */
            CHECK(pkc_rsa_pkcs1_verify(key, h, digest, hlen, nb, k) == PKC_ERR_VERIFY);
            CHECK(pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_AUTO, digest, hlen, nb, k) ==
                  PKC_ERR_VERIFY);
            free(nb);
        }
        CHECK(pkc_rsa_pkcs1_sign(key, &rng, PKC_RSA_MODE_CRT, h, digest, hlen - 1, sig, k,
                                 &siglen) == PKC_ERR_ARG);
        CHECK(pkc_rsa_pkcs1_sign(key, &rng, PKC_RSA_MODE_CRT, h, digest, hlen, sig, k - 1,
                                 &siglen) == PKC_ERR_BUFSIZE);
        /* PSS: every salt mode */
        int modes[] = {PKC_RSA_SALT_HASHLEN, 0, 1, 17, PKC_RSA_SALT_MAX};
        for (int m = 0; m < 5; m++) {
            pkc_err err = pkc_rsa_pss_sign(key, &rng, PKC_RSA_MODE_CRT, h, modes[m], digest, hlen,
                                           sig, k, &siglen);
            size_t emlen = (pkc_rsa_bits(key) - 1 + 7) / 8;
            if (modes[m] == PKC_RSA_SALT_HASHLEN && emlen < 2 * hlen + 2) {
                CHECK(err == PKC_ERR_ARG); /* SHA-512 salt does not fit 1024 bits */
                continue;
            }
            CHECK_MSG(err == PKC_OK, "pss sign salt mode %d: %d", modes[m], err);
            CHECK(pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_AUTO, digest, hlen, sig, siglen) ==
                  PKC_OK);
            if (modes[m] >= 0)
                CHECK(pkc_rsa_pss_verify(key, h, modes[m], digest, hlen, sig, siglen) == PKC_OK);
            if (modes[m] == PKC_RSA_SALT_HASHLEN)
                CHECK(pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_HASHLEN, digest, hlen, sig,
                                         siglen) == PKC_OK);
            else
                CHECK(pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_HASHLEN, digest, hlen, sig,
                                         siglen) == PKC_ERR_VERIFY);
            sig[k / 2] ^= 0x40;
            CHECK(pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_AUTO, digest, hlen, sig, siglen) ==
                  PKC_ERR_VERIFY);
        }
        CHECK(pkc_rsa_pss_sign(key, &rng, PKC_RSA_MODE_CRT, h, (int)k, digest, hlen, sig, k,
                               &siglen) == PKC_ERR_ARG);
        memset(sig, 0xff, k);
        CHECK(pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_AUTO, digest, hlen, sig, k) ==
              PKC_ERR_RANGE);
        CHECK(pkc_rsa_pkcs1_verify(key, h, digest, hlen, sig, k) == PKC_ERR_RANGE);
    }
    free(sig);
}

/* The components of the key (p, q, e) as mpz, computed by GMP: d = e^-1
 * mod lambda(n). 0 if e is not invertible. */
typedef struct {
    mpz_t v[8]; /* n, e, d, p, q, dp, dq, qinv */
} comps;

static int comps_make(comps *c, const mpz_t p, const mpz_t q, unsigned long e)
{
    for (int i = 0; i < 8; i++)
        mpz_init(c->v[i]);
    mpz_t pm1, qm1, l;
    mpz_inits(pm1, qm1, l, NULL);
    mpz_mul(c->v[0], p, q);
    mpz_set_ui(c->v[1], e);
    mpz_sub_ui(pm1, p, 1);
    mpz_sub_ui(qm1, q, 1);
    mpz_lcm(l, pm1, qm1);
    int ok = mpz_invert(c->v[2], c->v[1], l) != 0 && mpz_invert(c->v[7], q, p) != 0;
    mpz_set(c->v[3], p);
    mpz_set(c->v[4], q);
    mpz_mod(c->v[5], c->v[2], pm1);
    mpz_mod(c->v[6], c->v[2], qm1);
    mpz_clears(pm1, qm1, l, NULL);
    return ok;
}

static void comps_clear(comps *c)
{
    for (int i = 0; i < 8; i++)
        mpz_clear(c->v[i]);
}

static pkc_err comps_load(const comps *c, pkc_rsa_key **out)
{
    uint8_t *b[8];
    size_t l[8];
    for (int i = 0; i < 8; i++) {
        b[i] = malloc(mpz_sizeinbase(c->v[i], 256) + 1);
        mpz_export(b[i], &l[i], 1, 1, 1, 0, c->v[i]);
        if (mpz_sgn(c->v[i]) == 0)
            l[i] = 0;
    }
    pkc_rsa_components pc = {b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
                             l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7]};
    pkc_err err = pkc_rsa_key_from_private(out, &pc);
    for (int i = 0; i < 8; i++)
        free(b[i]);
    return err;
}

static void random_prime(mpz_t x, unsigned bits)
{
    uint8_t buf[256];
    size_t nb = (bits + 7) / 8;
    tu_rand_bytes(buf, nb);
    mpz_import(x, nb, 1, 1, 1, 0, buf);
    mpz_fdiv_r_2exp(x, x, bits);
    mpz_setbit(x, bits - 1);
    mpz_nextprime(x, x);
}

/* Keys from outside: unbalanced primes (more limbs in p than q and the
 * reverse), q > p, and every broken relation of the key checks (each must
 * be PKC_ERR_KEY); check_private must find a composite "prime". */
static void outside_keys(void)
{
    static const unsigned shapes[][2] = {{640, 384}, {384, 640}, {512, 513}, {500, 510}};
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        mpz_t p, q;
        mpz_inits(p, q, NULL);
        comps c;
        do {
            random_prime(p, shapes[i][0]);
            random_prime(q, shapes[i][1]);
        } while (!comps_make(&c, p, q, 65537) && (comps_clear(&c), 1));
        pkc_rsa_key *k = NULL;
        CHECK_MSG(comps_load(&c, &k) == PKC_OK, "load %u x %u bits", shapes[i][0], shapes[i][1]);
        if (k) {
            primitives(k);
            CHECK(pkc_rsa_check_private(k, &rng) == PKC_OK);
        }
        pkc_rsa_key_free(k);
        comps_clear(&c);
        mpz_clears(p, q, NULL);
    }

    /* every relation broken in turn */
    mpz_t p, q, t;
    mpz_inits(p, q, t, NULL);
    comps good;
    do {
        random_prime(p, 512);
        random_prime(q, 512);
    } while (!comps_make(&good, p, q, 65537) && (comps_clear(&good), 1));
    for (int bug = 0; bug < 13; bug++) {
        comps c;
        comps_make(&c, p, q, 65537);
        mpz_t *v = c.v;
        switch (bug) {
        case 0: break; /* the good key, for reference */
        case 1: mpz_add_ui(v[3], v[3], 1); break;          /* p even */
        case 2: mpz_set(v[4], v[3]); break;                /* q = p */
        case 3: mpz_add_ui(v[0], v[0], 2); break;          /* n != p q */
        case 4: mpz_set_ui(v[2], 0); break;                /* d = 0 */
        case 5: mpz_add(v[2], v[2], v[0]); break;          /* d >= n */
        case 6: mpz_add_ui(v[5], v[5], 2); break;          /* dP != d mod (p - 1) */
        case 7: mpz_add_ui(v[6], v[6], 2); break;          /* dQ != d mod (q - 1) */
        case 8: mpz_add_ui(v[7], v[7], 1); break;          /* qInv q != 1 mod p */
        case 9: mpz_set_ui(v[7], 0); break;                /* qInv = 0 */
        case 10: mpz_add(v[7], v[7], v[3]); break;         /* qInv >= p */
        case 11: /* consistent d, dP, dQ, but e d != 1: d + lambda/gcd... */
            mpz_add_ui(v[2], v[2], 2);
            mpz_add_ui(v[5], v[5], 2);
            mpz_add_ui(v[6], v[6], 2);
            break;
        case 12: mpz_set_ui(v[3], 1); mpz_set(v[4], v[0]); break; /* p = 1 */
        }
        pkc_rsa_key *k = NULL;
        pkc_err err = comps_load(&c, &k);
        if (bug == 0)
            CHECK(err == PKC_OK && k != NULL);
        else
            CHECK_MSG(err == PKC_ERR_KEY && k == NULL, "broken relation %d accepted (%d)", bug,
                      err);
        pkc_rsa_key_free(k);
        comps_clear(&c);
    }
    comps_clear(&good);

    /* a composite p passes the cheap checks but not check_private */
    mpz_t p1, p2;
    mpz_inits(p1, p2, NULL);
    comps c;
    do {
        random_prime(p1, 256);
        random_prime(p2, 256);
        mpz_mul(p, p1, p2);
        random_prime(q, 512);
    } while (!comps_make(&c, p, q, 65537) && (comps_clear(&c), 1));
    /* d = e^-1 mod lcm(p - 1, q - 1) satisfies the relations, and the
     * private operation is then wrong for most inputs: only check_private
     * can tell */
    pkc_rsa_key *k = NULL;
    CHECK(comps_load(&c, &k) == PKC_OK);
    if (k)
        CHECK(pkc_rsa_check_private(k, &rng) == PKC_ERR_KEY);
    pkc_rsa_key_free(k);
    comps_clear(&c);
    mpz_clears(p, q, t, p1, p2, NULL);
}

/* Public keys: above 3072 bits e may have at most 64 bits (OpenSSL's
 * rule; e = n - 2 with a 16384-bit n made one verification take 1.8 s). */
static void public_exponent_limits(void)
{
    static const struct { unsigned bits, ebits; pkc_err want; } cases[] = {
        {3072, 65, PKC_OK},  {3072, 3000, PKC_OK},   {3073, 64, PKC_OK},
        {3073, 65, PKC_ERR_KEY}, {4096, 17, PKC_OK}, {16384, 16383, PKC_ERR_KEY},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t nb = (cases[i].bits + 7) / 8, eb = (cases[i].ebits + 7) / 8;
        uint8_t *n = malloc(nb), *e = malloc(eb);
        tu_rand_bytes(n, nb);
        tu_rand_bytes(e, eb);
        n[nb - 1] |= 1;
        n[0] &= (uint8_t)(0xff >> (8 * nb - cases[i].bits));
        n[0] |= (uint8_t)(0x80 >> (8 * nb - cases[i].bits));
        e[eb - 1] |= 1;
        e[0] &= (uint8_t)(0xff >> (8 * eb - cases[i].ebits));
        e[0] |= (uint8_t)(0x80 >> (8 * eb - cases[i].ebits));
        if (cases[i].ebits >= cases[i].bits - 1)
            e[0] &= 0x7f >> (8 * eb - cases[i].ebits); /* keep e < n */
        pkc_rsa_key *k = NULL;
        pkc_err err = pkc_rsa_key_from_public(&k, n, nb, e, eb);
        CHECK_MSG(err == cases[i].want, "n of %u bits, e of %u bits: %d", cases[i].bits,
                  cases[i].ebits, err);
        pkc_rsa_key_free(k);
        free(n);
        free(e);
    }
}

int main(void)
{
    tu_seed();
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_rand64()) == PKC_OK);
    pkc_rsa_key *a = NULL, *b = NULL, *odd = NULL;
    CHECK(pkc_rsa_generate(&a, 1024, 65537, &rng) == PKC_OK);
    CHECK(pkc_rsa_generate(&b, 1024, 3, &rng) == PKC_OK);
    CHECK(pkc_rsa_generate(&odd, 1025, 65537, &rng) == PKC_OK); /* emLen = k - 1 for PSS */
    if (a && b && odd) {
        primitives(a);
        primitives(b);
        primitives(odd);
        oaep(a, b);
        signatures(a);
        signatures(odd);
        /* a public key cannot do private operations */
        pkc_rsa_key *pub = NULL;
        CHECK(pkc_rsa_key_public(a, &pub) == PKC_OK);
        uint8_t in[128] = {0}, out[128];
        size_t len;
        CHECK(pkc_rsa_private_raw(pub, &rng, in, out) == PKC_ERR_KEY);
        CHECK(pkc_rsa_private_textbook_unsafe(pub, in, out) == PKC_ERR_KEY);
        CHECK(pkc_rsa_pkcs1_sign(pub, &rng, PKC_RSA_MODE_CRT, PKC_HASH_SHA256, in, 32, out, 128,
                                 &len) == PKC_ERR_KEY);
        CHECK(pkc_rsa_oaep_decrypt(pub, &rng, PKC_RSA_MODE_CRT, NULL, in, 128, out, 128, &len) ==
              PKC_ERR_KEY);
        /* from (n, e, d): the same private operation */
        uint8_t n[200], e[8], d[200];
        size_t nl, el, dl;
        pkc_rsa_get(a, PKC_RSA_N, n, sizeof n, &nl);
        pkc_rsa_get(a, PKC_RSA_E, e, sizeof e, &el);
        pkc_rsa_get(a, PKC_RSA_D, d, sizeof d, &dl);
        pkc_rsa_key *c = NULL;
        CHECK(pkc_rsa_key_from_ned(&c, n, nl, e, el, d, dl) == PKC_OK);
        CHECK(c && mpz_cmp(c->p, a->p) == 0 && mpz_cmp(c->qinv, a->qinv) == 0);
        d[dl - 1] ^= 2;
        pkc_rsa_key *bad = NULL;
        CHECK(pkc_rsa_key_from_ned(&bad, n, nl, e, el, d, dl) == PKC_ERR_KEY && bad == NULL);
        pkc_rsa_key_free(c);
        pkc_rsa_key_free(pub);
        outside_keys();
    }
    public_exponent_limits();
    /* A crafted (n, e, d) with e*d - 1 divisible by 2^(bits-100) used to
     * make the factoring loop run hundreds of exponentiations (seconds of
     * CPU at 4096 bits); it must now be refused after one. */
    {
        mpz_t n, e, d, m;
        mpz_inits(n, e, d, m, NULL);
        uint8_t nb[512], db[512], eb[3] = {0x01, 0x00, 0x01};
        tu_rand_bytes(nb, sizeof nb);
        nb[0] |= 0x80;
        nb[sizeof nb - 1] |= 1;
        mpz_import(n, sizeof nb, 1, 1, 0, 0, nb);
        mpz_set_ui(e, 65537);
        mpz_setbit(m, 4096 - 100);
        mpz_invert(d, e, m);
        size_t dl = 0;
        mpz_export(db, &dl, 1, 1, 0, 0, d);
        clock_t t0 = clock();
        pkc_rsa_key *crafted = NULL;
        CHECK(pkc_rsa_key_from_ned(&crafted, nb, sizeof nb, eb, 3, db, dl) == PKC_ERR_KEY &&
              crafted == NULL);
        double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
        CHECK_MSG(secs < 1.0, "crafted (n, e, d) took %.2f s of CPU", secs);
        mpz_clears(n, e, d, m, NULL);
    }
    pkc_rsa_key_free(a);
    pkc_rsa_key_free(b);
    pkc_rsa_key_free(odd);
    pkc_rng_wipe(&rng);
    return tu_finish("test_rsa_schemes");
}
