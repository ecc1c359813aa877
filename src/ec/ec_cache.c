/* pkc — the cache of precomputed combs of repeated public points
 * (include/pkc/eccache.h): an LRU list of malloc'd entries, each the comb
 * of one point (curve.h's comb_build_var), found through a hash table of
 * chains keyed by (curve, x, y).
 *
 * Everything here is public data: the points and their tables. The
 * constant-time multiplication by a secret k over a table is the curve's
 * (mul_comb); the lookup branches on the point only.
 */
#include <stdlib.h>
#include <string.h>

#include "curve.h"
#include "ec_cache.h"
#include "ec_proto.h"
#include "lab.h"

typedef struct cache_entry {
    struct cache_entry *prev, *next; /* the LRU list, most recent first */
    struct cache_entry *chain;       /* the next entry of the same bucket */
    const pkc_ec_curve *curve;
    uint64_t x[PKC_EC_MAX_LIMBS], y[PKC_EC_MAX_LIMBS];
    size_t bucket;  /* its bucket's index */
    size_t bytes;   /* this allocation: the header and the table */
    uint64_t tab[]; /* the comb, comb_bytes (aligned for the curve's limbs) */
} cache_entry;

typedef struct {
    cache_entry *first; /* a chain of entries (chain links) */
} cache_bucket;

struct pkc_ec_cache {
    size_t max_entries, max_bytes;
    cache_bucket *buckets;
    size_t nbuckets; /* a power of two */
    cache_entry *head, *tail;
    pkc_ec_cache_stats st;
};

#define BUCKETS_MIN 16
#define BUCKETS_MAX 65536 /* longer chains beyond, never a huge allocation */

pkc_ec_cache *pkc_ec_cache_new(size_t max_entries, size_t max_bytes)
{
    if (max_entries == 0 || max_bytes == 0)
        return NULL;
    pkc_ec_cache *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    size_t nb = BUCKETS_MIN;
    while (nb < max_entries && nb < BUCKETS_MAX)
        nb *= 2;
    c->buckets = calloc(nb, sizeof(cache_bucket));
    if (!c->buckets) {
        free(c);
        return NULL;
    }
    c->nbuckets = nb;
    c->max_entries = max_entries;
    c->max_bytes = max_bytes;
    return c;
}

void pkc_ec_cache_free(pkc_ec_cache *cache)
{
    if (!cache)
        return;
    for (cache_entry *e = cache->head, *next; e; e = next) {
        next = e->next;
        free(e);
    }
    free(cache->buckets);
    free(cache);
}

void pkc_ec_cache_get_stats(const pkc_ec_cache *cache, pkc_ec_cache_stats *st)
{
    if (!st)
        return;
    if (cache)
        *st = cache->st;
    else
        memset(st, 0, sizeof *st);
}

/* the bucket of (curve, P): a mix of the curve's address and the low words
 * of x and y (public data; no secret is ever hashed) */
static size_t bucket_of(const pkc_ec_cache *cache, const pkc_ec_curve *c, const pkc_ec_affine *P)
{
    uint64_t h = (uint64_t)(uintptr_t)c ^ P->x[0] ^ (P->y[0] * 0x9e3779b97f4a7c15u);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9u;
    h ^= h >> 29;
    return (size_t)h & (cache->nbuckets - 1);
}

static cache_entry *find_var(const pkc_ec_cache *cache, const pkc_ec_curve *c,
                             const pkc_ec_affine *P)
{
    size_t words = c->ops->nlimbs * sizeof(uint64_t);
    for (cache_entry *e = cache->buckets[bucket_of(cache, c, P)].first; e; e = e->chain)
        if (e->curve == c && memcmp(e->x, P->x, words) == 0 && memcmp(e->y, P->y, words) == 0)
            return e;
    return NULL;
}

static void lru_unlink(pkc_ec_cache *cache, cache_entry *e)
{
    if (e->prev)
        e->prev->next = e->next;
    else
        cache->head = e->next;
    if (e->next)
        e->next->prev = e->prev;
    else
        cache->tail = e->prev;
    e->prev = e->next = NULL;
}

static void lru_push_front(pkc_ec_cache *cache, cache_entry *e)
{
    e->prev = NULL;
    e->next = cache->head;
    if (cache->head)
        cache->head->prev = e;
    cache->head = e;
    if (!cache->tail)
        cache->tail = e;
}

static void evict_tail(pkc_ec_cache *cache)
{
    cache_entry *e = cache->tail;
    /* the tail is a live entry: lru_unlink below moves it before the free
     * (the analyzer does not follow the list's invariant) */
    cache_entry **pp = &cache->buckets[e->bucket].first; // NOLINT(clang-analyzer-unix.Malloc)
    while (*pp != e)
        pp = &(*pp)->chain;
    *pp = e->chain;
    lru_unlink(cache, e);
    cache->st.entries--;
    cache->st.bytes -= e->bytes;
    cache->st.evictions++;
    free(e);
}

/* Q's comb: found (a hit, moved to the front of the LRU list), or built
 * and inserted (a miss), evicting from the back until it fits. NULL when
 * the cache cannot serve this call: no cache; a curve without a comb or a
 * table larger than max_bytes (a bypass); out of memory (after the miss). */
static const void *table_var(pkc_ec_cache *cache, const pkc_ec_curve *c, const pkc_ec_affine *Q)
{
    if (!cache)
        return NULL;
    size_t tb = c->ops->comb_bytes, need = sizeof(cache_entry) + tb;
    if (tb == 0 || need > cache->max_bytes) {
        cache->st.bypasses++;
        return NULL;
    }
    cache_entry *e = find_var(cache, c, Q);
    if (e) {
        cache->st.hits++;
        if (e != cache->head) {
            lru_unlink(cache, e);
            lru_push_front(cache, e);
        }
        return e->tab;
    }
    cache->st.misses++;
    e = malloc(need);
    if (!e)
        return NULL;
    memset(e, 0, sizeof *e);
    e->curve = c;
    memcpy(e->x, Q->x, sizeof e->x);
    memcpy(e->y, Q->y, sizeof e->y);
    e->bytes = need;
    c->ops->comb_build_var(e->tab, Q);
    /* ends with room: need <= max_bytes and max_entries >= 1 (an empty
     * cache has room) */
    while (cache->tail &&
           (cache->st.entries >= cache->max_entries || cache->st.bytes + need > cache->max_bytes))
        evict_tail(cache);
    e->bucket = bucket_of(cache, c, Q);
    e->chain = cache->buckets[e->bucket].first;
    cache->buckets[e->bucket].first = e;
    lru_push_front(cache, e);
    cache->st.entries++;
    cache->st.bytes += need;
    cache->st.inserts++;
    return e->tab;
}

int pkc_ec_cache_contains(const pkc_ec_cache *cache, const pkc_ec_public_key *pub)
{
    const pkc_ec_curve *c = pub ? pkc_ec_curve_get(pub->curve) : NULL;
    if (!cache || !c)
        return 0;
    return find_var(cache, c, pkc_ec_pub_point_const(pub)) != NULL;
}

void pkc_ec_mul_public_cached(const pkc_ec_curve *c, pkc_ec_coords co, pkc_ec_cache *cache,
                              pkc_ec_affine *out, const pkc_ec_scalar *k, const pkc_ec_affine *Q)
{
    const void *tab = table_var(cache, c, Q);
    if (tab)
        c->ops->mul_comb[co](out, k, tab);
    else
        pkc_ec_mul(c, co, out, k, Q);
}

void pkc_ec_mul2_cached_var(const pkc_ec_curve *c, pkc_ec_coords co, pkc_ec_cache *cache,
                            pkc_ec_affine *out, const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                            const pkc_ec_affine *Q)
{
    const void *tab = table_var(cache, c, Q);
    if (tab)
        c->ops->mul2_comb_var[co](out, u1, u2, tab);
    else
        pkc_ec_mul2_var(c, co, out, u1, u2, Q);
}

pkc_err pkc_ecdsa_verify_digest_cached(pkc_ec_cache *cache, const pkc_ec_public_key *pub,
                                       const uint8_t *digest, size_t dlen, const uint8_t *sig,
                                       size_t siglen)
{
    return pkc_ecdsa_verify_digest_coords_cached(cache, pub, digest, dlen, sig, siglen,
                                                 PKC_EC_JACOBIAN);
}

pkc_err pkc_ecdh_cached(pkc_ec_cache *cache, const pkc_ec_private_key *key,
                        const pkc_ec_public_key *peer, uint8_t *out, size_t cap, size_t *outlen)
{
    return pkc_ecdh_coords_cached(cache, key, peer, out, cap, outlen, PKC_EC_JACOBIAN);
}
