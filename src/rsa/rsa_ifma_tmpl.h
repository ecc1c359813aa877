/* pkc — the radix-2^52 Montgomery exponentiation of rsa_ifma.c, written
 * once over eight-lane vector operations (internal; included twice by
 * rsa_ifma.c: with AVX-512 IFMA intrinsics, and with a portable emulation
 * of the same operations that the valgrind constant-time test runs, since
 * valgrind does not execute AVX-512).
 *
 * The includer defines the vector type V, the mask type M8 (8 bits, one per
 * lane), IF(name) (the prefix of this instance's functions), IF_ATTR (the
 * attributes of its functions) and:
 *   v_zero() v_set1(x) v_load(p) v_store(p, v) v_add(a, b)
 *   v_madlo(acc, a, b)  acc + low 52 bits of a[51:0] b[51:0], per lane
 *   v_madhi(acc, a, b)  acc + high 52 bits of a[51:0] b[51:0], per lane
 *   v_srl52(a) v_and52(a)         a >> 52, a & (2^52 - 1)
 *   v_down1(hi, lo)     lanes lo[1..7], hi[0]   (one digit towards lane 0)
 *   v_up1(hi, lo)       lanes lo[7], hi[0..6]   (one digit away from lane 0)
 *   v_bcast0(a)         lane 0 of a in every lane
 *   v_add0(a, c)        a with c[0] added to lane 0
 *   v_gt52(a) v_eq52(a) masks of the lanes > 2^52 - 1 and == 2^52 - 1
 *   v_inc(a, m)         a + 1 in the lanes of mask m
 *   v_eq(a, b)          mask of the lanes where a == b
 *   v_blend(a, b, m)    b in the lanes of mask m, a elsewhere
 * none of which may branch or index memory on lane values.
 *
 * Numbers are DIG = 8 K digits of 52 bits (K vectors), digit i
 * in lane i % 8 of vector i / 8, the digits at L and above zero. R = 2^(52 L)
 * with R > 4 m, so that almost Montgomery multiplication (AMM) keeps every
 * value below 2 m: a, b < 2 m gives a b R^-1 + m < 4 m^2 / R + m < 2 m.
 *
 * AMM, digit-serial (operand scanning), L rounds of
 *   q = (acc_0 + a_0 b_i) (-m^-1) mod 2^52;  acc += lo(a b_i) + lo(m q)
 *   acc = acc shifted down one digit
 *   acc += hi(a b_i) + hi(m q) + (the carry out of digit 0, in lane 0)
 * (the high halves of digit j's products belong to digit j + 1, which is
 * digit j after the shift). Bound: a lane takes at most four 52-bit terms
 * per round, and a lane's value at round i has collected at most i rounds,
 * so it stays below 4 L 2^52 + 2^12 <= 320 2^52 < 2^61 (L <= 80): no 64-bit
 * lane overflows. acc_0 + lo(a_0 b_i) + lo(m_0 q) is 0 mod 2^52 by the
 * choice of q, and its high part is the carry. After the L rounds the lanes are normalised to
 * digits: one pass moves every lane's bits above 52 to the next lane
 * (digits now below 2^52 + 2^9), and the remaining carries of at most 1
 * are resolved at once by carry lookahead on the lane masks: with g the
 * lanes above 2^52 - 1 (they carry out) and p those equal to it (they pass
 * a carry on), the carries in are ((g | p) + g) ^ p, an integer addition
 * on the masks instead of a loop. The product is below R, so nothing
 * leaves the top digit.
 *
 * The two CRT exponentiations run interleaved, one AMM of each per call
 * (amm2, K <= KMAX): the chain acc -> q -> acc of one hides the latency of
 * the other's. The public exponentiation (square and multiply, branching
 * on the bits of the public exponent only) has one modulus of up to 64
 * limbs (amm1, K <= KMAX1).
 */

/* IF_UNROLL and IF_INLINE come from the includer: for the intrinsics the
 * loops over the K vectors are unrolled whole and everything inlined, so
 * that the numbers live in registers; the emulation, which only the tests
 * run, stays compact (unrolled, it takes minutes to compile under the
 * sanitizers). */

/* r = the K vectors of acc as digits below 2^52 (see the top of this
 * file): each lane's bits above 52 go to the next lane, then the carries of
 * at most 1 are resolved at once by lookahead on the lane masks (8 K <= 80
 * bits, in a 128-bit integer). */
IF_ATTR static IF_INLINE void IF(norm_store)(uint64_t *r, const V *acc, const int K)
{
    const V zero = v_zero();
    V d[KMAX1];
    unsigned __int128 g = 0, p = 0;
    IF_UNROLL
    for (int k = 0; k < K; k++) {
        V cin = v_up1(v_srl52(acc[k]), k ? v_srl52(acc[k - 1]) : zero);
        d[k] = v_add(v_and52(acc[k]), cin);
        g |= (unsigned __int128)v_gt52(d[k]) << (8 * k);
        p |= (unsigned __int128)v_eq52(d[k]) << (8 * k);
    }
    unsigned __int128 c = ((g | p) + g) ^ p;
    IF_UNROLL
    for (int k = 0; k < K; k++)
        v_store(r + 8 * k, v_and52(v_inc(d[k], (M8)(uint64_t)(c >> (8 * k)))));
}

/* r_h = AMM(a_h, b_h) for h = 0, 1 (r may alias a or b). */
IF_ATTR static IF_INLINE void
IF(amm2)(uint64_t *r0, uint64_t *r1, const uint64_t *a0, const uint64_t *a1, const uint64_t *b0,
         const uint64_t *b1, const uint64_t *m0, const uint64_t *m1, V k00, V k01, const int K,
         const int L)
{
    V acc0[KMAX], acc1[KMAX], va0[KMAX], va1[KMAX], vm0[KMAX], vm1[KMAX];
    const V zero = v_zero();
    IF_UNROLL
    for (int k = 0; k < K; k++) {
        acc0[k] = zero;
        acc1[k] = zero;
        va0[k] = v_load(a0 + 8 * k);
        va1[k] = v_load(a1 + 8 * k);
        vm0[k] = v_load(m0 + 8 * k);
        vm1[k] = v_load(m1 + 8 * k);
    }
    const V ak00 = v_bcast0(v_madlo(zero, va0[0], k00)); /* a_0 k0 mod 2^52 */
    const V ak01 = v_bcast0(v_madlo(zero, va1[0], k01));
    for (int i = 0; i < L; i++) {
        V bi0 = v_set1(b0[i]), bi1 = v_set1(b1[i]);
        V h0[KMAX], h1[KMAX];
        /* q = (acc_0 + a_0 b_i) k0 = acc_0 k0 + (a_0 k0) b_i mod 2^52: the
         * second term does not wait for acc, so one multiplication (not
         * two) lies between acc_0 and q; the multipliers read bits 51:0
         * only, so q's bit 52 does not matter */
        V q0 = v_bcast0(v_madlo(v_madlo(zero, ak00, bi0), acc0[0], k00));
        V q1 = v_bcast0(v_madlo(v_madlo(zero, ak01, bi1), acc1[0], k01));
        IF_UNROLL
        for (int k = 0; k < K; k++) {
            acc0[k] = v_madlo(acc0[k], va0[k], bi0);
            acc1[k] = v_madlo(acc1[k], va1[k], bi1);
            h0[k] = v_madhi(zero, va0[k], bi0);
            h1[k] = v_madhi(zero, va1[k], bi1);
        }
        IF_UNROLL
        for (int k = 0; k < K; k++) {
            acc0[k] = v_madlo(acc0[k], vm0[k], q0);
            acc1[k] = v_madlo(acc1[k], vm1[k], q1);
            h0[k] = v_madhi(h0[k], vm0[k], q0);
            h1[k] = v_madhi(h1[k], vm1[k], q1);
        }
        /* the carry out of digit 0 joins the high halves beside the shift */
        h0[0] = v_add0(h0[0], v_srl52(acc0[0]));
        h1[0] = v_add0(h1[0], v_srl52(acc1[0]));
        IF_UNROLL
        for (int k = 0; k < K - 1; k++) {
            acc0[k] = v_down1(acc0[k + 1], acc0[k]);
            acc1[k] = v_down1(acc1[k + 1], acc1[k]);
        }
        acc0[K - 1] = v_down1(zero, acc0[K - 1]);
        acc1[K - 1] = v_down1(zero, acc1[K - 1]);
        IF_UNROLL
        for (int k = 0; k < K; k++) {
            acc0[k] = v_add(acc0[k], h0[k]);
            acc1[k] = v_add(acc1[k], h1[k]);
        }
    }
    IF(norm_store)(r0, acc0, K);
    IF(norm_store)(r1, acc1, K);
}

/* r = AMM(a, b) for one modulus of K <= KMAX1 vectors (r may alias a or
 * b): amm2's rounds for one number. */
IF_ATTR static IF_INLINE void IF(amm1)(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                       const uint64_t *m, V k0, const int K, const int L)
{
    V acc[KMAX1], va[KMAX1], vm[KMAX1];
    const V zero = v_zero();
    IF_UNROLL
    for (int k = 0; k < K; k++) {
        acc[k] = zero;
        va[k] = v_load(a + 8 * k);
        vm[k] = v_load(m + 8 * k);
    }
    const V ak0 = v_bcast0(v_madlo(zero, va[0], k0));
    for (int i = 0; i < L; i++) {
        V bi = v_set1(b[i]), h[KMAX1];
        V q = v_bcast0(v_madlo(v_madlo(zero, ak0, bi), acc[0], k0)); /* as in amm2 */
        IF_UNROLL
        for (int k = 0; k < K; k++) {
            acc[k] = v_madlo(acc[k], va[k], bi);
            h[k] = v_madhi(zero, va[k], bi);
        }
        IF_UNROLL
        for (int k = 0; k < K; k++) {
            acc[k] = v_madlo(acc[k], vm[k], q);
            h[k] = v_madhi(h[k], vm[k], q);
        }
        h[0] = v_add0(h[0], v_srl52(acc[0]));
        IF_UNROLL
        for (int k = 0; k < K - 1; k++)
            acc[k] = v_down1(acc[k + 1], acc[k]);
        acc[K - 1] = v_down1(zero, acc[K - 1]);
        IF_UNROLL
        for (int k = 0; k < K; k++)
            acc[k] = v_add(acc[k], h[k]);
    }
    IF(norm_store)(r, acc, K);
}

/* r_h = the entry idx_h of table_h (n entries of 8 K digits), reading
 * every entry: no address depends on idx_h. */
IF_ATTR static IF_INLINE void
IF(select2)(uint64_t *r0, uint64_t *r1, const uint64_t *t0, const uint64_t *t1, uint64_t idx0,
            uint64_t idx1, int entries, const int K)
{
    V s0[KMAX], s1[KMAX];
    const V i0 = v_set1(idx0), i1 = v_set1(idx1);
    IF_UNROLL
    for (int k = 0; k < K; k++)
        s0[k] = s1[k] = v_zero();
    for (int e = 0; e < entries; e++) {
        const V ev = v_set1((uint64_t)e);
        M8 hit0 = v_eq(ev, i0), hit1 = v_eq(ev, i1);
        IF_UNROLL
        for (int k = 0; k < K; k++) {
            s0[k] = v_blend(s0[k], v_load(t0 + (size_t)(e * 8 * K + 8 * k)), hit0);
            s1[k] = v_blend(s1[k], v_load(t1 + (size_t)(e * 8 * K + 8 * k)), hit1);
        }
    }
    IF_UNROLL
    for (int k = 0; k < K; k++) {
        v_store(r0 + 8 * k, s0[k]);
        v_store(r1 + 8 * k, s1[k]);
    }
}

/* Bits [pos, pos + w) of e (en limbs), the position public, the value
 * secret: shifts by public amounts only. */
static inline uint64_t IF(window)(const uint64_t *e, int en, int pos, int w)
{
    int li = pos / 64, sh = pos % 64;
    uint64_t v = e[li] >> sh;
    if (sh + w > 64 && li + 1 < en)
        v |= e[li + 1] << (64 - sh);
    return v & ((UINT64_C(1) << w) - 1);
}

/* out_h = base_h^e_h R (mod m_h, below 2 m_h) for bases in Montgomery
 * form (below 2 m_h) and exponents of en limbs each, 64 en bits processed
 * in windows of IFMA_WBITS: constant time in the bases, exponents and
 * moduli. one_h = R mod m_h. */
IF_ATTR static IF_INLINE void
IF(powm2_body)(uint64_t *out0, uint64_t *out1, const uint64_t *base0, const uint64_t *base1,
               const uint64_t *e0, const uint64_t *e1, int en, const uint64_t *one0,
               const uint64_t *one1, const uint64_t *m0, const uint64_t *m1, uint64_t k0_0,
               uint64_t k0_1, uint64_t *tab0, uint64_t *tab1, const int K, const int L)
{
    const int D = 8 * K, entries = 1 << IFMA_WBITS;
    const V k00 = v_set1(k0_0), k01 = v_set1(k0_1);
    memcpy(tab0, one0, (size_t)D * sizeof(uint64_t));
    memcpy(tab1, one1, (size_t)D * sizeof(uint64_t));
    memcpy(tab0 + D, base0, (size_t)D * sizeof(uint64_t));
    memcpy(tab1 + D, base1, (size_t)D * sizeof(uint64_t));
    for (int i = 2; i < entries; i++)
        IF(amm2)(tab0 + i * D, tab1 + i * D, tab0 + (i - 1) * D, tab1 + (i - 1) * D, base0, base1,
                 m0, m1, k00, k01, K, L);
    uint64_t acc0[8 * KMAX], acc1[8 * KMAX], sel0[8 * KMAX], sel1[8 * KMAX];
    const int bits = 64 * en, windows = (bits + IFMA_WBITS - 1) / IFMA_WBITS;
    int pos = (windows - 1) * IFMA_WBITS;
    IF(select2)(acc0, acc1, tab0, tab1, IF(window)(e0, en, pos, IFMA_WBITS),
                IF(window)(e1, en, pos, IFMA_WBITS), entries, K);
    while (pos > 0) {
        pos -= IFMA_WBITS;
        for (int s = 0; s < IFMA_WBITS; s++)
            IF(amm2)(acc0, acc1, acc0, acc1, acc0, acc1, m0, m1, k00, k01, K, L);
        IF(select2)(sel0, sel1, tab0, tab1, IF(window)(e0, en, pos, IFMA_WBITS),
                    IF(window)(e1, en, pos, IFMA_WBITS), entries, K);
        IF(amm2)(acc0, acc1, acc0, acc1, sel0, sel1, m0, m1, k00, k01, K, L);
    }
    memcpy(out0, acc0, (size_t)D * sizeof(uint64_t));
    memcpy(out1, acc1, (size_t)D * sizeof(uint64_t));
    pkc_memzero(acc0, sizeof acc0);
    pkc_memzero(acc1, sizeof acc1);
    pkc_memzero(sel0, sizeof sel0);
    pkc_memzero(sel1, sizeof sel1);
}

/* One instance per vector count, so that K and L are constants. */
#define IFMA_POWM2_K(KK)                                                                          \
    IF_ATTR static void IF(powm2_k##KK)(uint64_t * out0, uint64_t * out1, const uint64_t *base0,  \
                                        const uint64_t *base1, const uint64_t *e0,                \
                                        const uint64_t *e1, int en, const uint64_t *one0,         \
                                        const uint64_t *one1, const uint64_t *m0,                 \
                                        const uint64_t *m1, uint64_t k0_0, uint64_t k0_1,         \
                                        uint64_t *tab0, uint64_t *tab1, int L)                    \
    {                                                                                             \
        IF(powm2_body)(out0, out1, base0, base1, e0, e1, en, one0, one1, m0, m1, k0_0, k0_1,      \
                       tab0, tab1, KK, L);                                                        \
    }
IFMA_POWM2_K(1)
IFMA_POWM2_K(2)
IFMA_POWM2_K(3)
IFMA_POWM2_K(4)
IFMA_POWM2_K(5)
#undef IFMA_POWM2_K

/* The AMM alone, for the conversions in and out of Montgomery form. */
IF_ATTR static void IF(amm2_any)(uint64_t *r0, uint64_t *r1, const uint64_t *a0,
                                 const uint64_t *a1, const uint64_t *b0, const uint64_t *b1,
                                 const uint64_t *m0, const uint64_t *m1, uint64_t k0_0,
                                 uint64_t k0_1, int K, int L)
{
    const V k00 = v_set1(k0_0), k01 = v_set1(k0_1);
    switch (K) {
    case 1:
        IF(amm2)(r0, r1, a0, a1, b0, b1, m0, m1, k00, k01, 1, L);
        break;
    case 2:
        IF(amm2)(r0, r1, a0, a1, b0, b1, m0, m1, k00, k01, 2, L);
        break;
    case 3:
        IF(amm2)(r0, r1, a0, a1, b0, b1, m0, m1, k00, k01, 3, L);
        break;
    case 4:
        IF(amm2)(r0, r1, a0, a1, b0, b1, m0, m1, k00, k01, 4, L);
        break;
    default:
        IF(amm2)(r0, r1, a0, a1, b0, b1, m0, m1, k00, k01, 5, L);
        break;
    }
}

IF_ATTR static void IF(powm2)(uint64_t *out0, uint64_t *out1, const uint64_t *base0,
                              const uint64_t *base1, const uint64_t *e0, const uint64_t *e1,
                              int en, const uint64_t *one0, const uint64_t *one1,
                              const uint64_t *m0, const uint64_t *m1, uint64_t k0_0,
                              uint64_t k0_1, uint64_t *tab0, uint64_t *tab1, int K, int L)
{
    switch (K) {
    case 1:
        IF(powm2_k1)(out0, out1, base0, base1, e0, e1, en, one0, one1, m0, m1, k0_0, k0_1, tab0,
                     tab1, L);
        break;
    case 2:
        IF(powm2_k2)(out0, out1, base0, base1, e0, e1, en, one0, one1, m0, m1, k0_0, k0_1, tab0,
                     tab1, L);
        break;
    case 3:
        IF(powm2_k3)(out0, out1, base0, base1, e0, e1, en, one0, one1, m0, m1, k0_0, k0_1, tab0,
                     tab1, L);
        break;
    case 4:
        IF(powm2_k4)(out0, out1, base0, base1, e0, e1, en, one0, one1, m0, m1, k0_0, k0_1, tab0,
                     tab1, L);
        break;
    default:
        IF(powm2_k5)(out0, out1, base0, base1, e0, e1, en, one0, one1, m0, m1, k0_0, k0_1, tab0,
                     tab1, L);
        break;
    }
}

/* out = base^e R (below 2 m) for base in Montgomery form (below 2 m) and
 * a public exponent of ebits >= 1 bits: left to right square and multiply
 * (HAC algorithm 14.79), branching on the bits of e only. */
IF_ATTR static IF_INLINE void IF(powm1_pub_body)(uint64_t *out, const uint64_t *base,
                                                 const uint64_t *e, uint64_t ebits,
                                                 const uint64_t *m, uint64_t k0_, const int K,
                                                 const int L)
{
    const V k0 = v_set1(k0_);
    uint64_t acc[8 * KMAX1];
    memcpy(acc, base, (size_t)(8 * K) * sizeof(uint64_t));
    for (uint64_t i = ebits - 1; i-- > 0;) {
        IF(amm1)(acc, acc, acc, m, k0, K, L);
        if ((e[i / 64] >> (i % 64)) & 1)
            IF(amm1)(acc, acc, base, m, k0, K, L);
    }
    memcpy(out, acc, (size_t)(8 * K) * sizeof(uint64_t));
    pkc_memzero(acc, sizeof acc);
}

#define IFMA_POWM1_K(KK)                                                                          \
    IF_ATTR static void IF(powm1_pub_k##KK)(uint64_t * out, const uint64_t *base,                 \
                                            const uint64_t *e, uint64_t ebits, const uint64_t *m, \
                                            uint64_t k0, int L)                                   \
    {                                                                                             \
        IF(powm1_pub_body)(out, base, e, ebits, m, k0, KK, L);                                    \
    }
IFMA_POWM1_K(1)
IFMA_POWM1_K(2)
IFMA_POWM1_K(3)
IFMA_POWM1_K(4)
IFMA_POWM1_K(5)
IFMA_POWM1_K(6)
IFMA_POWM1_K(7)
IFMA_POWM1_K(8)
IFMA_POWM1_K(9)
IFMA_POWM1_K(10)
#undef IFMA_POWM1_K

/* One AMM of one modulus, for the conversions of the public
 * exponentiation (K a constant in each case). */
IF_ATTR static void IF(amm1_any)(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                 const uint64_t *m, uint64_t k0, int K, int L)
{
    const V k0v = v_set1(k0);
    switch (K) {
#define IFMA_AMM1_CASE(KK)                                                                        \
    case KK:                                                                                      \
        IF(amm1)(r, a, b, m, k0v, KK, L);                                                         \
        break;
        IFMA_AMM1_CASE(1)
        IFMA_AMM1_CASE(2)
        IFMA_AMM1_CASE(3)
        IFMA_AMM1_CASE(4)
        IFMA_AMM1_CASE(5)
        IFMA_AMM1_CASE(6)
        IFMA_AMM1_CASE(7)
        IFMA_AMM1_CASE(8)
        IFMA_AMM1_CASE(9)
    default:
        IF(amm1)(r, a, b, m, k0v, KMAX1, L);
        break;
#undef IFMA_AMM1_CASE
    }
}

IF_ATTR static void IF(powm1_pub)(uint64_t *out, const uint64_t *base, const uint64_t *e,
                                  uint64_t ebits, const uint64_t *m, uint64_t k0, int K, int L)
{
    static void (*const by_k[KMAX1])(uint64_t *, const uint64_t *, const uint64_t *, uint64_t,
                                     const uint64_t *, uint64_t, int) = {
        IF(powm1_pub_k1), IF(powm1_pub_k2), IF(powm1_pub_k3), IF(powm1_pub_k4),
        IF(powm1_pub_k5), IF(powm1_pub_k6), IF(powm1_pub_k7), IF(powm1_pub_k8),
        IF(powm1_pub_k9), IF(powm1_pub_k10)};
    by_k[K - 1](out, base, e, ebits, m, k0, L);
}
