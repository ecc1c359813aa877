/* pkc — RSA internals shared by src/rsa/rsa_*.c (not installed). Tests and the
 * benchmark engine may use it: they link the static library. */
#ifndef PKC_RSA_INTERNAL_H
#define PKC_RSA_INTERNAL_H

#include <gmp.h>
#include <stdatomic.h>

#include "ct.h" /* PKC_DECLASSIFY */
#include "pkc/rsa.h"
#include "rsa_ifma.h"
#include "rsa_mont.h"

#define PKC_RSA_MIN_PARSE_BITS 512 /* smallest modulus accepted from outside */
/* Above this modulus size e may have at most 64 bits (OpenSSL's rule):
 * otherwise a crafted key with e close to n makes one verification cost
 * seconds. */
#define PKC_RSA_SMALL_E_ABOVE_BITS 3072

struct pkc_rsa_key {
    unsigned bits;  /* bits of n */
    size_t k;       /* bytes of n */
    int priv;       /* 1: d, p, q, dp, dq, qinv present */
    mpz_t n, e, d, p, q, dp, dq, qinv;
    /* Limb forms, fixed sizes, zero-padded, little-endian (GMP order). */
    mp_size_t nl, pl, ql, el; /* limbs of n, p, q, e */
    mp_bitcnt_t ebits;        /* bits of e */
    mp_limb_t *le;            /* e (public) */
    pkc_rsa_mont mont_n;      /* n and its Montgomery constants (public) */
    /* n in radix 2^52 (rsa_ifma.h) when pkc_rsa_ifma_fits_pub(nl) and the
     * mode was not off when the key was made, for the public
     * exponentiation; else zeroed (the public operation then takes GMP) */
    pkc_rsa_ifma ifma_n;
    /* Private operation (secret; see rsa_private.c): the primes with their
     * Montgomery constants, dP and dQ, and qInv R mod p (qInv in Montgomery
     * form, so that Garner's step is one Montgomery product). */
    pkc_rsa_mont mont_p, mont_q;
    /* the same primes in radix 2^52 (rsa_ifma.h), built when p and q have
     * the same limb count and pkc_rsa_ifma_fits it; else zeroed */
    pkc_rsa_ifma ifma_p, ifma_q;
    mp_limb_t *ldp, *ldq, *lqinv_r; /* pl, ql, pl limbs */
    mp_size_t scratch; /* limbs of scratch one private operation needs */
    /* Blinding cache (RFC 8017 does not mandate one; OpenSSL's approach):
     * a pair (r^e, r^-1) mod n, both in Montgomery form, squared after
     * each use and redrawn from the rng every PKC_RSA_BLIND_REFRESH uses.
     * Guarded by an atomic try-lock: a thread that finds it busy draws a
     * fresh pair instead of waiting, so a const key stays safe to share
     * between threads. */
    atomic_int blind_busy;
    int blind_ready;
    unsigned blind_uses;
    mp_limb_t *blind_a, *blind_ai; /* nl limbs each */
};

#define PKC_RSA_BLIND_REFRESH 32

/* Allocates a key with every mpz initialised to 0. */
pkc_err pkc_rsa_key_alloc(pkc_rsa_key **out);
/* Validates n and e, sets bits/k and the public limb forms. */
pkc_err pkc_rsa_key_finish_public(pkc_rsa_key *key);
/* r = b^e mod n (nl limbs) for b < n on the radix-2^52 exponentiation,
 * constant time in b, if the key has it (n of 4 to 64 limbs) and the mode
 * (rsa_ifma.h) is not off: returns 1; else returns 0 and leaves r alone.
 * Where it runs it is faster than GMP's at every size (1.6 to 5 times at
 * RSA-1024 to RSA-4096 on AMD Zen 5). */
int pkc_rsa_public_ifma(const pkc_rsa_key *key, mp_limb_t *r, const mp_limb_t *b);
/* Validates every private component against the others (not primality)
 * in constant time, and builds the limb forms, Montgomery contexts and
 * scratch size. */
pkc_err pkc_rsa_key_finish_private(pkc_rsa_key *key);

/* RSAEP on a secret input below n (OAEP encryption): constant time in
 * the input, e public. The caller guarantees in < n. */
pkc_err pkc_rsa_public_secret_input(const pkc_rsa_key *key, const uint8_t *in, uint8_t *out);

/* FIPS 186-5 table B.1 Miller-Rabin rounds for a prime of this size. */
int pkc_rsa_mr_rounds(size_t prime_bits);
/* FIPS 186-5 B.3.1 Miller-Rabin with bases drawn from rng, in constant
 * time for an odd w (wn limbs) with 5 <= w < 2^wbits, wbits <= 64 wn: only
 * the verdicts are declassified (see rsa_prime.c). *is_prime gets 1 for
 * "probably prime", 0 for composite. */
pkc_err pkc_rsa_miller_rabin_limbs(const mp_limb_t *w, mp_size_t wn, mp_bitcnt_t wbits,
                                   int rounds, pkc_rng *rng, int *is_prime);
/* The same for any mpz (variable time on w: tests and public values). */
pkc_err pkc_rsa_miller_rabin(const mpz_t w, int rounds, pkc_rng *rng, int *is_prime);

/* Trial division by the odd primes below a bound, in constant time: the
 * primes are grouped into products below 2^64, x is reduced modulo each
 * product d by a single-limb Montgomery reduction (x R^-n mod d: the unit
 * R^-n does not change which primes divide it), and each prime's
 * divisibility is tested on that residue by multiplication with its
 * inverse mod 2^64 (Granlund and Montgomery, "Division by invariant
 * integers using multiplication", PLDI 1994, section 9). */
typedef struct {
    size_t ngroups;
    mp_limb_t *prod;  /* ngroups products */
    mp_limb_t *pinv;  /* -prod^-1 mod 2^64 */
    size_t *first;    /* ngroups + 1: index of each group's first prime */
    mp_limb_t *inv;   /* per prime s: s^-1 mod 2^64 */
    mp_limb_t *limit; /* per prime s: floor((2^64 - 1) / s) */
} pkc_rsa_sieve;
pkc_err pkc_rsa_sieve_init(pkc_rsa_sieve *s, uint32_t bound);
void pkc_rsa_sieve_clear(pkc_rsa_sieve *s);
/* all-ones if x (n limbs) has an odd prime factor below the bound */
mp_limb_t pkc_rsa_sieve_has_factor(const pkc_rsa_sieve *s, const mp_limb_t *x, mp_size_t n);

/* Big-endian bytes <-> GMP values. pkc_rsa_mpz_from_be does not branch
 * on the bytes' values: only the length of the value (in limbs, which its
 * encoding shows anyway) is declassified. */
void pkc_rsa_mpz_from_be(mpz_t x, const uint8_t *in, size_t len);
/* Writes x as exactly len big-endian bytes; PKC_ERR_RANGE if it does not fit. */
pkc_err pkc_rsa_mpz_to_be(const mpz_t x, uint8_t *out, size_t len);
/* x = the n limbs at a, in constant time but for the declassified length. */
void pkc_rsa_mpz_set_limbs(mpz_t x, const mp_limb_t *a, mp_size_t n);
/* The n low limbs of x (x >= 0), zero-padded; branches on sizes only. */
void pkc_rsa_mpz_get_limbs(mp_limb_t *out, mp_size_t n, const mpz_t x);
/* calloc / wipe-and-free for limb vectors */
mp_limb_t *pkc_rsa_limbs_alloc(mp_size_t n);
void pkc_rsa_limbs_free(mp_limb_t *p, mp_size_t n);

/* Wipes and clears an mpz. */
void pkc_rsa_mpz_wipe(mpz_t x);

/* RFC 8017 9.2 DigestInfo prefix for hash (NULL if unsupported). */
const uint8_t *pkc_rsa_digestinfo_prefix(pkc_hash_alg hash, size_t *len);

/* pkc_rsa_generate without the 1024-bit floor (down to 512 bits): tests
 * generate many small keys quickly. */
pkc_err pkc_rsa_generate_any(pkc_rsa_key **out, unsigned bits, uint64_t e, pkc_rng *rng);

/* RFC 8017 7.1.1 with a caller-given seed of hLen bytes (known answers). */
pkc_err pkc_rsa_oaep_encrypt_seed(const pkc_rsa_key *key, const pkc_rsa_oaep_params *params,
                                  const uint8_t *seed, const uint8_t *msg, size_t msglen,
                                  uint8_t *out, size_t cap, size_t *outlen);

#endif
