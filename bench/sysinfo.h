/* pkc bench — what a run records of its machine and its conditions: the
 * CPU and its features, virtualisation, the library versions, and how busy
 * the machine was before and after (load average, steal time, runnable
 * processes) — see docs/results-format.md, "context". */
#ifndef PKC_BENCH_SYSINFO_H
#define PKC_BENCH_SYSINFO_H

#include <stdint.h>

#define BENCH_NFLAGS 10
extern const char *const bench_cpu_flag_names[BENCH_NFLAGS];

typedef struct {
    char cpu_model[128];
    int num_cpus;
    double mhz;                /* 0 if unknown */
    char governor[64];         /* "" if unknown */
    char host[64];
    int flags[BENCH_NFLAGS];   /* bench_cpu_flag_names[i] present */
    char virtualization[32];   /* "KVM", ... or "" for none detected */
} bench_sysinfo;

void bench_sysinfo_read(bench_sysinfo *s);

/* The load at one moment: /proc/loadavg and /proc/stat. */
typedef struct {
    double load[3];            /* 1, 5, 15 minutes */
    int procs_running;         /* runnable tasks, this process included */
    uint64_t steal, total;     /* CPU time ticks (all CPUs) */
    int valid;
} bench_load;

void bench_load_read(bench_load *l);
/* Steal time between two readings as a percentage of all CPU time (NaN if
 * unknown). */
double bench_steal_pct(const bench_load *a, const bench_load *b);

/* The conditions of a run: readings before and after, and the warnings
 * issued (a busy machine, steal time). */
#define BENCH_MAX_WARNINGS 8
typedef struct {
    bench_load before, after;
    double steal_probe_pct;    /* during a short probe before measuring */
    int busy;
    int nwarnings;
    char warnings[BENCH_MAX_WARNINGS][160];
} bench_conditions;

/* Reads the load before a run (with a 0.2 s steal probe) and writes a
 * warning to stderr (unless quiet) and into c when the machine is busy:
 * load average above CPUs - 1, more runnable processes than CPUs, or steal
 * time above 2%. */
void bench_conditions_begin(bench_conditions *c, int quiet);
/* The reading after the run; warns if steal time during the run exceeded
 * 5% of the CPU time. */
void bench_conditions_end(bench_conditions *c, int quiet);

#endif
