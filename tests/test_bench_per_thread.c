/* bench/per_thread: each thread gets its own object, the same one on every
 * call; a worker's is destroyed in that worker when it ends, the main
 * thread's at exit (seen from a forked child through a pipe); a maker that
 * fails gives NULL. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "per_thread.h"
#include "testutil.h"

typedef struct {
    pthread_t owner;
} obj;

static atomic_int made, destroyed, wrong_thread;
static int exit_pipe = -1; /* the forked child's destroy writes a byte here */

static void *make_obj(void)
{
    obj *o = malloc(sizeof *o);
    if (o) {
        o->owner = pthread_self();
        atomic_fetch_add(&made, 1);
    }
    return o;
}

static void destroy_obj(void *p)
{
    obj *o = p;
    if (!pthread_equal(o->owner, pthread_self()))
        atomic_fetch_add(&wrong_thread, 1);
    atomic_fetch_add(&destroyed, 1);
    if (exit_pipe >= 0 && write(exit_pipe, "x", 1) != 1)
        atomic_fetch_add(&wrong_thread, 1);
    free(o);
}

static void *make_nothing(void)
{
    return NULL;
}

static bench_per_thread objs = BENCH_PER_THREAD(make_obj, destroy_obj);
static bench_per_thread failing = BENCH_PER_THREAD(make_nothing, destroy_obj);

static pthread_barrier_t both; /* the two workers hold their objects at once */

static void *worker(void *arg)
{
    void **got = arg;
    got[0] = bench_per_thread_get(&objs);
    got[1] = bench_per_thread_get(&objs);
    pthread_barrier_wait(&both);
    return NULL;
}

int main(void)
{
    void *mine = bench_per_thread_get(&objs);
    CHECK(mine != NULL);
    CHECK(bench_per_thread_get(&objs) == mine);
    CHECK(bench_per_thread_get(&failing) == NULL);

    void *got[2][2] = {{0}};
    pthread_t th[2];
    pthread_barrier_init(&both, NULL, 2);
    int started = 0;
    while (started < 2 && pthread_create(&th[started], NULL, worker, got[started]) == 0)
        started++;
    CHECK(started == 2);
    if (started < 2) /* a lone worker waits at the barrier: exit ends it */
        return tu_finish("test_bench_per_thread");
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < 2; i++) {
        CHECK(got[i][0] != NULL && got[i][0] == got[i][1]);
        CHECK(got[i][0] != mine);
    }
    CHECK(got[0][0] != got[1][0]);
    pthread_barrier_destroy(&both);
    CHECK(atomic_load(&made) == 3);
    CHECK(atomic_load(&destroyed) == 2); /* the workers', not the main thread's */
    CHECK(atomic_load(&wrong_thread) == 0);
    CHECK(bench_per_thread_get(&objs) == mine);

    /* at exit: a child that makes its main-thread object, then exits */
    int fd[2];
    CHECK(pipe(fd) == 0);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        exit_pipe = fd[1];
        exit(bench_per_thread_get(&objs) ? 0 : 3);
    }
    close(fd[1]);
    char c = 0;
    int status = -1;
    CHECK(read(fd[0], &c, 1) == 1 && c == 'x');
    CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(fd[0]);
    return tu_finish("test_bench_per_thread");
}
