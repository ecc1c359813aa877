/* The GLV split of secp256k1 (src/ec/glv.h, through the lab interface):
 * k = s1 k1 + s2 k2 lambda (mod n) with k1, k2 < 2^129, checked with GMP on
 * random scalars and on extreme ones — 0, 1, n - 1, lambda and its
 * relatives, fractions i n / j, and the scalars where the rounding of
 * b2 k / n or -b1 k / n crosses a half (k just below and above
 * (m + 1/2) n / b2). Those extremes are also multiplied by a point in
 * Jacobian coordinates (the GLV path) and compared with the affine
 * implementation, which does not use the endomorphism. Every other curve
 * has no split (NULL). */
#include <gmp.h>
#include <string.h>

#include "ec/curve.h"
#include "ec/ec_internal.h"
#include "ec/lab.h"
#include "pkc/curves.h"
#include "testutil.h"

/* SEC 2 / GLV constants of secp256k1: lambda^3 = 1 mod n, and the short
 * basis's b1, b2 (as tools/gen_ec_consts.py) */
static const char *const N_HEX = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141";
static const char *const LAMBDA_HEX =
    "5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72";
static const char *const MB1_HEX = "e4437ed6010e88286f547fa90abfe4c3"; /* -b1 */
static const char *const B2_HEX = "3086d221a7d46bcde86c90e49284eb15";

static mpz_t n, lam;
static const pkc_ec_lab *lab;
static const pkc_ec_curve *curve;
static int checked, split_fails, mul_fails;

static void to_limbs(uint64_t *a, const mpz_t v)
{
    memset(a, 0, 4 * sizeof(uint64_t));
    mpz_export(a, NULL, -1, sizeof(uint64_t), 0, 0, v);
}

static void from_limbs(mpz_t r, const uint64_t *a)
{
    mpz_import(r, 4, -1, sizeof(uint64_t), 0, 0, a);
}

/* k*P by the Jacobian (GLV) and the affine multiplication */
static void check_mul(const mpz_t k)
{
    uint8_t kb[32] = {0};
    size_t cnt = 0;
    if (mpz_sgn(k) != 0)
        mpz_export(kb + 32 - mpz_sizeinbase(k, 256), &cnt, 1, 1, 0, 0, k);
    pkc_ec_scalar s;
    memset(&s, 0, sizeof s);
    pkc_ec_scalar_reduce_bytes(curve, &s, kb, sizeof kb);
    pkc_ec_affine G, P, r1, r2;
    pkc_ec_scalar three;
    uint8_t tb[32] = {0};
    tb[31] = 3;
    pkc_ec_scalar_reduce_bytes(curve, &three, tb, sizeof tb);
    const pkc_curve_info *info = pkc_ec_curve_info(curve);
    CHECK(pkc_ec_point_set_xy_var(curve, &G, info->gx, info->gy) == PKC_OK);
    pkc_ec_mul(curve, PKC_EC_JACOBIAN, &P, &three, &G); /* P = 3G, not G's tables */
    pkc_ec_mul(curve, PKC_EC_JACOBIAN, &r1, &s, &P);
    pkc_ec_mul(curve, PKC_EC_AFFINE, &r2, &s, &P);
    if (memcmp(&r1, &r2, sizeof r1) != 0) {
        mul_fails++;
        gmp_fprintf(stderr, "k*P differs between GLV and affine for k = %Zx\n", k);
    }
}

static void check_split(const mpz_t kin, int also_mul)
{
    mpz_t k, k1, k2, r;
    mpz_inits(k, k1, k2, r, NULL);
    mpz_mod(k, kin, n);
    uint64_t kl[4], l1[4], l2[4];
    int neg1, neg2;
    to_limbs(kl, k);
    lab->glv_split(l1, &neg1, l2, &neg2, kl);
    from_limbs(k1, l1);
    from_limbs(k2, l2);
    int ok = mpz_sizeinbase(k1, 2) <= 129 && mpz_sizeinbase(k2, 2) <= 129;
    if (neg1)
        mpz_neg(k1, k1);
    if (neg2)
        mpz_neg(k2, k2);
    mpz_mul(r, k2, lam);
    mpz_add(r, r, k1);
    mpz_sub(r, r, k);
    mpz_mod(r, r, n);
    ok = ok && mpz_sgn(r) == 0;
    if (!ok) {
        split_fails++;
        gmp_fprintf(stderr, "split of %Zx: k1 = %Zd, k2 = %Zd\n", k, k1, k2);
    }
    checked++;
    if (also_mul)
        check_mul(k);
    mpz_clears(k, k1, k2, r, NULL);
}

/* k around (m + 1/2) n / b for m = 0 .. 40: where round(b k / n) steps */
static void rounding_edges(const char *bhex)
{
    mpz_t b, k, t;
    mpz_inits(b, k, t, NULL);
    mpz_set_str(b, bhex, 16);
    for (int m = 0; m < 40; m++) {
        /* k = floor((2m + 1) n / (2 b)) + delta */
        mpz_mul_ui(t, n, (unsigned long)(2 * m + 1));
        mpz_fdiv_q(k, t, b);
        mpz_fdiv_q_2exp(k, k, 1);
        for (int delta = -2; delta <= 2; delta++) {
            mpz_set(t, k);
            if (delta < 0)
                mpz_sub_ui(t, t, (unsigned long)-delta);
            else
                mpz_add_ui(t, t, (unsigned long)delta);
            check_split(t, delta == 0 && m % 8 == 0);
        }
    }
    mpz_clears(b, k, t, NULL);
}

int main(void)
{
    tu_seed();
    for (int id = 0; id < PKC_CURVE_COUNT; id++) {
        const pkc_ec_lab *l = pkc_ec_lab_get((pkc_curve_id)id);
        CHECK_MSG((l->glv_split != NULL) == (id == PKC_CURVE_SECP256K1),
                  "%s: a GLV split only on secp256k1", pkc_curve_info_get((pkc_curve_id)id)->name);
    }
    curve = pkc_ec_curve_get(PKC_CURVE_SECP256K1);
    lab = pkc_ec_lab_get(PKC_CURVE_SECP256K1);
    mpz_inits(n, lam, NULL);
    mpz_set_str(n, N_HEX, 16);
    mpz_set_str(lam, LAMBDA_HEX, 16);

    mpz_t k, t;
    mpz_inits(k, t, NULL);
    /* small and extreme values */
    static const long small[] = {0, 1, 2, 3, -1, -2, -3};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        mpz_set_si(k, small[i]);
        check_split(k, 1);
        mpz_mul(k, k, lam); /* +-lambda, +-2 lambda ... */
        check_split(k, 1);
        mpz_mul(k, k, lam); /* lambda^2 = -1 - lambda */
        check_split(k, 1);
    }
    for (int j = 2; j <= 64; j++)
        for (int i = 1; i < j; i += (j > 16 ? 7 : 1)) {
            mpz_mul_ui(k, n, (unsigned long)i);
            mpz_fdiv_q_ui(k, k, (unsigned long)j);
            check_split(k, j <= 8);
        }
    for (int e = 120; e < 256; e++) { /* 2^e, 2^e - 1 */
        mpz_set_ui(k, 0);
        mpz_setbit(k, (mp_bitcnt_t)e);
        check_split(k, e % 32 == 0);
        mpz_sub_ui(k, k, 1);
        check_split(k, e % 32 == 1);
    }
    rounding_edges(B2_HEX);
    rounding_edges(MB1_HEX);
    /* random */
    int iters = tu_iters(20000);
    uint8_t buf[40];
    for (int i = 0; i < iters; i++) {
        tu_rand_bytes(buf, sizeof buf);
        mpz_import(k, sizeof buf, 1, 1, 0, 0, buf);
        check_split(k, i < 64);
    }
    CHECK_MSG(split_fails == 0, "%d of %d GLV splits wrong or longer than 129 bits", split_fails,
              checked);
    CHECK_MSG(mul_fails == 0, "%d GLV multiplications differ from the affine ones", mul_fails);
    mpz_clears(k, t, n, lam, NULL);
    return tu_finish("test_ec_glv");
}
