/* pkc — constant-time Montgomery arithmetic and modular exponentiation
 * for RSA on GMP's limb functions (internal; not installed).
 *
 * Why our own and not mpn_sec_powm: GMP's "side-channel silent" functions
 * are silent about the base and the exponent, not about the modulus:
 * mpn_sec_powm looks up -m^-1 mod 2^64 in binvert_limb_table (indexed by
 * the low bits of m) and mpn_sec_div_r looks up invert_limb's table (by the
 * top bits of the divisor). With m = p or q, every private operation leaked
 * a few bits of the primes. Here the modulus is as secret as the rest:
 *
 * - -m^-1 mod 2^64 by Newton's iteration (no table);
 * - R mod m and R^2 mod m (R = 2^(64 n)) by modular doublings and
 *   Montgomery squarings, once per modulus (pkc_rsa_mont_init), so no
 *   division by m is ever needed;
 * - products by mpn_sec_mul / mpn_sec_sqr (schoolbook, running time fixed
 *   by the sizes), Montgomery reduction by mpn_addmul_1 rows, and the final
 *   conditional subtraction by a mask;
 * - inputs longer than m (c mod p in the CRT) reduced by Montgomery
 *   products with R^2 in a Horner scheme (pkc_rsa_mont_to);
 * - a fixed-window exponentiation whose table is read whole by
 *   mpn_sec_tabselect at every window.
 *
 * What remains observable is the limb count of the modulus and the bit
 * count given for the exponent. The interface is one context per modulus
 * and one exponentiation function, so a faster implementation (an AVX-512
 * IFMA path) can sit beside this one.
 */
#ifndef PKC_RSA_MONT_H
#define PKC_RSA_MONT_H

#include <gmp.h>

#include "pkc/common.h"

/* One odd modulus m (n limbs, m < R = 2^(64 n)) with its constants. */
typedef struct {
    mp_size_t n;
    mp_limb_t minv; /* -m^-1 mod 2^64 */
    mp_limb_t *m;   /* n limbs; the three arrays are one allocation */
    mp_limb_t *r2;  /* R^2 mod m */
    mp_limb_t *one; /* R mod m: 1 in Montgomery form */
} pkc_rsa_mont;

/* Builds the context for a secret odd modulus, in constant time. m[n-1]
 * may be zero only if the caller accepts n as the size that shows. */
pkc_err pkc_rsa_mont_init(pkc_rsa_mont *c, const mp_limb_t *m, mp_size_t n);
/* The same for a public modulus (n of a key): R^2 by mpz_mod, faster. */
pkc_err pkc_rsa_mont_init_var(pkc_rsa_mont *c, const mp_limb_t *m, mp_size_t n);
/* Wipes and frees; a zeroed context is fine. */
void pkc_rsa_mont_clear(pkc_rsa_mont *c);

/* v = 2 v mod m for v < m, in constant time (tmp: n limbs). */
void pkc_rsa_mont_double(const pkc_rsa_mont *c, mp_limb_t *v, mp_limb_t *tmp);

/* Scratch limbs for pkc_rsa_mont_mul/_sqr/_to/_from. */
mp_size_t pkc_rsa_mont_itch(mp_size_t n);

/* r = a b R^-1 mod m, fully reduced, for a < R and b < m (or a < m and
 * b < R). r may alias a or b. */
void pkc_rsa_mont_mul(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *a,
                      const mp_limb_t *b, mp_limb_t *tp);
/* r = a^2 R^-1 mod m for a < m. */
void pkc_rsa_mont_sqr(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *a, mp_limb_t *tp);
/* r = a R mod m (Montgomery form of a mod m) for any a of an >= 1 limbs. */
void pkc_rsa_mont_to(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
                     mp_limb_t *tp);
/* r = a R^-1 mod m for a < R (out of Montgomery form). */
void pkc_rsa_mont_from(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *a, mp_limb_t *tp);
/* r = a mod m for any a of an >= 1 limbs. */
void pkc_rsa_mont_mod(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
                      mp_limb_t *tp);

/* Scratch limbs for pkc_rsa_ct_powm / pkc_rsa_ct_powm_mont with ebits. */
mp_size_t pkc_rsa_ct_powm_itch(mp_size_t n, mp_bitcnt_t ebits);

/* r = b^e mod m (r: n limbs) for any b of bn >= 1 limbs and the low ebits
 * bits of e (ceil(ebits / 64) limbs; higher bits ignored). Constant time in
 * b, e and m: only n and ebits show. */
void pkc_rsa_ct_powm(const pkc_rsa_mont *c, mp_limb_t *r, const mp_limb_t *b, mp_size_t bn,
                     const mp_limb_t *e, mp_bitcnt_t ebits, mp_limb_t *tp);
/* The same on Montgomery forms: rR = (bR R^-1)^e R mod m, for bR < m. */
void pkc_rsa_ct_powm_mont(const pkc_rsa_mont *c, mp_limb_t *rR, const mp_limb_t *bR,
                          const mp_limb_t *e, mp_bitcnt_t ebits, mp_limb_t *tp);

/* Montgomery forms again, for a public exponent e of exactly ebits >= 1
 * bits (its top bit set): square-and-multiply that branches on the bits
 * of e, and is constant time in the base and the modulus. For r^e in
 * blinding and the check m^e = c of the private operation. Scratch:
 * n + pkc_rsa_mont_itch(n). */
void pkc_rsa_mont_powm_pubexp_var(const pkc_rsa_mont *c, mp_limb_t *rR, const mp_limb_t *bR,
                                  const mp_limb_t *e, mp_bitcnt_t ebits, mp_limb_t *tp);

#endif
