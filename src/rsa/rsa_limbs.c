/* pkc — constant-time helpers on GMP limb vectors (see rsa_limbs.h).
 *
 * The GMP functions called here are those whose running time depends only
 * on the operand sizes: the mpn_sec_* and mpn_cnd_* family (documented as
 * side-channel silent), mpn_add_n / mpn_sub_n / mpn_lshift / mpn_rshift /
 * mpn_mul_1 (straight-line carry loops), and mpn_sec_div_qr and
 * mpn_sec_invert with a public divisor (their table lookups are on the
 * divisor). Not mpn_mod_1: its mpn_mod_1_1p branches on the dividend
 * (valgrind shows it). tests/test_ctime_valgrind.sh checks the absence of
 * secret branches and indexes under valgrind.
 */
#include <string.h>

#include "pkc/common.h"
#include "rsa_limbs.h"

void pkc_rsa_be_to_limbs(const uint8_t *in, size_t len, mp_limb_t *out, mp_size_t n)
{
    for (mp_size_t i = 0; i < n; i++)
        out[i] = 0;
    for (size_t i = 0; i < len; i++) {
        size_t bytepos = len - 1 - i; /* the i-th least significant byte */
        size_t limb = i / sizeof(mp_limb_t);
        if ((mp_size_t)limb < n)
            out[limb] |= (mp_limb_t)in[bytepos] << (8 * (i % sizeof(mp_limb_t)));
    }
}

void pkc_rsa_limbs_to_be(const mp_limb_t *in, mp_size_t n, uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        size_t limb = i / sizeof(mp_limb_t);
        uint8_t b = 0;
        if ((mp_size_t)limb < n)
            b = (uint8_t)(in[limb] >> (8 * (i % sizeof(mp_limb_t))));
        out[len - 1 - i] = b;
    }
}

mp_size_t pkc_rsa_limbs_size(const mp_limb_t *a, mp_size_t n)
{
    uint64_t sz = 0;
    for (mp_size_t i = 0; i < n; i++)
        sz = ct_select(ct_mask_nonzero(a[i]), (uint64_t)i + 1, sz);
    return (mp_size_t)sz;
}

/* Bits set in x, by the SWAR method: __builtin_popcount may become a call
 * into libgcc's table-driven version, a memory index on x. */
static mp_limb_t popcount_limb(mp_limb_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (x * 0x0101010101010101u) >> 56;
}

mp_limb_t pkc_rsa_limbs_ctz(const mp_limb_t *a, mp_size_t n)
{
    /* ctz(x) = popcount((x & -x) - 1), which is 64 for x = 0 */
    mp_limb_t total = 0, below = ~(mp_limb_t)0; /* all limbs so far zero */
    for (mp_size_t i = 0; i < n; i++) {
        mp_limb_t x = a[i];
        total += below & popcount_limb((x & (0 - x)) - 1);
        below &= (mp_limb_t)ct_mask_zero(x);
    }
    return total;
}

void pkc_rsa_limbs_rshift_secret(mp_limb_t *r, const mp_limb_t *a, mp_size_t n, mp_limb_t s,
                                 mp_limb_t *tmp)
{
    if (r != a)
        memmove(r, a, (size_t)n * sizeof(mp_limb_t));
    for (unsigned j = 0; ((mp_limb_t)1 << j) < (mp_limb_t)(64 * n); j++) {
        mp_limb_t mask = 0 - ((s >> j) & 1);
        mp_limb_t dist = (mp_limb_t)1 << j; /* public: depends on the stage only */
        if (dist < 64) {
            mpn_rshift(tmp, r, n, (unsigned)dist);
        } else {
            mp_size_t l = (mp_size_t)(dist / 64);
            for (mp_size_t i = 0; i < n; i++)
                tmp[i] = i + l < n ? r[i + l] : 0;
        }
        limbs_cmov(r, tmp, n, mask);
    }
}

void pkc_rsa_limbs_mod(mp_limb_t *r, const mp_limb_t *x, mp_size_t xn, const mp_limb_t *m,
                       mp_size_t mn, mp_limb_t *tmp)
{
    mp_limb_t *acc = tmp, *t = tmp + mn;
    memset(acc, 0, (size_t)mn * sizeof(mp_limb_t));
    for (mp_size_t li = xn; li-- > 0;) {
        for (int b = 63; b >= 0; b--) {
            /* acc < m, so 2 acc + bit < 2 m: one conditional subtraction
             * restores acc < m (c is the bit shifted out of mn limbs). */
            mp_limb_t c = mpn_lshift(acc, acc, mn, 1);
            acc[0] |= (x[li] >> b) & 1;
            mp_limb_t borrow = mpn_sub_n(t, acc, m, mn);
            limbs_cmov(acc, t, mn, 0 - (c | (borrow ^ 1)));
        }
    }
    memcpy(r, acc, (size_t)mn * sizeof(mp_limb_t));
}

void pkc_rsa_limbs_gcd_odd(mp_limb_t *g, const mp_limb_t *a, const mp_limb_t *b, mp_size_t n,
                           mp_limb_t *tmp)
{
    mp_limb_t *x = tmp, *y = tmp + n, *d = tmp + 2 * n;
    memcpy(x, a, (size_t)n * sizeof(mp_limb_t));
    memcpy(y, b, (size_t)n * sizeof(mp_limb_t));
    for (mp_size_t i = 0; i < 128 * n; i++) {
        mp_limb_t odd = x[0] & 1;
        /* if x is odd and x < y: swap, so that x - y below is >= 0 */
        mp_limb_t lt = mpn_sub_n(d, x, y, n);
        mpn_cnd_swap(odd & lt, x, y, n);
        mpn_cnd_sub_n(odd, x, x, y, n);
        mpn_rshift(x, x, n, 1);
    }
    memcpy(g, y, (size_t)n * sizeof(mp_limb_t));
}

mp_limb_t pkc_rsa_limb_neg_inverse(mp_limb_t m0)
{
    /* m0 * m0 = 1 mod 8 for odd m0: 3 correct bits, then 6, 12, 24, 48, 96 */
    mp_limb_t x = m0;
    for (int i = 0; i < 5; i++)
        x *= 2 - m0 * x;
    return 0 - x;
}

mp_limb_t pkc_rsa_limbs_redc_1(const mp_limb_t *x, mp_size_t n, mp_limb_t d, mp_limb_t dinv)
{
    /* t < d, so t + x_i + q d <= (d - 1) + (2^64 - 1) + (2^64 - 1) d <
     * 2^128, and (t + x_i + q d) / 2^64 <= d: one masked subtraction keeps
     * t < d. */
    mp_limb_t t = 0;
    for (mp_size_t i = 0; i < n; i++) {
        unsigned __int128 s = (unsigned __int128)t + x[i];
        mp_limb_t q = (mp_limb_t)s * dinv;
        s += (unsigned __int128)q * d; /* the low limb is now zero */
        t = (mp_limb_t)(s >> 64);
        t -= d & ~(mp_limb_t)ct_mask_lt(t, d);
    }
    return t;
}

/* one row of pkc_rsa_limbs_redc_1 without its subtraction: t <= d + 1
 * stays so, as t + x_i + q d <= (d + 1) + (2^64 - 1) + (2^64 - 1) d
 * < 2^64 (d + 2) */
static inline mp_limb_t redc_row_lazy(mp_limb_t t, mp_limb_t xi, mp_limb_t d, mp_limb_t dinv)
{
    unsigned __int128 s = (unsigned __int128)t + xi;
    mp_limb_t q = (mp_limb_t)s * dinv;
    s += (unsigned __int128)q * d;
    return (mp_limb_t)(s >> 64);
}

void pkc_rsa_limbs_redc_1x4(mp_limb_t r[4], const mp_limb_t *x, mp_size_t n, const mp_limb_t d[4],
                            const mp_limb_t dinv[4])
{
    mp_limb_t t0 = 0, t1 = 0, t2 = 0, t3 = 0;
    for (mp_size_t i = 0; i < n; i++) {
        t0 = redc_row_lazy(t0, x[i], d[0], dinv[0]);
        t1 = redc_row_lazy(t1, x[i], d[1], dinv[1]);
        t2 = redc_row_lazy(t2, x[i], d[2], dinv[2]);
        t3 = redc_row_lazy(t3, x[i], d[3], dinv[3]);
    }
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

mp_size_t pkc_rsa_limbs_divexact_odd_itch(mp_size_t n)
{
    mp_size_t s = mpn_sec_mul_itch(n, n), a = mpn_sec_add_1_itch(n);
    return 5 * n + (s > a ? s : a);
}

void pkc_rsa_limbs_divexact_odd(mp_limb_t *q, const mp_limb_t *x, const mp_limb_t *g, mp_size_t n,
                                mp_limb_t *tmp)
{
    mp_limb_t *y = tmp, *u = tmp + n, *t = tmp + 2 * n, *sc = tmp + 5 * n;
    memset(y, 0, (size_t)n * sizeof(mp_limb_t));
    y[0] = 0 - pkc_rsa_limb_neg_inverse(g[0]); /* g^-1 mod 2^64 */
    for (mp_size_t good = 1; good < n; good *= 2) { /* good: correct limbs of y */
        mpn_sec_mul(t, g, n, y, n, sc);
        /* u = 2 - g y mod 2^(64 n) = ~(g y) + 3 */
        for (mp_size_t i = 0; i < n; i++)
            u[i] = ~t[i];
        mpn_sec_add_1(u, u, n, 3, sc);
        mpn_sec_mul(t, y, n, u, n, sc);
        memcpy(y, t, (size_t)n * sizeof(mp_limb_t));
    }
    mpn_sec_mul(t, x, n, y, n, sc);
    memcpy(q, t, (size_t)n * sizeof(mp_limb_t));
}

static mp_size_t max_itch(mp_size_t a, mp_size_t b)
{
    return a > b ? a : b;
}

mp_size_t pkc_rsa_inverse_of_e_itch(mp_size_t mn)
{
    mp_size_t s = mpn_sec_invert_itch(1);
    s = max_itch(s, mpn_sec_add_1_itch(mn + 1));
    s = max_itch(s, mpn_sec_div_qr_itch(mn + 1, 1));
    return 2 * mn + 4 + s;
}

/* u = a^-1 mod e for a < e (single limbs), mpn_sec_invert's verdict as a mask. */
static mp_limb_t invert_mod_e(mp_limb_t *u, mp_limb_t a, mp_limb_t e, mp_limb_t *sc)
{
    mp_limb_t av = a, ev = e;
    int ok = mpn_sec_invert(u, &av, &ev, 1, 2 * GMP_NUMB_BITS, sc);
    return 0 - (mp_limb_t)(ok & 1);
}

/* 2^(64 k) mod e for k >= 0 or its inverse for k < 0 (e odd, public). */
static mp_limb_t pow_r_mod_e(mp_limb_t e, long k)
{
    mpz_t x, ez;
    mpz_init_set_ui(x, 1);
    mpz_init_set_ui(ez, (unsigned long)e);
    mpz_mul_2exp(x, x, 64);
    if (k < 0) {
        mpz_invert(x, x, ez);
        k = -k;
    }
    mpz_powm_ui(x, x, (unsigned long)k, ez);
    mp_limb_t v = (mp_limb_t)mpz_get_ui(x);
    mpz_clears(x, ez, NULL);
    return v;
}

mp_limb_t pkc_rsa_inverse_of_e(mp_limb_t *r, const mp_limb_t *m, mp_size_t mn, mp_limb_t e,
                               mp_limb_t *tmp)
{
    mp_limb_t *t = tmp, *qt = tmp + mn + 1, *sc = tmp + 2 * mn + 4;
    mp_limb_t einv = pkc_rsa_limb_neg_inverse(e), v = 0;
    /* M mod e = w R^n with w = M R^-n mod e, so M^-1 = w^-1 R^-n: the
     * inverse of w times the public c = R^(2 - n), reduced by two rows
     * (R^-2). */
    mp_limb_t w = pkc_rsa_limbs_redc_1(m, mn, e, einv);
    mp_limb_t ok = invert_mod_e(&v, w, e, sc);
    unsigned __int128 vc = (unsigned __int128)v * pow_r_mod_e(e, 2 - (long)mn);
    mp_limb_t two[2] = {(mp_limb_t)vc, (mp_limb_t)(vc >> 64)};
    mp_limb_t u = pkc_rsa_limbs_redc_1(two, 2, e, einv);
    /* 1 + (e - u) M = 1 - u M = 0 mod e: the division below is exact, and
     * its quotient is below M because e - u <= e - 1. */
    t[mn] = mpn_mul_1(t, m, mn, e - u);
    mpn_sec_add_1(t, t, mn + 1, 1, sc);
    mp_limb_t ev = e;
    mpn_sec_div_qr(qt, t, mn + 1, &ev, 1, sc); /* the quotient's top limb is 0 */
    memcpy(r, qt, (size_t)mn * sizeof(mp_limb_t));
    return ok;
}

mp_size_t pkc_rsa_coprime_e_minus_1_itch(mp_size_t n)
{
    return n + max_itch(mpn_sec_sub_1_itch(n), mpn_sec_invert_itch(1));
}

mp_limb_t pkc_rsa_coprime_e_minus_1(const mp_limb_t *x, mp_size_t n, mp_limb_t e,
                                    mp_limb_t *tmp)
{
    /* gcd(x - 1, e) = gcd((x - 1) R^-n mod e, e): R is a unit mod e.
     * x >= 1 is odd for a candidate, but subtract properly anyway. */
    mp_limb_t *xm1 = tmp, *sc = tmp + n, u;
    memcpy(xm1, x, (size_t)n * sizeof(mp_limb_t));
    mpn_sec_sub_1(xm1, xm1, n, 1, sc);
    mp_limb_t w = pkc_rsa_limbs_redc_1(xm1, n, e, pkc_rsa_limb_neg_inverse(e));
    pkc_memzero(xm1, (size_t)n * sizeof(mp_limb_t));
    return invert_mod_e(&u, w, e, sc);
}
