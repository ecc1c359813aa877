/* pkc bench — one benchmark at a time on a machine: a lock file (flock)
 * that a second `pkc bench` waits for, or refuses on. The path is
 * $PKC_BENCH_LOCK, else $XDG_RUNTIME_DIR/pkc-bench.lock, else
 * /tmp/pkc-bench.lock; the holder's pid is written into it. */
#ifndef PKC_BENCH_LOCK_H
#define PKC_BENCH_LOCK_H

typedef enum { BENCH_LOCK_WAIT = 0, BENCH_LOCK_FAIL, BENCH_LOCK_NONE } bench_lock_mode;

/* 0 and *fd set (-1 with BENCH_LOCK_NONE), or -1 with a reason in err
 * (another benchmark holds the lock and mode is FAIL, or the file cannot
 * be opened). In WAIT mode a line on stderr says whom it waits for, unless
 * quiet. *waited_s gets the seconds spent waiting. */
int bench_lock_acquire(bench_lock_mode mode, int quiet, int *fd, double *waited_s, char *err,
                       size_t errlen);
void bench_lock_release(int fd);
const char *bench_lock_path(void);

#endif
