/* The factoring lab's internals shared by its files (lab/factor.c,
 * lab/factor_ecm.c): the clock, the deadline, the prime generator. Not part
 * of the lab's interface (lab/factor.h). */
#ifndef PKC_LAB_FACTOR_INTERNAL_H
#define PKC_LAB_FACTOR_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "factor.h"

/* Monotonic wall-clock time in seconds. */
double pkc_lab_factor_now(void);

/* A deadline of max_seconds from now; 0 means none. */
double pkc_lab_factor_deadline(double max_seconds);
/* 1 when the deadline (non-zero) has passed. */
int pkc_lab_factor_expired(double deadline);

/* splitmix64: the methods' own deterministic choices (rho's constants,
 * ECM's curves) from params->seed. Not for keys. */
uint64_t pkc_lab_factor_splitmix(uint64_t *state);

/* The primes 2, 3, 5, 7, ... in order, from a segmented sieve of
 * Eratosthenes whose base primes grow as the segments go up, so no bound
 * has to be known in advance (up to 2^63). */
typedef struct {
    uint32_t *base; /* the odd primes <= base_limit */
    size_t nbase, capbase;
    uint64_t base_limit;
    uint8_t *seg; /* seg[i] != 0: lo + 2 i is composite */
    uint64_t lo;  /* the segment's first number (odd) */
    size_t idx;   /* next index of seg to look at */
    int started;  /* 2 was returned */
} pkc_lab_primes;

pkc_err pkc_lab_primes_init(pkc_lab_primes *g);
/* The next prime; 0 when out of memory or past 2^63. */
uint64_t pkc_lab_primes_next(pkc_lab_primes *g);
void pkc_lab_primes_clear(pkc_lab_primes *g);

/* ECM (lab/factor_ecm.c): n odd, composite, params checked; deadline from
 * pkc_lab_factor_deadline. */
pkc_err pkc_lab_factor_ecm(const mpz_t n, const pkc_lab_factor_params *params, double deadline,
                           pkc_lab_factor_result *r);

#endif
