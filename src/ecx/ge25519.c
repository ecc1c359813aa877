/* pkc — the Ed25519 group (src/ecx/ge25519.h): point formulas, encoding and
 * decoding, fixed-base and double-scalar multiplication.
 *
 * Fixed base: [a]B with a in 64 signed 4-bit digits e[i] in [-8, 8]
 * (a = sum e[i] 16^i), split as (sum over odd i) = 16 (sum e[2k+1] 256^k B)
 * and the even i: the table holds j 256^k B for k = 0..31, j = 1..8 in affine
 * (y + x, y - x, 2 d x y) form, 32 x 8 entries of 120 bytes (30 KiB). Each
 * digit reads a whole row of the table (eight entries, every one touched,
 * the wanted one kept by a mask) and negates it by a masked swap, so neither
 * the memory addresses nor the branches depend on the scalar: 64 mixed
 * additions and 4 doublings.
 *
 * Double scalar (verification, public data only): [a]A + [b]B by one chain
 * of doublings with width-5 NAF digits of a (the odd multiples A, 3A, ...,
 * 15A computed per call) and width-7 NAF digits of b (B, 3B, ..., 63B, a
 * table of 32 affine entries). Both tables are built at first use, by the
 * pattern of src/ec/mul_ld.h (an atomic state 0/1/2, sched_yield while
 * another thread builds them).
 */
#include "ecx/ge25519.h"

#include <sched.h>
#include <string.h>

#include "pkc/common.h"

/* ---- formulas ---- */

static void p3_identity(ge25519_p3 *r)
{
    fe25519_copy(r->X, fe25519_zero);
    fe25519_copy(r->Y, fe25519_one);
    fe25519_copy(r->Z, fe25519_one);
    fe25519_copy(r->T, fe25519_zero);
}

static void p1p1_to_p3(ge25519_p3 *r, const ge25519_p1p1 *p)
{
    fe25519_mul(r->X, p->E, p->F);
    fe25519_mul(r->Y, p->G, p->H);
    fe25519_mul(r->Z, p->F, p->G);
    fe25519_mul(r->T, p->E, p->H);
}

/* X, Y, Z only (T is left as it was): for a point that is only doubled next */
static void p1p1_to_p2(ge25519_p3 *r, const ge25519_p1p1 *p)
{
    fe25519_mul(r->X, p->E, p->F);
    fe25519_mul(r->Y, p->G, p->H);
    fe25519_mul(r->Z, p->F, p->G);
}

/* dbl-2008-hwcd, a = -1: A = X^2, B = Y^2, C = 2 Z^2, E = (X + Y)^2 - A - B,
 * G = B - A, F = G - C, H = -A - B. Reads X, Y, Z (loose). Outputs loose. */
static void ge_dbl(ge25519_p1p1 *r, const ge25519_p3 *p)
{
    fe25519 a, b, c, ab, xy;
    fe25519_sqr(a, p->X);
    fe25519_sqr(b, p->Y);
    fe25519_sqr(c, p->Z);
    fe25519_add(c, c, c);       /* < 2^53 */
    fe25519_add(ab, a, b);      /* < 2^53 */
    fe25519_add(xy, p->X, p->Y);
    fe25519_sqr(xy, xy);
    fe25519_sub(r->E, xy, ab);
    fe25519_sub(r->G, b, a);
    fe25519_sub(r->F, r->G, c);
    fe25519_neg(r->H, ab);
}

static void p3_to_cached(ge25519_cached *r, const ge25519_p3 *p)
{
    fe25519_add(r->ypx, p->Y, p->X); /* < 2^53 */
    fe25519_sub(r->ymx, p->Y, p->X);
    fe25519_copy(r->z, p->Z);
    fe25519_mul(r->t2d, p->T, fe25519_d2);
}

/* add-2008-hwcd-3 with k = 2d: A = (Y1 - X1)(Y2 - X2), B = (Y1 + X1)(Y2 + X2),
 * C = T1 2d T2, D = 2 Z1 Z2; E = B - A, F = D - C, G = D + C, H = B + A.
 * Inputs: p loose, q's fields < 2^53; outputs E, F loose, G, H < 2^54. */
static void ge_add_cached(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_cached *q)
{
    fe25519 a, b, c, d, t;
    fe25519_sub(t, p->Y, p->X);
    fe25519_mul(a, t, q->ymx);
    fe25519_add(t, p->Y, p->X);
    fe25519_mul(b, t, q->ypx);
    fe25519_mul(c, p->T, q->t2d);
    fe25519_mul(d, p->Z, q->z);
    fe25519_add(d, d, d);
    fe25519_sub(r->E, b, a);
    fe25519_sub(r->F, d, c);
    fe25519_add(r->G, d, c);
    fe25519_add(r->H, b, a);
}

/* p - q: -q = (Y2 - X2 and Y2 + X2 exchanged, -2d T2) */
static void ge_sub_cached(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_cached *q)
{
    fe25519 a, b, c, d, t;
    fe25519_sub(t, p->Y, p->X);
    fe25519_mul(a, t, q->ypx);
    fe25519_add(t, p->Y, p->X);
    fe25519_mul(b, t, q->ymx);
    fe25519_mul(c, p->T, q->t2d);
    fe25519_mul(d, p->Z, q->z);
    fe25519_add(d, d, d);
    fe25519_sub(r->E, b, a);
    fe25519_add(r->F, d, c);
    fe25519_sub(r->G, d, c);
    fe25519_add(r->H, b, a);
}

/* the mixed addition, Z2 = 1 */
static void ge_add_precomp(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_precomp *q)
{
    fe25519 a, b, c, d, t;
    fe25519_sub(t, p->Y, p->X);
    fe25519_mul(a, t, q->ymx);
    fe25519_add(t, p->Y, p->X);
    fe25519_mul(b, t, q->ypx);
    fe25519_mul(c, p->T, q->xy2d);
    fe25519_add(d, p->Z, p->Z);
    fe25519_sub(r->E, b, a);
    fe25519_sub(r->F, d, c);
    fe25519_add(r->G, d, c);
    fe25519_add(r->H, b, a);
}

static void ge_sub_precomp(ge25519_p1p1 *r, const ge25519_p3 *p, const ge25519_precomp *q)
{
    fe25519 a, b, c, d, t;
    fe25519_sub(t, p->Y, p->X);
    fe25519_mul(a, t, q->ypx);
    fe25519_add(t, p->Y, p->X);
    fe25519_mul(b, t, q->ymx);
    fe25519_mul(c, p->T, q->xy2d);
    fe25519_add(d, p->Z, p->Z);
    fe25519_sub(r->E, b, a);
    fe25519_add(r->F, d, c);
    fe25519_sub(r->G, d, c);
    fe25519_add(r->H, b, a);
}

/* ---- encoding ---- */

void pkc_ge25519_tobytes(uint8_t s[32], const ge25519_p3 *p)
{
    fe25519 zi, x, y;
    fe25519_invert(zi, p->Z);
    fe25519_mul(x, p->X, zi);
    fe25519_mul(y, p->Y, zi);
    fe25519_tobytes(s, y);
    s[31] = (uint8_t)(s[31] | (fe25519_is_negative(x) << 7));
}

int pkc_ge25519_frombytes_var(ge25519_p3 *r, const uint8_t s[32])
{
    fe25519 y, y2, u, v, x;
    uint8_t chk[32];
    fe25519_frombytes(y, s);
    fe25519_tobytes(chk, y);
    chk[31] = (uint8_t)(chk[31] | (s[31] & 0x80));
    if (memcmp(chk, s, 32) != 0) /* y >= p */
        return -1;
    unsigned sign = s[31] >> 7;
    fe25519_sqr(y2, y);
    fe25519_sub(u, y2, fe25519_one);   /* y^2 - 1 */
    fe25519_mul(v, y2, fe25519_d);
    fe25519_add(v, v, fe25519_one);    /* d y^2 + 1 */
    if (!fe25519_sqrt_ratio(x, u, v))
        return -1;
    if (fe25519_is_zero(x) && sign)
        return -1;
    if (fe25519_is_negative(x) != sign)
        fe25519_neg(x, x);
    fe25519_copy(r->X, x);
    fe25519_copy(r->Y, y);
    fe25519_copy(r->Z, fe25519_one);
    fe25519_mul(r->T, x, y);
    return 0;
}

/* ---- tables ---- */

#define BASE_ROWS 32
#define BASE_COLS 8
#define BW 7                          /* NAF width of b in the double scalar */
#define BODD (1 << (BW - 2))          /* B, 3B, ..., (2 BODD - 1) B */

static ge25519_precomp g_base[BASE_ROWS][BASE_COLS];
static ge25519_precomp g_bodd[BODD];
static int g_state;

/* the encoding of B: y = 4/5, x even */
static const uint8_t base_enc[32] = {0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                     0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                     0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                     0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66};

/* n points to affine precomputed form with one inversion (Montgomery's
 * trick); scratch holds n field elements */
static void to_precomp_batch_var(ge25519_precomp *out, const ge25519_p3 *in, size_t n,
                                 fe25519 *scratch)
{
    fe25519 acc, inv, t, x, y;
    fe25519_copy(acc, fe25519_one);
    for (size_t i = 0; i < n; i++) {
        fe25519_copy(scratch[i], acc);        /* Z_0 ... Z_{i-1} */
        fe25519_mul(acc, acc, in[i].Z);
    }
    fe25519_invert(inv, acc);                 /* 1 / (Z_0 ... Z_{n-1}) */
    for (size_t i = n; i-- > 0;) {
        fe25519_mul(t, inv, scratch[i]);      /* 1 / Z_i */
        fe25519_mul(inv, inv, in[i].Z);
        fe25519_mul(x, in[i].X, t);
        fe25519_mul(y, in[i].Y, t);
        fe25519_add(out[i].ypx, y, x);
        fe25519_carry(out[i].ypx, out[i].ypx);
        fe25519_sub(out[i].ymx, y, x);
        fe25519_mul(out[i].xy2d, x, y);
        fe25519_mul(out[i].xy2d, out[i].xy2d, fe25519_d2);
    }
}

static void tables_build(void)
{
    static ge25519_p3 pts[BASE_ROWS * BASE_COLS];
    static fe25519 scratch[BASE_ROWS * BASE_COLS];
    ge25519_p3 b, p, q;
    ge25519_p1p1 t;
    ge25519_cached pc;
    (void)pkc_ge25519_frombytes_var(&b, base_enc);
    p = b;
    for (int i = 0; i < BASE_ROWS; i++) {
        /* p = 256^i B; row i: p, 2p, ..., 8p */
        p3_to_cached(&pc, &p);
        pts[i * BASE_COLS] = p;
        q = p;
        for (int j = 1; j < BASE_COLS; j++) {
            ge_add_cached(&t, &q, &pc);
            p1p1_to_p3(&q, &t);
            pts[i * BASE_COLS + j] = q;
        }
        for (int k = 0; k < 8; k++) {
            ge_dbl(&t, &p);
            p1p1_to_p3(&p, &t);
        }
    }
    to_precomp_batch_var(&g_base[0][0], pts, BASE_ROWS * BASE_COLS, scratch);
    /* odd multiples of B */
    ge_dbl(&t, &b);
    p1p1_to_p3(&q, &t);
    p3_to_cached(&pc, &q); /* 2B */
    pts[0] = b;
    for (int i = 1; i < BODD; i++) {
        ge_add_cached(&t, &pts[i - 1], &pc);
        p1p1_to_p3(&pts[i], &t);
    }
    to_precomp_batch_var(g_bodd, pts, BODD, scratch);
}

static void tables_init(void)
{
    if (__atomic_load_n(&g_state, __ATOMIC_ACQUIRE) == 2)
        return;
    int expected = 0;
    if (__atomic_compare_exchange_n(&g_state, &expected, 1, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
        tables_build();
        __atomic_store_n(&g_state, 2, __ATOMIC_RELEASE);
        return;
    }
    while (__atomic_load_n(&g_state, __ATOMIC_ACQUIRE) != 2)
        sched_yield();
}

/* ---- fixed base, constant time ---- */

/* t = e * row[.] for a digit e in [-8, 8] (the identity (1, 1, 0) for 0):
 * every entry of the row is read */
static void base_select(ge25519_precomp *t, int row, int8_t e)
{
    uint64_t neg = ct_mask_nonzero((uint64_t)(uint8_t)e >> 7);
    uint64_t ue = (uint64_t)(int64_t)e;
    uint64_t mag = (ue ^ neg) - neg; /* |e| */
    fe25519_copy(t->ypx, fe25519_one);
    fe25519_copy(t->ymx, fe25519_one);
    fe25519_copy(t->xy2d, fe25519_zero);
    for (int j = 0; j < BASE_COLS; j++) {
        uint64_t m = ct_mask_eq(mag, (uint64_t)j + 1);
        fe25519_cmov(t->ypx, g_base[row][j].ypx, m);
        fe25519_cmov(t->ymx, g_base[row][j].ymx, m);
        fe25519_cmov(t->xy2d, g_base[row][j].xy2d, m);
    }
    fe25519 n;
    fe25519_neg(n, t->xy2d);
    fe25519_cswap(t->ypx, t->ymx, neg);
    fe25519_cmov(t->xy2d, n, neg);
    pkc_memzero(n, sizeof n);
}

void pkc_ge25519_scalarmult_base(ge25519_p3 *r, const uint8_t a[32])
{
    int8_t e[64];
    ge25519_precomp t;
    ge25519_p1p1 s;
    tables_init();
    for (int i = 0; i < 32; i++) {
        e[2 * i] = (int8_t)(a[i] & 15);
        e[2 * i + 1] = (int8_t)((a[i] >> 4) & 15);
    }
    /* each digit to [-8, 7] with a carry into the next; the top one, at most
     * 7 + 1 (a[31] <= 127), stays in [-8, 8] */
    int8_t carry = 0;
    for (int i = 0; i < 63; i++) {
        e[i] = (int8_t)(e[i] + carry);
        carry = (int8_t)((e[i] + 8) >> 4);
        e[i] = (int8_t)(e[i] - (carry << 4));
    }
    e[63] = (int8_t)(e[63] + carry);

    p3_identity(r);
    for (int i = 1; i < 64; i += 2) {
        base_select(&t, i / 2, e[i]);
        ge_add_precomp(&s, r, &t);
        p1p1_to_p3(r, &s);
    }
    ge_dbl(&s, r);
    p1p1_to_p2(r, &s);
    ge_dbl(&s, r);
    p1p1_to_p2(r, &s);
    ge_dbl(&s, r);
    p1p1_to_p2(r, &s);
    ge_dbl(&s, r);
    p1p1_to_p3(r, &s);
    for (int i = 0; i < 64; i += 2) {
        base_select(&t, i / 2, e[i]);
        ge_add_precomp(&s, r, &t);
        p1p1_to_p3(r, &s);
    }
    pkc_memzero(e, sizeof e);
    pkc_memzero(&t, sizeof t);
    pkc_memzero(&s, sizeof s);
}

void pkc_ge25519_scalarmult_base_u(uint8_t u[32], const uint8_t a[32])
{
    ge25519_p3 p;
    fe25519 n, d;
    pkc_ge25519_scalarmult_base(&p, a);
    fe25519_add(n, p.Z, p.Y);
    fe25519_sub(d, p.Z, p.Y);
    fe25519_invert(d, d);
    fe25519_mul(n, n, d);
    fe25519_tobytes(u, n);
    pkc_memzero(&p, sizeof p);
    pkc_memzero(n, sizeof n);
    pkc_memzero(d, sizeof d);
}

/* ---- double scalar, variable time ---- */

/* width-w NAF of the 256-bit little-endian a: r[i] odd in (-2^(w-1), 2^(w-1))
 * or 0, nonzero digits at least w apart; returns the number of digits */
static int naf_var(int8_t r[260], const uint8_t a[32], int w)
{
    uint64_t k[5] = {0};
    for (int i = 0; i < 32; i++)
        k[i / 8] |= (uint64_t)a[i] << (8 * (i % 8));
    memset(r, 0, 260);
    int n = 0;
    const uint64_t full = (uint64_t)1 << w, half = full >> 1;
    while ((k[0] | k[1] | k[2] | k[3] | k[4]) != 0) {
        if (k[0] & 1) {
            uint64_t d = k[0] & (full - 1);
            if (d >= half) {
                /* digit d - 2^w < 0: k += 2^w - d */
                uint64_t add = full - d, c;
                r[n] = (int8_t)-(int)add;
                k[0] += add;
                c = k[0] < add;
                for (int i = 1; i < 5 && c; i++)
                    c = ++k[i] == 0;
            } else {
                r[n] = (int8_t)d;
                k[0] -= d;
            }
        }
        for (int i = 0; i < 4; i++)
            k[i] = (k[i] >> 1) | (k[i + 1] << 63);
        k[4] >>= 1;
        n++;
    }
    return n;
}

void pkc_ge25519_double_scalarmult_var(ge25519_p3 *r, const uint8_t a[32], const ge25519_p3 *A,
                                   const uint8_t b[32])
{
    int8_t na[260], nb[260];
    ge25519_cached ai[8];
    ge25519_p1p1 t;
    ge25519_p3 u, a2;
    tables_init();
    int top = naf_var(na, a, 5);
    int topb = naf_var(nb, b, BW);
    if (topb > top)
        top = topb;

    /* A, 3A, ..., 15A */
    p3_to_cached(&ai[0], A);
    ge_dbl(&t, A);
    p1p1_to_p3(&a2, &t);
    for (int i = 1; i < 8; i++) {
        ge_add_cached(&t, &a2, &ai[i - 1]);
        p1p1_to_p3(&u, &t);
        p3_to_cached(&ai[i], &u);
    }

    p3_identity(r);
    for (int i = top - 1; i >= 0; i--) {
        ge_dbl(&t, r);
        if (na[i] > 0) {
            p1p1_to_p3(&u, &t);
            ge_add_cached(&t, &u, &ai[na[i] / 2]);
        } else if (na[i] < 0) {
            p1p1_to_p3(&u, &t);
            ge_sub_cached(&t, &u, &ai[-na[i] / 2]);
        }
        if (nb[i] > 0) {
            p1p1_to_p3(&u, &t);
            ge_add_precomp(&t, &u, &g_bodd[nb[i] / 2]);
        } else if (nb[i] < 0) {
            p1p1_to_p3(&u, &t);
            ge_sub_precomp(&t, &u, &g_bodd[-nb[i] / 2]);
        }
        p1p1_to_p3(r, &t);
    }
}
