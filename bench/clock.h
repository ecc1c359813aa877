/* pkc bench — time and cycle sources. */
#ifndef PKC_BENCH_CLOCK_H
#define PKC_BENCH_CLOCK_H

#include <stdint.h>

/* Nanoseconds from CLOCK_MONOTONIC. */
uint64_t bench_now_ns(void);
/* The time-stamp counter (rdtsc) where the CPU has one, else 0. */
uint64_t bench_cycles(void);
/* Name of the cycle source: "rdtsc" or "none". */
const char *bench_cycles_source(void);

#endif
