/* pkc — scalars modulo L = 2^252 + 27742317777372353535851937790883648493,
 * the order of the Ed25519 base point (internal).
 *
 * A scalar is four 64-bit limbs, little-endian. Reduction of a 512-bit value
 * is Barrett's (HAC algorithm 14.42, b = 2^64, k = 4): with
 * mu = floor(2^512 / L) (261 bits, five limbs), q = floor(floor(x / 2^192) mu
 * / 2^320) is at most 2 below floor(x / L), so r = x - q L, computed mod
 * 2^320, is in [0, 3L) and two constant-time conditional subtractions of L
 * finish. Everything runs in constant time: fixed loops over the limbs, the
 * subtractions selected by masks.
 */
#ifndef PKC_ECX_SC25519_H
#define PKC_ECX_SC25519_H

#include <stdint.h>

#include "ct.h"

static const uint64_t sc25519_L[4] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0,
                                      0x1000000000000000ULL};
static const uint64_t sc25519_mu[5] = {0xed9ce5a30a2c131bULL, 0x2106215d086329a7ULL,
                                       0xffffffffffffffebULL, 0xffffffffffffffffULL,
                                       0x000000000000000fULL};

static inline uint64_t sc25519_load64(const uint8_t *p)
{
    uint64_t x = 0;
    for (int j = 7; j >= 0; j--)
        x = (x << 8) | p[j];
    return x;
}

/* r (5 limbs) -= L if r >= L, constant time; r < 2^320 */
static inline void sc25519_csub_L(uint64_t r[5])
{
    uint64_t t[5], borrow = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t li = i < 4 ? sc25519_L[i] : 0;
        unsigned __int128 d = (unsigned __int128)r[i] - li - borrow;
        t[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    /* borrow = 1: r < L, keep r */
    uint64_t keep = (uint64_t)0 - borrow;
    for (int i = 0; i < 5; i++)
        r[i] = ct_select(keep, r[i], t[i]);
}

/* out = x mod L for x of eight limbs (< 2^512) */
static inline void sc25519_reduce512(uint64_t out[4], const uint64_t x[8])
{
    typedef unsigned __int128 u128;
    /* q2 = q1 mu, q1 = x >> 192 (five limbs); only limbs 5..9 of q2 (q3) are
     * needed, but the lower ones carry into them */
    uint64_t q2[10] = {0};
    for (int i = 0; i < 5; i++) {
        uint64_t c = 0;
        for (int j = 0; j < 5; j++) {
            u128 t = (u128)x[3 + i] * sc25519_mu[j] + q2[i + j] + c;
            q2[i + j] = (uint64_t)t;
            c = (uint64_t)(t >> 64);
        }
        q2[i + 5] = c;
    }
    const uint64_t *q3 = q2 + 5;
    /* r2 = q3 L mod 2^320 */
    uint64_t r2[5] = {0};
    for (int i = 0; i < 5; i++) {
        uint64_t c = 0;
        for (int j = 0; j < 4 && i + j < 5; j++) {
            u128 t = (u128)q3[i] * sc25519_L[j] + r2[i + j] + c;
            r2[i + j] = (uint64_t)t;
            c = (uint64_t)(t >> 64);
        }
        if (i + 4 < 5)
            r2[i + 4] = c;
    }
    /* r = x mod 2^320 - r2 mod 2^320, in [0, 3L) */
    uint64_t r[5], borrow = 0;
    for (int i = 0; i < 5; i++) {
        u128 d = (u128)x[i] - r2[i] - borrow;
        r[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    sc25519_csub_L(r);
    sc25519_csub_L(r);
    for (int i = 0; i < 4; i++)
        out[i] = r[i];
}

/* out = the 64-byte little-endian value h mod L (a SHA-512 output) */
static inline void sc25519_from64bytes(uint64_t out[4], const uint8_t h[64])
{
    uint64_t x[8];
    for (int i = 0; i < 8; i++)
        x[i] = sc25519_load64(h + 8 * i);
    sc25519_reduce512(out, x);
}

/* s = (r + k a) mod L; r, k < 2^256, a < 2^256 with k a + r < 2^512 (here
 * r, k < L and a < 2^255) */
static inline void sc25519_muladd(uint64_t s[4], const uint64_t r[4], const uint64_t k[4],
                                  const uint64_t a[4])
{
    typedef unsigned __int128 u128;
    uint64_t x[8] = {0};
    for (int i = 0; i < 4; i++) {
        uint64_t c = 0;
        for (int j = 0; j < 4; j++) {
            u128 t = (u128)k[i] * a[j] + x[i + j] + c;
            x[i + j] = (uint64_t)t;
            c = (uint64_t)(t >> 64);
        }
        x[i + 4] = c;
    }
    uint64_t c = 0;
    for (int i = 0; i < 8; i++) {
        u128 t = (u128)x[i] + (i < 4 ? r[i] : 0) + c;
        x[i] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
    }
    sc25519_reduce512(s, x);
}

static inline void sc25519_load32(uint64_t out[4], const uint8_t b[32])
{
    for (int i = 0; i < 4; i++)
        out[i] = sc25519_load64(b + 8 * i);
}

static inline void sc25519_store32(uint8_t b[32], const uint64_t a[4])
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++)
            b[8 * i + j] = (uint8_t)(a[i] >> (8 * j));
}

/* 1 if the 32-byte little-endian value s is < L (canonical S, RFC 8032
 * section 5.1.7); variable time (S is public) */
static inline int sc25519_is_canonical_var(const uint8_t s[32])
{
    uint64_t v[4];
    sc25519_load32(v, s);
    for (int i = 3; i >= 0; i--) {
        if (v[i] < sc25519_L[i])
            return 1;
        if (v[i] > sc25519_L[i])
            return 0;
    }
    return 0; /* s = L */
}

#endif
