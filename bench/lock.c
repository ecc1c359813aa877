/* pkc bench — the benchmark lock (bench/lock.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "clock.h"
#include "lock.h"

const char *bench_lock_path(void)
{
    static char path[512];
    const char *e = getenv("PKC_BENCH_LOCK");
    if (e && *e)
        return e;
    const char *d = getenv("XDG_RUNTIME_DIR");
    snprintf(path, sizeof path, "%s/pkc-bench.lock", d && *d ? d : "/tmp");
    return path;
}

static long holder(int fd)
{
    char buf[32] = {0};
    if (pread(fd, buf, sizeof buf - 1, 0) <= 0)
        return 0;
    return atol(buf); // NOLINT(cert-err34-c): a pid we wrote; 0 (none) if unreadable
}

int bench_lock_acquire(bench_lock_mode mode, int quiet, int *fd, double *waited_s, char *err,
                       size_t errlen)
{
    *fd = -1;
    *waited_s = 0;
    if (mode == BENCH_LOCK_NONE)
        return 0;
    const char *path = bench_lock_path();
    int f = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
    if (f < 0) {
        snprintf(err, errlen, "cannot open the benchmark lock %s: %s", path, strerror(errno));
        return -1;
    }
    if (flock(f, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK) {
            snprintf(err, errlen, "cannot lock %s: %s", path, strerror(errno));
            close(f);
            return -1;
        }
        long pid = holder(f);
        if (mode == BENCH_LOCK_FAIL) {
            snprintf(err, errlen, "another pkc bench (pid %ld) is running on this machine "
                                  "(lock %s); run one at a time, or --lock wait",
                     pid, path);
            close(f);
            return -1;
        }
        if (!quiet)
            fprintf(stderr, "pkc bench: waiting for another pkc bench (pid %ld, lock %s) to "
                            "finish: two benchmarks at once disturb each other\n",
                    pid, path);
        uint64_t t0 = bench_now_ns();
        while (flock(f, LOCK_EX) != 0) {
            if (errno != EINTR) {
                snprintf(err, errlen, "cannot lock %s: %s", path, strerror(errno));
                close(f);
                return -1;
            }
        }
        *waited_s = (double)(bench_now_ns() - t0) / 1e9;
    }
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(f, 0) == 0 && pwrite(f, pid, (size_t)n, 0) < 0) {
        /* the pid is information only */
    }
    *fd = f;
    return 0;
}

void bench_lock_release(int fd)
{
    if (fd >= 0) {
        flock(fd, LOCK_UN);
        close(fd);
    }
}
