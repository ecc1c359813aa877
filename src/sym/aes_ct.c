/* pkc — AES, portable and constant time: bitsliced on 64-bit words.
 *
 * Four blocks at a time: the state is eight bit planes, s[b] holding bit b
 * of each of the 64 bytes (bit j = byte j % 16 of block j / 16, the
 * bytes of a block in FIPS 197's column order, byte r + 4c at row r,
 * column c). SubBytes is the Boyar–Peralta circuit of the S-box (113 XOR,
 * XNOR and AND gates: "A depth-16 circuit for the AES S-box", 2011);
 * InvSubBytes is that circuit between two inverse affine maps; ShiftRows
 * and MixColumns are shifts and masks of the planes. Nothing indexes memory
 * or branches on the key or the data. Fewer than four blocks are padded
 * with zero blocks (the same work).
 */
#include <string.h>

#include "sym/aes_impl.h"

#define LANES 0x0001000100010001ull /* one 16-bit lane per block */

static uint64_t load64(const uint8_t *p)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = (x << 8) | p[i];
    return x;
}

static void store64(uint8_t *p, uint64_t x)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}

/* The 8x8 bit matrix of x (row k = byte k, column b = bit b) transposed:
 * bit b of byte k moves to bit k of byte b. */
static uint64_t transpose8(uint64_t x)
{
    uint64_t t;
    t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
    x ^= t ^ (t << 28);
    return x;
}

static void to_planes(uint64_t s[8], const uint8_t in[64])
{
    memset(s, 0, 8 * sizeof s[0]);
    for (unsigned w = 0; w < 8; w++) {
        uint64_t x = transpose8(load64(in + 8 * w));
        for (unsigned b = 0; b < 8; b++)
            s[b] |= ((x >> (8 * b)) & 0xff) << (8 * w);
    }
}

static void from_planes(uint8_t out[64], const uint64_t s[8])
{
    for (unsigned w = 0; w < 8; w++) {
        uint64_t x = 0;
        for (unsigned b = 0; b < 8; b++)
            x |= ((s[b] >> (8 * w)) & 0xff) << (8 * b);
        store64(out + 8 * w, transpose8(x));
    }
}

/* The S-box on every byte: Boyar–Peralta's circuit, inputs U0 (the most
 * significant bit) .. U7, outputs S0 .. S7 in the same order. */
static void sub_bytes(uint64_t s[8])
{
    uint64_t U0 = s[7], U1 = s[6], U2 = s[5], U3 = s[4];
    uint64_t U4 = s[3], U5 = s[2], U6 = s[1], U7 = s[0];

    /* top linear layer */
    uint64_t T1 = U0 ^ U3, T2 = U0 ^ U5, T3 = U0 ^ U6, T4 = U3 ^ U5;
    uint64_t T5 = U4 ^ U6, T6 = T1 ^ T5, T7 = U1 ^ U2, T8 = U7 ^ T6;
    uint64_t T9 = U7 ^ T7, T10 = T6 ^ T7, T11 = U1 ^ U5, T12 = U2 ^ U5;
    uint64_t T13 = T3 ^ T4, T14 = T6 ^ T11, T15 = T5 ^ T11, T16 = T5 ^ T12;
    uint64_t T17 = T9 ^ T16, T18 = U3 ^ U7, T19 = T7 ^ T18, T20 = T1 ^ T19;
    uint64_t T21 = U6 ^ U7, T22 = T7 ^ T21, T23 = T2 ^ T22, T24 = T2 ^ T10;
    uint64_t T25 = T20 ^ T17, T26 = T3 ^ T16, T27 = T1 ^ T12;
    uint64_t D = U7;

    /* the nonlinear middle: inversion in GF(2^4)^2 */
    uint64_t M1 = T13 & T6, M2 = T23 & T8, M3 = T14 ^ M1, M4 = T19 & D;
    uint64_t M5 = M4 ^ M1, M6 = T3 & T16, M7 = T22 & T9, M8 = T26 ^ M6;
    uint64_t M9 = T20 & T17, M10 = M9 ^ M6, M11 = T1 & T15, M12 = T4 & T27;
    uint64_t M13 = M12 ^ M11, M14 = T2 & T10, M15 = M14 ^ M11, M16 = M3 ^ M2;
    uint64_t M17 = M5 ^ T24, M18 = M8 ^ M7, M19 = M10 ^ M15, M20 = M16 ^ M13;
    uint64_t M21 = M17 ^ M15, M22 = M18 ^ M13, M23 = M19 ^ T25, M24 = M22 ^ M23;
    uint64_t M25 = M22 & M20, M26 = M21 ^ M25, M27 = M20 ^ M21, M28 = M23 ^ M25;
    uint64_t M29 = M28 & M27, M30 = M26 & M24, M31 = M20 & M23, M32 = M27 & M31;
    uint64_t M33 = M27 ^ M25, M34 = M21 & M22, M35 = M24 & M34, M36 = M24 ^ M25;
    uint64_t M37 = M21 ^ M29, M38 = M32 ^ M33, M39 = M23 ^ M30, M40 = M35 ^ M36;
    uint64_t M41 = M38 ^ M40, M42 = M37 ^ M39, M43 = M37 ^ M38, M44 = M39 ^ M40;
    uint64_t M45 = M42 ^ M41, M46 = M44 & T6, M47 = M40 & T8, M48 = M39 & D;
    uint64_t M49 = M43 & T16, M50 = M38 & T9, M51 = M37 & T17, M52 = M42 & T15;
    uint64_t M53 = M45 & T27, M54 = M41 & T10, M55 = M44 & T13, M56 = M40 & T23;
    uint64_t M57 = M39 & T19, M58 = M43 & T3, M59 = M38 & T22, M60 = M37 & T20;
    uint64_t M61 = M42 & T1, M62 = M45 & T4, M63 = M41 & T2;

    /* bottom linear layer */
    uint64_t L0 = M61 ^ M62, L1 = M50 ^ M56, L2 = M46 ^ M48, L3 = M47 ^ M55;
    uint64_t L4 = M54 ^ M58, L5 = M49 ^ M61, L6 = M62 ^ L5, L7 = M46 ^ L3;
    uint64_t L8 = M51 ^ M59, L9 = M52 ^ M53, L10 = M53 ^ L4, L11 = M60 ^ L2;
    uint64_t L12 = M48 ^ M51, L13 = M50 ^ L0, L14 = M52 ^ M61, L15 = M55 ^ L1;
    uint64_t L16 = M56 ^ L0, L17 = M57 ^ L1, L18 = M58 ^ L8, L19 = M63 ^ L4;
    uint64_t L20 = L0 ^ L1, L21 = L1 ^ L7, L22 = L3 ^ L12, L23 = L18 ^ L2;
    uint64_t L24 = L15 ^ L9, L25 = L6 ^ L10, L26 = L7 ^ L9, L27 = L8 ^ L10;
    uint64_t L28 = L11 ^ L14, L29 = L11 ^ L17;

    s[7] = L6 ^ L24;
    s[6] = ~(L16 ^ L26);
    s[5] = ~(L19 ^ L28);
    s[4] = L6 ^ L21;
    s[3] = L20 ^ L22;
    s[2] = L25 ^ L29;
    s[1] = ~(L13 ^ L27);
    s[0] = ~(L6 ^ L23);
}

/* The inverse of the affine map's linear part (FIPS 197 5.3.2) and its
 * constant 0x05: b'_i = b_(i+2) ^ b_(i+5) ^ b_(i+7) ^ d_i. */
static void inv_affine(uint64_t s[8])
{
    uint64_t x[8];
    memcpy(x, s, sizeof x);
    for (unsigned i = 0; i < 8; i++)
        s[i] = x[(i + 2) & 7] ^ x[(i + 5) & 7] ^ x[(i + 7) & 7];
    s[0] = ~s[0];
    s[2] = ~s[2];
}

/* S(y) = A(inv(y)), so inv(y) = A^-1(S(y)) and S^-1(x) = inv(A^-1(x)). */
static void inv_sub_bytes(uint64_t s[8])
{
    inv_affine(s);
    sub_bytes(s);
    inv_affine(s);
}

/* Row r of each column rotates left by r columns: bit r + 4c takes bit
 * r + 4((c + r) mod 4) of its lane. */
static uint64_t shift_rows1(uint64_t x)
{
    return (x & (0x1111 * LANES)) | ((x & (0x2220 * LANES)) >> 4) | ((x & (0x0002 * LANES)) << 12) |
           ((x & (0x4400 * LANES)) >> 8) | ((x & (0x0044 * LANES)) << 8) |
           ((x & (0x8000 * LANES)) >> 12) | ((x & (0x0888 * LANES)) << 4);
}

static uint64_t inv_shift_rows1(uint64_t x)
{
    return (x & (0x1111 * LANES)) | ((x & (0x0222 * LANES)) << 4) | ((x & (0x2000 * LANES)) >> 12) |
           ((x & (0x0044 * LANES)) << 8) | ((x & (0x4400 * LANES)) >> 8) |
           ((x & (0x0008 * LANES)) << 12) | ((x & (0x8880 * LANES)) >> 4);
}

/* Within each column: byte r takes byte r + 1 (rot1) or r + 2 (rot2). */
static uint64_t rot1(uint64_t x)
{
    return ((x >> 1) & 0x7777777777777777ull) | ((x << 3) & 0x8888888888888888ull);
}

static uint64_t rot2(uint64_t x)
{
    return ((x >> 2) & 0x3333333333333333ull) | ((x << 2) & 0xCCCCCCCCCCCCCCCCull);
}

/* {02} * a on every byte (the reduction by x^8 + x^4 + x^3 + x + 1). */
static void xtime(uint64_t o[8], const uint64_t a[8])
{
    uint64_t hi = a[7];
    o[7] = a[6];
    o[6] = a[5];
    o[5] = a[4];
    o[4] = a[3] ^ hi;
    o[3] = a[2] ^ hi;
    o[2] = a[1];
    o[1] = a[0] ^ hi;
    o[0] = hi;
}

/* out_r = 2 a_r + 3 a_(r+1) + a_(r+2) + a_(r+3) = 2 t_r + a_(r+1) + t_(r+2)
 * with t_r = a_r + a_(r+1). */
static void mix_columns(uint64_t s[8])
{
    uint64_t r1[8], t[8], t2[8];
    for (unsigned b = 0; b < 8; b++) {
        r1[b] = rot1(s[b]);
        t[b] = s[b] ^ r1[b];
    }
    xtime(t2, t);
    for (unsigned b = 0; b < 8; b++)
        s[b] = t2[b] ^ r1[b] ^ rot2(t[b]);
}

/* InvMixColumns = MixColumns after a_r += 4 (a_r + a_(r+2)) (the inverse
 * matrix factors as the forward one times 5 I + 4 J, J the rotation by 2). */
static void inv_mix_columns(uint64_t s[8])
{
    uint64_t u[8], u2[8], u4[8];
    for (unsigned b = 0; b < 8; b++)
        u[b] = s[b] ^ rot2(s[b]);
    xtime(u2, u);
    xtime(u4, u2);
    for (unsigned b = 0; b < 8; b++)
        s[b] ^= u4[b];
    mix_columns(s);
}

static void add_round_key(uint64_t s[8], const uint16_t bk[8])
{
    for (unsigned b = 0; b < 8; b++)
        s[b] ^= (uint64_t)bk[b] * LANES;
}

/* Four blocks in place (FIPS 197 5.1 and 5.3, the straightforward inverse
 * cipher with the forward round keys). */
static void crypt4(const pkc_aes_key *key, uint8_t buf[64], int decrypt)
{
    uint64_t s[8];
    unsigned nr = key->rounds;
    to_planes(s, buf);
    if (!decrypt) {
        add_round_key(s, key->bk[0]);
        for (unsigned r = 1; r <= nr; r++) {
            sub_bytes(s);
            for (unsigned b = 0; b < 8; b++)
                s[b] = shift_rows1(s[b]);
            if (r != nr)
                mix_columns(s);
            add_round_key(s, key->bk[r]);
        }
    } else {
        add_round_key(s, key->bk[nr]);
        for (unsigned r = nr; r-- > 0;) {
            for (unsigned b = 0; b < 8; b++)
                s[b] = inv_shift_rows1(s[b]);
            inv_sub_bytes(s);
            add_round_key(s, key->bk[r]);
            if (r != 0)
                inv_mix_columns(s);
        }
    }
    from_planes(buf, s);
    pkc_memzero(s, sizeof s);
}

uint32_t pkc_aes_ct_subword(uint32_t w)
{
    uint64_t s[8];
    uint64_t x = transpose8(w);
    for (unsigned b = 0; b < 8; b++)
        s[b] = (x >> (8 * b)) & 0xff;
    sub_bytes(s);
    x = 0;
    for (unsigned b = 0; b < 8; b++)
        x |= (s[b] & 0xff) << (8 * b);
    pkc_memzero(s, sizeof s);
    return (uint32_t)transpose8(x);
}

void pkc_aes_ct_planes(uint16_t planes[8], const uint8_t rk[16])
{
    uint64_t x0 = transpose8(load64(rk)), x1 = transpose8(load64(rk + 8));
    for (unsigned b = 0; b < 8; b++)
        planes[b] = (uint16_t)(((x0 >> (8 * b)) & 0xff) | (((x1 >> (8 * b)) & 0xff) << 8));
}

/* ---- the modes on whole blocks, four at a time --------------------------- */

static void ct_ecb(const pkc_aes_key *key, uint8_t *out, const uint8_t *in, size_t n, int dec)
{
    uint8_t buf[64];
    while (n) {
        size_t k = n < 4 ? n : 4;
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, 16 * k);
        crypt4(key, buf, dec);
        memcpy(out, buf, 16 * k);
        in += 16 * k;
        out += 16 * k;
        n -= k;
    }
    pkc_memzero(buf, sizeof buf);
}

static void ct_ecb_enc(const pkc_aes_key *key, uint8_t *out, const uint8_t *in, size_t n)
{
    ct_ecb(key, out, in, n, 0);
}

static void ct_ecb_dec(const pkc_aes_key *key, uint8_t *out, const uint8_t *in, size_t n)
{
    ct_ecb(key, out, in, n, 1);
}

/* CBC encryption is serial: one block per call of crypt4. */
static void ct_cbc_enc(const pkc_aes_key *key, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                       size_t n)
{
    uint8_t buf[64] = {0};
    for (size_t i = 0; i < n; i++) {
        for (unsigned j = 0; j < 16; j++)
            buf[j] = (uint8_t)(in[16 * i + j] ^ iv[j]);
        crypt4(key, buf, 0);
        memcpy(out + 16 * i, buf, 16);
        memcpy(iv, buf, 16);
    }
    pkc_memzero(buf, sizeof buf);
}

static void ct_cbc_dec(const pkc_aes_key *key, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                       size_t n)
{
    uint8_t buf[64], c[64];
    while (n) {
        size_t k = n < 4 ? n : 4;
        memset(buf, 0, sizeof buf);
        memcpy(c, in, 16 * k); /* in may be out */
        memcpy(buf, c, 16 * k);
        crypt4(key, buf, 1);
        for (unsigned j = 0; j < 16; j++)
            out[j] = (uint8_t)(buf[j] ^ iv[j]);
        for (size_t j = 16; j < 16 * k; j++)
            out[j] = (uint8_t)(buf[j] ^ c[j - 16]);
        memcpy(iv, c + 16 * (k - 1), 16);
        in += 16 * k;
        out += 16 * k;
        n -= k;
    }
    pkc_memzero(buf, sizeof buf);
}

static void ct_ctr(const pkc_aes_key *key, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                   size_t n)
{
    uint8_t buf[64];
    while (n) {
        size_t k = n < 4 ? n : 4;
        memset(buf, 0, sizeof buf);
        for (size_t j = 0; j < k; j++) {
            memcpy(buf + 16 * j, ctr, 16);
            pkc_aes_ctr_inc(ctr);
        }
        crypt4(key, buf, 0);
        for (size_t j = 0; j < 16 * k; j++)
            out[j] = (uint8_t)(in[j] ^ buf[j]);
        in += 16 * k;
        out += 16 * k;
        n -= k;
    }
    pkc_memzero(buf, sizeof buf);
}

const pkc_aes_ops pkc_aes_ops_ct = {ct_ecb_enc, ct_ecb_dec, ct_cbc_enc, ct_cbc_dec, ct_ctr};
