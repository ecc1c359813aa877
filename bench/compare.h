/* pkc bench — comparing two result files (`pkc bench --compare`). */
#ifndef PKC_BENCH_COMPARE_H
#define PKC_BENCH_COMPARE_H

#include <stddef.h>

typedef struct {
    int compared, slower, faster, same;
    int only_old, only_new, no_samples;
} bench_compare_result;

/* Reads the files, compares every case present in all of them; *table and
 * *json get malloc'd reports. One file on each side: the two runs' samples
 * (ratio of medians, bootstrap CI, Mann-Whitney U). At least two on each
 * side: each run is one observation, its median (Welch's t-test on the logs:
 * the spread between runs is what a difference must exceed). reference NULL:
 * the cases' times; a provider name: each case's time relative to that
 * provider's same case in the same file (compare.c says how), the
 * reference's own cases left out. 0, or -1 with err set (a file
 * unreadable, not JSON, not a pkc bench result; a side with one file when
 * the other has several). */
int bench_compare_files(const char *const *old_paths, size_t nold, const char *const *new_paths,
                        size_t nnew, double alpha, const char *reference,
                        bench_compare_result *res, char **table, char **json, char *err,
                        size_t errlen);

#endif
