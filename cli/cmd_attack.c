/* pkc attack — the dispatcher of the attack lab's problems (cli/attack.h)
 * and the option parsing they share. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "attack.h"
#include "cli.h"

#define ATTACK_MAX_PROBLEMS 8
static const attack_problem *problems[ATTACK_MAX_PROBLEMS];
static int nproblems;

void attack_register(const attack_problem *p)
{
    if (nproblems < ATTACK_MAX_PROBLEMS)
        problems[nproblems++] = p;
}

static const attack_problem *find_problem(const char *name)
{
    for (int i = 0; i < nproblems; i++)
        if (strcmp(problems[i]->name, name) == 0)
            return problems[i];
    return NULL;
}

static void usage_attack(FILE *out)
{
    fprintf(out,
            "usage: pkc attack PROBLEM [OPTIONS]\n"
            "       pkc attack PROBLEM --help\n"
            "\n"
            "Attacks on deliberately small keys, timed, so that their cost can be\n"
            "extrapolated to real key sizes (make theory-report draws them). The\n"
            "attacks live in the lab (lab/), not in libpkc.\n"
            "\n"
            "Problems:\n");
    for (int i = 0; i < nproblems; i++)
        fprintf(out, "  %-10s %s\n", problems[i]->name, problems[i]->summary);
    fprintf(out, "\n"
                 "Each writes its results as JSON (--json FILE, docs/results-format.md)\n"
                 "and its progress on standard error.\n");
}

static int cmd_attack(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error("a problem is required (%s)", nproblems ? problems[0]->name : "none");
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        usage_attack(stdout);
        return CLI_OK;
    }
    const attack_problem *p = find_problem(argv[1]);
    if (!p)
        return cli_usage_error("unknown problem '%s'", argv[1]);
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            p->usage(stdout);
            return CLI_OK;
        }
    optind = 0;
    return p->run(argc - 1, argv + 1);
}

PKC_CLI_COMMAND_WITH_SUBCOMMANDS(attack, 70, "attacks on small keys (ECDLP, factoring), timed for extrapolation",
                cmd_attack, usage_attack)

static int parse_unsigned(const char *s, unsigned *out, const char **end)
{
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    char *e;
    unsigned long v = strtoul(s, &e, 10);
    if (errno || v > 1000000ul)
        return -1;
    *out = (unsigned)v;
    *end = e;
    return 0;
}

int attack_parse_range(const char *option, const char *text, unsigned min, unsigned max,
                       attack_range *out)
{
    attack_range r = {0, 0, 1};
    const char *s = text, *e;
    if (parse_unsigned(s, &r.from, &e) != 0)
        goto bad;
    r.to = r.from;
    if (*e == ':') {
        if (parse_unsigned(e + 1, &r.to, &e) != 0)
            goto bad;
        if (*e == ':' && (parse_unsigned(e + 1, &r.step, &e) != 0 || r.step == 0))
            goto bad;
    }
    if (*e != '\0')
        goto bad;
    if (r.from < min || r.to > max || r.from > r.to)
        return cli_usage_error("%s %s: sizes must lie in %u..%u, FROM <= TO", option, text, min, max);
    *out = r;
    return 0;
bad:
    return cli_usage_error("%s '%s': expected FROM:TO:STEP, FROM:TO or BITS", option, text);
}

int attack_parse_seconds(const char *option, const char *text, double *out)
{
    char *e;
    errno = 0;
    double v = strtod(text, &e);
    if (errno || e == text || *e != '\0' || !isfinite(v) || v <= 0 || v > 86400)
        return cli_usage_error("%s '%s': expected seconds, > 0 and <= 86400", option, text);
    *out = v;
    return 0;
}

double attack_wall_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

double attack_cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
