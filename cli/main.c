/* pkc command — entry point: dispatches to the registered subcommands. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

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
        fprintf(out, "  %-12s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(out,
            "\nOptions mean the same in every command that has them:\n"
            "  -i, --in FILE (--input)   the key or input file    -b BITS   a size in bits\n"
            "  -o, --out FILE (--output) the output file           -c CURVE  a curve\n"
            "  -S, --seed N              a fixed seed              -d, --digest NAME\n"
            "  -s, --seed-mode fixed|random                        -v, --verbose\n"
            "  -n, --samples N           how many values or samples -q, --quiet\n"
            "Two exceptions: pkc cipher -d decrypts (as openssl enc -d) and pkc verify\n"
            "-s names the signature. OpenSSL's single-dash spellings (-in, -out,\n"
            "-outform DER, -pubout ...) are read as well.\n");
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
    // NOLINTNEXTLINE(bugprone-sizeof-expression): an array of pointers is sorted
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
    /* --help anywhere, or after the subcommand for commands that have them */
    for (int i = 2; i < argc && !(c->subcommands && i > 2); i++) {
        if (strcmp(argv[i], "--") == 0)
            break;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0 ||
            strcmp(argv[i], "-help") == 0) {
            c->usage(stdout);
            return CLI_OK;
        }
    }
    cli_set_command(c->name);
    optind = 1;
    opterr = 0;
    return c->run(argc - 1, argv + 1);
}
