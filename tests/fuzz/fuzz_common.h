/* pkc fuzzing — what every harness shares.
 *
 * Each tests/fuzz/fuzz_<name>.c defines int pkc_fuzz_<name>(const uint8_t *,
 * size_t) and, only when PKC_FUZZ_MAIN is defined (the libFuzzer build of
 * `make fuzz`), LLVMFuzzerTestOneInput. tests/test_fuzz_replay.c includes
 * every harness into one program, so static helpers carry a per-harness
 * prefix and this header is include-guarded.
 *
 * A harness must never crash on any input: a crash or a sanitizer report is
 * a bug in the library. Beyond that, FUZZ_CHECK states properties that must
 * hold for every input (a decoded value re-encodes to the same bytes, a
 * failed decryption gives the one error...). A broken property aborts, so
 * that libFuzzer saves the input; the replay test instead arms
 * pkc_fuzz_jmp, counts the failure and goes on with the next input (the
 * harness's allocations for that input leak: the test fails anyway).
 */
#ifndef PKC_FUZZ_COMMON_H
#define PKC_FUZZ_COMMON_H

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/common.h"

/* What the replay test is running (a corpus file name or a mutation
 * number), printed with a broken property. */
static const char *pkc_fuzz_current = "(libFuzzer input)";
/* Where a broken property returns to in the replay test (NULL: abort). */
static jmp_buf *pkc_fuzz_jmp;

__attribute__((noreturn)) static inline void pkc_fuzz_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: fuzz property failed: %s\n  input: %s\n", file, line, what,
            pkc_fuzz_current);
    fflush(stderr);
    if (pkc_fuzz_jmp)
        longjmp(*pkc_fuzz_jmp, 1);
    abort();
}

#define FUZZ_CHECK(cond)                                    \
    do {                                                    \
        if (!(cond))                                        \
            pkc_fuzz_fail(__FILE__, __LINE__, #cond);       \
    } while (0)

/* A private, exactly sized copy of the input: libFuzzer's buffer already is
 * exact, but the replay test's mutations are not, and a NUL-terminated copy
 * lets text parsers be checked against reading past len (ASan sees it). */
static inline uint8_t *pkc_fuzz_dup(const uint8_t *data, size_t len)
{
    uint8_t *p = malloc(len ? len : 1);
    if (!p)
        abort();
    if (len)
        memcpy(p, data, len);
    return p;
}

/* Every code a parser may return for bad input: anything else (an
 * internal error, an out-of-range value) is a bug. */
static inline int pkc_fuzz_is_input_error(pkc_err e)
{
    switch (e) {
    case PKC_ERR_DECODE:
    case PKC_ERR_KEY:
    case PKC_ERR_POINT:
    case PKC_ERR_RANGE:
    case PKC_ERR_UNSUPPORTED:
    case PKC_ERR_VERIFY:
    case PKC_ERR_ARG:
    case PKC_ERR_DECRYPT:
        return 1;
    default:
        return 0;
    }
}

#endif
