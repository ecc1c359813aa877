/* pkc bench — the machine and its conditions (bench/sysinfo.h), read from
 * /proc, /sys and cpuid. */
#define _GNU_SOURCE
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "sysinfo.h"

const char *const bench_cpu_flag_names[BENCH_NFLAGS] = {
    "aes", "pclmulqdq", "sha_ni", "adx", "bmi2", "avx2", "avx512f", "avx512ifma", "vaes",
    "vpclmulqdq"};

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
}

static int read_line_file(const char *path, char *out, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    int ok = fgets(out, (int)cap, f) != NULL;
    fclose(f);
    if (!ok)
        return -1;
    trim(out);
    return 0;
}

/* 1 if the space-separated list has the word */
static int has_word(const char *list, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = list; (p = strstr(p, w)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0 || p[n] == '\n'))
            return 1;
    return 0;
}

static void virt_from_cpuid(char *out, size_t cap)
{
    out[0] = 0;
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    __cpuid(1, a, b, c, d);
    if (!(c & (1u << 31)))
        return; /* no hypervisor bit */
    __cpuid(0x40000000, a, b, c, d);
    char sig[13];
    memcpy(sig, &b, 4);
    memcpy(sig + 4, &c, 4);
    memcpy(sig + 8, &d, 4);
    sig[12] = 0;
    static const struct {
        const char *sig, *name;
    } known[] = {{"KVMKVMKVM", "KVM"},       {"Microsoft Hv", "Hyper-V"},
                 {"VMwareVMware", "VMware"}, {"XenVMMXenVMM", "Xen"},
                 {"TCGTCGTCGTCG", "QEMU TCG"}, {"VBoxVBoxVBox", "VirtualBox"}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strncmp(sig, known[i].sig, strlen(known[i].sig)) == 0) {
            snprintf(out, cap, "%s", known[i].name);
            return;
        }
    snprintf(out, cap, "hypervisor \"%s\"", sig);
#else
    (void)cap;
#endif
}

void bench_sysinfo_read(bench_sysinfo *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->cpu_model, sizeof s->cpu_model, "unknown");
    s->num_cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char *line = NULL;
        size_t cap = 0;
        int got_model = 0, got_mhz = 0, got_flags = 0;
        while (getline(&line, &cap, f) > 0 && !(got_model && got_mhz && got_flags)) {
            char *colon = strchr(line, ':');
            if (!colon)
                continue;
            char *v = colon + 1;
            while (*v == ' ')
                v++;
            trim(v);
            if (!got_model && strncmp(line, "model name", 10) == 0) {
                snprintf(s->cpu_model, sizeof s->cpu_model, "%s", v);
                got_model = 1;
            } else if (!got_mhz && strncmp(line, "cpu MHz", 7) == 0) {
                s->mhz = atof(v); // NOLINT(cert-err34-c): /proc and /sys values: a malformed one only leaves the field unknown
                got_mhz = 1;
            } else if (!got_flags && strncmp(line, "flags", 5) == 0) {
                for (int i = 0; i < BENCH_NFLAGS; i++)
                    s->flags[i] = has_word(v, bench_cpu_flag_names[i]);
                got_flags = 1;
            }
        }
        free(line);
        fclose(f);
    }
    char tmp[sizeof s->governor];
    if (read_line_file("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", tmp,
                       sizeof tmp) == 0)
        memcpy(s->governor, tmp, sizeof tmp);
    if (read_line_file("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", tmp,
                       sizeof tmp) == 0 && s->mhz == 0)
        s->mhz = atof(tmp) / 1000; // NOLINT(cert-err34-c): /proc and /sys values: a malformed one only leaves the field unknown
    if (gethostname(s->host, sizeof s->host) != 0)
        s->host[0] = 0;
    s->host[sizeof s->host - 1] = 0;
    virt_from_cpuid(s->virtualization, sizeof s->virtualization);
}

void bench_load_read(bench_load *l)
{
    memset(l, 0, sizeof *l);
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        // NOLINTNEXTLINE(cert-err34-c): /proc and /sys values: a malformed one only leaves the field unknown
        if (fscanf(f, "%lf %lf %lf", &l->load[0], &l->load[1], &l->load[2]) == 3)
            l->valid = 1;
        fclose(f);
    }
    f = fopen("/proc/stat", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        unsigned long long v[10] = {0};
        if (strncmp(line, "cpu ", 4) == 0) {
            // NOLINTNEXTLINE(cert-err34-c): /proc and /sys values: a malformed one only leaves the field unknown
            int n = sscanf(line + 4, "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0],
                           &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9]);
            /* user nice system idle iowait irq softirq steal (guest ones are
             * included in user) */
            for (int i = 0; i < n && i < 8; i++)
                l->total += v[i];
            l->steal = n >= 8 ? v[7] : 0;
        } else if (strncmp(line, "procs_running ", 14) == 0) {
            l->procs_running = atoi(line + 14); // NOLINT(cert-err34-c): /proc and /sys values: a malformed one only leaves the field unknown
        }
    }
    fclose(f);
}

double bench_steal_pct(const bench_load *a, const bench_load *b)
{
    if (b->total <= a->total)
        return NAN;
    return 100.0 * (double)(b->steal - a->steal) / (double)(b->total - a->total);
}

static void warn(bench_conditions *c, int quiet, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void warn(bench_conditions *c, int quiet, const char *fmt, ...)
{
    char msg[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (c->nwarnings < BENCH_MAX_WARNINGS)
        snprintf(c->warnings[c->nwarnings++], sizeof c->warnings[0], "%s", msg);
    if (!quiet)
        fprintf(stderr, "pkc bench: warning: %s\n", msg);
}

void bench_conditions_begin(bench_conditions *c, int quiet)
{
    memset(c, 0, sizeof *c);
    bench_load probe;
    bench_load_read(&probe);
    struct timespec ts = {0, 200000000};
    nanosleep(&ts, NULL);
    bench_load_read(&c->before);
    c->steal_probe_pct = bench_steal_pct(&probe, &c->before);
    int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (c->before.valid && c->before.load[0] > (double)ncpu - 1) {
        c->busy = 1;
        warn(c, quiet, "the machine is busy: load average %.2f on %d CPUs (numbers will be "
                       "noisier; ratios in one run stay comparable)",
             c->before.load[0], ncpu);
    }
    if (c->before.procs_running > ncpu) {
        c->busy = 1;
        warn(c, quiet, "%d processes are runnable on %d CPUs", c->before.procs_running, ncpu);
    }
    if (c->steal_probe_pct > 2) {
        c->busy = 1;
        warn(c, quiet, "the hypervisor takes %.1f%% of the CPU time (steal)", c->steal_probe_pct);
    }
}

void bench_conditions_end(bench_conditions *c, int quiet)
{
    bench_load_read(&c->after);
    double st = bench_steal_pct(&c->before, &c->after);
    if (st > 5) {
        c->busy = 1;
        warn(c, quiet, "steal time was %.1f%% of the CPU time during the run", st);
    }
}
