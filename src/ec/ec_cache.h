/* pkc — the cache of public points' combs (src/ec/ec_cache.c) as the
 * protocols use it (internal). include/pkc/eccache.h is the public side.
 */
#ifndef PKC_EC_CACHE_H
#define PKC_EC_CACHE_H

#include "ec_internal.h"
#include "pkc/eccache.h"

/* out = k*Q for a public Q (a valid finite point of c: the caller has
 * checked it) through the cache: over Q's comb when the cache holds it or
 * can store it (a miss builds and inserts it), else pkc_ec_mul. Constant
 * time in k; the cache's lookup branches on Q only. cache == NULL:
 * pkc_ec_mul. Never pass a secret point. */
void pkc_ec_mul_public_cached(const pkc_ec_curve *c, pkc_ec_coords co, pkc_ec_cache *cache,
                              pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *Q);
/* out = u1*G + u2*Q through the cache (G's comb and Q's), else
 * pkc_ec_mul2_var; variable time: public inputs only. */
void pkc_ec_mul2_cached_var(const pkc_ec_curve *c, pkc_ec_coords co, pkc_ec_cache *cache,
                            pkc_ec_affine *out, const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                            const pkc_ec_affine *Q);

#endif
