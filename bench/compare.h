/* pkc bench — comparing two result files (`pkc bench --compare`). */
#ifndef PKC_BENCH_COMPARE_H
#define PKC_BENCH_COMPARE_H

#include <stddef.h>

typedef struct {
    int compared, slower, faster, same;
    int only_old, only_new, no_samples;
} bench_compare_result;

/* Reads both files, compares every case present in both; *table and *json
 * get malloc'd reports. 0, or -1 with err set (a file unreadable, not JSON,
 * or not a pkc bench result). */
int bench_compare_files(const char *old_path, const char *new_path, double alpha,
                        bench_compare_result *res, char **table, char **json, char *err,
                        size_t errlen);

#endif
