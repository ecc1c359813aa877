/* pkc — the portable SHA-2 compression function (FIPS 180-4 sections 6.2.2
 * and 6.4.2), written once for both word sizes (internal; a template).
 *
 * SHA-256 and SHA-512 share the structure of a round and of the message
 * schedule and differ in the word size, the number of rounds, the
 * constants and the rotation amounts of the sigma functions. The includer
 * defines those, then includes this file, which defines the function
 * SHA2_COMPRESS(SHA2_WORD st[8], const uint8_t *p, size_t nblocks) over
 * blocks of 16 words:
 *
 *   SHA2_WORD      uint32_t or uint64_t
 *   SHA2_ROUNDS    64 or 80 (a multiple of 16)
 *   SHA2_K         the SHA2_ROUNDS round constants
 *   SHA2_LOAD(p)   the big-endian word at p
 *   BSIG0, BSIG1, SSIG0, SSIG1   the functions of section 4.1.2 / 4.1.3
 *   SHA2_COMPRESS  the name of the function
 *
 * Being macros expanded in each hash's own file, the rounds compile to the
 * same code as when each file spelled them out.
 *
 * Timing: no branch or memory index depends on the data. */
#if !defined(SHA2_WORD) || !defined(SHA2_ROUNDS) || !defined(SHA2_K) || \
    !defined(SHA2_LOAD) || !defined(SHA2_COMPRESS)
#error "sha2_compress.h: define SHA2_WORD, SHA2_ROUNDS, SHA2_K, SHA2_LOAD and SHA2_COMPRESS"
#endif

#include "pkc/common.h" /* pkc_memzero */

/* Section 4.1.2 / 4.1.3: Ch and Maj in their cheaper equivalent forms. */
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* One round; the eight working variables rotate by renaming the macro
 * arguments instead of moving values, so 16 unrolled rounds need no moves.
 * W is a 16-word ring: W[t mod 16] holds W_t once the schedule has run. */
#define ROUND(a, b, c, d, e, f, g, h, w, k)                       \
    do {                                                          \
        SHA2_WORD t1_ = (h) + BSIG1(e) + CH(e, f, g) + (k) + (w); \
        (d) += t1_;                                               \
        (h) = t1_ + BSIG0(a) + MAJ(a, b, c);                      \
    } while (0)

#define SCHED(i) \
    (W[(i) & 15] += SSIG1(W[((i) - 2) & 15]) + W[((i) - 7) & 15] + SSIG0(W[((i) - 15) & 15]))

#define ROUNDS16(KP, WX)                                 \
    do {                                                 \
        ROUND(a, b, c, d, e, f, g, h, WX(0), (KP)[0]);   \
        ROUND(h, a, b, c, d, e, f, g, WX(1), (KP)[1]);   \
        ROUND(g, h, a, b, c, d, e, f, WX(2), (KP)[2]);   \
        ROUND(f, g, h, a, b, c, d, e, WX(3), (KP)[3]);   \
        ROUND(e, f, g, h, a, b, c, d, WX(4), (KP)[4]);   \
        ROUND(d, e, f, g, h, a, b, c, WX(5), (KP)[5]);   \
        ROUND(c, d, e, f, g, h, a, b, WX(6), (KP)[6]);   \
        ROUND(b, c, d, e, f, g, h, a, WX(7), (KP)[7]);   \
        ROUND(a, b, c, d, e, f, g, h, WX(8), (KP)[8]);   \
        ROUND(h, a, b, c, d, e, f, g, WX(9), (KP)[9]);   \
        ROUND(g, h, a, b, c, d, e, f, WX(10), (KP)[10]); \
        ROUND(f, g, h, a, b, c, d, e, WX(11), (KP)[11]); \
        ROUND(e, f, g, h, a, b, c, d, WX(12), (KP)[12]); \
        ROUND(d, e, f, g, h, a, b, c, WX(13), (KP)[13]); \
        ROUND(c, d, e, f, g, h, a, b, WX(14), (KP)[14]); \
        ROUND(b, c, d, e, f, g, h, a, WX(15), (KP)[15]); \
    } while (0)

#define W_PLAIN(i) W[i]
#define W_SCHED(i) SCHED(i)

/* Section 6.2.2 / 6.4.2 for nblocks blocks of 16 words at p. */
static void SHA2_COMPRESS(SHA2_WORD st[8], const uint8_t *p, size_t nblocks)
{
    SHA2_WORD W[16];
    while (nblocks--) {
        SHA2_WORD a = st[0], b = st[1], c = st[2], d = st[3];
        SHA2_WORD e = st[4], f = st[5], g = st[6], h = st[7];
        for (int i = 0; i < 16; i++)
            W[i] = SHA2_LOAD(p + sizeof(SHA2_WORD) * (size_t)i);
        ROUNDS16(SHA2_K, W_PLAIN);
        for (int j = 16; j < SHA2_ROUNDS; j += 16)
            ROUNDS16(SHA2_K + j, W_SCHED);
        st[0] += a;
        st[1] += b;
        st[2] += c;
        st[3] += d;
        st[4] += e;
        st[5] += f;
        st[6] += g;
        st[7] += h;
        p += 16 * sizeof(SHA2_WORD);
    }
    pkc_memzero(W, sizeof W);
}

#undef CH
#undef MAJ
#undef ROUND
#undef SCHED
#undef ROUNDS16
#undef W_PLAIN
#undef W_SCHED
