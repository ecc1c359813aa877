/* pkc — arithmetic in GF(2^255 - 19) on four 64-bit limbs with MULX, ADCX
 * and ADOX (internal; the X25519 ladder on CPUs with BMI2 and ADX).
 *
 * An element is four unsigned 64-bit limbs, value = sum v[i] 2^(64 i), any
 * value in [0, 2^256): every function accepts and returns that range, and
 * keeps the value mod p. 2^256 = 38 (mod p), so a carry out of bit 255 is
 * folded back in as 38, a borrow as -38:
 *
 *   add  a + b = s + c 2^256 (c <= 1): s + 38 c, and once more if that
 *        carries (then the sum is below 38, so a second carry cannot follow)
 *   sub  a - b = s - c 2^256: s - 38 c, and once more if that borrows (then
 *        s was below 38, the result is at least 2^64 - 38 in limb 0: no
 *        third borrow)
 *   mul  the 512-bit product lo + hi 2^256 becomes lo + 38 hi (a 261-bit
 *        value t + t4 2^256, t4 <= 38), then t + 38 t4, plus 38 on a carry
 *
 * The products use MULX (it leaves the flags alone) and two carry chains,
 * ADCX on CF and ADOX on OF, as Intel's white paper on large-integer
 * arithmetic with these instructions (Gopal et al., 2012) describes.
 * fe64_tobytes is the only full reduction. Nothing here branches on or
 * indexes memory with a value; the caller checks the CPU first
 * (pkc_x25519_have_adx).
 */
#ifndef PKC_ECX_FE64_25519_H
#define PKC_ECX_FE64_25519_H

#include <stdint.h>

#if defined(__x86_64__) && !defined(PKC_NO_ASM)
#define PKC_FE64_25519 1

typedef uint64_t fe64[4];

#define FE64_INLINE static inline __attribute__((always_inline))

/* r = a + b */
FE64_INLINE void fe64_add(fe64 r, const fe64 a, const fe64 b)
{
    __asm__("movq 0(%[a]), %%r8\n\t"
            "addq 0(%[b]), %%r8\n\t"
            "movq 8(%[a]), %%r9\n\t"
            "adcq 8(%[b]), %%r9\n\t"
            "movq 16(%[a]), %%r10\n\t"
            "adcq 16(%[b]), %%r10\n\t"
            "movq 24(%[a]), %%r11\n\t"
            "adcq 24(%[b]), %%r11\n\t"
            "sbbq %%rax, %%rax\n\t"
            "andq $38, %%rax\n\t"
            "addq %%rax, %%r8\n\t"
            "adcq $0, %%r9\n\t"
            "adcq $0, %%r10\n\t"
            "adcq $0, %%r11\n\t"
            "sbbq %%rax, %%rax\n\t"
            "andq $38, %%rax\n\t"
            "addq %%rax, %%r8\n\t"
            "movq %%r8, 0(%[r])\n\t"
            "movq %%r9, 8(%[r])\n\t"
            "movq %%r10, 16(%[r])\n\t"
            "movq %%r11, 24(%[r])\n\t"
            :
            : [r] "r"(r), [a] "r"(a), [b] "r"(b)
            : "rax", "r8", "r9", "r10", "r11", "cc", "memory");
}

/* r = a - b */
FE64_INLINE void fe64_sub(fe64 r, const fe64 a, const fe64 b)
{
    __asm__("movq 0(%[a]), %%r8\n\t"
            "subq 0(%[b]), %%r8\n\t"
            "movq 8(%[a]), %%r9\n\t"
            "sbbq 8(%[b]), %%r9\n\t"
            "movq 16(%[a]), %%r10\n\t"
            "sbbq 16(%[b]), %%r10\n\t"
            "movq 24(%[a]), %%r11\n\t"
            "sbbq 24(%[b]), %%r11\n\t"
            "sbbq %%rax, %%rax\n\t"
            "andq $38, %%rax\n\t"
            "subq %%rax, %%r8\n\t"
            "sbbq $0, %%r9\n\t"
            "sbbq $0, %%r10\n\t"
            "sbbq $0, %%r11\n\t"
            "sbbq %%rax, %%rax\n\t"
            "andq $38, %%rax\n\t"
            "subq %%rax, %%r8\n\t"
            "movq %%r8, 0(%[r])\n\t"
            "movq %%r9, 8(%[r])\n\t"
            "movq %%r10, 16(%[r])\n\t"
            "movq %%r11, 24(%[r])\n\t"
            :
            : [r] "r"(r), [a] "r"(a), [b] "r"(b)
            : "rax", "r8", "r9", "r10", "r11", "cc", "memory");
}

/* s = a + b and d = a - b in one pass (s and d distinct from a and b) */
FE64_INLINE void fe64_addsub(fe64 s, fe64 d, const fe64 a, const fe64 b)
{
    __asm__("movq 0(%[a]), %%r8\n\t"
            "movq 8(%[a]), %%r9\n\t"
            "movq 16(%[a]), %%r10\n\t"
            "movq 24(%[a]), %%r11\n\t"
            "movq %%r8, %%rcx\n\t"
            "movq %%r9, %%rdx\n\t"
            "movq %%r10, %%rsi\n\t"
            "movq %%r11, %%rdi\n\t"
            "addq 0(%[b]), %%r8\n\t"
            "adcq 8(%[b]), %%r9\n\t"
            "adcq 16(%[b]), %%r10\n\t"
            "adcq 24(%[b]), %%r11\n\t"
            "sbbq %%rax, %%rax\n\t"
            "andq $38, %%rax\n\t"
            "addq %%rax, %%r8\n\t"
            "adcq $0, %%r9\n\t"
            "adcq $0, %%r10\n\t"
            "adcq $0, %%r11\n\t"
            "sbbq %%rax, %%rax\n\t"
            "andq $38, %%rax\n\t"
            "addq %%rax, %%r8\n\t"
            "movq %%r8, 0(%[s])\n\t"
            "movq %%r9, 8(%[s])\n\t"
            "movq %%r10, 16(%[s])\n\t"
            "movq %%r11, 24(%[s])\n\t"
            "subq 0(%[b]), %%rcx\n\t"
            "sbbq 8(%[b]), %%rdx\n\t"
            "sbbq 16(%[b]), %%rsi\n\t"
            "sbbq 24(%[b]), %%rdi\n\t"
            "sbbq %%rax, %%rax\n\t"
            "andq $38, %%rax\n\t"
            "subq %%rax, %%rcx\n\t"
            "sbbq $0, %%rdx\n\t"
            "sbbq $0, %%rsi\n\t"
            "sbbq $0, %%rdi\n\t"
            "sbbq %%rax, %%rax\n\t"
            "andq $38, %%rax\n\t"
            "subq %%rax, %%rcx\n\t"
            "movq %%rcx, 0(%[d])\n\t"
            "movq %%rdx, 8(%[d])\n\t"
            "movq %%rsi, 16(%[d])\n\t"
            "movq %%rdi, 24(%[d])\n\t"
            :
            : [s] "r"(s), [d] "r"(d), [a] "r"(a), [b] "r"(b)
            : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "cc", "memory");
}

/* The reduction shared by mul and sqr: the product's limbs t0..t3 in
 * r8..r11 and t4..t7 in r12..r15 become (lo + 38 hi) mod 2^256 + 38 * (its
 * carries), stored at r. */
#define FE64_REDUCE_STORE                                                       \
    "movl $38, %%edx\n\t"                                                      \
    "xorl %%eax, %%eax\n\t"                                                    \
    "mulxq %%r12, %%rax, %%rbx\n\t"                                            \
    "adcxq %%rax, %%r8\n\t"                                                    \
    "adoxq %%rbx, %%r9\n\t"                                                    \
    "mulxq %%r13, %%rax, %%rbx\n\t"                                            \
    "adcxq %%rax, %%r9\n\t"                                                    \
    "adoxq %%rbx, %%r10\n\t"                                                   \
    "mulxq %%r14, %%rax, %%rbx\n\t"                                            \
    "adcxq %%rax, %%r10\n\t"                                                   \
    "adoxq %%rbx, %%r11\n\t"                                                   \
    "mulxq %%r15, %%rax, %%r12\n\t"                                            \
    "adcxq %%rax, %%r11\n\t"                                                   \
    "movl $0, %%eax\n\t"                                                       \
    "adoxq %%rax, %%r12\n\t"                                                   \
    "adcxq %%rax, %%r12\n\t" /* t4 <= 38 */                                    \
    "imulq $38, %%r12, %%r12\n\t"                                              \
    "addq %%r12, %%r8\n\t"                                                     \
    "adcq $0, %%r9\n\t"                                                        \
    "adcq $0, %%r10\n\t"                                                       \
    "adcq $0, %%r11\n\t"                                                       \
    "sbbq %%rax, %%rax\n\t"                                                    \
    "andq $38, %%rax\n\t"                                                      \
    "addq %%rax, %%r8\n\t"                                                     \
    "movq %%r8, 0(%[r])\n\t"                                                   \
    "movq %%r9, 8(%[r])\n\t"                                                   \
    "movq %%r10, 16(%[r])\n\t"                                                 \
    "movq %%r11, 24(%[r])\n\t"

/* One row of the schoolbook product: rdx = a_i, added into t_i..t_{i+3}
 * (ADCX for the low halves, ADOX for the high ones); the row's top word
 * lands in T4 with both chains' carries. Registers named by the caller. */
#define FE64_ROW(T0, T1, T2, T3, T4)                                            \
    "xorl %%eax, %%eax\n\t"                                                    \
    "mulxq 0(%[b]), %%rax, %%rbx\n\t"                                          \
    "adcxq %%rax, " T0 "\n\t"                                                  \
    "adoxq %%rbx, " T1 "\n\t"                                                  \
    "mulxq 8(%[b]), %%rax, %%rbx\n\t"                                          \
    "adcxq %%rax, " T1 "\n\t"                                                  \
    "adoxq %%rbx, " T2 "\n\t"                                                  \
    "mulxq 16(%[b]), %%rax, %%rbx\n\t"                                         \
    "adcxq %%rax, " T2 "\n\t"                                                  \
    "adoxq %%rbx, " T3 "\n\t"                                                  \
    "mulxq 24(%[b]), %%rax, " T4 "\n\t"                                        \
    "adcxq %%rax, " T3 "\n\t"                                                  \
    "movl $0, %%eax\n\t"                                                       \
    "adoxq %%rax, " T4 "\n\t"                                                  \
    "adcxq %%rax, " T4 "\n\t"

/* r = a b (r may alias a or b: the inputs are read before r is written) */
FE64_INLINE void fe64_mul(fe64 r, const fe64 a, const fe64 b)
{
    __asm__("movq 0(%[a]), %%rdx\n\t"
            "mulxq 0(%[b]), %%r8, %%r9\n\t"
            "mulxq 8(%[b]), %%rax, %%r10\n\t"
            "addq %%rax, %%r9\n\t"
            "mulxq 16(%[b]), %%rax, %%r11\n\t"
            "adcq %%rax, %%r10\n\t"
            "mulxq 24(%[b]), %%rax, %%r12\n\t"
            "adcq %%rax, %%r11\n\t"
            "adcq $0, %%r12\n\t"
            "movq 8(%[a]), %%rdx\n\t" FE64_ROW("%%r9", "%%r10", "%%r11", "%%r12", "%%r13")
            "movq 16(%[a]), %%rdx\n\t" FE64_ROW("%%r10", "%%r11", "%%r12", "%%r13", "%%r14")
            "movq 24(%[a]), %%rdx\n\t" FE64_ROW("%%r11", "%%r12", "%%r13", "%%r14", "%%r15")
            FE64_REDUCE_STORE
            :
            : [r] "r"(r), [a] "r"(a), [b] "r"(b)
            : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc",
              "memory");
}

/* r = a^2: the six cross products once, doubled, plus the four squares */
FE64_INLINE void fe64_sqr(fe64 r, const fe64 a)
{
    __asm__(/* the cross products into t1..t6: a0 a_j and a1 a3, a2 a3 on the
             * CF chain, a1 a2 on the OF chain (r8 and r15 are free until the
             * squares) */
            "xorl %%eax, %%eax\n\t"
            "movq 0(%[a]), %%rdx\n\t"
            "mulxq 8(%[a]), %%r9, %%r10\n\t"  /* a0 a1 at t1 */
            "mulxq 16(%[a]), %%rax, %%r11\n\t" /* a0 a2 at t2 */
            "adcxq %%rax, %%r10\n\t"
            "mulxq 24(%[a]), %%rax, %%r12\n\t" /* a0 a3 at t3 */
            "adcxq %%rax, %%r11\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "mulxq 16(%[a]), %%r8, %%rbx\n\t"  /* a1 a2 at t3 */
            "mulxq 24(%[a]), %%rax, %%r13\n\t" /* a1 a3 at t4 */
            "adcxq %%rax, %%r12\n\t"
            "adoxq %%r8, %%r11\n\t"
            "adoxq %%rbx, %%r12\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "mulxq 24(%[a]), %%rax, %%r14\n\t" /* a2 a3 at t5 */
            "adcxq %%rax, %%r13\n\t"
            "movl $0, %%r15d\n\t"
            "adcxq %%r15, %%r14\n\t"
            "adoxq %%r15, %%r13\n\t"
            "adoxq %%r15, %%r14\n\t" /* the sum of the cross products < 2^448 */
            /* 2 (t1..t6) on the CF chain (ADCX), into t1..t7, and the squares
             * added on the OF chain (ADOX), interleaved: each limb is
             * doubled before its square term is added */
            "xorl %%r15d, %%r15d\n\t"
            "movq 0(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%r8, %%rax\n\t"
            "adcxq %%r9, %%r9\n\t"
            "adoxq %%rax, %%r9\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rbx\n\t"
            "adcxq %%r10, %%r10\n\t"
            "adoxq %%rax, %%r10\n\t"
            "adcxq %%r11, %%r11\n\t"
            "adoxq %%rbx, %%r11\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rbx\n\t"
            "adcxq %%r12, %%r12\n\t"
            "adoxq %%rax, %%r12\n\t"
            "adcxq %%r13, %%r13\n\t"
            "adoxq %%rbx, %%r13\n\t"
            "movq 24(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %%rax, %%rbx\n\t"
            "adcxq %%r14, %%r14\n\t"
            "adoxq %%rax, %%r14\n\t"
            "adcxq %%r15, %%r15\n\t"
            "adoxq %%rbx, %%r15\n\t"
            FE64_REDUCE_STORE
            :
            : [r] "r"(r), [a] "r"(a)
            : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc",
              "memory");
}

/* r = a^(2^n), n >= 1 */
FE64_INLINE void fe64_sqr_n(fe64 r, const fe64 a, int n)
{
    fe64_sqr(r, a);
    for (int i = 1; i < n; i++)
        fe64_sqr(r, r);
}

/* r = a * k, k < 2^32 (a24 = 121665) */
FE64_INLINE void fe64_mul_small(fe64 r, const fe64 a, uint32_t k)
{
    __asm__("movl %[k], %%edx\n\t"
            "mulxq 0(%[a]), %%r8, %%r9\n\t"
            "mulxq 8(%[a]), %%rax, %%r10\n\t"
            "addq %%rax, %%r9\n\t"
            "mulxq 16(%[a]), %%rax, %%r11\n\t"
            "adcq %%rax, %%r10\n\t"
            "mulxq 24(%[a]), %%rax, %%rdx\n\t"
            "adcq %%rax, %%r11\n\t"
            "adcq $0, %%rdx\n\t" /* < 2^32 */
            "imulq $38, %%rdx, %%rdx\n\t"
            "addq %%rdx, %%r8\n\t"
            "adcq $0, %%r9\n\t"
            "adcq $0, %%r10\n\t"
            "adcq $0, %%r11\n\t"
            "sbbq %%rax, %%rax\n\t"
            "andq $38, %%rax\n\t"
            "addq %%rax, %%r8\n\t"
            "movq %%r8, 0(%[r])\n\t"
            "movq %%r9, 8(%[r])\n\t"
            "movq %%r10, 16(%[r])\n\t"
            "movq %%r11, 24(%[r])\n\t"
            :
            : [r] "r"(r), [a] "r"(a), [k] "r"(k)
            : "rax", "rdx", "r8", "r9", "r10", "r11", "cc", "memory");
}

/* r = a k + b, k < 2^32 (AA + a24 E in the ladder): one fold for both */
FE64_INLINE void fe64_mul_small_add(fe64 r, const fe64 a, uint32_t k, const fe64 b)
{
    __asm__("movl %[k], %%edx\n\t"
            "mulxq 0(%[a]), %%r8, %%r9\n\t"
            "mulxq 8(%[a]), %%rax, %%r10\n\t"
            "addq %%rax, %%r9\n\t"
            "mulxq 16(%[a]), %%rax, %%r11\n\t"
            "adcq %%rax, %%r10\n\t"
            "mulxq 24(%[a]), %%rax, %%rdx\n\t"
            "adcq %%rax, %%r11\n\t"
            "adcq $0, %%rdx\n\t"
            "addq 0(%[b]), %%r8\n\t"
            "adcq 8(%[b]), %%r9\n\t"
            "adcq 16(%[b]), %%r10\n\t"
            "adcq 24(%[b]), %%r11\n\t"
            "adcq $0, %%rdx\n\t" /* < 2^32 + 1 */
            "imulq $38, %%rdx, %%rdx\n\t"
            "addq %%rdx, %%r8\n\t"
            "adcq $0, %%r9\n\t"
            "adcq $0, %%r10\n\t"
            "adcq $0, %%r11\n\t"
            "sbbq %%rax, %%rax\n\t"
            "andq $38, %%rax\n\t"
            "addq %%rax, %%r8\n\t"
            "movq %%r8, 0(%[r])\n\t"
            "movq %%r9, 8(%[r])\n\t"
            "movq %%r10, 16(%[r])\n\t"
            "movq %%r11, 24(%[r])\n\t"
            :
            : [r] "r"(r), [a] "r"(a), [k] "r"(k), [b] "r"(b)
            : "rax", "rdx", "r8", "r9", "r10", "r11", "cc", "memory");
}

/* if mask (all-ones or zero), swap a and b */
FE64_INLINE void fe64_cswap(fe64 a, fe64 b, uint64_t mask)
{
    for (int i = 0; i < 4; i++) {
        uint64_t x = mask & (a[i] ^ b[i]);
        a[i] ^= x;
        b[i] ^= x;
    }
}

/* 32 bytes little-endian, bit 255 cleared (RFC 7748 section 5) */
FE64_INLINE void fe64_frombytes(fe64 r, const uint8_t s[32])
{
    for (int i = 0; i < 4; i++) {
        uint64_t x = 0;
        for (int j = 7; j >= 0; j--)
            x = (x << 8) | s[8 * i + j];
        r[i] = x;
    }
    r[3] &= ((uint64_t)1 << 63) - 1;
}

/* The canonical encoding of a (any value below 2^256) */
static inline void fe64_tobytes(uint8_t s[32], const fe64 a)
{
    typedef unsigned __int128 u128;
    uint64_t h[4];
    /* fold bit 255: h = (a mod 2^255) + 19 (a >> 255) < 2^255 + 19 < 2p */
    uint64_t top = a[3] >> 63;
    u128 c = (u128)a[0] + 19 * top;
    h[0] = (uint64_t)c;
    c = (u128)a[1] + (uint64_t)(c >> 64);
    h[1] = (uint64_t)c;
    c = (u128)a[2] + (uint64_t)(c >> 64);
    h[2] = (uint64_t)c;
    h[3] = (a[3] & (((uint64_t)1 << 63) - 1)) + (uint64_t)(c >> 64);
    /* h >= p iff h + 19 >= 2^255; then the result is h + 19 - 2^255 */
    uint64_t g[4];
    c = (u128)h[0] + 19;
    g[0] = (uint64_t)c;
    c = (u128)h[1] + (uint64_t)(c >> 64);
    g[1] = (uint64_t)c;
    c = (u128)h[2] + (uint64_t)(c >> 64);
    g[2] = (uint64_t)c;
    g[3] = h[3] + (uint64_t)(c >> 64);
    uint64_t ge = (uint64_t)0 - (g[3] >> 63);
    g[3] &= ((uint64_t)1 << 63) - 1;
    for (int i = 0; i < 4; i++) {
        uint64_t w = (g[i] & ge) | (h[i] & ~ge);
        for (int j = 0; j < 8; j++)
            s[8 * i + j] = (uint8_t)(w >> (8 * j));
    }
}

/* r = 1/z = z^(p-2) (0 for z = 0): the addition chain of fe25519_invert,
 * 254 squarings and 11 multiplications */
static inline void fe64_invert(fe64 r, const fe64 z)
{
    fe64 t0, t1, t2, t3, z11;
    fe64_sqr(t0, z);          /* 2 */
    fe64_sqr_n(t1, t0, 2);    /* 8 */
    fe64_mul(t1, t1, z);      /* 9 */
    fe64_mul(z11, t0, t1);    /* 11 */
    fe64_sqr(t2, z11);        /* 22 */
    fe64_mul(t1, t1, t2);     /* 31 = 2^5 - 1 */
    fe64_sqr_n(t2, t1, 5);
    fe64_mul(t1, t2, t1);     /* 2^10 - 1 */
    fe64_sqr_n(t2, t1, 10);
    fe64_mul(t2, t2, t1);     /* 2^20 - 1 */
    fe64_sqr_n(t3, t2, 20);
    fe64_mul(t2, t3, t2);     /* 2^40 - 1 */
    fe64_sqr_n(t2, t2, 10);
    fe64_mul(t1, t2, t1);     /* 2^50 - 1 */
    fe64_sqr_n(t2, t1, 50);
    fe64_mul(t2, t2, t1);     /* 2^100 - 1 */
    fe64_sqr_n(t3, t2, 100);
    fe64_mul(t2, t3, t2);     /* 2^200 - 1 */
    fe64_sqr_n(t2, t2, 50);
    fe64_mul(t2, t2, t1);     /* 2^250 - 1 */
    fe64_sqr_n(t2, t2, 5);    /* 2^255 - 32 */
    fe64_mul(r, t2, z11);     /* 2^255 - 21 */
}

#endif /* __x86_64__ */
#endif
