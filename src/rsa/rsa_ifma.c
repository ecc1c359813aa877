/* pkc — the CRT exponentiations in radix 2^52 on AVX-512 IFMA, and the
 * portable emulation of the same algorithm (rsa_ifma.h, rsa_ifma_tmpl.h). */
#include "rsa_ifma.h"

#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "rsa_limbs.h"

#define KMAX 5        /* vectors per CRT half: L <= 40 digits, primes <= 2048 bits */
#define KMAX1 10      /* vectors of the public exponentiation: moduli <= 4096 bits */
#define IFMA_WBITS 5  /* window bits: 32 entries, as rsa_mont.c's above 768 bits */
#define MASK52 ((UINT64_C(1) << 52) - 1)

/* ---- the portable emulation: eight uint64_t lanes ----------------------- */

typedef struct {
    uint64_t l[8];
} vemu;
typedef unsigned vemu_mask;

static inline vemu e_zero(void)
{
    vemu r = {{0}};
    return r;
}

static inline vemu e_set1(uint64_t x)
{
    vemu r;
    for (int i = 0; i < 8; i++)
        r.l[i] = x;
    return r;
}

static inline vemu e_load(const uint64_t *p)
{
    vemu r;
    memcpy(r.l, p, sizeof r.l);
    return r;
}

static inline void e_store(uint64_t *p, vemu v)
{
    memcpy(p, v.l, sizeof v.l);
}

static inline vemu e_add(vemu a, vemu b)
{
    for (int i = 0; i < 8; i++)
        a.l[i] += b.l[i];
    return a;
}

static inline vemu e_madlo(vemu acc, vemu a, vemu b)
{
    for (int i = 0; i < 8; i++)
        acc.l[i] += (uint64_t)((unsigned __int128)(a.l[i] & MASK52) * (b.l[i] & MASK52)) & MASK52;
    return acc;
}

static inline vemu e_madhi(vemu acc, vemu a, vemu b)
{
    for (int i = 0; i < 8; i++)
        acc.l[i] += (uint64_t)(((unsigned __int128)(a.l[i] & MASK52) * (b.l[i] & MASK52)) >> 52);
    return acc;
}

static inline vemu e_srl52(vemu a)
{
    for (int i = 0; i < 8; i++)
        a.l[i] >>= 52;
    return a;
}

static inline vemu e_and52(vemu a)
{
    for (int i = 0; i < 8; i++)
        a.l[i] &= MASK52;
    return a;
}

static inline vemu e_down1(vemu hi, vemu lo)
{
    vemu r;
    for (int i = 0; i < 7; i++)
        r.l[i] = lo.l[i + 1];
    r.l[7] = hi.l[0];
    return r;
}

static inline vemu e_up1(vemu hi, vemu lo)
{
    vemu r;
    r.l[0] = lo.l[7];
    for (int i = 1; i < 8; i++)
        r.l[i] = hi.l[i - 1];
    return r;
}

static inline vemu e_bcast0(vemu a)
{
    return e_set1(a.l[0]);
}

static inline vemu e_add0(vemu a, vemu c)
{
    a.l[0] += c.l[0];
    return a;
}

/* lane masks without branches: the values are below 2^63 */
static inline vemu_mask e_gt52(vemu a)
{
    vemu_mask m = 0;
    for (int i = 0; i < 8; i++)
        m |= (vemu_mask)((MASK52 - a.l[i]) >> 63) << i;
    return m;
}

static inline vemu_mask e_eq52(vemu a)
{
    vemu_mask m = 0;
    for (int i = 0; i < 8; i++)
        m |= (vemu_mask)(((a.l[i] ^ MASK52) - 1) >> 63) << i;
    return m;
}

static inline vemu_mask e_eq(vemu a, vemu b)
{
    vemu_mask m = 0;
    for (int i = 0; i < 8; i++)
        m |= (vemu_mask)(((a.l[i] ^ b.l[i]) - 1) >> 63) << i;
    return m;
}

static inline vemu e_inc(vemu a, vemu_mask m)
{
    for (int i = 0; i < 8; i++)
        a.l[i] += (m >> i) & 1;
    return a;
}

static inline vemu e_blend(vemu a, vemu b, vemu_mask m)
{
    for (int i = 0; i < 8; i++) {
        uint64_t sel = 0 - (uint64_t)((m >> i) & 1);
        a.l[i] = (a.l[i] & ~sel) | (b.l[i] & sel);
    }
    return a;
}

#define V vemu
#define M8 vemu_mask
#define IF(name) emu_##name
#define IF_ATTR
#define IF_UNROLL
#define IF_INLINE __attribute__((noinline))
#define v_zero e_zero
#define v_set1 e_set1
#define v_load e_load
#define v_store e_store
#define v_add e_add
#define v_madlo e_madlo
#define v_madhi e_madhi
#define v_srl52 e_srl52
#define v_and52 e_and52
#define v_down1 e_down1
#define v_up1 e_up1
#define v_bcast0 e_bcast0
#define v_add0 e_add0
#define v_gt52 e_gt52
#define v_eq52 e_eq52
#define v_eq e_eq
#define v_inc e_inc
#define v_blend e_blend
#include "rsa_ifma_tmpl.h"
#undef V
#undef M8
#undef IF
#undef IF_ATTR
#undef IF_UNROLL
#undef IF_INLINE
#undef v_zero
#undef v_set1
#undef v_load
#undef v_store
#undef v_add
#undef v_madlo
#undef v_madhi
#undef v_srl52
#undef v_and52
#undef v_down1
#undef v_up1
#undef v_bcast0
#undef v_add0
#undef v_gt52
#undef v_eq52
#undef v_eq
#undef v_inc
#undef v_blend

/* ---- AVX-512 IFMA --------------------------------------------------------- */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PKC_RSA_IFMA_X86 1
#include <cpuid.h>
#include <immintrin.h>

#define HW_ATTR __attribute__((target("avx512f,avx512ifma")))
#define V __m512i
#define M8 __mmask8
#define IF(name) hw_##name
#define IF_ATTR HW_ATTR
#define IF_UNROLL _Pragma("GCC unroll 16")
#define IF_INLINE inline __attribute__((always_inline))
#define v_zero() _mm512_setzero_si512()
#define v_set1(x) _mm512_set1_epi64((long long)(x))
#define v_load(p) _mm512_loadu_si512((const void *)(p))
#define v_store(p, v) _mm512_storeu_si512((void *)(p), (v))
#define v_add(a, b) _mm512_add_epi64((a), (b))
#define v_madlo(acc, a, b) _mm512_madd52lo_epu64((acc), (a), (b))
#define v_madhi(acc, a, b) _mm512_madd52hi_epu64((acc), (a), (b))
#define v_srl52(a) _mm512_srli_epi64((a), 52)
#define v_and52(a) _mm512_and_si512((a), _mm512_set1_epi64((long long)MASK52))
#define v_down1(hi, lo) _mm512_alignr_epi64((hi), (lo), 1)
#define v_up1(hi, lo) _mm512_alignr_epi64((hi), (lo), 7)
#define v_bcast0(a) _mm512_broadcastq_epi64(_mm512_castsi512_si128(a))
#define v_add0(a, c) _mm512_mask_add_epi64((a), 1, (a), (c))
#define v_gt52(a) _mm512_cmpgt_epu64_mask((a), _mm512_set1_epi64((long long)MASK52))
#define v_eq52(a) _mm512_cmpeq_epu64_mask((a), _mm512_set1_epi64((long long)MASK52))
#define v_eq(a, b) _mm512_cmpeq_epu64_mask((a), (b))
#define v_inc(a, m) _mm512_mask_add_epi64((a), (m), (a), _mm512_set1_epi64(1))
#define v_blend(a, b, m) _mm512_mask_mov_epi64((a), (m), (b))
#include "rsa_ifma_tmpl.h"

/* CPUID.(7,0):EBX bit 16 AVX512F, bit 21 AVX512IFMA; CPUID.1:ECX bit 27
 * OSXSAVE, and XCR0 bits 1, 2 (SSE, AVX state) and 5, 6, 7 (opmask, upper
 * ZMM halves, ZMM16-31): the OS saves the AVX-512 state. */
static int cpu_has_ifma(void)
{
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !((c >> 27) & 1))
        return 0;
    if (__get_cpuid_max(0, NULL) < 7)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    if (!((b >> 16) & 1) || !((b >> 21) & 1))
        return 0;
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (lo & 0xE6u) == 0xE6u;
}
#else
static int cpu_has_ifma(void)
{
    return 0;
}
#endif

/* ---- mode ----------------------------------------------------------------- */

static int hw_cached = -1; /* cpuid traps to the hypervisor in a VM: once */
static int mode_chosen;    /* 0: not yet */

int pkc_rsa_ifma_hw_available(void)
{
    int v = __atomic_load_n(&hw_cached, __ATOMIC_RELAXED);
    if (v < 0) {
        v = cpu_has_ifma();
        __atomic_store_n(&hw_cached, v, __ATOMIC_RELAXED);
    }
    return v;
}

static int mode_from_env(void)
{
    const char *s = getenv("PKC_RSA_IFMA");
    if (s && (!strcmp(s, "off") || !strcmp(s, "0")))
        return PKC_RSA_IFMA_OFF;
    if (s && !strcmp(s, "emulate"))
        return PKC_RSA_IFMA_EMULATE;
    return pkc_rsa_ifma_hw_available() ? PKC_RSA_IFMA_HW : PKC_RSA_IFMA_OFF;
}

pkc_rsa_ifma_mode_t pkc_rsa_ifma_mode(void)
{
    int v = __atomic_load_n(&mode_chosen, __ATOMIC_RELAXED);
    if (!v) {
        int expected = 0;
        v = mode_from_env();
        /* the first decision wins; a concurrent set_mode is kept */
        if (!__atomic_compare_exchange_n(&mode_chosen, &expected, v, 0, __ATOMIC_RELAXED,
                                         __ATOMIC_RELAXED))
            v = expected;
    }
    return (pkc_rsa_ifma_mode_t)v;
}

pkc_err pkc_rsa_ifma_set_mode(pkc_rsa_ifma_mode_t mode)
{
    if (mode != PKC_RSA_IFMA_OFF && mode != PKC_RSA_IFMA_EMULATE && mode != PKC_RSA_IFMA_HW)
        return PKC_ERR_ARG;
    if (mode == PKC_RSA_IFMA_HW && !pkc_rsa_ifma_hw_available())
        return PKC_ERR_UNSUPPORTED;
    __atomic_store_n(&mode_chosen, (int)mode, __ATOMIC_RELAXED);
    return PKC_OK;
}

/* ---- sizes and conversions -------------------------------------------------- */

/* digits of R = 2^(52 L) > 4 m for m < 2^(64 n) */
static int digits_for(mp_size_t n)
{
    return (int)((64 * n + 2 + 51) / 52);
}

int pkc_rsa_ifma_fits(mp_size_t n)
{
    return n >= 4 && digits_for(n) <= 8 * KMAX;
}

int pkc_rsa_ifma_fits_pub(mp_size_t n)
{
    return n >= 4 && digits_for(n) <= 8 * KMAX1;
}

mp_size_t pkc_rsa_ifma_itch(mp_size_t n)
{
    /* mont_to's scratch: the results themselves hold b 2^(64 n) */
    return pkc_rsa_mont_itch(n);
}

/* n limbs -> dn digits of 52 bits (the number must fit) */
static void limbs_to_digits(uint64_t *d, int dn, const mp_limb_t *a, mp_size_t n)
{
    for (int i = 0; i < dn; i++) {
        size_t bit = (size_t)52 * (size_t)i, li = bit / 64;
        unsigned sh = (unsigned)(bit % 64);
        uint64_t v = 0;
        if (li < (size_t)n) {
            v = a[li] >> sh;
            if (sh > 12 && li + 1 < (size_t)n)
                v |= a[li + 1] << (64 - sh);
        }
        d[i] = v & MASK52;
    }
}

/* dn digits of 52 bits -> n limbs (the bits above 64 n must be zero) */
static void digits_to_limbs(mp_limb_t *a, mp_size_t n, const uint64_t *d, int dn)
{
    memset(a, 0, (size_t)n * sizeof(mp_limb_t));
    for (int i = 0; i < dn; i++) {
        size_t bit = (size_t)52 * (size_t)i, li = bit / 64;
        unsigned sh = (unsigned)(bit % 64);
        if (li < (size_t)n)
            a[li] |= d[i] << sh;
        if (sh > 12 && li + 1 < (size_t)n)
            a[li + 1] |= d[i] >> (64 - sh);
    }
}

/* ---- contexts --------------------------------------------------------------- */

pkc_err pkc_rsa_ifma_init(pkc_rsa_ifma *x, const pkc_rsa_mont *c)
{
    memset(x, 0, sizeof *x);
    mp_size_t n = c->n;
    if (!pkc_rsa_ifma_fits_pub(n))
        return PKC_ERR_UNSUPPORTED;
    int L = digits_for(n), K = (L + 7) / 8, D = 8 * K;
    uint64_t *mem = calloc(PKC_RSA_IFMA_CONSTS * (size_t)D, sizeof(uint64_t));
    mp_limb_t *t = calloc((size_t)(3 * n + pkc_rsa_mont_itch(n)), sizeof(mp_limb_t));
    if (!mem || !t) {
        free(mem);
        free(t);
        return PKC_ERR_NOMEM;
    }
    x->K = K;
    x->L = L;
    x->k0 = c->minv & MASK52; /* -m^-1 mod 2^64, reduced mod 2^52 */
    x->m = mem;
    x->one = mem + D;
    x->conv = mem + 2 * D;
    x->mont1 = mem + 3 * D;
    x->r2 = mem + 4 * D;
    limbs_to_digits(x->m, D, c->m, n);
    limbs_to_digits(x->mont1, D, c->one, n);
    /* R mod m from 2^(64 n) mod m by doublings (constant time, no
     * division by the secret m); conv = R^2 2^(-64 n) is its Montgomery
     * square in rsa_mont.h's sense. */
    mp_limb_t *v = t, *w = t + n, *tmp = t + 2 * n, *mtp = t + 3 * n;
    memcpy(v, c->one, (size_t)n * sizeof(mp_limb_t));
    for (int i = 0; i < 52 * L - 64 * (int)n; i++)
        pkc_rsa_mont_double(c, v, tmp);
    limbs_to_digits(x->one, D, v, n);
    pkc_rsa_mont_sqr(c, w, v, mtp);
    limbs_to_digits(x->conv, D, w, n);
    pkc_rsa_mont_mul(c, v, w, c->r2, mtp); /* R^2 mod m */
    limbs_to_digits(x->r2, D, v, n);
    pkc_memzero(t, (size_t)(3 * n + pkc_rsa_mont_itch(n)) * sizeof(mp_limb_t));
    free(t);
    return PKC_OK;
}

void pkc_rsa_ifma_clear(pkc_rsa_ifma *x)
{
    if (x->m) {
        pkc_memzero(x->m, (size_t)(PKC_RSA_IFMA_CONSTS * 8 * x->K) * sizeof(uint64_t));
        free(x->m);
    }
    memset(x, 0, sizeof *x);
}

/* ---- the exponentiation ------------------------------------------------------- */

/* z_h = z_h^e_h in rsa_mont.h's Montgomery form (n limbs each, below m_h
 * on entry and on return): into radix-2^52 form (an AMM by conv), the
 * exponentiations, and back by an AMM with out_h (digits: 1 leaves
 * Montgomery form, mont1 stays in rsa_mont.h's). */
static void powm2_core(pkc_rsa_ifma_mode_t mode, const pkc_rsa_mont *cp, const pkc_rsa_ifma *xp,
                       mp_limb_t *zp, const mp_limb_t *ep, const uint64_t *outp,
                       const pkc_rsa_mont *cq, const pkc_rsa_ifma *xq, mp_limb_t *zq,
                       const mp_limb_t *eq, const uint64_t *outq, mp_size_t en)
{
    const mp_size_t n = cp->n;
    const int K = xp->K, L = xp->L, D = 8 * K, entries = 1 << IFMA_WBITS;
    uint64_t tab_p[(1 << IFMA_WBITS) * 8 * KMAX], tab_q[(1 << IFMA_WBITS) * 8 * KMAX];
    uint64_t dp[8 * KMAX], dq[8 * KMAX];
    limbs_to_digits(dp, D, zp, n);
    limbs_to_digits(dq, D, zq, n);
#ifdef PKC_RSA_IFMA_X86
    if (mode == PKC_RSA_IFMA_HW) {
        hw_amm2_any(dp, dq, dp, dq, xp->conv, xq->conv, xp->m, xq->m, xp->k0, xq->k0, K, L);
        hw_powm2(dp, dq, dp, dq, ep, eq, (int)en, xp->one, xq->one, xp->m, xq->m, xp->k0, xq->k0,
                 tab_p, tab_q, K, L);
        hw_amm2_any(dp, dq, dp, dq, outp, outq, xp->m, xq->m, xp->k0, xq->k0, K, L);
    } else
#endif
    {
        (void)mode;
        emu_amm2_any(dp, dq, dp, dq, xp->conv, xq->conv, xp->m, xq->m, xp->k0, xq->k0, K, L);
        emu_powm2(dp, dq, dp, dq, ep, eq, (int)en, xp->one, xq->one, xp->m, xq->m, xp->k0,
                  xq->k0, tab_p, tab_q, K, L);
        emu_amm2_any(dp, dq, dp, dq, outp, outq, xp->m, xq->m, xp->k0, xq->k0, K, L);
    }
    /* The last AMM, by c = 1 or c = 2^(64 n) mod m, gives v < 2 m c / R + m
     * < c / 2 + m (R > 4 m): v <= m for c = 1, and v < 2^(64 n) for the
     * other (if m > 2^(64 n - 1), c = 2^(64 n) - m; else 2 m < 2^(64 n)),
     * so v fits in n limbs. Then [0, 2 m) -> [0, m): subtract m where v is
     * not below it. */
    digits_to_limbs(zp, n, dp, D);
    digits_to_limbs(zq, n, dq, D);
    mpn_cnd_sub_n(~limbs_lt_mask(zp, cp->m, n), zp, zp, cp->m, n);
    mpn_cnd_sub_n(~limbs_lt_mask(zq, cq->m, n), zq, zq, cq->m, n);
    pkc_memzero(tab_p, (size_t)entries * (size_t)D * sizeof(uint64_t));
    pkc_memzero(tab_q, (size_t)entries * (size_t)D * sizeof(uint64_t));
    pkc_memzero(dp, sizeof dp);
    pkc_memzero(dq, sizeof dq);
}

void pkc_rsa_ifma_powm2(pkc_rsa_ifma_mode_t mode, const pkc_rsa_mont *cp, const pkc_rsa_ifma *xp,
                        mp_limb_t *rp, const mp_limb_t *ep, const pkc_rsa_mont *cq,
                        const pkc_rsa_ifma *xq, mp_limb_t *rq, const mp_limb_t *eq,
                        const mp_limb_t *b, mp_size_t bn, mp_limb_t *tp)
{
    const mp_size_t n = cp->n;
    const uint64_t one[8 * KMAX] = {1};
    /* b 2^(64 n) mod p and mod q (fully reduced), then out of Montgomery
     * form at the end (an AMM by 1 gives a value <= m) */
    pkc_rsa_mont_to(cp, rp, b, bn, tp);
    pkc_rsa_mont_to(cq, rq, b, bn, tp);
    powm2_core(mode, cp, xp, rp, ep, one, cq, xq, rq, eq, one, n);
    pkc_memzero(tp, (size_t)pkc_rsa_ifma_itch(n) * sizeof(mp_limb_t));
}

void pkc_rsa_ifma_powm2_mont(pkc_rsa_ifma_mode_t mode, const pkc_rsa_mont *cp,
                             const pkc_rsa_ifma *xp, mp_limb_t *zp, const mp_limb_t *ep,
                             const pkc_rsa_mont *cq, const pkc_rsa_ifma *xq, mp_limb_t *zq,
                             const mp_limb_t *eq)
{
    powm2_core(mode, cp, xp, zp, ep, xp->mont1, cq, xq, zq, eq, xq->mont1, cp->n);
}

void pkc_rsa_ifma_powm_pub(pkc_rsa_ifma_mode_t mode, const pkc_rsa_mont *c, const pkc_rsa_ifma *x,
                           mp_limb_t *r, const mp_limb_t *b, const mp_limb_t *e,
                           mp_bitcnt_t ebits)
{
    const mp_size_t n = c->n;
    const int K = x->K, L = x->L, D = 8 * K;
    const uint64_t one[8 * KMAX1] = {1};
    uint64_t d[8 * KMAX1];
    limbs_to_digits(d, D, b, n);
#ifdef PKC_RSA_IFMA_X86
    if (mode == PKC_RSA_IFMA_HW) {
        hw_amm1_any(d, d, x->r2, x->m, x->k0, K, L); /* b R */
        hw_powm1_pub(d, d, e, ebits, x->m, x->k0, K, L);
        hw_amm1_any(d, d, one, x->m, x->k0, K, L); /* out of Montgomery form, <= m */
    } else
#endif
    {
        (void)mode;
        emu_amm1_any(d, d, x->r2, x->m, x->k0, K, L);
        emu_powm1_pub(d, d, e, ebits, x->m, x->k0, K, L);
        emu_amm1_any(d, d, one, x->m, x->k0, K, L);
    }
    digits_to_limbs(r, n, d, D);
    mpn_cnd_sub_n(~limbs_lt_mask(r, c->m, n), r, r, c->m, n);
    pkc_memzero(d, sizeof d);
}
