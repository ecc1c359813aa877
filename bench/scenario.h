/* pkc bench — scenarios: sets of cases that answer one question, and
 * their summaries (docs/methodology.md, docs/results-format.md):
 *
 *   security-levels  RSA against ECC at the strengths of NIST SP 800-57
 *                    part 1 table 2: keygen, sign, verify, key exchange
 *   kex-amortized    one key generation then N exchanges: ECDH against
 *                    RSA-OAEP transport of a 32-byte key; a study (bc2006:
 *                    the 2006 BouncyCastle comparison) chooses the curves,
 *                    RSA sizes and N of its table
 *   message-size     sign and verify including the hashing, 128 B to 1 MiB
 *   ecutils          the ECUtils performance tables: {Jacobian, affine} x
 *                    {cache off, on}, eight columns, every SEC curve
 *                    (scenario_ecutils.c)
 *   size-sweep       RSA-OAEP, hybrid RSA, ECIES, AES-256 and SHA-256
 *                    against the input size, 1 B to 1 MiB, and the size
 *                    at which the symmetric part dominates
 *                    (scenario_sweep.c)
 *
 * Each runs within a few minutes with its defaults; the long parts (RSA key
 * generation above 4096 bits, the 256-bit level's RSA-15360) are asked for
 * with long_parts / include_15360 (--long, --include-15360).
 */
#ifndef PKC_BENCH_SCENARIO_H
#define PKC_BENCH_SCENARIO_H

#include "engine.h"
#include "writers.h"

typedef struct {
    char *json;         /* "\"security-levels\": [...]" etc. */
    char *text;         /* human-readable summary */
} bench_scenario_out;

#define BENCH_SCENARIO_MAX_CURVES 64

typedef struct {
    const char *name;             /* "security-levels" */
    int include_15360;
    int long_parts;
    const char *const *providers; /* NULL-terminated list of provider names */
    int curves[BENCH_SCENARIO_MAX_CURVES]; /* ecutils: the curves of -c (ncurves 0: the study's) */
    int ncurves;
    const char *study;            /* kex-amortized only: NULL or a bench_kex_study_names */
} bench_scenario_cfg;

extern const char *const bench_scenario_names[];   /* NULL-terminated */
extern const char *const bench_kex_study_names[];  /* NULL-terminated: "bc2006" */
/* Adds the cases a scenario needs. -1 for an unknown scenario name, -2 for
 * an unknown study or a study with another scenario than kex-amortized. */
int bench_scenario_plan(bench_run *r, const bench_scenario_cfg *cfg);
/* Builds the summary (JSON + text) of a scenario from the run's results. */
void bench_scenario_summarise(const bench_run *r, const bench_scenario_cfg *cfg,
                              bench_scenario_out *out);
void bench_scenario_out_free(bench_scenario_out *o);

/* scenario_ecutils.c: its plan and summary, and its providers (the four
 * pkc configurations, NULL-terminated) */
extern const char *const bench_ecutils_providers[];
int bench_scenario_ecutils_plan(bench_run *r, const bench_scenario_cfg *cfg);
void bench_scenario_ecutils_summarise(const bench_run *r, const bench_scenario_cfg *cfg,
                                      bench_buf *j, bench_buf *t);

/* scenario_sweep.c */
int bench_scenario_sweep_plan(bench_run *r, const bench_scenario_cfg *cfg);
void bench_scenario_sweep_summarise(const bench_run *r, const bench_scenario_cfg *cfg,
                                    bench_buf *j, bench_buf *t);

#endif
