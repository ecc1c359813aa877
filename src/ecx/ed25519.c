/* pkc — Ed25519 (RFC 8032 section 5.1, the pure variant):
 * include/pkc/curve25519.h.
 *
 * Keys (5.1.5): h = SHA-512(seed), s = the clamped first half, prefix = the
 * second, A = [s]B. Signing (5.1.6): r = SHA-512(prefix || M) mod L,
 * R = [r]B, k = SHA-512(R || A || M) mod L, S = (r + k s) mod L; all of it in
 * constant time (the fixed-base table of src/ecx/ge25519.c, the Barrett
 * reduction of src/ecx/sc25519.h).
 *
 * Verification (5.1.7) rejects S >= L and a public key A whose encoding is
 * not canonical (y >= p, or x = 0 with the sign bit set) or not on the curve,
 * then computes [S]B - [k]A in variable time (public data only) and compares
 * its encoding with the bytes of R. Since that encoding is always canonical,
 * an R that is non-canonical or not a point never matches: the comparison is
 * the check of R.
 *
 * The equation is the cofactorless one, [S]B = R + [k]A, not the cofactored
 * [8][S]B = [8]R + [8][k]A that RFC 8032 allows. The two agree on every
 * signature an honest signer makes (R and A in the prime-order subgroup);
 * they differ only on crafted signatures whose R or A has a small-order
 * component. Cofactorless is what OpenSSL 3.0 and libsodium check, so a
 * signature pkc accepts is one they accept and the differential tests
 * (tests/test_ed25519.c) can require exact agreement.
 */
#include <string.h>

#include "ecx/ge25519.h"
#include "ecx/sc25519.h"
#include "pkc/curve25519.h"
#include "pkc/hash.h"

pkc_err pkc_ed25519_key_from_seed(pkc_ed25519_key *key, const uint8_t seed[32])
{
    if (!key || !seed)
        return PKC_ERR_ARG;
    uint8_t h[64];
    pkc_sha512_ctx c;
    ge25519_p3 a;
    pkc_sha512_init(&c);
    pkc_sha512_update(&c, seed, 32);
    pkc_sha512_final(&c, h);
    if (key->seed != seed)
        memmove(key->seed, seed, 32);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
    memcpy(key->scalar, h, 32);
    memcpy(key->prefix, h + 32, 32);
    pkc_ge25519_scalarmult_base(&a, key->scalar);
    pkc_ge25519_tobytes(key->pub, &a);
    pkc_memzero(h, sizeof h);
    pkc_memzero(&c, sizeof c);
    pkc_memzero(&a, sizeof a);
    return PKC_OK;
}

pkc_err pkc_ed25519_keygen(pkc_ed25519_key *key, pkc_rng *rng)
{
    if (!key || !rng)
        return PKC_ERR_ARG;
    uint8_t seed[32];
    pkc_err err = pkc_rng_bytes(rng, seed, sizeof seed);
    if (err == PKC_OK)
        err = pkc_ed25519_key_from_seed(key, seed);
    else
        pkc_memzero(key, sizeof *key);
    pkc_memzero(seed, sizeof seed);
    return err;
}

void pkc_ed25519_key_wipe(pkc_ed25519_key *key)
{
    if (key)
        pkc_memzero(key, sizeof *key);
}

pkc_err pkc_ed25519_sign(const pkc_ed25519_key *key, const uint8_t *msg, size_t len,
                         uint8_t sig[64])
{
    if (!key || (!msg && len) || !sig)
        return PKC_ERR_ARG;
    uint8_t h[64], rb[32];
    uint64_t r[4], k[4], s[4], S[4];
    pkc_sha512_ctx c;
    ge25519_p3 R;
    pkc_sha512_init(&c);
    pkc_sha512_update(&c, key->prefix, 32);
    if (len)
        pkc_sha512_update(&c, msg, len);
    pkc_sha512_final(&c, h);
    sc25519_from64bytes(r, h);
    sc25519_store32(rb, r);
    pkc_ge25519_scalarmult_base(&R, rb);
    uint8_t renc[32];
    pkc_ge25519_tobytes(renc, &R);
    pkc_sha512_init(&c);
    pkc_sha512_update(&c, renc, 32);
    pkc_sha512_update(&c, key->pub, 32);
    if (len)
        pkc_sha512_update(&c, msg, len);
    pkc_sha512_final(&c, h);
    sc25519_from64bytes(k, h);
    sc25519_load32(s, key->scalar);
    sc25519_muladd(S, r, k, s);
    memcpy(sig, renc, 32);
    sc25519_store32(sig + 32, S);
    pkc_memzero(h, sizeof h);
    pkc_memzero(rb, sizeof rb);
    pkc_memzero(r, sizeof r);
    pkc_memzero(s, sizeof s);
    pkc_memzero(S, sizeof S);
    pkc_memzero(&c, sizeof c);
    pkc_memzero(&R, sizeof R);
    return PKC_OK;
}

pkc_err pkc_ed25519_check_public(const uint8_t pub[32])
{
    if (!pub)
        return PKC_ERR_ARG;
    ge25519_p3 a;
    return pkc_ge25519_frombytes_var(&a, pub) == 0 ? PKC_OK : PKC_ERR_POINT;
}

pkc_err pkc_ed25519_verify(const uint8_t pub[32], const uint8_t *msg, size_t len,
                           const uint8_t sig[64])
{
    if (!pub || (!msg && len) || !sig)
        return PKC_ERR_ARG;
    ge25519_p3 a, p;
    if (pkc_ge25519_frombytes_var(&a, pub) != 0)
        return PKC_ERR_POINT;
    if (!sc25519_is_canonical_var(sig + 32))
        return PKC_ERR_VERIFY;
    uint8_t h[64], kb[32], enc[32];
    uint64_t k[4];
    pkc_sha512_ctx c;
    pkc_sha512_init(&c);
    pkc_sha512_update(&c, sig, 32);
    pkc_sha512_update(&c, pub, 32);
    if (len)
        pkc_sha512_update(&c, msg, len);
    pkc_sha512_final(&c, h);
    sc25519_from64bytes(k, h);
    sc25519_store32(kb, k);
    /* -A */
    fe25519_neg(a.X, a.X);
    fe25519_neg(a.T, a.T);
    pkc_ge25519_double_scalarmult_var(&p, kb, &a, sig + 32);
    pkc_ge25519_tobytes(enc, &p);
    return memcmp(enc, sig, 32) == 0 ? PKC_OK : PKC_ERR_VERIFY;
}
