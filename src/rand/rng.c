/* pkc — the pkc_rng random source: HMAC_DRBG (src/rand/drbg.c) seeded from the
 * operating system or, for reproducible experiments, from a 64-bit seed.
 * The fixed-mode derivation is specified in include/pkc/rng.h; the test
 * (tests/test_drbg.c) rebuilds it from that description. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "pkc/rng.h"

#define RNG_ENTROPY_LEN 32 /* 256 bits: the security strength of SHA-256/512 */
#define RNG_NONCE_LEN 16   /* half of it (SP 800-90A section 8.6.7) */

static const char pers_random[] = "pkc_rng random mode v1";
static const char pers_fixed[] = "pkc_rng fixed-seed mode v1";
static const char fixed_entropy_label[] = "pkc fixed entropy";
static const char fixed_nonce_label[] = "pkc fixed nonce";

static void be64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56 - 8 * i));
}

/* /dev/urandom, for kernels without getrandom() (before Linux 3.17). */
static pkc_err urandom_fill(uint8_t *out, size_t len)
{
    int fd;
    do {
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return PKC_ERR_RNG;
    while (len > 0) {
        ssize_t r = read(fd, out, len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            close(fd);
            return PKC_ERR_RNG;
        }
        out += r;
        len -= (size_t)r;
    }
    close(fd);
    return PKC_OK;
}

pkc_err pkc_os_random(uint8_t *out, size_t len)
{
    if (!out && len)
        return PKC_ERR_ARG;
    uint8_t *p = out;
    size_t left = len;
    while (left > 0) {
        /* getrandom() returns at most 32 MiB per call and may be cut short
         * by a signal: loop until everything is filled. Flags 0 blocks
         * only until the kernel pool is first initialised. */
        ssize_t r = getrandom(p, left, 0);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            if (errno == ENOSYS) {
                pkc_err e = urandom_fill(p, left);
                if (e)
                    pkc_memzero(out, len);
                return e;
            }
            pkc_memzero(out, len);
            return PKC_ERR_RNG;
        }
        if (r == 0) {
            pkc_memzero(out, len);
            return PKC_ERR_RNG;
        }
        p += r;
        left -= (size_t)r;
    }
    return PKC_OK;
}

static int rng_alg_ok(pkc_hash_alg alg)
{
    return alg == PKC_HASH_SHA224 || alg == PKC_HASH_SHA256 || alg == PKC_HASH_SHA384 ||
           alg == PKC_HASH_SHA512;
}

/* Fixed mode entropy_input for reseed number n (0 = instantiate):
 * "pkc fixed entropy" || BE64(seed) || BE64(n). */
static size_t fixed_entropy(uint8_t *buf, uint64_t seed, uint64_t n)
{
    size_t l = sizeof fixed_entropy_label - 1;
    memcpy(buf, fixed_entropy_label, l);
    be64(buf + l, seed);
    be64(buf + l + 8, n);
    return l + 16;
}

pkc_err pkc_rng_init_random(pkc_rng *rng, pkc_hash_alg alg)
{
    uint8_t seed[RNG_ENTROPY_LEN + RNG_NONCE_LEN];
    if (!rng)
        return PKC_ERR_ARG;
    memset(rng, 0, sizeof *rng);
    if (!rng_alg_ok(alg))
        return PKC_ERR_ARG;
    pkc_err e = pkc_os_random(seed, sizeof seed);
    if (e == PKC_OK)
        e = pkc_hmac_drbg_instantiate(&rng->drbg, alg, seed, RNG_ENTROPY_LEN,
                                      seed + RNG_ENTROPY_LEN, RNG_NONCE_LEN,
                                      (const uint8_t *)pers_random, sizeof pers_random - 1);
    pkc_memzero(seed, sizeof seed);
    if (e) {
        pkc_rng_wipe(rng);
        return e;
    }
    rng->mode = PKC_RNG_RANDOM;
    return PKC_OK;
}

pkc_err pkc_rng_init_fixed(pkc_rng *rng, pkc_hash_alg alg, uint64_t seed)
{
    uint8_t ent[64], nonce[32];
    if (!rng)
        return PKC_ERR_ARG;
    memset(rng, 0, sizeof *rng);
    if (!rng_alg_ok(alg))
        return PKC_ERR_ARG;
    size_t el = fixed_entropy(ent, seed, 0);
    size_t nl = sizeof fixed_nonce_label - 1;
    memcpy(nonce, fixed_nonce_label, nl);
    be64(nonce + nl, seed);
    pkc_err e = pkc_hmac_drbg_instantiate(&rng->drbg, alg, ent, el, nonce, nl + 8,
                                          (const uint8_t *)pers_fixed, sizeof pers_fixed - 1);
    pkc_memzero(ent, sizeof ent);
    pkc_memzero(nonce, sizeof nonce);
    if (e) {
        pkc_rng_wipe(rng);
        return e;
    }
    rng->mode = PKC_RNG_FIXED;
    rng->seed = seed;
    return PKC_OK;
}

/* SP 800-90A 9.3.1 step 7: the counter ran out, reseed and retry. */
static pkc_err rng_reseed(pkc_rng *rng)
{
    uint8_t ent[64];
    size_t el;
    pkc_err e;
    if (rng->mode == PKC_RNG_FIXED) {
        el = fixed_entropy(ent, rng->seed, rng->reseeds + 1);
    } else if (rng->mode == PKC_RNG_RANDOM) {
        el = RNG_ENTROPY_LEN;
        if ((e = pkc_os_random(ent, el)) != PKC_OK)
            return e;
    } else {
        return PKC_ERR_ARG;
    }
    e = pkc_hmac_drbg_reseed(&rng->drbg, ent, el, NULL, 0);
    pkc_memzero(ent, sizeof ent);
    if (e == PKC_OK)
        rng->reseeds++;
    return e;
}

pkc_err pkc_rng_bytes(pkc_rng *rng, uint8_t *out, size_t len)
{
    if (!rng || (!out && len))
        return PKC_ERR_ARG;
    if (len == 0)
        return PKC_OK; /* no generate call: the state stays as it was */
    uint8_t *p = out;
    size_t left = len;
    do {
        /* SP 800-90A caps one request at 2^19 bits: split larger ones. */
        size_t k = left < PKC_DRBG_MAX_REQUEST ? left : PKC_DRBG_MAX_REQUEST;
        pkc_err e = pkc_hmac_drbg_generate(&rng->drbg, p, k, NULL, 0);
        if (e == PKC_ERR_RESEED) {
            e = rng_reseed(rng);
            if (e == PKC_OK)
                e = pkc_hmac_drbg_generate(&rng->drbg, p, k, NULL, 0);
        }
        if (e != PKC_OK) {
            /* never hand out a partly filled buffer */
            pkc_memzero(out, len);
            return e;
        }
        p += k;
        left -= k;
    } while (left > 0);
    return PKC_OK;
}

pkc_err pkc_rng_uniform_u64(pkc_rng *rng, uint64_t bound, uint64_t *out)
{
    if (!rng || !out || bound == 0)
        return PKC_ERR_ARG;
    *out = 0;
    if (bound == 1)
        return PKC_OK;
    /* Draw from the smallest power-of-two range covering [0, bound) and
     * reject values >= bound: exactly uniform, fewer than 2 draws on
     * average. A broken generator cannot loop forever: 2^-256 odds. */
    uint64_t mask = ~(uint64_t)0 >> __builtin_clzll(bound - 1);
    for (int tries = 0; tries < 256; tries++) {
        uint8_t b[8];
        pkc_err e = pkc_rng_bytes(rng, b, sizeof b);
        if (e)
            return e;
        uint64_t x = 0;
        for (int i = 0; i < 8; i++)
            x = (x << 8) | b[i];
        pkc_memzero(b, sizeof b);
        x &= mask;
        if (x < bound) {
            *out = x;
            return PKC_OK;
        }
    }
    return PKC_ERR_RNG;
}

void pkc_rng_wipe(pkc_rng *rng)
{
    if (rng)
        pkc_memzero(rng, sizeof *rng);
}
