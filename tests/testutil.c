/* pkc tests — shared helpers (see testutil.h). */
#define _GNU_SOURCE
#include "testutil.h"

#include "pkc/hash.h"

#include <ctype.h>
#include <glob.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

int tu_failures = 0;
int tu_checks = 0;

int tu_check(int ok, const char *expr, const char *file, int line)
{
    tu_checks++;
    if (!ok) {
        tu_failures++;
        if (tu_failures <= 50)
            fprintf(stderr, "%s:%d: check failed: %s\n", file, line, expr);
    }
    return ok;
}

int tu_check_msg(int ok, const char *file, int line, const char *fmt, ...)
{
    tu_checks++;
    if (!ok) {
        tu_failures++;
        if (tu_failures <= 50) {
            va_list ap;
            fprintf(stderr, "%s:%d: check failed: ", file, line);
            va_start(ap, fmt);
            vfprintf(stderr, fmt, ap);
            va_end(ap);
            fputc('\n', stderr);
        }
    }
    return ok;
}

int tu_check_bytes(const uint8_t *a, const uint8_t *b, size_t n, const char *ea,
                   const char *eb, const char *file, int line)
{
    int ok = memcmp(a, b, n) == 0;
    if (!tu_check(ok, "bytes equal", file, line) && tu_failures <= 50) {
        char *ha = malloc(2 * n + 1), *hb = malloc(2 * n + 1);
        if (ha && hb) {
            tu_hex(ha, a, n);
            tu_hex(hb, b, n);
            fprintf(stderr, "  %s = %s\n  %s = %s\n", ea, ha, eb, hb);
        }
        free(ha);
        free(hb);
    }
    return ok;
}

int tu_finish(const char *name)
{
    printf("%s: %d checks, %d failures\n", name, tu_checks, tu_failures);
    if (tu_checks == 0) {
        printf("%s: FAIL (no check ran)\n", name);
        return 1;
    }
    return tu_failures ? 1 : 0;
}

void tu_skip_part(const char *what)
{
    printf("SKIPPED: %s\n", what);
    if (getenv("CI")) {
        printf("  (a failure: CI is set)\n");
        tu_failures++;
    }
}

int tu_sha256_impls(pkc_sha256_impl out[2], const char *what)
{
    int n = 0;
    out[n++] = PKC_SHA256_IMPL_PORTABLE;
    if (pkc_sha256_have_shani())
        out[n++] = PKC_SHA256_IMPL_SHANI;
    else
        printf("note: this CPU has no SHA extensions; %s runs on the portable path only\n", what);
    return n;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

uint8_t *tu_unhex(const char *hex, size_t *len)
{
    size_t n = strlen(hex);
    uint8_t *out = malloc(n / 2 + 1);
    size_t k = 0;
    int hi = -1;
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (isspace((unsigned char)hex[i]))
            continue;
        int v = hexval((unsigned char)hex[i]);
        if (v < 0) {
            free(out);
            return NULL;
        }
        if (hi < 0) {
            hi = v;
        } else {
            out[k++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    if (hi >= 0) {
        free(out);
        return NULL;
    }
    *len = k;
    return out;
}

void tu_hex(char *out, const uint8_t *in, size_t len)
{
    static const char d[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        out[2 * i] = d[in[i] >> 4];
        out[2 * i + 1] = d[in[i] & 15];
    }
    out[2 * len] = 0;
}

const char *tu_vectors_dir(void)
{
    static char dir[4096];
    struct stat st;
    const char *env = getenv("PKC_VECTORS_DIR");
    if (env && *env) {
        if (stat(env, &st) == 0 && S_ISDIR(st.st_mode))
            return env;
        return NULL;
    }
    if (dir[0])
        return dir;
    glob_t g;
    if (glob("/usr/lib/python3/dist-packages/cryptography_vectors", 0, NULL, &g) == 0 ||
        glob("/usr/lib/python3*/*-packages/cryptography_vectors", 0, NULL, &g) == 0 ||
        glob("/usr/local/lib/python3*/*-packages/cryptography_vectors", 0, NULL, &g) == 0) {
        if (g.gl_pathc > 0) {
            snprintf(dir, sizeof dir, "%s", g.gl_pathv[0]);
            globfree(&g);
            return dir;
        }
        globfree(&g);
    }
    return NULL;
}

const char *tu_vector_path(const char *rel)
{
    static char path[8192];
    struct stat st;
    const char *dir = tu_vectors_dir();
    if (!dir) {
        fprintf(stderr, "FAIL: test vectors not found: install python3-cryptography-vectors "
                        "(scripts/deps.sh) or set PKC_VECTORS_DIR\n");
        exit(1);
    }
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    if (stat(path, &st) != 0) {
        fprintf(stderr, "FAIL: vector file missing: %s\n", path);
        exit(1);
    }
    return path;
}

uint8_t *tu_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap + 1);
    while (buf) {
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (n < cap)
            break;
        cap *= 2;
        uint8_t *nb = realloc(buf, cap + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
        }
        buf = nb;
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        if (len)
            *len = n;
    }
    return buf;
}

static uint64_t rs[4];
static int seeded;
static uint64_t the_seed;

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t tu_seed(void)
{
    if (!seeded) {
        const char *env = getenv("PKC_TEST_SEED");
        if (env && *env) {
            the_seed = strtoull(env, NULL, 0);
        } else {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            the_seed = (uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec;
        }
        uint64_t x = the_seed;
        for (int i = 0; i < 4; i++)
            rs[i] = splitmix(&x);
        seeded = 1;
        printf("test seed: PKC_TEST_SEED=%llu\n", (unsigned long long)the_seed);
    }
    return the_seed;
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t tu_rand64(void)
{
    tu_seed();
    uint64_t r = rotl(rs[1] * 5, 7) * 9, t = rs[1] << 17;
    rs[2] ^= rs[0];
    rs[3] ^= rs[1];
    rs[1] ^= rs[2];
    rs[0] ^= rs[3];
    rs[2] ^= t;
    rs[3] = rotl(rs[3], 45);
    return r;
}

void tu_rand_bytes(uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i += 8) {
        uint64_t r = tu_rand64();
        for (size_t j = 0; j < 8 && i + j < len; j++)
            out[i + j] = (uint8_t)(r >> (8 * j));
    }
}

/* a positive integer from the environment, 1 when unset or not positive */
static int env_positive(const char *name)
{
    const char *env = getenv(name);
    int v = env ? atoi(env) : 1;
    return v > 0 ? v : 1;
}

int tu_iters(int base)
{
    /* PKC_TEST_ITERS_DIV: fewer iterations in the slow sanitizer build
     * (make test-asan), never fewer than one */
    long n = (long)base * env_positive("PKC_TEST_ITERS") / env_positive("PKC_TEST_ITERS_DIV");
    return base > 0 && n < 1 ? 1 : (int)n;
}

int tu_sampled(long i)
{
    int d = env_positive("PKC_TEST_ITERS_DIV");
    if (d == 1 || tu_iters(1) > 1)
        return 1;
    return (unsigned long)i % (unsigned long)d == tu_seed() % (uint64_t)d;
}

int tu_kv_open(tu_kv *kv, const char *path)
{
    memset(kv, 0, sizeof *kv);
    kv->f = fopen(path, "r");
    return kv->f ? 0 : -1;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

int tu_kv_next(tu_kv *kv)
{
    while (fgets(kv->line, sizeof kv->line, kv->f)) {
        kv->lineno++;
        char *s = trim(kv->line);
        if (*s == 0 || *s == '#')
            continue;
        kv->is_section = 0;
        kv->value = NULL;
        if (*s == '[') {
            char *e = strrchr(s, ']');
            if (e)
                *e = 0;
            kv->key = trim(s + 1);
            kv->is_section = 1;
            return 1;
        }
        char *eq = strchr(s, '=');
        if (eq) {
            *eq = 0;
            kv->key = trim(s);
            kv->value = trim(eq + 1);
        } else {
            kv->key = s;
            kv->value = NULL;
        }
        return 1;
    }
    return 0;
}

void tu_kv_close(tu_kv *kv)
{
    if (kv->f)
        fclose(kv->f);
    kv->f = NULL;
}

int tu_field_take(void *record, const tu_field *fields, size_t n, const tu_kv *kv)
{
    if (kv->is_section || !kv->value)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(kv->key, fields[i].key) == 0) {
            char **slot = (char **)((char *)record + fields[i].offset);
            free(*slot);
            *slot = strdup(kv->value);
            return 1;
        }
    }
    return 0;
}

void tu_fields_clear(void *record, const tu_field *fields, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char **slot = (char **)((char *)record + fields[i].offset);
        free(*slot);
        *slot = NULL;
    }
}

int tu_kv_open_vector(tu_kv *kv, const char *rel)
{
    const char *path = tu_vector_path(rel);
    return CHECK_MSG(tu_kv_open(kv, path) == 0, "cannot open %s", path);
}

#ifdef PKC_HAVE_OPENSSL
const EVP_MD *tu_evp_md(pkc_hash_alg alg)
{
    switch (alg) {
    case PKC_HASH_SHA1: return EVP_sha1();
    case PKC_HASH_SHA224: return EVP_sha224();
    case PKC_HASH_SHA256: return EVP_sha256();
    case PKC_HASH_SHA384: return EVP_sha384();
    case PKC_HASH_SHA512: return EVP_sha512();
    case PKC_HASH_SHA3_224: return EVP_sha3_224();
    case PKC_HASH_SHA3_256: return EVP_sha3_256();
    case PKC_HASH_SHA3_384: return EVP_sha3_384();
    case PKC_HASH_SHA3_512: return EVP_sha3_512();
    }
    return NULL;
}

int tu_ossl_gcm_encrypt(const uint8_t *k, size_t klen, const uint8_t *iv, size_t ivlen,
                        const uint8_t *a, size_t al, const uint8_t *p, size_t pl, uint8_t *c,
                        uint8_t tag[16])
{
    const EVP_CIPHER *ciph = klen == 16   ? EVP_aes_128_gcm()
                             : klen == 24 ? EVP_aes_192_gcm()
                                          : EVP_aes_256_gcm();
    EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();
    int n = 0, m = 0;
    int ok = e && EVP_EncryptInit_ex(e, ciph, NULL, NULL, NULL) == 1 &&
             EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_SET_IVLEN, (int)ivlen, NULL) == 1 &&
             EVP_EncryptInit_ex(e, NULL, NULL, k, iv) == 1 &&
             (al == 0 || EVP_EncryptUpdate(e, NULL, &n, a, (int)al) == 1) &&
             EVP_EncryptUpdate(e, c, &n, p, (int)pl) == 1 &&
             EVP_EncryptFinal_ex(e, c + n, &m) == 1 && (size_t)(n + m) == pl &&
             EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(e);
    return ok;
}
#endif
