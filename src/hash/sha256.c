/* pkc — SHA-224 and SHA-256 (FIPS 180-4 sections 5.3.2, 5.3.3, 6.2, 6.3).
 *
 * Two compression functions sit behind one pointer: a portable one and one
 * using the x86 SHA extensions (SHA-NI). The build uses plain -O2 with no
 * -march, so the SHA-NI code is compiled for those instructions through a
 * target attribute and only selected at run time, after cpuid says the CPU
 * has them. Both process whole 64-byte blocks; buffering and padding are
 * shared, so the two paths differ only in the compression.
 *
 * Timing: no branch or memory index depends on the data hashed; only its
 * length is observable.
 */
#include <string.h>

#include "md_buffer.h"
#include "pkc/hash.h"

#if defined(__x86_64__) || defined(__i386__)
#define PKC_SHA256_X86 1
#include <cpuid.h>
#include <immintrin.h>
#endif

typedef void sha256_compress_fn(uint32_t h[8], const uint8_t *p, size_t nblocks);

/* FIPS 180-4 section 4.2.2: the first 32 bits of the fractional parts of
 * the cube roots of the first 64 primes. */
static const uint32_t K256[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t ror32(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

/* ---- portable compression (FIPS 180-4 section 6.2.2) -------------------- */

/* Section 4.1.2 functions. */
#define BSIG0(x) (ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22))
#define BSIG1(x) (ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25))
#define SSIG0(x) (ror32(x, 7) ^ ror32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ror32(x, 17) ^ ror32(x, 19) ^ ((x) >> 10))

/* sha256_compress_portable(st, p, nblocks) on 64-byte blocks */
#define SHA2_WORD uint32_t
#define SHA2_ROUNDS 64
#define SHA2_K K256
#define SHA2_LOAD md_load_be32
#define SHA2_COMPRESS sha256_compress_portable
#include "sha2_compress.h"

/* ---- SHA-NI compression -------------------------------------------------- */

#ifdef PKC_SHA256_X86
/* SHA256RNDS2 performs two rounds on the state split as {A,B,E,F} and
 * {C,D,G,H} (most significant lane first), taking W_t + K_t for the two
 * rounds in the low 64 bits of its third operand. SHA256MSG1/MSG2 compute
 * the sigma0 and sigma1 parts of the message schedule (section 6.2.2 step 1)
 * four words at a time. */
#define SHANI_TARGET __attribute__((target("sha,sse4.1,ssse3")))

/* Four rounds t = 4g .. 4g+3 on the message group m = W[4g .. 4g+3]. After
 * the first RNDS2 the new {A,B,E,F} lands in `cdgh` and the old one is the
 * new {C,D,G,H}, so the two variables swap roles and swap back. */
#define SHANI_QROUND(g, m)                                                         \
    do {                                                                           \
        __m128i wk_ = _mm_add_epi32((m), _mm_load_si128((const __m128i *)&K256[4 * (g)])); \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk_);                             \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk_, 0x0E));    \
    } while (0)

/* W[t..t+3] from m0 = W[t-16..], m1 = W[t-12..], m2 = W[t-8..], m3 = W[t-4..]:
 * MSG1 adds sigma0(W[t-15..]) to W[t-16..], the ALIGNR picks W[t-7..t-4],
 * MSG2 adds sigma1 of W[t-2], W[t-1] and then of the two words it just made.
 * The result replaces m0. */
#define SHANI_SCHED(m0, m1, m2, m3) \
    (m0) = _mm_sha256msg2_epu32(    \
        _mm_add_epi32(_mm_sha256msg1_epu32((m0), (m1)), _mm_alignr_epi8((m3), (m2), 4)), (m3))

/* Groups g .. g+3 (rounds 4g .. 4g+15), each on the schedule's next four
 * words; the four registers rotate as the ring of the last 16 words. */
#define SHANI_SCHED_QROUNDS4(g)                                  \
    do {                                                         \
        SHANI_SCHED(m0, m1, m2, m3); SHANI_QROUND((g), m0);      \
        SHANI_SCHED(m1, m2, m3, m0); SHANI_QROUND((g) + 1, m1);  \
        SHANI_SCHED(m2, m3, m0, m1); SHANI_QROUND((g) + 2, m2);  \
        SHANI_SCHED(m3, m0, m1, m2); SHANI_QROUND((g) + 3, m3);  \
    } while (0)

SHANI_TARGET
static void sha256_compress_shani(uint32_t st[8], const uint8_t *p, size_t nblocks)
{
    /* byte-swap each 32-bit lane: the message words are big-endian */
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i dcba = _mm_loadu_si128((const __m128i *)&st[0]); /* lanes A,B,C,D */
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&st[4]); /* lanes E,F,G,H */
    __m128i badc = _mm_shuffle_epi32(dcba, 0xB1);            /* B,A,D,C */
    hgfe = _mm_shuffle_epi32(hgfe, 0x1B);                    /* H,G,F,E */
    __m128i abef = _mm_alignr_epi8(badc, hgfe, 8);           /* F,E,B,A */
    __m128i cdgh = _mm_blend_epi16(hgfe, badc, 0xF0);        /* H,G,D,C */

    while (nblocks--) {
        const __m128i abef0 = abef, cdgh0 = cdgh;
        __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 0)), bswap);
        __m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), bswap);
        __m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), bswap);
        __m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 48)), bswap);

        SHANI_QROUND(0, m0);
        SHANI_QROUND(1, m1);
        SHANI_QROUND(2, m2);
        SHANI_QROUND(3, m3);
        SHANI_SCHED_QROUNDS4(4);
        SHANI_SCHED_QROUNDS4(8);
        SHANI_SCHED_QROUNDS4(12);

        abef = _mm_add_epi32(abef, abef0);
        cdgh = _mm_add_epi32(cdgh, cdgh0);
        p += 64;
    }

    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);                  /* A,B,E,F */
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);                  /* G,H,C,D */
    _mm_storeu_si128((__m128i *)&st[0], _mm_blend_epi16(feba, dchg, 0xF0)); /* A,B,C,D */
    _mm_storeu_si128((__m128i *)&st[4], _mm_alignr_epi8(dchg, feba, 8));    /* E,F,G,H */
}

static int cpu_has_shani(void)
{
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    /* CPUID.1:ECX bit 9 SSSE3, bit 19 SSE4.1 */
    if (!(c & (1u << 9)) || !(c & (1u << 19)))
        return 0;
    if (__get_cpuid_max(0, NULL) < 7)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    /* CPUID.(EAX=7,ECX=0):EBX bit 29 SHA */
    return (int)((b >> 29) & 1);
}
#else
static int cpu_has_shani(void) { return 0; }
#endif

/* ---- dispatch ------------------------------------------------------------ */

/* 0 = not yet chosen, else a pkc_sha256_impl. Process-wide and written only
 * with values that are valid for this CPU, so concurrent first uses agree. */
static int impl_chosen;
static int shani_cached = -1;

int pkc_sha256_have_shani(void)
{
    int v = __atomic_load_n(&shani_cached, __ATOMIC_RELAXED);
    if (v < 0) {
        v = cpu_has_shani();
        __atomic_store_n(&shani_cached, v, __ATOMIC_RELAXED);
    }
    return v;
}

pkc_err pkc_sha256_set_impl(pkc_sha256_impl impl)
{
    int v;
    switch (impl) {
    case PKC_SHA256_IMPL_AUTO:
        v = pkc_sha256_have_shani() ? PKC_SHA256_IMPL_SHANI : PKC_SHA256_IMPL_PORTABLE;
        break;
    case PKC_SHA256_IMPL_PORTABLE:
        v = PKC_SHA256_IMPL_PORTABLE;
        break;
    case PKC_SHA256_IMPL_SHANI:
        if (!pkc_sha256_have_shani())
            return PKC_ERR_UNSUPPORTED;
        v = PKC_SHA256_IMPL_SHANI;
        break;
    default:
        return PKC_ERR_ARG;
    }
    __atomic_store_n(&impl_chosen, v, __ATOMIC_RELAXED);
    return PKC_OK;
}

pkc_sha256_impl pkc_sha256_get_impl(void)
{
    int v = __atomic_load_n(&impl_chosen, __ATOMIC_RELAXED);
    if (v == 0) {
        pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
        v = __atomic_load_n(&impl_chosen, __ATOMIC_RELAXED);
    }
    return (pkc_sha256_impl)v;
}

static void sha256_compress(uint32_t h[8], const uint8_t *p, size_t nblocks)
{
#ifdef PKC_SHA256_X86
    if (pkc_sha256_get_impl() == PKC_SHA256_IMPL_SHANI) {
        sha256_compress_shani(h, p, nblocks);
        return;
    }
#endif
    sha256_compress_portable(h, p, nblocks);
}

/* ---- streaming interface ------------------------------------------------- */

/* Sections 5.3.2 and 5.3.3: the initial hash value of each length. */
static void sha256_start(pkc_sha256_ctx *ctx, const uint32_t iv[8], size_t outlen)
{
    memcpy(ctx->h, iv, 8 * sizeof iv[0]);
    ctx->len = 0;
    ctx->buflen = 0;
    ctx->outlen = outlen;
}

void pkc_sha224_init(pkc_sha256_ctx *ctx)
{
    /* FIPS 180-4 section 5.3.2 */
    static const uint32_t iv[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                   0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
    sha256_start(ctx, iv, 28);
}

void pkc_sha256_init(pkc_sha256_ctx *ctx)
{
    /* FIPS 180-4 section 5.3.3 */
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    sha256_start(ctx, iv, 32);
}

static void sha256_compress_cb(void *state, const uint8_t *blocks, size_t n)
{
    sha256_compress(state, blocks, n);
}

void pkc_sha256_update(pkc_sha256_ctx *ctx, const void *data, size_t len)
{
    if (len == 0)
        return;
    ctx->len += len;
    md_absorb(ctx->h, sha256_compress_cb, ctx->buf, &ctx->buflen, 64, data, len);
}

void pkc_sha256_final(pkc_sha256_ctx *ctx, uint8_t *out)
{
    /* Section 5.1.1: the 64-bit length in bits */
    md_finish(ctx->h, sha256_compress_cb, ctx->buf, ctx->buflen, 64, 0, ctx->len << 3);
    size_t words = (ctx->outlen == 28) ? 7 : 8; /* SHA-224: section 6.3, leftmost 224 bits */
    for (size_t i = 0; i < words; i++)
        md_store_be32(out + 4 * i, ctx->h[i]);
    pkc_memzero(ctx, sizeof *ctx);
}
