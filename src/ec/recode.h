/* pkc — scalar recodings (internal; layer 3 of src/ec/, included by
 * curve_tmpl.h): signed fixed windows for secret scalars (constant time)
 * and width-w NAFs for public ones (_var).
 */
#ifndef PKC_EC_RECODE_H
#define PKC_EC_RECODE_H

/* w bits of k starting at bit pos (public position, secret value) */
static inline uint64_t sc_window(const uint64_t *k, int pos, int w)
{
    int limb = pos / 64, off = pos % 64;
    uint64_t v = 0;
    if (limb < EC_N) {
        v = k[limb] >> off;
        if (off + w > 64 && limb + 1 < EC_N)
            v |= k[limb + 1] << (64 - off);
    }
    return v & (((uint64_t)1 << w) - 1);
}

/* Signed fixed-window recoding, constant time: k = sum d[i] 2^(w i) with
 * d[i] in [-2^(w-1), 2^(w-1)]. cnt = ceil((EC_NBITS + 1) / w) digits suffice
 * for k < n: the top window then holds at most w-1 bits of k plus the carry,
 * so it never carries out. */
static void recode_signed(int64_t *d, const uint64_t *k, int w, int cnt)
{
    uint64_t carry = 0, half = (uint64_t)1 << (w - 1);
    for (int i = 0; i < cnt; i++) {
        uint64_t v = sc_window(k, i * w, w) + carry;  /* 0 .. 2^w */
        carry = (half - v) >> 63;                      /* v > half */
        d[i] = (int64_t)(v - (carry << w));
    }
}

/* |d| and the sign mask of a secret digit, without branches */
static inline uint64_t digit_abs(int64_t d, uint64_t *neg)
{
    uint64_t u = (uint64_t)d;
    uint64_t s = ct_barrier((uint64_t)0 - (u >> 63));
    *neg = s;
    return (u ^ s) - s;
}

/* Width-w NAF of a public scalar (Hankerson-Menezes-Vanstone, algorithm
 * 3.35, in the form that reads w bits at a time): every nonzero digit is
 * odd, below 2^(w-1) in absolute value, and followed by at least w-1 zeros.
 * Positions run up to EC_NBITS + w; returns the length (0 for k = 0).
 * Digits are int16_t, for widths up to 16 (the large G tables). */
#define NAF_MAX (EC_NBITS + 17)
static int wnaf_var(int16_t *naf, const uint64_t *k, int w)
{
    int carry = 0, len = 0;
    memset(naf, 0, NAF_MAX * sizeof *naf);
    for (int i = 0; i < EC_NBITS + w + 1;) {
        int bit = i / 64 < EC_N ? (int)((k[i / 64] >> (i % 64)) & 1) : 0;
        if (bit == carry) {
            i++;
            continue;
        }
        int64_t word = (int64_t)sc_window(k, i, w) + carry;
        carry = (int)((word >> (w - 1)) & 1);
        word -= (int64_t)carry << w;
        naf[i] = (int16_t)word;
        len = i + 1;
        i += w;
    }
    return len;
}

#endif
