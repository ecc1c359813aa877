/* pkc — constant-time Montgomery arithmetic and exponentiation (see
 * rsa_mont.h for why and what stays observable).
 *
 * Montgomery multiplication: P. L. Montgomery, "Modular multiplication
 * without trial division", Math. Comp. 44 (1985); the word-by-word
 * reduction is the separated operand scanning form (Koc, Acar, Kaliski,
 * "Analyzing and comparing Montgomery multiplication algorithms", IEEE
 * Micro 1996). Fixed-window exponentiation: HAC (Menezes, van Oorschot,
 * Vanstone) algorithm 14.82 with every window multiplied, zero or not.
 */
#include <stdlib.h>
#include <string.h>

#include "rsa_limbs.h"
#include "rsa_mont.h"

static mp_size_t max_sz(mp_size_t a, mp_size_t b)
{
    return a > b ? a : b;
}

/* scratch of one product: 2 n (product) + n (reduction) + GMP's own */
static mp_size_t mul_itch(mp_size_t n)
{
    return 3 * n + max_sz(mpn_sec_mul_itch(n, n), mpn_sec_sqr_itch(n));
}

mp_size_t pkc_rsa_mont_itch(mp_size_t n)
{
    /* pkc_rsa_mont_mod's vector, pkc_rsa_mont_to's three, and a product */
    return 4 * n + mul_itch(n);
}

/* r = t R^-1 mod m for t < m R (2 n limbs, destroyed); tmp: n limbs. Each
 * row adds q m so that limb i vanishes, and keeps that row's carry (which
 * belongs n limbs higher) in the vanished limb; the carries are added in
 * one pass at the end. The sum is below 2 m, and one masked subtraction
 * reduces it. */
static void redc(const pkc_rsa_mont *c, mp_limb_t *r, mp_limb_t *t, mp_limb_t *tmp)
{
    mp_size_t n = c->n;
    for (mp_size_t i = 0; i < n; i++) {
        mp_limb_t q = t[i] * c->minv;
        t[i] = mpn_addmul_1(t + i, c->m, n, q);
    }
    mp_limb_t cy = mpn_add_n(r, t + n, t, n);
    mp_limb_t borrow = mpn_sub_n(tmp, r, c->m, n);
    limbs_cmov(r, tmp, n, 0 - (cy | (borrow ^ 1)));
}

void pkc_rsa_mont_mul(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *a,
                      const mp_limb_t *b, mp_limb_t *tp)
{
    mp_size_t n = c->n;
    mpn_sec_mul(tp, a, n, b, n, tp + 3 * n);
    redc(c, r, tp, tp + 2 * n);
}

void pkc_rsa_mont_sqr(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *a, mp_limb_t *tp)
{
    mp_size_t n = c->n;
    mpn_sec_sqr(tp, a, n, tp + 3 * n);
    redc(c, r, tp, tp + 2 * n);
}

void pkc_rsa_mont_from(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *a, mp_limb_t *tp)
{
    mp_size_t n = c->n;
    memmove(tp, a, (size_t)n * sizeof(mp_limb_t));
    memset(tp + n, 0, (size_t)n * sizeof(mp_limb_t));
    redc(c, r, tp, tp + 2 * n);
}

/* acc = acc + t mod m for acc, t < m; tmp: n limbs */
static void add_mod(const pkc_rsa_mont *c, mp_limb_t *acc, const mp_limb_t *t, mp_limb_t *tmp)
{
    mp_size_t n = c->n;
    mp_limb_t cy = mpn_add_n(acc, acc, t, n);
    mp_limb_t borrow = mpn_sub_n(tmp, acc, c->m, n);
    limbs_cmov(acc, tmp, n, 0 - (cy | (borrow ^ 1)));
}

/* chunk = limbs [j n, (j + 1) n) of a (an limbs), zero-padded */
static void load_chunk(mp_limb_t *chunk, const mp_limb_t *a, mp_size_t an, mp_size_t j,
                       mp_size_t n)
{
    for (mp_size_t i = 0; i < n; i++)
        chunk[i] = j * n + i < an ? a[j * n + i] : 0;
}

void pkc_rsa_mont_to(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
                     mp_limb_t *tp)
{
    /* With a = sum a_j R^j (chunks a_j < R): Horner from the top chunk,
     * acc <- acc R + a_j R, where acc R = mont(acc, R^2) and a_j R =
     * mont(a_j, R^2); each product has one factor below m, so it comes out
     * fully reduced. */
    mp_size_t n = c->n, k = (an + n - 1) / n;
    mp_limb_t *acc = tp, *chunk = tp + n, *t = tp + 2 * n, *mtp = tp + 3 * n;
    load_chunk(chunk, a, an, k - 1, n);
    pkc_rsa_mont_mul(c, acc, chunk, c->r2, mtp);
    for (mp_size_t j = k - 1; j-- > 0;) {
        pkc_rsa_mont_mul(c, acc, acc, c->r2, mtp);
        load_chunk(chunk, a, an, j, n);
        pkc_rsa_mont_mul(c, t, chunk, c->r2, mtp);
        add_mod(c, acc, t, chunk);
    }
    memcpy(r, acc, (size_t)n * sizeof(mp_limb_t));
}

void pkc_rsa_mont_mod(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
                      mp_limb_t *tp)
{
    mp_size_t n = c->n;
    pkc_rsa_mont_to(c, tp, a, an, tp + n);
    pkc_rsa_mont_from(c, r, tp, tp + n);
}

static pkc_err mont_alloc(pkc_rsa_mont *c, const mp_limb_t *m, mp_size_t n)
{
    memset(c, 0, sizeof *c);
    if (n < 1)
        return PKC_ERR_ARG;
    mp_limb_t *mem = calloc((size_t)(3 * n), sizeof(mp_limb_t));
    if (!mem)
        return PKC_ERR_NOMEM;
    c->n = n;
    c->m = mem;
    c->r2 = mem + n;
    c->one = mem + 2 * n;
    memcpy(c->m, m, (size_t)n * sizeof(mp_limb_t));
    c->minv = pkc_rsa_limb_neg_inverse(m[0]);
    return PKC_OK;
}

/* v = 2 v mod m for v < m (tmp: n limbs) */
void pkc_rsa_mont_double(const pkc_rsa_mont *c, mp_limb_t *v, mp_limb_t *tmp)
{
    mp_size_t n = c->n;
    mp_limb_t cy = mpn_lshift(v, v, n, 1);
    mp_limb_t borrow = mpn_sub_n(tmp, v, c->m, n);
    limbs_cmov(v, tmp, n, 0 - (cy | (borrow ^ 1)));
}

pkc_err pkc_rsa_mont_init(pkc_rsa_mont *c, const mp_limb_t *m, mp_size_t n)
{
    pkc_err err = mont_alloc(c, m, n);
    if (err)
        return err;
    mp_size_t nt = 2 * n + mul_itch(n);
    mp_limb_t *tmp = calloc((size_t)nt, sizeof(mp_limb_t));
    if (!tmp) {
        pkc_rsa_mont_clear(c);
        return PKC_ERR_NOMEM;
    }
    mp_limb_t *v = tmp, *t = tmp + n, *mtp = tmp + 2 * n;
    /* R mod m = 2^(64 n) mod m by doubling 1; then n more doublings give
     * 2^n R, and six Montgomery squarings (2^k R -> 2^(2k) R) give
     * 2^(64 n) R = R^2 mod m, without a division by the secret m. */
    v[0] = 1;
    for (mp_size_t i = 0; i < 64 * n; i++)
        pkc_rsa_mont_double(c, v, t);
    memcpy(c->one, v, (size_t)n * sizeof(mp_limb_t));
    for (mp_size_t i = 0; i < n; i++)
        pkc_rsa_mont_double(c, v, t);
    for (int i = 0; i < 6; i++)
        pkc_rsa_mont_sqr(c, v, v, mtp);
    memcpy(c->r2, v, (size_t)n * sizeof(mp_limb_t));
    pkc_memzero(tmp, (size_t)nt * sizeof(mp_limb_t));
    free(tmp);
    return PKC_OK;
}

pkc_err pkc_rsa_mont_init_var(pkc_rsa_mont *c, const mp_limb_t *m, mp_size_t n)
{
    pkc_err err = mont_alloc(c, m, n);
    if (err)
        return err;
    mpz_t x, mod;
    mpz_init(x);
    mpz_roinit_n(mod, c->m, n);
    mpz_setbit(x, limbs_bits(n));
    mpz_mod(x, x, mod);
    mpn_zero(c->one, n);
    mpn_copyi(c->one, mpz_limbs_read(x), (mp_size_t)mpz_size(x));
    mpz_set_ui(x, 0);
    mpz_setbit(x, (mp_bitcnt_t)128 * (mp_bitcnt_t)n);
    mpz_mod(x, x, mod);
    mpn_zero(c->r2, n);
    mpn_copyi(c->r2, mpz_limbs_read(x), (mp_size_t)mpz_size(x));
    mpz_clear(x);
    return PKC_OK;
}

void pkc_rsa_mont_clear(pkc_rsa_mont *c)
{
    if (c->m) {
        pkc_memzero(c->m, (size_t)(3 * c->n) * sizeof(mp_limb_t));
        free(c->m);
    }
    memset(c, 0, sizeof *c);
}

/* Window width for an exponent of ebits bits: about the w that minimises
 * ebits (1 + 1/w) + 2^w products. Public: depends on the size only. */
static unsigned window_bits(mp_bitcnt_t ebits)
{
    return ebits > 768 ? 5 : ebits > 192 ? 4 : ebits > 48 ? 3 : ebits > 12 ? 2 : 1;
}

mp_size_t pkc_rsa_ct_powm_itch(mp_size_t n, mp_bitcnt_t ebits)
{
    mp_size_t table = ((mp_size_t)1 << window_bits(ebits)) * n;
    return table + 3 * n + pkc_rsa_mont_itch(n);
}

/* Bits [pos, pos + w) of e, those at ebits and above read as zero: the
 * index of a table entry (below 2^w, so mp_size_t holds it). The position
 * is public (the loop counter); the value is not. */
static mp_size_t exp_window(const mp_limb_t *e, mp_bitcnt_t ebits, mp_bitcnt_t pos, unsigned w)
{
    mp_size_t en = (mp_size_t)((ebits + 63) / 64), li = (mp_size_t)(pos / 64);
    unsigned sh = (unsigned)(pos % 64);
    mp_limb_t v = e[li] >> sh;
    if (sh + w > 64 && li + 1 < en)
        v |= e[li + 1] << (64 - sh);
    unsigned avail = ebits - pos < w ? (unsigned)(ebits - pos) : w;
    return (mp_size_t)(v & (((mp_limb_t)1 << avail) - 1));
}

void pkc_rsa_ct_powm_mont(const pkc_rsa_mont *c, mp_limb_t *rR, const mp_limb_t *bR,
                          const mp_limb_t *e, mp_bitcnt_t ebits, mp_limb_t *tp)
{
    mp_size_t n = c->n;
    if (ebits == 0) {
        memcpy(rR, c->one, (size_t)n * sizeof(mp_limb_t));
        return;
    }
    unsigned w = window_bits(ebits);
    mp_size_t entries = (mp_size_t)1 << w;
    mp_limb_t *table = tp, *acc = tp + entries * n, *sel = acc + n, *mtp = sel + n;
    /* table[i] = b^i R */
    memcpy(table, c->one, (size_t)n * sizeof(mp_limb_t));
    memcpy(table + n, bR, (size_t)n * sizeof(mp_limb_t));
    for (mp_size_t i = 2; i < entries; i++)
        pkc_rsa_mont_mul(c, table + i * n, table + (i - 1) * n, bR, mtp);
    mp_bitcnt_t windows = (ebits + w - 1) / w;
    mpn_sec_tabselect(acc, table, n, entries, exp_window(e, ebits, (windows - 1) * w, w));
    for (mp_bitcnt_t j = windows - 1; j-- > 0;) {
        for (unsigned s = 0; s < w; s++)
            pkc_rsa_mont_sqr(c, acc, acc, mtp);
        mpn_sec_tabselect(sel, table, n, entries, exp_window(e, ebits, j * w, w));
        pkc_rsa_mont_mul(c, acc, acc, sel, mtp);
    }
    memcpy(rR, acc, (size_t)n * sizeof(mp_limb_t));
}

void pkc_rsa_ct_powm(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *b, mp_size_t bn,
                     const mp_limb_t *e, mp_bitcnt_t ebits, mp_limb_t *tp)
{
    /* bR and the result share the first n limbs; the rest is the
     * exponentiation's scratch, which also covers mont_to's and
     * mont_from's. */
    mp_size_t n = c->n;
    mp_limb_t *x = tp, *rest = tp + n;
    pkc_rsa_mont_to(c, x, b, bn, rest);
    pkc_rsa_ct_powm_mont(c, x, x, e, ebits, rest);
    pkc_rsa_mont_from(c, r, x, rest);
}

void pkc_rsa_mont_powm_pubexp_var(const pkc_rsa_mont *c, mp_limb_t *rR, const mp_limb_t *bR,
                                  const mp_limb_t *e, mp_bitcnt_t ebits, mp_limb_t *tp)
{
    /* HAC algorithm 14.79, left to right; e is public, so its bits may
     * steer the branches. */
    mp_size_t n = c->n;
    mp_limb_t *acc = tp, *mtp = tp + n;
    memcpy(acc, bR, (size_t)n * sizeof(mp_limb_t));
    for (mp_bitcnt_t i = ebits - 1; i-- > 0;) {
        pkc_rsa_mont_sqr(c, acc, acc, mtp);
        if ((e[i / 64] >> (i % 64)) & 1)
            pkc_rsa_mont_mul(c, acc, acc, bR, mtp);
    }
    memcpy(rR, acc, (size_t)n * sizeof(mp_limb_t));
}
