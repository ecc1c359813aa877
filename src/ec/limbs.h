/* pkc — multi-precision primitives on fixed arrays of 64-bit limbs
 * (internal; the lowest layer of src/ec/).
 *
 * Every function takes the limb count N as its last argument; they are
 * always inlined and callers pass a compile-time constant, so the compiler
 * sees constant loop bounds and unrolls fully: this is how one generic
 * implementation is specialised per limb count (DESIGN.md). Moduli are
 * passed as pointers to static const arrays, which the compiler may fold.
 *
 * Contracts: inputs and outputs of the mod_* functions are in [0, m); m is
 * odd and m < 2^(64N). Everything is constant time (no branch or index on
 * limb values); masks come from ct.h, with the value barrier where the
 * compiler might otherwise turn a mask back into a branch.
 */
#ifndef PKC_EC_LIMBS_H
#define PKC_EC_LIMBS_H

#include <stdint.h>
#include <string.h>

#include "ct.h"

#define FE_INLINE static inline __attribute__((always_inline))
typedef unsigned __int128 fe_u128;
/* scratch arrays are sized for the largest limb count: a variable-length
 * array (even of constant length after inlining) would stay in memory */
#define FE_MAXN 9
/* -O2 does not unroll loops completely on its own; these must be */
#define FE_UNROLL _Pragma("GCC unroll 20")

/* Carry chains: the x86-64 add-with-carry intrinsics give GCC straight
 * adc/sbb sequences (the portable unsigned __int128 form compiles to about
 * three times as many instructions); other targets use the portable form. */
#if defined(__x86_64__)
#include <x86intrin.h>
#define FE_ADC(c, a, b, r)                                        \
    do {                                                          \
        unsigned long long o_;                                    \
        (c) = _addcarry_u64((unsigned char)(c), (a), (b), &o_);   \
        *(r) = o_;                                                \
    } while (0)
#define FE_SBB(c, a, b, r)                                        \
    do {                                                          \
        unsigned long long o_;                                    \
        (c) = _subborrow_u64((unsigned char)(c), (a), (b), &o_);  \
        *(r) = o_;                                                \
    } while (0)
#else
#define FE_ADC(c, a, b, r)                                   \
    do {                                                     \
        fe_u128 t_ = (fe_u128)(a) + (b) + (c);               \
        *(r) = (uint64_t)t_;                                 \
        (c) = (unsigned char)(t_ >> 64);                     \
    } while (0)
#define FE_SBB(c, a, b, r)                                   \
    do {                                                     \
        fe_u128 t_ = (fe_u128)(a) - (b) - (c);               \
        *(r) = (uint64_t)t_;                                 \
        (c) = (unsigned char)((t_ >> 64) & 1);               \
    } while (0)
#endif


/* r = a + b over N limbs; returns the carry (0/1). */
FE_INLINE uint64_t lb_add(uint64_t *r, const uint64_t *a, const uint64_t *b, const int N)
{
    unsigned char c = 0;
    FE_UNROLL
    for (int i = 0; i < N; i++)
        FE_ADC(c, a[i], b[i], &r[i]);
    return c;
}

/* r = a - b over N limbs; returns the borrow (0/1). */
FE_INLINE uint64_t lb_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, const int N)
{
    unsigned char c = 0;
    FE_UNROLL
    for (int i = 0; i < N; i++)
        FE_SBB(c, a[i], b[i], &r[i]);
    return c;
}

/* mask ? a : b into r */
FE_INLINE void lb_select(uint64_t *r, uint64_t mask, const uint64_t *a, const uint64_t *b, const int N)
{
    FE_UNROLL
    for (int i = 0; i < N; i++)
        r[i] = b[i] ^ (mask & (a[i] ^ b[i]));
}

FE_INLINE uint64_t lb_is_zero(const uint64_t *a, const int N)
{
    uint64_t d = 0;
    FE_UNROLL
    for (int i = 0; i < N; i++)
        d |= a[i];
    return ct_mask_zero(d);
}

FE_INLINE uint64_t lb_eq(const uint64_t *a, const uint64_t *b, const int N)
{
    uint64_t d = 0;
    FE_UNROLL
    for (int i = 0; i < N; i++)
        d |= a[i] ^ b[i];
    return ct_mask_zero(d);
}

/* all-ones if a < b */
FE_INLINE uint64_t lb_lt(const uint64_t *a, const uint64_t *b, const int N)
{
    uint64_t t[FE_MAXN];
    return (uint64_t)0 - lb_sub(t, a, b, N);
}

/* r = (hi:r) - m if that is non-negative, else r unchanged; hi is the
 * extra top word (0/1). Used after additions and Montgomery products whose
 * value is below 2m. */
FE_INLINE void lb_reduce_once(uint64_t *r, uint64_t hi, const uint64_t *m, const int N)
{
    uint64_t t[FE_MAXN];
    uint64_t bw = lb_sub(t, r, m, N);
    /* keep t when hi = 1 or there was no borrow */
    uint64_t keep_t = ct_barrier((uint64_t)0 - ((hi | (bw ^ 1)) & 1));
    lb_select(r, keep_t, t, r, N);
}

FE_INLINE void mod_add(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, const int N)
{
    uint64_t c = lb_add(r, a, b, N);
    lb_reduce_once(r, c, m, N);
}

FE_INLINE void mod_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, const int N)
{
    uint64_t bw = lb_sub(r, a, b, N);
    uint64_t mask = ct_barrier((uint64_t)0 - bw);
    unsigned char c = 0;
    FE_UNROLL
    for (int i = 0; i < N; i++)
        FE_ADC(c, r[i], m[i] & mask, &r[i]);
}

/* Full product t[0..2N) = a*b (schoolbook). */
FE_INLINE void lb_mul_wide(uint64_t *t, const uint64_t *a, const uint64_t *b, const int N)
{
    FE_UNROLL
    for (int i = 0; i < 2 * N; i++)
        t[i] = 0;
    FE_UNROLL
    for (int i = 0; i < N; i++) {
        uint64_t c = 0;
        FE_UNROLL
        for (int j = 0; j < N; j++) {
            fe_u128 uv = (fe_u128)a[i] * b[j] + t[i + j] + c;
            t[i + j] = (uint64_t)uv;
            c = (uint64_t)(uv >> 64);
        }
        t[i + N] = c;
    }
}

/* Full square t[0..2N) = a^2: the off-diagonal products once, doubled, then
 * the diagonal (about N^2/2 + N multiplications instead of N^2). */
FE_INLINE void lb_sqr_wide(uint64_t *t, const uint64_t *a, const int N)
{
    FE_UNROLL
    for (int i = 0; i < 2 * N; i++)
        t[i] = 0;
    FE_UNROLL
    for (int i = 0; i < N - 1; i++) {
        uint64_t c = 0;
        FE_UNROLL
        for (int j = i + 1; j < N; j++) {
            fe_u128 uv = (fe_u128)a[i] * a[j] + t[i + j] + c;
            t[i + j] = (uint64_t)uv;
            c = (uint64_t)(uv >> 64);
        }
        t[i + N] = c;
    }
    uint64_t top = 0;
    FE_UNROLL
    for (int i = 0; i < 2 * N; i++) {
        uint64_t w = t[i];
        t[i] = (w << 1) | top;
        top = w >> 63;
    }
    uint64_t c = 0;
    FE_UNROLL
    for (int i = 0; i < N; i++) {
        fe_u128 uv = (fe_u128)a[i] * a[i] + t[2 * i] + c;
        t[2 * i] = (uint64_t)uv;
        uv = (fe_u128)t[2 * i + 1] + (uint64_t)(uv >> 64);
        t[2 * i + 1] = (uint64_t)uv;
        c = (uint64_t)(uv >> 64);
    }
}

/* big-endian bytes (exactly len) -> N limbs (len <= 8N) */
FE_INLINE void lb_from_be(uint64_t *r, const uint8_t *in, size_t len, const int N)
{
    FE_UNROLL
    for (int i = 0; i < N; i++)
        r[i] = 0;
    FE_UNROLL
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        r[bit / 64] |= (uint64_t)in[i] << (bit % 64);
    }
}

/* limbs -> big-endian bytes (exactly len, no more than the limbs hold) */
FE_INLINE void lb_to_be(uint8_t *out, size_t len, const uint64_t *a)
{
    FE_UNROLL
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        out[i] = (uint8_t)(a[bit / 64] >> (bit % 64));
    }
}

#endif
