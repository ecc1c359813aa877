/* pkc — constant-time helpers on GMP limb vectors for the RSA code
 * (internal; not installed).
 *
 * Everything here runs in time that depends only on the limb counts (and
 * on arguments documented as public): no branch and no memory index that
 * depends on a limb's value. They cover what GMP's side-channel-silent
 * mpn_sec_* / mpn_cnd_* family does not: comparisons, reduction by an even
 * or secret modulus, gcd, shifts by a secret amount and exact division, as
 * RSA key generation and key checking need them.
 *
 * Masks are mp_limb_t all-ones (true) or zero (false), as in ct.h.
 */
#ifndef PKC_RSA_LIMBS_H
#define PKC_RSA_LIMBS_H

#include <gmp.h>
#include <stddef.h>

#include "ct.h"

_Static_assert(GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0,
               "the RSA code assumes 64-bit GMP limbs without nails");

/* The width in bits of n limbs: exponents and Miller-Rabin candidates are
 * processed over the whole limb length of a value, never its exact bit
 * length, which would depend on a secret. */
static inline mp_bitcnt_t limbs_bits(mp_size_t n)
{
    return (mp_bitcnt_t)n * GMP_NUMB_BITS;
}

/* all-ones if the n limbs at a are zero */
static inline mp_limb_t limbs_zero_mask(const mp_limb_t *a, mp_size_t n)
{
    mp_limb_t acc = 0;
    for (mp_size_t i = 0; i < n; i++)
        acc |= a[i];
    return (mp_limb_t)ct_mask_zero((uint64_t)acc);
}

/* all-ones if a == b (n limbs each) */
static inline mp_limb_t limbs_eq_mask(const mp_limb_t *a, const mp_limb_t *b, mp_size_t n)
{
    mp_limb_t acc = 0;
    for (mp_size_t i = 0; i < n; i++)
        acc |= a[i] ^ b[i];
    return (mp_limb_t)ct_mask_zero((uint64_t)acc);
}

/* all-ones if a (n >= 1 limbs) equals the single-limb value v */
static inline mp_limb_t limbs_eq_ui_mask(const mp_limb_t *a, mp_size_t n, mp_limb_t v)
{
    mp_limb_t acc = a[0] ^ v;
    for (mp_size_t i = 1; i < n; i++)
        acc |= a[i];
    return (mp_limb_t)ct_mask_zero((uint64_t)acc);
}

/* all-ones if a < b (n limbs each): the borrow out of a - b, computed
 * without storing the difference. */
static inline mp_limb_t limbs_lt_mask(const mp_limb_t *a, const mp_limb_t *b, mp_size_t n)
{
    mp_limb_t borrow = 0;
    for (mp_size_t i = 0; i < n; i++) {
        unsigned __int128 d = (unsigned __int128)a[i] - b[i] - borrow;
        borrow = (mp_limb_t)(d >> 64) & 1;
    }
    return (mp_limb_t)0 - borrow;
}

/* if mask: dst = src (n limbs). The barrier hides that the mask is 0 or
 * all-ones, which could otherwise tempt a compiler into a branch. */
static inline void limbs_cmov(mp_limb_t *dst, const mp_limb_t *src, mp_size_t n, mp_limb_t mask)
{
    mask = (mp_limb_t)ct_barrier((uint64_t)mask);
    for (mp_size_t i = 0; i < n; i++)
        dst[i] ^= mask & (dst[i] ^ src[i]);
}

/* r = a b (an + bn limbs) by mpn_sec_mul, which wants the longer operand
 * first; tp: mpn_sec_mul_itch of the two sizes. */
static inline void limbs_mul(mp_limb_t *r, const mp_limb_t *a, mp_size_t an, const mp_limb_t *b,
                             mp_size_t bn, mp_limb_t *tp)
{
    if (an >= bn)
        mpn_sec_mul(r, a, an, b, bn, tp);
    else
        mpn_sec_mul(r, b, bn, a, an, tp);
}

/* Constant-time conversions between big-endian bytes and n limbs: the loops
 * depend only on the lengths. Bytes that do not fit are dropped; missing
 * ones are zero. */
void pkc_rsa_be_to_limbs(const uint8_t *in, size_t len, mp_limb_t *out, mp_size_t n);
void pkc_rsa_limbs_to_be(const mp_limb_t *in, mp_size_t n, uint8_t *out, size_t len);

/* The number of limbs of a without its leading zero limbs (0 for zero). The
 * result is as secret as a; callers declassify it where the length is
 * public. */
mp_size_t pkc_rsa_limbs_size(const mp_limb_t *a, mp_size_t n);

/* Trailing zero bits of a (64 n if a is zero), as a secret value. */
mp_limb_t pkc_rsa_limbs_ctz(const mp_limb_t *a, mp_size_t n);

/* r = a >> s for a secret s < 64 n, by a barrel shifter over the bits of s
 * (every stage runs, masked). r may equal a; tmp: n limbs. */
void pkc_rsa_limbs_rshift_secret(mp_limb_t *r, const mp_limb_t *a, mp_size_t n, mp_limb_t s,
                                 mp_limb_t *tmp);

/* r = x mod m by restoring binary division, one bit of x at a time (64 xn
 * steps of mn + 1 limbs each). m (mn limbs) may have leading zero limbs and
 * may be even; m = 0 gives garbage, not a crash. r: mn limbs; tmp: 2 mn + 2
 * limbs. For the rare reductions by a secret even modulus (d mod p - 1 and
 * the key checks); Montgomery reduction (rsa_mont.h) is the fast path for
 * odd moduli. */
void pkc_rsa_limbs_mod(mp_limb_t *r, const mp_limb_t *x, mp_size_t xn, const mp_limb_t *m,
                       mp_size_t mn, mp_limb_t *tmp);

/* g = gcd(a, b) for b odd (n limbs each), by the binary algorithm with a
 * fixed 128 n iterations: each one makes a even (a - b after a swap that
 * keeps a >= b) and halves it, which shortens a or b by at least one bit,
 * so 2 * 64 n steps always reach a = 0, and b is then the gcd. tmp: 3 n
 * limbs. */
void pkc_rsa_limbs_gcd_odd(mp_limb_t *g, const mp_limb_t *a, const mp_limb_t *b, mp_size_t n,
                           mp_limb_t *tmp);

/* q = x / g for g odd and dividing x exactly (n limbs each), as
 * x * g^-1 mod 2^(64 n) (Hensel division: the quotient is below 2^(64 n),
 * so it equals that residue). g^-1 by Newton's iteration y <- y (2 - g y),
 * which doubles the correct low bits each step. tmp: 5 n limbs plus
 * mpn_sec_mul_itch(n, n). */
void pkc_rsa_limbs_divexact_odd(mp_limb_t *q, const mp_limb_t *x, const mp_limb_t *g, mp_size_t n,
                                mp_limb_t *tmp);
mp_size_t pkc_rsa_limbs_divexact_odd_itch(mp_size_t n);

/* -m0^-1 mod 2^64 for odd m0, by Newton's iteration (no table lookup, unlike
 * GMP's binvert_limb: m0 may be secret). */
mp_limb_t pkc_rsa_limb_neg_inverse(mp_limb_t m0);

/* x R^-n mod d (R = 2^64) for an odd single-limb d, dinv = -d^-1 mod
 * 2^64: Montgomery reduction by one limb, one row per limb of x, the
 * result kept below d at every step. Constant time in x (and in d). This
 * replaces mpn_mod_1, whose mpn_mod_1_1p branches on the dividend: for a
 * divisibility test or an inverse modulo d the factor R^-n, a unit, does
 * not matter or is taken out by the caller. */
mp_limb_t pkc_rsa_limbs_redc_1(const mp_limb_t *x, mp_size_t n, mp_limb_t d, mp_limb_t dinv);
/* The same for four moduli at once, r[j] = x R^-n mod d[j] up to one d[j]
 * (r[j] <= d[j] + 1: no subtraction in the rows, which is enough for
 * divisibility by the factors of d[j]): four independent chains in one
 * loop, so that their multiplications overlap (trial division, where one
 * chain alone waits on its multiplier). */
void pkc_rsa_limbs_redc_1x4(mp_limb_t r[4], const mp_limb_t *x, mp_size_t n, const mp_limb_t d[4],
                            const mp_limb_t dinv[4]);

/* r = e^-1 mod M for a public single-limb odd e >= 3 and a secret M (mn
 * limbs, any parity: M = lambda(n) or p - 1) with gcd(M, e) = 1, as
 *   r = (1 + (e - u) M) / e,  u = M^-1 mod e,
 * which is an integer in [1, M) with e r = 1 mod M: only e-sized values
 * need inverting (mpn_sec_invert modulo e), and the division is by the
 * public e. Returns all-ones on success, 0 if gcd(M, e) != 1 (a secret
 * verdict: the caller declassifies it). r: mn limbs; tmp: see _itch. */
mp_limb_t pkc_rsa_inverse_of_e(mp_limb_t *r, const mp_limb_t *m, mp_size_t mn, mp_limb_t e,
                               mp_limb_t *tmp);
mp_size_t pkc_rsa_inverse_of_e_itch(mp_size_t mn);

/* all-ones if gcd(x - 1, e) = 1, for x (n limbs) >= 1 and a public odd
 * e >= 3 (FIPS 186-5 A.1.3 step 4.5). tmp: see _itch. */
mp_limb_t pkc_rsa_coprime_e_minus_1(const mp_limb_t *x, mp_size_t n, mp_limb_t e,
                                    mp_limb_t *tmp);
mp_size_t pkc_rsa_coprime_e_minus_1_itch(mp_size_t n);

#endif
