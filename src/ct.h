/* pkc — constant-time helpers (internal).
 *
 * Masks are all-ones (true) or all-zeros (false) 64-bit words. None of these
 * functions branches on or indexes memory with its arguments. The value
 * barrier stops the compiler from turning mask arithmetic back into branches.
 */
#ifndef PKC_CT_H
#define PKC_CT_H

#include <stddef.h>
#include <stdint.h>

/* Declassification for the constant-time tests (tests/test_ec_ctime.c,
 * tests/test_rsa_ctime.c, tests/test_pem_ctime.c): they mark secrets
 * (private keys, the DRBG state, whole private-key files) undefined under valgrind's memcheck, so that any
 * branch or memory index depending on them is reported. Values that become
 * public legitimately (a verdict, a signature, a public key, the layout of a
 * key file) are marked defined again with PKC_DECLASSIFY right before the
 * code branches on them. Outside valgrind the client request is a handful of
 * no-op instructions. */
#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define PKC_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#endif
#endif
#ifndef PKC_DECLASSIFY
#define PKC_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

static inline uint64_t ct_barrier(uint64_t x)
{
    __asm__("" : "+r"(x));
    return x;
}

/* all-ones if x != 0 */
static inline uint64_t ct_mask_nonzero(uint64_t x)
{
    x = ct_barrier(x);
    return (uint64_t)0 - ((x | ((uint64_t)0 - x)) >> 63);
}

/* all-ones if x == 0 */
static inline uint64_t ct_mask_zero(uint64_t x)
{
    return ~ct_mask_nonzero(x);
}

/* all-ones if a == b */
static inline uint64_t ct_mask_eq(uint64_t a, uint64_t b)
{
    return ct_mask_zero(a ^ b);
}

/* all-ones if a < b (unsigned) */
static inline uint64_t ct_mask_lt(uint64_t a, uint64_t b)
{
    /* the borrow of a - b, spread over the high word */
    return (uint64_t)(((unsigned __int128)ct_barrier(a) - b) >> 64);
}

/* mask ? a : b */
static inline uint64_t ct_select(uint64_t mask, uint64_t a, uint64_t b)
{
    return b ^ (mask & (a ^ b));
}

/* if mask, copy n words from src to dst */
static inline void ct_cmov_words(uint64_t *dst, const uint64_t *src, size_t n, uint64_t mask)
{
    for (size_t i = 0; i < n; i++)
        dst[i] ^= mask & (dst[i] ^ src[i]);
}

/* if mask, copy n bytes from src to dst */
static inline void ct_cmov_bytes(uint8_t *dst, const uint8_t *src, size_t n, uint64_t mask)
{
    uint8_t m = (uint8_t)mask;
    for (size_t i = 0; i < n; i++)
        dst[i] ^= m & (dst[i] ^ src[i]);
}

/* all-ones if the n bytes at a and b are equal; time depends only on n */
static inline uint64_t ct_mask_memeq(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint64_t d = 0;
    for (size_t i = 0; i < n; i++)
        d |= (uint64_t)(a[i] ^ b[i]);
    return ct_mask_zero(d);
}

#endif
