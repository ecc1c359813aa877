/* pkc — AES with the x86 AES instructions: AES-NI (one block per
 * instruction, four interleaved in the parallel modes) and VAES with
 * AVX-512F (four blocks per instruction, sixteen in flight) for ECB, CTR
 * and CBC decryption; the serial CBC encryption and single blocks of the
 * VAES table use AES-NI.
 *
 * The build has no -march: each function is compiled for its instructions
 * by a target attribute and reached only through an operations table that
 * aes.c selects after cpuid (sha256.c's scheme). The instructions take
 * constant time; nothing here branches on or indexes by the key or data.
 */
#include <string.h>

#include "sym/aes_impl.h"

#ifdef PKC_AES_X86
#include <cpuid.h>
#include <immintrin.h>

#define NI_TARGET __attribute__((target("aes,sse2")))
#define VAES_TARGET __attribute__((target("aes,sse2,avx512f,avx512bw,vaes")))

/* ---- cpuid ---------------------------------------------------------------- */

int pkc_aes_cpu_aesni(void)
{
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    /* CPUID.1:ECX bit 25 AES, EDX bit 26 SSE2 */
    return (int)((c >> 25) & 1) && (int)((d >> 26) & 1);
}

int pkc_aes_cpu_vaes(void)
{
    unsigned int a, b, c, d, lo, hi;
    if (!pkc_aes_cpu_aesni() || !__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    /* CPUID.1:ECX bit 27 OSXSAVE: XGETBV is usable */
    if (!((c >> 27) & 1) || __get_cpuid_max(0, NULL) < 7)
        return 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    /* XCR0: the OS saves XMM, YMM, the opmasks and both halves of ZMM */
    if ((lo & 0xE6) != 0xE6)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    /* CPUID.(EAX=7,ECX=0): EBX bit 16 AVX512F, bit 30 AVX512BW (the byte
     * shuffle of the CTR counters), ECX bit 9 VAES */
    return (int)((b >> 16) & 1) && (int)((b >> 30) & 1) && (int)((c >> 9) & 1);
}

/* ---- key schedule helpers ------------------------------------------------- */

/* AESENCLAST with a zero key is SubBytes(ShiftRows(x)); with w in every
 * column ShiftRows moves nothing. */
NI_TARGET uint32_t pkc_aes_ni_subword(uint32_t w)
{
    __m128i x = _mm_set1_epi32((int)w);
    x = _mm_aesenclast_si128(x, _mm_setzero_si128());
    return (uint32_t)_mm_cvtsi128_si32(x);
}

NI_TARGET void pkc_aes_ni_inv_mix(uint8_t out[16], const uint8_t in[16])
{
    _mm_storeu_si128((__m128i *)out, _mm_aesimc_si128(_mm_loadu_si128((const __m128i *)in)));
}

/* ---- AES-NI ----------------------------------------------------------------- */

static NI_TARGET void ni_load_keys(__m128i k[PKC_AES_MAX_ROUNDS + 1], const uint8_t (*rk)[16],
                                   unsigned nr)
{
    for (unsigned i = 0; i <= nr; i++)
        k[i] = _mm_loadu_si128((const __m128i *)rk[i]);
}

/* The rounds on m independent blocks (m registers), interleaved to fill
 * the AES unit's pipeline: one definition per instruction set and
 * direction, k the round keys in the order they are applied. */
/* NOLINTBEGIN(bugprone-macro-parentheses): T is a type */
#define AES_ROUNDS(name, target, T, xor_, round, last)                    \
    static target void name(const T *k, unsigned nr, T *x, int m)         \
    {                                                                     \
        for (int j = 0; j < m; j++)                                       \
            x[j] = xor_(x[j], k[0]);                                      \
        for (unsigned r = 1; r < nr; r++)                                 \
            for (int j = 0; j < m; j++)                                   \
                x[j] = round(x[j], k[r]);                                 \
        for (int j = 0; j < m; j++)                                       \
            x[j] = last(x[j], k[nr]);                                     \
    }
/* NOLINTEND(bugprone-macro-parentheses) */
AES_ROUNDS(ni_enc, NI_TARGET, __m128i, _mm_xor_si128, _mm_aesenc_si128, _mm_aesenclast_si128)
AES_ROUNDS(ni_dec, NI_TARGET, __m128i, _mm_xor_si128, _mm_aesdec_si128, _mm_aesdeclast_si128)

static NI_TARGET __m128i ni_enc1(const __m128i *k, unsigned nr, __m128i x)
{
    ni_enc(k, nr, &x, 1);
    return x;
}

static NI_TARGET __m128i ni_dec1(const __m128i *k, unsigned nr, __m128i x)
{
    ni_dec(k, nr, &x, 1);
    return x;
}

#define LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

static NI_TARGET void ni_ecb(const pkc_aes_key *key, uint8_t *out, const uint8_t *in, size_t n,
                             int dec)
{
    __m128i k[PKC_AES_MAX_ROUNDS + 1], x[4];
    unsigned nr = key->rounds;
    ni_load_keys(k, dec ? key->dk : key->ek, nr);
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        for (int j = 0; j < 4; j++)
            x[j] = LOAD(in + 16 * j);
        if (dec)
            ni_dec(k, nr, x, 4);
        else
            ni_enc(k, nr, x, 4);
        for (int j = 0; j < 4; j++)
            STORE(out + 16 * j, x[j]);
    }
    for (; n; n--, in += 16, out += 16)
        STORE(out, dec ? ni_dec1(k, nr, LOAD(in)) : ni_enc1(k, nr, LOAD(in)));
    pkc_memzero(k, sizeof k);
}

static NI_TARGET void ni_ecb_enc(const pkc_aes_key *key, uint8_t *out, const uint8_t *in, size_t n)
{
    ni_ecb(key, out, in, n, 0);
}

static NI_TARGET void ni_ecb_dec(const pkc_aes_key *key, uint8_t *out, const uint8_t *in, size_t n)
{
    ni_ecb(key, out, in, n, 1);
}

static NI_TARGET void ni_cbc_enc(const pkc_aes_key *key, uint8_t iv[16], uint8_t *out,
                                 const uint8_t *in, size_t n)
{
    __m128i k[PKC_AES_MAX_ROUNDS + 1];
    unsigned nr = key->rounds;
    ni_load_keys(k, key->ek, nr);
    __m128i c = LOAD(iv);
    for (; n; n--, in += 16, out += 16) {
        c = ni_enc1(k, nr, _mm_xor_si128(c, LOAD(in)));
        STORE(out, c);
    }
    STORE(iv, c);
    pkc_memzero(k, sizeof k);
}

static NI_TARGET void ni_cbc_dec(const pkc_aes_key *key, uint8_t iv[16], uint8_t *out,
                                 const uint8_t *in, size_t n)
{
    __m128i k[PKC_AES_MAX_ROUNDS + 1], x[4], c[4];
    unsigned nr = key->rounds;
    ni_load_keys(k, key->dk, nr);
    __m128i prev = LOAD(iv);
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        for (int j = 0; j < 4; j++)
            x[j] = c[j] = LOAD(in + 16 * j); /* read before out (= in) is written */
        ni_dec(k, nr, x, 4);
        STORE(out, _mm_xor_si128(x[0], prev));
        for (int j = 1; j < 4; j++)
            STORE(out + 16 * j, _mm_xor_si128(x[j], c[j - 1]));
        prev = c[3];
    }
    for (; n; n--, in += 16, out += 16) {
        __m128i cj = LOAD(in);
        STORE(out, _mm_xor_si128(ni_dec1(k, nr, cj), prev));
        prev = cj;
    }
    STORE(iv, prev);
    pkc_memzero(k, sizeof k);
}

/* The counter as two big-endian halves: hi = bytes 0..7, lo = bytes 8..15. */
typedef struct {
    uint64_t hi, lo;
} ctr128;

static ctr128 ctr_load(const uint8_t c[16])
{
    ctr128 v = {0, 0};
    for (int i = 0; i < 8; i++) {
        v.hi = (v.hi << 8) | c[i];
        v.lo = (v.lo << 8) | c[8 + i];
    }
    return v;
}

static void ctr_store(uint8_t c[16], ctr128 v)
{
    for (int i = 7; i >= 0; i--) {
        c[i] = (uint8_t)v.hi;
        c[8 + i] = (uint8_t)v.lo;
        v.hi >>= 8;
        v.lo >>= 8;
    }
}

/* the current block (in memory order), then the counter advanced by one */
static NI_TARGET __m128i ctr_next(ctr128 *v)
{
    __m128i b = _mm_set_epi64x((long long)__builtin_bswap64(v->lo),
                               (long long)__builtin_bswap64(v->hi));
    v->lo++;
    v->hi += (uint64_t)(v->lo == 0);
    return b;
}

static NI_TARGET void ni_ctr(const pkc_aes_key *key, uint8_t ctr[16], uint8_t *out,
                             const uint8_t *in, size_t n)
{
    __m128i k[PKC_AES_MAX_ROUNDS + 1], x[4];
    unsigned nr = key->rounds;
    ctr128 v = ctr_load(ctr);
    ni_load_keys(k, key->ek, nr);
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        for (int j = 0; j < 4; j++)
            x[j] = ctr_next(&v);
        ni_enc(k, nr, x, 4);
        for (int j = 0; j < 4; j++)
            STORE(out + 16 * j, _mm_xor_si128(x[j], LOAD(in + 16 * j)));
    }
    for (; n; n--, in += 16, out += 16)
        STORE(out, _mm_xor_si128(ni_enc1(k, nr, ctr_next(&v)), LOAD(in)));
    ctr_store(ctr, v);
    pkc_memzero(k, sizeof k);
}

const pkc_aes_ops pkc_aes_ops_ni = {ni_ecb_enc, ni_ecb_dec, ni_cbc_enc, ni_cbc_dec, ni_ctr};

/* ---- VAES: four blocks per zmm register, four registers in flight ---------- */

#define LOAD4(p) _mm512_loadu_si512((const void *)(p))
#define STORE4(p, v) _mm512_storeu_si512((void *)(p), (v))

static VAES_TARGET void vaes_load_keys(__m512i k[PKC_AES_MAX_ROUNDS + 1],
                                       const uint8_t (*rk)[16], unsigned nr)
{
    for (unsigned i = 0; i <= nr; i++)
        k[i] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)rk[i]));
}

/* m registers of four blocks each (m <= 4) */
AES_ROUNDS(vaes_enc, VAES_TARGET, __m512i, _mm512_xor_si512, _mm512_aesenc_epi128,
           _mm512_aesenclast_epi128)
AES_ROUNDS(vaes_dec, VAES_TARGET, __m512i, _mm512_xor_si512, _mm512_aesdec_epi128,
           _mm512_aesdeclast_epi128)

/* Whole groups of four blocks; returns how many blocks it did. */
static VAES_TARGET size_t vaes_ecb(const pkc_aes_key *key, uint8_t *out, const uint8_t *in,
                                   size_t n, int dec)
{
    __m512i k[PKC_AES_MAX_ROUNDS + 1], x[4];
    unsigned nr = key->rounds;
    size_t done = 0;
    vaes_load_keys(k, dec ? key->dk : key->ek, nr);
    while (n - done >= 4) {
        int m = n - done >= 16 ? 4 : 1;
        for (int j = 0; j < m; j++)
            x[j] = LOAD4(in + 16 * done + 64 * (size_t)j);
        if (dec)
            vaes_dec(k, nr, x, m);
        else
            vaes_enc(k, nr, x, m);
        for (int j = 0; j < m; j++)
            STORE4(out + 16 * done + 64 * (size_t)j, x[j]);
        done += 4 * (size_t)m;
    }
    pkc_memzero(k, sizeof k);
    return done;
}

static VAES_TARGET void vaes_ecb_enc(const pkc_aes_key *key, uint8_t *out, const uint8_t *in,
                                     size_t n)
{
    size_t d = vaes_ecb(key, out, in, n, 0);
    ni_ecb_enc(key, out + 16 * d, in + 16 * d, n - d);
}

static VAES_TARGET void vaes_ecb_dec(const pkc_aes_key *key, uint8_t *out, const uint8_t *in,
                                     size_t n)
{
    size_t d = vaes_ecb(key, out, in, n, 1);
    ni_ecb_dec(key, out + 16 * d, in + 16 * d, n - d);
}

/* CBC decryption: block i is D(c_i) ^ c_(i-1). Each register's previous
 * blocks are its own shifted up one lane, with the last block of the
 * register before in lane 0 (VALIGNQ by six quadwords). */
static VAES_TARGET void vaes_cbc_dec(const pkc_aes_key *key, uint8_t iv[16], uint8_t *out,
                                     const uint8_t *in, size_t n)
{
    __m512i k[PKC_AES_MAX_ROUNDS + 1], x[4], c[4];
    unsigned nr = key->rounds;
    vaes_load_keys(k, key->dk, nr);
    __m512i last = _mm512_broadcast_i32x4(LOAD(iv)); /* lane 3 = the previous block */
    while (n >= 4) {
        int m = n >= 16 ? 4 : 1;
        for (int j = 0; j < m; j++)
            x[j] = c[j] = LOAD4(in + 64 * (size_t)j); /* read before out (= in) is written */
        vaes_dec(k, nr, x, m);
        for (int j = 0; j < m; j++) {
            __m512i prev = _mm512_alignr_epi64(c[j], j ? c[j - 1] : last, 6);
            STORE4(out + 64 * (size_t)j, _mm512_xor_si512(x[j], prev));
        }
        last = c[m - 1];
        in += 64 * (size_t)m;
        out += 64 * (size_t)m;
        n -= 4 * (size_t)m;
    }
    STORE(iv, _mm512_extracti32x4_epi32(last, 3));
    pkc_memzero(k, sizeof k);
    ni_cbc_dec(key, iv, out, in, n);
}

/* Sixteen counter blocks from v in four registers, v advanced by 16. When
 * the low 64 bits do not wrap within them (all but one call in 2^60), the
 * blocks are made in registers: the counter as a little-endian 128-bit
 * number in each lane, lane j + 4 i added to its low half, the bytes of
 * each lane reversed into the block's big-endian order. Otherwise one by
 * one with the carry. */
static VAES_TARGET void vaes_ctr16(ctr128 *v, __m512i x[4])
{
    if (v->lo > UINT64_MAX - 16) {
        uint8_t blocks[256];
        for (int j = 0; j < 16; j++)
            STORE(blocks + 16 * j, ctr_next(v));
        for (int j = 0; j < 4; j++)
            x[j] = LOAD4(blocks + 64 * j);
        return;
    }
    const __m512i rev = _mm512_set4_epi32(0x00010203, 0x04050607, 0x08090a0b, 0x0c0d0e0f);
    const __m512i four = _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4);
    __m512i c = _mm512_add_epi64(
        _mm512_set_epi64((long long)v->hi, (long long)v->lo, (long long)v->hi, (long long)v->lo,
                         (long long)v->hi, (long long)v->lo, (long long)v->hi, (long long)v->lo),
        _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0));
    for (int j = 0; j < 4; j++) {
        x[j] = _mm512_shuffle_epi8(c, rev);
        c = _mm512_add_epi64(c, four);
    }
    v->lo += 16;
}

/* The rounds on eight registers held in registers (the generic
 * AES_ROUNDS, whose count m is a variable, keeps its blocks in memory):
 * one round key load per eight VAESENC. */
static inline __attribute__((always_inline)) VAES_TARGET void vaes_enc8(const __m512i *k,
                                                                         unsigned nr, __m512i *x)
{
    __m512i x0 = _mm512_xor_si512(x[0], k[0]), x1 = _mm512_xor_si512(x[1], k[0]);
    __m512i x2 = _mm512_xor_si512(x[2], k[0]), x3 = _mm512_xor_si512(x[3], k[0]);
    __m512i x4 = _mm512_xor_si512(x[4], k[0]), x5 = _mm512_xor_si512(x[5], k[0]);
    __m512i x6 = _mm512_xor_si512(x[6], k[0]), x7 = _mm512_xor_si512(x[7], k[0]);
    for (unsigned r = 1; r < nr; r++) {
        __m512i kr = k[r];
        x0 = _mm512_aesenc_epi128(x0, kr);
        x1 = _mm512_aesenc_epi128(x1, kr);
        x2 = _mm512_aesenc_epi128(x2, kr);
        x3 = _mm512_aesenc_epi128(x3, kr);
        x4 = _mm512_aesenc_epi128(x4, kr);
        x5 = _mm512_aesenc_epi128(x5, kr);
        x6 = _mm512_aesenc_epi128(x6, kr);
        x7 = _mm512_aesenc_epi128(x7, kr);
    }
    __m512i kl = k[nr];
    x[0] = _mm512_aesenclast_epi128(x0, kl);
    x[1] = _mm512_aesenclast_epi128(x1, kl);
    x[2] = _mm512_aesenclast_epi128(x2, kl);
    x[3] = _mm512_aesenclast_epi128(x3, kl);
    x[4] = _mm512_aesenclast_epi128(x4, kl);
    x[5] = _mm512_aesenclast_epi128(x5, kl);
    x[6] = _mm512_aesenclast_epi128(x6, kl);
    x[7] = _mm512_aesenclast_epi128(x7, kl);
}

static VAES_TARGET void vaes_ctr(const pkc_aes_key *key, uint8_t ctr[16], uint8_t *out,
                                 const uint8_t *in, size_t n)
{
    /* eight registers (32 blocks) in flight: VAES's latency is several
     * times its issue interval, so fewer leave the unit idle */
    __m512i k[PKC_AES_MAX_ROUNDS + 1], x[8];
    unsigned nr = key->rounds;
    ctr128 v = ctr_load(ctr);
    vaes_load_keys(k, key->ek, nr);
    for (; n >= 32; n -= 32, in += 512, out += 512) {
        vaes_ctr16(&v, x);
        vaes_ctr16(&v, x + 4);
        vaes_enc8(k, nr, x);
        for (int j = 0; j < 8; j++)
            STORE4(out + 64 * (size_t)j, _mm512_xor_si512(x[j], LOAD4(in + 64 * (size_t)j)));
    }
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        vaes_ctr16(&v, x);
        vaes_enc(k, nr, x, 4);
        for (int j = 0; j < 4; j++)
            STORE4(out + 64 * (size_t)j, _mm512_xor_si512(x[j], LOAD4(in + 64 * (size_t)j)));
    }
    ctr_store(ctr, v);
    pkc_memzero(k, sizeof k);
    ni_ctr(key, ctr, out, in, n); /* the last 0 .. 15 blocks */
}

const pkc_aes_ops pkc_aes_ops_vaes = {vaes_ecb_enc, vaes_ecb_dec, ni_cbc_enc, vaes_cbc_dec,
                                      vaes_ctr};

#endif
