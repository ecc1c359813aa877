/* pkc — the secp256k1 field product and square with MULX, ADCX and ADOX
 * (internal; layer 0 of src/ec/, included by field_k256.h on x86-64; the
 * CPU is checked by the caller, pkc_ecp_use_adx in ecp_cpu.h).
 *
 * r = a b mod p and r = a^2 mod p for p = 2^256 - C, C = 2^32 + 977, with
 * a, b < p and r < p (canonical, as field_k256.h's portable k256_reduce):
 *
 *   1. the 512-bit product H 2^256 + L: row by row, one word b_j at a
 *      time; the low halves go on the CF chain (ADCX), the high halves on
 *      the OF chain (ADOX). The square computes the six cross products
 *      once, doubles them and adds the four squares of the words.
 *   2. L + H C < 2^256 + 2^256 2^33: four words s and a top word < 2^34
 *      (the same two chains, with MULX by C).
 *   3. s + top C: top C < 2^67. A carry out of the top word means the value
 *      passed 2^256, which is C mod p; the four words are then below 2^67,
 *      and adding C (kept by a mask) cannot carry again.
 *   4. s < 2^256 < 2p: s >= p exactly when s + C carries out of 2^256, and
 *      then s + C - 2^256 = s - p is kept (CMOV).
 *
 * Each column's sum stays within its words because the partial product
 * after row j is below 2^(256 + 64 (j + 1)), so the high word of a row
 * (at most 2^64 - 2) plus its two carries never wraps. No branch and no
 * memory index depends on the data. Written as inline asm so that the
 * compiler can place it inside the point formulas; the operands are
 * memory, the results registers (twelve registers in all).
 */
#ifndef PKC_EC_K256_ADX_H
#define PKC_EC_K256_ADX_H

#include <stdint.h>

#if defined(__x86_64__) && !defined(PKC_NO_ASM) && (defined(__GNUC__) || defined(__clang__))
#define PKC_EC_K256_ADX 1

/* steps 2-4 on the product in r0..r7 (r4..r7 clobbered); rdx = C after */
#define K256_ADX_REDUCE                                          \
    "movabsq $0x1000003d1, %%rdx\n"                              \
    "xorl %k[lo], %k[lo]\n"                                      \
    "mulxq %[r4], %[lo], %[hi]\n"                                \
    "adcxq %[lo], %[r0]\n"                                       \
    "adoxq %[hi], %[r1]\n"                                       \
    "mulxq %[r5], %[lo], %[hi]\n"                                \
    "adcxq %[lo], %[r1]\n"                                       \
    "adoxq %[hi], %[r2]\n"                                       \
    "mulxq %[r6], %[lo], %[hi]\n"                                \
    "adcxq %[lo], %[r2]\n"                                       \
    "adoxq %[hi], %[r3]\n"                                       \
    "mulxq %[r7], %[lo], %[r4]\n"                                \
    "adcxq %[lo], %[r3]\n"                                       \
    "movl $0, %k[lo]\n"                                          \
    "adoxq %[lo], %[r4]\n"                                       \
    "adcxq %[lo], %[r4]\n" /* top < 2^34 */                      \
    "mulxq %[r4], %[lo], %[hi]\n"                                \
    "addq %[lo], %[r0]\n"                                        \
    "adcq %[hi], %[r1]\n"                                        \
    "adcq $0, %[r2]\n"                                           \
    "adcq $0, %[r3]\n"                                           \
    "sbbq %[lo], %[lo]\n"                                        \
    "andq %%rdx, %[lo]\n"                                        \
    "addq %[lo], %[r0]\n"                                        \
    "adcq $0, %[r1]\n"                                           \
    "adcq $0, %[r2]\n"                                           \
    "adcq $0, %[r3]\n"                                           \
    "movq %[r0], %[r4]\n"                                        \
    "movq %[r1], %[r5]\n"                                        \
    "movq %[r2], %[r6]\n"                                        \
    "movq %[r3], %[r7]\n"                                        \
    "addq %%rdx, %[r4]\n"                                        \
    "adcq $0, %[r5]\n"                                           \
    "adcq $0, %[r6]\n"                                           \
    "adcq $0, %[r7]\n"                                           \
    "cmovcq %[r4], %[r0]\n"                                      \
    "cmovcq %[r5], %[r1]\n"                                      \
    "cmovcq %[r6], %[r2]\n"                                      \
    "cmovcq %[r7], %[r3]\n"

/* row j of the product: acc[j..j+3] += a b_j, acc[j+4] is written */
#define K256_ADX_ROW(bj, x0, x1, x2, x3, x4)                     \
    "movq " bj ", %%rdx\n"                                       \
    "xorl %k[" x4 "], %k[" x4 "]\n"                              \
    "mulxq 0(%[a]), %[lo], %[hi]\n"                              \
    "adcxq %[lo], %[" x0 "]\n"                                   \
    "adoxq %[hi], %[" x1 "]\n"                                   \
    "mulxq 8(%[a]), %[lo], %[hi]\n"                              \
    "adcxq %[lo], %[" x1 "]\n"                                   \
    "adoxq %[hi], %[" x2 "]\n"                                   \
    "mulxq 16(%[a]), %[lo], %[hi]\n"                             \
    "adcxq %[lo], %[" x2 "]\n"                                   \
    "adoxq %[hi], %[" x3 "]\n"                                   \
    "mulxq 24(%[a]), %[lo], %[hi]\n"                             \
    "adcxq %[lo], %[" x3 "]\n"                                   \
    "adoxq %[hi], %[" x4 "]\n"                                   \
    "movl $0, %k[lo]\n"                                          \
    "adcxq %[lo], %[" x4 "]\n"

static inline __attribute__((always_inline)) void k256_mul_adx(uint64_t *r, const uint64_t *a,
                                                                const uint64_t *b)
{
    uint64_t r0, r1, r2, r3, r4, r5, r6, r7, lo, hi;
    __asm__("movq 0(%[b]), %%rdx\n"
            "mulxq 0(%[a]), %[r0], %[r1]\n"
            "mulxq 8(%[a]), %[lo], %[r2]\n"
            "addq %[lo], %[r1]\n"
            "mulxq 16(%[a]), %[lo], %[r3]\n"
            "adcq %[lo], %[r2]\n"
            "mulxq 24(%[a]), %[lo], %[r4]\n"
            "adcq %[lo], %[r3]\n"
            "adcq $0, %[r4]\n"
            K256_ADX_ROW("8(%[b])", "r1", "r2", "r3", "r4", "r5")
            K256_ADX_ROW("16(%[b])", "r2", "r3", "r4", "r5", "r6")
            K256_ADX_ROW("24(%[b])", "r3", "r4", "r5", "r6", "r7")
            K256_ADX_REDUCE
            : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4),
              [r5] "=&r"(r5), [r6] "=&r"(r6), [r7] "=&r"(r7), [lo] "=&r"(lo), [hi] "=&r"(hi)
            : [a] "r"(a), [b] "r"(b), "m"(*(const uint64_t(*)[4])a), "m"(*(const uint64_t(*)[4])b)
            : "rdx", "cc");
    r[0] = r0;
    r[1] = r1;
    r[2] = r2;
    r[3] = r3;
}

static inline __attribute__((always_inline)) void k256_sqr_adx(uint64_t *r, const uint64_t *a)
{
    uint64_t r0, r1, r2, r3, r4, r5, r6, r7, lo, hi;
    __asm__(/* cross products a_i a_j (i < j) into r1..r6; r7 = 0 */
            "movq 0(%[a]), %%rdx\n"
            "xorl %k[r7], %k[r7]\n"
            "mulxq 8(%[a]), %[r1], %[r2]\n"  /* a0 a1: 1, 2 */
            "mulxq 16(%[a]), %[lo], %[r3]\n" /* a0 a2: 2, 3 */
            "adcxq %[lo], %[r2]\n"
            "mulxq 24(%[a]), %[lo], %[r4]\n" /* a0 a3: 3, 4 */
            "adcxq %[lo], %[r3]\n"
            "movq 8(%[a]), %%rdx\n"
            "mulxq 16(%[a]), %[lo], %[hi]\n" /* a1 a2: 3, 4 */
            "adoxq %[lo], %[r3]\n"
            "adcxq %[hi], %[r4]\n"
            "mulxq 24(%[a]), %[lo], %[r5]\n" /* a1 a3: 4, 5 */
            "adoxq %[lo], %[r4]\n"
            "adcxq %[r7], %[r5]\n" /* CF is 0 after this: r5 <= 2^64 - 1 */
            "movq 16(%[a]), %%rdx\n"
            "mulxq 24(%[a]), %[lo], %[r6]\n" /* a2 a3: 5, 6 */
            "adoxq %[lo], %[r5]\n"
            "adoxq %[r7], %[r6]\n"
            /* doubled: r1..r7 */
            "addq %[r1], %[r1]\n"
            "adcq %[r2], %[r2]\n"
            "adcq %[r3], %[r3]\n"
            "adcq %[r4], %[r4]\n"
            "adcq %[r5], %[r5]\n"
            "adcq %[r6], %[r6]\n"
            "adcq %[r7], %[r7]\n"
            /* plus the squares a_i^2 at 2i, 2i + 1 */
            "movq 0(%[a]), %%rdx\n"
            "mulxq %%rdx, %[r0], %[hi]\n"
            "addq %[hi], %[r1]\n"
            "movq 8(%[a]), %%rdx\n"
            "mulxq %%rdx, %[lo], %[hi]\n"
            "adcq %[lo], %[r2]\n"
            "adcq %[hi], %[r3]\n"
            "movq 16(%[a]), %%rdx\n"
            "mulxq %%rdx, %[lo], %[hi]\n"
            "adcq %[lo], %[r4]\n"
            "adcq %[hi], %[r5]\n"
            "movq 24(%[a]), %%rdx\n"
            "mulxq %%rdx, %[lo], %[hi]\n"
            "adcq %[lo], %[r6]\n"
            "adcq %[hi], %[r7]\n"
            K256_ADX_REDUCE
            : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4),
              [r5] "=&r"(r5), [r6] "=&r"(r6), [r7] "=&r"(r7), [lo] "=&r"(lo), [hi] "=&r"(hi)
            : [a] "r"(a), "m"(*(const uint64_t(*)[4])a)
            : "rdx", "cc");
    r[0] = r0;
    r[1] = r1;
    r[2] = r2;
    r[3] = r3;
}

/* r = a + b mod p (plain x86-64, no MULX or ADX: any x86-64 CPU). With
 * a, b < p: s = a + b mod 2^256 and u = s + C; a carry out of the first
 * sum means a + b = s + 2^256 >= p, and then s + C < 2^256 is the result
 * a + b - p; without it, s >= p exactly when u carries. Kept by CMOV. */
static inline __attribute__((always_inline)) void k256_add_x64(uint64_t *r, const uint64_t *a,
                                                                const uint64_t *b)
{
    uint64_t r0, r1, r2, r3, u0, u1, u2, u3, m;
    __asm__("movq 0(%[a]), %[r0]\n"
            "movq 8(%[a]), %[r1]\n"
            "movq 16(%[a]), %[r2]\n"
            "movq 24(%[a]), %[r3]\n"
            "addq 0(%[b]), %[r0]\n"
            "adcq 8(%[b]), %[r1]\n"
            "adcq 16(%[b]), %[r2]\n"
            "adcq 24(%[b]), %[r3]\n"
            "sbbq %[m], %[m]\n"
            "movabsq $0x1000003d1, %[u0]\n"
            "addq %[r0], %[u0]\n"
            "movq %[r1], %[u1]\n"
            "adcq $0, %[u1]\n"
            "movq %[r2], %[u2]\n"
            "adcq $0, %[u2]\n"
            "movq %[r3], %[u3]\n"
            "adcq $0, %[u3]\n"
            "adcq $0, %[m]\n" /* m = 0 - c1 + c2: 0 exactly when neither carried */
            "cmovnzq %[u0], %[r0]\n"
            "cmovnzq %[u1], %[r1]\n"
            "cmovnzq %[u2], %[r2]\n"
            "cmovnzq %[u3], %[r3]\n"
            : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [u0] "=&r"(u0),
              [u1] "=&r"(u1), [u2] "=&r"(u2), [u3] "=&r"(u3), [m] "=&r"(m)
            : [a] "r"(a), [b] "r"(b), "m"(*(const uint64_t(*)[4])a), "m"(*(const uint64_t(*)[4])b)
            : "cc");
    r[0] = r0;
    r[1] = r1;
    r[2] = r2;
    r[3] = r3;
}

/* r = a - b mod p (plain x86-64). With a, b < p: a borrow means
 * s = a - b + 2^256, and s - C = a - b + p is the result (s >= 2^256 - p
 * = C, so that subtraction cannot borrow); the C subtracted is masked. */
static inline __attribute__((always_inline)) void k256_sub_x64(uint64_t *r, const uint64_t *a,
                                                                const uint64_t *b)
{
    uint64_t r0, r1, r2, r3, m;
    __asm__("movq 0(%[a]), %[r0]\n"
            "movq 8(%[a]), %[r1]\n"
            "movq 16(%[a]), %[r2]\n"
            "movq 24(%[a]), %[r3]\n"
            "subq 0(%[b]), %[r0]\n"
            "sbbq 8(%[b]), %[r1]\n"
            "sbbq 16(%[b]), %[r2]\n"
            "sbbq 24(%[b]), %[r3]\n"
            "sbbq %[m], %[m]\n"
            "andq %[c], %[m]\n"
            "subq %[m], %[r0]\n"
            "sbbq $0, %[r1]\n"
            "sbbq $0, %[r2]\n"
            "sbbq $0, %[r3]\n"
            : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [m] "=&r"(m)
            : [a] "r"(a), [b] "r"(b), [c] "r"(0x1000003d1ULL), "m"(*(const uint64_t(*)[4])a),
              "m"(*(const uint64_t(*)[4])b)
            : "cc");
    r[0] = r0;
    r[1] = r1;
    r[2] = r2;
    r[3] = r3;
}

#undef K256_ADX_ROW
#undef K256_ADX_REDUCE
#else
#define PKC_EC_K256_ADX 0
#endif

#endif
