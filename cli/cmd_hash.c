/* pkc hash — SHA-2 digests of files, printed exactly as sha256sum and its
 * siblings (GNU coreutils) print them. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "pkc/hash.h"

static void usage_hash(FILE *out)
{
    fprintf(out,
            "usage: pkc hash [-a ALG] [FILE...]\n"
            "\n"
            "Prints the digest of each FILE as a line \"HEX  NAME\", exactly like\n"
            "sha256sum and its siblings. With no FILE, or when FILE is -, reads\n"
            "standard input (shown as -). Files are read in chunks, so any size works.\n"
            "\n"
            "Options:\n"
            "  -a, --algorithm ALG  sha224, sha256 (default), sha384 or sha512\n"
            "  -h, --help           this help\n"
            "\n"
            "A name containing a backslash, newline or carriage return is printed\n"
            "escaped (\\\\, \\n, \\r) with the line prefixed by a backslash, as coreutils does.\n"
            "An unreadable file gives \"pkc: NAME: reason\" on stderr; the other files are\n"
            "still hashed and the exit status is 2.\n"
            "\n"
            "Examples:\n"
            "  pkc hash file.bin\n"
            "  pkc hash -a sha512 a.txt b.txt\n"
            "  printf abc | pkc hash -a sha384\n");
}

/* Hashes one file (or stdin for "-") in fixed-size chunks. Returns 0, or an
 * errno value. */
static int hash_file(pkc_hash_alg alg, const char *name, uint8_t *digest)
{
    static uint8_t buf[1 << 17];
    int fd = 0;
    int err = 0;
    pkc_hash_ctx ctx;
    if (strcmp(name, "-") != 0) {
        fd = open(name, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return errno;
    }
    pkc_hash_init(&ctx, alg);
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
        pkc_hash_update(&ctx, buf, (size_t)r);
    }
    if (fd != 0)
        close(fd);
    pkc_hash_final(&ctx, digest);
    return err;
}

/* The line as coreutils' sha256sum writes it: if the name holds '\\', '\n'
 * or '\r', a leading backslash and those characters escaped. */
static void print_line(const uint8_t *digest, size_t n, const char *name)
{
    static const char hexd[] = "0123456789abcdef";
    int escape = strpbrk(name, "\\\n\r") != NULL;
    if (escape)
        putchar('\\');
    for (size_t i = 0; i < n; i++) {
        putchar(hexd[digest[i] >> 4]);
        putchar(hexd[digest[i] & 15]);
    }
    fputs("  ", stdout);
    if (!escape) {
        fputs(name, stdout);
    } else {
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
    putchar('\n');
}

static int cmd_hash(int argc, char **argv)
{
    static const struct option opts[] = {
        {"algorithm", required_argument, NULL, 'a'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    pkc_hash_alg alg = PKC_HASH_SHA256;
    int c;
    while ((c = getopt_long(argc, argv, ":a:h", opts, NULL)) != -1) {
        switch (c) {
        case 'a':
            /* SHA-1 is in the library only for OAEP interoperability. */
            if (pkc_hash_from_name(optarg, &alg) != PKC_OK || alg == PKC_HASH_SHA1)
                return cli_error(CLI_USAGE,
                                 "hash: unknown algorithm '%s' (sha224, sha256, sha384, sha512)",
                                 optarg);
            break;
        case 'h':
            usage_hash(stdout);
            return CLI_OK;
        case ':':
            return cli_error(CLI_USAGE, "hash: option -%c needs a value (see pkc hash --help)",
                             optopt);
        default:
            if (optopt)
                return cli_error(CLI_USAGE, "hash: unknown option -%c (see pkc hash --help)",
                                 optopt);
            return cli_error(CLI_USAGE, "hash: unknown option %s (see pkc hash --help)",
                             argv[optind - 1]);
        }
    }

    static char dash[] = "-";
    char *stdin_only[] = {dash};
    char **files = argv + optind;
    int nfiles = argc - optind;
    if (nfiles == 0) {
        files = stdin_only;
        nfiles = 1;
    }
    int status = CLI_OK;
    size_t n = pkc_hash_size(alg);
    for (int i = 0; i < nfiles; i++) {
        uint8_t digest[PKC_HASH_MAX_SIZE];
        int err = hash_file(alg, files[i], digest);
        if (err) {
            fflush(stdout); /* keep stdout and stderr in order on a terminal */
            cli_error(CLI_USAGE, "%s: %s", files[i], strerror(err));
            status = CLI_USAGE;
            continue;
        }
        print_line(digest, n, files[i]);
    }
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error(CLI_USAGE, "write error: %s", strerror(errno));
    return status;
}

PKC_CLI_COMMAND(hash, 90, "compute SHA-2 digests of files, like sha256sum", cmd_hash, usage_hash)
