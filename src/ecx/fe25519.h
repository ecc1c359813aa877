/* pkc — arithmetic in GF(2^255 - 19), radix 2^51 (internal; X25519, Ed25519).
 *
 * An element is five unsigned 64-bit limbs, value = sum v[i] 2^(51 i), not
 * necessarily reduced. The bounds every function accepts and produces are
 * written beside it, per limb:
 *
 *   "loose"  every limb < 2^52                (outputs of mul, sqr, sub,
 *                                              mul_small, carry, frombytes)
 *   "sum"    every limb < 2^53                (fe_add of two loose values)
 *
 * fe_mul/fe_sqr accept limbs < 2^54 (so a sum, or a sum of a loose value and a
 * sum), fe_sub accepts a < 2^54 and b < 2^54 - 152, and both return loose
 * values. Products are formed in unsigned __int128: with inputs < 2^54 and the
 * factor 19 folded into one operand (19 b < 2^58.3), each column is a sum of
 * five products < 2^112.3, below 2^115, so no column overflows.
 *
 * Nothing here branches on or indexes memory with an element's value; fe_pow
 * chains have fixed shapes. fe_tobytes is the only full reduction.
 */
#ifndef PKC_ECX_FE25519_H
#define PKC_ECX_FE25519_H

#include <stdint.h>
#include <string.h>

#include "ct.h"

typedef uint64_t fe25519[5];
typedef unsigned __int128 fe25519_u128;

/* -O2 neither inlines every call of these nor unrolls their loops */
#define FE25519_INLINE static inline __attribute__((always_inline))
#define FE25519_UNROLL _Pragma("GCC unroll 8")

#define FE25519_MASK51 (((uint64_t)1 << 51) - 1)

static const fe25519 fe25519_zero = {0, 0, 0, 0, 0};
static const fe25519 fe25519_one = {1, 0, 0, 0, 0};
/* d = -121665/121666, 2d and sqrt(-1) = 2^((p-1)/4) (RFC 8032 section 5.1) */
static const fe25519 fe25519_d = {0x34dca135978a3ULL, 0x1a8283b156ebdULL, 0x5e7a26001c029ULL,
                                  0x739c663a03cbbULL, 0x52036cee2b6ffULL};
static const fe25519 fe25519_d2 = {0x69b9426b2f159ULL, 0x35050762add7aULL, 0x3cf44c0038052ULL,
                                   0x6738cc7407977ULL, 0x2406d9dc56dffULL};
static const fe25519 fe25519_sqrtm1 = {0x61b274a0ea0b0ULL, 0x0d5a5fc8f189dULL,
                                       0x7ef5e9cbd0c60ULL, 0x78595a6804c9eULL,
                                       0x2b8324804fc1dULL};

FE25519_INLINE void fe25519_copy(fe25519 r, const fe25519 a)
{
    memcpy(r, a, sizeof(fe25519));
}

/* r = a + b, no carry: loose + loose -> sum (< 2^53); sum + loose < 2^54
 * (only as a mul/sqr input) */
FE25519_INLINE void fe25519_add(fe25519 r, const fe25519 a, const fe25519 b)
{
    FE25519_UNROLL
    for (int i = 0; i < 5; i++)
        r[i] = a[i] + b[i];
}

/* One carry pass over 128-bit columns, each t[i] < 2^115 (t[4] below
 * 2^115 - 2^64 too): out loose (limb 1 < 2^51 + 2^18, the others < 2^51) */
FE25519_INLINE void fe25519_carry128(fe25519 r, const fe25519_u128 t[5])
{
    fe25519_u128 t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4];
    t1 += (uint64_t)(t0 >> 51);
    t2 += (uint64_t)(t1 >> 51);
    t3 += (uint64_t)(t2 >> 51);
    t4 += (uint64_t)(t3 >> 51);
    uint64_t c = (uint64_t)(t4 >> 51); /* < 2^64 */
    fe25519_u128 l0 = (fe25519_u128)c * 19 + ((uint64_t)t0 & FE25519_MASK51);
    r[0] = (uint64_t)l0 & FE25519_MASK51;
    r[1] = ((uint64_t)t1 & FE25519_MASK51) + (uint64_t)(l0 >> 51); /* l0 < 2^69 */
    r[2] = (uint64_t)t2 & FE25519_MASK51;
    r[3] = (uint64_t)t3 & FE25519_MASK51;
    r[4] = (uint64_t)t4 & FE25519_MASK51;
}

/* r = a (limbs < 2^63) with one carry pass: loose (limb 0 < 2^51 + 19 2^12) */
FE25519_INLINE void fe25519_carry(fe25519 r, const fe25519 a)
{
    uint64_t c0 = a[0] >> 51, c1 = a[1] >> 51, c2 = a[2] >> 51, c3 = a[3] >> 51,
             c4 = a[4] >> 51;
    r[0] = (a[0] & FE25519_MASK51) + 19 * c4;
    r[1] = (a[1] & FE25519_MASK51) + c0;
    r[2] = (a[2] & FE25519_MASK51) + c1;
    r[3] = (a[3] & FE25519_MASK51) + c2;
    r[4] = (a[4] & FE25519_MASK51) + c3;
}

/* r = a - b + 8p, carried: a < 2^54, b < 2^54 - 152 -> loose. The limbs of
 * 8p are 2^54 - 152 and 2^54 - 8, so no limb goes negative; a + 8p < 2^55. */
FE25519_INLINE void fe25519_sub(fe25519 r, const fe25519 a, const fe25519 b)
{
    fe25519 t;
    t[0] = a[0] + 0x3FFFFFFFFFFF68ULL - b[0];
    t[1] = a[1] + 0x3FFFFFFFFFFFF8ULL - b[1];
    t[2] = a[2] + 0x3FFFFFFFFFFFF8ULL - b[2];
    t[3] = a[3] + 0x3FFFFFFFFFFFF8ULL - b[3];
    t[4] = a[4] + 0x3FFFFFFFFFFFF8ULL - b[4];
    fe25519_carry(r, t);
}

/* r = a - b + 2p without a carry, for b "tight" (the output of fe25519_mul,
 * fe25519_sqr or fe25519_mul_small: limb 0 < 2^51, limb 1 < 2^51 + 2^18,
 * the others < 2^51; or of frombytes, < 2^51) and a < 2^53: the limbs of 2p
 * are 2^52 - 38 and 2^52 - 2, each >= b's, so r < 2^53 + 2^52 < 2^54 per
 * limb, a mul/sqr/mul_small input (not a sub or neg input). */
FE25519_INLINE void fe25519_sub_tight(fe25519 r, const fe25519 a, const fe25519 b)
{
    r[0] = a[0] + 0xFFFFFFFFFFFDAULL - b[0];
    r[1] = a[1] + 0xFFFFFFFFFFFFEULL - b[1];
    r[2] = a[2] + 0xFFFFFFFFFFFFEULL - b[2];
    r[3] = a[3] + 0xFFFFFFFFFFFFEULL - b[3];
    r[4] = a[4] + 0xFFFFFFFFFFFFEULL - b[4];
}

/* r = -a: a < 2^54 - 152 -> loose */
FE25519_INLINE void fe25519_neg(fe25519 r, const fe25519 a)
{
    fe25519_sub(r, fe25519_zero, a);
}

/* r = a b: limbs < 2^54 -> loose */
FE25519_INLINE void fe25519_mul(fe25519 r, const fe25519 a, const fe25519 b)
{
    uint64_t b1 = 19 * b[1], b2 = 19 * b[2], b3 = 19 * b[3], b4 = 19 * b[4]; /* < 2^58.3 */
    fe25519_u128 t[5];
    t[0] = (fe25519_u128)a[0] * b[0] + (fe25519_u128)a[1] * b4 + (fe25519_u128)a[2] * b3 + (fe25519_u128)a[3] * b2 +
           (fe25519_u128)a[4] * b1;
    t[1] = (fe25519_u128)a[0] * b[1] + (fe25519_u128)a[1] * b[0] + (fe25519_u128)a[2] * b4 + (fe25519_u128)a[3] * b3 +
           (fe25519_u128)a[4] * b2;
    t[2] = (fe25519_u128)a[0] * b[2] + (fe25519_u128)a[1] * b[1] + (fe25519_u128)a[2] * b[0] + (fe25519_u128)a[3] * b4 +
           (fe25519_u128)a[4] * b3;
    t[3] = (fe25519_u128)a[0] * b[3] + (fe25519_u128)a[1] * b[2] + (fe25519_u128)a[2] * b[1] + (fe25519_u128)a[3] * b[0] +
           (fe25519_u128)a[4] * b4;
    t[4] = (fe25519_u128)a[0] * b[4] + (fe25519_u128)a[1] * b[3] + (fe25519_u128)a[2] * b[2] + (fe25519_u128)a[3] * b[1] +
           (fe25519_u128)a[4] * b[0];
    /* each t[i] < 5 * 2^54 * 2^58.3 < 2^115 */
    fe25519_carry128(r, t);
}

/* r = a^2: limbs < 2^54 -> loose (the same column bound as fe25519_mul) */
FE25519_INLINE void fe25519_sqr(fe25519 r, const fe25519 a)
{
    uint64_t a0x2 = 2 * a[0], a1x2 = 2 * a[1];                  /* < 2^55 */
    uint64_t a3x19 = 19 * a[3], a4x19 = 19 * a[4];              /* < 2^58.3 */
    uint64_t a3x38 = 2 * a3x19, a4x38 = 2 * a4x19;             /* < 2^59.3 */
    fe25519_u128 t[5];
    t[0] = (fe25519_u128)a[0] * a[0] + (fe25519_u128)a[1] * a4x38 + (fe25519_u128)a[2] * a3x38;
    t[1] = (fe25519_u128)a0x2 * a[1] + (fe25519_u128)a[2] * a4x38 + (fe25519_u128)a[3] * a3x19;
    t[2] = (fe25519_u128)a0x2 * a[2] + (fe25519_u128)a[1] * a[1] + (fe25519_u128)a[3] * a4x38;
    t[3] = (fe25519_u128)a0x2 * a[3] + (fe25519_u128)a1x2 * a[2] + (fe25519_u128)a[4] * a4x19;
    t[4] = (fe25519_u128)a0x2 * a[4] + (fe25519_u128)a1x2 * a[3] + (fe25519_u128)a[2] * a[2];
    /* each t[i] < 3 * 2^54 * 2^59.3 < 2^115 */
    fe25519_carry128(r, t);
}

/* r = a^(2^n), n >= 1 */
FE25519_INLINE void fe25519_sqr_n(fe25519 r, const fe25519 a, int n)
{
    fe25519_sqr(r, a);
    for (int i = 1; i < n; i++)
        fe25519_sqr(r, r);
}

/* r = a * k for k < 2^17 (a24 = 121665): a < 2^54 -> loose */
FE25519_INLINE void fe25519_mul_small(fe25519 r, const fe25519 a, uint32_t k)
{
    fe25519_u128 t[5];
    FE25519_UNROLL
    for (int i = 0; i < 5; i++)
        t[i] = (fe25519_u128)a[i] * k; /* < 2^71 */
    fe25519_carry128(r, t);
}

/* if mask (all-ones or zero), swap a and b */
FE25519_INLINE void fe25519_cswap(fe25519 a, fe25519 b, uint64_t mask)
{
    FE25519_UNROLL
    for (int i = 0; i < 5; i++) {
        uint64_t x = mask & (a[i] ^ b[i]);
        a[i] ^= x;
        b[i] ^= x;
    }
}

/* if mask, r = a */
FE25519_INLINE void fe25519_cmov(fe25519 r, const fe25519 a, uint64_t mask)
{
    FE25519_UNROLL
    for (int i = 0; i < 5; i++)
        r[i] ^= mask & (r[i] ^ a[i]);
}

/* The common part of inversion and the square root: z^(2^250 - 1) into
 * r, z^11 into z11. */
static inline void fe25519_pow2250m1(fe25519 r, fe25519 z11, const fe25519 z)
{
    fe25519 t0, t1, t2, t3;
    fe25519_sqr(t0, z);          /* 2 */
    fe25519_sqr_n(t1, t0, 2);    /* 8 */
    fe25519_mul(t1, t1, z);      /* 9 */
    fe25519_mul(z11, t0, t1);    /* 11 */
    fe25519_sqr(t2, z11);        /* 22 */
    fe25519_mul(t1, t1, t2);     /* 31 = 2^5 - 1 */
    fe25519_sqr_n(t2, t1, 5);
    fe25519_mul(t1, t2, t1);     /* 2^10 - 1 */
    fe25519_sqr_n(t2, t1, 10);
    fe25519_mul(t2, t2, t1);     /* 2^20 - 1 */
    fe25519_sqr_n(t3, t2, 20);
    fe25519_mul(t2, t3, t2);     /* 2^40 - 1 */
    fe25519_sqr_n(t2, t2, 10);
    fe25519_mul(t1, t2, t1);     /* 2^50 - 1 */
    fe25519_sqr_n(t2, t1, 50);
    fe25519_mul(t2, t2, t1);     /* 2^100 - 1 */
    fe25519_sqr_n(t3, t2, 100);
    fe25519_mul(t2, t3, t2);     /* 2^200 - 1 */
    fe25519_sqr_n(t2, t2, 50);
    fe25519_mul(r, t2, t1);      /* 2^250 - 1 */
}

/* r = z^(p-2) = z^(2^255 - 21) = 1/z (0 for z = 0): Fermat, the addition
 * chain of 254 squarings and 11 multiplications */
static inline void fe25519_invert(fe25519 r, const fe25519 z)
{
    fe25519 t, z11;
    fe25519_pow2250m1(t, z11, z);
    fe25519_sqr_n(t, t, 5);      /* 2^255 - 32 */
    fe25519_mul(r, t, z11);      /* 2^255 - 21 */
}

/* r = z^((p-5)/8) = z^(2^252 - 3) */
static inline void fe25519_pow22523(fe25519 r, const fe25519 z)
{
    fe25519 t, z11;
    fe25519_pow2250m1(t, z11, z);
    fe25519_sqr_n(t, t, 2);      /* 2^252 - 4 */
    fe25519_mul(r, t, z);        /* 2^252 - 3 */
}

/* 32 bytes little-endian, bit 255 ignored (RFC 7748 section 5; RFC 8032
 * takes the bit off first): loose. A value in [p, 2^255) is kept unreduced
 * and so taken mod p. */
FE25519_INLINE void fe25519_frombytes(fe25519 r, const uint8_t s[32])
{
    uint64_t w[4];
    for (int i = 0; i < 4; i++) {
        uint64_t x = 0;
        for (int j = 7; j >= 0; j--)
            x = (x << 8) | s[8 * i + j];
        w[i] = x;
    }
    r[0] = w[0] & FE25519_MASK51;
    r[1] = ((w[0] >> 51) | (w[1] << 13)) & FE25519_MASK51;
    r[2] = ((w[1] >> 38) | (w[2] << 26)) & FE25519_MASK51;
    r[3] = ((w[2] >> 25) | (w[3] << 39)) & FE25519_MASK51;
    r[4] = (w[3] >> 12) & FE25519_MASK51;
}

/* A sequential carry pass: a < 2^63 per limb -> limbs 1..4 < 2^51, limb 0
 * < 2^51 + 19 (a[4] >> 51) */
FE25519_INLINE void fe25519_carry_seq(fe25519 h)
{
    h[1] += h[0] >> 51;
    h[0] &= FE25519_MASK51;
    h[2] += h[1] >> 51;
    h[1] &= FE25519_MASK51;
    h[3] += h[2] >> 51;
    h[2] &= FE25519_MASK51;
    h[4] += h[3] >> 51;
    h[3] &= FE25519_MASK51;
    h[0] += 19 * (h[4] >> 51);
    h[4] &= FE25519_MASK51;
}

/* The canonical encoding (the value mod p, 32 bytes little-endian, bit 255
 * clear): a < 2^63 per limb. */
static inline void fe25519_tobytes(uint8_t s[32], const fe25519 a)
{
    fe25519 h;
    fe25519_copy(h, a);
    fe25519_carry_seq(h); /* limb 0 < 2^51 + 19 2^12, the others < 2^51 */
    fe25519_carry_seq(h); /* limb 0 < 2^51 + 19 (a carry of at most 1 out of limb 4) */
    /* h < 2^255 + 19 < 2p. q = 1 iff h >= p, i.e. iff h + 19 >= 2^255: the
     * carry of h + 19 through the limbs */
    uint64_t q = (h[0] + 19) >> 51;
    q = (h[1] + q) >> 51;
    q = (h[2] + q) >> 51;
    q = (h[3] + q) >> 51;
    q = (h[4] + q) >> 51;
    /* h - q p = h + 19 q - q 2^255: the carry out of limb 4 is q, dropped */
    h[0] += 19 * q;
    h[1] += h[0] >> 51;
    h[0] &= FE25519_MASK51;
    h[2] += h[1] >> 51;
    h[1] &= FE25519_MASK51;
    h[3] += h[2] >> 51;
    h[2] &= FE25519_MASK51;
    h[4] += h[3] >> 51;
    h[3] &= FE25519_MASK51;
    h[4] &= FE25519_MASK51;
    uint64_t w[4];
    w[0] = h[0] | (h[1] << 51);
    w[1] = (h[1] >> 13) | (h[2] << 38);
    w[2] = (h[2] >> 26) | (h[3] << 25);
    w[3] = (h[3] >> 39) | (h[4] << 12);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++)
            s[8 * i + j] = (uint8_t)(w[i] >> (8 * j));
}

/* all-ones if a = 0 mod p */
static inline uint64_t fe25519_is_zero(const fe25519 a)
{
    uint8_t s[32];
    fe25519_tobytes(s, a);
    uint64_t x = 0;
    for (int i = 0; i < 32; i++)
        x |= s[i];
    return ct_mask_zero(x);
}

/* all-ones if a = b mod p */
static inline uint64_t fe25519_eq(const fe25519 a, const fe25519 b)
{
    fe25519 t;
    fe25519_sub(t, a, b);
    return fe25519_is_zero(t);
}

/* the low bit of the canonical value ("negative", RFC 8032 section 5.1.2) */
static inline uint64_t fe25519_is_negative(const fe25519 a)
{
    uint8_t s[32];
    fe25519_tobytes(s, a);
    return s[0] & 1;
}

/* x from u = y^2 - 1 and v = d y^2 + 1 (RFC 8032 section 5.1.3 step 2-3):
 * x = u v^3 (u v^7)^((p-5)/8), times sqrt(-1) when v x^2 = -u. Returns
 * all-ones if u/v is a square (then x^2 = u/v), else zero. Constant time. */
static inline uint64_t fe25519_sqrt_ratio(fe25519 x, const fe25519 u, const fe25519 v)
{
    fe25519 v3, v7, t, vx2, nu;
    fe25519_sqr(v3, v);
    fe25519_mul(v3, v3, v);      /* v^3 */
    fe25519_sqr(v7, v3);
    fe25519_mul(v7, v7, v);      /* v^7 */
    fe25519_mul(t, u, v7);
    fe25519_pow22523(t, t);
    fe25519_mul(t, t, v3);
    fe25519_mul(x, t, u);        /* u v^3 (u v^7)^((p-5)/8) */
    fe25519_sqr(vx2, x);
    fe25519_mul(vx2, vx2, v);
    fe25519_neg(nu, u);
    uint64_t ok1 = fe25519_eq(vx2, u);
    uint64_t ok2 = fe25519_eq(vx2, nu);
    fe25519_mul(t, x, fe25519_sqrtm1);
    fe25519_cmov(x, t, ok2);
    return ok1 | ok2;
}

#endif
