/* pkc command — the helpers every subcommand shares (see util.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "pkc/der.h"
#include "pkc/rng.h"

/* ---- errors ---- */

static const char *command_name;

void cli_set_command(const char *name)
{
    command_name = name;
}

const char *cli_command_name(void)
{
    return command_name ? command_name : "";
}

static void verror(const char *fmt, va_list ap, const char *suffix)
{
    if (command_name)
        fprintf(stderr, "pkc %s: ", command_name);
    else
        fputs("pkc: ", stderr);
    vfprintf(stderr, fmt, ap);
    if (suffix)
        fputs(suffix, stderr);
    fputc('\n', stderr);
}

int cli_error(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(fmt, ap, NULL);
    va_end(ap);
    return code;
}

int cli_usage_error(const char *fmt, ...)
{
    char see[64] = " (see pkc --help)";
    if (command_name)
        snprintf(see, sizeof see, " (see pkc %s --help)", command_name);
    va_list ap;
    va_start(ap, fmt);
    verror(fmt, ap, see);
    va_end(ap);
    return CLI_USAGE;
}

/* ---- options ---- */

/* OpenSSL's common single-dash options: a command that has none of them
 * names the word instead of misreading it as short options. */
static const char *const openssl_options[] = {
    "-algorithm", "-check",   "-decrypt",  "-derive", "-digest",  "-encrypt", "-in",
    "-inform",    "-inkey",   "-keyform",  "-noout",  "-out",     "-outform", "-passin",
    "-passout",   "-peerkey", "-pkeyopt",  "-pubcheck", "-pubin", "-pubout",  "-rand",
    "-sha1",      "-sha224",  "-sha256",   "-sha384", "-sha512",  "-sign",    "-signature",
    "-sigopt",    "-text",    "-verify",   "-engine", "-provider", "-rawin",  "-hexdump",
    NULL};

static int is_openssl_option(const char *word)
{
    for (int i = 0; openssl_options[i]; i++)
        if (strcmp(openssl_options[i], word) == 0)
            return 1;
    return 0;
}

/* The long option named by the first n bytes of name: an exact match, or
 * the only one it is a prefix of (getopt_long accepts abbreviations).
 * *ambiguous is set when several match. */
static const struct option *find_long(const struct option *lo, const char *name, size_t n,
                                      int *ambiguous)
{
    const struct option *found = NULL;
    int count = 0;
    *ambiguous = 0;
    for (; lo && lo->name; lo++) {
        if (strncmp(lo->name, name, n) != 0)
            continue;
        if (lo->name[n] == 0)
            return lo;
        found = lo;
        count++;
    }
    if (count > 1) {
        *ambiguous = 1;
        return NULL;
    }
    return found;
}

/* 0: no such short option; 1: a flag; 2: takes a value. */
static int short_kind(const char *shortopts, char c)
{
    if (c == ':' || c == '+' || c == '-')
        return 0;
    const char *p = strchr(shortopts, c);
    if (!p)
        return 0;
    return p[1] == ':' ? 2 : 1;
}

/* Replacement words ("--WORD") live as long as argv. */
#define MAX_REWRITES 64
static char *rewrites[MAX_REWRITES];
static int nrewrites;

static char *long_spelling(const char *single)
{
    if (nrewrites == MAX_REWRITES)
        return NULL;
    size_t n = strlen(single);
    char *s = malloc(n + 2);
    if (!s)
        return NULL;
    s[0] = '-';
    memcpy(s + 1, single, n + 1);
    rewrites[nrewrites++] = s;
    return s;
}

/* Checks one option word as getopt_long will read it; *skip is set when the
 * next word is its value. Returns 0 or CLI_USAGE. */
static int check_option_word(const char *a, int has_next, const char *shortopts,
                             const struct option *longopts, int *skip)
{
    *skip = 0;
    if (a[1] == '-') {
        const char *name = a + 2, *eq = strchr(name, '=');
        size_t n = eq ? (size_t)(eq - name) : strlen(name);
        int ambiguous;
        const struct option *o = find_long(longopts, name, n, &ambiguous);
        if (ambiguous)
            return cli_usage_error("ambiguous option '--%.*s'", (int)n, name);
        if (!o)
            return cli_usage_error("unknown option '--%.*s'", (int)n, name);
        if (o->has_arg == no_argument && eq)
            return cli_usage_error("option '--%s' takes no value", o->name);
        if (o->has_arg == required_argument && !eq) {
            if (!has_next)
                return cli_usage_error("option '--%s' needs a value", o->name);
            *skip = 1;
        }
        return 0;
    }
    for (const char *p = a + 1; *p; p++) {
        switch (short_kind(shortopts, *p)) {
        case 0:
            if (p == a + 1 && !p[1])
                return cli_usage_error("unknown option '%s'", a);
            return cli_usage_error("unknown option '-%c' (in '%s')", *p, a);
        case 2:
            if (!p[1]) {
                if (!has_next)
                    return cli_usage_error("option '-%c' needs a value", *p);
                *skip = 1;
            }
            return 0;
        default: break;
        }
    }
    return 0;
}

int cli_options_prepare(int *argc, char **argv, const char *shortopts,
                        const struct option *longopts, const cli_spelling *spellings)
{
    int i = 1;
    while (i < *argc) {
        char *a = argv[i];
        if (strcmp(a, "--") == 0)
            break;
        if (a[0] != '-' || a[1] == 0) {
            i++;
            continue;
        }
        if (a[1] != '-' && a[2] != 0) {
            /* "-WORD": OpenSSL's spelling of a long option, or short options */
            const cli_spelling *sp = spellings;
            while (sp && sp->single && strcmp(sp->single, a) != 0)
                sp++;
            size_t n = strcspn(a + 1, "=");
            const struct option *lo = NULL;
            for (lo = longopts; lo && lo->name; lo++)
                if (strncmp(lo->name, a + 1, n) == 0 && lo->name[n] == 0)
                    break;
            if (sp && sp->single) {
                if (!sp->pkc)
                    return cli_usage_error("'%s' is not an option of pkc %s: %s", a,
                                           cli_command_name(), sp->hint);
                if (!*sp->pkc) {
                    memmove(argv + i, argv + i + 1, (size_t)(*argc - i) * sizeof *argv);
                    (*argc)--;
                    continue;
                }
                argv[i] = a = (char *)sp->pkc;
            } else if (lo && lo->name && n >= 2) {
                if (!(argv[i] = a = long_spelling(a)))
                    return cli_usage_error("too many single-dash options");
            } else if (is_openssl_option(a)) {
                return cli_usage_error("'%s' is an OpenSSL option that pkc %s does not have", a,
                                       cli_command_name());
            }
        }
        int skip;
        if (check_option_word(a, i + 1 < *argc, shortopts, longopts, &skip))
            return CLI_USAGE;
        i += 1 + skip;
    }
    return 0;
}

int cli_option_error(int c, char **argv)
{
    /* cli_options_prepare has reported every mistake it can see; this is what
     * getopt_long still finds. */
    if (c == ':')
        return optopt > 0 && optopt < 128 ? cli_usage_error("option '-%c' needs a value", optopt)
                                          : cli_usage_error("option '%s' needs a value",
                                                            argv[optind - 1]);
    if (optopt > 0 && optopt < 128)
        return cli_usage_error("unknown option '-%c'", optopt);
    return cli_usage_error("unknown option '%s'", argv[optind - 1]);
}

int cli_unexpected_argument(const char *arg)
{
    return cli_usage_error("unexpected argument '%s'", arg);
}

int cli_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    for (const char *p = s; *p; p++)
        if (*p < '0' || *p > '9')
            return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int cli_hex_decode(const char *hex, size_t hexlen, uint8_t *out)
{
    for (size_t i = 0; i + 1 < hexlen; i += 2) {
        int hi = hex_digit(hex[i]), lo = hex_digit(hex[i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

int cli_parse_hex_arg(const char *what, const char *hex, uint8_t **out, size_t *len)
{
    size_t n = strlen(hex);
    *out = NULL;
    *len = 0;
    if (n % 2)
        return cli_usage_error("%s: an odd number of hex digits (%zu)", what, n);
    uint8_t *b = malloc(n / 2 + 1);
    if (!b)
        return cli_error(CLI_USAGE, "out of memory");
    if (cli_hex_decode(hex, n, b) != 0) {
        pkc_secure_free(b, n / 2 + 1);
        return cli_usage_error("%s: not hexadecimal", what);
    }
    *out = b;
    *len = n / 2;
    return 0;
}

int cli_parse_hex(const char *what, const char *s, size_t max, uint8_t **out, size_t *len)
{
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2; /* 0x... as OpenSSL's -pkeyopt hex values are often written */
    if (strlen(s) / 2 > max)
        return cli_usage_error("%s: longer than %zu bytes", what, max);
    return cli_parse_hex_arg(what, s, out, len);
}

int cli_parse_digest(const char *name, int allow_sha1, pkc_hash_alg *alg)
{
    pkc_err e = pkc_hash_from_name(name, alg);
    /* SHA3-*: sign, verify and encrypt stay on SHA-2 (RSA PKCS#1 v1.5 has
     * no SHA-3 DigestInfo here); only pkc hash takes it. */
    if (e == PKC_OK && *alg >= PKC_HASH_SHA3_224 && *alg <= PKC_HASH_SHA3_512)
        e = PKC_ERR_UNSUPPORTED;
    if (e == PKC_ERR_UNSUPPORTED)
        return cli_usage_error("digest '%s': SHA-3 is only for pkc hash; here use %ssha224, "
                               "sha256, sha384 or sha512",
                               name, allow_sha1 ? "sha1, " : "");
    if (e != PKC_OK || (*alg == PKC_HASH_SHA1 && !allow_sha1))
        return cli_usage_error("unknown digest '%s' (%ssha224, sha256, sha384, sha512)", name,
                               allow_sha1 ? "sha1, " : "");
    return 0;
}

/* ---- inputs ---- */

int cli_is_stdin(const char *path)
{
    return !path || strcmp(path, "-") == 0;
}

const char *cli_input_name(const char *path)
{
    return cli_is_stdin(path) ? "standard input" : path;
}

int cli_check_stdin(int n, const char *const *paths, const char *const *names)
{
    int first = -1;
    for (int i = 0; i < n; i++) {
        if (!cli_is_stdin(paths[i]))
            continue;
        if (first >= 0)
            return cli_usage_error("the %s and the %s cannot both be standard input", names[first],
                                   names[i]);
        first = i;
    }
    return 0;
}

int cli_read_file(const char *path, size_t max, uint8_t **data, size_t *len)
{
    int fd = 0;
    if (!cli_is_stdin(path)) {
        fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0)
            return errno;
    }
    if (max > SIZE_MAX - 2)
        max = SIZE_MAX - 2;
    /* A regular file's size is known: one buffer, one byte more to see the
     * end. Otherwise (pipes, devices) start small and grow. */
    size_t cap = 4096;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (uint64_t)st.st_size < (uint64_t)max)
        cap = (size_t)st.st_size + 1;
    if (cap > max + 1)
        cap = max + 1;
    size_t n = 0;
    int err = 0;
    uint8_t *buf = malloc(cap + 1);
    if (!buf)
        err = ENOMEM;
    while (!err) {
        if (n == cap) {
            if (n > max) {
                err = EFBIG;
                break;
            }
            /* never realloc: the old copy would stay in freed memory */
            size_t ncap = cap > (max + 1) / 2 ? max + 1 : 2 * cap;
            uint8_t *nb = malloc(ncap + 1);
            if (!nb) {
                err = ENOMEM;
                break;
            }
            memcpy(nb, buf, n);
            pkc_secure_free(buf, cap + 1);
            buf = nb;
            cap = ncap;
        }
        ssize_t r = read(fd, buf + n, cap - n);
        if (r < 0) {
            if (errno != EINTR)
                err = errno;
            continue;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    if (fd != 0)
        close(fd);
    if (!err && n > max)
        err = EFBIG;
    if (err) {
        if (buf)
            pkc_secure_free(buf, cap + 1);
        return err;
    }
    buf[n] = 0;
    *data = buf;
    *len = n;
    return 0;
}

int cli_read_input(const char *what, const char *path, size_t max, const char *limit_text,
                   uint8_t **data, size_t *len)
{
    int err = cli_read_file(path, max, data, len);
    if (err == EFBIG)
        return cli_error(CLI_USAGE, "%s %s is larger than %s", what, cli_input_name(path),
                         limit_text);
    if (err)
        return cli_error(CLI_USAGE, "cannot read %s %s: %s", what, cli_input_name(path),
                         strerror(err));
    return 0;
}

static const char *key_error(pkc_err err)
{
    switch (err) {
    case PKC_ERR_UNSUPPORTED:
        return "unsupported key type (pkc reads RSA keys, and EC keys on the named curves of "
               "pkc curves)";
    case PKC_ERR_DECODE: return "not a key pkc can read (malformed or unknown PEM/DER)";
    case PKC_ERR_KEY: return "invalid key (inconsistent values)";
    /* on the binary curves (cofactor 2 or 4) also a point outside the
     * subgroup of order n: the library does not say which */
    case PKC_ERR_POINT:
        return "invalid key (the point is not on the curve, or not in its subgroup of prime "
               "order)";
    case PKC_ERR_DECRYPT: return "wrong password (or a damaged encrypted key)";
    default: return pkc_strerror(err);
    }
}

/* --passin: the password of encrypted private keys (NULL: none given) */
static const char *passin_spec;

void cli_set_passin(const char *spec)
{
    passin_spec = spec;
}

int cli_password_read(const char *spec, uint8_t **pw, size_t *len)
{
    *pw = NULL;
    *len = 0;
    uint8_t *data = NULL;
    size_t n = 0;
    if (strncmp(spec, "pass:", 5) == 0) {
        n = strlen(spec + 5);
        data = malloc(n + 1);
        if (data)
            memcpy(data, spec + 5, n + 1);
    } else if (strncmp(spec, "env:", 4) == 0) {
        const char *v = getenv(spec + 4);
        if (!v)
            return cli_error(CLI_USAGE, "password: the environment variable %s is not set",
                             spec + 4);
        n = strlen(v);
        data = malloc(n + 1);
        if (data)
            memcpy(data, v, n + 1);
    } else if (strncmp(spec, "file:", 5) == 0 || strcmp(spec, "stdin") == 0) {
        const char *path = spec[0] == 'f' ? spec + 5 : NULL;
        int e = cli_read_file(path, 4096, &data, &n);
        if (e)
            return cli_error(CLI_USAGE, "password: cannot read %s: %s", cli_input_name(path),
                             e == EFBIG ? "longer than 4 KiB" : strerror(e));
        /* the first line, as OpenSSL takes it */
        size_t line = 0;
        while (line < n && data[line] != '\n' && data[line] != '\r')
            line++;
        pkc_memzero(data + line, n - line);
        n = line;
    } else {
        return cli_usage_error("password '%s': say pass:TEXT, env:VAR, file:PATH or stdin", spec);
    }
    if (!data)
        return cli_error(CLI_USAGE, "out of memory");
    *pw = data;
    *len = n;
    return 0;
}

/* Why a key file was refused, with what pkc_key_parse_info found. */
static int key_refused(const char *name, pkc_err err, const pkc_key_info *info, int have_pw)
{
    if (info->encryption && strcmp(info->encryption, "PBES2") == 0 && err == PKC_ERR_UNSUPPORTED &&
        !have_pw)
        return cli_error(CLI_USAGE,
                         "%s: an encrypted PKCS#8 key: give its password with --passin "
                         "pass:TEXT|env:VAR|file:PATH|stdin",
                         name);
    if (info->encryption && err == PKC_ERR_UNSUPPORTED)
        return cli_error(CLI_USAGE,
                         "%s: encrypted with %s, which pkc does not read (it reads PBES2 with "
                         "PBKDF2 and AES-CBC; `openssl pkcs8 -topk8 -v2 aes-256-cbc` converts)",
                         name, info->encryption);
    if (err == PKC_ERR_UNSUPPORTED && info->algorithm && strcmp(info->algorithm, "RSA") != 0 &&
        strcmp(info->algorithm, "EC") != 0)
        return cli_error(CLI_USAGE, "%s: a%s %s key, which pkc does not implement (it reads RSA "
                                    "and EC keys)",
                         name, strchr("AEIOU", info->algorithm[0]) ? "n" : "", info->algorithm);
    if (err == PKC_ERR_UNSUPPORTED && info->algorithm && strcmp(info->algorithm, "EC") == 0)
        return cli_error(CLI_USAGE,
                         "%s: an EC key on a curve pkc does not have (named curves only: see "
                         "pkc curves)",
                         name);
    return cli_error(CLI_USAGE, "%s: %s", name, key_error(err));
}

int cli_load_key(const char *path, int allow_weak, pkc_key **key)
{
    const char *name = cli_input_name(path);
    uint8_t *data = NULL, *pw = NULL;
    size_t len = 0, pwlen = 0;
    int err = cli_read_file(path, CLI_KEY_FILE_MAX, &data, &len);
    if (err == EFBIG)
        return cli_error(CLI_USAGE, "%s: larger than " CLI_KEY_FILE_MAX_TEXT
                                    ", not a key file (key files are limited to " CLI_KEY_FILE_MAX_TEXT
                                    ")",
                         name);
    if (err)
        return cli_error(CLI_USAGE, "cannot read key %s: %s", name, strerror(err));
    if (passin_spec && cli_password_read(passin_spec, &pw, &pwlen)) {
        pkc_secure_free(data, len + 1);
        return CLI_USAGE;
    }
    pkc_key_info info;
    /* without --passin an encrypted key is refused, not tried with "" */
    pkc_err perr = passin_spec ? pkc_key_parse_password(data, len, pw, pwlen, key, &info)
                               : pkc_key_parse_info(data, len, key, &info);
    pkc_secure_free(data, len + 1);
    if (pw)
        pkc_secure_free(pw, pwlen + 1);
    if (perr)
        return key_refused(name, perr, &info, passin_spec != NULL);
    /* Below 1024 bits an RSA key can be factored with public means; only the
     * benchmark's small-size cases, which never read key files, go lower. */
    unsigned bits = pkc_key_bits(*key);
    if (!allow_weak && pkc_key_get_type(*key) == PKC_KEY_RSA && bits < 1024) {
        pkc_key_free(*key);
        *key = NULL;
        return cli_error(CLI_USAGE,
                         "%s: a %u-bit RSA key is too weak to use (below 1024 bits; "
                         "--allow-weak to use it anyway)",
                         name, bits);
    }
    return 0;
}

/* Feeds all of path (stdin for NULL or "-") to update in fixed-size chunks.
 * Returns 0 or an errno value. */
static int read_chunks(const char *path, void (*update)(void *, const void *, size_t), void *ctx)
{
    static uint8_t buf[1 << 17];
    int fd = 0, err = 0;
    if (!cli_is_stdin(path)) {
        fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0)
            return errno;
    }
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            err = errno;
            break;
        }
        if (r == 0)
            break;
        update(ctx, buf, (size_t)r);
    }
    if (fd != 0)
        close(fd);
    return err;
}

static void hash_update_cb(void *ctx, const void *data, size_t len)
{
    pkc_hash_update(ctx, data, len);
}

static void sha3_update_cb(void *ctx, const void *data, size_t len)
{
    pkc_sha3_update(ctx, data, len);
}

int cli_hash_file(const char *path, pkc_hash_alg alg, uint8_t *digest)
{
    pkc_hash_ctx ctx;
    pkc_hash_init(&ctx, alg);
    int err = read_chunks(path, hash_update_cb, &ctx);
    pkc_hash_final(&ctx, digest);
    return err;
}

int cli_shake_file(const char *path, int bits, uint8_t *out, size_t outlen)
{
    pkc_sha3_ctx ctx;
    if (bits == 128)
        pkc_shake128_init(&ctx);
    else
        pkc_shake256_init(&ctx);
    int err = read_chunks(path, sha3_update_cb, &ctx);
    pkc_shake_squeeze(&ctx, out, outlen);
    pkc_sha3_wipe(&ctx);
    return err;
}

int cli_rng_init(pkc_rng *rng)
{
    if (pkc_rng_init_random(rng, PKC_HASH_SHA256) != PKC_OK)
        return cli_error(CLI_USAGE, "the random source failed");
    return 0;
}

/* ---- outputs ---- */

/* Temporary files to remove if a signal ends the command. The handler only
 * reads these (unlink is async-signal-safe); they change with the signals
 * blocked. */
#define TEMP_SLOTS 4
static char temp_paths[TEMP_SLOTS][PATH_MAX];
static volatile sig_atomic_t temp_used[TEMP_SLOTS];
static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void remove_temps_and_die(int sig)
{
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (temp_used[i])
            unlink(temp_paths[i]);
    /* die of the same signal, as the caller expects */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void block_signals(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++)
        sigaddset(&set, cleanup_signals[i]);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void install_cleanup(void)
{
    static int installed;
    if (installed)
        return;
    installed = 1;
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++) {
        struct sigaction old, sa;
        /* a signal ignored by whoever started us (nohup, `cmd &`) stays ignored */
        if (sigaction(cleanup_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = remove_temps_and_die;
        sigemptyset(&sa.sa_mask);
        sigaction(cleanup_signals[i], &sa, NULL);
    }
}

/* Creates the temporary file for target in its directory, registered for
 * removal on a signal. Returns the fd or -1 with errno set. */
static int create_temp(cli_out *o)
{
    // NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker): set when resolve_links returns 0
    const char *slash = strrchr(o->target, '/');
    size_t dirlen = slash ? (size_t)(slash - o->target) + 1 : 0;
    /* a short fixed name: the target's own name may already be NAME_MAX long */
    static const char pattern[] = ".pkc-tmp-XXXXXX";
    if (dirlen + sizeof pattern > PATH_MAX) {
        errno = ENAMETOOLONG;
        return -1;
    }
    o->tmp = malloc(dirlen + sizeof pattern);
    if (!o->tmp) {
        errno = ENOMEM;
        return -1;
    }
    memcpy(o->tmp, o->target, dirlen);
    memcpy(o->tmp + dirlen, pattern, sizeof pattern);
    install_cleanup();
    sigset_t old;
    block_signals(&old);
    int slot = -1;
    for (int i = 0; i < TEMP_SLOTS && slot < 0; i++)
        if (!temp_used[i])
            slot = i;
    int fd = -1, err = EMFILE;
    if (slot >= 0) {
        fd = mkostemp(o->tmp, O_CLOEXEC);
        err = errno;
        if (fd >= 0) {
            memcpy(temp_paths[slot], o->tmp, dirlen + sizeof pattern);
            temp_used[slot] = 1;
            o->slot = slot;
        }
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd < 0) {
        free(o->tmp);
        o->tmp = NULL;
        errno = err;
    }
    return fd;
}

/* Ends the temporary file's life: renamed over the target (commit) or
 * removed, and taken off the signal cleanup list in the same moment, so a
 * signal sees either the temporary file or none. Returns 0 or an errno
 * value (the temporary file is then removed). */
static int finish_temp(cli_out *o, int commit)
{
    int err = 0;
    sigset_t old;
    block_signals(&old);
    if (commit && rename(o->tmp, o->target) != 0)
        err = errno;
    if (!commit || err)
        unlink(o->tmp);
    if (o->slot >= 0)
        temp_used[o->slot] = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
    o->slot = -1;
    free(o->tmp);
    o->tmp = NULL;
    return err;
}

/* The file a rename must replace: path, or the end of its chain of symbolic
 * links, followed by hand so that a dangling link is followed too (the file
 * is then created where it points). Returns 0 or an errno value. */
static int resolve_links(const char *path, char **out)
{
    char *cur = strdup(path);
    char link[PATH_MAX];
    for (int hops = 0; cur && hops < 40; hops++) {
        struct stat st;
        int missing = lstat(cur, &st) != 0;
        if (missing && errno != ENOENT) {
            int e = errno;
            free(cur);
            return e;
        }
        if (missing || !S_ISLNK(st.st_mode)) {
            *out = cur;
            return 0;
        }
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n < 0) {
            int e = errno;
            free(cur);
            return e;
        }
        link[n] = 0;
        char *next;
        const char *slash = strrchr(cur, '/');
        if (link[0] == '/' || !slash) {
            next = strdup(link);
        } else {
            size_t dirlen = (size_t)(slash - cur) + 1;
            next = malloc(dirlen + (size_t)n + 1);
            if (next) {
                memcpy(next, cur, dirlen);
                memcpy(next + dirlen, link, (size_t)n + 1);
            }
        }
        free(cur);
        cur = next;
    }
    if (!cur)
        return ENOMEM;
    free(cur);
    return ELOOP;
}

static int same_file(const struct stat *st, int fd)
{
    struct stat fst;
    return fstat(fd, &fst) == 0 && fst.st_dev == st->st_dev && fst.st_ino == st->st_ino;
}

static mode_t new_file_mode(unsigned flags)
{
    if (flags & CLI_OUT_SECRET)
        return 0600;
    mode_t um = umask(0);
    umask(um);
    return 0666 & ~um;
}

int cli_out_open(cli_out *o, const char *path, unsigned flags)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    o->slot = -1;
    if (cli_is_stdin(path)) {
        fflush(stdout);
        o->fd = 1;
        o->direct = 1;
        return 0;
    }
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (!exists && errno != ENOENT)
        return errno;
    if (exists) {
        /* /dev/stdout, /proc/self/fd/1, or the very file stdout goes to:
         * our own descriptor, with its position and O_APPEND */
        for (int fd = 1; fd <= 2; fd++) {
            if (same_file(&st, fd)) {
                fflush(fd == 1 ? stdout : stderr);
                o->fd = fd;
                o->direct = 1;
                return 0;
            }
        }
        if (S_ISDIR(st.st_mode))
            return EISDIR;
    }
    if ((exists && !S_ISREG(st.st_mode)) || (flags & CLI_OUT_STREAM)) {
        /* a device, a FIFO or a stream: write to it, never replace it */
        int oflags = O_WRONLY | O_NOCTTY | O_CLOEXEC;
        if (!exists || S_ISREG(st.st_mode))
            oflags |= O_CREAT | O_TRUNC;
        o->fd = open(path, oflags, new_file_mode(flags));
        if (o->fd < 0)
            return errno;
        o->direct = 1;
        o->own_fd = 1;
        return 0;
    }
    int err = resolve_links(path, &o->target);
    if (err)
        return err;
    o->fd = create_temp(o);
    if (o->fd < 0) {
        err = errno;
        free(o->target);
        o->target = NULL;
        return err;
    }
    o->own_fd = 1;
    mode_t mode = new_file_mode(flags);
    if (exists) {
        /* the file keeps its owner (where we may set it) and its mode; a
         * secret drops the group and other bits */
        if (st.st_uid != geteuid() || st.st_gid != getegid())
            (void)!fchown(o->fd, st.st_uid, st.st_gid);
        mode = st.st_mode & 07777;
        if (flags & CLI_OUT_SECRET)
            mode &= 0700;
    }
    if (fchmod(o->fd, mode) != 0) {
        err = errno;
        cli_out_abort(o);
        return err;
    }
    return 0;
}

int cli_out_write(cli_out *o, const void *data, size_t len)
{
    const uint8_t *p = data;
    while (len) {
        ssize_t w = write(o->fd, p, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

int cli_out_commit(cli_out *o)
{
    int err = 0;
    if (o->own_fd) {
        if (o->tmp && fsync(o->fd) != 0)
            err = errno;
        if (close(o->fd) != 0 && !err)
            err = errno;
        o->fd = -1;
    }
    if (o->tmp) {
        int rename_err = finish_temp(o, !err);
        if (!err)
            err = rename_err;
    }
    free(o->target);
    o->target = NULL;
    return err;
}

void cli_out_abort(cli_out *o)
{
    if (o->own_fd && o->fd >= 0)
        close(o->fd);
    o->fd = -1;
    if (o->tmp)
        finish_temp(o, 0);
    free(o->target);
    o->target = NULL;
}

int cli_write_all(const char *path, const void *data, size_t len, unsigned flags)
{
    cli_out o;
    int err = cli_out_open(&o, path, flags);
    if (!err) {
        err = cli_out_write(&o, data, len);
        if (err)
            cli_out_abort(&o);
        else
            err = cli_out_commit(&o);
    }
    errno = err;
    return err ? -1 : 0;
}

int cli_write_output(const char *path, const void *data, size_t len, unsigned flags)
{
    if (cli_write_all(path, data, len, flags) != 0)
        return cli_error(CLI_USAGE, "cannot write %s: %s",
                         cli_is_stdin(path) ? "standard output" : path, strerror(errno));
    return 0;
}
