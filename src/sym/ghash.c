/* pkc — GHASH (NIST SP 800-38D section 6.4), see ghash.h.
 *
 * The representation. A block b[0..15] is read as the big-endian 128-bit
 * integer V; the coefficient of x^i is bit 127 - i of V (the standard's
 * bit-reflected convention: b[0]'s most significant bit is x^0). For two
 * such integers A and B of polynomials a and b, the carry-less integer
 * product A * B (255 bits) has the coefficient of x^k of a b at bit 254 - k,
 * so R = (A * B) << 1 holds it at bit 255 - k: the high half of R is the
 * integer of the low part L (degrees 0 .. 127) and the low half T that of
 * the high part U (a b = L + x^128 U).
 *
 * The reduction, x^128 = 1 + x + x^2 + x^7. In this form multiplying by x^j
 * is a right shift by j, and the j coefficients shifted past x^127 are
 * (T << (128 - j)) mod 2^128, the integer of the overflow O_j of U x^j.
 * U (1 + x + x^2 + x^7) overflows by O = O_1 + O_2 + O_7 (degree < 7),
 * which folds back once more as O (1 + x + x^2 + x^7) without overflowing
 * again (degree < 14). With T' = T ^ (T << 127) ^ (T << 126) ^ (T << 121),
 * mod 2^128 (T plus O), the result is
 *     L ^ T' ^ (T' >> 1) ^ (T' >> 2) ^ (T' >> 7).
 * Every path computes exactly this: the PCLMULQDQ paths on the sum of
 * several products (one reduction per 4 or 8 blocks, Horner's rule
 * unrolled over H^k), the portable one per block.
 *
 * Timing: the multiplications are carry-less products (PCLMULQDQ, or
 * shifts and masks), the reduction is shifts and xors; nothing branches on
 * or indexes memory with H or the data.
 */
#include "sym/ghash.h"

#include <string.h>

#include "hash/md_buffer.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GH_X86 1
#include <cpuid.h>
#include <immintrin.h>
#endif

/* ---- portable: carry-less products by masks ------------------------------ */

/* a . b for 64-bit polynomials: for each bit i of b, a mask adds a x^i,
 * kept as the 128-bit pair (sh:sl) shifted one place per step. */
static inline void gh_clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint64_t l = 0, h = 0, sl = a, sh = 0;
    for (unsigned i = 0; i < 64; i++) {
        uint64_t m = (uint64_t)0 - ((b >> i) & 1);
        l ^= m & sl;
        h ^= m & sh;
        sh = sh << 1 | sl >> 63;
        sl <<= 1;
    }
    *lo = l;
    *hi = h;
}

/* The reduction of the header comment on the 256-bit product p[0..3]
 * (least significant word first) into r[0..1]. */
static inline void gh_reduce_words(uint64_t r[2], const uint64_t p[4])
{
    /* R = P << 1: high half L = (r3:r2), low half T = (r1:r0) */
    uint64_t r3 = p[3] << 1 | p[2] >> 63, r2 = p[2] << 1 | p[1] >> 63;
    uint64_t r1 = p[1] << 1 | p[0] >> 63, r0 = p[0] << 1;
    /* T': the shifts by 127, 126, 121 reach the high word only */
    uint64_t t1 = r1 ^ (r0 << 63) ^ (r0 << 62) ^ (r0 << 57), t0 = r0;
    r[1] = r3 ^ t1 ^ (t1 >> 1) ^ (t1 >> 2) ^ (t1 >> 7);
    r[0] = r2 ^ t0 ^ (t0 >> 1 | t1 << 63) ^ (t0 >> 2 | t1 << 62) ^ (t0 >> 7 | t1 << 57);
}

/* r = a . b in GF(2^128), Karatsuba over 64-bit halves; r may be a or b. */
static void gh_mul_portable(uint64_t r[2], const uint64_t a[2], const uint64_t b[2])
{
    uint64_t l0, l1, h0, h1, m0, m1, p[4];
    gh_clmul64(a[0], b[0], &l0, &l1);
    gh_clmul64(a[1], b[1], &h0, &h1);
    gh_clmul64(a[0] ^ a[1], b[0] ^ b[1], &m0, &m1);
    m0 ^= l0 ^ h0;
    m1 ^= l1 ^ h1;
    p[0] = l0;
    p[1] = l1 ^ m0;
    p[2] = h0 ^ m1;
    p[3] = h1;
    gh_reduce_words(r, p);
}

static void gh_blocks_portable(uint64_t y[2], const pkc_ghash_key *key, const uint8_t *p,
                               size_t n)
{
    for (; n; n--, p += PKC_GHASH_BLOCK) {
        y[1] ^= md_load_be64(p);
        y[0] ^= md_load_be64(p + 8);
        gh_mul_portable(y, y, key->pw[7]);
    }
}

/* ---- PCLMULQDQ ------------------------------------------------------------ */

#ifdef GH_X86
#define GH_CLMUL_TARGET __attribute__((target("pclmul,sse2,ssse3")))
#define GH_VPCLMUL_TARGET \
    __attribute__((target("vpclmulqdq,avx512f,avx512bw,pclmul,sse2,ssse3")))

/* pshufb: bytes 15 .. 0, a block read as the big-endian integer */
#define GH_BSWAP_MASK _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL)

/* The 256-bit product being summed: lo + mid x^64 + hi x^128 (integers) */
typedef struct {
    __m128i lo, mid, hi;
} gh_acc;

GH_CLMUL_TARGET static inline __attribute__((always_inline)) void
gh_mul_acc(gh_acc *s, __m128i a, __m128i b)
{
    s->lo = _mm_xor_si128(s->lo, _mm_clmulepi64_si128(a, b, 0x00));
    s->hi = _mm_xor_si128(s->hi, _mm_clmulepi64_si128(a, b, 0x11));
    s->mid = _mm_xor_si128(s->mid, _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01),
                                                 _mm_clmulepi64_si128(a, b, 0x10)));
}

/* Each 64-bit lane shifted up by 63, 62 and 57, xored: the bits that cross
 * from one lane to the other in the 128-bit shifts by 1, 2, 7 (right) and
 * by 127, 126, 121 (left). */
GH_CLMUL_TARGET static inline __attribute__((always_inline)) __m128i gh_cross3(__m128i t)
{
    return _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(t, 63), _mm_slli_epi64(t, 62)),
                         _mm_slli_epi64(t, 57));
}

/* The reduction of the header comment on a summed product. */
GH_CLMUL_TARGET static inline __attribute__((always_inline)) __m128i gh_reduce(gh_acc s)
{
    __m128i lo = _mm_xor_si128(s.lo, _mm_slli_si128(s.mid, 8));
    __m128i hi = _mm_xor_si128(s.hi, _mm_srli_si128(s.mid, 8));
    /* R = P << 1 over 256 bits */
    __m128i cl = _mm_srli_epi64(lo, 63), ch = _mm_srli_epi64(hi, 63);
    lo = _mm_or_si128(_mm_slli_epi64(lo, 1), _mm_slli_si128(cl, 8));
    hi = _mm_or_si128(_mm_or_si128(_mm_slli_epi64(hi, 1), _mm_slli_si128(ch, 8)),
                      _mm_srli_si128(cl, 8));
    /* T' = T ^ (T << 127) ^ (T << 126) ^ (T << 121): into the high lane */
    __m128i t = _mm_xor_si128(lo, _mm_slli_si128(gh_cross3(lo), 8));
    /* T' ^ (T' >> 1) ^ (T' >> 2) ^ (T' >> 7): the lanes, then the bits the
     * high lane passes down (its low bits shifted up by 63, 62, 57) */
    __m128i r = _mm_xor_si128(_mm_xor_si128(t, _mm_srli_epi64(t, 1)),
                              _mm_xor_si128(_mm_srli_epi64(t, 2), _mm_srli_epi64(t, 7)));
    r = _mm_xor_si128(r, _mm_srli_si128(gh_cross3(t), 8));
    return _mm_xor_si128(hi, r);
}

GH_CLMUL_TARGET static inline __attribute__((always_inline)) __m128i
gh_load_block(const uint8_t *p)
{
    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), GH_BSWAP_MASK);
}

GH_CLMUL_TARGET static inline __attribute__((always_inline)) __m128i
gh_load_key(const pkc_ghash_key *key, int k)
{
    return _mm_loadu_si128((const __m128i *)(const void *)key->pw[k]);
}

/* Y over n blocks: four at a time, (Y ^ X1) H^4 + X2 H^3 + X3 H^2 + X4 H
 * reduced once, then one at a time. */
GH_CLMUL_TARGET static inline __attribute__((always_inline)) __m128i
gh_run_clmul(__m128i y, const pkc_ghash_key *key, const uint8_t *p, size_t n)
{
    const __m128i h1 = gh_load_key(key, 7);
    if (n >= 4) {
        const __m128i h2 = gh_load_key(key, 6), h3 = gh_load_key(key, 5);
        const __m128i h4 = gh_load_key(key, 4);
        for (; n >= 4; n -= 4, p += 4 * PKC_GHASH_BLOCK) {
            gh_acc s = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
            gh_mul_acc(&s, _mm_xor_si128(y, gh_load_block(p)), h4);
            gh_mul_acc(&s, gh_load_block(p + 16), h3);
            gh_mul_acc(&s, gh_load_block(p + 32), h2);
            gh_mul_acc(&s, gh_load_block(p + 48), h1);
            y = gh_reduce(s);
        }
    }
    for (; n; n--, p += PKC_GHASH_BLOCK) {
        gh_acc s = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
        gh_mul_acc(&s, _mm_xor_si128(y, gh_load_block(p)), h1);
        y = gh_reduce(s);
    }
    return y;
}

GH_CLMUL_TARGET static void gh_blocks_clmul(uint64_t y[2], const pkc_ghash_key *key,
                                            const uint8_t *p, size_t n)
{
    __m128i v = _mm_loadu_si128((const __m128i *)(void *)y);
    v = gh_run_clmul(v, key, p, n);
    _mm_storeu_si128((__m128i *)(void *)y, v);
}

/* ---- VPCLMULQDQ (AVX-512) -------------------------------------------------- */

/* the xor of a register's four 128-bit lanes */
GH_VPCLMUL_TARGET static inline __attribute__((always_inline)) __m128i gh_fold4(__m512i v)
{
    __m128i a = _mm_xor_si128(_mm512_castsi512_si128(v), _mm512_extracti32x4_epi32(v, 1));
    __m128i b = _mm_xor_si128(_mm512_extracti32x4_epi32(v, 2), _mm512_extracti32x4_epi32(v, 3));
    return _mm_xor_si128(a, b);
}

/* Eight blocks per reduction: X1 .. X4 (Y folded into X1) in one register
 * against H^8 .. H^5, X5 .. X8 against H^4 .. H^1; the tail as CLMUL. */
GH_VPCLMUL_TARGET static void gh_blocks_vpclmul(uint64_t y[2], const pkc_ghash_key *key,
                                                const uint8_t *p, size_t n)
{
    __m128i v = _mm_loadu_si128((const __m128i *)(void *)y);
    if (n >= 8) {
        const __m512i bs = _mm512_broadcast_i32x4(GH_BSWAP_MASK);
        const __m512i k_hi = _mm512_loadu_si512((const void *)key->pw[0]); /* H^8 .. H^5 */
        const __m512i k_lo = _mm512_loadu_si512((const void *)key->pw[4]); /* H^4 .. H^1 */
        for (; n >= 8; n -= 8, p += 8 * PKC_GHASH_BLOCK) {
            __m512i x0 = _mm512_shuffle_epi8(_mm512_loadu_si512((const void *)p), bs);
            __m512i x1 = _mm512_shuffle_epi8(_mm512_loadu_si512((const void *)(p + 64)), bs);
            x0 = _mm512_xor_si512(x0, _mm512_zextsi128_si512(v));
            __m512i lo = _mm512_xor_si512(_mm512_clmulepi64_epi128(x0, k_hi, 0x00),
                                          _mm512_clmulepi64_epi128(x1, k_lo, 0x00));
            __m512i hi = _mm512_xor_si512(_mm512_clmulepi64_epi128(x0, k_hi, 0x11),
                                          _mm512_clmulepi64_epi128(x1, k_lo, 0x11));
            __m512i mid = _mm512_xor_si512(
                _mm512_xor_si512(_mm512_clmulepi64_epi128(x0, k_hi, 0x01),
                                 _mm512_clmulepi64_epi128(x0, k_hi, 0x10)),
                _mm512_xor_si512(_mm512_clmulepi64_epi128(x1, k_lo, 0x01),
                                 _mm512_clmulepi64_epi128(x1, k_lo, 0x10)));
            gh_acc s = {gh_fold4(lo), gh_fold4(mid), gh_fold4(hi)};
            v = gh_reduce(s);
        }
    }
    v = gh_run_clmul(v, key, p, n);
    _mm_storeu_si128((__m128i *)(void *)y, v);
}

/* ---- cpuid ------------------------------------------------------------------ */

static int probe_clmul(void)
{
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    /* CPUID.1: ECX bit 1 PCLMULQDQ, bit 9 SSSE3; EDX bit 26 SSE2 */
    return ((c >> 1) & 1) && ((c >> 9) & 1) && ((d >> 26) & 1);
}

static int probe_vpclmul(void)
{
    unsigned int a, b, c, d;
    if (!probe_clmul() || !__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    /* CPUID.1:ECX bit 27 OSXSAVE: XGETBV tells which state the OS saves */
    if (!((c >> 27) & 1))
        return 0;
    unsigned int xlo, xhi;
    __asm__ volatile("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0));
    (void)xhi;
    /* XCR0 bits 1, 2 (SSE, AVX), 5, 6, 7 (opmask, ZMM0-15 high, ZMM16-31) */
    if ((xlo & 0xE6u) != 0xE6u)
        return 0;
    if (__get_cpuid_max(0, NULL) < 7)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    /* CPUID.(7,0): EBX bit 16 AVX512F, bit 30 AVX512BW; ECX bit 10 VPCLMULQDQ */
    return ((b >> 16) & 1) && ((b >> 30) & 1) && ((c >> 10) & 1);
}
#else
static int probe_clmul(void) { return 0; }
static int probe_vpclmul(void) { return 0; }
#endif

/* Probed once: cpuid and xgetbv trap to the hypervisor in a virtual
 * machine (microseconds each), and pkc_ghash_set_impl runs on every switch
 * (the benchmark's portable provider switches around every call), as
 * aes.c and sha256.c cache theirs. */
static int cpu_cached = -1;

static int cpu_bits(void)
{
    int v = __atomic_load_n(&cpu_cached, __ATOMIC_RELAXED);
    if (v < 0) {
        v = probe_clmul() | (probe_vpclmul() << 1);
        __atomic_store_n(&cpu_cached, v, __ATOMIC_RELAXED);
    }
    return v;
}

static int cpu_has_clmul(void)
{
    return cpu_bits() & 1;
}

static int cpu_has_vpclmul(void)
{
    return (cpu_bits() >> 1) & 1;
}

/* ---- dispatch ---------------------------------------------------------------- */

/* 0 = not yet chosen, else a pkc_ghash_impl valid on this CPU, so that
 * concurrent first uses agree. */
static int impl_chosen;

int pkc_ghash_have_impl(pkc_ghash_impl impl)
{
    switch (impl) {
    case PKC_GHASH_IMPL_AUTO:
    case PKC_GHASH_IMPL_PORTABLE:
        return 1;
    case PKC_GHASH_IMPL_CLMUL:
        return cpu_has_clmul();
    case PKC_GHASH_IMPL_VPCLMUL:
        return cpu_has_vpclmul();
    }
    return 0;
}

pkc_err pkc_ghash_set_impl(pkc_ghash_impl impl)
{
    int v;
    switch (impl) {
    case PKC_GHASH_IMPL_AUTO:
        v = cpu_has_vpclmul() ? PKC_GHASH_IMPL_VPCLMUL
            : cpu_has_clmul() ? PKC_GHASH_IMPL_CLMUL
                              : PKC_GHASH_IMPL_PORTABLE;
        break;
    case PKC_GHASH_IMPL_PORTABLE:
    case PKC_GHASH_IMPL_CLMUL:
    case PKC_GHASH_IMPL_VPCLMUL:
        if (!pkc_ghash_have_impl(impl))
            return PKC_ERR_UNSUPPORTED;
        v = (int)impl;
        break;
    default:
        return PKC_ERR_ARG;
    }
    __atomic_store_n(&impl_chosen, v, __ATOMIC_RELAXED);
    return PKC_OK;
}

pkc_ghash_impl pkc_ghash_get_impl(void)
{
    int v = __atomic_load_n(&impl_chosen, __ATOMIC_RELAXED);
    if (v == 0) {
        pkc_ghash_set_impl(PKC_GHASH_IMPL_AUTO);
        v = __atomic_load_n(&impl_chosen, __ATOMIC_RELAXED);
    }
    return (pkc_ghash_impl)v;
}

/* Y over n whole blocks */
static void gh_blocks(uint64_t y[2], const pkc_ghash_key *key, const uint8_t *p, size_t n)
{
    if (n == 0)
        return;
#ifdef GH_X86
    switch (pkc_ghash_get_impl()) {
    case PKC_GHASH_IMPL_VPCLMUL:
        gh_blocks_vpclmul(y, key, p, n);
        return;
    case PKC_GHASH_IMPL_CLMUL:
        gh_blocks_clmul(y, key, p, n);
        return;
    default:
        break;
    }
#endif
    gh_blocks_portable(y, key, p, n);
}

/* ---- the key and the streaming interface -------------------------------------- */

void pkc_ghash_key_init(pkc_ghash_key *key, const uint8_t H[PKC_GHASH_BLOCK])
{
    key->pw[7][1] = md_load_be64(H);
    key->pw[7][0] = md_load_be64(H + 8);
    for (int k = 6; k >= 0; k--)
        gh_mul_portable(key->pw[k], key->pw[k + 1], key->pw[7]);
}

void pkc_ghash_key_wipe(pkc_ghash_key *key)
{
    pkc_memzero(key, sizeof *key);
}

void pkc_ghash_init(pkc_ghash_ctx *ctx, const pkc_ghash_key *key)
{
    ctx->key = key;
    ctx->y[0] = ctx->y[1] = 0;
    ctx->buflen = 0;
}

void pkc_ghash_update(pkc_ghash_ctx *ctx, const void *data, size_t len)
{
    const uint8_t *p = data;
    if (len == 0)
        return;
    if (ctx->buflen) {
        size_t take = PKC_GHASH_BLOCK - ctx->buflen;
        if (take > len)
            take = len;
        memcpy(ctx->buf + ctx->buflen, p, take);
        ctx->buflen += take;
        p += take;
        len -= take;
        if (ctx->buflen < PKC_GHASH_BLOCK)
            return;
        gh_blocks(ctx->y, ctx->key, ctx->buf, 1);
        ctx->buflen = 0;
    }
    gh_blocks(ctx->y, ctx->key, p, len / PKC_GHASH_BLOCK);
    p += len - len % PKC_GHASH_BLOCK;
    len %= PKC_GHASH_BLOCK;
    memcpy(ctx->buf, p, len);
    ctx->buflen = len;
}

void pkc_ghash_pad(pkc_ghash_ctx *ctx)
{
    if (ctx->buflen == 0)
        return;
    memset(ctx->buf + ctx->buflen, 0, PKC_GHASH_BLOCK - ctx->buflen);
    gh_blocks(ctx->y, ctx->key, ctx->buf, 1);
    ctx->buflen = 0;
}

void pkc_ghash_lengths(pkc_ghash_ctx *ctx, uint64_t a_bytes, uint64_t c_bytes)
{
    uint8_t b[PKC_GHASH_BLOCK];
    pkc_ghash_pad(ctx);
    md_store_be64(b, a_bytes << 3);
    md_store_be64(b + 8, c_bytes << 3);
    gh_blocks(ctx->y, ctx->key, b, 1);
}

void pkc_ghash_final(pkc_ghash_ctx *ctx, uint8_t out[PKC_GHASH_BLOCK])
{
    pkc_ghash_pad(ctx);
    md_store_be64(out, ctx->y[1]);
    md_store_be64(out + 8, ctx->y[0]);
    pkc_memzero(ctx, sizeof *ctx);
}

void pkc_ghash(const pkc_ghash_key *key, const uint8_t *a, size_t alen, const uint8_t *c,
               size_t clen, uint8_t out[PKC_GHASH_BLOCK])
{
    pkc_ghash_ctx ctx;
    pkc_ghash_init(&ctx, key);
    pkc_ghash_update(&ctx, a, alen);
    pkc_ghash_pad(&ctx);
    pkc_ghash_update(&ctx, c, clen);
    pkc_ghash_lengths(&ctx, alen, clen);
    pkc_ghash_final(&ctx, out);
}
