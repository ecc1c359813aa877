/* pkc bench — one object per thread, for the adapters of peer libraries
 * whose contexts (random generators, point caches) are not thread-safe:
 * with --threads every worker runs its own keys, and whatever a provider
 * needs besides them (the generator key generation draws from, a cache the
 * library keeps per thread) must be that thread's own too.
 *
 * The object is made the first time a thread asks for it and destroyed when
 * that thread ends; the main thread's is destroyed at exit.
 */
#ifndef PKC_BENCH_PER_THREAD_H
#define PKC_BENCH_PER_THREAD_H

#include <pthread.h>
#include <stdatomic.h>

typedef struct {
    void *(*make)(void);        /* NULL when it cannot be made */
    void (*destroy)(void *obj); /* runs in the thread that owned obj */
    /* private */
    atomic_int ready;
    pthread_key_t key;
} bench_per_thread;

#define BENCH_PER_THREAD(make_fn, destroy_fn) {make_fn, destroy_fn, 0, 0}

/* The calling thread's object, made now if it has none; NULL if it cannot
 * be made. */
void *bench_per_thread_get(bench_per_thread *pt);

#endif
