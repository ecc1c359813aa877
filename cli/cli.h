/* pkc command — subcommand registry and shared helpers.
 *
 * Each subcommand lives in its own cli/cmd_<name>.c and registers itself:
 *
 *     static int cmd_hash(int argc, char **argv);
 *     static void usage_hash(FILE *out);
 *     PKC_CLI_COMMAND(hash, 10, "compute SHA-2 digests like sha256sum", cmd_hash, usage_hash)
 *
 * cmd receives argv with argv[0] = the subcommand name, so getopt_long works
 * as usual (optind is reset before the call). Exit codes: 0 success,
 * 1 a negative answer (signature invalid), 2 bad usage or bad input; errors
 * go to stderr as one line "pkc: <reason>".
 */
#ifndef PKC_CLI_H
#define PKC_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CLI_OK 0
#define CLI_NEGATIVE 1
#define CLI_USAGE 2

typedef struct {
    const char *name;
    int order;                    /* position in `pkc --help` */
    const char *summary;          /* one line */
    int (*run)(int argc, char **argv);
    void (*usage)(FILE *out);     /* full help: synopsis, options, examples */
} cli_command;

void cli_register(const cli_command *cmd);

#define PKC_CLI_COMMAND(name_, order_, summary_, run_, usage_)                  \
    static const cli_command cli_cmd_##name_ = {#name_, order_, summary_, run_, usage_}; \
    __attribute__((constructor)) static void cli_register_##name_(void)         \
    {                                                                          \
        cli_register(&cli_cmd_##name_);                                        \
    }

/* "pkc: <formatted message>\n" on stderr; returns code so callers can
 * `return cli_error(CLI_USAGE, "...")`. */
int cli_error(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reads a whole file, or stdin for NULL or "-". malloc'd (+1 NUL byte,
 * not counted). Returns NULL and sets errno on failure. */
uint8_t *cli_read_all(const char *path, size_t *len);

/* Writes data to path atomically (temporary file in the same directory,
 * then rename), or to stdout for NULL or "-". Never leaves a partial file.
 * Returns 0, or -1 with errno set. */
int cli_write_all(const char *path, const void *data, size_t len);

/* Parses a decimal unsigned integer in [min, max]; returns 0 or -1. */
int cli_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out);

#endif
