/* pkc attack — the attack lab's subcommands (`pkc attack ecdlp`, `pkc attack
 * factor`, ...) and what they share: the size range, the JSON results file,
 * progress lines.
 *
 * Each problem lives in its own cli/attack_<name>.c and registers itself:
 *
 *     static int attack_ecdlp(int argc, char **argv);
 *     static void usage_ecdlp(FILE *out);
 *     PKC_ATTACK_PROBLEM(ecdlp, "elliptic-curve discrete logarithms ...",
 *                        attack_ecdlp, usage_ecdlp)
 *
 * run receives argv with argv[0] = the problem name ("ecdlp"); errors are
 * reported as "pkc attack: ..." (cli_error), exit 2 for bad usage.
 * The attacks themselves are in lab/ (libpkc_lab, not libpkc).
 */
#ifndef PKC_CLI_ATTACK_H
#define PKC_CLI_ATTACK_H

#include <stdint.h>
#include <stdio.h>

typedef struct {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
    void (*usage)(FILE *out);
} attack_problem;

void attack_register(const attack_problem *p);

#define PKC_ATTACK_PROBLEM(name_, summary_, run_, usage_)                      \
    static const attack_problem attack_problem_##name_ = {#name_, summary_, run_, usage_}; \
    __attribute__((constructor)) static void attack_register_##name_(void)     \
    {                                                                          \
        attack_register(&attack_problem_##name_);                              \
    }

/* A size range "FROM:TO:STEP" or "FROM:TO" (step 1) or "BITS", every value
 * in [min, max] and FROM <= TO, STEP >= 1. Returns 0, or CLI_USAGE after
 * the error line (which names the option). */
typedef struct {
    unsigned from, to, step;
} attack_range;
int attack_parse_range(const char *option, const char *text, unsigned min, unsigned max,
                       attack_range *out);

/* A time limit in seconds: a decimal number > 0 and <= 86400 ("0.5", "30").
 * Returns 0, or CLI_USAGE after the error line. */
int attack_parse_seconds(const char *option, const char *text, double *out);

/* Monotonic wall-clock and process CPU time, in seconds. */
double attack_wall_seconds(void);
double attack_cpu_seconds(void);

#endif
