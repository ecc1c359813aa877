/* pkc bench — one object per thread (per_thread.h). A pthread key per
 * object: its destructor frees a worker's object when the worker ends; the
 * main thread never runs key destructors, so an exit handler frees its. */
#include "per_thread.h"

#include <stdlib.h>

#define MAX_OBJECTS 8

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static bench_per_thread *registry[MAX_OBJECTS];
static int nregistered;

static void free_at_exit(void)
{
    for (int i = 0; i < nregistered; i++) {
        bench_per_thread *pt = registry[i];
        void *obj = pthread_getspecific(pt->key);
        if (obj) {
            pthread_setspecific(pt->key, NULL);
            pt->destroy(obj);
        }
    }
}

static int register_key(bench_per_thread *pt)
{
    pthread_mutex_lock(&registry_lock);
    int ok = atomic_load_explicit(&pt->ready, memory_order_relaxed);
    if (!ok && nregistered < MAX_OBJECTS && pthread_key_create(&pt->key, pt->destroy) == 0) {
        if (nregistered == 0)
            atexit(free_at_exit);
        registry[nregistered++] = pt;
        atomic_store_explicit(&pt->ready, 1, memory_order_release);
        ok = 1;
    }
    pthread_mutex_unlock(&registry_lock);
    return ok;
}

void *bench_per_thread_get(bench_per_thread *pt)
{
    if (!atomic_load_explicit(&pt->ready, memory_order_acquire) && !register_key(pt))
        return NULL;
    void *obj = pthread_getspecific(pt->key);
    if (obj)
        return obj;
    obj = pt->make();
    if (obj && pthread_setspecific(pt->key, obj) != 0) {
        pt->destroy(obj);
        obj = NULL;
    }
    return obj;
}
