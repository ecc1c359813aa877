/* pkc bench — profiles (`pkc bench --profile DIR`): for each case of the
 * run, a CPU profile and an allocation profile, each taken in a child
 * process that runs that one case:
 *
 *   CPU         perf record -e cpu-clock (software sampling, which works in
 *               VMs without hardware counters) with DWARF call stacks, or
 *               valgrind's callgrind where perf is missing; the samples are
 *               folded and drawn as an SVG flame graph by tools/flamegraph.py
 *   allocation  the child runs with LD_PRELOAD=libpkc_alloccount.so (a
 *               counting malloc) and reports heap allocations and bytes per
 *               operation of its timed loop (`pkc bench --alloc-probe`)
 *
 * DIR/profile.json indexes the results (docs/results-format.md).
 */
#ifndef PKC_BENCH_PROFILE_H
#define PKC_BENCH_PROFILE_H

#include <stdio.h>

#include "engine.h"

typedef struct {
    const char *dir;          /* output directory (created) */
    double seconds;           /* CPU profile: sampling time per case */
    int fixed_seed;
    uint64_t seed;
    size_t key_pool;
    int quiet;
} bench_profile_opts;

/* Profiles every case of r (which is planned but not run). 0 if every
 * profile was written; -1 with err set when the directory or the tools are
 * missing. Failures of one case are recorded in profile.json and on stderr. */
int bench_profile_run(const bench_run *r, const bench_profile_opts *o, char *err, size_t errlen);

/* The child's side of the allocation profile: sets up the one case of r,
 * calibrates, and prints "allocs_per_op bytes_per_op operations" for a
 * timed loop of about 0.2 s. 0, or -1 (case failed, or the counter library
 * is not loaded). */
int bench_alloc_probe(bench_run *r, FILE *out, char *err, size_t errlen);

/* Adds the case with this full name (provider/ALG/param/op[/<N>B][/threads:N]);
 * 0, or -1 with err set. */
int bench_case_add_by_name(bench_run *r, const char *name, char *err, size_t errlen);

#endif
