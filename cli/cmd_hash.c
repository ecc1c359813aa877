/* pkc hash — SHA-2 and SHA-3 digests and SHAKE outputs of files, printed
 * exactly as sha256sum and its siblings (GNU coreutils) print them, and
 * checked from such lists (-c). */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "pkc/hash.h"

static void usage_hash(FILE *out)
{
    fprintf(out,
            "usage: pkc hash [-d DIGEST] [--length N] [FILE...]\n"
            "       pkc hash -c [--quiet|--status] [--strict] [-w] [--ignore-missing]\n"
            "                [LIST...]\n"
            "\n"
            "Prints the digest of each FILE as a line \"HEX  NAME\", exactly like\n"
            "sha256sum and its siblings (sha3-256sum, `sha3sum -a 256` for SHA-3). With\n"
            "no FILE, or when FILE is -, reads standard input (shown as -). Files are\n"
            "read in chunks, so any size works.\n"
            "\n"
            "With -c, reads lists of such lines (sha256sum's output, \"HEX *NAME\" for\n"
            "binary mode, or the BSD form \"SHA256 (NAME) = HEX\" of sha256sum --tag) and\n"
            "checks every file listed, printing \"NAME: OK\" or \"NAME: FAILED\". Without\n"
            "-d the digest of each line follows from its tag, or from its length (56, 64,\n"
            "96 or 128 hex digits: SHA-2; SHA-3 lists need -d or tags such as\n"
            "\"SHA3-256 (NAME) = HEX\"). Lines starting with # are ignored. SHAKE is not\n"
            "checked.\n"
            "\n"
            "Options:\n"
            "  -d, --digest DIGEST  sha224, sha256 (default), sha384, sha512 (SHA-2),\n"
            "                       sha3-224, sha3-256, sha3-384, sha3-512 (SHA-3) or\n"
            "                       shake128, shake256 (extendable output; FIPS 202)\n"
            "                       (-a/--algorithm, -sha384 and -sha3-256 work too)\n"
            "      --length N       SHAKE: N bytes of output, 1 to 1048576 (default 32\n"
            "                       for shake128, 64 for shake256; -xoflen works too)\n"
            "  -c, --check          check the lists instead of hashing the files\n"
            "      --quiet          -c: print nothing for files that are OK\n"
            "      --status         -c: print nothing at all; the exit status says it\n"
            "      --strict         -c: an improperly formatted line is an error (exit 2)\n"
            "  -w, --warn           -c: name each improperly formatted line\n"
            "      --ignore-missing -c: say nothing of listed files that do not exist\n"
            "  -h, --help           this help\n"
            "\n"
            "A name containing a backslash, newline or carriage return is printed\n"
            "escaped (\\\\, \\n, \\r) with the line prefixed by a backslash, as coreutils does.\n"
            "An unreadable file gives \"pkc hash: NAME: reason\" on stderr; the other files\n"
            "are still hashed and the exit status is 2.\n"
            "\n"
            "Exit status with -c: 0 every file listed matched; 1 a digest did not match;\n"
            "2 a file could not be read, a list had no properly formatted line, or bad\n"
            "usage.\n"
            "\n"
            "Examples:\n"
            "  pkc hash file.bin\n"
            "  pkc hash -d sha512 a.txt b.txt\n"
            "  printf abc | pkc hash -d sha384\n"
            "  pkc hash -d sha3-256 file.bin\n"
            "  pkc hash -d shake256 --length 32 file.bin\n"
            "  pkc hash *.iso > SHA256SUMS && pkc hash -c SHA256SUMS\n");
}

/* The name as coreutils' sha256sum writes it: if it holds '\\', '\n' or
 * '\r', those characters escaped (the caller has written the line's leading
 * backslash). */
static void print_name(const char *name, int escape)
{
    if (!escape) {
        fputs(name, stdout);
        return;
    }
    for (const char *p = name; *p; p++) {
        if (*p == '\\')
            fputs("\\\\", stdout);
        else if (*p == '\n')
            fputs("\\n", stdout);
        else if (*p == '\r')
            fputs("\\r", stdout);
        else
            putchar(*p);
    }
}

static int needs_escape(const char *name)
{
    return strpbrk(name, "\\\n\r") != NULL;
}

static void print_line(const uint8_t *digest, size_t n, const char *name)
{
    static const char hexd[] = "0123456789abcdef";
    int escape = needs_escape(name);
    if (escape)
        putchar('\\');
    for (size_t i = 0; i < n; i++) {
        putchar(hexd[digest[i] >> 4]);
        putchar(hexd[digest[i] & 15]);
    }
    fputs("  ", stdout);
    print_name(name, escape);
    putchar('\n');
}

/* ---- -c: checking lists ---- */

typedef struct {
    int quiet, status, strict, warn, ignore_missing;
    int alg_given;
    pkc_hash_alg alg;
} check_opts;

typedef struct {
    unsigned long proper, improper, unreadable, mismatched, verified;
} check_counts;

/* The digests a list line's length stands for (SHA-2: SHA-3 has the same
 * lengths, so it needs -d or a tag), and the tags of the BSD form. */
static const pkc_hash_alg check_algs[] = {PKC_HASH_SHA224, PKC_HASH_SHA256, PKC_HASH_SHA384,
                                          PKC_HASH_SHA512};
static const pkc_hash_alg tag_algs[] = {PKC_HASH_SHA224,   PKC_HASH_SHA256,   PKC_HASH_SHA384,
                                        PKC_HASH_SHA512,   PKC_HASH_SHA3_224, PKC_HASH_SHA3_256,
                                        PKC_HASH_SHA3_384, PKC_HASH_SHA3_512};

/* Undoes the escaping of print_name in place; -1 for an unknown escape. */
static int unescape(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (*r != '\\') {
            *w++ = *r;
            continue;
        }
        r++;
        if (*r == '\\')
            *w++ = '\\';
        else if (*r == 'n')
            *w++ = '\n';
        else if (*r == 'r')
            *w++ = '\r';
        else
            return -1;
    }
    *w = 0;
    return 0;
}

/* Reads one list line (no newline): "HEX  NAME", "HEX *NAME" or the BSD form
 * "ALG (NAME) = HEX", each maybe escaped (a leading backslash). Returns 0
 * with *alg, want (the digest) and *name (inside line) set, or -1 for an
 * improperly formatted line. */
static int parse_check_line(char *line, const check_opts *o, pkc_hash_alg *alg, uint8_t *want,
                            char **name)
{
    int escaped = line[0] == '\\';
    char *p = line + escaped, *hex = NULL;
    size_t hexlen = 0;
    int tagged = 0;
    for (size_t i = 0; i < sizeof tag_algs / sizeof tag_algs[0]; i++) {
        const char *tag = pkc_hash_name(tag_algs[i]); /* "sha256", "sha3-256" */
        size_t tl = strlen(tag);
        if (strncasecmp(p, tag, tl) != 0 || strncmp(p + tl, " (", 2) != 0)
            continue;
        char *end = NULL;
        for (char *q = strstr(p + tl + 2, ") = "); q; q = strstr(q + 1, ") = "))
            end = q;
        if (!end)
            return -1;
        *end = 0;
        *name = p + tl + 2;
        hex = end + 4;
        hexlen = strlen(hex);
        *alg = tag_algs[i];
        tagged = 1;
        if (o->alg_given && *alg != o->alg)
            return -1;
        break;
    }
    if (!tagged) {
        hexlen = strspn(p, "0123456789abcdefABCDEF");
        if (hexlen == 0 || p[hexlen] != ' ' || (p[hexlen + 1] != ' ' && p[hexlen + 1] != '*'))
            return -1;
        hex = p;
        *name = p + hexlen + 2;
        if (o->alg_given) {
            *alg = o->alg;
        } else {
            size_t i = 0, n = sizeof check_algs / sizeof check_algs[0];
            while (i < n && 2 * pkc_hash_size(check_algs[i]) != hexlen)
                i++;
            if (i == n)
                return -1;
            *alg = check_algs[i];
        }
    }
    if (hexlen != 2 * pkc_hash_size(*alg) || cli_hex_decode(hex, hexlen, want) != 0 || !**name)
        return -1;
    if (escaped && unescape(*name) != 0)
        return -1;
    return 0;
}

/* "NAME: RESULT" as sha256sum -c (coreutils 9) writes it: escaped only for
 * a newline in the name, which would break the line. */
static void print_result(const char *name, const char *result)
{
    int escape = strchr(name, '\n') != NULL;
    if (escape)
        putchar('\\');
    print_name(name, escape);
    printf(": %s\n", result);
}

/* Checks the files one list names. */
static void check_list(const char *list, FILE *f, const check_opts *o, check_counts *cnt)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned long lineno = 0;
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = 0;
        if (len > 0 && line[len - 1] == '\r')
            line[--len] = 0;
        if (len == 0 || line[0] == '#')
            continue;
        pkc_hash_alg alg;
        uint8_t want[PKC_HASH_MAX_SIZE], got[PKC_HASH_MAX_SIZE];
        char *name;
        if ((size_t)len != strlen(line) || parse_check_line(line, o, &alg, want, &name) != 0) {
            cnt->improper++;
            if (o->warn) {
                fflush(stdout);
                cli_error(0, "%s: %lu: improperly formatted checksum line",
                          cli_input_name(list), lineno);
            }
            continue;
        }
        cnt->proper++;
        int err = cli_is_stdin(name) && cli_is_stdin(list) ? EINVAL
                                                          : cli_hash_file(name, alg, got);
        if (err == ENOENT && o->ignore_missing)
            continue;
        if (err) {
            cnt->unreadable++;
            fflush(stdout);
            cli_error(0, "%s: %s", name,
                      err == EINVAL ? "standard input is the list itself" : strerror(err));
            if (!o->status)
                print_result(name, "FAILED open or read");
            continue;
        }
        cnt->verified++;
        int match = memcmp(want, got, pkc_hash_size(alg)) == 0;
        if (!match)
            cnt->mismatched++;
        if (!o->status && !(match && o->quiet))
            print_result(name, match ? "OK" : "FAILED");
    }
    free(line);
}

static void warn_count(unsigned long n, const char *one, const char *many)
{
    if (n) {
        fflush(stdout);
        cli_error(0, "WARNING: %lu %s", n, n == 1 ? one : many);
    }
}

static int check_lists(char **lists, int nlists, const check_opts *o)
{
    int status = CLI_OK;
    for (int i = 0; i < nlists; i++) {
        const char *list = lists[i];
        FILE *f = cli_is_stdin(list) ? stdin : fopen(list, "r");
        if (!f) {
            fflush(stdout);
            cli_error(0, "%s: %s", list, strerror(errno));
            status = CLI_USAGE;
            continue;
        }
        check_counts cnt = {0, 0, 0, 0, 0};
        check_list(list, f, o, &cnt);
        int read_error = ferror(f);
        if (f != stdin)
            fclose(f);
        if (read_error) {
            fflush(stdout);
            cli_error(0, "%s: read error", cli_input_name(list));
            status = CLI_USAGE;
            continue;
        }
        if (cnt.proper == 0) {
            fflush(stdout);
            cli_error(0, "%s: no properly formatted checksum lines found", cli_input_name(list));
            status = CLI_USAGE;
            continue;
        }
        if (!o->status) {
            warn_count(cnt.improper, "line is improperly formatted",
                       "lines are improperly formatted");
            warn_count(cnt.unreadable, "listed file could not be read",
                       "listed files could not be read");
            warn_count(cnt.mismatched, "computed checksum did NOT match",
                       "computed checksums did NOT match");
        }
        if (o->ignore_missing && cnt.verified == 0 && cnt.unreadable == 0) {
            fflush(stdout);
            cli_error(0, "%s: no file was verified", cli_input_name(list));
            status = CLI_USAGE;
        }
        if (cnt.unreadable || (o->strict && cnt.improper))
            status = CLI_USAGE;
        else if (cnt.mismatched && status == CLI_OK)
            status = CLI_NEGATIVE;
    }
    return status;
}

/* ---- the command ---- */

enum { OPT_QUIET = 256, OPT_STATUS, OPT_STRICT, OPT_IGNORE_MISSING, OPT_LENGTH };

#define SHAKE_MAX_LENGTH ((size_t)1 << 20)

/* -d: a SHA-2 or SHA-3 digest into *alg, or SHAKE128/256 (*shake = 128 or
 * 256; 0 for a fixed-length digest). SHA-1 is in the library only for OAEP
 * interoperability: refused. Returns 0, or CLI_USAGE after the error line. */
static int parse_hash_digest(const char *name, pkc_hash_alg *alg, int *shake)
{
    *shake = 0;
    if (strcasecmp(name, "shake128") == 0 || strcasecmp(name, "shake-128") == 0) {
        *shake = 128;
        return 0;
    }
    if (strcasecmp(name, "shake256") == 0 || strcasecmp(name, "shake-256") == 0) {
        *shake = 256;
        return 0;
    }
    if (pkc_hash_from_name(name, alg) != PKC_OK || *alg == PKC_HASH_SHA1)
        return cli_usage_error("unknown digest '%s' (sha224, sha256, sha384, sha512, sha3-224, "
                               "sha3-256, sha3-384, sha3-512, shake128, shake256)",
                               name);
    return 0;
}

static int cmd_hash(int argc, char **argv)
{
    static const char shortopts[] = ":a:d:cw";
    static const struct option opts[] = {
        {"digest", required_argument, NULL, 'd'},
        {"algorithm", required_argument, NULL, 'a'},
        {"check", no_argument, NULL, 'c'},
        {"warn", no_argument, NULL, 'w'},
        {"quiet", no_argument, NULL, OPT_QUIET},
        {"status", no_argument, NULL, OPT_STATUS},
        {"strict", no_argument, NULL, OPT_STRICT},
        {"ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING},
        {"length", required_argument, NULL, OPT_LENGTH},
        {NULL, 0, NULL, 0},
    };
    /* OpenSSL's `openssl dgst -sha3-256`, `-shake256 -xoflen N` */
    static const cli_spelling spellings[] = {CLI_SPELLINGS_DIGESTS,
                                             {"-sha3-224", "--digest=sha3-224", NULL},
                                             {"-sha3-256", "--digest=sha3-256", NULL},
                                             {"-sha3-384", "--digest=sha3-384", NULL},
                                             {"-sha3-512", "--digest=sha3-512", NULL},
                                             {"-shake128", "--digest=shake128", NULL},
                                             {"-shake256", "--digest=shake256", NULL},
                                             {"-xoflen", "--length", NULL},
                                             {NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    check_opts co;
    memset(&co, 0, sizeof co);
    co.alg = PKC_HASH_SHA256;
    int check = 0, c, shake = 0;
    uint64_t length = 0; /* 0: not given */
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 'a':
        case 'd':
            if (parse_hash_digest(optarg, &co.alg, &shake))
                return CLI_USAGE;
            co.alg_given = 1;
            break;
        case OPT_LENGTH:
            if (cli_parse_u64(optarg, 1, SHAKE_MAX_LENGTH, &length))
                return cli_usage_error("--length: '%s' is not a byte count from 1 to %zu", optarg,
                                       SHAKE_MAX_LENGTH);
            break;
        case 'c': check = 1; break;
        case 'w': co.warn = 1; break;
        case OPT_QUIET: co.quiet = 1; break;
        case OPT_STATUS: co.status = 1; break;
        case OPT_STRICT: co.strict = 1; break;
        case OPT_IGNORE_MISSING: co.ignore_missing = 1; break;
        default: return cli_option_error(c, argv);
        }
    }
    if (!check && (co.warn || co.quiet || co.status || co.strict || co.ignore_missing))
        return cli_usage_error("--quiet, --status, --strict, --warn and --ignore-missing "
                               "are for -c");
    if (check && (shake || length))
        return cli_usage_error("-c checks fixed-length digests: not shake128/shake256 or --length");
    if (length && !shake)
        return cli_usage_error("--length is for shake128 and shake256 (-d %s has a fixed length)",
                               pkc_hash_name(co.alg));

    static char dash[] = "-";
    char *stdin_only[] = {dash};
    char **files = argv + optind;
    int nfiles = argc - optind;
    if (nfiles == 0) {
        files = stdin_only;
        nfiles = 1;
    }
    int status = CLI_OK;
    if (check) {
        status = check_lists(files, nfiles, &co);
    } else if (shake) {
        size_t n = length ? (size_t)length : (shake == 128 ? 32 : 64);
        uint8_t *out = malloc(n);
        if (!out)
            return cli_error(CLI_USAGE, "out of memory");
        for (int i = 0; i < nfiles; i++) {
            int err = cli_shake_file(files[i], shake, out, n);
            if (err) {
                fflush(stdout);
                cli_error(CLI_USAGE, "%s: %s", files[i], strerror(err));
                status = CLI_USAGE;
                continue;
            }
            print_line(out, n, files[i]);
        }
        free(out);
    } else {
        size_t n = pkc_hash_size(co.alg);
        for (int i = 0; i < nfiles; i++) {
            uint8_t digest[PKC_HASH_MAX_SIZE];
            int err = cli_hash_file(files[i], co.alg, digest);
            if (err) {
                fflush(stdout); /* keep stdout and stderr in order on a terminal */
                cli_error(CLI_USAGE, "%s: %s", files[i], strerror(err));
                status = CLI_USAGE;
                continue;
            }
            print_line(digest, n, files[i]);
        }
    }
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error(CLI_USAGE, "write error: %s", strerror(errno));
    return status;
}

PKC_CLI_COMMAND(hash, 90, "compute or check SHA-2/SHA-3 digests of files, like sha256sum", cmd_hash,
                usage_hash)
