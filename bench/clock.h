/* pkc bench — time and cycle sources.
 *
 * Wall time: CLOCK_MONOTONIC. CPU time: CLOCK_THREAD_CPUTIME_ID (the time
 * the calling thread actually ran; below the wall time when it was
 * descheduled). Cycles: the kernel's perf_event core-cycle counter for the
 * calling thread when the machine offers one (bare metal, some VMs);
 * otherwise the time-stamp counter, which counts reference ticks at a fixed
 * frequency (measured once against CLOCK_MONOTONIC), not core cycles.
 */
#ifndef PKC_BENCH_CLOCK_H
#define PKC_BENCH_CLOCK_H

#include <stdint.h>

/* Nanoseconds from CLOCK_MONOTONIC. */
uint64_t bench_now_ns(void);
/* CPU nanoseconds of the calling thread. */
uint64_t bench_cpu_ns(void);

/* A cycle source for one thread: perf_event if it opens, else the TSC. */
typedef struct {
    int fd;         /* perf_event file descriptor, or -1 */
} bench_cycle_counter;
void bench_cycles_open(bench_cycle_counter *c);
uint64_t bench_cycles_read(const bench_cycle_counter *c);
void bench_cycles_close(bench_cycle_counter *c);
/* 1 if perf_event core cycles are available on this machine */
int bench_cycles_are_core(void);
/* "core cycles (perf_event)" or "reference ticks (TSC)" */
const char *bench_cycles_unit(void);
/* The time-stamp counter (rdtsc) where the CPU has one, else 0. */
uint64_t bench_tsc(void);
/* TSC ticks per second, measured once (0 if there is no TSC). */
double bench_tsc_hz(void);

#endif
