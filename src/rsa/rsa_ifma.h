/* pkc — the CRT exponentiations of the RSA private operation in radix
 * 2^52 on AVX-512 IFMA (internal; not installed).
 *
 * Beside rsa_mont.h's exponentiation, for primes of 4 to 32 limbs (RSA
 * keys of 512 to 4096 bits with balanced primes): both halves of the CRT
 * (or two Miller-Rabin bases of one candidate prime),
 * b^dP mod p and b^dQ mod q, in one interleaved pass of almost Montgomery
 * multiplications on eight-lane vectors (vpmadd52luq/huq), fixed windows of
 * IFMA_WBITS bits, every table entry read at every window (rsa_ifma_tmpl.h
 * has the algorithm and its bounds). Constant time in the base, the
 * exponents and the primes: only their limb count shows.
 *
 * Which code runs is decided once per process (pkc_rsa_ifma_mode): the
 * IFMA code where cpuid says the CPU and the OS support AVX-512F and
 * AVX-512 IFMA, else rsa_mont.h's. The environment variable PKC_RSA_IFMA
 * overrides it, as OPENSSL_ia32cap does for OpenSSL:
 *   off (or 0)   rsa_mont.h's exponentiation even on an IFMA CPU
 *   emulate      the same algorithm on a portable emulation of the vector
 *                operations: slow, for the valgrind constant-time test
 *                (valgrind does not run AVX-512) and for the tests on
 *                CPUs without IFMA
 *   auto (unset) as cpuid says
 */
#ifndef PKC_RSA_IFMA_H
#define PKC_RSA_IFMA_H

#include <stdint.h>

#include "rsa_mont.h"

/* One modulus m with its radix-2^52 constants. R = 2^(52 L) > 4 m. */
typedef struct {
    int K, L;        /* 8-lane vectors, digits (L <= 8 K) */
    uint64_t k0;     /* -m^-1 mod 2^52 */
    uint64_t *m;     /* the digits of m, 8 K of them (one allocation) */
    uint64_t *one;   /* R mod m */
    uint64_t *conv;  /* R^2 2^(-64 n) mod m: takes x 2^(64 n) to x R */
    uint64_t *mont1; /* 2^(64 n) mod m: takes x R to x 2^(64 n) */
    uint64_t *r2;    /* R^2 mod m: takes x to x R */
} pkc_rsa_ifma;
/* the arrays from m on, 8 K digits each, in one block */
#define PKC_RSA_IFMA_CONSTS 5

typedef enum {
    PKC_RSA_IFMA_OFF = 1,     /* rsa_mont.h */
    PKC_RSA_IFMA_EMULATE = 2, /* the algorithm on the portable emulation */
    PKC_RSA_IFMA_HW = 3       /* AVX-512 IFMA */
} pkc_rsa_ifma_mode_t;

/* 1 if primes of n limbs are supported by the paired exponentiations
 * (4 to 32 limbs) */
int pkc_rsa_ifma_fits(mp_size_t n);
/* 1 if moduli of n limbs are supported by pkc_rsa_ifma_powm_pub and
 * pkc_rsa_ifma_init (4 to 64 limbs) */
int pkc_rsa_ifma_fits_pub(mp_size_t n);
/* The mode in use (decided at the first call, see above). */
pkc_rsa_ifma_mode_t pkc_rsa_ifma_mode(void);
/* 1 if this CPU and OS run AVX-512 IFMA code (cpuid, cached). */
int pkc_rsa_ifma_hw_available(void);
/* Sets the mode (tests, benchmarks); PKC_ERR_UNSUPPORTED for HW on a CPU
 * without IFMA. */
pkc_err pkc_rsa_ifma_set_mode(pkc_rsa_ifma_mode_t mode);

/* The constants for the modulus of c (pkc_rsa_ifma_fits_pub(c->n)), in
 * constant time; x is zeroed first. */
pkc_err pkc_rsa_ifma_init(pkc_rsa_ifma *x, const pkc_rsa_mont *c);
/* Wipes and frees; a zeroed context is fine. */
void pkc_rsa_ifma_clear(pkc_rsa_ifma *x);

/* Scratch limbs for pkc_rsa_ifma_powm2 with primes of n limbs. */
mp_size_t pkc_rsa_ifma_itch(mp_size_t n);

/* rp = b^ep mod p and rq = b^eq mod q (n limbs each, fully reduced) for
 * b of bn >= 1 limbs and exponents of n limbs (64 n bits processed), p and
 * q of the same n limbs, in the mode given (EMULATE or HW); rp and rq must
 * not overlap b. Constant time in b, the exponents and the primes. */
void pkc_rsa_ifma_powm2(pkc_rsa_ifma_mode_t mode, const pkc_rsa_mont *cp, const pkc_rsa_ifma *xp,
                        mp_limb_t *rp, const mp_limb_t *ep, const pkc_rsa_mont *cq,
                        const pkc_rsa_ifma *xq, mp_limb_t *rq, const mp_limb_t *eq,
                        const mp_limb_t *b, mp_size_t bn, mp_limb_t *tp);

/* The same exponentiations on numbers in rsa_mont.h's Montgomery form: zp
 * = zp^ep mod p and zq = zq^eq mod q, z x 2^(64 n) on entry and on return
 * (below the modulus both times). p and q may be the same context (two
 * Miller-Rabin bases at once). Constant time like pkc_rsa_ifma_powm2. */
void pkc_rsa_ifma_powm2_mont(pkc_rsa_ifma_mode_t mode, const pkc_rsa_mont *cp,
                             const pkc_rsa_ifma *xp, mp_limb_t *zp, const mp_limb_t *ep,
                             const pkc_rsa_mont *cq, const pkc_rsa_ifma *xq, mp_limb_t *zq,
                             const mp_limb_t *eq);

/* r = b^e mod m (n limbs, fully reduced; r may alias b) for b < m and a
 * public exponent e of ebits >= 1 bits (the exact bit length), m of 4 to
 * 64 limbs: square and multiply branching on the bits of e only, constant
 * time in b (the public operation, and the check of the private one whose
 * base is the secret result). */
void pkc_rsa_ifma_powm_pub(pkc_rsa_ifma_mode_t mode, const pkc_rsa_mont *c, const pkc_rsa_ifma *x,
                           mp_limb_t *r, const mp_limb_t *b, const mp_limb_t *e,
                           mp_bitcnt_t ebits);

#endif
