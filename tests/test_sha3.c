/* SHA-3 / SHAKE tests (FIPS 202): NIST's example values; the CAVP files
 * (SHA3VS ShortMsg, LongMsg, Monte; SHAKEVS ShortMsg, LongMsg, VariableOut,
 * Monte), every vector one-shot, through the generic interface, streamed in
 * random chunks and (SHAKE) squeezed in random pieces; lengths around the
 * rates streamed byte by byte; forking a context by copy; OpenSSL's
 * EVP_sha3_* and EVP_shake* (EVP_DigestFinalXOF) on random inputs of random
 * lengths; the generic interface's names and sizes. */
#include <stdlib.h>
#include <string.h>

#include "pkc/hash.h"
#include "pkc/rng.h"
#include "pkc/rsa.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

/* What is hashed: SHA3-d (outlen 28..64) or SHAKE128/256 (any outlen). */
typedef enum { K_SHA3, K_SHAKE128, K_SHAKE256 } kind;

typedef struct {
    kind k;
    size_t mdlen; /* SHA3: the digest size */
} func;

static const char *func_name(func f)
{
    static char buf[16];
    if (f.k == K_SHAKE128)
        return "SHAKE128";
    if (f.k == K_SHAKE256)
        return "SHAKE256";
    snprintf(buf, sizeof buf, "SHA3-%zu", 8 * f.mdlen);
    return buf;
}

static size_t func_rate(func f)
{
    return f.k == K_SHAKE128 ? 168 : f.k == K_SHAKE256 ? 136 : 200 - 2 * f.mdlen;
}

static pkc_hash_alg sha3_alg(size_t mdlen)
{
    switch (mdlen) {
    case 28: return PKC_HASH_SHA3_224;
    case 32: return PKC_HASH_SHA3_256;
    case 48: return PKC_HASH_SHA3_384;
    default: return PKC_HASH_SHA3_512;
    }
}

static void func_init(func f, pkc_sha3_ctx *c)
{
    if (f.k == K_SHAKE128)
        pkc_shake128_init(c);
    else if (f.k == K_SHAKE256)
        pkc_shake256_init(c);
    else
        pkc_sha3_init(c, f.mdlen);
}

/* Finishes c into outlen bytes (for SHA3, outlen is the digest size). */
static void func_finish(func f, pkc_sha3_ctx *c, uint8_t *out, size_t outlen)
{
    if (f.k == K_SHA3) {
        pkc_sha3_final(c, out);
    } else {
        pkc_shake_squeeze(c, out, outlen);
        pkc_sha3_wipe(c);
    }
}

static void func_oneshot(func f, const uint8_t *m, size_t len, uint8_t *out, size_t outlen)
{
    pkc_sha3_ctx c;
    func_init(f, &c);
    pkc_sha3_update(&c, m, len);
    func_finish(f, &c, out, outlen);
}

/* A random piece length: mostly short (where the buffering happens), at
 * times beyond one block. */
static size_t rand_piece(size_t rate)
{
    uint64_t r = tu_rand64();
    return (r & 3) ? (size_t)((r >> 2) % 17) : (size_t)((r >> 2) % (2 * rate + 3));
}

/* Absorbs in random chunks (empty ones included); SHAKE squeezes in random
 * pieces. */
static void func_pieces(func f, const uint8_t *m, size_t len, uint8_t *out, size_t outlen)
{
    pkc_sha3_ctx c;
    size_t rate = func_rate(f), pos = 0;
    func_init(f, &c);
    while (pos < len) {
        size_t n = rand_piece(rate);
        if (n > len - pos)
            n = len - pos;
        pkc_sha3_update(&c, m + pos, n);
        pos += n;
    }
    pkc_sha3_update(&c, NULL, 0);
    if (f.k == K_SHA3) {
        pkc_sha3_final(&c, out);
        return;
    }
    pos = 0;
    while (pos < outlen) {
        size_t n = rand_piece(rate);
        if (n > outlen - pos)
            n = outlen - pos;
        pkc_shake_squeeze(&c, out + pos, n);
        pos += n;
    }
    pkc_sha3_wipe(&c);
}

/* One vector: one-shot, generic interface (SHA3), pkc_shake256 (SHAKE256),
 * random chunks and pieces. */
static void check_vector(func f, const uint8_t *m, size_t len, const uint8_t *want,
                         size_t outlen, const char *what)
{
    uint8_t *out = malloc(outlen + 1);
    func_oneshot(f, m, len, out, outlen);
    CHECK_MSG(memcmp(out, want, outlen) == 0, "%s: one-shot differs", what);
    if (f.k == K_SHA3) {
        memset(out, 0, outlen);
        CHECK(pkc_hash(sha3_alg(f.mdlen), m, len, out) == PKC_OK);
        CHECK_MSG(memcmp(out, want, outlen) == 0, "%s: pkc_hash differs", what);
    } else if (f.k == K_SHAKE256) {
        memset(out, 0, outlen);
        pkc_shake256(out, outlen, m, len);
        CHECK_MSG(memcmp(out, want, outlen) == 0, "%s: pkc_shake256 differs", what);
    }
    memset(out, 0, outlen);
    func_pieces(f, m, len, out, outlen);
    CHECK_MSG(memcmp(out, want, outlen) == 0, "%s: streamed in pieces differs", what);
    free(out);
}

static void check_hex(const uint8_t *got, const char *hex, const char *what)
{
    size_t n;
    uint8_t *want = tu_unhex(hex, &n);
    CHECK_MSG(want && memcmp(got, want, n) == 0, "%s", what);
    free(want);
}

/* The examples of NIST's "Cryptographic Standards and Guidelines: Example
 * Values" for FIPS 202 (empty, "abc", 200 bytes of 0xa3). */
static void test_examples(void)
{
    uint8_t out[512], a3[200];
    func s224 = {K_SHA3, 28}, s256 = {K_SHA3, 32}, s512 = {K_SHA3, 64};
    func k128 = {K_SHAKE128, 0}, k256 = {K_SHAKE256, 0};
    memset(a3, 0xa3, sizeof a3);
    func_oneshot(s256, (const uint8_t *)"", 0, out, 32);
    check_hex(out, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a", "SHA3-256('')");
    func_oneshot(s256, (const uint8_t *)"abc", 3, out, 32);
    check_hex(out, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532", "SHA3-256(abc)");
    func_oneshot(s224, (const uint8_t *)"", 0, out, 28);
    check_hex(out, "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7", "SHA3-224('')");
    func_oneshot(s512, (const uint8_t *)"abc", 3, out, 64);
    check_hex(out,
              "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
              "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0",
              "SHA3-512(abc)");
    func_oneshot(s256, a3, sizeof a3, out, 32);
    check_hex(out, "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787",
              "SHA3-256(0xa3 x 200)");
    pkc_shake256(out, 64, "", 0);
    check_hex(out,
              "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
              "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be",
              "SHAKE256('', 64)");
    pkc_shake256(out, 64, NULL, 0);
    check_hex(out, "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f",
              "SHAKE256(NULL, 0)");
    func_oneshot(k128, NULL, 0, out, 32);
    check_hex(out, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
              "SHAKE128('', 32)");
    func_oneshot(k128, a3, sizeof a3, out, 512);
    check_hex(out + 480, "44c9fb359fd56ac0a9a75a743cff6862f17d7259ab075216c0699511643b6439",
              "SHAKE128(0xa3 x 200, 512) tail");
    func_pieces(k256, a3, sizeof a3, out, 512);
    uint8_t ref[512];
    func_oneshot(k256, a3, sizeof a3, ref, 512);
    CHECK_EQ_BYTES(out, ref, 512);
}

/* ShortMsg / LongMsg / VariableOut: "Len = bits", "Msg = hex" (one 00 byte
 * when Len is 0), then "MD = hex" (SHA3) or "Output = hex" (SHAKE; its
 * length, which "Outputlen = bits" or the section "[Outputlen = bits]"
 * confirms when present). VariableOut has no Len: its messages are whole. */
static int run_msg_file(func f, const char *rel)
{
    tu_kv kv;
    int count = 0;
    long bits = -1, outbits = -1, section_outbits = -1;
    uint8_t *msg = NULL;
    size_t msglen = 0;
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section) {
            long v;
            if (sscanf(kv.key, "Outputlen = %ld", &v) == 1)
                section_outbits = v;
            else if (sscanf(kv.key, "L = %ld", &v) == 1)
                CHECK_MSG(f.k == K_SHA3 && (size_t)v == 8 * f.mdlen, "%s: [L = %ld]", rel, v);
            continue;
        }
        if (!kv.value)
            continue;
        if (strcmp(kv.key, "Len") == 0) {
            bits = strtol(kv.value, NULL, 10);
        } else if (strcmp(kv.key, "Outputlen") == 0) {
            outbits = strtol(kv.value, NULL, 10);
        } else if (strcmp(kv.key, "Msg") == 0) {
            free(msg);
            msg = tu_unhex(kv.value, &msglen);
            CHECK_MSG(msg != NULL, "%s:%d: bad hex", rel, kv.lineno);
        } else if (strcmp(kv.key, "MD") == 0 || strcmp(kv.key, "Output") == 0) {
            size_t mdlen = 0;
            uint8_t *md = tu_unhex(kv.value, &mdlen);
            long want_bits = outbits >= 0 ? outbits : section_outbits;
            size_t len = bits >= 0 ? (size_t)bits / 8 : msglen;
            int ok = md && msg && (bits < 0 || bits % 8 == 0) && len <= msglen && mdlen > 0;
            if (f.k == K_SHA3)
                ok = ok && mdlen == f.mdlen;
            else
                ok = ok && (want_bits < 0 || (size_t)want_bits == 8 * mdlen);
            if (CHECK_MSG(ok, "%s:%d: malformed vector", rel, kv.lineno)) {
                char what[256];
                snprintf(what, sizeof what, "%s:%d (len %zu, out %zu)", rel, kv.lineno, len, mdlen);
                check_vector(f, msg, len, md, mdlen, what);
                count++;
            }
            free(md);
            free(msg);
            msg = NULL;
            bits = outbits = -1;
        }
    }
    free(msg);
    tu_kv_close(&kv);
    CHECK_MSG(count > 0, "%s: no vectors", rel);
    return count;
}

/* SHA3VS section 6.2.3, the Monte Carlo test: MD_0 = Seed; for each of the
 * 100 checkpoints j, MD_i = SHA3(MD_{i-1}) for i = 1..1000, then MD_1000 is
 * checkpoint j and the next MD_0. */
static int run_sha3_monte(func f, const char *rel)
{
    tu_kv kv;
    int count = 0;
    uint8_t md[64];
    int have_seed = 0;
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section || !kv.value)
            continue;
        size_t n = 0;
        if (strcmp(kv.key, "Seed") == 0) {
            uint8_t *s = tu_unhex(kv.value, &n);
            have_seed = CHECK_MSG(s && n == f.mdlen, "%s: bad seed", rel);
            if (have_seed)
                memcpy(md, s, n);
            free(s);
        } else if (strcmp(kv.key, "MD") == 0 && have_seed) {
            uint8_t *want = tu_unhex(kv.value, &n);
            if (CHECK_MSG(want && n == f.mdlen, "%s:%d: bad MD", rel, kv.lineno)) {
                for (int i = 0; i < 1000; i++)
                    func_oneshot(f, md, f.mdlen, md, f.mdlen);
                CHECK_MSG(memcmp(md, want, n) == 0, "%s:%d: Monte Carlo checkpoint differs", rel,
                          kv.lineno);
                count++;
            }
            free(want);
        }
    }
    tu_kv_close(&kv);
    CHECK_MSG(count == 100, "%s: %d Monte Carlo checkpoints, expected 100", rel, count);
    return count;
}

/* SHAKEVS section 6.3.3, the Monte Carlo test, in bytes (minoutbytes and
 * maxoutbytes from the file's [Minimum/Maximum Output Length (bits)]):
 * Output_0 = Msg (the 128-bit seed), Outputlen = maxoutbytes; for each
 * checkpoint j, for i = 1..1000: Msg_i = the leftmost 128 bits of
 * Output_{i-1} (zero bits appended when it is shorter), Output_i = SHAKE(Msg_i, Outputlen), and then Outputlen =
 * minoutbytes + (the rightmost 16 bits of Output_i, big-endian) mod
 * (maxoutbytes - minoutbytes + 1). Checkpoint j is Output_1000 (with the
 * Outputlen it was made with), which is Output_0 of the next. */
static int run_shake_monte(func f, const char *rel)
{
    tu_kv kv;
    int count = 0;
    long minbits = -1, maxbits = -1, outbits = -1;
    size_t minb = 0, maxb = 0, outlen = 0, prevlen = 0;
    uint8_t out[512];
    int have_seed = 0;
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    while (tu_kv_next(&kv)) {
        long v;
        if (kv.is_section) {
            if (sscanf(kv.key, "Minimum Output Length (bits) = %ld", &v) == 1)
                minbits = v;
            else if (sscanf(kv.key, "Maximum Output Length (bits) = %ld", &v) == 1)
                maxbits = v;
            continue;
        }
        if (!kv.value)
            continue;
        size_t n = 0;
        if (strcmp(kv.key, "Msg") == 0) {
            uint8_t *s = tu_unhex(kv.value, &n);
            have_seed = CHECK_MSG(s && n == 16 && minbits >= 8 && minbits % 8 == 0 &&
                                      maxbits >= minbits && maxbits <= 8 * (long)sizeof out,
                                  "%s: bad seed or lengths", rel);
            if (have_seed) {
                memcpy(out, s, n);
                prevlen = n;
                minb = (size_t)minbits / 8;
                maxb = (size_t)maxbits / 8;
                outlen = maxb;
            }
            free(s);
        } else if (strcmp(kv.key, "Outputlen") == 0) {
            outbits = strtol(kv.value, NULL, 10);
        } else if (strcmp(kv.key, "Output") == 0 && have_seed) {
            uint8_t *want = tu_unhex(kv.value, &n);
            if (CHECK_MSG(want && (long)(8 * n) == outbits, "%s:%d: bad Output", rel, kv.lineno)) {
                for (int i = 0; i < 1000; i++) {
                    uint8_t m[16] = {0}; /* a shorter Output padded with zeros */
                    memcpy(m, out, prevlen < 16 ? prevlen : 16);
                    func_oneshot(f, m, 16, out, outlen);
                    prevlen = outlen;
                    unsigned r = (unsigned)out[outlen - 2] << 8 | out[outlen - 1];
                    outlen = minb + r % (maxb - minb + 1);
                }
                CHECK_MSG(prevlen == n && memcmp(out, want, n) == 0,
                          "%s:%d: Monte Carlo checkpoint differs", rel, kv.lineno);
                count++;
            }
            free(want);
            outbits = -1;
        }
    }
    tu_kv_close(&kv);
    CHECK_MSG(count == 100, "%s: %d Monte Carlo checkpoints, expected 100", rel, count);
    return count;
}

static void test_vectors(void)
{
    static const size_t sizes[] = {28, 32, 48, 64};
    char rel[128];
    for (size_t i = 0; i < 4; i++) {
        func f = {K_SHA3, sizes[i]};
        int s, l, mc;
        snprintf(rel, sizeof rel, "hashes/SHA3/SHA3_%zuShortMsg.rsp", 8 * sizes[i]);
        s = run_msg_file(f, rel);
        snprintf(rel, sizeof rel, "hashes/SHA3/SHA3_%zuLongMsg.rsp", 8 * sizes[i]);
        l = run_msg_file(f, rel);
        snprintf(rel, sizeof rel, "hashes/SHA3/SHA3_%zuMonte.rsp", 8 * sizes[i]);
        mc = run_sha3_monte(f, rel);
        printf("%s: %d short, %d long, %d Monte Carlo checkpoints\n", func_name(f), s, l, mc);
    }
    for (int b = 128; b <= 256; b += 128) {
        func f = {b == 128 ? K_SHAKE128 : K_SHAKE256, 0};
        int s, l, v, mc;
        snprintf(rel, sizeof rel, "hashes/SHAKE/SHAKE%dShortMsg.rsp", b);
        s = run_msg_file(f, rel);
        snprintf(rel, sizeof rel, "hashes/SHAKE/SHAKE%dLongMsg.rsp", b);
        l = run_msg_file(f, rel);
        snprintf(rel, sizeof rel, "hashes/SHAKE/SHAKE%dVariableOut.rsp", b);
        v = run_msg_file(f, rel);
        snprintf(rel, sizeof rel, "hashes/SHAKE/SHAKE%dMonte.rsp", b);
        mc = run_shake_monte(f, rel);
        printf("%s: %d short, %d long, %d variable-output, %d Monte Carlo checkpoints\n",
               func_name(f), s, l, v, mc);
    }
}

static const func all_funcs[] = {{K_SHA3, 28},    {K_SHA3, 32},    {K_SHA3, 48},
                                 {K_SHA3, 64},    {K_SHAKE128, 0}, {K_SHAKE256, 0}};
#define NFUNCS (sizeof all_funcs / sizeof all_funcs[0])

/* Lengths around one and two blocks of each rate: one-shot vs byte by byte
 * vs every two-piece split of the message; SHAKE output around the rate,
 * squeezed byte by byte. */
static void test_rate_boundaries(void)
{
    uint8_t m[2 * 168 + 2], ref[2 * 168 + 2], out[2 * 168 + 2];
    tu_rand_bytes(m, sizeof m);
    int bad = 0;
    for (size_t fi = 0; fi < NFUNCS; fi++) {
        func f = all_funcs[fi];
        size_t rate = func_rate(f);
        size_t outlen = f.k == K_SHA3 ? f.mdlen : 2 * rate + 1;
        size_t lens[] = {0, 1, 7, 8, 9, rate - 9, rate - 8, rate - 2, rate - 1, rate,
                         rate + 1, rate + 8, 2 * rate - 1, 2 * rate, 2 * rate + 1};
        for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            size_t len = lens[li];
            pkc_sha3_ctx c;
            func_oneshot(f, m, len, ref, outlen);
            func_init(f, &c);
            for (size_t i = 0; i < len; i++)
                pkc_sha3_update(&c, m + i, 1);
            if (f.k == K_SHA3) {
                pkc_sha3_final(&c, out);
            } else {
                for (size_t i = 0; i < outlen; i++)
                    pkc_shake_squeeze(&c, out + i, 1);
                pkc_sha3_wipe(&c);
            }
            if (memcmp(out, ref, outlen) != 0 && bad++ < 5)
                CHECK_MSG(0, "%s len %zu: byte by byte differs", func_name(f), len);
            for (size_t cut = 0; cut <= len; cut++) {
                func_init(f, &c);
                pkc_sha3_update(&c, m, cut);
                pkc_sha3_update(&c, m + cut, len - cut);
                func_finish(f, &c, out, outlen);
                if (memcmp(out, ref, outlen) != 0 && bad++ < 5)
                    CHECK_MSG(0, "%s len %zu: split at %zu differs", func_name(f), len, cut);
            }
        }
    }
    CHECK_MSG(bad == 0, "%d rate-boundary mismatches", bad);
}

/* A context copied mid-stream forks the hash of a common prefix; a SHAKE
 * copied mid-squeeze continues the same output. Updates after the first
 * squeeze are ignored. */
static void test_fork(void)
{
    uint8_t m[500], a[200], b[200];
    tu_rand_bytes(m, sizeof m);
    for (size_t fi = 0; fi < NFUNCS; fi++) {
        func f = all_funcs[fi];
        size_t outlen = f.k == K_SHA3 ? f.mdlen : 200;
        pkc_sha3_ctx c, d;
        func_init(f, &c);
        pkc_sha3_update(&c, m, 123);
        d = c;
        pkc_sha3_update(&c, m + 123, 200);
        pkc_sha3_update(&d, m + 123, 377);
        func_finish(f, &c, a, outlen);
        func_oneshot(f, m, 323, b, outlen);
        CHECK_MSG(memcmp(a, b, outlen) == 0, "%s: fork, first branch", func_name(f));
        func_finish(f, &d, a, outlen);
        func_oneshot(f, m, 500, b, outlen);
        CHECK_MSG(memcmp(a, b, outlen) == 0, "%s: fork, second branch", func_name(f));
        if (f.k == K_SHA3)
            continue;
        func_init(f, &c);
        pkc_sha3_update(&c, m, 50);
        pkc_shake_squeeze(&c, a, 77);
        pkc_sha3_update(&c, m, 50); /* ignored */
        d = c;
        pkc_shake_squeeze(&c, a + 77, 123);
        pkc_shake_squeeze(&d, b + 77, 123);
        memcpy(b, a, 77);
        CHECK_MSG(memcmp(a, b, 200) == 0, "%s: fork mid-squeeze", func_name(f));
        func_oneshot(f, m, 50, b, 200);
        CHECK_MSG(memcmp(a, b, 200) == 0, "%s: update after squeeze changed the output",
                  func_name(f));
        pkc_sha3_wipe(&c);
        pkc_sha3_wipe(&d);
        uint8_t zero[sizeof c];
        memset(zero, 0, sizeof zero);
        CHECK_MSG(memcmp(&c, zero, sizeof c) == 0, "pkc_sha3_wipe leaves state");
    }
    /* final wipes the context */
    pkc_sha3_ctx c;
    uint8_t zero[sizeof c], out[64];
    memset(zero, 0, sizeof zero);
    pkc_sha3_init(&c, 64);
    pkc_sha3_update(&c, m, 100);
    pkc_sha3_final(&c, out);
    CHECK_MSG(memcmp(&c, zero, sizeof c) == 0, "pkc_sha3_final leaves state");
    /* an invalid outlen is SHA3-256, not an overrun */
    pkc_sha3_init(&c, 100);
    CHECK(c.outlen == 32 && c.rate == 136);
    pkc_sha3_wipe(&c);
}

#ifdef PKC_HAVE_OPENSSL
static const EVP_MD *func_evp(func f)
{
    switch (f.k) {
    case K_SHAKE128: return EVP_shake128();
    case K_SHAKE256: return EVP_shake256();
    default: return tu_evp_md(sha3_alg(f.mdlen));
    }
}

/* Random inputs: lengths up to three blocks, a third of them within two
 * bytes of a multiple of the rate; SHAKE output lengths likewise. */
static void test_openssl(void)
{
    enum { MAXLEN = 3 * 168 + 3, MAXOUT = 3 * 168 + 3 };
    uint8_t *m = malloc(MAXLEN), out[MAXOUT], os[MAXOUT];
    int iters = tu_iters(3000), bad = 0;
    EVP_MD_CTX *e = EVP_MD_CTX_new();
    for (int it = 0; it < iters; it++) {
        func f = all_funcs[(size_t)it % NFUNCS];
        size_t rate = func_rate(f);
        size_t len = (it / (int)NFUNCS) % 3 == 0
                         ? rate * (size_t)(tu_rand64() % 4) + (size_t)(tu_rand64() % 5) - 2
                         : (size_t)(tu_rand64() % MAXLEN);
        if (len > MAXLEN)
            len = 0; /* 0 - 2 wrapped */
        size_t outlen = f.mdlen;
        if (f.k != K_SHA3)
            outlen = (it / (int)NFUNCS) % 2 == 0
                         ? rate * (size_t)(1 + tu_rand64() % 2) + (size_t)(tu_rand64() % 5) - 2
                         : 1 + (size_t)(tu_rand64() % (MAXOUT - 1));
        tu_rand_bytes(m, len);
        int ok = EVP_DigestInit_ex(e, func_evp(f), NULL) == 1 && EVP_DigestUpdate(e, m, len) == 1;
        if (f.k == K_SHA3) {
            unsigned int n = 0;
            ok = ok && EVP_DigestFinal_ex(e, os, &n) == 1 && n == outlen;
        } else {
            ok = ok && EVP_DigestFinalXOF(e, os, outlen) == 1;
        }
        CHECK_MSG(ok, "OpenSSL %s failed", func_name(f));
        if (it & 1)
            func_oneshot(f, m, len, out, outlen);
        else
            func_pieces(f, m, len, out, outlen);
        if (memcmp(out, os, outlen) != 0 && bad++ < 5)
            CHECK_MSG(0, "%s len %zu out %zu differs from OpenSSL", func_name(f), len, outlen);
    }
    CHECK_MSG(bad == 0, "%d of %d random inputs differ from OpenSSL", bad, iters);
    /* one long input, streamed, 1 MiB + 1 */
    size_t big = (1 << 20) + 1;
    uint8_t *d = malloc(big);
    tu_rand_bytes(d, big);
    for (size_t fi = 0; fi < NFUNCS; fi++) {
        func f = all_funcs[fi];
        size_t outlen = f.k == K_SHA3 ? f.mdlen : 100;
        unsigned int n = 0;
        int ok = EVP_DigestInit_ex(e, func_evp(f), NULL) == 1 && EVP_DigestUpdate(e, d, big) == 1;
        ok = ok && (f.k == K_SHA3 ? EVP_DigestFinal_ex(e, os, &n) == 1
                                  : EVP_DigestFinalXOF(e, os, outlen) == 1);
        func_pieces(f, d, big, out, outlen);
        CHECK_MSG(ok && memcmp(out, os, outlen) == 0, "%s of 1 MiB + 1 differs from OpenSSL",
                  func_name(f));
    }
    free(d);
    EVP_MD_CTX_free(e);
    free(m);
}
#endif

static void test_generic_api(void)
{
    static const struct {
        pkc_hash_alg alg;
        const char *name;
        size_t size, block;
        const char *spellings[4];
    } t[] = {
        {PKC_HASH_SHA3_224, "sha3-224", 28, 144, {"SHA3-224", "sha3_224", "Sha3-224", "SHA3_224"}},
        {PKC_HASH_SHA3_256, "sha3-256", 32, 136, {"SHA3-256", "sha3_256", "Sha3-256", "SHA3_256"}},
        {PKC_HASH_SHA3_384, "sha3-384", 48, 104, {"SHA3-384", "sha3_384", "Sha3-384", "SHA3_384"}},
        {PKC_HASH_SHA3_512, "sha3-512", 64, 72, {"SHA3-512", "sha3_512", "Sha3-512", "SHA3_512"}},
    };
    CHECK(PKC_HASH_MAX_BLOCK >= 144 && PKC_HASH_MAX_SIZE >= 64);
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        pkc_hash_alg a = 0;
        CHECK(pkc_hash_size(t[i].alg) == t[i].size);
        CHECK(pkc_hash_block_size(t[i].alg) == t[i].block);
        CHECK(pkc_hash_name(t[i].alg) && strcmp(pkc_hash_name(t[i].alg), t[i].name) == 0);
        CHECK(pkc_hash_from_name(t[i].name, &a) == PKC_OK && a == t[i].alg);
        for (int j = 0; j < 4; j++) {
            a = 0;
            CHECK_MSG(pkc_hash_from_name(t[i].spellings[j], &a) == PKC_OK && a == t[i].alg,
                      "from_name(%s)", t[i].spellings[j]);
        }
        /* streaming through the generic interface, with a forked context */
        uint8_t m[300], x[64], y[64];
        tu_rand_bytes(m, sizeof m);
        pkc_hash_ctx c, d;
        CHECK(pkc_hash_init(&c, t[i].alg) == PKC_OK);
        pkc_hash_update(&c, m, 100);
        d = c;
        pkc_hash_update(&c, m + 100, 200);
        pkc_hash_final(&c, x);
        CHECK(pkc_hash(t[i].alg, m, 300, y) == PKC_OK);
        CHECK_EQ_BYTES(x, y, t[i].size);
        pkc_hash_final(&d, x);
        CHECK(pkc_hash(t[i].alg, m, 100, y) == PKC_OK);
        CHECK_EQ_BYTES(x, y, t[i].size);
    }
    /* SHA-2 names still mean SHA-2 */
    pkc_hash_alg a = 0;
    CHECK(pkc_hash_from_name("sha384", &a) == PKC_OK && a == PKC_HASH_SHA384);
    CHECK(pkc_hash_from_name("SHA-384", &a) == PKC_OK && a == PKC_HASH_SHA384);
    CHECK(pkc_hash_from_name("sha_224", &a) == PKC_OK && a == PKC_HASH_SHA224);
    static const char *bad_names[] = {"sha3",      "sha3-",     "sha3-255",  "sha3--256",
                                      "sha-3-256", "sha3256",   "sha3-84",   "sha3 256",
                                      "sha3-256 ", "shake128",  "shake256",  "sha3-2566",
                                      "keccak256", "sha3-256x", "sha3-_256", "sha_3_256"};
    for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
        a = 0;
        CHECK_MSG(pkc_hash_from_name(bad_names[i], &a) == PKC_ERR_ARG, "from_name(\"%s\") accepted",
                  bad_names[i]);
    }
    CHECK(pkc_hash_size((pkc_hash_alg)10) == 0 && pkc_hash_name((pkc_hash_alg)10) == NULL);
}

/* RSASSA-PKCS1-v1_5 has no SHA-3 DigestInfo in pkc: sign and verify say
 * PKC_ERR_UNSUPPORTED (not PKC_ERR_ARG, which is for an unknown alg). */
static void test_rsa_pkcs1_refuses(void)
{
    pkc_rng rng;
    pkc_rsa_key *key = NULL;
    uint8_t dg[64] = {0}, sig[128];
    size_t siglen = 0;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 3) == PKC_OK);
    if (!CHECK(pkc_rsa_generate(&key, 1024, 65537, &rng) == PKC_OK)) {
        pkc_rng_wipe(&rng);
        return;
    }
    for (pkc_hash_alg a = PKC_HASH_SHA3_224; a <= PKC_HASH_SHA3_512; a++) {
        size_t n = pkc_hash_size(a);
        CHECK(pkc_rsa_pkcs1_sign(key, &rng, PKC_RSA_MODE_CRT, a, dg, n, sig, sizeof sig,
                                 &siglen) == PKC_ERR_UNSUPPORTED);
        memset(sig, 1, sizeof sig);
        CHECK(pkc_rsa_pkcs1_verify(key, a, dg, n, sig, sizeof sig) == PKC_ERR_UNSUPPORTED);
    }
    CHECK(pkc_rsa_pkcs1_sign(key, &rng, PKC_RSA_MODE_CRT, (pkc_hash_alg)10, dg, 32, sig,
                             sizeof sig, &siglen) == PKC_ERR_ARG);
    CHECK(pkc_rsa_pkcs1_sign(key, &rng, PKC_RSA_MODE_CRT, PKC_HASH_SHA256, dg, 32, sig,
                             sizeof sig, &siglen) == PKC_OK);
    pkc_rsa_key_free(key);
    pkc_rng_wipe(&rng);
}

int main(void)
{
    tu_seed();
    test_examples();
    test_vectors();
    test_rate_boundaries();
    test_fork();
    test_generic_api();
    test_rsa_pkcs1_refuses();
#ifdef PKC_HAVE_OPENSSL
    test_openssl();
#else
    tu_skip_part("OpenSSL not found: the differential test");
#endif
    return tu_finish("test_sha3");
}
