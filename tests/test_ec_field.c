/* Field and scalar arithmetic of every curve against GMP (mpz) as the
 * reference: random and edge operands (0, 1, 2, p-1, p-2, (p-1)/2) for
 * mul / sqr / add / sub / neg / inv (constant and variable time) / sqrt (incl. secp224r1's and secp224k1's
 * Tonelli-Shanks), and scalar operations mod n through the ec_internal.h
 * interface (reduce_bytes of every length, set_bytes_checked bounds, add,
 * sub, mul, neg, inv); the field through the lab interface (src/ec/lab.h).
 * P-384's field runs twice, on the MULX/ADX product and on the portable one
 * (pkc_ecp_set_impl), and the MULX/ADX product is also checked alone on
 * random odd 384-bit moduli. */
#include <gmp.h>
#include <string.h>

#include "ec/curve.h"
#include "ec/mont6_adx.h"
#include "test_ec_util.h"
#include "testutil.h"

#define M PKC_EC_MAX_LIMBS

static void to_mpz(mpz_t r, const uint64_t *a, unsigned n)
{
    mpz_import(r, n, -1, sizeof(uint64_t), 0, 0, a);
}

static void from_mpz(uint64_t *a, const mpz_t v)
{
    memset(a, 0, M * sizeof(uint64_t));
    size_t cnt = 0;
    mpz_export(a, &cnt, -1, sizeof(uint64_t), 0, 0, v);
}

static void rand_below(mpz_t r, const mpz_t m)
{
    uint8_t buf[160];
    size_t len = (mpz_sizeinbase(m, 2) + 7) / 8 + 8;
    tu_rand_bytes(buf, len);
    mpz_import(r, len, 1, 1, 0, 0, buf);
    mpz_mod(r, r, m);
}

static int eq_limbs(const uint64_t *a, const mpz_t v, unsigned n)
{
    uint64_t b[M];
    from_mpz(b, v);
    return memcmp(a, b, n * sizeof(uint64_t)) == 0;
}

static void test_field(pkc_curve_id id)
{
    const pkc_ec_curve *c = pkc_ec_curve_get(id);
    const pkc_curve_info *info = pkc_ec_curve_info(c);
    const pkc_ec_ops *ops = c->ops;
    unsigned n = ops->nlimbs;
    mpz_t p, a, b, r, t;
    mpz_inits(p, a, b, r, t, NULL);
    mpz_import(p, info->field_bytes, 1, 1, 0, 0, info->p);
    int iters = tu_iters(300);
    int fails = 0, sq_yes = 0, sq_no = 0;
    for (int it = 0; it < iters + 36; it++) {
        if (it < 36) {
            /* edge operands: pairs from {0, 1, 2, p-1, p-2, (p-1)/2} */
            static const int e[6] = {0, 1, 2, -1, -2, 99};
            for (int k = 0; k < 2; k++) {
                int ev = e[k == 0 ? it / 6 : it % 6];
                mpz_ptr x = k == 0 ? a : b;
                if (ev == 99) {
                    mpz_sub_ui(x, p, 1);
                    mpz_fdiv_q_2exp(x, x, 1);
                } else if (ev >= 0) {
                    mpz_set_ui(x, (unsigned long)ev);
                } else {
                    mpz_sub_ui(x, p, (unsigned long)-ev);
                }
            }
        } else {
            rand_below(a, p);
            rand_below(b, p);
        }
        uint64_t al[M], bl[M], rl[M];
        from_mpz(al, a);
        from_mpz(bl, b);
        for (int op = ECU_FE_MUL; op <= ECU_FE_INV_VAR; op++) {
            memset(rl, 0, sizeof rl);
            ecu_fe_op(ops->lab, op, rl, al, bl);
            switch (op) {
            case ECU_FE_MUL: mpz_mul(r, a, b); break;
            case ECU_FE_SQR: mpz_mul(r, a, a); break;
            case ECU_FE_ADD: mpz_add(r, a, b); break;
            case ECU_FE_SUB: mpz_sub(r, a, b); break;
            case ECU_FE_NEG: mpz_neg(r, a); break;
            default:
                if (mpz_sgn(a) == 0)
                    mpz_set_ui(r, 0);
                else
                    mpz_invert(r, a, p);
            }
            mpz_mod(r, r, p);
            if (!eq_limbs(rl, r, n) && fails++ < 5)
                CHECK_MSG(0, "%s field op %d it %d", info->name, op, it);
        }
        /* square roots: of a square (must exist) and of a itself */
        mpz_mul(t, a, a);
        mpz_mod(t, t, p);
        uint64_t tl[M];
        from_mpz(tl, t);
        memset(rl, 0, sizeof rl);
        int ok = ecu_fe_op(ops->lab, ECU_FE_SQRT, rl, tl, tl);
        to_mpz(r, rl, n);
        mpz_mul(r, r, r);
        mpz_mod(r, r, p);
        if ((!ok || mpz_cmp(r, t) != 0) && fails++ < 5)
            CHECK_MSG(0, "%s sqrt of a square, it %d", info->name, it);
        ok = ecu_fe_op(ops->lab, ECU_FE_SQRT, rl, al, al);
        int leg = mpz_legendre(a, p);
        if (ok != (leg >= 0) && fails++ < 5)
            CHECK_MSG(0, "%s sqrt existence, legendre %d, got %d", info->name, leg, ok);
        if (ok) {
            to_mpz(r, rl, n);
            mpz_mul(r, r, r);
            mpz_mod(r, r, p);
            if (mpz_cmp(r, a) != 0 && fails++ < 5)
                CHECK_MSG(0, "%s sqrt wrong", info->name);
            sq_yes++;
        } else {
            sq_no++;
        }
    }
    CHECK_MSG(fails == 0, "%s: %d field mismatches", info->name, fails);
    CHECK_MSG(sq_yes > 0 && sq_no > 0, "%s: squares %d non-squares %d", info->name, sq_yes, sq_no);
    mpz_clears(p, a, b, r, t, NULL);
}

static void sc_to_mpz(mpz_t r, const pkc_ec_scalar *s)
{
    to_mpz(r, s->v, M);
}

static void mpz_to_sc(pkc_ec_scalar *s, const mpz_t v)
{
    from_mpz(s->v, v);
}

static void test_scalar(pkc_curve_id id)
{
    const pkc_ec_curve *c = pkc_ec_curve_get(id);
    const pkc_curve_info *info = pkc_ec_curve_info(c);
    size_t ob = info->order_bytes;
    mpz_t n, a, b, r, t;
    mpz_inits(n, a, b, r, t, NULL);
    mpz_import(n, ob, 1, 1, 0, 0, info->n);
    int fails = 0;
    uint8_t buf[4 * PKC_EC_MAX_ORDER_BYTES], out[PKC_EC_MAX_ORDER_BYTES];
    /* reduce_bytes: every length from 0 to 3 * order_bytes (longer than
     * the documented 2 * order_bytes, which must work as well) */
    for (size_t len = 0; len <= 3 * ob; len++) {
        pkc_ec_scalar s;
        tu_rand_bytes(buf, len);
        if (len % 3 == 0)
            memset(buf, 0xff, len);
        pkc_ec_scalar_reduce_bytes(c, &s, buf, len);
        mpz_import(r, len, 1, 1, 0, 0, buf);
        mpz_mod(r, r, n);
        sc_to_mpz(t, &s);
        if (mpz_cmp(r, t) != 0 && fails++ < 5)
            CHECK_MSG(0, "%s reduce_bytes len %zu", info->name, len);
    }
    /* set_bytes_checked: 0, 1, n-1, n, n+1, all-ones */
    {
        static const long offs[] = {0, 1, -1, -2, 1000};
        for (int i = 0; i < 7; i++) {
            pkc_ec_scalar s;
            int expect;
            if (i < 2) {
                mpz_set_ui(a, (unsigned long)i);
                expect = i == 1;
            } else if (i < 4) {
                mpz_sub_ui(a, n, (unsigned long)(i - 1)); /* n-1, n-2 */
                expect = 1;
            } else if (i < 6) {
                mpz_add_ui(a, n, (unsigned long)(i - 4)); /* n, n+1 */
                expect = 0;
            } else {
                mpz_set_ui(a, 1);
                mpz_mul_2exp(a, a, 8 * ob);
                mpz_sub_ui(a, a, 1);
                expect = 0;
            }
            (void)offs;
            memset(buf, 0, ob);
            size_t cnt;
            uint8_t tmp[PKC_EC_MAX_ORDER_BYTES + 8];
            mpz_export(tmp, &cnt, 1, 1, 0, 0, a);
            memcpy(buf + ob - cnt, tmp, cnt);
            uint64_t m = pkc_ec_scalar_set_bytes_checked(c, &s, buf);
            CHECK_MSG(m == (expect ? ~(uint64_t)0 : 0), "%s set_bytes_checked case %d", info->name, i);
            if (expect) {
                pkc_ec_scalar_get_bytes(c, out, &s);
                CHECK_EQ_BYTES(out, buf, ob);
            }
        }
    }
    int iters = tu_iters(200);
    for (int it = 0; it < iters; it++) {
        pkc_ec_scalar sa, sb, sr;
        if (it < 16) {
            /* edges: 0, 1, n-1, n-2 */
            int ea = it / 4, eb = it % 4;
            long v[4] = {0, 1, -1, -2};
            if (v[ea] >= 0) mpz_set_ui(a, (unsigned long)v[ea]); else mpz_sub_ui(a, n, (unsigned long)-v[ea]);
            if (v[eb] >= 0) mpz_set_ui(b, (unsigned long)v[eb]); else mpz_sub_ui(b, n, (unsigned long)-v[eb]);
        } else {
            rand_below(a, n);
            rand_below(b, n);
        }
        mpz_to_sc(&sa, a);
        mpz_to_sc(&sb, b);
        for (int op = 0; op < 6; op++) {
            memset(&sr, 0xa5, sizeof sr);
            switch (op) {
            case 0: pkc_ec_scalar_add(c, &sr, &sa, &sb); mpz_add(r, a, b); break;
            case 1: pkc_ec_scalar_sub(c, &sr, &sa, &sb); mpz_sub(r, a, b); break;
            case 2: pkc_ec_scalar_mul(c, &sr, &sa, &sb); mpz_mul(r, a, b); break;
            case 3: pkc_ec_scalar_neg(c, &sr, &sa); mpz_neg(r, a); break;
            case 4:
            case 5:
                if (op == 4)
                    pkc_ec_scalar_inv(c, &sr, &sa);
                else
                    pkc_ec_scalar_inv_var(c, &sr, &sa);
                if (mpz_sgn(a) == 0)
                    mpz_set_ui(r, 0);
                else
                    mpz_invert(r, a, n);
                break;
            }
            mpz_mod(r, r, n);
            sc_to_mpz(t, &sr); /* limbs above the curve's count must be 0 */
            if (mpz_cmp(r, t) != 0 && fails++ < 5)
                CHECK_MSG(0, "%s scalar op %d it %d", info->name, op, it);
        }
        CHECK(pkc_ec_scalar_eq(c, &sa, &sa) == ~(uint64_t)0);
        CHECK(pkc_ec_scalar_eq(c, &sa, &sb) == (mpz_cmp(a, b) == 0 ? ~(uint64_t)0 : 0));
        CHECK(pkc_ec_scalar_is_zero(c, &sa) == (mpz_sgn(a) == 0 ? ~(uint64_t)0 : 0));
    }
    /* aliasing: out == a */
    {
        pkc_ec_scalar sa, sb;
        rand_below(a, n);
        rand_below(b, n);
        mpz_to_sc(&sa, a);
        mpz_to_sc(&sb, b);
        pkc_ec_scalar_mul(c, &sa, &sa, &sb);
        pkc_ec_scalar_add(c, &sa, &sa, &sa);
        pkc_ec_scalar_inv(c, &sa, &sa);
        mpz_mul(r, a, b);
        mpz_mul_ui(r, r, 2);
        mpz_mod(r, r, n);
        mpz_invert(r, r, n);
        sc_to_mpz(t, &sa);
        CHECK_MSG(mpz_cmp(r, t) == 0, "%s aliasing", info->name);
    }
    CHECK_MSG(fails == 0, "%s: %d scalar mismatches", info->name, fails);
    mpz_clears(n, a, b, r, t, NULL);
}

/* pkc_ec_mont6_mul_adx against GMP: a b 2^-384 mod m for random odd m
 * (the top word random, all ones, or 1) and a, b random below m or at the
 * edges 0, 1, m - 1, m - 2; the result written over a */
static void test_mont6(void)
{
#if PKC_EC_MONT6_ADX
    if (!pkc_ecp_have_adx()) {
        printf("test_ec_field: MULX/ADX product SKIPPED (this CPU has no BMI2/ADX)\n");
        return;
    }
    mpz_t m, a, b, r, t, rinv;
    mpz_inits(m, a, b, r, t, rinv, NULL);
    int iters = tu_iters(20000), fails = 0;
    for (int it = 0; it < iters; it++) {
        uint64_t mw[M], aw[M], bw[M];
        for (int i = 0; i < 6; i++)
            mw[i] = tu_rand64();
        mw[0] |= 1;
        if (it % 3 == 1)
            mw[5] = ~(uint64_t)0;
        else if (it % 3 == 2)
            mw[5] = 1;
        to_mpz(m, mw, 6);
        rand_below(a, m);
        rand_below(b, m);
        int e = it % 10;
        if (e < 4)
            mpz_sub_ui(a, m, (unsigned long)(e + 1) % 3); /* m, m - 1, m - 2 */
        if (e == 0)
            mpz_set_ui(a, 0);
        if (e == 1)
            mpz_set_ui(b, 1);
        if (e == 2)
            mpz_sub_ui(b, m, 1);
        mpz_mod(a, a, m);
        uint64_t m0 = 1;
        for (int i = 0; i < 6; i++)
            m0 *= 2 - mw[0] * m0;
        m0 = 0 - m0;
        from_mpz(aw, a);
        from_mpz(bw, b);
        pkc_ec_mont6_mul_adx(aw, aw, bw, mw, m0);
        mpz_set_ui(rinv, 1);
        mpz_mul_2exp(rinv, rinv, 384);
        mpz_invert(rinv, rinv, m);
        mpz_mul(t, a, b);
        mpz_mul(t, t, rinv);
        mpz_mod(t, t, m);
        fails += !eq_limbs(aw, t, 6);
    }
    CHECK_MSG(fails == 0, "mont6_mul_adx: %d mismatches in %d", fails, iters);
    mpz_clears(m, a, b, r, t, rinv, NULL);
#else
    printf("test_ec_field: MULX/ADX product SKIPPED (not built: no x86-64 asm)\n");
#endif
}

int main(void)
{
    tu_seed();
    for (int id = 0; id < PKC_CURVE_COUNT; id++) {
        /* GF(p) against GMP; the binary fields: tests/test_ec_gf2m.c */
        if (pkc_curve_info_get((pkc_curve_id)id)->field == PKC_FIELD_PRIME)
            test_field((pkc_curve_id)id);
        test_scalar((pkc_curve_id)id);
    }
    /* P-384 and secp256k1 again on the other product */
    CHECK(pkc_ecp_set_impl(pkc_ecp_have_adx() ? PKC_ECP_IMPL_PORTABLE : PKC_ECP_IMPL_AUTO) ==
          PKC_OK);
    test_field(PKC_CURVE_SECP384R1);
    test_field(PKC_CURVE_SECP256K1);
    CHECK(pkc_ecp_set_impl(PKC_ECP_IMPL_AUTO) == PKC_OK);
    CHECK(pkc_ecp_set_impl((pkc_ecp_impl)7) == PKC_ERR_ARG);
    if (!pkc_ecp_have_adx())
        CHECK(pkc_ecp_set_impl(PKC_ECP_IMPL_ADX) == PKC_ERR_UNSUPPORTED);
    test_mont6();
    return tu_finish("test_ec_field");
}
