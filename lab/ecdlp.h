/* The attack lab's elliptic-curve discrete logarithms: small curves over F_p
 * (p < 2^62) in short Weierstrass form y^2 = x^3 + ax + b, their point counts,
 * generated instances with a planted key, and the attacks on them (brute
 * force, baby-step giant-step, Pollard rho with distinguished points,
 * Pohlig-Hellman), each counting its group operations so that its cost can
 * be extrapolated (docs/attacks-ecdlp.md).
 *
 * lab/ecdlp_curve.c: the PRNG, 64-bit number theory, the field (Montgomery
 * form), the group law, point counting and instance generation.
 * lab/ecdlp.c: the attacks and the walk engine rho and the MPI program share.
 *
 * Nothing here prints or exits: functions return ECDLP_OK or a negative
 * ECDLP_ERR_* code. */
#ifndef PKC_LAB_ECDLP_H
#define PKC_LAB_ECDLP_H

#include <stddef.h>
#include <stdint.h>

#define ECDLP_OK 0
#define ECDLP_ERR_ARG (-1)       /* a bad argument (size out of range, singular curve) */
#define ECDLP_ERR_TOO_BIG (-2)   /* refused: the method's memory or size limit */
#define ECDLP_ERR_NOMEM (-3)     /* an allocation failed */
#define ECDLP_ERR_TIMEOUT (-4)   /* the time limit passed first */
#define ECDLP_ERR_NOT_FOUND (-5) /* no logarithm (Q not in <P>), or generation gave up */
#define ECDLP_ERR_COUNT (-6)     /* point counting did not settle the group order */

#define ECDLP_MIN_BITS 16
#define ECDLP_MAX_BITS 62

/* ---- deterministic PRNG (xoshiro256** seeded by splitmix64) ---- */

typedef struct {
    uint64_t s[4];
} ecdlp_rng;

void ecdlp_rng_seed(ecdlp_rng *r, uint64_t seed);
uint64_t ecdlp_rng_next(ecdlp_rng *r);
/* uniform in [0, bound), bound >= 1 (rejection sampling: no modulo bias) */
uint64_t ecdlp_rng_below(ecdlp_rng *r, uint64_t bound);
/* splitmix64's finaliser: a seed for one instance from (seed, bits, rep) */
uint64_t ecdlp_mix64(uint64_t x);

/* ---- 64-bit number theory ---- */

uint64_t ecdlp_mulmod(uint64_t a, uint64_t b, uint64_t m);
uint64_t ecdlp_powmod(uint64_t a, uint64_t e, uint64_t m);
/* a^-1 mod m (gcd(a, m) = 1), or 0 when there is none; m < 2^63 */
uint64_t ecdlp_invmod(uint64_t a, uint64_t m);
/* deterministic Miller-Rabin for every 64-bit n */
int ecdlp_is_prime(uint64_t n);
uint64_t ecdlp_isqrt(uint64_t n);
/* a square root of a mod the odd prime p (Tonelli-Shanks), or -1 if a is a
 * non-residue; *r gets the root */
int ecdlp_sqrtmod(uint64_t a, uint64_t p, uint64_t *r);

/* a factorisation, primes ascending (a 64-bit number has at most 15) */
typedef struct {
    int count;
    uint64_t prime[16];
    unsigned exp[16];
} ecdlp_factors;
/* n >= 1, by trial division and Pollard-Brent rho */
void ecdlp_factor(uint64_t n, ecdlp_factors *f);

/* ---- the curve and its group law ---- */

typedef struct {
    uint64_t p;    /* prime, 5 <= p < 2^62 */
    uint64_t a, b; /* coefficients in [0, p) */
    /* Montgomery arithmetic (R = 2^64) */
    uint64_t pinv; /* -p^-1 mod 2^64 */
    uint64_t one;  /* R mod p */
    uint64_t r2;   /* R^2 mod p */
    uint64_t r3;   /* R^3 mod p */
    uint64_t am;   /* a R mod p */
    uint64_t bm;   /* b R mod p */
} ecdlp_curve;

/* An affine point; x and y are kept in Montgomery form (ecdlp_point_xy
 * gives them plain). Equality of points is equality of the three fields. */
typedef struct {
    uint64_t x, y;
    int inf; /* the point at infinity O */
} ecdlp_point;

/* ECDLP_ERR_ARG when p is not a prime in [5, 2^62), a or b >= p, or the
 * curve is singular (4a^3 + 27b^2 = 0) */
int ecdlp_curve_init(ecdlp_curve *E, uint64_t p, uint64_t a, uint64_t b);
/* (x, y) plain; ECDLP_ERR_ARG when the point is not on the curve */
int ecdlp_point_set(const ecdlp_curve *E, uint64_t x, uint64_t y, ecdlp_point *P);
void ecdlp_point_xy(const ecdlp_curve *E, const ecdlp_point *P, uint64_t *x, uint64_t *y);
int ecdlp_point_on_curve(const ecdlp_curve *E, const ecdlp_point *P);
int ecdlp_point_eq(const ecdlp_point *P, const ecdlp_point *Q);
/* a uniformly random x that gives a point, either y (never O) */
void ecdlp_point_random(const ecdlp_curve *E, ecdlp_rng *rng, ecdlp_point *P);

/* R = P + Q, R = 2P, R = -P, R = kP (R may alias the inputs); ops, when not
 * NULL, is incremented by the group operations done (kP: one per doubling
 * and per addition of double-and-add). */
void ecdlp_add(const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q, ecdlp_point *R);
void ecdlp_dbl(const ecdlp_curve *E, const ecdlp_point *P, ecdlp_point *R);
void ecdlp_neg(const ecdlp_curve *E, const ecdlp_point *P, ecdlp_point *R);
void ecdlp_mul(const ecdlp_curve *E, uint64_t k, const ecdlp_point *P, ecdlp_point *R,
               uint64_t *ops);
/* X[i] += *A[i] for i < count with one field inversion for all of them
 * (Montgomery's simultaneous inversion); scratch holds count words. The
 * exceptional sums (O, doublings, P + -P) are done one by one. */
void ecdlp_batch_add(const ecdlp_curve *E, ecdlp_point *X, const ecdlp_point *const *A,
                     size_t count, uint64_t *scratch);

/* ---- point counting ---- */

/* #E(F_p) by the Legendre symbols of x^3 + ax + b for every x: O(p), for
 * p < 2^24 (the test oracle); ECDLP_ERR_TOO_BIG above */
int ecdlp_count_brute(const ecdlp_curve *E, uint64_t *order);
/* #E(F_p) by Mestre's method: baby-step giant-step on the Hasse interval for
 * the orders of random points of E and of its quadratic twist until one
 * group order fits them all; O(p^(1/4)) group operations. Falls back to
 * ecdlp_count_brute for p < 1000. */
int ecdlp_count(const ecdlp_curve *E, uint64_t seed, uint64_t *order);
/* the order of P, given a multiple m of it (m P = O) */
uint64_t ecdlp_point_order(const ecdlp_curve *E, const ecdlp_point *P, uint64_t m);

/* ---- instances ---- */

typedef enum {
    ECDLP_PRIME_ORDER,  /* #E prime (and != p: not anomalous), P any point */
    ECDLP_SMOOTH_ORDER, /* every prime factor of #E at most smooth_bits bits */
} ecdlp_kind;

typedef struct {
    ecdlp_curve E;
    uint64_t curve_order; /* #E(F_p) */
    ecdlp_point P, Q;     /* Q = kP */
    uint64_t n;           /* the order of P (bits of n = the instance's size) */
    ecdlp_factors nf;     /* n factored */
    uint64_t k;           /* the planted key, in [1, n-1] */
    unsigned curves_tried;
} ecdlp_instance;

/* An instance whose n has exactly bits bits (16..62), from seed alone (the
 * same seed gives the same instance): a bits-bit prime p, random a and b
 * until the curve is of the kind wanted, P, a random k, Q = kP. smooth_bits
 * (ECDLP_SMOOTH_ORDER only; 0: bits/3, at least 8) bounds the prime factors. */
int ecdlp_instance_generate(unsigned bits, uint64_t seed, ecdlp_kind kind, unsigned smooth_bits,
                            ecdlp_instance *inst);

/* ---- attacks ---- */

typedef enum { ECDLP_BRUTE, ECDLP_BSGS, ECDLP_RHO, ECDLP_PH } ecdlp_method;

typedef struct {
    double max_seconds;        /* <= 0: no limit */
    unsigned threads;          /* rho (also inside ph): 1..64 */
    uint64_t seed;             /* the walks' randomness */
    uint64_t bsgs_max_entries; /* BSGS refuses a larger baby-step table; 0: 2^28 */
} ecdlp_attack_opts;

typedef struct {
    int found;         /* k recovered (and checked: kP = Q) */
    int timed_out;     /* stopped by max_seconds */
    uint64_t k;        /* the logarithm found */
    uint64_t ops;      /* group operations (additions and doublings) */
    uint64_t restarts; /* rho: walks restarted (degenerate collisions, cycles) */
    uint64_t dps;      /* rho: distinguished points stored */
} ecdlp_attack_result;

/* k with kP = Q, 0 <= k < n, by the method. ECDLP_OK with r->found,
 * ECDLP_ERR_TIMEOUT with r->timed_out (r->ops counts what was done), or an
 * error: ECDLP_ERR_TOO_BIG (brute above 2^40, BSGS above its table limit),
 * ECDLP_ERR_ARG (rho on a composite n: use ph), ECDLP_ERR_NOT_FOUND. */
int ecdlp_log(const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q, uint64_t n,
              const ecdlp_factors *nf, ecdlp_method method, const ecdlp_attack_opts *o,
              ecdlp_attack_result *r);
/* the same on an instance (ecdlp_log with its curve, points and order) */
int ecdlp_attack(const ecdlp_instance *inst, ecdlp_method method, const ecdlp_attack_opts *o,
                 ecdlp_attack_result *r);

/* ---- the rho walk engine (shared with lab/mpi/ecdlp_rho_mpi.c) ---- */

/* The r-adding walk: X -> X + R_j, j from the x-coordinate, R_j = c_j P +
 * d_j Q; every walker of one search (thread, MPI rank) uses the same R_j
 * (the same walk_seed), or their walks could not merge. */
#define ECDLP_WALK_R 32

typedef struct {
    uint64_t x, y; /* the point, Montgomery form */
    uint64_t c, d; /* = cP + dQ */
    uint32_t lane; /* which lane of its walker found it */
} ecdlp_dp;

typedef struct ecdlp_walk ecdlp_walk;

/* lanes walks advanced together (one inversion per step of all of them),
 * distinguished points: a fraction 2^-dp_bits; starts from start_seed. */
int ecdlp_walk_new(const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q, uint64_t n,
                   unsigned lanes, unsigned dp_bits, uint64_t walk_seed, uint64_t start_seed,
                   ecdlp_walk **out);
/* Steps every lane up to max_steps times, stopping early once cap
 * distinguished points are in out; returns how many. */
size_t ecdlp_walk_run(ecdlp_walk *w, uint64_t max_steps, ecdlp_dp *out, size_t cap);
/* starts one lane over from a new random point (after a degenerate
 * collision: it is retracing another walk with the same coefficients) */
void ecdlp_walk_restart(ecdlp_walk *w, unsigned lane);
uint64_t ecdlp_walk_ops(const ecdlp_walk *w);
uint64_t ecdlp_walk_restarts(const ecdlp_walk *w);
void ecdlp_walk_free(ecdlp_walk *w);
/* the lanes and distinguished-point bits rho chooses for an order n and a
 * number of walkers (threads or ranks) */
void ecdlp_walk_params(uint64_t n, unsigned walkers, unsigned *lanes, unsigned *dp_bits);
/* k from two distinguished points with the same x: ECDLP_OK, or
 * ECDLP_ERR_NOT_FOUND for a useless (degenerate) collision */
int ecdlp_dp_solve(uint64_t n, const ecdlp_dp *a, const ecdlp_dp *b, uint64_t *k);

/* A table of distinguished points by x (open addressing, grows). */
typedef struct {
    ecdlp_dp *slot;
    size_t cap, used;
} ecdlp_dptable;
int ecdlp_dptable_init(ecdlp_dptable *t);
/* Stores dp, or when one with the same x is there, copies it to *old and
 * returns 1 (dp is not stored); 0 stored; ECDLP_ERR_NOMEM. */
int ecdlp_dptable_insert(ecdlp_dptable *t, const ecdlp_dp *dp, ecdlp_dp *old);
void ecdlp_dptable_free(ecdlp_dptable *t);

#endif
