/* pkc — HMAC_DRBG, NIST SP 800-90A rev. 1 section 10.1.2.
 *
 * The mechanism only: deterministic given its inputs, no entropy source of
 * its own (src/rand/rng.c adds getrandom() and the fixed-seed mode). Prediction
 * resistance is not offered; the caller reseeds when Generate reports
 * PKC_ERR_RESEED (section 9.3.1 step 7 done by the caller).
 *
 * An empty additional input (length 0) is the standard's Null string, so
 * Update runs its one-round form (10.1.2.2 step 3), as mbedTLS does.
 *
 * Speed: Generate's inner loop computes V = HMAC(K, V) once per output
 * block. K is fixed for the whole loop, so the key schedule (the hash of
 * K ^ ipad and K ^ opad) is done once and its chaining states copied per
 * block: two compression calls per block instead of four. */
#include <string.h>

#include "pkc/hmac.h"
#include "pkc/rng.h"

/* Inputs longer than 2^35 bits are not allowed (SP 800-90A table 2). */
#define DRBG_MAX_INPUT ((uint64_t)1 << 32)
/* Our floor for entropy_input: 128 bits (see the header). */
#define DRBG_MIN_ENTROPY 16

static size_t drbg_outlen(pkc_hash_alg alg)
{
    switch (alg) {
    case PKC_HASH_SHA224: return 28;
    case PKC_HASH_SHA256: return 32;
    case PKC_HASH_SHA384: return 48;
    case PKC_HASH_SHA512: return 64;
    default: return 0;
    }
}

static int input_ok(const uint8_t *p, size_t len)
{
    return (p || len == 0) && (uint64_t)len <= DRBG_MAX_INPUT;
}

/* HMAC_DRBG_Update (10.1.2.2); provided_data = a || b || c, and a total
 * length of 0 is the Null string. */
static void drbg_update(pkc_hmac_drbg *d, const uint8_t *a, size_t alen, const uint8_t *b,
                        size_t blen, const uint8_t *c, size_t clen)
{
    int rounds = (alen | blen | clen) ? 2 : 1;
    for (int r = 0; r < rounds; r++) {
        pkc_hmac_ctx h;
        uint8_t sep = (uint8_t)r; /* 0x00 in step 1, 0x01 in step 4 */
        /* K = HMAC(K, V || sep || provided_data) */
        pkc_hmac_init(&h, d->alg, d->K, d->outlen);
        pkc_hmac_update(&h, d->V, d->outlen);
        pkc_hmac_update(&h, &sep, 1);
        if (alen)
            pkc_hmac_update(&h, a, alen);
        if (blen)
            pkc_hmac_update(&h, b, blen);
        if (clen)
            pkc_hmac_update(&h, c, clen);
        pkc_hmac_final(&h, d->K);
        /* V = HMAC(K, V) */
        pkc_hmac_init(&h, d->alg, d->K, d->outlen);
        pkc_hmac_update(&h, d->V, d->outlen);
        pkc_hmac_final(&h, d->V);
    }
}

/* HMAC_DRBG_Instantiate_algorithm (10.1.2.3). */
pkc_err pkc_hmac_drbg_instantiate(pkc_hmac_drbg *d, pkc_hash_alg alg, const uint8_t *entropy,
                                  size_t entropylen, const uint8_t *nonce, size_t noncelen,
                                  const uint8_t *pers, size_t perslen)
{
    if (!d)
        return PKC_ERR_ARG;
    size_t n = drbg_outlen(alg);
    if (n == 0 || !entropy || entropylen < DRBG_MIN_ENTROPY || !input_ok(entropy, entropylen) ||
        !input_ok(nonce, noncelen) || !input_ok(pers, perslen)) {
        pkc_hmac_drbg_wipe(d);
        return PKC_ERR_ARG;
    }
    memset(d, 0, sizeof *d);
    d->alg = alg;
    d->outlen = n;
    memset(d->K, 0x00, n); /* step 2: Key = 0x00 00...00 */
    memset(d->V, 0x01, n); /* step 3: V = 0x01 01...01 */
    drbg_update(d, entropy, entropylen, nonce, noncelen, pers, perslen);
    d->reseed_counter = 1;
    d->reseed_interval = PKC_DRBG_RESEED_INTERVAL;
    return PKC_OK;
}

/* HMAC_DRBG_Reseed_algorithm (10.1.2.4). */
pkc_err pkc_hmac_drbg_reseed(pkc_hmac_drbg *d, const uint8_t *entropy, size_t entropylen,
                             const uint8_t *addl, size_t addllen)
{
    if (!d || drbg_outlen(d->alg) != d->outlen || d->outlen == 0 || !entropy ||
        entropylen < DRBG_MIN_ENTROPY || !input_ok(entropy, entropylen) ||
        !input_ok(addl, addllen))
        return PKC_ERR_ARG;
    drbg_update(d, entropy, entropylen, addl, addllen, NULL, 0);
    d->reseed_counter = 1;
    return PKC_OK;
}

/* V = HMAC(K, V) = H(K ^ opad || H(K ^ ipad || V)) for one block, n bytes,
 * from copies of the keyed inner and outer chaining states: one function
 * per hash family, on its own context type (pkc_hmac_final would copy and
 * wipe both whole generic contexts for every block). Each final wipes the
 * copy it ends. */
#define DRBG_HMAC_V(name, ctx_type, member, update, final)                           \
    static void name(const pkc_hmac_ctx *key, uint8_t *V, size_t n, uint8_t *ih)     \
    {                                                                                \
        ctx_type c = key->inner.u.member;                                            \
        update(&c, V, n);                                                            \
        final(&c, ih);                                                               \
        c = key->outer.u.member;                                                     \
        update(&c, ih, n);                                                           \
        final(&c, V);                                                                \
    }
DRBG_HMAC_V(hmac_v_sha256, pkc_sha256_ctx, sha256, pkc_sha256_update, pkc_sha256_final)
DRBG_HMAC_V(hmac_v_sha512, pkc_sha512_ctx, sha512, pkc_sha512_update, pkc_sha512_final)

/* V = HMAC(K, V) for each block, from the precomputed key states. */
static void drbg_blocks(pkc_hmac_drbg *d, uint8_t *out, size_t outlen)
{
    pkc_hmac_ctx key;
    uint8_t ih[PKC_HASH_MAX_SIZE];
    size_t n = d->outlen;
    int sha512_family = !(d->alg == PKC_HASH_SHA256 || d->alg == PKC_HASH_SHA224);
    pkc_hmac_init(&key, d->alg, d->K, n);
    while (outlen > 0) {
        if (sha512_family)
            hmac_v_sha512(&key, d->V, n, ih);
        else
            hmac_v_sha256(&key, d->V, n, ih);
        size_t k = outlen < n ? outlen : n;
        memcpy(out, d->V, k);
        out += k;
        outlen -= k;
    }
    pkc_memzero(ih, sizeof ih);
    pkc_memzero(&key, sizeof key);
}

/* HMAC_DRBG_Generate_algorithm (10.1.2.5). */
pkc_err pkc_hmac_drbg_generate(pkc_hmac_drbg *d, uint8_t *out, size_t outlen,
                               const uint8_t *addl, size_t addllen)
{
    if (!d || drbg_outlen(d->alg) != d->outlen || d->outlen == 0 || (!out && outlen) ||
        outlen > PKC_DRBG_MAX_REQUEST || !input_ok(addl, addllen))
        return PKC_ERR_ARG;
    /* step 1 */
    if (d->reseed_counter > d->reseed_interval)
        return PKC_ERR_RESEED;
    /* step 2 */
    if (addllen)
        drbg_update(d, addl, addllen, NULL, 0, NULL, 0);
    /* steps 3-5 */
    if (outlen)
        drbg_blocks(d, out, outlen);
    /* step 6: (K, V) = Update(additional_input, K, V) */
    drbg_update(d, addl, addllen, NULL, 0, NULL, 0);
    /* step 7 */
    d->reseed_counter++;
    return PKC_OK;
}

void pkc_hmac_drbg_wipe(pkc_hmac_drbg *d)
{
    if (d)
        pkc_memzero(d, sizeof *d);
}
