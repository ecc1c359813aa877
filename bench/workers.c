/* pkc bench — workers for --threads: N threads run one case at once, each
 * on its own state and pinned to its own CPU where possible, started
 * together at a barrier for every sample (bench/workers.h). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include "clock.h"
#include "workers.h"

typedef struct bench_crew crew;
typedef struct {
    crew *cr;
    int index;
    pthread_t th;
    uint64_t t0, t1, cpu;      /* the last batch: wall span and CPU time */
    int rc;
} worker;

struct bench_crew {
    bench_case *c;
    unsigned n;
    pthread_barrier_t start, done;
    int quit;
    worker w[BENCH_MAX_THREADS];
};

static void *worker_main(void *arg)
{
    worker *w = arg;
    crew *cr = w->cr;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    if (ncpu > 0)
        bench_pin_cpu((int)(w->index % ncpu)); /* best effort */
    for (;;) {
        pthread_barrier_wait(&cr->start);
        if (cr->quit)
            break;
        uint64_t u0 = bench_cpu_ns();
        w->t0 = bench_now_ns();
        w->rc = cr->c->ops->run(cr->c->state[w->index], cr->c->batch);
        w->t1 = bench_now_ns();
        w->cpu = bench_cpu_ns() - u0;
        pthread_barrier_wait(&cr->done);
    }
    return NULL;
}

bench_crew *bench_crew_start(bench_case *c)
{
    crew *cr = calloc(1, sizeof *cr);
    if (!cr)
        return NULL;
    cr->c = c;
    cr->n = c->p.threads;
    pthread_barrier_init(&cr->start, NULL, cr->n + 1);
    pthread_barrier_init(&cr->done, NULL, cr->n + 1);
    for (unsigned i = 0; i < cr->n; i++) {
        cr->w[i].cr = cr;
        cr->w[i].index = (int)i;
        if (pthread_create(&cr->w[i].th, NULL, worker_main, &cr->w[i]) != 0) {
            /* the barriers count n + 1 parties: a crew without all its
             * workers cannot run */
            for (unsigned k = 0; k < i; k++)
                pthread_cancel(cr->w[k].th);
            free(cr);
            return NULL;
        }
    }
    return cr;
}

/* One sample of every worker at once: the span from the first start to the
 * last end, and the mean CPU time per worker. */
int bench_crew_sample(bench_crew *cr, uint64_t *span, uint64_t *cpu)
{
    pthread_barrier_wait(&cr->start);
    pthread_barrier_wait(&cr->done);
    uint64_t lo = UINT64_MAX, hi = 0, sum = 0;
    int rc = 0;
    for (unsigned i = 0; i < cr->n; i++) {
        lo = cr->w[i].t0 < lo ? cr->w[i].t0 : lo;
        hi = cr->w[i].t1 > hi ? cr->w[i].t1 : hi;
        sum += cr->w[i].cpu;
        rc |= cr->w[i].rc;
    }
    *span = hi - lo;
    *cpu = cr->n ? sum / cr->n : 0;
    return rc;
}

void bench_crew_stop(bench_crew *cr)
{
    if (!cr)
        return;
    cr->quit = 1;
    pthread_barrier_wait(&cr->start);
    for (unsigned i = 0; i < cr->n; i++)
        pthread_join(cr->w[i].th, NULL);
    pthread_barrier_destroy(&cr->start);
    pthread_barrier_destroy(&cr->done);
    free(cr);
}

int bench_pin_cpu(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (cpu < 0 || cpu >= CPU_SETSIZE)
        return -1;
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}
