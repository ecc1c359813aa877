/* The attack lab — factoring small RSA moduli, timed and counted so that the
 * cost can be extrapolated to real key sizes (docs/attacks-factor.md).
 *
 * Instances: N = p q of a chosen size with p and q planted, made from a
 * seed (the same seed, size, repetition and kind always give the same N):
 *   balanced  p, q random primes of half the size each, as RSA key
 *             generation makes them (pkc_rsa_prime_generate);
 *   close     |p - q| < N^(1/4): Fermat's method finds them at once;
 *   smooth    p - 1 = 2 * (distinct primes <= a bound): Pollard's p - 1
 *             finds p in stage 1.
 *
 * Methods, each counting its basic steps ("ops"):
 *   trial   trial division by the primes 2, 3, 5, ... (ops: divisions)
 *   fermat  Fermat's difference of squares from ceil(sqrt N) (iterations)
 *   rho     Pollard's rho, Brent's cycle finding, batched gcds (modular
 *           multiplications, squarings included)
 *   pm1     Pollard's p - 1, stage 1 to B1 and a prime-by-prime stage 2 to
 *           B2 (modular multiplications)
 *   ecm     GMP-ECM's ecm_factor, one curve after the other with B1 rising
 *           (curves); only when built with libecm (PKC_HAVE_ECM)
 *
 * Everything works on GMP integers. The lab never prints and never exits:
 * functions return a pkc_err (PKC_OK or a negative code). */
#ifndef PKC_LAB_FACTOR_H
#define PKC_LAB_FACTOR_H

#include <gmp.h>
#include <stdint.h>

#include "pkc/common.h"

/* The sizes of N that instances are made for (bits of N). */
#define PKC_LAB_FACTOR_MIN_BITS 40
#define PKC_LAB_FACTOR_MAX_BITS 256
/* Below this size of N a half is shorter than pkc_rsa_prime_generate's
 * smallest prime (PKC_RSA_PRIME_MIN_BITS = 32): the primes then come from
 * mpz_nextprime on DRBG output instead (prime_source says which). */
#define PKC_LAB_FACTOR_PKC_PRIMES_MIN_BITS 64
/* The smoothness bound of the smooth instances' p - 1 (below the default
 * B1 of pm1, so stage 1 alone finds p). */
#define PKC_LAB_FACTOR_SMOOTH_BOUND 32768u

typedef enum {
    PKC_LAB_FACTOR_TRIAL = 0,
    PKC_LAB_FACTOR_FERMAT,
    PKC_LAB_FACTOR_RHO,
    PKC_LAB_FACTOR_PM1,
    PKC_LAB_FACTOR_ECM,
    PKC_LAB_FACTOR_METHODS /* how many */
} pkc_lab_factor_method;

typedef enum {
    PKC_LAB_FACTOR_BALANCED = 0,
    PKC_LAB_FACTOR_CLOSE,
    PKC_LAB_FACTOR_SMOOTH,
    PKC_LAB_FACTOR_KINDS /* how many */
} pkc_lab_factor_kind;

/* "trial", "fermat", "rho", "pm1", "ecm"; NULL for anything else. */
const char *pkc_lab_factor_method_name(pkc_lab_factor_method m);
/* The method of a name; PKC_ERR_ARG for an unknown one. */
pkc_err pkc_lab_factor_method_parse(const char *name, pkc_lab_factor_method *out);
/* What the method's ops count: "divisions", "iterations", "modular
 * multiplications", "curves". */
const char *pkc_lab_factor_ops_unit(pkc_lab_factor_method m);
/* 1 when the ECM method is available (built with GMP-ECM), else 0. */
int pkc_lab_factor_have_ecm(void);
/* GMP-ECM's version ("7.0.5"), or NULL without it. */
const char *pkc_lab_factor_ecm_version(void);

/* "balanced", "close", "smooth"; NULL for anything else. */
const char *pkc_lab_factor_kind_name(pkc_lab_factor_kind k);
pkc_err pkc_lab_factor_kind_parse(const char *name, pkc_lab_factor_kind *out);

/* ---- instances ---- */

typedef struct {
    unsigned bits; /* of n, exactly */
    pkc_lab_factor_kind kind;
    mpz_t n, p, q;            /* n = p q, p and q prime, each of about bits / 2 bits */
    const char *prime_source; /* how p and q were made (a static string) */
    uint64_t smooth_bound;    /* smooth: every prime factor of p - 1 is <= this; else 0 */
} pkc_lab_factor_instance;

void pkc_lab_factor_instance_init(pkc_lab_factor_instance *inst);
void pkc_lab_factor_instance_clear(pkc_lab_factor_instance *inst);

/* Makes the instance of (kind, bits, seed, rep): p of ceil(bits / 2) bits
 * and q of floor(bits / 2) bits, each with its top two bits set (so n has
 * exactly bits bits; the smooth p too). Every random bit comes from pkc's
 * HMAC-DRBG in fixed-seed mode, seeded with the first 8 bytes of
 * SHA-256("pkc lab factor v1" || BE64(seed) || BE32(bits) || BE32(rep) ||
 * kind name): one instance does not depend on which others are made.
 * bits in [PKC_LAB_FACTOR_MIN_BITS, PKC_LAB_FACTOR_MAX_BITS], else
 * PKC_ERR_ARG. */
pkc_err pkc_lab_factor_instance_make(pkc_lab_factor_instance *inst, pkc_lab_factor_kind kind,
                                     unsigned bits, uint64_t seed, unsigned rep);

/* ---- attacks ---- */

typedef struct {
    double max_seconds; /* wall-clock limit of one attack; <= 0: none */
    uint64_t b1;        /* pm1: stage 1 bound (0: PKC_LAB_FACTOR_PM1_B1);
                           ecm: every curve's B1 (0: the rising schedule) */
    uint64_t b2;        /* pm1: stage 2 bound, >= b1 (0: 100 b1; b1 itself: no
                           stage 2); ecm: ignored (GMP-ECM's default B2) */
    uint64_t seed;      /* rho's polynomials and ECM's curves */
} pkc_lab_factor_params;

#define PKC_LAB_FACTOR_PM1_B1 100000u
/* The largest B2 (the primes up to B2 are sieved as stage 2 goes). */
#define PKC_LAB_FACTOR_PM1_B2_MAX ((uint64_t)1 << 40)

typedef enum {
    PKC_LAB_FACTOR_FOUND = 0,     /* factor holds a nontrivial factor of n */
    PKC_LAB_FACTOR_NOT_FOUND = 1, /* the method ran to its end without one (reason) */
    PKC_LAB_FACTOR_TIMED_OUT = 2  /* stopped by max_seconds */
} pkc_lab_factor_status;

typedef struct {
    pkc_lab_factor_status status;
    mpz_t factor;       /* FOUND: 1 < factor < n, factor | n (checked) */
    uint64_t ops;       /* basic steps (pkc_lab_factor_ops_unit) */
    const char *reason; /* NOT_FOUND / TIMED_OUT: why, a static string */
    /* method-specific (0 where they do not apply): */
    uint64_t b1, b2;   /* pm1: the bounds used; ecm: B1 of the last curve */
    uint64_t curves;   /* ecm: curves run (= ops) */
    uint64_t restarts; /* rho: new polynomials after a gcd of n */
    unsigned stage;    /* pm1: the stage that found the factor (1 or 2) */
} pkc_lab_factor_result;

void pkc_lab_factor_result_init(pkc_lab_factor_result *r);
void pkc_lab_factor_result_clear(pkc_lab_factor_result *r);

/* Looks for a nontrivial factor of n with method m. n must be composite and
 * >= 4 (a probable prime, or n < 4: PKC_ERR_ARG); an even n gives the factor
 * 2 at once with 0 ops, every method alike. PKC_ERR_UNSUPPORTED for ecm
 * without GMP-ECM; PKC_ERR_ARG for a bad b1/b2. PKC_OK otherwise, with
 * r->status saying whether a factor was found; a factor that does not
 * divide n (a bug) gives PKC_ERR_INTERNAL. The ECM time limit is kept in a
 * thread-local deadline (GMP-ECM's stop callback takes no argument). */
pkc_err pkc_lab_factor_run(pkc_lab_factor_method m, const mpz_t n,
                           const pkc_lab_factor_params *params, pkc_lab_factor_result *r);

#endif
