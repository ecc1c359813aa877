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

/* The libFuzzer entry point of a harness: only in the libFuzzer build
 * (PKC_FUZZ_MAIN), where each harness is its own program. */
#ifdef PKC_FUZZ_MAIN
#define PKC_FUZZ_TARGET(fn)                                         \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)    \
    {                                                               \
        return fn(data, size);                                      \
    }
#else
#define PKC_FUZZ_TARGET(fn)
#endif

/* Reading a structured input: each call takes bytes from the front; an
 * input that runs out reads as zeros, so every byte string is a valid
 * input (libFuzzer need not learn a framing). */
typedef struct {
    const uint8_t *p;
    size_t n;
} pkc_fuzz_in;

static inline uint8_t pkc_fuzz_byte(pkc_fuzz_in *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

/* Up to want bytes (fewer when the input ends): *len gets the count. */
static inline const uint8_t *pkc_fuzz_take(pkc_fuzz_in *in, size_t want, size_t *len)
{
    const uint8_t *p = in->p;
    *len = want < in->n ? want : in->n;
    in->p += *len;
    in->n -= *len;
    return p;
}

/* Near-valid inputs: the harness makes a valid object and the input says
 * how to damage it. The mask is XORed in from offset off (mod len),
 * wrapping around; an empty mask leaves the object valid. */
static inline void pkc_fuzz_xor(uint8_t *buf, size_t len, size_t off, const uint8_t *mask,
                                size_t masklen)
{
    if (len == 0)
        return;
    for (size_t i = 0; i < masklen; i++)
        buf[(off + i) % len] ^= mask[i];
}

/* The XOR damage as the input gives it: a two-byte offset, then the mask
 * (the rest of the input). */
static inline void pkc_fuzz_damage(uint8_t *buf, size_t len, pkc_fuzz_in *in)
{
    size_t off = (size_t)pkc_fuzz_byte(in) << 8;
    off |= pkc_fuzz_byte(in);
    size_t ml = 0;
    const uint8_t *mask = pkc_fuzz_take(in, in->n, &ml);
    pkc_fuzz_xor(buf, len, off, mask, ml);
}

#endif
