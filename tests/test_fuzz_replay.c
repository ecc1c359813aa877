/* pkc tests — replays the fuzzing corpora (tests/fuzz/corpus/<harness>/)
 * through every fuzz harness of tests/fuzz/, then a few thousand
 * deterministic mutations of them, in the normal CTest build: so CI and
 * `make test-asan` run what libFuzzer found (crash inputs are added to the
 * corpus once minimised) without needing clang. `make fuzz` runs the same
 * harnesses under libFuzzer with coverage guidance (docs/fuzzing.md).
 *
 * A broken property is reported with the input's name and the test goes
 * on (up to MAX_FAILURES per harness); ASan/UBSan stop it on a memory
 * error, with the input named on stderr. The mutations use a fixed seed (PKC_FUZZ_SEED changes it) and
 * their number scales with PKC_TEST_ITERS.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Each harness defines pkc_fuzz_<name>; LLVMFuzzerTestOneInput only with
 * PKC_FUZZ_MAIN, which this build never defines. */
#include "fuzz/fuzz_base64.c"
#include "fuzz/fuzz_der.c"
#include "fuzz/fuzz_ec_key.c"
#include "fuzz/fuzz_ec_point.c"
#include "fuzz/fuzz_ecdsa_sig.c"
#include "fuzz/fuzz_elgamal.c"
#include "fuzz/fuzz_key.c"
#include "fuzz/fuzz_key_password.c"
#include "fuzz/fuzz_oaep.c"
#include "fuzz/fuzz_pem.c"
#include "fuzz/fuzz_pke.c"
#include "fuzz/fuzz_rsa_key.c"
#include "fuzz/fuzz_rsa_verify.c"
/* The differential harnesses compare with OpenSSL (libcrypto): without it
 * they are skipped (and the test fails under CI). */
#ifdef PKC_HAVE_OPENSSL
#include "fuzz/fuzz_diff_ecdh.c"
#include "fuzz/fuzz_diff_ecdsa_verify.c"
#include "fuzz/fuzz_diff_key.c"
#include "fuzz/fuzz_diff_oaep.c"
#include "fuzz/fuzz_diff_rsa_verify.c"
#endif

typedef struct {
    const char *name;
    int (*run)(const uint8_t *, size_t);
    int mutations; /* per run at PKC_TEST_ITERS=1 */
} harness;

/* Mutation counts keep the whole test to a few seconds in Release: the
 * RSA harnesses do private-key operations on the inputs that parse. */
static const harness harnesses[] = {
    {"base64", pkc_fuzz_base64, 3000},       {"der", pkc_fuzz_der, 4000},
    {"ec_key", pkc_fuzz_ec_key, 3000},       {"ec_point", pkc_fuzz_ec_point, 3000},
    {"ecdsa_sig", pkc_fuzz_ecdsa_sig, 3000}, {"elgamal", pkc_fuzz_elgamal, 1500},
    {"key", pkc_fuzz_key, 3000},             {"key_password", pkc_fuzz_key_password, 1500},
    {"oaep", pkc_fuzz_oaep, 2000},           {"pem", pkc_fuzz_pem, 3000},
    {"pke", pkc_fuzz_pke, 1500},
    {"rsa_key", pkc_fuzz_rsa_key, 3000},     {"rsa_verify", pkc_fuzz_rsa_verify, 3000},
#ifdef PKC_HAVE_OPENSSL
    {"diff_ecdh", pkc_fuzz_diff_ecdh, 1500},
    {"diff_ecdsa_verify", pkc_fuzz_diff_ecdsa_verify, 1500},
    {"diff_key", pkc_fuzz_diff_key, 1500},
    {"diff_oaep", pkc_fuzz_diff_oaep, 1500},
    {"diff_rsa_verify", pkc_fuzz_diff_rsa_verify, 1500},
#endif
};

#define MAX_FAILURES 5

/* Runs one input; 1 if a property broke (pkc_fuzz_fail jumps back here). */
static int run_one(const harness *hs, const uint8_t *data, size_t len)
{
    jmp_buf jb;
    if (setjmp(jb)) {
        pkc_fuzz_jmp = NULL;
        return 1;
    }
    pkc_fuzz_jmp = &jb;
    hs->run(data, len);
    pkc_fuzz_jmp = NULL;
    return 0;
}

typedef struct {
    uint8_t *data;
    size_t len;
    char *name;
} seed;

/* xorshift64*: fixed-seed, so every run mutates the same way. */
static uint64_t mut_state;
static uint64_t mut_next(void)
{
    uint64_t x = mut_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    mut_state = x;
    return x * 0x2545F4914F6CDD1DULL;
}
static size_t mut_below(size_t n)
{
    return n ? (size_t)(mut_next() % n) : 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static const char *src_dir(void)
{
    const char *s = getenv("SRC");
    if (s && *s)
        return s;
    /* Outside CTest: this file is <src>/tests/test_fuzz_replay.c. */
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s", __FILE__);
    char *t = strstr(buf, "/tests/test_fuzz_replay.c");
    if (t) {
        *t = 0;
        return buf;
    }
    return ".";
}

/* Reads every regular file of dir, sorted by name. */
static seed *load_corpus(const char *dir, size_t *count)
{
    *count = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            names = realloc(names, cap * sizeof *names);
            if (!names)
                exit(1);
        }
        names[n++] = strdup(de->d_name);
    }
    closedir(d);
    if (n == 0) {
        free(names);
        return NULL;
    }
    qsort(names, n, sizeof *names, cmp_names);
    seed *s = calloc(n, sizeof *s);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        size_t len = 0;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, names[i]) >= sizeof path) {
            CHECK_MSG(0, "path too long: %s/%s", dir, names[i]);
            free(names[i]);
            continue;
        }
        uint8_t *data = tu_read_file(path, &len);
        if (!data) {
            CHECK_MSG(0, "cannot read %s", path);
            free(names[i]);
            continue;
        }
        s[m].data = data;
        s[m].len = len;
        s[m].name = strdup(path);
        free(names[i]);
        m++;
    }
    free(names);
    *count = m;
    return s;
}

/* One mutant of seeds[i] (and maybe a splice with another seed): a
 * malloc'd buffer of exactly *len bytes, so ASan sees any over-read. */
static uint8_t *mutate(const seed *seeds, size_t nseeds, size_t *len)
{
    const seed *a = &seeds[mut_below(nseeds)];
    size_t cap = a->len * 2 + 64;
    uint8_t *b = malloc(cap);
    size_t n = a->len;
    if (!b)
        exit(1);
    memcpy(b, a->data, n);
    int ops = 1 + (int)mut_below(4);
    for (int k = 0; k < ops; k++) {
        size_t pos = mut_below(n);
        switch (mut_below(9)) {
        case 0: /* flip a bit */
            if (n)
                b[pos] ^= (uint8_t)(1u << mut_below(8));
            break;
        case 1: /* a random byte */
            if (n)
                b[pos] = (uint8_t)mut_next();
            break;
        case 2: { /* a boundary value, where DER lengths and tags live */
            static const uint8_t vals[] = {0x00, 0x01, 0x02, 0x7f, 0x80, 0x81,
                                           0x82, 0xff, 0x30, 0x04, 0x03, 0x1f};
            if (n)
                b[pos] = vals[mut_below(sizeof vals)];
            break;
        }
        case 3: /* truncate */
            n = mut_below(n + 1);
            break;
        case 4: /* delete a run */
            if (n) {
                size_t run = 1 + mut_below(n - pos < 16 ? n - pos : 16);
                memmove(b + pos, b + pos + run, n - pos - run);
                n -= run;
            }
            break;
        case 5: /* insert a byte */
            if (n < cap) {
                memmove(b + pos + 1, b + pos, n - pos);
                b[pos] = (uint8_t)mut_next();
                n++;
            }
            break;
        case 6: { /* duplicate a run */
            size_t run = mut_below(n - pos < 32 ? n - pos + 1 : 33);
            if (n + run <= cap) {
                memmove(b + pos + run, b + pos, n - pos);
                n += run;
            }
            break;
        }
        case 7: { /* splice: the head of this, the tail of another seed */
            const seed *o = &seeds[mut_below(nseeds)];
            size_t from = mut_below(o->len + 1);
            size_t take = o->len - from;
            if (pos + take > cap)
                take = cap - pos;
            memcpy(b + pos, o->data + from, take);
            n = pos + take;
            break;
        }
        default: /* add or subtract a little: lengths one off */
            if (n)
                b[pos] = (uint8_t)(b[pos] + (mut_next() & 1 ? 1 : -1));
            break;
        }
    }
    uint8_t *out = malloc(n ? n : 1);
    if (!out)
        exit(1);
    memcpy(out, b, n);
    free(b);
    *len = n;
    return out;
}

int main(void)
{
    uint64_t base_seed = 0x706b632d66757a7aULL; /* "pkc-fuzz" */
    const char *es = getenv("PKC_FUZZ_SEED");
    if (es && *es)
        base_seed = strtoull(es, NULL, 0);
    printf("test_fuzz_replay: mutation seed %#llx (PKC_FUZZ_SEED)\n",
           (unsigned long long)base_seed);

    char label[512];
    for (size_t h = 0; h < sizeof harnesses / sizeof harnesses[0]; h++) {
        const harness *hs = &harnesses[h];
        char dir[4096];
        if ((size_t)snprintf(dir, sizeof dir, "%s/tests/fuzz/corpus/%s", src_dir(), hs->name) >=
            sizeof dir) {
            CHECK_MSG(0, "source path too long");
            continue;
        }
        size_t n = 0;
        seed *seeds = load_corpus(dir, &n);
        CHECK_MSG(n > 0, "%s: no corpus in %s", hs->name, dir);
        if (n == 0)
            continue;

        int failures = 0;
        for (size_t i = 0; i < n && failures < MAX_FAILURES; i++) {
            pkc_fuzz_current = seeds[i].name;
            uint8_t *copy = malloc(seeds[i].len ? seeds[i].len : 1);
            if (!copy)
                exit(1);
            memcpy(copy, seeds[i].data, seeds[i].len);
            int bad = run_one(hs, copy, seeds[i].len);
            CHECK_MSG(!bad, "%s: property broken by %s", hs->name, seeds[i].name);
            failures += bad;
            free(copy);
        }

        /* Mutations: the stream depends on the harness name, so adding a
         * harness does not change the others' inputs. */
        mut_state = base_seed;
        for (const char *c = hs->name; *c; c++)
            mut_state = (mut_state ^ (uint8_t)*c) * 0x100000001B3ULL;
        if (!mut_state)
            mut_state = 1;
        int count = tu_iters(hs->mutations);
        for (int i = 0; i < count && failures < MAX_FAILURES; i++) {
            size_t len = 0;
            uint8_t *m = mutate(seeds, n, &len);
            snprintf(label, sizeof label, "%s mutation %d (PKC_FUZZ_SEED=%#llx)", hs->name, i,
                     (unsigned long long)base_seed);
            pkc_fuzz_current = label;
            int bad = run_one(hs, m, len);
            CHECK_MSG(!bad, "%s: property broken by %s", hs->name, label);
            failures += bad;
            free(m);
        }
        if (failures >= MAX_FAILURES)
            printf("  %-17s stopped after %d failures\n", hs->name, failures);
        printf("  %-17s %4zu corpus files, %d mutations\n", hs->name, n, count);
        pkc_fuzz_current = "(none)";
        for (size_t i = 0; i < n; i++) {
            free(seeds[i].data);
            free(seeds[i].name);
        }
        free(seeds);
    }
#ifndef PKC_HAVE_OPENSSL
    printf("SKIPPED: the differential harnesses (tests/fuzz/fuzz_diff_*.c): built without "
           "OpenSSL (scripts/deps.sh installs libssl-dev)\n");
    CHECK_MSG(getenv("CI") == NULL, "CI is set: the differential harnesses must run");
#endif
    return tu_finish("test_fuzz_replay");
}
