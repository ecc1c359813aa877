/* pkc — Ed448 (RFC 8032 section 5.2, "pure" Ed448 with an optional
 * context): the untwisted Edwards curve x^2 + y^2 = 1 + d x^2 y^2,
 * d = -39081, over p = 2^448 - 2^224 - 1 (src/ecx/fe448.h), base point B of
 * prime order L (src/ecx/sc448.h), SHAKE256 with dom4(0, context).
 *
 * Points are in extended coordinates (X : Y : Z : T), x = X/Z, y = Y/Z,
 * x y = T/Z (Hisil, Wong, Carter, Dawson 2008, the formulas for a = 1 of
 * the EFD, "add-2008-hwcd" and "dbl-2008-hwcd"). a = 1 is a square and d is
 * not, so the addition is complete: no exceptional cases, the identity
 * (0 : 1 : 1 : 0) included.
 *
 * [s]B for a secret s (key generation, the nonce of a signature, X448's
 * public key: pkc_ed448_x448_base) uses a
 * table of B's multiples built at first use (the atomic pattern of
 * src/ec/mul_ld.h): row r holds j 2^(8r) B for j = 1..8, 56 rows, 448
 * affine points (x, y, d x y) of 192 bytes, 86016 bytes. s mod L is
 * recoded into 112 signed radix-16 digits in [-8, 8]; the odd digits are
 * summed first (one lookup and one mixed addition per row), multiplied by
 * 16 (4 doublings), then the even ones: 112 additions, 4 doublings. Each
 * lookup reads all 8 entries of the row and keeps one with masks, then
 * negates it under a mask: nothing depends on the digits but values.
 *
 * Verification is on public data and runs in variable time: the cofactored
 * equation [4][S]B = [4]R + [4][k]A of RFC 8032 section 5.2.7, checked as
 * [4]([S]B - [k]A - R) = identity with one interleaved double-scalar
 * multiplication (width-7 NAF of S over a table of B's 32 odd multiples,
 * width-5 NAF of k over [1,3,..15](-A); the 32 odd multiples, 6144 bytes,
 * are built with the comb). Cofactored because RFC 8032 says
 * so for Ed448 ("Check the group equation [4][S]B = [4]R + [4][k]A'. It's
 * sufficient, but not required, to instead check [S]B = R + [k]A'"; the
 * cofactored form is the one batch verification agrees with), and OpenSSL
 * 3.0 does the same: a signature whose R has a component of order 2 verifies
 * in both (tests/test_ed448.c). S >= L, a non-canonical y (y >= p), x = 0 with the sign
 * bit set, and a last byte with any of its low 7 bits set are refused, for
 * A and for R.
 */
#include <sched.h>
#include <string.h>

#include "ct.h"
#include "ecx/ed448_internal.h"
#include "ecx/fe448.h"
#include "ecx/sc448.h"
#include "pkc/curve448.h"
#include "pkc/hash.h"

#define ED448_D_ABS 39081 /* d = -39081 */

typedef struct {
    fe448 X, Y, Z, T;
} ge448;

/* an affine point with d x y, for mixed additions; every coordinate T */
typedef struct {
    fe448 x, y, dxy;
} ge448_aff;

static const fe448 ed448_bx = {0x26a82bc70cc05eULL, 0x80e18b00938e26ULL, 0xf72ab66511433bULL,
                               0xa3d3a46412ae1aULL, 0x0f1767ea6de324ULL, 0x36da9e14657047ULL,
                               0xed221d15a622bfULL, 0x4f1970c66bed0dULL};
static const fe448 ed448_by = {0x08795bf230fa14ULL, 0x132c4ed7c8ad98ULL, 0x1ce67c39c4fdbdULL,
                               0x05a0c2d73ad3ffULL, 0xa3984087789c1eULL, 0xc7624bea73736cULL,
                               0x248876203756c9ULL, 0x693f46716eb6bcULL};

static void ge_identity(ge448 *p)
{
    fe448_zero(p->X);
    fe448_one(p->Y);
    fe448_one(p->Z);
    fe448_zero(p->T);
}

/* r = 2 p (dbl-2008-hwcd, a = 1); p's coordinates R; r: R. with_t = 0
 * skips T (for a doubling followed by a doubling). r may alias p. */
static void ge_dbl(ge448 *r, const ge448 *p, int with_t)
{
    fe448 a, b, c, e, f, g, h;
    fe448_sqr(a, p->X);      /* R */
    fe448_sqr(b, p->Y);      /* R */
    fe448_sqr(c, p->Z);      /* R */
    fe448_add(c, c, c);      /* 2 Z^2 < 2^58 - 8 */
    fe448_add(e, p->X, p->Y); /* < 2^58 */
    fe448_sqr(e, e);         /* R */
    fe448_add(g, a, b);      /* G = A + B < 2^58 - 8 */
    fe448_sub(e, e, g);      /* E = (X+Y)^2 - A - B < 2^59 */
    fe448_sub(f, g, c);      /* F = G - C < 2^59 */
    fe448_sub(h, a, b);      /* H = A - B < 2^59 */
    fe448_mul(r->X, e, f);
    fe448_mul(r->Y, g, h);
    if (with_t)
        fe448_mul(r->T, e, h);
    fe448_mul(r->Z, f, g);
    pkc_memzero(a, sizeof a);
    pkc_memzero(b, sizeof b);
    pkc_memzero(c, sizeof c);
    pkc_memzero(e, sizeof e);
    pkc_memzero(f, sizeof f);
    pkc_memzero(g, sizeof g);
    pkc_memzero(h, sizeof h);
}

/* r = p + q, q affine with d x y (coordinates < 2^58, e.g. T or R);
 * add-2008-hwcd with Z2 = 1: 8 multiplications. r may alias p. */
static void ge_madd(ge448 *r, const ge448 *p, const ge448_aff *q)
{
    fe448 a, b, c, e, f, g, h, t;
    fe448_mul(a, p->X, q->x);  /* A = X1 x2 */
    fe448_mul(b, p->Y, q->y);  /* B = Y1 y2 */
    fe448_mul(c, p->T, q->dxy); /* C = d T1 T2 */
    fe448_add(e, p->X, p->Y);  /* < 2^58 */
    fe448_add(t, q->x, q->y);  /* < 2^59 */
    fe448_mul(e, e, t);        /* R */
    fe448_add(t, a, b);        /* < 2^58 - 8 */
    fe448_sub(e, e, t);        /* E < 2^59 */
    fe448_sub(f, p->Z, c);     /* F = Z1 - C < 2^59 */
    fe448_add(g, p->Z, c);     /* G = Z1 + C < 2^58 */
    fe448_sub(h, b, a);        /* H = B - A < 2^59 */
    fe448_mul(r->X, e, f);
    fe448_mul(r->Y, g, h);
    fe448_mul(r->T, e, h);
    fe448_mul(r->Z, f, g);
    pkc_memzero(a, sizeof a);
    pkc_memzero(b, sizeof b);
    pkc_memzero(c, sizeof c);
    pkc_memzero(e, sizeof e);
    pkc_memzero(f, sizeof f);
    pkc_memzero(g, sizeof g);
    pkc_memzero(h, sizeof h);
    pkc_memzero(t, sizeof t);
}

/* r = p + q, both extended (R): 9 multiplications and one by |d|.
 * Public data only (no wipe). */
static void ge_add_var(ge448 *r, const ge448 *p, const ge448 *q)
{
    fe448 a, b, c, d, e, f, g, h, t;
    fe448_mul(a, p->X, q->X);
    fe448_mul(b, p->Y, q->Y);
    fe448_mul(c, p->T, q->T);
    fe448_mul_small(c, c, ED448_D_ABS); /* -C = 39081 T1 T2 */
    fe448_mul(d, p->Z, q->Z);
    fe448_add(e, p->X, p->Y);
    fe448_add(t, q->X, q->Y);
    fe448_mul(e, e, t);
    fe448_add(t, a, b);
    fe448_sub(e, e, t); /* E < 2^59 */
    fe448_add(f, d, c); /* F = D - C < 2^58 */
    fe448_sub(g, d, c); /* G = D + C < 2^59 */
    fe448_sub(h, b, a); /* H = B - A < 2^59 */
    fe448_mul(r->X, e, f);
    fe448_mul(r->Y, g, h);
    fe448_mul(r->T, e, h);
    fe448_mul(r->Z, f, g);
}

static void ge_neg(ge448 *r, const ge448 *p)
{
    fe448_neg(r->X, p->X);
    fe448_copy(r->Y, p->Y);
    fe448_copy(r->Z, p->Z);
    fe448_neg(r->T, p->T);
}

static void ge_aff_neg(ge448_aff *r, const ge448_aff *q)
{
    fe448_neg(r->x, q->x);
    fe448_copy(r->y, q->y);
    fe448_neg(r->dxy, q->dxy);
}

/* the 57-byte encoding (RFC 8032 5.2.2): y, and x's sign in bit 455 */
static void ge_tobytes(uint8_t out[57], const ge448 *p)
{
    fe448 zi, x, y;
    fe448_inv(zi, p->Z);
    fe448_mul(x, p->X, zi);
    fe448_mul(y, p->Y, zi);
    fe448_tobytes(out, y);
    out[56] = (uint8_t)(fe448_is_negative(x) << 7);
    pkc_memzero(zi, sizeof zi);
    pkc_memzero(x, sizeof x);
    pkc_memzero(y, sizeof y);
}

/* RFC 8032 5.2.3 (public data): 0 on success; refuses a last byte with
 * any of its low 7 bits set, y >= p, no square root, x = 0 with the sign
 * bit set. */
static int ge_frombytes_var(ge448 *p, const uint8_t in[57])
{
    if (in[56] & 0x7f)
        return -1;
    uint64_t sign = in[56] >> 7;
    fe448 y, yy, u, v, x;
    uint8_t back[56];
    fe448_frombytes(y, in);
    fe448_tobytes(back, y);
    if (memcmp(back, in, 56) != 0)
        return -1; /* y >= p */
    fe448_sqr(yy, y);
    fe448_one(u);
    fe448_sub(u, yy, u);                 /* u = y^2 - 1 */
    fe448_mul_small(v, yy, ED448_D_ABS); /* 39081 y^2 */
    v[0] += 1;
    fe448_neg(v, v); /* v = d y^2 - 1 = -(39081 y^2 + 1) */
    if (!fe448_sqrt_ratio(x, u, v))
        return -1;
    if (fe448_is_zero(x) && sign)
        return -1;
    if (fe448_is_negative(x) != sign)
        fe448_neg(x, x);
    fe448_canon(p->X, x);
    fe448_copy(p->Y, y);
    fe448_one(p->Z);
    fe448_mul(p->T, x, y);
    return 0;
}

/* ---- the tables ---- */

#define COMB_ROWS 56
#define COMB_COLS 8
#define ODD_B 32 /* B, 3B, ..., 63B: width-7 NAF */

static ge448_aff g_comb[COMB_ROWS][COMB_COLS];
static ge448_aff g_odd[ODD_B];
static int g_state;

/* affine (x, y, d x y), canonical, for n points (batch inversion of Z) */
static void batch_to_aff_var(ge448_aff *out, const ge448 *in, size_t n)
{
    fe448 acc[ODD_B], inv, t;
    fe448_copy(acc[0], in[0].Z);
    for (size_t i = 1; i < n; i++)
        fe448_mul(acc[i], acc[i - 1], in[i].Z);
    fe448_inv(inv, acc[n - 1]);
    for (size_t i = n; i-- > 0;) {
        fe448 zi;
        if (i > 0) {
            fe448_mul(zi, inv, acc[i - 1]);
            fe448_mul(inv, inv, in[i].Z);
        } else {
            fe448_copy(zi, inv);
        }
        fe448_mul(t, in[i].X, zi);
        fe448_canon(out[i].x, t);
        fe448_mul(t, in[i].Y, zi);
        fe448_canon(out[i].y, t);
        fe448_mul(t, out[i].x, out[i].y);
        fe448_mul_small(t, t, ED448_D_ABS);
        fe448_neg(t, t);
        fe448_canon(out[i].dxy, t);
    }
}

static void tables_build(void)
{
    ge448 base, row[ODD_B];
    fe448_copy(base.X, ed448_bx);
    fe448_copy(base.Y, ed448_by);
    fe448_one(base.Z);
    fe448_mul(base.T, ed448_bx, ed448_by);
    /* odd multiples of B */
    ge448 b2;
    ge_dbl(&b2, &base, 1);
    row[0] = base;
    for (int i = 1; i < ODD_B; i++)
        ge_add_var(&row[i], &row[i - 1], &b2);
    batch_to_aff_var(g_odd, row, ODD_B);
    /* the comb: row r = j 2^(8r) B */
    for (int r = 0; r < COMB_ROWS; r++) {
        row[0] = base;
        ge_dbl(&row[1], &base, 1);
        for (int j = 2; j < COMB_COLS; j++)
            ge_add_var(&row[j], &row[j - 1], &base);
        batch_to_aff_var(g_comb[r], row, COMB_COLS);
        /* base = 2^8 base = 2^5 (8 base) */
        ge_dbl(&base, &row[COMB_COLS - 1], 0);
        for (int k = 1; k < 5; k++)
            ge_dbl(&base, &base, k == 4);
    }
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

/* q = d row[|d| - 1], negated when d < 0, the identity for d = 0;
 * constant time in d (all 8 entries read). */
static void comb_select(ge448_aff *q, const ge448_aff *row, int8_t digit)
{
    uint64_t d = (uint64_t)(int64_t)digit;
    uint64_t neg = (uint64_t)0 - (d >> 63);
    uint64_t a = (d ^ neg) - neg; /* |digit| */
    fe448_zero(q->x);
    fe448_one(q->y);
    fe448_zero(q->dxy);
    for (int j = 0; j < COMB_COLS; j++) {
        uint64_t m = ct_mask_eq(a, (uint64_t)j + 1);
        fe448_cmov(q->x, row[j].x, m);
        fe448_cmov(q->y, row[j].y, m);
        fe448_cmov(q->dxy, row[j].dxy, m);
    }
    ge448_aff n;
    ge_aff_neg(&n, q);
    fe448_cmov(q->x, n.x, neg);
    fe448_cmov(q->dxy, n.dxy, neg);
    pkc_memzero(&n, sizeof n);
}

/* p = [s]B, s < L, constant time */
static void ge_scalarmult_base(ge448 *p, const uint64_t s[7])
{
    int8_t e[112];
    ge448_aff q;
    tables_init();
    sc448_recode16(e, s);
    ge_identity(p);
    for (int r = 0; r < COMB_ROWS; r++) {
        comb_select(&q, g_comb[r], e[2 * r + 1]);
        ge_madd(p, p, &q);
    }
    ge_dbl(p, p, 0);
    ge_dbl(p, p, 0);
    ge_dbl(p, p, 0);
    ge_dbl(p, p, 1);
    for (int r = 0; r < COMB_ROWS; r++) {
        comb_select(&q, g_comb[r], e[2 * r]);
        ge_madd(p, p, &q);
    }
    pkc_memzero(e, sizeof e);
    pkc_memzero(&q, sizeof q);
}

/* p = [a]B + [b]Q for public a, b < 2^448 (variable time); p has T */
static void ge_double_scalarmult_var(ge448 *p, const uint64_t a[7], const ge448 *q,
                                     const uint64_t b[7])
{
    int8_t na[450], nb[450];
    ge448 qm[8], q2;
    tables_init();
    sc448_wnaf_var(na, a, 7);
    sc448_wnaf_var(nb, b, 5);
    qm[0] = *q;
    ge_dbl(&q2, q, 1);
    for (int i = 1; i < 8; i++)
        ge_add_var(&qm[i], &qm[i - 1], &q2);
    int top = 449;
    while (top >= 0 && na[top] == 0 && nb[top] == 0)
        top--;
    ge_identity(p);
    for (int i = top; i >= 0; i--) {
        /* T only when an addition follows (here, or the caller's after i = 0) */
        int need_t = na[i] != 0 || nb[i] != 0 || i == 0;
        ge_dbl(p, p, need_t);
        if (na[i] > 0) {
            ge_madd(p, p, &g_odd[na[i] / 2]);
        } else if (na[i] < 0) {
            ge448_aff n;
            ge_aff_neg(&n, &g_odd[-na[i] / 2]);
            ge_madd(p, p, &n);
        }
        if (nb[i] > 0) {
            ge_add_var(p, p, &qm[nb[i] / 2]);
        } else if (nb[i] < 0) {
            ge448 n;
            ge_neg(&n, &qm[-nb[i] / 2]);
            ge_add_var(p, p, &n);
        }
    }
}

void pkc_ed448_x448_base(uint8_t out[56], const uint8_t k[56])
{
    uint8_t c[56];
    uint64_t s[7];
    ge448 p;
    fe448 t;
    memcpy(c, k, 56);
    c[0] &= 252;
    c[55] |= 128;
    sc448_reduce_bytes(s, c, 56);
    ge_scalarmult_base(&p, s);
    /* u = (Y / X)^2 (X = 0 only for s = 0: then u = 0, as the ladder gives) */
    fe448_inv(t, p.X);
    fe448_mul(t, t, p.Y);
    fe448_sqr(t, t);
    fe448_tobytes(out, t);
    pkc_memzero(c, sizeof c);
    pkc_memzero(s, sizeof s);
    pkc_memzero(&p, sizeof p);
    pkc_memzero(t, sizeof t);
}

/* ---- Ed448 ---- */

/* SHAKE256(dom4(0, ctx) || a || b || msg, 114) mod L */
static void hash_to_scalar(uint64_t out[7], const uint8_t *ctx, size_t ctxlen, const uint8_t *a,
                           size_t alen, const uint8_t *b, size_t blen, const uint8_t *msg,
                           size_t len)
{
    uint8_t h[114];
    uint8_t dom[10] = {'S', 'i', 'g', 'E', 'd', '4', '4', '8', 0, (uint8_t)ctxlen};
    pkc_sha3_ctx c;
    pkc_shake256_init(&c);
    pkc_sha3_update(&c, dom, sizeof dom);
    if (ctxlen)
        pkc_sha3_update(&c, ctx, ctxlen);
    pkc_sha3_update(&c, a, alen);
    if (blen)
        pkc_sha3_update(&c, b, blen);
    if (len)
        pkc_sha3_update(&c, msg, len);
    pkc_shake_squeeze(&c, h, sizeof h);
    pkc_sha3_wipe(&c);
    sc448_reduce_bytes(out, h, sizeof h);
    pkc_memzero(h, sizeof h);
}

static void scalar_load(uint64_t s[7], const uint8_t in[57])
{
    sc448_reduce_bytes(s, in, 57);
}

pkc_err pkc_ed448_key_from_seed(pkc_ed448_key *key, const uint8_t seed[57])
{
    if (!key || !seed)
        return PKC_ERR_ARG;
    uint8_t h[114];
    uint64_t s[7];
    ge448 a;
    pkc_shake256(h, sizeof h, seed, 57);
    memmove(key->seed, seed, 57);
    memcpy(key->scalar, h, 57);
    key->scalar[0] &= 0xfc;
    key->scalar[56] = 0;
    key->scalar[55] |= 0x80;
    memcpy(key->prefix, h + 57, 57);
    scalar_load(s, key->scalar);
    ge_scalarmult_base(&a, s);
    ge_tobytes(key->pub, &a);
    pkc_memzero(h, sizeof h);
    pkc_memzero(s, sizeof s);
    pkc_memzero(&a, sizeof a);
    return PKC_OK;
}

pkc_err pkc_ed448_keygen(pkc_ed448_key *key, pkc_rng *rng)
{
    if (!key || !rng)
        return PKC_ERR_ARG;
    uint8_t seed[57];
    pkc_err e = pkc_rng_bytes(rng, seed, sizeof seed);
    if (e == PKC_OK)
        e = pkc_ed448_key_from_seed(key, seed);
    pkc_memzero(seed, sizeof seed);
    if (e != PKC_OK)
        pkc_memzero(key, sizeof *key);
    return e;
}

void pkc_ed448_key_wipe(pkc_ed448_key *key)
{
    if (key)
        pkc_memzero(key, sizeof *key);
}

pkc_err pkc_ed448_sign(const pkc_ed448_key *key, const uint8_t *ctx, size_t ctxlen,
                       const uint8_t *msg, size_t len, uint8_t sig[114])
{
    if (!key || !sig || ctxlen > PKC_ED448_MAX_CONTEXT || (!ctx && ctxlen) || (!msg && len))
        return PKC_ERR_ARG;
    uint64_t r[7], k[7], s[7], S[7];
    uint8_t R[57];
    ge448 p;
    /* r = SHAKE256(dom4 || prefix || M, 114) mod L; R = [r]B */
    hash_to_scalar(r, ctx, ctxlen, key->prefix, 57, NULL, 0, msg, len);
    ge_scalarmult_base(&p, r);
    ge_tobytes(R, &p);
    /* k = SHAKE256(dom4 || R || A || M, 114) mod L; S = r + k s mod L */
    hash_to_scalar(k, ctx, ctxlen, R, 57, key->pub, 57, msg, len);
    scalar_load(s, key->scalar);
    sc448_muladd(S, k, s, r);
    memcpy(sig, R, 57);
    sc448_tobytes(sig + 57, S);
    pkc_memzero(r, sizeof r);
    pkc_memzero(k, sizeof k);
    pkc_memzero(s, sizeof s);
    pkc_memzero(S, sizeof S);
    pkc_memzero(&p, sizeof p);
    return PKC_OK;
}

pkc_err pkc_ed448_check_public(const uint8_t pub[57])
{
    if (!pub)
        return PKC_ERR_ARG;
    ge448 a;
    return ge_frombytes_var(&a, pub) == 0 ? PKC_OK : PKC_ERR_POINT;
}

pkc_err pkc_ed448_verify(const uint8_t pub[57], const uint8_t *ctx, size_t ctxlen,
                         const uint8_t *msg, size_t len, const uint8_t sig[114])
{
    if (!pub || !sig || ctxlen > PKC_ED448_MAX_CONTEXT || (!ctx && ctxlen) || (!msg && len))
        return PKC_ERR_ARG;
    ge448 a, r, p, na;
    if (ge_frombytes_var(&a, pub) != 0)
        return PKC_ERR_POINT;
    if (!sc448_is_canonical_var(sig + 57))
        return PKC_ERR_VERIFY;
    if (ge_frombytes_var(&r, sig) != 0)
        return PKC_ERR_VERIFY;
    uint64_t k[7], s[7] = {0};
    hash_to_scalar(k, ctx, ctxlen, sig, 57, pub, 57, msg, len);
    for (int i = 0; i < 56; i++)
        s[i / 8] |= (uint64_t)sig[57 + i] << (8 * (i % 8));
    /* [S]B - [k]A - R, times 4 */
    ge_neg(&na, &a);
    ge_double_scalarmult_var(&p, s, &na, k);
    ge_neg(&r, &r);
    ge_add_var(&p, &p, &r);
    ge_dbl(&p, &p, 0);
    ge_dbl(&p, &p, 0);
    /* the identity: X = 0 and Y = Z */
    if (!fe448_is_zero(p.X) || !fe448_eq(p.Y, p.Z))
        return PKC_ERR_VERIFY;
    return PKC_OK;
}
