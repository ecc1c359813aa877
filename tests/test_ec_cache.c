/* The cache of public points' combs (include/pkc/eccache.h,
 * src/ec/ec_cache.c):
 *  - the cached k*Q (constant time) and u1*G + u2*Q (variable time) equal
 *    the uncached ones for 10^4 random cases across the prime curves (a
 *    share of them in affine coordinates), with k = 0, 1, 2, n-2, n-1 and
 *    small k among them; the binary curves (no comb) compute uncached and
 *    count a bypass;
 *  - verification and ECDH through the cache agree with pkc_ecdsa_verify_digest
 *    and pkc_ecdh (a tampered signature fails in both), and cache == NULL
 *    is the uncached path;
 *  - the counters are exact for a scripted sequence of hits, misses,
 *    inserts and bypasses;
 *  - eviction at max_entries and at max_bytes takes the least recently used
 *    entry; a table larger than max_bytes is never stored;
 *  - only public points enter: after ECDH the cache holds the peer, not the
 *    own public key and not the shared point; key generation and signing
 *    leave it unchanged.
 */
#include <stdlib.h>
#include <string.h>

#include "ec/curve.h"
#include "ec/ec_cache.h"
#include "ec/lab.h"
#include "pkc/eccache.h"
#include "pkc/rng.h"
#include "testutil.h"

#define BIG ((size_t)1 << 30)

static int is_binary(pkc_curve_id id)
{
    return pkc_curve_info_get(id)->field == PKC_FIELD_BINARY;
}

static void rand_scalar(const pkc_ec_curve *c, pkc_ec_scalar *k)
{
    uint8_t b[2 * PKC_EC_MAX_ORDER_BYTES];
    size_t ob = pkc_ec_curve_info(c)->order_bytes;
    tu_rand_bytes(b, 2 * ob);
    pkc_ec_scalar_reduce_bytes(c, k, b, 2 * ob);
}

/* the scalar of case i: special values first, then small, then random */
static void case_scalar(const pkc_ec_curve *c, pkc_ec_scalar *k, int i)
{
    pkc_ec_scalar one, t;
    memset(&one, 0, sizeof one);
    one.v[0] = 1;
    memset(k, 0, sizeof *k);
    switch (i % 16) {
    case 0: /* 0 */
        break;
    case 1:
        *k = one;
        break;
    case 2:
        k->v[0] = 2;
        break;
    case 3: /* n - 1 */
        pkc_ec_scalar_neg(c, k, &one);
        break;
    case 4: /* n - 2 */
        t = one;
        t.v[0] = 2;
        pkc_ec_scalar_neg(c, k, &t);
        break;
    case 5:
    case 6: /* small */
        k->v[0] = tu_rand64() & 0xffff;
        break;
    default:
        rand_scalar(c, k);
    }
}

static int aff_eq(const pkc_ec_affine *a, const pkc_ec_affine *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

#define POINTS 4
/* cases of one curve: k*Q and u1*G + u2*Q over POINTS points through a
 * cache, against pkc_ec_mul and pkc_ec_mul2_var; every 8th case affine */
static int equal_results(pkc_curve_id id, int cases)
{
    const pkc_ec_curve *c = pkc_ec_curve_get(id);
    const char *name = pkc_curve_info_get(id)->name;
    pkc_ec_cache *cache = pkc_ec_cache_new(POINTS + 1, BIG); /* the points and G */
    pkc_ec_affine Q[POINTS];
    for (int j = 0; j < POINTS; j++) {
        pkc_ec_scalar d;
        do
            rand_scalar(c, &d);
        while (pkc_ec_scalar_is_zero(c, &d));
        pkc_ec_mul_base(c, PKC_EC_JACOBIAN, &Q[j], &d);
    }
    int bad = 0, lookups = 0;
    for (int i = 0; i < cases; i++, lookups += 2) {
        pkc_ec_coords co = i % 8 == 7 ? PKC_EC_AFFINE : PKC_EC_JACOBIAN;
        const pkc_ec_affine *q = &Q[(i / 16) % POINTS];
        pkc_ec_scalar k, u1;
        pkc_ec_affine r1, r2;
        case_scalar(c, &k, i);
        pkc_ec_mul_public_cached(c, co, cache, &r1, &k, q);
        pkc_ec_mul(c, co, &r2, &k, q);
        if (!aff_eq(&r1, &r2))
            bad++;
        /* u1 random (or 0 now and then), u2 = k */
        if (i % 32 == 9)
            memset(&u1, 0, sizeof u1);
        else
            rand_scalar(c, &u1);
        pkc_ec_mul2_cached_var(c, co, cache, &r1, &u1, &k, q);
        pkc_ec_mul2_var(c, co, &r2, &u1, &k, q);
        if (!aff_eq(&r1, &r2))
            bad++;
        /* u2 = -u1 on Q = G: the sum is infinity; u1 = u2 on Q: 2 u1 Q */
        if (i % 64 == 11) {
            pkc_ec_scalar m;
            pkc_ec_scalar_neg(c, &m, &u1);
            pkc_ec_mul2_cached_var(c, co, cache, &r1, &u1, &u1, q);
            pkc_ec_mul2_var(c, co, &r2, &u1, &u1, q);
            bad += !aff_eq(&r1, &r2);
            pkc_ec_scalar one = {{1}};
            pkc_ec_affine G;
            pkc_ec_mul_base(c, PKC_EC_JACOBIAN, &G, &one);
            pkc_ec_mul2_cached_var(c, co, cache, &r1, &u1, &m, &G);
            pkc_ec_mul2_var(c, co, &r2, &u1, &m, &G);
            bad += !aff_eq(&r1, &r2) || !r1.infinity;
            lookups += 2;
        }
    }
    pkc_ec_cache_stats st;
    pkc_ec_cache_get_stats(cache, &st);
    if (is_binary(id)) {
        CHECK_MSG(st.bypasses == (uint64_t)lookups && st.hits == 0 && st.misses == 0 &&
                      st.entries == 0,
                  "%s: a binary curve must bypass the cache", name);
    } else {
        /* one miss per point (the POINTS points and G), every other lookup a hit */
        CHECK_MSG(st.bypasses == 0 && st.misses == POINTS + 1 && st.entries == POINTS + 1 &&
                      st.evictions == 0 && st.hits + st.misses == (uint64_t)lookups,
                  "%s: hits %llu misses %llu entries %zu", name, (unsigned long long)st.hits,
                  (unsigned long long)st.misses, st.entries);
    }
    CHECK_MSG(bad == 0, "%s: %d cached results differ from the uncached ones", name, bad);
    pkc_ec_cache_free(cache);
    return cases;
}

static void keys(pkc_curve_id id, pkc_ec_private_key *k, int n, uint64_t seed)
{
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed) == PKC_OK);
    for (int i = 0; i < n; i++)
        CHECK(pkc_ec_keygen(&k[i], id, &rng) == PKC_OK);
    pkc_rng_wipe(&rng);
}

static int stats_eq(const pkc_ec_cache_stats *a, const pkc_ec_cache_stats *b)
{
    return a->hits == b->hits && a->misses == b->misses && a->inserts == b->inserts &&
           a->evictions == b->evictions && a->bypasses == b->bypasses &&
           a->entries == b->entries && a->bytes == b->bytes;
}

static void expect(const pkc_ec_cache *cache, uint64_t hits, uint64_t misses, uint64_t inserts,
                   uint64_t evictions, uint64_t bypasses, size_t entries, const char *when)
{
    pkc_ec_cache_stats st;
    pkc_ec_cache_get_stats(cache, &st);
    CHECK_MSG(st.hits == hits && st.misses == misses && st.inserts == inserts &&
                  st.evictions == evictions && st.bypasses == bypasses && st.entries == entries,
              "%s: hits %llu misses %llu inserts %llu evictions %llu bypasses %llu entries %zu",
              when, (unsigned long long)st.hits, (unsigned long long)st.misses,
              (unsigned long long)st.inserts, (unsigned long long)st.evictions,
              (unsigned long long)st.bypasses, st.entries);
}

/* verification and ECDH through the cache, against the uncached functions */
static void protocols(pkc_curve_id id)
{
    const char *name = pkc_curve_info_get(id)->name;
    pkc_ec_private_key k[2];
    keys(id, k, 2, 1000 + (uint64_t)id);
    pkc_ec_cache *cache = pkc_ec_cache_new(8, BIG);
    uint8_t dg[32], sig[PKC_ECDSA_MAX_RAW_SIZE];
    size_t siglen = 0;
    tu_rand_bytes(dg, sizeof dg);
    CHECK(pkc_ecdsa_sign_digest(&k[0], PKC_HASH_SHA256, dg, 32, NULL, sig, sizeof sig,
                                &siglen) == PKC_OK);
    for (int co = 0; co < PKC_EC_COORDS_COUNT; co++)
        for (int round = 0; round < 2; round++) { /* a miss, then a hit */
            pkc_err e1 = pkc_ecdsa_verify_digest_coords_cached(cache, &k[0].pub, dg, 32, sig,
                                                               siglen, (pkc_ec_coords)co);
            CHECK_MSG(e1 == PKC_OK, "%s: cached verify failed (%d)", name, e1);
            sig[siglen - 1] ^= 1;
            e1 = pkc_ecdsa_verify_digest_coords_cached(cache, &k[0].pub, dg, 32, sig, siglen,
                                                       (pkc_ec_coords)co);
            pkc_err e2 = pkc_ecdsa_verify_digest_coords(&k[0].pub, dg, 32, sig, siglen,
                                                        (pkc_ec_coords)co);
            sig[siglen - 1] ^= 1;
            CHECK_MSG(e1 == e2 && e1 != PKC_OK, "%s: tampered signature: %d vs %d", name, e1,
                      e2);
            uint8_t z1[PKC_ECDH_MAX_SIZE], z2[PKC_ECDH_MAX_SIZE];
            size_t l1 = 0, l2 = 0;
            e1 = pkc_ecdh_coords_cached(cache, &k[0], &k[1].pub, z1, sizeof z1, &l1,
                                        (pkc_ec_coords)co);
            e2 = pkc_ecdh_coords(&k[0], &k[1].pub, z2, sizeof z2, &l2, (pkc_ec_coords)co);
            CHECK_MSG(e1 == PKC_OK && e2 == PKC_OK && l1 == l2 && !memcmp(z1, z2, l1),
                      "%s: cached ECDH differs", name);
        }
    /* the public entry points, and cache == NULL */
    uint8_t z1[PKC_ECDH_MAX_SIZE], z2[PKC_ECDH_MAX_SIZE];
    size_t l1 = 0, l2 = 0;
    CHECK(pkc_ecdsa_verify_digest_cached(cache, &k[0].pub, dg, 32, sig, siglen) == PKC_OK);
    CHECK(pkc_ecdsa_verify_digest_cached(NULL, &k[0].pub, dg, 32, sig, siglen) == PKC_OK);
    CHECK(pkc_ecdh_cached(cache, &k[1], &k[0].pub, z1, sizeof z1, &l1) == PKC_OK);
    CHECK(pkc_ecdh_cached(NULL, &k[0], &k[1].pub, z2, sizeof z2, &l2) == PKC_OK);
    CHECK(l1 == l2 && !memcmp(z1, z2, l1));
    pkc_ec_cache_stats st;
    pkc_ec_cache_get_stats(cache, &st);
    if (is_binary(id))
        CHECK_MSG(st.entries == 0 && st.hits == 0 && st.misses == 0 && st.bypasses == 14,
                  "%s: bypasses %llu", name, (unsigned long long)st.bypasses);
    else
        CHECK_MSG(st.entries == 2 && st.misses == 2 && st.hits == 12 && st.bypasses == 0,
                  "%s: hits %llu misses %llu", name, (unsigned long long)st.hits,
                  (unsigned long long)st.misses);
    pkc_ec_cache_free(cache);
    pkc_ec_private_key_wipe(&k[0]);
    pkc_ec_private_key_wipe(&k[1]);
}

/* a scripted sequence on secp256r1, counters checked after each step */
static void counters(void)
{
    pkc_ec_private_key k[3], b;
    keys(PKC_CURVE_SECP256R1, k, 3, 7);
    keys(PKC_CURVE_SECT233K1, &b, 1, 8);
    pkc_ec_cache *cache = pkc_ec_cache_new(4, BIG);
    uint8_t dg[32] = {1}, sig[PKC_ECDSA_MAX_RAW_SIZE], z[PKC_ECDH_MAX_SIZE];
    size_t siglen = 0, zl = 0;
    CHECK(pkc_ecdsa_sign_digest(&k[0], PKC_HASH_SHA256, dg, 32, NULL, sig, sizeof sig,
                                &siglen) == PKC_OK);
    expect(cache, 0, 0, 0, 0, 0, 0, "new");
    CHECK(pkc_ecdsa_verify_digest_cached(cache, &k[0].pub, dg, 32, sig, siglen) == PKC_OK);
    expect(cache, 0, 1, 1, 0, 0, 1, "first verify");
    CHECK(pkc_ecdsa_verify_digest_cached(cache, &k[0].pub, dg, 32, sig, siglen) == PKC_OK);
    expect(cache, 1, 1, 1, 0, 0, 1, "second verify");
    CHECK(pkc_ecdh_cached(cache, &k[2], &k[1].pub, z, sizeof z, &zl) == PKC_OK);
    expect(cache, 1, 2, 2, 0, 0, 2, "first ECDH");
    CHECK(pkc_ecdh_cached(cache, &k[2], &k[1].pub, z, sizeof z, &zl) == PKC_OK);
    CHECK(pkc_ecdh_cached(cache, &k[1], &k[0].pub, z, sizeof z, &zl) == PKC_OK);
    expect(cache, 3, 2, 2, 0, 0, 2, "ECDH hits (k[0] as a peer: the verify key's entry)");
    /* a wrong signature still looks its key up (a hit); bad arguments do not */
    sig[0] ^= 0x40;
    CHECK(pkc_ecdsa_verify_digest_cached(cache, &k[0].pub, dg, 32, sig, siglen) != PKC_OK);
    CHECK(pkc_ecdsa_verify_digest_cached(cache, &k[0].pub, dg, 32, sig, siglen - 1) ==
          PKC_ERR_ARG);
    CHECK(pkc_ecdh_cached(cache, &k[0], &b.pub, z, sizeof z, &zl) == PKC_ERR_KEY);
    expect(cache, 4, 2, 2, 0, 0, 2, "failures");
    /* a binary curve: a bypass */
    CHECK(pkc_ecdh_cached(cache, &b, &b.pub, z, sizeof z, &zl) == PKC_OK);
    expect(cache, 4, 2, 2, 0, 1, 2, "binary curve");
    CHECK(pkc_ec_cache_contains(cache, &k[0].pub) && pkc_ec_cache_contains(cache, &k[1].pub));
    CHECK(!pkc_ec_cache_contains(cache, &k[2].pub) && !pkc_ec_cache_contains(cache, &b.pub));
    expect(cache, 4, 2, 2, 0, 1, 2, "contains changes nothing");
    pkc_ec_cache_stats st;
    pkc_ec_cache_get_stats(cache, &st);
    const pkc_ec_curve *c = pkc_ec_curve_get(PKC_CURVE_SECP256R1);
    CHECK_MSG(st.bytes >= 2 * c->ops->comb_bytes && st.bytes < 2 * c->ops->comb_bytes + 1024,
              "bytes %zu for two tables of %zu", st.bytes, c->ops->comb_bytes);
    pkc_ec_cache_free(cache);
    for (int i = 0; i < 3; i++)
        pkc_ec_private_key_wipe(&k[i]);
    pkc_ec_private_key_wipe(&b);
}

/* verify with key i through the cache (one lookup of k[i].pub) */
static void use(pkc_ec_cache *cache, const pkc_ec_private_key *k)
{
    uint8_t dg[32] = {2}, sig[PKC_ECDSA_MAX_RAW_SIZE];
    size_t siglen = 0;
    CHECK(pkc_ecdsa_sign_digest(k, PKC_HASH_SHA256, dg, 32, NULL, sig, sizeof sig, &siglen) ==
          PKC_OK);
    CHECK(pkc_ecdsa_verify_digest_cached(cache, &k->pub, dg, 32, sig, siglen) == PKC_OK);
}

static size_t entry_bytes(const pkc_ec_private_key *k)
{
    pkc_ec_cache *cache = pkc_ec_cache_new(1, BIG);
    pkc_ec_cache_stats st;
    use(cache, k);
    pkc_ec_cache_get_stats(cache, &st);
    pkc_ec_cache_free(cache);
    return st.bytes;
}

static void eviction(void)
{
    pkc_ec_private_key k[4], big;
    keys(PKC_CURVE_SECP256R1, k, 4, 11);
    keys(PKC_CURVE_SECP384R1, &big, 1, 12);
    /* at max_entries: 3 entries, k[0] used again before k[3] arrives, so
     * k[1] (the least recently used) goes */
    pkc_ec_cache *cache = pkc_ec_cache_new(3, BIG);
    use(cache, &k[0]);
    use(cache, &k[1]);
    use(cache, &k[2]);
    use(cache, &k[0]);
    expect(cache, 1, 3, 3, 0, 0, 3, "three entries");
    use(cache, &k[3]);
    expect(cache, 1, 4, 4, 1, 0, 3, "a fourth point");
    CHECK(pkc_ec_cache_contains(cache, &k[0].pub) && !pkc_ec_cache_contains(cache, &k[1].pub) &&
          pkc_ec_cache_contains(cache, &k[2].pub) && pkc_ec_cache_contains(cache, &k[3].pub));
    use(cache, &k[1]); /* back: k[2] is now the oldest */
    CHECK(!pkc_ec_cache_contains(cache, &k[2].pub) && pkc_ec_cache_contains(cache, &k[1].pub));
    expect(cache, 1, 5, 5, 2, 0, 3, "k[1] again");
    pkc_ec_cache_free(cache);

    /* at max_bytes: room for two secp256r1 tables and a half */
    size_t e = entry_bytes(&k[0]), eb = entry_bytes(&big);
    CHECK(e > 0 && eb > e);
    cache = pkc_ec_cache_new(100, 2 * e + e / 2);
    use(cache, &k[0]);
    use(cache, &k[1]);
    use(cache, &k[0]);
    use(cache, &k[2]);
    expect(cache, 1, 3, 3, 1, 0, 2, "the byte limit");
    CHECK(pkc_ec_cache_contains(cache, &k[0].pub) && !pkc_ec_cache_contains(cache, &k[1].pub) &&
          pkc_ec_cache_contains(cache, &k[2].pub));
    pkc_ec_cache_stats st;
    pkc_ec_cache_get_stats(cache, &st);
    CHECK(st.bytes == 2 * e);
    pkc_ec_cache_free(cache);

    /* a larger table evicts as many as it needs */
    cache = pkc_ec_cache_new(100, eb + e);
    use(cache, &k[0]);
    use(cache, &k[1]);
    use(cache, &k[2]);
    expect(cache, 0, 3, 3, 0, 0, 3, "three small tables");
    use(cache, &big);
    pkc_ec_cache_get_stats(cache, &st);
    CHECK_MSG(st.entries >= 1 && st.bytes <= eb + e && pkc_ec_cache_contains(cache, &big.pub) &&
                  !pkc_ec_cache_contains(cache, &k[0].pub) && st.evictions >= 2,
              "big table: entries %zu evictions %llu", st.entries,
              (unsigned long long)st.evictions);
    pkc_ec_cache_free(cache);

    /* a table larger than max_bytes is never stored (a bypass) */
    cache = pkc_ec_cache_new(100, e);
    use(cache, &k[0]);
    use(cache, &big);
    use(cache, &big);
    expect(cache, 0, 1, 1, 0, 2, 1, "too large");
    CHECK(!pkc_ec_cache_contains(cache, &big.pub) && pkc_ec_cache_contains(cache, &k[0].pub));
    pkc_ec_cache_free(cache);
    cache = pkc_ec_cache_new(100, e - 1);
    use(cache, &k[0]);
    expect(cache, 0, 0, 0, 0, 1, 0, "one byte short");
    pkc_ec_cache_free(cache);
    for (int i = 0; i < 4; i++)
        pkc_ec_private_key_wipe(&k[i]);
    pkc_ec_private_key_wipe(&big);
}

/* never a secret point: ECDH stores the peer only; keygen and signing
 * never touch the cache */
static void hygiene(pkc_curve_id id)
{
    const char *name = pkc_curve_info_get(id)->name;
    pkc_ec_private_key k[2];
    keys(id, k, 2, 21 + (uint64_t)id);
    pkc_ec_cache *cache = pkc_ec_cache_new(16, BIG);
    uint8_t z[PKC_ECDH_MAX_SIZE], enc[1 + PKC_ECDH_MAX_SIZE];
    size_t zl = 0;
    CHECK(pkc_ecdh_cached(cache, &k[0], &k[1].pub, z, sizeof z, &zl) == PKC_OK);
    int binary = is_binary(id);
    CHECK_MSG(pkc_ec_cache_contains(cache, &k[1].pub) == !binary &&
                  !pkc_ec_cache_contains(cache, &k[0].pub),
              "%s: after ECDH the cache must hold the peer (prime curves) and not the own key",
              name);
    /* the shared point, either y */
    for (int odd = 0; odd < 2; odd++) {
        pkc_ec_public_key s;
        enc[0] = (uint8_t)(2 + odd);
        memcpy(enc + 1, z, zl);
        if (pkc_ec_point_decode(&s, id, enc, 1 + zl) == PKC_OK)
            CHECK_MSG(!pkc_ec_cache_contains(cache, &s), "%s: the shared point is cached", name);
    }
    pkc_ec_cache_stats before, after;
    pkc_ec_cache_get_stats(cache, &before);
    CHECK_MSG(before.entries == (size_t)!binary, "%s: %zu entries after one ECDH", name,
              before.entries);
    pkc_rng rng;
    pkc_ec_private_key k2;
    uint8_t dg[32] = {3}, sig[PKC_ECDSA_MAX_RAW_SIZE];
    size_t siglen = 0;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 5) == PKC_OK);
    CHECK(pkc_ec_keygen(&k2, id, &rng) == PKC_OK);
    CHECK(pkc_ecdsa_sign_digest(&k[1], PKC_HASH_SHA256, dg, 32, &rng, sig, sizeof sig,
                                &siglen) == PKC_OK);
    CHECK(pkc_ecdsa_sign_digest(&k2, PKC_HASH_SHA256, dg, 32, NULL, sig, sizeof sig,
                                &siglen) == PKC_OK);
    pkc_ec_cache_get_stats(cache, &after);
    CHECK_MSG(stats_eq(&before, &after) && !pkc_ec_cache_contains(cache, &k2.pub),
              "%s: key generation or signing changed the cache", name);
    pkc_rng_wipe(&rng);
    pkc_ec_private_key_wipe(&k2);
    pkc_ec_private_key_wipe(&k[0]);
    pkc_ec_private_key_wipe(&k[1]);
    pkc_ec_cache_free(cache);
}

static void edges(void)
{
    pkc_ec_cache_stats st;
    CHECK(pkc_ec_cache_new(0, BIG) == NULL);
    CHECK(pkc_ec_cache_new(4, 0) == NULL);
    pkc_ec_cache_free(NULL);
    memset(&st, 0xff, sizeof st);
    pkc_ec_cache_get_stats(NULL, &st);
    CHECK(st.hits == 0 && st.entries == 0 && st.bytes == 0);
    CHECK(pkc_ec_cache_contains(NULL, NULL) == 0);
    pkc_ec_cache *cache = pkc_ec_cache_new(1, 1);
    CHECK(cache != NULL && pkc_ec_cache_contains(cache, NULL) == 0);
    pkc_ec_cache_free(cache);
}

int main(void)
{
    tu_seed();
    int total = 0, nprime = 0;
    for (int i = 0; i < PKC_CURVE_COUNT; i++)
        nprime += !is_binary((pkc_curve_id)i);
    printf("comb bytes per cached point:");
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        const pkc_ec_curve *c = pkc_ec_curve_get((pkc_curve_id)i);
        printf(" %s %zu", pkc_curve_info_get((pkc_curve_id)i)->name, c->ops->comb_bytes);
        CHECK(is_binary((pkc_curve_id)i) ? c->ops->comb_bytes == 0 : c->ops->comb_bytes > 0);
    }
    printf("\n");
    /* 10^4 cases across the prime curves; a few on each binary one */
    for (int i = 0; i < PKC_CURVE_COUNT; i++)
        total += equal_results((pkc_curve_id)i,
                               is_binary((pkc_curve_id)i) ? 32 : tu_iters(10000) / nprime);
    printf("%d cases compared\n", total);
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        protocols((pkc_curve_id)i);
        hygiene((pkc_curve_id)i);
    }
    counters();
    eviction();
    edges();
    return tu_finish("test_ec_cache");
}
