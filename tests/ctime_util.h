/* pkc tests — marking secrets for the constant-time test programs
 * (tests/test_*_ctime.c, run under valgrind by tests/test_ctime_valgrind.sh).
 *
 * With --ctime, secret() marks memory undefined for valgrind's memcheck, so
 * that a branch or a memory index depending on it is reported; public_()
 * marks it defined again where the value is meant to be public (results
 * handed to the caller, before the checks look at them). Without --ctime
 * both do nothing and the program is an ordinary quick test. With
 * --canary the program branches once on a secret on purpose (through
 * `sink`), so the wrapper can check that valgrind does catch one.
 * Each test is one translation unit: the state below is per program.
 */
#ifndef PKC_TEST_CTIME_H
#define PKC_TEST_CTIME_H

#include <stdio.h>
#include <string.h>

#include "pkc/hash.h"

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define HAVE_MEMCHECK 1
#endif
#endif
#ifndef HAVE_MEMCHECK
#define VALGRIND_MAKE_MEM_UNDEFINED(p, n) ((void)(p), (void)(n))
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
#define RUNNING_ON_VALGRIND 0
#endif

static int ctime_mode;
static int canary;
static volatile int sink;

static inline void secret(const void *p, size_t n)
{
    if (ctime_mode)
        (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}

static inline void public_(const void *p, size_t n)
{
    if (ctime_mode)
        (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
}

/* 1 under valgrind with --ctime: valgrind's synthetic cpuid hides some
 * extensions it does run (ADX, AVX-512 it does not), so a program may force
 * the paths cpuid would refuse */
static inline int ctime_under_valgrind(void)
{
    return ctime_mode && RUNNING_ON_VALGRIND;
}

/* public_ of a whole variable or array */
#define PUBLIC(x) public_(&(x), sizeof(x))

/* Parses a leading "--ctime [--canary]": returns the index of the first
 * other argument, or -1 after a message if --ctime is asked of a build
 * without valgrind/memcheck.h (the caller exits 2). */
static inline int ctime_args(int argc, char **argv, const char *name)
{
    if (argc < 2 || strcmp(argv[1], "--ctime") != 0)
        return 1;
#ifndef HAVE_MEMCHECK
    fprintf(stderr, "%s: built without valgrind/memcheck.h\n", name);
    return -1;
#endif
    ctime_mode = 1;
    /* The instruction set valgrind emulates may lack the SHA extensions;
     * the hash is not what is under test here. */
    pkc_sha256_set_impl(PKC_SHA256_IMPL_PORTABLE);
    if (argc > 2 && strcmp(argv[2], "--canary") == 0) {
        canary = 1;
        return 3;
    }
    return 2;
}

#endif
