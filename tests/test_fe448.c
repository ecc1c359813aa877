/* The arithmetic modulo p = 2^448 - 2^224 - 1 (src/ecx/fe448.h) against
 * GMP: add, sub, mul, sqr, mul_small, carry, neg, the canonical encoding
 * and decoding, equality, "is negative", inversion, the (p-3)/4 power and
 * the square root of a ratio, on random elements and on edge values (0, 1,
 * p - 1, p, p + 1, 2^448 - 1, limbs at each function's stated bound).
 * Every result is also checked against the bound the header promises (mul
 * and sqr: limbs <= 2^56 + 2^16; canonical: < p). */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "ecx/fe448.h"
#include "testutil.h"

static mpz_t P;

static void to_mpz(mpz_t r, const fe448 a)
{
    mpz_set_ui(r, 0);
    for (int i = 7; i >= 0; i--) {
        mpz_mul_2exp(r, r, 56);
        mpz_add_ui(r, r, a[i]);
    }
}

/* an element of value v (0 <= v < 2^448) in T limbs */
static void from_mpz(fe448 r, const mpz_t v)
{
    mpz_t t;
    mpz_init_set(t, v);
    for (int i = 0; i < 8; i++) {
        r[i] = mpz_get_ui(t) & FE448_MASK;
        mpz_fdiv_q_2exp(t, t, 56);
    }
    mpz_clear(t);
}

static int limbs_max(const fe448 a, uint64_t bound)
{
    for (int i = 0; i < 8; i++)
        if (a[i] > bound)
            return 0;
    return 1;
}

static int eq_mod(const fe448 a, const mpz_t want)
{
    mpz_t x, w;
    mpz_inits(x, w, NULL);
    to_mpz(x, a);
    mpz_mod(x, x, P);
    mpz_mod(w, want, P);
    int ok = mpz_cmp(x, w) == 0;
    mpz_clears(x, w, NULL);
    return ok;
}

#define RBOUND (((uint64_t)1 << 56) + ((uint64_t)1 << 16))

/* kinds of random inputs: limbs below 2^bits, or extreme patterns */
static void rand_fe(fe448 r, int kind)
{
    uint64_t m;
    switch (kind) {
    case 0: /* T */
        m = FE448_MASK;
        break;
    case 1: /* R */
        for (int i = 0; i < 8; i++)
            r[i] = tu_rand64() % (RBOUND + 1);
        return;
    case 2: /* < 2^58 */
        m = ((uint64_t)1 << 58) - 1;
        break;
    case 3: /* < 2^59 */
        m = ((uint64_t)1 << 59) - 1;
        break;
    case 4: /* < 2^60: the mul/sqr bound */
        m = ((uint64_t)1 << 60) - 1;
        break;
    case 5: /* every limb at the mul/sqr bound or 0 */
        for (int i = 0; i < 8; i++)
            r[i] = (tu_rand64() & 1) ? ((uint64_t)1 << 60) - 1 : 0;
        return;
    default: /* a few bits only */
        for (int i = 0; i < 8; i++)
            r[i] = (tu_rand64() & 3) == 0 ? tu_rand64() & FE448_MASK : 0;
        return;
    }
    for (int i = 0; i < 8; i++)
        r[i] = tu_rand64() & m;
}

static void set_const(fe448 r, const char *hex_or_word)
{
    mpz_t v;
    mpz_init(v);
    if (strcmp(hex_or_word, "p") == 0)
        mpz_set(v, P);
    else if (strcmp(hex_or_word, "p-1") == 0)
        mpz_sub_ui(v, P, 1);
    else if (strcmp(hex_or_word, "p+1") == 0)
        mpz_add_ui(v, P, 1);
    else if (strcmp(hex_or_word, "2^448-1") == 0) {
        mpz_ui_pow_ui(v, 2, 448);
        mpz_sub_ui(v, v, 1);
    } else if (strcmp(hex_or_word, "2^224") == 0)
        mpz_ui_pow_ui(v, 2, 224);
    else
        mpz_set_str(v, hex_or_word, 10);
    from_mpz(r, v);
    mpz_clear(v);
}

static const char *const edges[] = {"0", "1", "2", "p-1", "p", "p+1", "2^448-1", "2^224"};
#define NEDGES (sizeof edges / sizeof edges[0])

/* one round of every binary and unary operation on a and b */
static void check_ops(const fe448 a, const fe448 b, const char *what)
{
    mpz_t x, y, w, t;
    mpz_inits(x, y, w, t, NULL);
    to_mpz(x, a);
    to_mpz(y, b);
    fe448 r, s;

    fe448_mul(r, a, b);
    mpz_mul(w, x, y);
    CHECK_MSG(eq_mod(r, w) && limbs_max(r, RBOUND), "mul (%s)", what);
    fe448_copy(r, a);
    fe448_mul(r, r, b); /* aliasing */
    CHECK_MSG(eq_mod(r, w), "mul aliased (%s)", what);

    fe448_sqr(r, a);
    mpz_mul(w, x, x);
    CHECK_MSG(eq_mod(r, w) && limbs_max(r, RBOUND), "sqr (%s)", what);

    fe448_mul_small(r, a, 39081);
    mpz_mul_ui(w, x, 39081);
    CHECK_MSG(eq_mod(r, w) && limbs_max(r, RBOUND), "mul_small 39081 (%s)", what);
    fe448_mul_small(r, a, 65535);
    mpz_mul_ui(w, x, 65535);
    CHECK_MSG(eq_mod(r, w) && limbs_max(r, RBOUND), "mul_small 65535 (%s)", what);

    fe448_carry(r, a);
    CHECK_MSG(eq_mod(r, x) && limbs_max(r, RBOUND), "carry (%s)", what);

    fe448_canon(r, a);
    to_mpz(w, r);
    mpz_mod(t, x, P);
    CHECK_MSG(mpz_cmp(w, t) == 0, "canon (%s)", what);

    uint8_t enc[56];
    fe448_tobytes(enc, a);
    fe448_frombytes(s, enc);
    to_mpz(w, s);
    CHECK_MSG(mpz_cmp(w, t) == 0 && limbs_max(s, FE448_MASK), "tobytes/frombytes (%s)", what);
    CHECK_MSG(fe448_is_negative(a) == mpz_odd_p(t) ? 1 : 0, "is_negative (%s)", what);
    CHECK_MSG(fe448_is_zero(a) == (mpz_sgn(t) == 0 ? ~(uint64_t)0 : 0), "is_zero (%s)", what);

    mpz_mod(w, y, P);
    CHECK_MSG(fe448_eq(a, b) == (mpz_cmp(t, w) == 0 ? ~(uint64_t)0 : 0), "eq (%s)", what);
    CHECK_MSG(fe448_eq(a, a) == ~(uint64_t)0, "eq self (%s)", what);

    /* add and sub within their stated bounds: the sum of two < 2^59 is
     * < 2^60; sub needs b < 2^58 - 8 */
    if (limbs_max(a, ((uint64_t)1 << 59) - 1) && limbs_max(b, ((uint64_t)1 << 59) - 1)) {
        fe448_add(r, a, b);
        mpz_add(w, x, y);
        CHECK_MSG(eq_mod(r, w), "add (%s)", what);
        fe448_mul(s, r, r);
        mpz_mul(w, w, w);
        CHECK_MSG(eq_mod(s, w), "mul of a sum (%s)", what);
    }
    if (limbs_max(b, ((uint64_t)1 << 58) - 9) && limbs_max(a, ((uint64_t)1 << 59))) {
        fe448_sub(r, a, b);
        mpz_sub(w, x, y);
        CHECK_MSG(eq_mod(r, w) && limbs_max(r, ((uint64_t)1 << 60) - 1), "sub (%s)", what);
        fe448_neg(s, b);
        mpz_neg(w, y);
        CHECK_MSG(eq_mod(s, w) && limbs_max(s, RBOUND), "neg (%s)", what);
    }

    /* cswap / cmov */
    fe448 u, v;
    fe448_copy(u, a);
    fe448_copy(v, b);
    fe448_cswap(u, v, 0);
    CHECK_MSG(memcmp(u, a, sizeof u) == 0 && memcmp(v, b, sizeof v) == 0, "cswap 0 (%s)", what);
    fe448_cswap(u, v, ~(uint64_t)0);
    CHECK_MSG(memcmp(u, b, sizeof u) == 0 && memcmp(v, a, sizeof v) == 0, "cswap 1 (%s)", what);
    fe448_cmov(u, a, 0);
    CHECK_MSG(memcmp(u, b, sizeof u) == 0, "cmov 0 (%s)", what);
    fe448_cmov(u, a, ~(uint64_t)0);
    CHECK_MSG(memcmp(u, a, sizeof u) == 0, "cmov 1 (%s)", what);
    mpz_clears(x, y, w, t, NULL);
}

static void check_inv_sqrt(const fe448 a, const char *what)
{
    mpz_t x, w, e;
    mpz_inits(x, w, e, NULL);
    to_mpz(x, a);
    mpz_mod(x, x, P);
    fe448 r;
    fe448_inv(r, a);
    if (mpz_sgn(x) == 0)
        mpz_set_ui(w, 0);
    else
        mpz_invert(w, x, P);
    CHECK_MSG(eq_mod(r, w) && limbs_max(r, RBOUND), "inv (%s)", what);

    fe448_pow_p3d4(r, a);
    mpz_sub_ui(e, P, 3);
    mpz_fdiv_q_2exp(e, e, 2);
    mpz_powm(w, x, e, P);
    CHECK_MSG(eq_mod(r, w), "pow (p-3)/4 (%s)", what);
    mpz_clears(x, w, e, NULL);
}

static void check_sqrt_ratio(const fe448 u, const fe448 v, const char *what)
{
    mpz_t x, y, q, w;
    mpz_inits(x, y, q, w, NULL);
    to_mpz(x, u);
    to_mpz(y, v);
    mpz_mod(x, x, P);
    mpz_mod(y, y, P);
    fe448 r;
    uint64_t ok = fe448_sqrt_ratio(r, u, v);
    int expect;
    if (mpz_sgn(y) == 0) {
        expect = mpz_sgn(x) == 0; /* r = 0, v r^2 = 0 = u only if u = 0 */
    } else {
        mpz_invert(q, y, P);
        mpz_mul(q, q, x);
        mpz_mod(q, q, P);
        expect = mpz_sgn(q) == 0 || mpz_legendre(q, P) == 1;
    }
    CHECK_MSG(ok == (expect ? ~(uint64_t)0 : 0), "sqrt_ratio verdict (%s)", what);
    if (expect && mpz_sgn(y) != 0) {
        to_mpz(w, r);
        mpz_mul(w, w, w);
        mpz_mul(w, w, y);
        mpz_sub(w, w, x);
        mpz_mod(w, w, P);
        CHECK_MSG(mpz_sgn(w) == 0, "sqrt_ratio root (%s)", what);
    }
    mpz_clears(x, y, q, w, NULL);
}

int main(void)
{
    mpz_init(P);
    mpz_ui_pow_ui(P, 2, 448);
    {
        mpz_t t;
        mpz_init(t);
        mpz_ui_pow_ui(t, 2, 224);
        mpz_sub(P, P, t);
        mpz_sub_ui(P, P, 1);
        mpz_clear(t);
    }
    tu_seed();

    /* the edge values, pairwise */
    fe448 e[NEDGES + 4];
    size_t ne = 0;
    for (size_t i = 0; i < NEDGES; i++)
        set_const(e[ne++], edges[i]);
    for (int i = 0; i < 8; i++) {
        e[ne][i] = ((uint64_t)1 << 60) - 1; /* the mul/sqr bound */
        e[ne + 1][i] = RBOUND;              /* the R bound */
        e[ne + 2][i] = ((uint64_t)1 << 58) - 9; /* sub's b bound */
        e[ne + 3][i] = ((uint64_t)1 << 59);     /* 4p + 2^58 - ... as a sub output */
    }
    ne += 4;
    for (size_t i = 0; i < ne; i++) {
        for (size_t j = 0; j < ne; j++) {
            char what[64];
            snprintf(what, sizeof what, "edge %zu, %zu", i, j);
            check_ops(e[i], e[j], what);
        }
        char what[32];
        snprintf(what, sizeof what, "edge %zu", i);
        check_inv_sqrt(e[i], what);
    }

    /* random elements of each kind */
    int n = tu_iters(400);
    for (int t = 0; t < n; t++) {
        fe448 a, b;
        rand_fe(a, t % 7);
        rand_fe(b, (t / 7) % 7);
        char what[32];
        snprintf(what, sizeof what, "random %d", t);
        check_ops(a, b, what);
        if (t % 8 == 0)
            check_inv_sqrt(a, what);
        if (t % 4 == 0)
            check_sqrt_ratio(a, b, what);
    }

    /* square roots of squares (verdict true), with both signs of v */
    for (int t = 0; t < tu_iters(40); t++) {
        fe448 x, v, u;
        rand_fe(x, 0);
        rand_fe(v, 1);
        fe448_sqr(u, x);
        fe448_mul(u, u, v); /* u/v = x^2 */
        check_sqrt_ratio(u, v, "square");
        fe448_neg(u, u); /* -x^2: not a square (p = 3 mod 4) unless x = 0 */
        check_sqrt_ratio(u, v, "non-square");
    }
    fe448 z, one;
    fe448_zero(z);
    fe448_one(one);
    check_sqrt_ratio(z, one, "0/1");
    check_sqrt_ratio(one, z, "1/0");
    check_sqrt_ratio(z, z, "0/0");

    /* the canonical encoding of non-canonical byte strings: p .. 2^448 - 1 */
    uint8_t enc[56], out[56];
    memset(enc, 0xff, sizeof enc); /* 2^448 - 1 = p + 2^224 */
    fe448 r;
    fe448_frombytes(r, enc);
    fe448_tobytes(out, r);
    uint8_t want[56] = {0};
    want[28] = 1;
    CHECK_EQ_BYTES(out, want, 56);

    mpz_clear(P);
    return tu_finish("test_fe448");
}
