/* pkc — a cache of precomputed tables for public points used repeatedly:
 * a peer's public key in repeated ECDH, a verification key checked again
 * and again.
 *
 * Each entry is the fixed-base comb of one public point Q (the table the
 * library keeps for G: (j+1) 2^(5i) Q for every 5-bit window position i and
 * j < 16), so a later d*Q costs what d*G costs (no doublings, one mixed
 * addition per window, each table row read in full: constant time in d),
 * and verification's u1*G + u2*Q runs over two combs. The entries form an
 * LRU list limited in count (max_entries) and in bytes (max_bytes, counting
 * each entry's whole allocation); inserting evicts the least recently used
 * entries until the new one fits, and an entry that alone exceeds max_bytes
 * is never stored.
 *
 * Policy: a lookup that misses builds the point's table and inserts it —
 * the caller enabled the cache because its points repeat. A miss therefore
 * costs roughly five to eight scalar multiplications (the table build,
 * variable time: the point is public; about 0.4 ms for secp256r1, 3.5 ms
 * for secp521r1 on a 2020s x86-64 core) on top of the operation; every hit
 * then saves most of one (ECDH about 4x faster, verification about 3x).
 * Memory per entry, the table alone: secp192k1/r1 29952 bytes, secp224k1
 * 47104, secp224r1 46080, secp256k1/r1 53248, secp384r1 118272, secp521r1
 * 241920 (plus a header of under 200 bytes). The binary curves have no
 * comb of a public point: for them the cached functions compute uncached
 * and count a bypass.
 *
 * Only public points ever enter: the verification key, the ECDH peer.
 * Never a shared point, never one's own key; key generation and signing
 * never touch the cache. The tables are public data and are not wiped.
 *
 * Results are identical to the uncached functions' (pkc_ecdsa_verify_digest,
 * pkc_ecdh); a NULL cache means uncached. The library's default is no
 * cache: nothing here runs unless a caller makes one.
 *
 * Not thread-safe: use one cache per thread, or lock around every call
 * that takes it (lookups update the LRU order and the counters).
 */
#ifndef PKC_ECCACHE_H
#define PKC_ECCACHE_H

#include "pkc/ec.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pkc_ec_cache pkc_ec_cache;

typedef struct {
    uint64_t hits;      /* the point's table was there */
    uint64_t misses;    /* it was not (and was then built and inserted) */
    uint64_t inserts;   /* tables stored */
    uint64_t evictions; /* tables dropped to make room (least recently used first) */
    uint64_t bypasses;  /* calls the cache could not serve: a curve without a
                         * comb, or a table larger than max_bytes */
    size_t entries;     /* tables held now */
    size_t bytes;       /* their allocations, in bytes */
} pkc_ec_cache_stats;

/* An empty cache; NULL if max_entries or max_bytes is 0, or out of memory. */
PKC_API pkc_ec_cache *pkc_ec_cache_new(size_t max_entries, size_t max_bytes);
PKC_API void pkc_ec_cache_free(pkc_ec_cache *cache);
PKC_API void pkc_ec_cache_get_stats(const pkc_ec_cache *cache, pkc_ec_cache_stats *st);
/* 1 if the cache holds the table of pub's point, else 0 (neither the LRU
 * order nor the counters change). */
PKC_API int pkc_ec_cache_contains(const pkc_ec_cache *cache, const pkc_ec_public_key *pub);

/* pkc_ecdsa_verify_digest and pkc_ecdh through the cache (pub, peer: the
 * points looked up, and inserted on a miss). */
PKC_API pkc_err pkc_ecdsa_verify_digest_cached(pkc_ec_cache *cache, const pkc_ec_public_key *pub,
                                               const uint8_t *digest, size_t dlen,
                                               const uint8_t *sig, size_t siglen);
PKC_API pkc_err pkc_ecdh_cached(pkc_ec_cache *cache, const pkc_ec_private_key *key,
                                const pkc_ec_public_key *peer, uint8_t *out, size_t cap,
                                size_t *outlen);

#ifdef __cplusplus
}
#endif

#endif
