/* pkc — the binary field GF(2^m) of one curve (internal; layer 1 of the
 * binary-curve arithmetic, included by curve_gf2m_tmpl.h).
 *
 * Polynomial basis: an element is a polynomial over GF(2) of degree < m,
 * bit i of the EC_N little-endian 64-bit words the coefficient of z^i; it
 * is always kept reduced (the words above bit m - 1 are zero), so the
 * representation is the canonical one of SEC 1 and no conversion exists.
 * Reduction is by f(z) = z^m + z^k3 + z^k2 + z^k1 + 1 (EC_POLY_K1..K3) or
 * z^m + z^k1 + 1 (EC_POLY_K1 only).
 *
 * Multiplication: carry-less 64 x 64 -> 128-bit products, schoolbook over
 * the words, by PCLMULQDQ where cpuid says the CPU has it (decided once per
 * process, src/ec/gf2m_cpu.c), else by a portable constant-time routine
 * (shifts and masks; no table indexed by operand bits). Both paths are in
 * every build and the tests compare them on random inputs
 * (pkc_gf2m_set_impl). Squaring is linear over GF(2): bit i goes to bit 2i,
 * by a carry-less square of each word (PCLMULQDQ) or by masks and shifts.
 * Inversion by Itoh-Tsujii: a^-1 = a^(2^m - 2) through an addition chain
 * on m - 1, about m squarings and log2(m) + popcount(m - 1) multiplications.
 *
 * Timing: everything is constant time except the functions ending in _var;
 * loop counts and shifts depend only on the compile-time constants.
 */
#ifndef PKC_EC_FIELD_GF2M_H
#define PKC_EC_FIELD_GF2M_H

#include <string.h>

#include "ct.h"
#include "gf2m_cpu.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define GF_HAVE_CLMUL_CODE 1
#define GF_CLMUL_TARGET __attribute__((target("pclmul,sse2")))
#else
#define GF_HAVE_CLMUL_CODE 0
#endif

/* The loops over words have constant bounds; unrolled, every shift and
 * index is a constant and the words stay in registers. */
#if defined(__clang__)
#define GF_UNROLL _Pragma("unroll")
#elif defined(__GNUC__)
#define GF_UNROLL _Pragma("GCC unroll 32")
#else
#define GF_UNROLL
#endif

#define GF_TOP_BITS (EC_M % 64)                       /* bits used in the top word */
#define GF_TOP_MASK (GF_TOP_BITS ? (((uint64_t)1 << GF_TOP_BITS) - 1) : ~(uint64_t)0)
#ifdef EC_POLY_K2
#define GF_PENTANOMIAL 1
#define GF_KMAX EC_POLY_K3
#else
#define GF_PENTANOMIAL 0
#define GF_KMAX EC_POLY_K1
#endif

/* Contracts of the verification build (-DPKC_VERIFY, which `make
 * test-asan` uses): every input and output of a product or square is
 * reduced (degree < m). A violation is a bug in the arithmetic: trap. */
#ifdef PKC_VERIFY
#define GF_VERIFY(a) (((a)[EC_N - 1] & ~GF_TOP_MASK) == 0 ? (void)0 : __builtin_trap())
#else
#define GF_VERIFY(a) ((void)0)
#endif

/* ---- elements ---- */

static inline void fe_copy(uint64_t *r, const uint64_t *a)
{
    memcpy(r, a, EC_N * sizeof(uint64_t));
}

static inline void fe_set_zero(uint64_t *r)
{
    memset(r, 0, EC_N * sizeof(uint64_t));
}

static inline void fe_set_one(uint64_t *r)
{
    fe_set_zero(r);
    r[0] = 1;
}

static inline __attribute__((always_inline)) void fe_add(uint64_t *r, const uint64_t *a,
                                                          const uint64_t *b)
{
    for (int i = 0; i < EC_N; i++)
        r[i] = a[i] ^ b[i];
}

static inline uint64_t fe_is_zero(const uint64_t *a)
{
    uint64_t t = 0;
    for (int i = 0; i < EC_N; i++)
        t |= a[i];
    return ct_mask_zero(t);
}

static inline uint64_t fe_eq(const uint64_t *a, const uint64_t *b)
{
    uint64_t t = 0;
    for (int i = 0; i < EC_N; i++)
        t |= a[i] ^ b[i];
    return ct_mask_zero(t);
}

static inline void fe_cmov(uint64_t *r, const uint64_t *a, uint64_t mask)
{
    ct_cmov_words(r, a, EC_N, mask);
}

static inline void fe_cswap(uint64_t *a, uint64_t *b, uint64_t mask)
{
    for (int i = 0; i < EC_N; i++) {
        uint64_t t = mask & (a[i] ^ b[i]);
        a[i] ^= t;
        b[i] ^= t;
    }
}

/* 1 if the words of a public a hold a polynomial of degree < m */
static inline int fe_is_reduced_var(const uint64_t *a)
{
    return (a[EC_N - 1] & ~GF_TOP_MASK) == 0;
}

/* ---- reduction of a product c (2 EC_N words, degree <= 2m - 2) ---- */

/* c += t z^d for a word t and a public bit offset d (two words at most) */
static inline __attribute__((always_inline)) void gf_xor_shifted(uint64_t *c, uint64_t t, int d)
{
    int w = d / 64, s = d % 64;
    c[w] ^= t << s;
    if (s)
        c[w + 1] ^= t >> (64 - s);
}

static inline __attribute__((always_inline)) void gf_fold(uint64_t *c, uint64_t t, int d)
{
    /* t z^(d + m) = t z^d (1 + z^k1 [+ z^k2 + z^k3]) mod f */
    gf_xor_shifted(c, t, d);
    gf_xor_shifted(c, t, d + EC_POLY_K1);
#if GF_PENTANOMIAL
    gf_xor_shifted(c, t, d + EC_POLY_K2);
    gf_xor_shifted(c, t, d + EC_POLY_K3);
#endif
}

#if EC_M > GF_KMAX + 64
/* Word by word from the top: the word at bit 64 i >= m folds down to bit
 * 64 i - m (+ k), which is below 64 i - 63 because k + 63 < m, so it only
 * lands in words still to be folded or in the result. Then the bits of the
 * top word above m - 1. */
static inline __attribute__((always_inline)) void gf_reduce(uint64_t *r, uint64_t *c)
{
    GF_UNROLL
    for (int i = 2 * EC_N - 1; i >= EC_N; i--) {
        uint64_t t = c[i];
        c[i] = 0;
        gf_fold(c, t, 64 * i - EC_M);
    }
#if GF_TOP_BITS
    {
        uint64_t t = c[EC_N - 1] >> GF_TOP_BITS;
        c[EC_N - 1] &= GF_TOP_MASK;
        gf_fold(c, t, 0);
    }
#endif
    GF_UNROLL
    for (int i = 0; i < EC_N; i++)
        r[i] = c[i];
}
#else
/* Small fields (the toy curves of the exhaustive tests, m < k + 64): bit by
 * bit from the top, the subtraction of f z^j selected by a mask. */
static void gf_reduce(uint64_t *r, uint64_t *c)
{
    for (int j = 2 * EC_M - 2; j >= EC_M; j--) {
        uint64_t bit = (c[j / 64] >> (j % 64)) & 1;
        uint64_t mask = (uint64_t)0 - bit;
        uint64_t f[2 * EC_N + 1];
        memset(f, 0, sizeof f);
        int d = j - EC_M;
        gf_xor_shifted(f, 1, j);
        gf_fold(f, 1, d);
        for (int i = 0; i < 2 * EC_N; i++)
            c[i] ^= mask & f[i];
    }
    for (int i = 0; i < EC_N; i++)
        r[i] = c[i];
}
#endif

/* ---- multiplication ---- */

/* 64 x 64 -> 128-bit carry-less product, portable and constant time: every
 * bit of b selects a shifted copy of a by a mask. */
static inline void gf_clmul64_portable(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint64_t l = 0, h = 0;
    for (int i = 0; i < 64; i++) {
        uint64_t m = (uint64_t)0 - ((b >> i) & 1);
        l ^= m & (a << i);
        if (i)
            h ^= m & (a >> (64 - i));
    }
    *lo = l;
    *hi = h;
}

static void fe_mul_portable(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t c[2 * EC_N + 1];
    memset(c, 0, sizeof c);
    for (int i = 0; i < EC_N; i++)
        for (int j = 0; j < EC_N; j++) {
            uint64_t lo, hi;
            gf_clmul64_portable(a[i], b[j], &lo, &hi);
            c[i + j] ^= lo;
            c[i + j + 1] ^= hi;
        }
    gf_reduce(r, c);
}

#if GF_HAVE_CLMUL_CODE
GF_CLMUL_TARGET static void fe_mul_clmul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    __m128i acc[2 * EC_N - 1];
    __m128i av[EC_N], bv[EC_N];
    GF_UNROLL
    for (int i = 0; i < EC_N; i++) {
        av[i] = _mm_cvtsi64_si128((long long)a[i]);
        bv[i] = _mm_cvtsi64_si128((long long)b[i]);
    }
    GF_UNROLL
    for (int k = 0; k < 2 * EC_N - 1; k++)
        acc[k] = _mm_setzero_si128();
    GF_UNROLL
    for (int i = 0; i < EC_N; i++)
        GF_UNROLL
        for (int j = 0; j < EC_N; j++)
            acc[i + j] = _mm_xor_si128(acc[i + j], _mm_clmulepi64_si128(av[i], bv[j], 0x00));
    uint64_t c[2 * EC_N + 1];
    c[0] = (uint64_t)_mm_cvtsi128_si64(acc[0]);
    GF_UNROLL
    for (int k = 1; k < 2 * EC_N - 1; k++)
        c[k] = (uint64_t)_mm_cvtsi128_si64(acc[k]) ^
               (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc[k - 1], acc[k - 1]));
    c[2 * EC_N - 1] =
        (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc[2 * EC_N - 2], acc[2 * EC_N - 2]));
    c[2 * EC_N] = 0;
    gf_reduce(r, c);
}
#endif

/* r = a b mod f. r may alias a or b. The choice of path depends on the
 * CPU only (public). */
static inline void fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    GF_VERIFY(a);
    GF_VERIFY(b);
#if GF_HAVE_CLMUL_CODE
    if (pkc_gf2m_use_clmul())
        fe_mul_clmul(r, a, b);
    else
#endif
        fe_mul_portable(r, a, b);
    GF_VERIFY(r);
}

/* ---- squaring: bit i of a to bit 2i ---- */

static inline uint64_t gf_spread32(uint64_t x)
{
    x &= 0xffffffffULL;
    x = (x | (x << 16)) & 0x0000ffff0000ffffULL;
    x = (x | (x << 8)) & 0x00ff00ff00ff00ffULL;
    x = (x | (x << 4)) & 0x0f0f0f0f0f0f0f0fULL;
    x = (x | (x << 2)) & 0x3333333333333333ULL;
    x = (x | (x << 1)) & 0x5555555555555555ULL;
    return x;
}

static inline void fe_sqr_portable(uint64_t *r, const uint64_t *a)
{
    uint64_t c[2 * EC_N + 1];
    GF_UNROLL
    for (int i = 0; i < EC_N; i++) {
        c[2 * i] = gf_spread32(a[i]);
        c[2 * i + 1] = gf_spread32(a[i] >> 32);
    }
    c[2 * EC_N] = 0;
    gf_reduce(r, c);
}

#if GF_HAVE_CLMUL_CODE
/* the same spread by carry-less squaring of each word */
GF_CLMUL_TARGET static inline void fe_sqr_clmul(uint64_t *r, const uint64_t *a)
{
    uint64_t c[2 * EC_N + 1];
    GF_UNROLL
    for (int i = 0; i < EC_N; i++) {
        __m128i v = _mm_cvtsi64_si128((long long)a[i]);
        __m128i s = _mm_clmulepi64_si128(v, v, 0x00);
        c[2 * i] = (uint64_t)_mm_cvtsi128_si64(s);
        c[2 * i + 1] = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s));
    }
    c[2 * EC_N] = 0;
    gf_reduce(r, c);
}
#endif

static inline void fe_sqr(uint64_t *r, const uint64_t *a)
{
    GF_VERIFY(a);
#if GF_HAVE_CLMUL_CODE
    if (pkc_gf2m_use_clmul())
        fe_sqr_clmul(r, a);
    else
#endif
        fe_sqr_portable(r, a);
    GF_VERIFY(r);
}

/* r = a^(2^k) */
static void fe_sqr_n(uint64_t *r, const uint64_t *a, int k)
{
    fe_copy(r, a);
    for (int i = 0; i < k; i++)
        fe_sqr(r, r);
}

/* ---- inversion, square root, trace ---- */

/* a^-1 by Itoh-Tsujii; 0 maps to 0. With b_k = a^(2^k - 1):
 * b_(i+j) = b_i^(2^j) b_j, and a^-1 = b_(m-1)^2. The chain walks the bits of
 * m - 1 from the top (k -> 2k, and k -> k + 1 on a one bit). */
static void fe_inv(uint64_t *r, const uint64_t *a)
{
    uint64_t beta[EC_N], t[EC_N];
    int k = 1, e = EC_M - 1, top = 0;
    fe_copy(beta, a); /* b_1 = a */
    while ((e >> (top + 1)) != 0)
        top++;
    for (int i = top - 1; i >= 0; i--) {
        fe_sqr_n(t, beta, k); /* b_2k = b_k^(2^k) b_k */
        fe_mul(beta, t, beta);
        k *= 2;
        if ((e >> i) & 1) { /* public: a bit of the constant m - 1 */
            fe_sqr(t, beta);  /* b_(k+1) = b_k^2 a */
            fe_mul(beta, t, a);
            k++;
        }
    }
    fe_sqr(r, beta);
    pkc_memzero(beta, sizeof beta);
    pkc_memzero(t, sizeof t);
}

/* a^(2^m - 2) by square and multiply over the bits of the exponent: the
 * tests' independent reference for fe_inv. */
static void fe_inv_fermat(uint64_t *r, const uint64_t *a)
{
    uint64_t acc[EC_N];
    fe_set_one(acc);
    for (int i = EC_M - 1; i >= 1; i--) { /* bits m-1 .. 1 of 2^m - 2 are one */
        fe_sqr(acc, acc);
        fe_mul(acc, acc, a);
    }
    fe_sqr(r, acc); /* bit 0 is zero */
}

/* the unique square root: a^(2^(m-1)) */
static void fe_sqrt(uint64_t *r, const uint64_t *a)
{
    fe_sqr_n(r, a, EC_M - 1);
}

/* Tr(a) = a + a^2 + ... + a^(2^(m-1)), 0 or 1: linear, so the parity of the
 * bits of a where Tr(z^i) = 1 (ec_tr_mask, from the generator). */
static inline uint64_t fe_trace(const uint64_t *a)
{
    uint64_t t = 0;
    for (int i = 0; i < EC_N; i++)
        t ^= a[i] & ec_tr_mask[i];
    return (uint64_t)__builtin_parityll(t);
}

/* For odd m and Tr(c) = 0, z = H(c) = sum over i <= (m-1)/2 of c^(2^(2i))
 * solves z^2 + z = c (the other solution is z + 1). Public data only. */
_Static_assert(EC_M % 2 == 1, "the half trace needs an odd degree m");
static void fe_half_trace_var(uint64_t *z, const uint64_t *c)
{
    uint64_t t[EC_N];
    fe_copy(t, c);
    fe_copy(z, c);
    for (int i = 1; i <= (EC_M - 1) / 2; i++) {
        fe_sqr(t, t);
        fe_sqr(t, t);
        fe_add(z, z, t);
    }
}

/* 1 and z with z^2 + z = c if Tr(c) = 0, else 0. Public data only. */
static int fe_solve_quadratic_var(uint64_t *z, const uint64_t *c)
{
    if (fe_trace(c))
        return 0;
    fe_half_trace_var(z, c);
    return 1;
}

#endif
