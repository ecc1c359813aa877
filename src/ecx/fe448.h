/* pkc — arithmetic modulo p = 2^448 - 2^224 - 1 (internal; X448 and Ed448).
 *
 * An element is 8 limbs of radix 2^56, a[0] + a[1] 2^56 + ... + a[7] 2^392,
 * held in uint64_t with headroom so that additions and subtractions need no
 * carries ("lazy" reduction). The products are 128-bit (unsigned __int128).
 * p is the "golden-ratio" prime: with phi = 2^224, p = phi^2 - phi - 1, so
 * phi^2 = phi + 1 and 2^448 = 2^224 + 1 (mod p). Multiplication splits each
 * operand into halves a = a0 + a1 phi (4 limbs each) and uses Karatsuba:
 *   a b = (a0 b0 + a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0) phi   (mod p)
 * three 4x4-limb products instead of one 8x8 (48 multiplications, not 64).
 *
 * Bounds (every function states its own; "limb bound" is per limb):
 *   T  tight:   < 2^56 (decoded values, canonical values, table entries)
 *   R  reduced: <= 2^56 + 2^16 (the output of mul, sqr, mul_small, carry)
 *   mul, sqr, mul_small accept any limbs < 2^60.
 *   add(a, b) = a + b, no carry: the bounds add (R + R < 2^58).
 *   sub(a, b) = a + 4p - b: needs b < 2^58 - 8 (4p's smallest limb), gives
 *   < a + 2^58 (R - R < 2^59).
 * Nothing here branches on or indexes memory with an element's value.
 */
#ifndef PKC_FE448_H
#define PKC_FE448_H

#include <stdint.h>
#include <string.h>

#include "ct.h"
#include "pkc/common.h"

typedef uint64_t fe448[8];

#define FE448_MASK ((uint64_t)0x00ffffffffffffffULL)

static inline void fe448_copy(fe448 r, const fe448 a)
{
    memcpy(r, a, sizeof(fe448));
}

static inline void fe448_zero(fe448 r)
{
    memset(r, 0, sizeof(fe448));
}

static inline void fe448_one(fe448 r)
{
    memset(r, 0, sizeof(fe448));
    r[0] = 1;
}

static inline void fe448_set_small(fe448 r, uint64_t v)
{
    memset(r, 0, sizeof(fe448));
    r[0] = v;
}

/* r = a + b; limbs: the sum of the inputs' bounds */
static inline void fe448_add(fe448 r, const fe448 a, const fe448 b)
{
    for (int i = 0; i < 8; i++)
        r[i] = a[i] + b[i];
}

/* r = a - b + 4p; b limbs < 2^58 - 8; r limbs < a + 2^58. 4p in radix 2^56:
 * every limb 2^58 - 4 except limb 4, 2^58 - 8. */
static inline void fe448_sub(fe448 r, const fe448 a, const fe448 b)
{
    for (int i = 0; i < 8; i++)
        r[i] = a[i] + ((uint64_t)1 << 58) - 4 - b[i];
    r[4] -= 4;
}

/* Weak reduction: limbs < 2^63 in, R out (value unchanged mod p). */
static inline void fe448_carry(fe448 r, const fe448 a)
{
    uint64_t t[8];
    memcpy(t, a, sizeof t);
    /* the top carry first: c < 2^7 goes to limbs 0 and 4 (2^448 = 2^224 + 1) */
    uint64_t c = t[7] >> 56;
    t[7] &= FE448_MASK;
    t[0] += c;
    t[4] += c;
    for (int i = 0; i < 7; i++) {
        t[i + 1] += t[i] >> 56; /* < 2^63 + 2^8 */
        t[i] &= FE448_MASK;
    }
    c = t[7] >> 56; /* < 2^8 */
    t[7] &= FE448_MASK;
    t[0] += c; /* <= 2^56 + 2^8: R */
    t[4] += c;
    memcpy(r, t, sizeof t);
}

/* r = -a; a limbs < 2^58 - 8; r: R */
static inline void fe448_neg(fe448 r, const fe448 a)
{
    fe448 z;
    fe448_zero(z);
    fe448_sub(z, z, a);
    fe448_carry(r, z);
}

typedef unsigned __int128 fe448_u128;

/* The carry of the 8 columns z[0..7] (each < 2^127) to R limbs in r. */
static inline void fe448_carry_wide(fe448 r, fe448_u128 z0, fe448_u128 z1, fe448_u128 z2,
                                    fe448_u128 z3, fe448_u128 z4, fe448_u128 z5,
                                    fe448_u128 z6, fe448_u128 z7)
{
    /* column 7's high part first (2^448 = 2^224 + 1): < 2^71 each into 0 and 4 */
    fe448_u128 c = z7 >> 56;
    z7 &= FE448_MASK;
    z0 += c;
    z4 += c;
    /* two chains, 0..3 and 4..7, independent up to the ends: each carry < 2^72 */
    z1 += z0 >> 56;
    z5 += z4 >> 56;
    z0 &= FE448_MASK;
    z4 &= FE448_MASK;
    z2 += z1 >> 56;
    z6 += z5 >> 56;
    z1 &= FE448_MASK;
    z5 &= FE448_MASK;
    z3 += z2 >> 56;
    z7 += z6 >> 56; /* z7 < 2^56 + 2^72 */
    z2 &= FE448_MASK;
    z6 &= FE448_MASK;
    z4 += z3 >> 56; /* z4 < 2^56 + 2^72 */
    c = z7 >> 56;   /* < 2^17 */
    z3 &= FE448_MASK;
    z7 &= FE448_MASK;
    z0 += c; /* < 2^56 + 2^17 */
    z4 += c; /* < 2^56 + 2^72 + 2^17 */
    z5 += z4 >> 56; /* carry < 2^17 */
    z4 &= FE448_MASK;
    z6 += z5 >> 56; /* carry 0 or 1 */
    z5 &= FE448_MASK;
    /* z0 < 2^56 + 2^17, z6 <= 2^56, others < 2^56: a further carry of z0 into z1
     * and z6 into z7 keeps every limb within R */
    z1 += z0 >> 56;
    z0 &= FE448_MASK;
    z7 += z6 >> 56;
    z6 &= FE448_MASK;
    /* z1 < 2^56 + 2, z7 <= 2^56: both R */
    r[0] = (uint64_t)z0;
    r[1] = (uint64_t)z1;
    r[2] = (uint64_t)z2;
    r[3] = (uint64_t)z3;
    r[4] = (uint64_t)z4;
    r[5] = (uint64_t)z5;
    r[6] = (uint64_t)z6;
    r[7] = (uint64_t)z7;
}

#define FE448_M(x, y) ((fe448_u128)(x) * (y))

/* r = a b mod p; a, b limbs < 2^60; r: R. r may alias a or b. */
static inline void fe448_mul(fe448 r, const fe448 a, const fe448 b)
{
    const uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
    const uint64_t a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7];
    const uint64_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3];
    const uint64_t b4 = b[4], b5 = b[5], b6 = b[6], b7 = b[7];
    /* the sums of the halves: < 2^61 */
    const uint64_t s0 = a0 + a4, s1 = a1 + a5, s2 = a2 + a6, s3 = a3 + a7;
    const uint64_t t0 = b0 + b4, t1 = b1 + b5, t2 = b2 + b6, t3 = b3 + b7;
    /* P0 = a0 b0, P1 = a1 b1 (halves), P2 = (a0 + a1)(b0 + b1); columns 0..6;
     * P0, P1 columns < 4 * 2^120 = 2^122, P2 columns < 4 * 2^122 = 2^124 */
    fe448_u128 p00 = FE448_M(a0, b0);
    fe448_u128 p01 = FE448_M(a0, b1) + FE448_M(a1, b0);
    fe448_u128 p02 = FE448_M(a0, b2) + FE448_M(a1, b1) + FE448_M(a2, b0);
    fe448_u128 p03 = FE448_M(a0, b3) + FE448_M(a1, b2) + FE448_M(a2, b1) + FE448_M(a3, b0);
    fe448_u128 p04 = FE448_M(a1, b3) + FE448_M(a2, b2) + FE448_M(a3, b1);
    fe448_u128 p05 = FE448_M(a2, b3) + FE448_M(a3, b2);
    fe448_u128 p06 = FE448_M(a3, b3);
    fe448_u128 p10 = FE448_M(a4, b4);
    fe448_u128 p11 = FE448_M(a4, b5) + FE448_M(a5, b4);
    fe448_u128 p12 = FE448_M(a4, b6) + FE448_M(a5, b5) + FE448_M(a6, b4);
    fe448_u128 p13 = FE448_M(a4, b7) + FE448_M(a5, b6) + FE448_M(a6, b5) + FE448_M(a7, b4);
    fe448_u128 p14 = FE448_M(a5, b7) + FE448_M(a6, b6) + FE448_M(a7, b5);
    fe448_u128 p15 = FE448_M(a6, b7) + FE448_M(a7, b6);
    fe448_u128 p16 = FE448_M(a7, b7);
    fe448_u128 p20 = FE448_M(s0, t0);
    fe448_u128 p21 = FE448_M(s0, t1) + FE448_M(s1, t0);
    fe448_u128 p22 = FE448_M(s0, t2) + FE448_M(s1, t1) + FE448_M(s2, t0);
    fe448_u128 p23 = FE448_M(s0, t3) + FE448_M(s1, t2) + FE448_M(s2, t1) + FE448_M(s3, t0);
    fe448_u128 p24 = FE448_M(s1, t3) + FE448_M(s2, t2) + FE448_M(s3, t1);
    fe448_u128 p25 = FE448_M(s2, t3) + FE448_M(s3, t2);
    fe448_u128 p26 = FE448_M(s3, t3);
    /* a b = (P0 + P1) + (P2 - P0) phi; the columns 8..10 of that (D[4..6] with
     * D = P2 - P0 >= 0 column by column) fold to columns 0..2 and 4..6.
     * Each z below < 2^122 + 2^122 + 2^124 < 2^126 (z4..z6: P1 + P2 + P2). */
    fe448_u128 z0 = p00 + p10 + p24 - p04;
    fe448_u128 z1 = p01 + p11 + p25 - p05;
    fe448_u128 z2 = p02 + p12 + p26 - p06;
    fe448_u128 z3 = p03 + p13;
    fe448_u128 z4 = p14 + p20 + p24 - p00;
    fe448_u128 z5 = p15 + p21 + p25 - p01;
    fe448_u128 z6 = p16 + p22 + p26 - p02;
    fe448_u128 z7 = p23 - p03;
    fe448_carry_wide(r, z0, z1, z2, z3, z4, z5, z6, z7);
}

/* r = a^2 mod p; a limbs < 2^60; r: R. The same split, with squares. */
static inline void fe448_sqr(fe448 r, const fe448 a)
{
    const uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
    const uint64_t a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7];
    const uint64_t s0 = a0 + a4, s1 = a1 + a5, s2 = a2 + a6, s3 = a3 + a7; /* < 2^61 */
    /* doubled operands: < 2^62 */
    const uint64_t d0 = 2 * a0, d1 = 2 * a1, d2 = 2 * a2;
    const uint64_t d4 = 2 * a4, d5 = 2 * a5, d6 = 2 * a6;
    const uint64_t e0 = 2 * s0, e1 = 2 * s1, e2 = 2 * s2;
    fe448_u128 p00 = FE448_M(a0, a0);
    fe448_u128 p01 = FE448_M(d0, a1);
    fe448_u128 p02 = FE448_M(d0, a2) + FE448_M(a1, a1);
    fe448_u128 p03 = FE448_M(d0, a3) + FE448_M(d1, a2);
    fe448_u128 p04 = FE448_M(d1, a3) + FE448_M(a2, a2);
    fe448_u128 p05 = FE448_M(d2, a3);
    fe448_u128 p06 = FE448_M(a3, a3);
    fe448_u128 p10 = FE448_M(a4, a4);
    fe448_u128 p11 = FE448_M(d4, a5);
    fe448_u128 p12 = FE448_M(d4, a6) + FE448_M(a5, a5);
    fe448_u128 p13 = FE448_M(d4, a7) + FE448_M(d5, a6);
    fe448_u128 p14 = FE448_M(d5, a7) + FE448_M(a6, a6);
    fe448_u128 p15 = FE448_M(d6, a7);
    fe448_u128 p16 = FE448_M(a7, a7);
    fe448_u128 p20 = FE448_M(s0, s0);
    fe448_u128 p21 = FE448_M(e0, s1);
    fe448_u128 p22 = FE448_M(e0, s2) + FE448_M(s1, s1);
    fe448_u128 p23 = FE448_M(e0, s3) + FE448_M(e1, s2);
    fe448_u128 p24 = FE448_M(e1, s3) + FE448_M(s2, s2);
    fe448_u128 p25 = FE448_M(e2, s3);
    fe448_u128 p26 = FE448_M(s3, s3);
    /* as in fe448_mul: each z < 2^126 */
    fe448_u128 z0 = p00 + p10 + p24 - p04;
    fe448_u128 z1 = p01 + p11 + p25 - p05;
    fe448_u128 z2 = p02 + p12 + p26 - p06;
    fe448_u128 z3 = p03 + p13;
    fe448_u128 z4 = p14 + p20 + p24 - p00;
    fe448_u128 z5 = p15 + p21 + p25 - p01;
    fe448_u128 z6 = p16 + p22 + p26 - p02;
    fe448_u128 z7 = p23 - p03;
    fe448_carry_wide(r, z0, z1, z2, z3, z4, z5, z6, z7);
}

/* r = a^(2^n) (n >= 1 squarings) */
static inline void fe448_sqr_n(fe448 r, const fe448 a, int n)
{
    fe448_sqr(r, a);
    for (int i = 1; i < n; i++)
        fe448_sqr(r, r);
}

/* r = a k mod p for a small constant k < 2^16; a limbs < 2^60; r: R */
static inline void fe448_mul_small(fe448 r, const fe448 a, uint32_t k)
{
    /* each column < 2^76 */
    fe448_carry_wide(r, FE448_M(a[0], k), FE448_M(a[1], k), FE448_M(a[2], k),
                     FE448_M(a[3], k), FE448_M(a[4], k), FE448_M(a[5], k),
                     FE448_M(a[6], k), FE448_M(a[7], k));
}

/* if mask (all-ones or zero), swap a and b; constant time */
static inline void fe448_cswap(fe448 a, fe448 b, uint64_t mask)
{
    mask = ct_barrier(mask);
    for (int i = 0; i < 8; i++) {
        uint64_t x = mask & (a[i] ^ b[i]);
        a[i] ^= x;
        b[i] ^= x;
    }
}

/* if mask, r = a; constant time */
static inline void fe448_cmov(fe448 r, const fe448 a, uint64_t mask)
{
    mask = ct_barrier(mask);
    for (int i = 0; i < 8; i++)
        r[i] ^= mask & (r[i] ^ a[i]);
}

/* r = a^((p - 3) / 4) = a^(2^446 - 2^222 - 1); in binary (p - 3) / 4 is
 * 223 ones, a zero, 222 ones. Chain: a^(2^k - 1) for k = 1, 2, 3, 6, 12,
 * 24, 30, 48, 96, 192, 222, 223; 446 squarings, 12 multiplications. */
static inline void fe448_pow_p3d4(fe448 r, const fe448 a)
{
    fe448 t1, t2, t3, t6, t12, t24, t30, t48, t96, t192, t222, t;
    fe448_carry(t1, a);
    fe448_sqr(t, t1);
    fe448_mul(t2, t, t1); /* 2^2 - 1 */
    fe448_sqr(t, t2);
    fe448_mul(t3, t, t1); /* 2^3 - 1 */
    fe448_sqr_n(t, t3, 3);
    fe448_mul(t6, t, t3);
    fe448_sqr_n(t, t6, 6);
    fe448_mul(t12, t, t6);
    fe448_sqr_n(t, t12, 12);
    fe448_mul(t24, t, t12);
    fe448_sqr_n(t, t24, 6);
    fe448_mul(t30, t, t6);
    fe448_sqr_n(t, t24, 24);
    fe448_mul(t48, t, t24);
    fe448_sqr_n(t, t48, 48);
    fe448_mul(t96, t, t48);
    fe448_sqr_n(t, t96, 96);
    fe448_mul(t192, t, t96);
    fe448_sqr_n(t, t192, 30);
    fe448_mul(t222, t, t30);
    fe448_sqr(t, t222);
    fe448_mul(t, t, t1); /* 2^223 - 1 */
    fe448_sqr(t, t);     /* 223 ones, a zero */
    fe448_sqr_n(t, t, 222);
    fe448_mul(r, t, t222); /* 223 ones, a zero, 222 ones */
    pkc_memzero(t1, sizeof t1);
    pkc_memzero(t2, sizeof t2);
    pkc_memzero(t3, sizeof t3);
    pkc_memzero(t6, sizeof t6);
    pkc_memzero(t12, sizeof t12);
    pkc_memzero(t24, sizeof t24);
    pkc_memzero(t30, sizeof t30);
    pkc_memzero(t48, sizeof t48);
    pkc_memzero(t96, sizeof t96);
    pkc_memzero(t192, sizeof t192);
    pkc_memzero(t222, sizeof t222);
    pkc_memzero(t, sizeof t);
}

/* r = 1 / a = a^(p - 2) (0 for a = 0); p - 2 = 4 (p - 3) / 4 + 1. a limbs
 * < 2^60; r: R. */
static inline void fe448_inv(fe448 r, const fe448 a)
{
    fe448 t, a1;
    fe448_carry(a1, a);
    fe448_pow_p3d4(t, a1);
    fe448_sqr_n(t, t, 2);
    fe448_mul(r, t, a1);
    pkc_memzero(t, sizeof t);
    pkc_memzero(a1, sizeof a1);
}

/* r = the canonical value of a (in [0, p), limbs < 2^56); a limbs < 2^60. */
static inline void fe448_canon(fe448 r, const fe448 a)
{
    uint64_t t[8], s[8];
    memcpy(t, a, sizeof t);
    /* three wrapping carry passes. After the first, limbs 0 and 4 are
     * < 2^56 + 2^5 and the others < 2^56; after the second, every limb is
     * < 2^56 except limb 0, <= 2^56 (its top carry c is 1 only if the value
     * was >= 2^448, and then limbs 5..7 are 0); the third carries that limb 0
     * with no carry out of limb 7: every limb < 2^56, value < 2^448. */
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < 7; i++) {
            t[i + 1] += t[i] >> 56;
            t[i] &= FE448_MASK;
        }
        uint64_t c = t[7] >> 56;
        t[7] &= FE448_MASK;
        t[0] += c;
        t[4] += c;
    }
    /* value < 2^448 < 2p: subtract p once if no borrow. p's limbs are
     * 2^56 - 1 except limb 4, 2^56 - 2. */
    uint64_t borrow = 0;
    for (int i = 0; i < 8; i++) {
        uint64_t pi = FE448_MASK - (i == 4 ? 1 : 0);
        uint64_t d = t[i] - pi - borrow; /* in (-2^57, 2^56) as two's complement */
        borrow = d >> 63;
        s[i] = d & FE448_MASK;
    }
    uint64_t keep = (uint64_t)0 - borrow; /* all-ones if t < p */
    for (int i = 0; i < 8; i++)
        r[i] = ct_select(keep, t[i], s[i]);
}

/* 56 bytes little-endian, canonical */
static inline void fe448_tobytes(uint8_t out[56], const fe448 a)
{
    fe448 t;
    fe448_canon(t, a);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 7; j++)
            out[7 * i + j] = (uint8_t)(t[i] >> (8 * j));
    pkc_memzero(t, sizeof t);
}

/* 56 bytes little-endian into T limbs; any value < 2^448 (not reduced) */
static inline void fe448_frombytes(fe448 r, const uint8_t in[56])
{
    for (int i = 0; i < 8; i++) {
        uint64_t v = 0;
        for (int j = 0; j < 7; j++)
            v |= (uint64_t)in[7 * i + j] << (8 * j);
        r[i] = v;
    }
}

/* all-ones if a = b mod p; a, b limbs < 2^60 */
static inline uint64_t fe448_eq(const fe448 a, const fe448 b)
{
    fe448 x, y;
    fe448_canon(x, a);
    fe448_canon(y, b);
    uint64_t d = 0;
    for (int i = 0; i < 8; i++)
        d |= x[i] ^ y[i];
    return ct_mask_zero(d);
}

/* all-ones if a = 0 mod p */
static inline uint64_t fe448_is_zero(const fe448 a)
{
    fe448 x;
    fe448_canon(x, a);
    uint64_t d = 0;
    for (int i = 0; i < 8; i++)
        d |= x[i];
    return ct_mask_zero(d);
}

/* 1 if the canonical value of a is odd ("negative", RFC 8032 5.2.2), else 0 */
static inline uint64_t fe448_is_negative(const fe448 a)
{
    fe448 x;
    fe448_canon(x, a);
    return x[0] & 1;
}

/* The square root of u/v (RFC 8032 section 5.2.3; p = 3 mod 4):
 * r = u^3 v (u^5 v^3)^((p - 3) / 4), and the mask of v r^2 = u (all-ones
 * if u/v is a square, or u = 0; zero otherwise). u, v limbs < 2^60; r: R. */
static inline uint64_t fe448_sqrt_ratio(fe448 r, const fe448 u, const fe448 v)
{
    fe448 u2, u3, u5, v3, t, c;
    fe448_sqr(u2, u);
    fe448_mul(u3, u2, u);
    fe448_mul(u5, u3, u2);
    fe448_sqr(t, v);
    fe448_mul(v3, t, v);
    fe448_mul(t, u5, v3);
    fe448_pow_p3d4(t, t);
    fe448_mul(t, t, u3);
    fe448_mul(r, t, v);
    fe448_sqr(c, r);
    fe448_mul(c, c, v);
    uint64_t ok = fe448_eq(c, u);
    pkc_memzero(u2, sizeof u2);
    pkc_memzero(u3, sizeof u3);
    pkc_memzero(u5, sizeof u5);
    pkc_memzero(v3, sizeof v3);
    pkc_memzero(t, sizeof t);
    pkc_memzero(c, sizeof c);
    return ok;
}

#endif
