/* pkc — the 6-limb Montgomery product with MULX, ADCX and ADOX (internal;
 * layer 0 of src/ec/: P-384's field on CPUs with BMI2 and ADX, chosen at
 * run time by ecp_cpu.c; mont6_adx.h declares it).
 *
 * r = a b 2^-384 mod m for a, b < m < 2^384, m odd, m0 = -m^-1 mod 2^64:
 * the interleaved (CIOS) form, one word b_i at a time:
 *
 *   A += a b_i          six MULX, the low halves added on CF (ADCX) and the
 *                       high halves on OF (ADOX): two carry chains at once
 *   q = A_0 m0 mod 2^64
 *   A += q m            the same; A_0 becomes 0
 *   A /= 2^64           no instruction: the eight accumulator registers
 *                       rotate by one name from one step to the next
 *
 * With A < 2m before a step, A + a b_i + q m < 2m + 2 (2^64 - 1) m, so
 * A < 2m after it, and the sums before the shift stay below 2^449 (eight
 * words, the top one at most 2). The result A < 2m is reduced by one
 * subtraction of m, kept by CMOV. No branch and no memory index depends on
 * the data.
 *
 * The caller checks the CPU first (pkc_ecp_use_adx, ecp_cpu.h); the
 * portable product is mont.h's mont_mul, and test_ec_field compares the
 * two on random and edge inputs.
 */
#include "mont6_adx.h"

#if PKC_EC_MONT6_ADX

/* Registers: rsi = a, r9 = b, rcx = m, r8 = m0, rdx MULX's implicit
 * operand, rdi and rbp the halves of a product (and rdi the zero the
 * chains' last carries are added with), r10-r15, rbx and rax the
 * accumulator. */
__asm__(".text\n"
        /* x += lo on CF, y += hi on OF, for lo:hi = rdx src */
        ".macro PKC_M6_MAC src, x, y\n"
        "    mulxq \\src, %rdi, %rbp\n"
        "    adcxq %rdi, \\x\n"
        "    adoxq %rbp, \\y\n"
        ".endm\n"
        /* one step; a7 is free on entry */
        ".macro PKC_M6_STEP bi, a0, a1, a2, a3, a4, a5, a6, a7\n"
        "    movq \\bi, %rdx\n"
        "    xorq \\a7, \\a7\n" /* A7 = 0, CF = OF = 0 */
        "    PKC_M6_MAC 0(%rsi), \\a0, \\a1\n"
        "    PKC_M6_MAC 8(%rsi), \\a1, \\a2\n"
        "    PKC_M6_MAC 16(%rsi), \\a2, \\a3\n"
        "    PKC_M6_MAC 24(%rsi), \\a3, \\a4\n"
        "    PKC_M6_MAC 32(%rsi), \\a4, \\a5\n"
        "    PKC_M6_MAC 40(%rsi), \\a5, \\a6\n"
        "    movl $0, %edi\n" /* mov leaves the flags */
        "    adcxq %rdi, \\a6\n"
        "    adoxq %rdi, \\a7\n"
        "    adcxq %rdi, \\a7\n"
        "    movq \\a0, %rdx\n"
        "    imulq %r8, %rdx\n" /* q */
        "    xorl %edi, %edi\n" /* CF = OF = 0 */
        "    PKC_M6_MAC 0(%rcx), \\a0, \\a1\n"
        "    PKC_M6_MAC 8(%rcx), \\a1, \\a2\n"
        "    PKC_M6_MAC 16(%rcx), \\a2, \\a3\n"
        "    PKC_M6_MAC 24(%rcx), \\a3, \\a4\n"
        "    PKC_M6_MAC 32(%rcx), \\a4, \\a5\n"
        "    PKC_M6_MAC 40(%rcx), \\a5, \\a6\n"
        "    movl $0, %edi\n"
        "    adcxq %rdi, \\a6\n"
        "    adoxq %rdi, \\a7\n"
        "    adcxq %rdi, \\a7\n"
        ".endm\n"
        /* void pkc_ec_mont6_mul_adx(uint64_t r[6], const uint64_t a[6],
         *     const uint64_t b[6], const uint64_t m[6], uint64_t m0):
         * rdi, rsi, rdx, rcx, r8 (System V) */
        ".globl pkc_ec_mont6_mul_adx\n"
        ".hidden pkc_ec_mont6_mul_adx\n"
        ".type pkc_ec_mont6_mul_adx, @function\n"
        ".p2align 4\n"
        "pkc_ec_mont6_mul_adx:\n"
        "    .cfi_startproc\n"
        "    pushq %rbx\n"
        "    .cfi_adjust_cfa_offset 8\n"
        "    pushq %rbp\n"
        "    .cfi_adjust_cfa_offset 8\n"
        "    pushq %r12\n"
        "    .cfi_adjust_cfa_offset 8\n"
        "    pushq %r13\n"
        "    .cfi_adjust_cfa_offset 8\n"
        "    pushq %r14\n"
        "    .cfi_adjust_cfa_offset 8\n"
        "    pushq %r15\n"
        "    .cfi_adjust_cfa_offset 8\n"
        "    pushq %rdi\n" /* r, needed at the end only */
        "    .cfi_adjust_cfa_offset 8\n"
        "    movq %rdx, %r9\n"
        "    xorl %r10d, %r10d\n"
        "    xorl %r11d, %r11d\n"
        "    xorl %r12d, %r12d\n"
        "    xorl %r13d, %r13d\n"
        "    xorl %r14d, %r14d\n"
        "    xorl %r15d, %r15d\n"
        "    xorl %ebx, %ebx\n"
        "    PKC_M6_STEP 0(%r9), %r10, %r11, %r12, %r13, %r14, %r15, %rbx, %rax\n"
        "    PKC_M6_STEP 8(%r9), %r11, %r12, %r13, %r14, %r15, %rbx, %rax, %r10\n"
        "    PKC_M6_STEP 16(%r9), %r12, %r13, %r14, %r15, %rbx, %rax, %r10, %r11\n"
        "    PKC_M6_STEP 24(%r9), %r13, %r14, %r15, %rbx, %rax, %r10, %r11, %r12\n"
        "    PKC_M6_STEP 32(%r9), %r14, %r15, %rbx, %rax, %r10, %r11, %r12, %r13\n"
        "    PKC_M6_STEP 40(%r9), %r15, %rbx, %rax, %r10, %r11, %r12, %r13, %r14\n"
        /* A - m; keep A if that borrows (A < m) */
        "    movq %rbx, %rdx\n"
        "    subq 0(%rcx), %rdx\n"
        "    movq %rax, %rdi\n"
        "    sbbq 8(%rcx), %rdi\n"
        "    movq %r10, %rbp\n"
        "    sbbq 16(%rcx), %rbp\n"
        "    movq %r11, %rsi\n"
        "    sbbq 24(%rcx), %rsi\n"
        "    movq %r12, %r9\n"
        "    sbbq 32(%rcx), %r9\n"
        "    movq %r13, %r8\n"
        "    sbbq 40(%rcx), %r8\n"
        "    sbbq $0, %r14\n"
        "    cmovncq %rdx, %rbx\n"
        "    cmovncq %rdi, %rax\n"
        "    cmovncq %rbp, %r10\n"
        "    cmovncq %rsi, %r11\n"
        "    cmovncq %r9, %r12\n"
        "    cmovncq %r8, %r13\n"
        "    popq %rcx\n"
        "    .cfi_adjust_cfa_offset -8\n"
        "    movq %rbx, 0(%rcx)\n"
        "    movq %rax, 8(%rcx)\n"
        "    movq %r10, 16(%rcx)\n"
        "    movq %r11, 24(%rcx)\n"
        "    movq %r12, 32(%rcx)\n"
        "    movq %r13, 40(%rcx)\n"
        "    popq %r15\n"
        "    .cfi_adjust_cfa_offset -8\n"
        "    popq %r14\n"
        "    .cfi_adjust_cfa_offset -8\n"
        "    popq %r13\n"
        "    .cfi_adjust_cfa_offset -8\n"
        "    popq %r12\n"
        "    .cfi_adjust_cfa_offset -8\n"
        "    popq %rbp\n"
        "    .cfi_adjust_cfa_offset -8\n"
        "    popq %rbx\n"
        "    .cfi_adjust_cfa_offset -8\n"
        "    ret\n"
        "    .cfi_endproc\n"
        ".size pkc_ec_mont6_mul_adx, .-pkc_ec_mont6_mul_adx\n"
        ".purgem PKC_M6_STEP\n"
        ".purgem PKC_M6_MAC\n");

#endif
