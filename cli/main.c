/* pkc command — entry point: dispatches to the registered subcommands. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "pkc/common.h"

#define MAX_COMMANDS 64

static const cli_command *commands[MAX_COMMANDS];
static int ncommands;

void cli_register(const cli_command *cmd)
{
    if (ncommands < MAX_COMMANDS)
        commands[ncommands++] = cmd;
}

static int by_order(const void *a, const void *b)
{
    const cli_command *x = *(const cli_command *const *)a, *y = *(const cli_command *const *)b;
    if (x->order != y->order)
        return x->order < y->order ? -1 : 1;
    return strcmp(x->name, y->name);
}

static const cli_command *find(const char *name)
{
    for (int i = 0; i < ncommands; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

int cli_error(int code, const char *fmt, ...)
{
    va_list ap;
    fputs("pkc: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}

uint8_t *cli_read_all(const char *path, size_t *len)
{
    int fd = 0;
    if (path && strcmp(path, "-") != 0) {
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap + 1);
    for (;;) {
        if (!buf) {
            errno = ENOMEM;
            break;
        }
        if (n == cap) {
            uint8_t *nb = realloc(buf, 2 * cap + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                errno = ENOMEM;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        ssize_t r = read(fd, buf + n, cap - n);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            free(buf);
            buf = NULL;
            errno = e;
            break;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    if (fd != 0)
        close(fd);
    if (buf) {
        buf[n] = 0;
        *len = n;
    }
    return buf;
}

static int write_fd(int fd, const uint8_t *p, size_t len)
{
    while (len) {
        ssize_t w = write(fd, p, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        len -= (size_t)w;
    }
    return 0;
}

int cli_write_all(const char *path, const void *data, size_t len)
{
    if (!path || strcmp(path, "-") == 0) {
        fflush(stdout);
        return write_fd(1, data, len);
    }
    size_t n = strlen(path);
    char *tmp = malloc(n + 16);
    if (!tmp)
        return -1;
    memcpy(tmp, path, n);
    memcpy(tmp + n, ".tmp.XXXXXX", 12);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        free(tmp);
        return -1;
    }
    /* Private keys may be written: never world-readable. */
    fchmod(fd, 0600);
    if (write_fd(fd, data, len) != 0 || fsync(fd) != 0 || close(fd) != 0) {
        int e = errno;
        close(fd);
        unlink(tmp);
        free(tmp);
        errno = e;
        return -1;
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        free(tmp);
        errno = e;
        return -1;
    }
    free(tmp);
    return 0;
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

static void usage(FILE *out)
{
    fprintf(out,
            "usage: pkc COMMAND [OPTIONS] [ARGS]\n"
            "       pkc help COMMAND | pkc COMMAND --help\n"
            "       pkc --version\n"
            "\n"
            "pkc is a public-key cryptography lab: RSA and elliptic curves, measured\n"
            "side by side with the libraries people deploy.\n"
            "\n"
            "Commands:\n");
    for (int i = 0; i < ncommands; i++)
        fprintf(out, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(out, "\nExit status: 0 success, 1 a negative answer (e.g. signature invalid),\n"
                 "2 bad usage or bad input.\n");
}

static int help_for(const char *name)
{
    const cli_command *c = find(name);
    if (!c)
        return cli_error(CLI_USAGE, "unknown command '%s' (see pkc --help)", name);
    c->usage(stdout);
    return CLI_OK;
}

int main(int argc, char **argv)
{
    qsort(commands, (size_t)ncommands, sizeof commands[0], by_order);
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("pkc %s\n", pkc_version());
        return CLI_OK;
    }
    if (strcmp(name, "help") == 0) {
        if (argc < 3) {
            usage(stdout);
            return CLI_OK;
        }
        return help_for(argv[2]);
    }
    const cli_command *c = find(name);
    if (!c)
        return cli_error(CLI_USAGE, "unknown command '%s' (see pkc --help)", name);
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            break;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            c->usage(stdout);
            return CLI_OK;
        }
    }
    optind = 1;
    opterr = 0;
    return c->run(argc - 1, argv + 1);
}
