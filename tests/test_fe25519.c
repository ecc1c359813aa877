/* The field GF(2^255 - 19) of X25519 and Ed25519 (src/ecx/fe25519.h)
 * against GMP: add, sub, sub_tight, neg, mul, sqr, mul by 121665, inversion, the square
 * root of a ratio (RFC 8032 section 5.1.3), encoding and decoding, equality,
 * "is negative", the conditional swap and move. Inputs: random limbs at
 * every bound the header states (limbs just under 2^52, 2^53, 2^54, and
 * 2^54 - 152 for a subtrahend), random canonical values, and the edges 0, 1,
 * p - 1, p, p + 1, 2^255 - 1 (and those as decoded byte strings). */
#include <gmp.h>
#include <string.h>

#include "ecx/fe25519.h"
#include "testutil.h"

static mpz_t P;

static void to_mpz(mpz_t r, const fe25519 a)
{
    mpz_set_ui(r, 0);
    for (int i = 4; i >= 0; i--) {
        mpz_mul_2exp(r, r, 51);
        mpz_add_ui(r, r, a[i]); /* limbs < 2^63: fits an unsigned long here */
    }
}

static void bytes_to_mpz(mpz_t r, const uint8_t b[32])
{
    mpz_import(r, 32, -1, 1, 0, 0, b);
}

/* a random element with every limb < bound (a power of two or bound - k) */
static void rand_fe(fe25519 r, uint64_t bound)
{
    for (int i = 0; i < 5; i++) {
        uint64_t x = tu_rand64();
        switch (tu_rand64() % 4) {
        case 0: r[i] = bound - 1 - (x % 4); break; /* at the bound */
        case 1: r[i] = x % 4; break;
        default: r[i] = x % bound; break;
        }
    }
}

static int same_mod_p(const fe25519 a, const mpz_t want)
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

static int limbs_below(const fe25519 a, uint64_t bound)
{
    for (int i = 0; i < 5; i++)
        if (a[i] >= bound)
            return 0;
    return 1;
}

/* canonical encoding of a against GMP */
static void check_encode(const fe25519 a)
{
    uint8_t s[32];
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    fe25519_tobytes(s, a);
    bytes_to_mpz(y, s);
    to_mpz(x, a);
    mpz_mod(x, x, P);
    CHECK(mpz_cmp(x, y) == 0);
    CHECK(fe25519_is_negative(a) == (uint64_t)mpz_tstbit(x, 0));
    CHECK((fe25519_is_zero(a) != 0) == (mpz_sgn(x) == 0));
    mpz_clears(x, y, NULL);
}

static void ops(const fe25519 a, const fe25519 b, uint64_t abound, uint64_t bbound)
{
    const uint64_t loose = (uint64_t)1 << 52;
    fe25519 r;
    mpz_t x, y, w;
    mpz_inits(x, y, w, NULL);
    to_mpz(x, a);
    to_mpz(y, b);
    if (abound <= ((uint64_t)1 << 53) && bbound <= ((uint64_t)1 << 53)) {
        fe25519_add(r, a, b);
        mpz_add(w, x, y);
        CHECK(same_mod_p(r, w));
    }
    if (abound <= ((uint64_t)1 << 54) && bbound <= ((uint64_t)1 << 54) - 152) {
        fe25519_sub(r, a, b);
        mpz_sub(w, x, y);
        CHECK(same_mod_p(r, w) && limbs_below(r, loose));
        fe25519_neg(r, b);
        mpz_neg(w, y);
        CHECK(same_mod_p(r, w) && limbs_below(r, loose));
    }
    if (abound <= ((uint64_t)1 << 53) && bbound <= ((uint64_t)1 << 51)) {
        /* b "tight" (limbs < 2^51 here): no carry, limbs < 2^54 */
        fe25519_sub_tight(r, a, b);
        mpz_sub(w, x, y);
        CHECK(same_mod_p(r, w) && limbs_below(r, (uint64_t)1 << 54));
    }
    if (abound <= ((uint64_t)1 << 54) && bbound <= ((uint64_t)1 << 54)) {
        fe25519_mul(r, a, b);
        mpz_mul(w, x, y);
        CHECK(same_mod_p(r, w) && limbs_below(r, loose));
        if (abound <= ((uint64_t)1 << 53)) { /* a product is "tight" */
            fe25519 r2;
            fe25519_sub_tight(r2, a, r);
            mpz_sub(w, x, w);
            CHECK(same_mod_p(r2, w) && limbs_below(r2, (uint64_t)1 << 54));
        }
        fe25519_sqr(r, a);
        mpz_mul(w, x, x);
        CHECK(same_mod_p(r, w) && limbs_below(r, loose));
        fe25519_mul_small(r, a, 121665);
        mpz_mul_ui(w, x, 121665);
        CHECK(same_mod_p(r, w) && limbs_below(r, loose));
        fe25519_sqr_n(r, b, 3);
        mpz_powm_ui(w, y, 8, P);
        CHECK(same_mod_p(r, w));
    }
    check_encode(a);
    check_encode(b);
    /* equality */
    CHECK((fe25519_eq(a, a) != 0));
    if (abound <= ((uint64_t)1 << 54) && bbound <= ((uint64_t)1 << 54) - 152) {
        mpz_sub(w, x, y);
        mpz_mod(w, w, P);
        CHECK((fe25519_eq(a, b) != 0) == (mpz_sgn(w) == 0));
    }
    /* cswap, cmov */
    fe25519 c, d;
    fe25519_copy(c, a);
    fe25519_copy(d, b);
    fe25519_cswap(c, d, 0);
    CHECK(memcmp(c, a, sizeof c) == 0 && memcmp(d, b, sizeof d) == 0);
    fe25519_cswap(c, d, ~(uint64_t)0);
    CHECK(memcmp(c, b, sizeof c) == 0 && memcmp(d, a, sizeof d) == 0);
    fe25519_cmov(c, a, 0);
    CHECK(memcmp(c, b, sizeof c) == 0);
    fe25519_cmov(c, a, ~(uint64_t)0);
    CHECK(memcmp(c, a, sizeof c) == 0);
    mpz_clears(x, y, w, NULL);
}

static void inv_sqrt(const fe25519 a, const fe25519 b)
{
    fe25519 r;
    mpz_t x, y, w, t;
    mpz_inits(x, y, w, t, NULL);
    to_mpz(x, a);
    to_mpz(y, b);
    mpz_mod(x, x, P);
    mpz_mod(y, y, P);
    fe25519_invert(r, a);
    if (mpz_sgn(x) == 0) {
        CHECK(fe25519_is_zero(r) != 0);
    } else {
        mpz_invert(w, x, P);
        CHECK(same_mod_p(r, w));
    }
    /* sqrt(a/b): a square iff (a/b)^((p-1)/2) is 0 or 1 */
    if (mpz_sgn(y) != 0) {
        uint64_t ok = fe25519_sqrt_ratio(r, a, b);
        mpz_invert(t, y, P);
        mpz_mul(t, t, x);
        mpz_mod(t, t, P); /* a/b */
        int sq = mpz_sgn(t) == 0 || mpz_legendre(t, P) == 1;
        CHECK((ok != 0) == sq);
        if (ok) {
            to_mpz(w, r);
            mpz_mul(w, w, w);
            mpz_mod(w, w, P);
            CHECK(mpz_cmp(w, t) == 0);
        }
    }
    mpz_clears(x, y, w, t, NULL);
}

/* decoding: bit 255 ignored, the value kept mod p */
static void decode(const uint8_t s[32])
{
    fe25519 r;
    uint8_t t[32];
    mpz_t x;
    mpz_init(x);
    memcpy(t, s, 32);
    t[31] &= 0x7f;
    bytes_to_mpz(x, t);
    fe25519_frombytes(r, s);
    CHECK(limbs_below(r, (uint64_t)1 << 51));
    CHECK(same_mod_p(r, x));
    mpz_clear(x);
}

static void from_mpz(fe25519 r, const mpz_t v)
{
    uint8_t s[32] = {0};
    size_t n = 0;
    mpz_export(s, &n, -1, 1, 0, 0, v);
    fe25519_frombytes(r, s);
}

int main(void)
{
    mpz_init(P);
    mpz_ui_pow_ui(P, 2, 255);
    mpz_sub_ui(P, P, 19);
    (void)tu_seed();

    /* edges: 0, 1, p - 1, p, p + 1, 2^255 - 1, 2, (p - 1)/2, and -1 as
     * decoded from bytes; the limbs of p with limbs at 2^51 - 1 */
    fe25519 edge[12];
    int ne = 0;
    {
        mpz_t v;
        mpz_init(v);
        const long adds[] = {0, 1, 2};
        for (int i = 0; i < 3; i++) {
            mpz_set_si(v, adds[i]);
            from_mpz(edge[ne++], v);
        }
        for (int d = -1; d <= 1; d++) {
            if (d < 0)
                mpz_sub_ui(v, P, 1);
            else
                mpz_add_ui(v, P, (unsigned long)d);
            from_mpz(edge[ne++], v);
        }
        mpz_ui_pow_ui(v, 2, 255);
        mpz_sub_ui(v, v, 1);
        from_mpz(edge[ne++], v);
        mpz_sub_ui(v, P, 1);
        mpz_tdiv_q_2exp(v, v, 1);
        from_mpz(edge[ne++], v);
        mpz_clear(v);
        for (int i = 0; i < 5; i++)
            edge[ne][i] = FE25519_MASK51; /* 2^255 - 1 in limbs */
        ne++;
        for (int i = 0; i < 5; i++)
            edge[ne][i] = ((uint64_t)1 << 54) - 153; /* the largest subtrahend */
        ne++;
        for (int i = 0; i < 5; i++)
            edge[ne][i] = ((uint64_t)1 << 54) - 1; /* the largest mul input */
        ne++;
        for (int i = 0; i < 5; i++)
            edge[ne][i] = ((uint64_t)1 << 52) - 1; /* the largest loose value */
        ne++;
    }
    for (int i = 0; i < ne; i++)
        for (int j = 0; j < ne; j++) {
            uint64_t bi = i >= ne - 3 ? (uint64_t)1 << 54 : (uint64_t)1 << 52;
            uint64_t bj = j >= ne - 3 ? (uint64_t)1 << 54 : (uint64_t)1 << 52;
            if (j == ne - 2)
                bj = (uint64_t)1 << 54; /* 2^54 - 1: not a subtrahend */
            if (j == ne - 3)
                bj = ((uint64_t)1 << 54) - 152;
            ops(edge[i], edge[j], bi, bj);
            if (i < ne - 3 && j < ne - 3)
                inv_sqrt(edge[i], edge[j]);
        }

    const uint64_t bounds[] = {(uint64_t)1 << 51, (uint64_t)1 << 52, (uint64_t)1 << 53,
                               ((uint64_t)1 << 54) - 152, (uint64_t)1 << 54};
    int n = tu_iters(20000);
    for (int t = 0; t < n; t++) {
        uint64_t ba = bounds[tu_rand64() % 5], bb = bounds[tu_rand64() % 5];
        fe25519 a, b;
        rand_fe(a, ba);
        rand_fe(b, bb);
        ops(a, b, ba, bb);
        if (t % 10 == 0) {
            rand_fe(a, (uint64_t)1 << 52);
            rand_fe(b, (uint64_t)1 << 53);
            inv_sqrt(a, b);
        }
        uint8_t s[32];
        tu_rand_bytes(s, 32);
        if (t % 7 == 0)
            memset(s, 0xff, 31); /* around p .. 2^255 - 1 (and with bit 255) */
        decode(s);
    }
    mpz_clear(P);
    return tu_finish("fe25519");
}
