/* pkc command — the subcommand registry (the shared helpers: util.h).
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
 * go to stderr as one line "pkc CMD: <reason>" (cli_error, cli/util.h).
 */
#ifndef PKC_CLI_H
#define PKC_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util.h"

#define CLI_OK 0
#define CLI_NEGATIVE 1
#define CLI_USAGE 2

typedef struct {
    const char *name;
    int order;                    /* position in `pkc --help` */
    const char *summary;          /* one line */
    int (*run)(int argc, char **argv);
    void (*usage)(FILE *out);     /* full help: synopsis, options, examples */
    int subcommands;              /* 1: run answers --help after a subcommand
                                     itself (pkc attack ecdlp --help) */
} cli_command;

void cli_register(const cli_command *cmd);

#define PKC_CLI_COMMAND(name_, order_, summary_, run_, usage_)                  \
    PKC_CLI_COMMAND_NAMED(name_, #name_, order_, summary_, run_, usage_)
/* a command with subcommands of its own, which answers "--help" after the
 * subcommand's name itself (main answers it before the name) */
#define PKC_CLI_COMMAND_WITH_SUBCOMMANDS(name_, order_, summary_, run_, usage_)   \
    static const cli_command cli_cmd_##name_ = {#name_, order_, summary_, run_, usage_, 1}; \
    __attribute__((constructor)) static void cli_register_##name_(void)        \
    {                                                                          \
        cli_register(&cli_cmd_##name_);                                        \
    }
/* the same for a command whose name is not a C identifier ("massey-omura") */
#define PKC_CLI_COMMAND_NAMED(id_, name_, order_, summary_, run_, usage_)       \
    static const cli_command cli_cmd_##id_ = {name_, order_, summary_, run_, usage_, 0}; \
    __attribute__((constructor)) static void cli_register_##id_(void)          \
    {                                                                          \
        cli_register(&cli_cmd_##id_);                                          \
    }

#endif
