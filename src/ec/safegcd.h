/* pkc — constant-time modular inversion by safegcd (internal; layer 0 of
 * src/ec/), for the prime fields and the scalars mod n. */
#ifndef PKC_EC_SAFEGCD_H
#define PKC_EC_SAFEGCD_H

#include "limbs.h"

/* ---- constant-time inversion by safegcd (Bernstein-Yang, "Fast
 * constant-time gcd computation and modular inversion", TCHES 2019) ----
 * Values are in signed base 2^62: v = sum v[i] 2^(62 i), limbs below the top
 * one in [0, 2^62), the top one signed. The inverse of x mod an odd m is
 * built from batches of 62 "divsteps" on the low 64 bits of (f, g), each
 * batch giving a 2x2 matrix T (entries |.| <= 2^62) with
 * 2^62 (f', g') = T (f, g), applied to (f, g) exactly and to the
 * Bezout coefficients (d, e) modulo m. The number of divsteps is a bound
 * for inputs below 2^bits, run in full every time, so the running time
 * depends on the size only:
 *   - from 23 bits on, the "half-delta" divsteps (delta starts at 1/2: held
 *     doubled, it starts at 1 and moves by 2, so delta -> 2 +- delta), with
 *     the bound floor((3787 bits + 2166) / 1644) of P. Wuille's convex-hull
 *     analysis (github.com/sipa/safegcd-bounds: verified for every
 *     0 <= g <= f <= M, 4257874 <= M <= 2^3805): 591 steps, 10 batches, for
 *     256 bits, 885 (15) for 384 and 1201 (20) for 521;
 *   - below that (the toy curves of the tests), the original divsteps
 *     (delta starts at 1, delta -> 1 +- delta) with the paper's bound,
 *     theorem 11.2: (49 bits + 80) / 17.
 * Both bounds hold for g <= f, which x < m gives. */
typedef __int128 fe_i128;
/* Signed limbs are split and sign masks taken (x >> 63: 0 or -1) by right
 * shifts of negative values, which C leaves implementation-defined and GCC
 * and clang define as arithmetic. */
_Static_assert(((int64_t)-1 >> 63) == -1, "safegcd needs arithmetic right shifts");
#define SG_M62 (((uint64_t)1 << 62) - 1)
/* limbs of the signed-62 form; at least two, since each batch reads the
 * low 124 bits of f and g (tiny moduli: the toy curves of the tests) */
#define SG_LIMBS(bits) ((bits) + 2 + 61 < 124 ? 2 : ((bits) + 2 + 61) / 62)
#define SG_HALF_DELTA(bits) ((bits) >= 23)
#define SG_STEPS(bits) (SG_HALF_DELTA(bits) ? (3787 * (bits) + 2166) / 1644 : (49 * (bits) + 80 + 16) / 17)
#define SG_BATCHES(bits) ((SG_STEPS(bits) + 61) / 62)

/* 62 divsteps (section 8 of the paper), branch-free; dstep is 1 for the
 * original ones, 2 for the half-delta ones (delta -> dstep +- delta).
 * Invariant: 2^i (f_i, g_i) = (u f_0 + v g_0, q f_0 + r g_0).
 * One step, with c1 = [delta > 0] and c2 = [g odd] as masks and c = c1 & c2
 * (swap):
 *   g row += (c1 ? -1 : 1) * (f row) if c2  (g - f when swapping, else g + f),
 *            computed as (g - c) + ((f ^ c1) & c2), so that f reaches g's
 *            sum through two operations;
 *   f row = the old g row if c (a masked exchange, off the g chain);
 *   delta = (c ? -delta : delta) + dstep, held as zeta = -delta, whose sign
 *            is c1 with one shift;
 *   g /= 2, kept exact by doubling the f row (u, v) instead of halving q, r.
 * The loop is bound by the chain from g to the next g (parity mask, mask,
 * add, shift): 5.5 TSC cycles a step on the Zen 4 of 2026-12-07, against
 * 6.7 for a masked swap followed by the addition. */
FE_INLINE int64_t sg_divsteps_62(int64_t delta, uint64_t f, uint64_t g, int64_t t[4],
                                 const int dstep)
{
    uint64_t u = 1, v = 0, q = 0, r = 1;
    int64_t zeta = -delta;
    for (int i = 0; i < 62; i++) {
        // cppcheck-suppress shiftTooManyBitsSigned ; arithmetic shift, asserted above
        uint64_t c1 = ct_barrier((uint64_t)(zeta >> 63)); /* delta > 0 */
        uint64_t c2 = ct_barrier(0 - (g & 1));          /* g odd */
        uint64_t c = c1 & c2;
        uint64_t xf = (f ^ g) & c, xu = (u ^ q) & c, xv = (v ^ r) & c;
        g = (g - c) + ((f ^ c1) & c2);
        q = (q - c) + ((u ^ c1) & c2);
        r = (r - c) + ((v ^ c1) & c2);
        f ^= xf;
        u ^= xu;
        v ^= xv;
        zeta = (int64_t)((uint64_t)zeta ^ c) - (int64_t)(c + (uint64_t)dstep);
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    t[0] = (int64_t)u;
    t[1] = (int64_t)v;
    t[2] = (int64_t)q;
    t[3] = (int64_t)r;
    return -zeta;
}

/* The same 62 divsteps (same delta, same matrix) in variable time, for
 * public inputs: a run of even g is one shift (the count of trailing zeros,
 * capped at the steps left), and an odd g is one exchange when delta > 0
 * followed by g += f, whose halving starts the next run. About as many
 * iterations as there are odd steps, half of all: the _var inversions run
 * in about half the time of the constant-time ones. */
static inline int64_t sg_divsteps_62_var(int64_t delta, uint64_t f, uint64_t g, int64_t t[4],
                                         const int dstep)
{
    uint64_t u = 1, v = 0, q = 0, r = 1, x;
    int left = 62;
    for (;;) {
        /* bit `left` of the mask caps the run; g's low left + 2 bits are
         * exact here (64 bits, 62 - left consumed) */
        int z = __builtin_ctzll(g | (~(uint64_t)0 << left));
        g >>= z;
        u <<= z;
        v <<= z;
        delta += (int64_t)z * dstep;
        left -= z;
        if (left == 0)
            break;
        /* g is odd */
        if (delta > 0) {
            delta = -delta;
            x = f;
            f = g;
            g = 0 - x;
            x = u;
            u = q;
            q = 0 - x;
            x = v;
            v = r;
            r = 0 - x;
        }
        g += f; /* even now: the next run halves it, with delta += dstep */
        q += u;
        r += v;
    }
    t[0] = (int64_t)u;
    t[1] = (int64_t)v;
    t[2] = (int64_t)q;
    t[3] = (int64_t)r;
    return delta;
}

/* (f, g) = T (f, g) / 2^62, exact */
FE_INLINE void sg_update_fg(int64_t *f, int64_t *g, const int64_t t[4], const int L)
{
    fe_i128 cf = (fe_i128)t[0] * f[0] + (fe_i128)t[1] * g[0];
    fe_i128 cg = (fe_i128)t[2] * f[0] + (fe_i128)t[3] * g[0];
    cf >>= 62;
    cg >>= 62;
    FE_UNROLL
    for (int i = 1; i < L; i++) {
        cf += (fe_i128)t[0] * f[i] + (fe_i128)t[1] * g[i];
        cg += (fe_i128)t[2] * f[i] + (fe_i128)t[3] * g[i];
        f[i - 1] = (int64_t)((uint64_t)cf & SG_M62);
        g[i - 1] = (int64_t)((uint64_t)cg & SG_M62);
        cf >>= 62;
        cg >>= 62;
    }
    f[L - 1] = (int64_t)cf;
    g[L - 1] = (int64_t)cg;
}

/* (d, e) = (T (d, e) + m (md, me)) / 2^62 with md, me chosen so the
 * division is exact; d, e stay in (-2m, m) (the sign corrections before
 * the multiple of m is chosen are what keep them there). */
FE_INLINE void sg_update_de(int64_t *d, int64_t *e, const int64_t t[4], const int64_t *m,
                            uint64_t minv62, const int L)
{
    int64_t u = t[0], v = t[1], q = t[2], r = t[3];
    // cppcheck-suppress shiftTooManyBitsSigned ; arithmetic shift, asserted above
    int64_t sd = d[L - 1] >> 63, se = e[L - 1] >> 63;
    int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
    fe_i128 cd = (fe_i128)u * d[0] + (fe_i128)v * e[0];
    fe_i128 ce = (fe_i128)q * d[0] + (fe_i128)r * e[0];
    md -= (int64_t)((minv62 * (uint64_t)cd + (uint64_t)md) & SG_M62);
    me -= (int64_t)((minv62 * (uint64_t)ce + (uint64_t)me) & SG_M62);
    cd += (fe_i128)m[0] * md;
    ce += (fe_i128)m[0] * me;
    cd >>= 62;
    ce >>= 62;
    FE_UNROLL
    for (int i = 1; i < L; i++) {
        cd += (fe_i128)u * d[i] + (fe_i128)v * e[i] + (fe_i128)m[i] * md;
        ce += (fe_i128)q * d[i] + (fe_i128)r * e[i] + (fe_i128)m[i] * me;
        d[i - 1] = (int64_t)((uint64_t)cd & SG_M62);
        e[i - 1] = (int64_t)((uint64_t)ce & SG_M62);
        cd >>= 62;
        ce >>= 62;
    }
    d[L - 1] = (int64_t)cd;
    e[L - 1] = (int64_t)ce;
}

/* d += m if mask (d in signed-62 form, carries propagated) */
FE_INLINE void sg_cadd(int64_t *d, const int64_t *m, uint64_t mask, const int L)
{
    int64_t c = 0;
    FE_UNROLL
    for (int i = 0; i < L - 1; i++) {
        c += d[i] + (m[i] & (int64_t)mask);
        d[i] = (int64_t)((uint64_t)c & SG_M62);
        c >>= 62;
    }
    d[L - 1] += c + (m[L - 1] & (int64_t)mask);
}

/* d = -d if mask */
FE_INLINE void sg_cneg(int64_t *d, uint64_t mask, const int L)
{
    int64_t c = 0;
    FE_UNROLL
    for (int i = 0; i < L - 1; i++) {
        c += (int64_t)(((uint64_t)d[i] ^ mask) - mask);
        d[i] = (int64_t)((uint64_t)c & SG_M62);
        c >>= 62;
    }
    d[L - 1] = (int64_t)(((uint64_t)d[L - 1] ^ mask) - mask) + c;
}

/* r = x^-1 mod m for x in [0, m) as N 64-bit limbs (0 gives 0); m < 2^bits
 * is the modulus in signed-62 form (SG_LIMBS(bits) limbs) and
 * minv62 = m^-1 mod 2^62.
 * vartime (a constant at every call): 0 runs all SG_BATCHES(bits) batches, the
 * bound for any input (constant time); 1 stops once g = 0, which leaves d
 * as it is (with g = 0 a batch is T = diag(2^62, 1): f and d unchanged), for
 * public x only (the _var inversions). */
FE_INLINE void sg_inv(uint64_t *r, const uint64_t *x, const int64_t *m, uint64_t minv62,
                      const int N, const int bits, const int vartime)
{
    const int L = SG_LIMBS(bits), batches = SG_BATCHES(bits);
    const int dstep = SG_HALF_DELTA(bits) ? 2 : 1;
    int64_t f[FE_MAXN + 2], g[FE_MAXN + 2], d[FE_MAXN + 2], e[FE_MAXN + 2], t[4];
    FE_UNROLL
    for (int i = 0; i < L; i++) {
        int bit = 62 * i, w = bit / 64, o = bit % 64;
        uint64_t v = w < N ? x[w] >> o : 0;
        if (o > 2 && w + 1 < N)
            v |= x[w + 1] << (64 - o);
        g[i] = (int64_t)(v & SG_M62);
        f[i] = m[i];
        d[i] = 0;
        e[i] = 0;
    }
    e[0] = 1;
    int64_t delta = 1;
    for (int b = 0; b < batches; b++) {
        uint64_t f0 = (uint64_t)f[0] | ((uint64_t)f[1] << 62);
        uint64_t g0 = (uint64_t)g[0] | ((uint64_t)g[1] << 62);
        if (vartime)
            delta = sg_divsteps_62_var(delta, f0, g0, t, dstep);
        else
            delta = sg_divsteps_62(delta, f0, g0, t, dstep);
        sg_update_de(d, e, t, m, minv62, L);
        sg_update_fg(f, g, t, L);
        if (vartime) {
            uint64_t nz = 0;
            FE_UNROLL
            for (int i = 0; i < L; i++)
                nz |= (uint64_t)g[i];
            if (!nz)
                break;
        }
    }
    /* now g = 0 and f = +-1 (or f = +-m for x = 0, where d = 0): the
     * inverse is d * sign(f), with d in (-2m, m) */
    // cppcheck-suppress shiftTooManyBitsSigned ; arithmetic shift, asserted above
    uint64_t dneg = (uint64_t)(d[L - 1] >> 63);
    sg_cadd(d, m, dneg, L);
    // cppcheck-suppress shiftTooManyBitsSigned ; arithmetic shift, asserted above
    uint64_t fneg = (uint64_t)(f[L - 1] >> 63);
    sg_cneg(d, fneg, L);
    // cppcheck-suppress shiftTooManyBitsSigned ; arithmetic shift, asserted above
    dneg = (uint64_t)(d[L - 1] >> 63);
    sg_cadd(d, m, dneg, L);
    FE_UNROLL
    for (int i = 0; i < N; i++)
        r[i] = 0;
    FE_UNROLL
    for (int i = 0; i < L; i++) {
        int bit = 62 * i, w = bit / 64, o = bit % 64;
        uint64_t v = (uint64_t)d[i];
        if (w < N)
            r[w] |= v << o;
        if (o > 2 && w + 1 < N)
            r[w + 1] |= v >> (64 - o);
    }
}

#endif
