/* pkc rng's byte sources (cli/rng_sources.c, linked into this test):
 * the DRBG source is exactly pkc_rng's stream in SP 800-90A-sized requests,
 * the stream does not depend on how it is split, the reference LCG follows
 * its recurrence (and shows the weaknesses it is there to show), the biased
 * source has P(1) = 0.52, and `pkc rng -m raw` writes the same stream. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng_sources.h"
#include "testutil.h"

/* the test's own split sizes (splitmix64, Steele, Lea, Flood 2014) */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint8_t *fill_split(rng_source_kind kind, int fixed, uint64_t seed, size_t len, uint64_t split_seed)
{
    rng_source s;
    uint8_t *buf = malloc(len);
    if (!buf || rng_source_init(&s, kind, fixed, seed, PKC_HASH_SHA256) != PKC_OK) {
        free(buf);
        return NULL;
    }
    size_t off = 0;
    uint64_t x = split_seed;
    while (off < len) {
        /* odd sizes, 0 included, sometimes more than a block */
        size_t k = split_seed ? (size_t)(splitmix64(&x) % 150000) : len;
        if (k > len - off)
            k = len - off;
        if (rng_source_fill(&s, buf + off, k) != PKC_OK) {
            free(buf);
            rng_source_wipe(&s);
            return NULL;
        }
        off += k;
    }
    rng_source_wipe(&s);
    return buf;
}

static void test_names(void)
{
    rng_source_kind k;
    CHECK(rng_source_parse("drbg", &k) == 0 && k == RNG_SRC_DRBG);
    CHECK(rng_source_parse("os", &k) == 0 && k == RNG_SRC_OS);
    CHECK(rng_source_parse("lcg", &k) == 0 && k == RNG_SRC_LCG);
    CHECK(rng_source_parse("biased", &k) == 0 && k == RNG_SRC_BIASED);
    CHECK(rng_source_parse("rand", &k) != 0);
    CHECK(rng_source_is_weak(RNG_SRC_LCG) && rng_source_is_weak(RNG_SRC_BIASED));
    CHECK(!rng_source_is_weak(RNG_SRC_DRBG) && !rng_source_is_weak(RNG_SRC_OS));
    CHECK(strcmp(rng_source_name(RNG_SRC_BIASED), "biased") == 0);
    rng_source s;
    CHECK(rng_source_init(&s, RNG_SRC_OS, 1, 5, PKC_HASH_SHA256) == PKC_ERR_ARG);
    CHECK(rng_source_init(&s, RNG_SRC_DRBG, 1, 5, PKC_HASH_SHA1) != PKC_OK);
}

static void test_drbg_stream(void)
{
    const size_t len = 3 * RNG_SOURCE_BLOCK + 12345;
    uint8_t *a = fill_split(RNG_SRC_DRBG, 1, 77, len, 0);
    uint8_t *b = fill_split(RNG_SRC_DRBG, 1, 77, len, tu_rand64() | 1);
    CHECK(a && b);
    if (!a || !b)
        return;
    CHECK_EQ_BYTES(a, b, len);
    /* The same bytes as the library's pkc_rng asked for one block at a time. */
    pkc_rng r;
    uint8_t *c = malloc(4 * RNG_SOURCE_BLOCK);
    CHECK(pkc_rng_init_fixed(&r, PKC_HASH_SHA256, 77) == PKC_OK);
    for (int i = 0; i < 4; i++)
        CHECK(pkc_rng_bytes(&r, c + (size_t)i * RNG_SOURCE_BLOCK, RNG_SOURCE_BLOCK) == PKC_OK);
    CHECK_EQ_BYTES(a, c, len);
    pkc_rng_wipe(&r);
    uint8_t *d = fill_split(RNG_SRC_DRBG, 1, 78, 64, 0);
    CHECK(d && memcmp(a, d, 64) != 0);
    uint8_t *e = fill_split(RNG_SRC_DRBG, 0, 0, 64, 0), *f = fill_split(RNG_SRC_DRBG, 0, 0, 64, 0);
    CHECK(e && f && memcmp(e, f, 64) != 0);
    free(a), free(b), free(c), free(d), free(e), free(f);
}

static void test_lcg(void)
{
    const size_t len = 1 << 20;
    uint8_t *a = fill_split(RNG_SRC_LCG, 1, 5, len, 0);
    uint8_t *b = fill_split(RNG_SRC_LCG, 1, 5, len, tu_rand64() | 1);
    CHECK(a && b);
    if (!a || !b)
        return;
    CHECK_EQ_BYTES(a, b, len);
    int rec_ok = 1, alt_ok = 1;
    uint32_t prev = 0;
    for (size_t i = 0; i < len / 4; i++) {
        uint32_t w = (uint32_t)a[4 * i] | (uint32_t)a[4 * i + 1] << 8 | (uint32_t)a[4 * i + 2] << 16 |
                     (uint32_t)a[4 * i + 3] << 24;
        if (i && w != (uint32_t)(37u * prev + 1u))
            rec_ok = 0;
        if (i && (w & 1) == (prev & 1)) /* bit 0 alternates: the weakness on show */
            alt_ok = 0;
        prev = w;
    }
    CHECK_MSG(rec_ok, "lcg words follow x' = 37x + 1 mod 2^32");
    CHECK_MSG(alt_ok, "lcg bit 0 alternates");
    uint8_t *c = fill_split(RNG_SRC_LCG, 1, 6, 64, 0);
    CHECK(c && memcmp(a, c, 64) != 0);
    free(a), free(b), free(c);
}

static void test_biased(void)
{
    const size_t len = 1 << 20; /* 8 Mbit: sd of the fraction ~ 1.8e-4 */
    uint8_t *a = fill_split(RNG_SRC_BIASED, 1, 9, len, 0);
    uint8_t *b = fill_split(RNG_SRC_BIASED, 1, 9, len, tu_rand64() | 1);
    CHECK(a && b);
    if (!a || !b)
        return;
    CHECK_EQ_BYTES(a, b, len);
    uint64_t ones = 0;
    for (size_t i = 0; i < len; i++)
        ones += (uint64_t)__builtin_popcount(a[i]);
    double p = (double)ones / (8.0 * len);
    CHECK_MSG(p > 0.519 && p < 0.521, "biased source P(1) = %.5f, want 0.520", p);
    free(a), free(b);
}

/* `pkc rng -m raw` writes the source's stream unchanged. */
static void test_cli_stream(void)
{
    const char *pkc = getenv("PKC");
    CHECK_MSG(pkc != NULL, "PKC is set (the pkc command)");
    if (!pkc)
        return;
    const size_t len = 200000;
    const char *gens[] = {"drbg", "lcg", "biased"};
    const rng_source_kind kinds[] = {RNG_SRC_DRBG, RNG_SRC_LCG, RNG_SRC_BIASED};
    for (int g = 0; g < 3; g++) {
        char cmd[4096];
        snprintf(cmd, sizeof cmd, "'%s' rng -m raw -g %s -S 123 -n %zu", pkc, gens[g], len);
        FILE *f = popen(cmd, "r");
        CHECK(f != NULL);
        if (!f)
            continue;
        uint8_t *got = malloc(len + 1);
        size_t n = fread(got, 1, len + 1, f);
        CHECK(pclose(f) == 0);
        CHECK_MSG(n == len, "pkc rng -m raw -g %s -n %zu wrote %zu bytes", gens[g], len, n);
        uint8_t *want = fill_split(kinds[g], 1, 123, len, 0);
        CHECK(want && n == len && memcmp(got, want, len) == 0);
        free(got);
        free(want);
    }
}

int main(void)
{
    tu_seed();
    test_names();
    test_drbg_stream();
    test_lcg();
    test_biased();
    test_cli_stream();
    return tu_finish("test_rng_sources");
}
