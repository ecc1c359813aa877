/* pkc bench — pools of distinct keys and inputs, so that no library's cache
 * (a precomputed table per point, a parsed key, a context per modulus) can
 * serve a repeated call: the cases rotate through a pool call by call
 * (docs/methodology.md, "Inputs no cache can serve").
 *
 * One pool per RSA size and per curve, built once per run by pkc (from the
 * fixed seed, so a run is reproducible, or from the OS with -s random) and
 * imported by every provider, so their results can be compared entry by
 * entry. RSA pool keys are made from m primes of bits/2 bits (m/2 FIPS 186-5
 * key generations), every pair of them a distinct modulus: m(m-1)/2 keys for
 * the cost of m/2. Keys that share a prime would be fatal in deployment (a
 * gcd factors both); for timing they are as good as any.
 */
#ifndef PKC_BENCH_POOL_H
#define PKC_BENCH_POOL_H

#include "provider.h"

#define BENCH_POOL_DEFAULT 64
#define BENCH_POOL_MAX 4096

typedef struct {
    unsigned bits;
    size_t count;                /* keys */
    size_t k;                    /* modulus bytes */
    bench_rsa_material *keys;    /* count entries */
    const uint8_t *raw_in;       /* count * k: raw-operation inputs, each < its n */
    double build_s;              /* time spent building the pool */
} bench_rsa_pool;

typedef struct {
    pkc_curve_id curve;
    size_t count;
    bench_ec_material *keys;     /* private keys */
    bench_ec_material *peers;    /* ECDH: the public key of peer i for key i */
    const uint8_t *secrets;      /* count * secret_len: x(d_i Q_i), computed by pkc */
    size_t secret_len;
    double build_s;
} bench_ec_pool;

typedef struct {
    bench_alg alg;               /* BENCH_EDDSA or BENCH_XDH */
    unsigned bits;               /* BENCH_ECX_25519 or BENCH_ECX_448 */
    size_t count;
    bench_ecx_material *keys;    /* private keys */
    bench_ecx_material *peers;   /* XDH: the public key of peer i for key i */
    const uint8_t *secrets;      /* XDH: count * len, computed by pkc */
    size_t len;                  /* raw key and shared-secret bytes */
    double build_s;
} bench_ecx_pool;

typedef struct bench_pools bench_pools;

bench_pools *bench_pools_new(size_t size, const bench_seed *seed);
void bench_pools_free(bench_pools *p);
size_t bench_pools_size(const bench_pools *p);
/* NULL with err set if the pool cannot be built. */
const bench_rsa_pool *bench_pools_rsa(bench_pools *p, unsigned bits, char *err, size_t errlen);
const bench_ec_pool *bench_pools_ec(bench_pools *p, pkc_curve_id curve, char *err,
                                    size_t errlen);
/* EdDSA and XDH pools, one per (alg, bits). */
const bench_ecx_pool *bench_pools_ecx(bench_pools *p, bench_alg alg, unsigned bits, char *err,
                                      size_t errlen);
/* The message of pool entry i, len bytes, distinct for every i (a window of
 * one deterministic buffer); NULL when out of memory. */
const uint8_t *bench_pools_message(bench_pools *p, size_t i, size_t len);
/* The 32-byte secret that RSA-OAEP encrypt/decrypt transports (a key for a
 * symmetric cipher: the kex-amortized scenario's question). */
#define BENCH_KEX_LEN 32
void bench_kex_message(uint8_t m[BENCH_KEX_LEN]);

#endif
