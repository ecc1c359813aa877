/* pkc bench — a heap-allocation counter, built as libpkc_alloccount.so and
 * loaded with LD_PRELOAD by `pkc bench --profile` into a child that runs
 * one case (`pkc bench --alloc-probe NAME`): it forwards malloc, calloc,
 * realloc, the aligned allocators and free to the C library and, while
 * counting is on, counts the calls that allocate and the bytes asked for.
 * The probe turns counting on around its timed loop only, so the numbers
 * are allocations per operation of the library measured, whichever library
 * that is. Not part of libpkc. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);

static volatile int counting;
static unsigned long long n_calls, n_bytes;

/* dlsym may itself call calloc before real_calloc is known: serve that from
 * a small static arena (never freed to the C library) */
static char boot[4096];
static size_t boot_used;
static int resolving;

static void resolve(void)
{
    if (real_malloc || resolving)
        return;
    resolving = 1;
    real_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
    real_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
    real_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
    real_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
    real_posix_memalign = (int (*)(void **, size_t, size_t))dlsym(RTLD_NEXT, "posix_memalign");
    real_aligned_alloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "aligned_alloc");
    real_memalign = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "memalign");
    resolving = 0;
}

static void count(size_t bytes)
{
    if (counting) {
        __atomic_add_fetch(&n_calls, 1, __ATOMIC_RELAXED);
        __atomic_add_fetch(&n_bytes, bytes, __ATOMIC_RELAXED);
    }
}

static int from_boot(const void *p)
{
    return (const char *)p >= boot && (const char *)p < boot + sizeof boot;
}

void *malloc(size_t n)
{
    resolve();
    count(n);
    return real_malloc(n);
}

void *calloc(size_t a, size_t b)
{
    if (!real_calloc) {
        resolve();
        if (!real_calloc) { /* inside dlsym */
            size_t n = (a * b + 15) & ~(size_t)15;
            if (boot_used + n > sizeof boot)
                return NULL;
            void *p = boot + boot_used;
            boot_used += n;
            return p; /* static storage is zero */
        }
    }
    count(a * b);
    return real_calloc(a, b);
}

void *realloc(void *p, size_t n)
{
    resolve();
    if (from_boot(p)) {
        void *q = real_malloc(n);
        if (q)
            memcpy(q, p, n < sizeof boot ? n : sizeof boot);
        count(n);
        return q;
    }
    count(n);
    return real_realloc(p, n);
}

void free(void *p)
{
    if (!p || from_boot(p))
        return;
    resolve();
    real_free(p);
}

int posix_memalign(void **out, size_t align, size_t n)
{
    resolve();
    count(n);
    return real_posix_memalign(out, align, n);
}

void *aligned_alloc(size_t align, size_t n)
{
    resolve();
    count(n);
    return real_aligned_alloc(align, n);
}

void *memalign(size_t align, size_t n)
{
    resolve();
    count(n);
    return real_memalign(align, n);
}

/* the probe's interface, found with dlsym(RTLD_DEFAULT, ...) */
void pkc_alloccount_start(void)
{
    __atomic_store_n(&n_calls, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&n_bytes, 0, __ATOMIC_RELAXED);
    counting = 1;
}

void pkc_alloccount_stop(unsigned long long *calls, unsigned long long *bytes)
{
    counting = 0;
    *calls = __atomic_load_n(&n_calls, __ATOMIC_RELAXED);
    *bytes = __atomic_load_n(&n_bytes, __ATOMIC_RELAXED);
}
