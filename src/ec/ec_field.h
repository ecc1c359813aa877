/* pkc — generic multi-precision field primitives for the elliptic-curve
 * arithmetic (internal). Every function takes the limb count N as its last
 * argument; they are always inlined, and callers pass a compile-time
 * constant, so the compiler sees constant loop bounds and unrolls fully:
 * this is the "one generic Montgomery implementation, specialised per limb
 * count at compile time" of DESIGN.md. The modulus is passed as a pointer to
 * a static const array, which the compiler may also fold into the code.
 *
 * Contracts: inputs and outputs of the mod_* functions are in [0, m); m is
 * odd and m < 2^(64N). Everything is constant time (no branch or index on
 * limb values); masks come from ct.h, with the value barrier where the
 * compiler might otherwise turn a mask back into a branch.
 */
#ifndef PKC_EC_FIELD_H
#define PKC_EC_FIELD_H

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

/* Montgomery product r = a*b*2^(-64N) mod m (CIOS, Koc-Acar-Kaliski 1996):
 * interleaves one row of a*b with one reduction step, so the accumulator
 * stays N+2 words. m0 = -m^-1 mod 2^64. Inputs < m give a value < 2m before
 * the final subtraction. r may alias a or b. */
FE_INLINE void mont_mul_cios(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                             uint64_t m0, const int N)
{
    uint64_t t[FE_MAXN + 2];
    FE_UNROLL
    for (int i = 0; i < N + 2; i++)
        t[i] = 0;
    FE_UNROLL
    for (int i = 0; i < N; i++) {
        uint64_t c = 0;
        FE_UNROLL
        for (int j = 0; j < N; j++) {
            fe_u128 uv = (fe_u128)a[i] * b[j] + t[j] + c;
            t[j] = (uint64_t)uv;
            c = (uint64_t)(uv >> 64);
        }
        fe_u128 uv = (fe_u128)t[N] + c;
        t[N] = (uint64_t)uv;
        t[N + 1] = (uint64_t)(uv >> 64);
        uint64_t q = t[0] * m0;
        uv = (fe_u128)q * m[0] + t[0];
        c = (uint64_t)(uv >> 64);
        FE_UNROLL
        for (int j = 1; j < N; j++) {
            uv = (fe_u128)q * m[j] + t[j] + c;
            t[j - 1] = (uint64_t)uv;
            c = (uint64_t)(uv >> 64);
        }
        uv = (fe_u128)t[N] + c;
        t[N - 1] = (uint64_t)uv;
        t[N] = t[N + 1] + (uint64_t)(uv >> 64);
    }
    FE_UNROLL
    for (int i = 0; i < N; i++)
        r[i] = t[i];
    lb_reduce_once(r, t[N], m, N);
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

/* Montgomery reduction of a 2N-word t < m*2^(64N): r = t*2^(-64N) mod m.
 * t is clobbered. */
FE_INLINE void mont_redc(uint64_t *r, uint64_t *t, const uint64_t *m, uint64_t m0, const int N)
{
    uint64_t hi = 0; /* carry out of the top word, accumulated */
    FE_UNROLL
    for (int i = 0; i < N; i++) {
        uint64_t q = t[i] * m0;
        uint64_t c = 0;
        FE_UNROLL
        for (int j = 0; j < N; j++) {
            fe_u128 uv = (fe_u128)q * m[j] + t[i + j] + c;
            t[i + j] = (uint64_t)uv;
            c = (uint64_t)(uv >> 64);
        }
        /* propagate c into t[i+N], with the carry of earlier rows */
        fe_u128 uv = (fe_u128)t[i + N] + c + hi;
        t[i + N] = (uint64_t)uv;
        hi = (uint64_t)(uv >> 64);
    }
    FE_UNROLL
    for (int i = 0; i < N; i++)
        r[i] = t[N + i];
    lb_reduce_once(r, hi, m, N);
}

/* Montgomery reduction specialised to the P-256 prime
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4 D.1.2.3), r = t*2^-256
 * mod p for t < p*2^256, with p passed in (for the final subtraction);
 * t is clobbered. Same word-by-word algorithm as
 * mont_redc, but the multiplications by p become shifts and additions:
 *  - p's low word is 2^64 - 1, so -p^-1 mod 2^64 = 1 and the quotient digit
 *    of each step is q = t[i] itself (no multiplication by m0);
 *  - t + q*p zeroes word i by construction, and what it adds above word i
 *    is q*(p + 1)/2^64 = q*(2^192 - 2^160 + 2^128 + 2^32) at word i+1,
 *    i.e. q*2^32 at words i+1..i+2 plus q*(2^64 - 2^32 + 1) at words
 *    i+3..i+4, both of which are shifts and subtractions of q (the
 *    latter is below 2^128 - 2^96, so its high word is at most
 *    2^64 - 2^32 and adding the previous step's carry bit cannot wrap).
 * This removes the 12 multiplications of the generic reduction. The value
 * before the final subtraction is below 2p, as in mont_redc. No branch
 * depends on the data. */
FE_INLINE void p256_mont_redc(uint64_t *r, uint64_t *t, const uint64_t *p)
{
    uint64_t hi = 0; /* carry out of the top word of the previous step */
    FE_UNROLL
    for (int i = 0; i < 4; i++) {
        uint64_t q = t[i];
        /* (h1:h0) = q*(2^64 - 2^32 + 1) = (q:q) - (q>>32 : q<<32), written
         * with sbb: as a 128-bit expression GCC turns it into a mul */
        uint64_t h0, h1;
        unsigned char c = 0;
        FE_SBB(c, q, q << 32, &h0);
        FE_SBB(c, q, q >> 32, &h1);
        c = 0;
        FE_ADC(c, t[i + 1], q << 32, &t[i + 1]);
        FE_ADC(c, t[i + 2], q >> 32, &t[i + 2]);
        FE_ADC(c, t[i + 3], h0, &t[i + 3]);
        FE_ADC(c, t[i + 4], h1 + hi, &t[i + 4]);
        hi = c;
    }
    FE_UNROLL
    for (int i = 0; i < 4; i++)
        r[i] = t[4 + i];
    lb_reduce_once(r, hi, p, 4);
}

FE_INLINE void mont_sqr(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t m0, const int N)
{
    uint64_t t[2 * FE_MAXN];
    lb_sqr_wide(t, a, N);
    mont_redc(r, t, m, m0, N);
}

/* Montgomery product as a full product followed by the reduction: with
 * the modulus constant this compiles to fewer instructions than the
 * interleaved (CIOS) form above, which is kept for reference. */
FE_INLINE void mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                        uint64_t m0, const int N)
{
    uint64_t t[2 * FE_MAXN];
    lb_mul_wide(t, a, b, N);
    mont_redc(r, t, m, m0, N);
}

/* ---- constant-time inversion by safegcd (Bernstein-Yang, "Fast
 * constant-time gcd computation and modular inversion", TCHES 2019) ----
 * Values are in signed base 2^62: v = sum v[i] 2^(62 i), limbs below the top
 * one in [0, 2^62), the top one signed. The inverse of x mod an odd m is
 * built from batches of 62 "divsteps" on the low 64 bits of (f, g), each
 * batch giving a 2x2 matrix T (entries |.| <= 2^62) with
 * 2^62 (f', g') = T (f, g), applied to (f, g) exactly and to the
 * Bezout coefficients (d, e) modulo m. The number of divsteps is the
 * paper's bound for inputs below 2^bits (theorem 11.2: (49 bits + 80) / 17),
 * run in full every time, so the running time depends on the size only. */
typedef __int128 fe_i128;
#define SG_M62 (((uint64_t)1 << 62) - 1)
#define SG_LIMBS(bits) (((bits) + 2 + 61) / 62)
#define SG_BATCHES(bits) (((49 * (bits) + 80 + 16) / 17 + 61) / 62)

/* 62 divsteps (delta version, section 8 of the paper), branch-free.
 * Invariant: 2^i (f_i, g_i) = (u f_0 + v g_0, q f_0 + r g_0). */
FE_INLINE int64_t sg_divsteps_62(int64_t delta, uint64_t f, uint64_t g, int64_t t[4])
{
    uint64_t u = 1, v = 0, q = 0, r = 1;
    for (int i = 0; i < 62; i++) {
        uint64_t c1 = ct_barrier((uint64_t)((int64_t)(0 - (uint64_t)delta) >> 63)); /* delta > 0 */
        uint64_t c2 = ct_barrier(0 - (g & 1));                                      /* g odd */
        uint64_t c = c1 & c2, x;
        /* if c: (f, g) = (g, -f), and likewise for the matrix rows */
        x = (f ^ g) & c;
        f ^= x;
        g ^= x;
        g = (g ^ c) - c;
        x = (u ^ q) & c;
        u ^= x;
        q ^= x;
        q = (q ^ c) - c;
        x = (v ^ r) & c;
        v ^= x;
        r ^= x;
        r = (r ^ c) - c;
        delta = (int64_t)(((uint64_t)delta ^ c) - c) + 1;
        /* g = (g + [g odd] f) / 2; halving g doubles the f row instead */
        g += f & c2;
        q += u & c2;
        r += v & c2;
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    t[0] = (int64_t)u;
    t[1] = (int64_t)v;
    t[2] = (int64_t)q;
    t[3] = (int64_t)r;
    return delta;
}

/* (f, g) = T (f, g) / 2^62, exact */
FE_INLINE void sg_update_fg(int64_t *f, int64_t *g, const int64_t t[4], const int L)
{
    fe_i128 cf = (fe_i128)t[0] * f[0] + (fe_i128)t[1] * g[0];
    fe_i128 cg = (fe_i128)t[2] * f[0] + (fe_i128)t[3] * g[0];
    cf >>= 62;
    cg >>= 62;
    FE_UNROLL
    for (int i = 1; i < L; i++) {
        cf += (fe_i128)t[0] * f[i] + (fe_i128)t[1] * g[i];
        cg += (fe_i128)t[2] * f[i] + (fe_i128)t[3] * g[i];
        f[i - 1] = (int64_t)((uint64_t)cf & SG_M62);
        g[i - 1] = (int64_t)((uint64_t)cg & SG_M62);
        cf >>= 62;
        cg >>= 62;
    }
    f[L - 1] = (int64_t)cf;
    g[L - 1] = (int64_t)cg;
}

/* (d, e) = (T (d, e) + m (md, me)) / 2^62 with md, me chosen so the
 * division is exact; d, e stay in (-2m, m) (the sign corrections before
 * the multiple of m is chosen are what keep them there). */
FE_INLINE void sg_update_de(int64_t *d, int64_t *e, const int64_t t[4], const int64_t *m,
                            uint64_t minv62, const int L)
{
    int64_t u = t[0], v = t[1], q = t[2], r = t[3];
    int64_t sd = d[L - 1] >> 63, se = e[L - 1] >> 63;
    int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
    fe_i128 cd = (fe_i128)u * d[0] + (fe_i128)v * e[0];
    fe_i128 ce = (fe_i128)q * d[0] + (fe_i128)r * e[0];
    md -= (int64_t)((minv62 * (uint64_t)cd + (uint64_t)md) & SG_M62);
    me -= (int64_t)((minv62 * (uint64_t)ce + (uint64_t)me) & SG_M62);
    cd += (fe_i128)m[0] * md;
    ce += (fe_i128)m[0] * me;
    cd >>= 62;
    ce >>= 62;
    FE_UNROLL
    for (int i = 1; i < L; i++) {
        cd += (fe_i128)u * d[i] + (fe_i128)v * e[i] + (fe_i128)m[i] * md;
        ce += (fe_i128)q * d[i] + (fe_i128)r * e[i] + (fe_i128)m[i] * me;
        d[i - 1] = (int64_t)((uint64_t)cd & SG_M62);
        e[i - 1] = (int64_t)((uint64_t)ce & SG_M62);
        cd >>= 62;
        ce >>= 62;
    }
    d[L - 1] = (int64_t)cd;
    e[L - 1] = (int64_t)ce;
}

/* d += m if mask (d in signed-62 form, carries propagated) */
FE_INLINE void sg_cadd(int64_t *d, const int64_t *m, uint64_t mask, const int L)
{
    int64_t c = 0;
    FE_UNROLL
    for (int i = 0; i < L - 1; i++) {
        c += d[i] + (m[i] & (int64_t)mask);
        d[i] = (int64_t)((uint64_t)c & SG_M62);
        c >>= 62;
    }
    d[L - 1] += c + (m[L - 1] & (int64_t)mask);
}

/* d = -d if mask */
FE_INLINE void sg_cneg(int64_t *d, uint64_t mask, const int L)
{
    int64_t c = 0;
    FE_UNROLL
    for (int i = 0; i < L - 1; i++) {
        c += (int64_t)(((uint64_t)d[i] ^ mask) - mask);
        d[i] = (int64_t)((uint64_t)c & SG_M62);
        c >>= 62;
    }
    d[L - 1] = (int64_t)(((uint64_t)d[L - 1] ^ mask) - mask) + c;
}

/* r = x^-1 mod m for x in [0, m) as N 64-bit limbs (0 gives 0); m is the
 * modulus in signed-62 form (L limbs) and minv62 = m^-1 mod 2^62. */
FE_INLINE void sg_inv(uint64_t *r, const uint64_t *x, const int64_t *m, uint64_t minv62,
                      const int N, const int L, const int batches)
{
    int64_t f[FE_MAXN + 2], g[FE_MAXN + 2], d[FE_MAXN + 2], e[FE_MAXN + 2], t[4];
    FE_UNROLL
    for (int i = 0; i < L; i++) {
        int bit = 62 * i, w = bit / 64, o = bit % 64;
        uint64_t v = w < N ? x[w] >> o : 0;
        if (o > 2 && w + 1 < N)
            v |= x[w + 1] << (64 - o);
        g[i] = (int64_t)(v & SG_M62);
        f[i] = m[i];
        d[i] = 0;
        e[i] = 0;
    }
    e[0] = 1;
    int64_t delta = 1;
    for (int b = 0; b < batches; b++) {
        uint64_t f0 = (uint64_t)f[0] | ((uint64_t)f[1] << 62);
        uint64_t g0 = (uint64_t)g[0] | ((uint64_t)g[1] << 62);
        delta = sg_divsteps_62(delta, f0, g0, t);
        sg_update_de(d, e, t, m, minv62, L);
        sg_update_fg(f, g, t, L);
    }
    /* now g = 0 and f = +-1 (or f = +-m for x = 0, where d = 0): the
     * inverse is d * sign(f), with d in (-2m, m) */
    uint64_t dneg = (uint64_t)(d[L - 1] >> 63);
    sg_cadd(d, m, dneg, L);
    uint64_t fneg = (uint64_t)(f[L - 1] >> 63);
    sg_cneg(d, fneg, L);
    dneg = (uint64_t)(d[L - 1] >> 63);
    sg_cadd(d, m, dneg, L);
    FE_UNROLL
    for (int i = 0; i < N; i++)
        r[i] = 0;
    FE_UNROLL
    for (int i = 0; i < L; i++) {
        int bit = 62 * i, w = bit / 64, o = bit % 64;
        uint64_t v = (uint64_t)d[i];
        if (w < N)
            r[w] |= v << o;
        if (o > 2 && w + 1 < N)
            r[w + 1] |= v >> (64 - o);
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

FE_INLINE void lb_to_be(uint8_t *out, size_t len, const uint64_t *a, const int N)
{
    FE_UNROLL
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        out[i] = (uint8_t)(a[bit / 64] >> (bit % 64));
    }
}

#endif
