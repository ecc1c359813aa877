/* The four-limb MULX/ADX field GF(2^255 - 19) (src/ecx/fe64_25519.h)
 * against GMP: add, sub, mul, sqr, sqr_n, mul by a small constant, the
 * conditional swap, inversion, decoding and the canonical encoding. Every
 * function takes any 256-bit value, so the inputs are random 256-bit values,
 * random values mod p, and the edges where the folds by 38 carry or borrow
 * twice: 0, 1, 37, 38, 39, p - 1, p, p + 1, 2^255 - 1, 2^255, 2p - 1, 2p,
 * 2^256 - 39, 2^256 - 38, 2^256 - 1, and limbs of all ones or zeros. */
#include <gmp.h>
#include <stdio.h>
#include <string.h>

#include "ecx/fe64_25519.h"
#include "pkc/curve25519.h"
#include "testutil.h"

#ifdef PKC_FE64_25519
static mpz_t P;

static void to_mpz(mpz_t r, const fe64 a)
{
    mpz_import(r, 4, -1, sizeof(uint64_t), 0, 0, a);
}

static void from_mpz(fe64 r, const mpz_t v)
{
    memset(r, 0, sizeof(fe64));
    mpz_export(r, NULL, -1, sizeof(uint64_t), 0, 0, v);
}

/* r holds want mod p and is a 256-bit value (always: four limbs) */
static int same_mod_p(const fe64 r, const mpz_t want)
{
    mpz_t x, w;
    mpz_inits(x, w, NULL);
    to_mpz(x, r);
    mpz_mod(x, x, P);
    mpz_mod(w, want, P);
    int ok = mpz_cmp(x, w) == 0;
    mpz_clears(x, w, NULL);
    return ok;
}

static void check_encode(const fe64 a)
{
    uint8_t s[32], want[32] = {0};
    fe64_tobytes(s, a);
    mpz_t v;
    mpz_init(v);
    to_mpz(v, a);
    mpz_mod(v, v, P);
    mpz_export(want, NULL, -1, 1, 0, 0, v);
    CHECK_EQ_BYTES(s, want, 32);
    mpz_clear(v);
}

static void ops(const fe64 a, const fe64 b)
{
    mpz_t x, y, w;
    mpz_inits(x, y, w, NULL);
    to_mpz(x, a);
    to_mpz(y, b);
    fe64 r, s;

    fe64_add(r, a, b);
    mpz_add(w, x, y);
    CHECK(same_mod_p(r, w));
    fe64_sub(r, a, b);
    mpz_sub(w, x, y);
    CHECK(same_mod_p(r, w));
    fe64_mul(r, a, b);
    mpz_mul(w, x, y);
    CHECK(same_mod_p(r, w));
    fe64_sqr(r, a);
    mpz_mul(w, x, x);
    CHECK(same_mod_p(r, w));
    fe64_sqr_n(r, a, 3);
    mpz_powm_ui(w, x, 8, P);
    CHECK(same_mod_p(r, w));
    const uint32_t ks[] = {0, 1, 121665, 0xffffffffu};
    for (int i = 0; i < 4; i++) {
        fe64_mul_small(r, a, ks[i]);
        mpz_mul_ui(w, x, ks[i]);
        CHECK(same_mod_p(r, w));
    }
    for (int i = 0; i < 4; i++) {
        fe64_mul_small_add(r, a, ks[i], b);
        mpz_mul_ui(w, x, ks[i]);
        mpz_add(w, w, y);
        CHECK(same_mod_p(r, w));
    }
    fe64_addsub(r, s, a, b);
    mpz_add(w, x, y);
    CHECK(same_mod_p(r, w));
    mpz_sub(w, x, y);
    CHECK(same_mod_p(s, w));
    /* aliasing: r = r * r, r = r * b */
    memcpy(r, a, sizeof r);
    fe64_mul(r, r, r);
    mpz_mul(w, x, x);
    CHECK(same_mod_p(r, w));
    memcpy(r, a, sizeof r);
    fe64_mul(r, r, b);
    mpz_mul(w, x, y);
    CHECK(same_mod_p(r, w));

    memcpy(r, a, sizeof r);
    memcpy(s, b, sizeof s);
    fe64_cswap(r, s, 0);
    CHECK(memcmp(r, a, sizeof r) == 0 && memcmp(s, b, sizeof s) == 0);
    fe64_cswap(r, s, ~(uint64_t)0);
    CHECK(memcmp(r, b, sizeof r) == 0 && memcmp(s, a, sizeof s) == 0);

    check_encode(a);
    mpz_clears(x, y, w, NULL);
}

static void invert(const fe64 a)
{
    mpz_t x, w;
    mpz_inits(x, w, NULL);
    to_mpz(x, a);
    fe64 r;
    fe64_invert(r, a);
    mpz_mod(x, x, P);
    if (mpz_sgn(x) == 0)
        mpz_set_ui(w, 0);
    else
        mpz_invert(w, x, P);
    CHECK(same_mod_p(r, w));
    mpz_clears(x, w, NULL);
}

static void decode(const uint8_t s[32])
{
    fe64 r;
    fe64_frombytes(r, s);
    uint8_t t[32];
    memcpy(t, s, 32);
    t[31] &= 0x7f; /* bit 255 is ignored */
    mpz_t v;
    mpz_init(v);
    mpz_import(v, 32, -1, 1, 0, 0, t);
    fe64 want;
    from_mpz(want, v);
    CHECK(memcmp(r, want, sizeof r) == 0);
    check_encode(r);
    mpz_clear(v);
}

int main(void)
{
    if (!pkc_x25519_have_adx()) {
        printf("note: this CPU has no BMI2/ADX, so the MULX/ADX field cannot run here\n");
        return tu_finish("fe64_25519") == 0 ? 0 : 77;
    }
    mpz_init(P);
    mpz_ui_pow_ui(P, 2, 255);
    mpz_sub_ui(P, P, 19);
    (void)tu_seed();

    fe64 edge[24];
    int ne = 0;
    {
        mpz_t v, two256;
        mpz_inits(v, two256, NULL);
        mpz_ui_pow_ui(two256, 2, 256);
        const unsigned long small[] = {0, 1, 2, 19, 37, 38, 39};
        for (int i = 0; i < 7; i++) {
            mpz_set_ui(v, small[i]);
            from_mpz(edge[ne++], v);
        }
        for (int d = -1; d <= 1; d++) { /* p - 1, p, p + 1 */
            mpz_add_ui(v, P, 1);
            mpz_sub_ui(v, v, (unsigned long)(1 - d));
            from_mpz(edge[ne++], v);
        }
        mpz_ui_pow_ui(v, 2, 255); /* 2^255 - 1, 2^255 */
        mpz_sub_ui(v, v, 1);
        from_mpz(edge[ne++], v);
        mpz_add_ui(v, v, 1);
        from_mpz(edge[ne++], v);
        mpz_mul_ui(v, P, 2); /* 2p - 1, 2p */
        mpz_sub_ui(v, v, 1);
        from_mpz(edge[ne++], v);
        mpz_add_ui(v, v, 1);
        from_mpz(edge[ne++], v);
        const unsigned long below[] = {39, 38, 1};
        for (int i = 0; i < 3; i++) {
            mpz_sub_ui(v, two256, below[i]);
            from_mpz(edge[ne++], v);
        }
        mpz_clears(v, two256, NULL);
        const uint64_t ones = ~(uint64_t)0;
        const fe64 patterns[] = {{ones, 0, ones, 0}, {0, ones, 0, ones}, {ones, ones, ones, 0},
                                 {0, 0, 0, ones}};
        for (int i = 0; i < 4; i++)
            memcpy(edge[ne++], patterns[i], sizeof(fe64));
    }
    for (int i = 0; i < ne; i++) {
        for (int j = 0; j < ne; j++)
            ops(edge[i], edge[j]);
        invert(edge[i]);
    }

    int n = tu_iters(20000);
    for (int t = 0; t < n; t++) {
        fe64 a, b;
        tu_rand_bytes((uint8_t *)a, sizeof a);
        tu_rand_bytes((uint8_t *)b, sizeof b);
        if (t % 3 == 0)
            a[3] |= (uint64_t)1 << 63; /* above 2^255: the folds carry */
        if (t % 5 == 0)
            memcpy(b, edge[tu_rand64() % (uint64_t)ne], sizeof b);
        ops(a, b);
        if (t % 10 == 0)
            invert(a);
        uint8_t s[32];
        tu_rand_bytes(s, 32);
        if (t % 7 == 0)
            memset(s, 0xff, 31); /* around p .. 2^255 - 1 (and with bit 255) */
        decode(s);
    }
    mpz_clear(P);
    return tu_finish("fe64_25519");
}
#else
int main(void)
{
    printf("SKIPPED: not an x86-64 build, so there is no MULX/ADX field\n");
    return 77;
}
#endif
