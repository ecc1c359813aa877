/* pkc bench — the workers of a multi-threaded case (--threads), for the
 * runner (bench/engine.c). */
#ifndef PKC_BENCH_WORKERS_H
#define PKC_BENCH_WORKERS_H

#include <stdint.h>

#include "engine.h"

typedef struct bench_crew bench_crew;

/* c->p.threads workers, each running c's state[i]; NULL if they cannot all
 * start (a barrier needs every party). */
bench_crew *bench_crew_start(bench_case *c);
/* One sample of every worker at once: *span from the first start to the
 * last end, *cpu the mean CPU time per worker; nonzero if a run failed. */
int bench_crew_sample(bench_crew *cr, uint64_t *span, uint64_t *cpu);
void bench_crew_stop(bench_crew *cr);

#endif
