/* pkc bench — CPU and allocation profiles of each case (bench/profile.h). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "profile.h"
#include "writers.h"

#ifndef PKC_SOURCE_DIR
#define PKC_SOURCE_DIR "."
#endif
/* Where an installed pkc keeps its helpers (libpkc_alloccount.so,
 * flamegraph.py), relative to the directory of the executable:
 * BINDIR/../libexec/pkc for the default layout (CMakeLists.txt). */
#ifndef PKC_LIBEXEC_FROM_BIN
#define PKC_LIBEXEC_FROM_BIN "../libexec/pkc"
#endif

/* ---- adding a case by its name ---------------------------------------------- */

int bench_case_add_by_name(bench_run *r, const char *name, char *err, size_t errlen)
{
    char buf[160], *part[6] = {0};
    int n = 0;
    snprintf(buf, sizeof buf, "%s", name);
    for (char *save = NULL, *t = strtok_r(buf, "/", &save); t && n < 6;
         t = strtok_r(NULL, "/", &save))
        part[n++] = t;
    bench_alg a;
    bench_op op;
    const bench_provider *pv = n >= 4 ? bench_provider_find(part[0]) : NULL;
    if (!pv || bench_alg_from_name(part[1], &a) != 0 || bench_op_from_name(part[3], &op) != 0) {
        snprintf(err, errlen, "'%s' is not a case name (provider/ALG/param/op)", name);
        return -1;
    }
    unsigned bits = 0, threads = 1;
    int curve = 0;
    size_t msg = 0;
    if (a == BENCH_RSA)
        bits = (unsigned)strtoul(part[2], NULL, 10);
    else if (a == BENCH_SHA256)
        msg = strtoul(part[2], NULL, 10);
    else if (bench_alg_is_ecx(a)) {
        bench_alg named;
        if (bench_ecx_from_name(part[2], &named, &bits) != 0 || named != a) {
            snprintf(err, errlen, "unknown curve in case name '%s'", name);
            return -1;
        }
    } else if ((curve = bench_curve_find(part[2])) < 0) {
        snprintf(err, errlen, "unknown curve in case name '%s'", name);
        return -1;
    }
    for (int i = 4; i < n; i++) {
        if (strncmp(part[i], "threads:", 8) == 0)
            threads = (unsigned)strtoul(part[i] + 8, NULL, 10);
        else
            msg = strtoul(part[i], NULL, 10); /* "<N>B" */
    }
    if (bench_run_add(r, pv, a, op, bits, curve, msg, threads, NULL) < 0) {
        snprintf(err, errlen, "provider %s cannot run %s", pv->name, name);
        return -1;
    }
    return 0;
}

/* ---- the child's allocation probe ----------------------------------------------- */

int bench_alloc_probe(bench_run *r, FILE *out, char *err, size_t errlen)
{
    void (*start)(void) = (void (*)(void))dlsym(RTLD_DEFAULT, "pkc_alloccount_start");
    void (*stop)(unsigned long long *, unsigned long long *) =
        (void (*)(unsigned long long *, unsigned long long *))dlsym(RTLD_DEFAULT,
                                                                    "pkc_alloccount_stop");
    if (!start || !stop) {
        snprintf(err, errlen,
                 "the allocation counter is not loaded (LD_PRELOAD=libpkc_alloccount.so)");
        return -1;
    }
    if (r->ncases != 1) {
        snprintf(err, errlen, "the probe runs exactly one case");
        return -1;
    }
    bench_case *c = &r->cases[0];
    if (bench_case_prepare(r, c) != 0) {
        snprintf(err, errlen, "%s", c->error);
        bench_case_finish(c);
        return -1;
    }
    int failed;
    uint64_t n = bench_calibrate(c, 200e6, &failed);
    unsigned long long calls = 0, bytes = 0;
    if (!failed) {
        c->ops->run(c->state[0], n); /* the warm-up: first-use allocations */
        start();
        failed = c->ops->run(c->state[0], n) != 0;
        stop(&calls, &bytes);
    }
    bench_case_finish(c);
    if (failed) {
        snprintf(err, errlen, "the operation failed");
        return -1;
    }
    fprintf(out, "%.6g %.6g %llu\n", (double)calls / (double)n, (double)bytes / (double)n,
            (unsigned long long)n);
    return 0;
}

/* ---- the parent: one child per profile ------------------------------------------------ */

static int run_child(char *const argv[], const char *out_path, const char *preload)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd = open(out_path ? out_path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                      0644);
        if (fd >= 0)
            dup2(fd, 1);
        int nul = open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (nul >= 0)
            dup2(nul, 2);
        if (preload)
            setenv("LD_PRELOAD", preload, 1);
        execvp(argv[0], argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int have(const char *prog)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", prog);
    return system(cmd) == 0; // NOLINT(cert-env33-c): prog is a fixed tool name, not input
}

/* the file-name form of a case name */
static void slug(char *out, size_t cap, const char *name)
{
    size_t i = 0;
    for (; name[i] && i + 1 < cap; i++) {
        char c = name[i];
        out[i] = (char)((c == '/' || c == ':' || c == ' ') ? '_' : c);
    }
    out[i] = 0;
}

/* The helper NAME in out: $env/NAME when env names a variable that is set, else the first that
 * exists of EXEDIR/NAME (when beside: pkc in a build tree),
 * EXEDIR/PKC_LIBEXEC_FROM_BIN/NAME (an installed pkc) and fallback/NAME;
 * the last one tried when none does. */
static void helper_path(char *out, size_t cap, const char *env, const char *exedir, int beside,
                        const char *fallback, const char *name)
{
    const char *e = env ? getenv(env) : NULL;
    if (e && *e) {
        snprintf(out, cap, "%s/%s", e, name);
        return;
    }
    const char *dirs[3] = {beside ? exedir : NULL, NULL, fallback};
    char inst[600];
    snprintf(inst, sizeof inst, "%s/%s", exedir, PKC_LIBEXEC_FROM_BIN);
    dirs[1] = inst;
    for (int i = 0; i < 3; i++) {
        if (!dirs[i])
            continue;
        snprintf(out, cap, "%s/%s", dirs[i], name);
        if (access(out, R_OK) == 0)
            return;
    }
}

int bench_profile_run(const bench_run *r, const bench_profile_opts *o, char *err, size_t errlen)
{
    if (mkdir(o->dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot create %s: %s", o->dir, strerror(errno));
        return -1;
    }
    char self[512];
    ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
    if (sl <= 0) {
        snprintf(err, errlen, "cannot find the pkc executable");
        return -1;
    }
    self[sl] = 0;
    char exedir[512], preload[1200], flame[1200];
    snprintf(exedir, sizeof exedir, "%s", self);
    const char *dir = dirname(exedir);
    helper_path(preload, sizeof preload, NULL, dir, 1, NULL,
                "libpkc_alloccount.so");
    const char *env_pre = getenv("PKC_ALLOCCOUNT");
    if (env_pre && *env_pre)
        snprintf(preload, sizeof preload, "%s", env_pre);
    /* a built pkc finds flamegraph.py in the source tree's tools/ */
    helper_path(flame, sizeof flame, "PKC_TOOLS_DIR", dir, 0, PKC_SOURCE_DIR "/tools",
                "flamegraph.py");
    int perf = have("perf"), cg = !perf && have("valgrind");
    if (!perf && !cg) {
        snprintf(err, errlen, "neither perf (linux-perf) nor valgrind is installed");
        return -1;
    }
    if (access(flame, R_OK) != 0) {
        snprintf(err, errlen, "cannot find %s (set PKC_TOOLS_DIR)", flame);
        return -1;
    }
    int have_alloc = access(preload, R_OK) == 0;
    char seedarg[32], poolarg[32], secs[32];
    snprintf(seedarg, sizeof seedarg, "%llu", (unsigned long long)o->seed);
    /* the children's seeding: "--seed-mode fixed --seed N", or "--seed-mode
     * random" (said twice: a seed with random is a usage error) */
    char *mode = o->fixed_seed ? "fixed" : "random";
    char *seedopt = o->fixed_seed ? "--seed" : "--seed-mode";
    char *seedval = o->fixed_seed ? seedarg : mode;
    snprintf(poolarg, sizeof poolarg, "%zu", o->key_pool);
    snprintf(secs, sizeof secs, "%g", o->seconds > 0 ? o->seconds : 2.0);
    bench_buf j = {0}, a = {0};
    int failures = 0, first = 1;
    for (size_t i = 0; i < r->ncases; i++) {
        const bench_case *c = &r->cases[i];
        char s[200], data[900], script[900], folded[900], svg[900], allocout[900];
        slug(s, sizeof s, c->name);
        snprintf(data, sizeof data, "%s/%s.perf.data", o->dir, s);
        snprintf(script, sizeof script, "%s/%s.%s", o->dir, s, perf ? "perf.txt" : "callgrind");
        snprintf(folded, sizeof folded, "%s/%s.folded", o->dir, s);
        snprintf(svg, sizeof svg, "%s/%s.svg", o->dir, s);
        snprintf(allocout, sizeof allocout, "%s/%s.alloc.txt", o->dir, s);
        if (!o->quiet)
            fprintf(stderr, "pkc bench: profiling %s (%zu/%zu)\n", c->name, i + 1, r->ncases);
        /* the child runs exactly this case */
        char *bench_args[] = {self, "bench", "--case", (char *)c->name, "--time-budget", secs,
                              "-q", "--format", "csv", "--lock", "none", "--seed-mode", mode,
                              seedopt, seedval, "--key-pool", poolarg, NULL};
        int rc;
        const char *sampler;
        if (perf) {
            sampler = "perf record -e cpu-clock -F 499 --call-graph dwarf";
            char *argv[40] = {"perf", "record", "-q", "-e", "cpu-clock", "-F", "499",
                              "--call-graph", "dwarf,16384", "-o", data, "--"};
            int k = 12;
            for (int m = 0; bench_args[m]; m++)
                argv[k++] = bench_args[m];
            argv[k] = NULL;
            rc = run_child(argv, NULL, NULL);
            if (rc == 0) {
                char *sargv[] = {"perf", "script", "-i", data, NULL};
                rc = run_child(sargv, script, NULL);
            }
            unlink(data);
        } else {
            sampler = "valgrind --tool=callgrind";
            char outarg[950];
            snprintf(outarg, sizeof outarg, "--callgrind-out-file=%s", script);
            char *argv[40] = {"valgrind", "--tool=callgrind", outarg};
            int k = 3;
            for (int m = 0; bench_args[m]; m++)
                argv[k++] = bench_args[m];
            argv[k] = NULL;
            rc = run_child(argv, NULL, NULL);
        }
        if (rc == 0) {
            char *fargv[] = {"/usr/bin/python3", flame,
                             perf ? "--from-perf-script" : "--from-callgrind", script,
                             "--folded-out", folded, "-o", svg, "--case", (char *)c->name,
                             "--sampler", (char *)sampler, NULL};
            rc = run_child(fargv, NULL, NULL);
            unlink(script); /* the folded stacks keep what the graph needs */
        }
        if (rc != 0) {
            failures++;
            if (!o->quiet)
                fprintf(stderr, "pkc bench: the CPU profile of %s failed\n", c->name);
        }
        bench_buf_puts(&j, first ? "\n    {" : ",\n    {");
        bench_buf_json_str_kv(&j, "", "name", c->name);
        char *fb = strrchr(folded, '/'), *sb = strrchr(svg, '/');
        bench_buf_json_str_kv(&j, ", ", "folded", rc == 0 ? fb + 1 : NULL);
        bench_buf_json_str_kv(&j, ", ", "svg", rc == 0 ? sb + 1 : NULL);
        bench_buf_json_str_kv(&j, ", ", "sampler", sampler);
        bench_buf_puts(&j, "}");
        /* allocations: the probe under the counting malloc */
        double apo = NAN, bpo = NAN;
        if (have_alloc) {
            char *pargv[] = {self,   "bench", "--alloc-probe", (char *)c->name, "-q",
                             "--lock", "none",  "--seed-mode",   mode,            seedopt,
                             seedval,  "--key-pool", poolarg,   NULL};
            if (run_child(pargv, allocout, preload) == 0) {
                FILE *f = fopen(allocout, "r");
                if (f) {
                    // NOLINTNEXTLINE(cert-err34-c): our own child's output; NAN if unreadable
                    if (fscanf(f, "%lf %lf", &apo, &bpo) != 2)
                        apo = bpo = NAN;
                    fclose(f);
                }
            }
            unlink(allocout);
        }
        bench_buf_puts(&a, first ? "\n    {" : ",\n    {");
        first = 0;
        bench_buf_json_str_kv(&a, "", "name", c->name);
        // NOLINTNEXTLINE(clang-analyzer-core.NullDereference): c points into r->cases
        bench_buf_json_str_kv(&a, ", ", "provider", c->prov->name);
        bench_buf_json_num_kv(&a, ", ", "allocs_per_op", apo);
        bench_buf_json_num_kv(&a, ", ", "bytes_per_op", bpo);
        bench_buf_json_str_kv(&a, ", ", "method",
                              have_alloc ? "LD_PRELOAD counter (libpkc_alloccount.so)" : NULL);
        bench_buf_puts(&a, "}");
        if (!o->quiet && !isnan(apo))
            fprintf(stderr, "pkc bench:   %s: %.3g heap allocations, %.3g bytes per operation\n",
                    c->name, apo, bpo);
    }
    char path[900];
    snprintf(path, sizeof path, "%s/profile.json", o->dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s", path);
        bench_buf_free(&j);
        bench_buf_free(&a);
        return -1;
    }
    fprintf(f, "{\n  \"cases\": [%s\n  ],\n  \"alloc\": [%s\n  ]\n}\n", j.data ? j.data : "",
            a.data ? a.data : "");
    fclose(f);
    bench_buf_free(&j);
    bench_buf_free(&a);
    if (!o->quiet)
        fprintf(stderr, "pkc bench: profiles in %s (profile.json, *.svg, *.folded)\n", o->dir);
    return failures ? -1 : 0;
}
