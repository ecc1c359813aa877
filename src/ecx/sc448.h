/* pkc — scalars modulo the order of Ed448's base point (internal):
 * L = 2^446 - c, c = 13818066809895115352007386748515426880336692474882178609894547503885
 * (c < 2^224). Scalars are 7 little-endian 64-bit limbs.
 *
 * Reduction folds with 2^446 = c (mod L): x = lo + 2^446 hi = lo + c hi,
 * four times from a 960-bit input down to < 2^446 + 2^224 < 2L, then one
 * conditional subtraction of L. Every loop bound is a constant: no branch
 * or memory index depends on the value (the _var functions excepted, for
 * public scalars only).
 */
#ifndef PKC_SC448_H
#define PKC_SC448_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ct.h"
#include "pkc/common.h"

static const uint64_t sc448_L[7] = {
    0x2378c292ab5844f3ULL, 0x216cc2728dc58f55ULL, 0xc44edb49aed63690ULL,
    0xffffffff7cca23e9ULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL,
    0x3fffffffffffffffULL};
/* c = 2^446 - L */
static const uint64_t sc448_C[4] = {0xdc873d6d54a7bb0dULL, 0xde933d8d723a70aaULL,
                                    0x3bb124b65129c96fULL, 0x000000008335dc16ULL};

/* out (out_n limbs) = (x mod 2^446) + c (x >> 446), where x has n limbs and
 * x >> 446 fits in hn limbs (the caller's bound); out_n covers the sum. */
static inline void sc448_fold(uint64_t *out, size_t out_n, const uint64_t *x, size_t n,
                              size_t hn)
{
    uint64_t hi[9];
    for (size_t i = 0; i < hn; i++)
        hi[i] = (x[6 + i] >> 62) | (7 + i < n ? x[7 + i] << 2 : 0);
    for (size_t i = 0; i < out_n; i++)
        out[i] = i < 6 ? x[i] : 0;
    out[6] = x[6] & 0x3fffffffffffffffULL;
    for (size_t i = 0; i < hn; i++) {
        uint64_t carry = 0;
        for (size_t j = 0; j < 4; j++) {
            unsigned __int128 t = (unsigned __int128)hi[i] * sc448_C[j] + out[i + j] + carry;
            out[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        for (size_t k = i + 4; k < out_n; k++) {
            unsigned __int128 t = (unsigned __int128)out[k] + carry;
            out[k] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
    }
    pkc_memzero(hi, sizeof hi);
}

/* r = x mod L for x < 2^960 (15 limbs) */
static inline void sc448_reduce(uint64_t r[7], const uint64_t x[15])
{
    uint64_t a[12], b[9], c[7], d[7];
    /* x < 2^960: hi < 2^514 (9 limbs), sum < 2^446 + 2^738 < 2^739 (12 limbs) */
    sc448_fold(a, 12, x, 15, 9);
    /* < 2^739: hi < 2^293 (5 limbs), sum < 2^518 (9 limbs) */
    sc448_fold(b, 9, a, 12, 5);
    /* < 2^518: hi < 2^72 (2 limbs), sum < 2^446 + 2^296 < 2^447 (7 limbs) */
    sc448_fold(c, 7, b, 9, 2);
    /* < 2^447: hi is 0 or 1, sum < 2^446 + 2^224 < 2L */
    sc448_fold(d, 7, c, 7, 1);
    /* d - L if no borrow */
    uint64_t t[7], borrow = 0;
    for (int i = 0; i < 7; i++) {
        unsigned __int128 s = (unsigned __int128)d[i] - sc448_L[i] - borrow;
        t[i] = (uint64_t)s;
        borrow = (uint64_t)(s >> 64) & 1;
    }
    uint64_t keep = (uint64_t)0 - borrow; /* d < L */
    for (int i = 0; i < 7; i++)
        r[i] = ct_select(keep, d[i], t[i]);
    pkc_memzero(a, sizeof a);
    pkc_memzero(b, sizeof b);
    pkc_memzero(c, sizeof c);
    pkc_memzero(d, sizeof d);
    pkc_memzero(t, sizeof t);
}

/* r = the n little-endian bytes at in (n <= 120) mod L */
static inline void sc448_reduce_bytes(uint64_t r[7], const uint8_t *in, size_t n)
{
    uint64_t x[15];
    memset(x, 0, sizeof x);
    for (size_t i = 0; i < n; i++)
        x[i / 8] |= (uint64_t)in[i] << (8 * (i % 8));
    sc448_reduce(r, x);
    pkc_memzero(x, sizeof x);
}

/* r = a b + c mod L; a, b, c < 2^448 */
static inline void sc448_muladd(uint64_t r[7], const uint64_t a[7], const uint64_t b[7],
                                const uint64_t c[7])
{
    uint64_t x[15];
    memset(x, 0, sizeof x);
    for (int i = 0; i < 7; i++)
        x[i] = c[i];
    for (int i = 0; i < 7; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < 7; j++) {
            unsigned __int128 t = (unsigned __int128)a[i] * b[j] + x[i + j] + carry;
            x[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        for (int k = i + 7; k < 15; k++) {
            unsigned __int128 t = (unsigned __int128)x[k] + carry;
            x[k] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
    }
    sc448_reduce(r, x);
    pkc_memzero(x, sizeof x);
}

/* 57 bytes little-endian (the last one 0 for a reduced scalar) */
static inline void sc448_tobytes(uint8_t out[57], const uint64_t a[7])
{
    for (int i = 0; i < 56; i++)
        out[i] = (uint8_t)(a[i / 8] >> (8 * (i % 8)));
    out[56] = 0;
}

/* 1 if the 57 bytes are a scalar < L (public data) */
static inline int sc448_is_canonical_var(const uint8_t in[57])
{
    if (in[56] != 0)
        return 0;
    uint64_t x[7] = {0};
    for (int i = 0; i < 56; i++)
        x[i / 8] |= (uint64_t)in[i] << (8 * (i % 8));
    for (int i = 6; i >= 0; i--) {
        if (x[i] != sc448_L[i])
            return x[i] < sc448_L[i];
    }
    return 0; /* = L */
}

/* Signed radix 16 of a < 2^446: 112 digits in [-8, 8], a = sum e[i] 16^i
 * (the top digit is at most 4). Constant time. */
static inline void sc448_recode16(int8_t e[112], const uint64_t a[7])
{
    int carry = 0;
    for (int i = 0; i < 112; i++) {
        int v = (int)((a[i / 16] >> (4 * (i % 16))) & 15) + carry;
        carry = (v + 8) >> 4; /* 1 if v >= 8 */
        e[i] = (int8_t)(v - (carry << 4));
    }
}

/* Width-w NAF of a < 2^448 (public): naf[i] odd with |naf[i]| < 2^(w-1),
 * or 0; a = sum naf[i] 2^i, 450 positions. */
static inline void sc448_wnaf_var(int8_t naf[450], const uint64_t a[7], int w)
{
    uint64_t t[8];
    memcpy(t, a, 7 * sizeof(uint64_t));
    t[7] = 0;
    memset(naf, 0, 450);
    const uint64_t wmask = ((uint64_t)1 << w) - 1;
    for (int i = 0; i < 450; i++) {
        if (t[0] & 1) {
            int64_t d = (int64_t)(t[0] & wmask);
            if (d >= ((int64_t)1 << (w - 1)))
                d -= (int64_t)1 << w;
            naf[i] = (int8_t)d;
            if (d > 0) {
                t[0] -= (uint64_t)d; /* the low w bits were d: no borrow */
            } else {
                uint64_t add = (uint64_t)(-d);
                for (int j = 0; j < 8 && add; j++) {
                    t[j] += add;
                    add = t[j] < add;
                }
            }
        }
        for (int j = 0; j < 7; j++)
            t[j] = (t[j] >> 1) | (t[j + 1] << 63);
        t[7] >>= 1;
    }
}

#endif
