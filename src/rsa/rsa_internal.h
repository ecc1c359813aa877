/* pkc — RSA internals shared by src/rsa/rsa_*.c (not installed). Tests and the
 * benchmark engine may use it: they link the static library. */
#ifndef PKC_RSA_INTERNAL_H
#define PKC_RSA_INTERNAL_H

#include <gmp.h>
#include <stdatomic.h>

#include "pkc/rsa.h"

#define PKC_RSA_MIN_PARSE_BITS 512 /* smallest modulus accepted from outside */

struct pkc_rsa_key {
    unsigned bits;  /* bits of n */
    size_t k;       /* bytes of n */
    int priv;       /* 1: d, p, q, dp, dq, qinv present */
    mpz_t n, e, d, p, q, dp, dq, qinv;
    /* Limb forms for the constant-time private operation, fixed sizes,
     * zero-padded, little-endian (GMP order). Public values: ln, le. */
    mp_size_t nl, pl, ql, el;
    mp_bitcnt_t pbits, qbits, ebits; /* exponent lengths fed to mpn_sec_powm */
    mp_limb_t *ln, *le, *lp, *lq, *ldp, *ldq, *lqinv;
    /* Montgomery constants for the public operation: R^2 mod n (nl limbs,
     * R = 2^(64 nl)) and -n^-1 mod 2^64. */
    mp_limb_t *lr2;
    mp_limb_t ninv;
    mp_size_t scratch; /* limbs of scratch one private operation needs */
    /* Blinding cache (RFC 8017 does not mandate one; OpenSSL's approach):
     * a pair (r^e, r^-1) mod n, squared after each use and redrawn from the
     * rng every PKC_RSA_BLIND_REFRESH uses. Guarded by an atomic try-lock:
     * a thread that finds it busy draws a fresh pair instead of waiting, so
     * a const key stays safe to share between threads. */
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
/* Validates every private component against the others (not primality)
 * and builds the limb forms and scratch size. */
pkc_err pkc_rsa_key_finish_private(pkc_rsa_key *key);

/* FIPS 186-5 table B.1 Miller-Rabin rounds for a prime of this size. */
int pkc_rsa_mr_rounds(size_t prime_bits);
/* FIPS 186-5 B.3.1 Miller-Rabin with bases drawn from rng. *is_prime gets
 * 1 for "probably prime", 0 for composite. */
pkc_err pkc_rsa_miller_rabin(const mpz_t w, int rounds, pkc_rng *rng, int *is_prime);

/* Big-endian bytes <-> GMP values. */
void pkc_rsa_mpz_from_be(mpz_t x, const uint8_t *in, size_t len);
/* Writes x as exactly len big-endian bytes; PKC_ERR_RANGE if it does not fit. */
pkc_err pkc_rsa_mpz_to_be(const mpz_t x, uint8_t *out, size_t len);

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
