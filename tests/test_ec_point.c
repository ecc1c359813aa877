/* Scalar multiplication and point checks on all nineteen curves (prime and binary):
 * - mul_base, mul and mul2_var of the Jacobian implementation against
 *   OpenSSL's EC_POINT_mul for random scalars (when OpenSSL is present);
 * - affine and Jacobian agree on random scalar multiplications (all three
 *   operations) on every curve;
 * - mul2_var against separate multiplications, including u1 G + u2 Q = O
 *   and the doubling inside (Q = G, u1 = u2);
 * - edge scalars (0, 1, 2, 3, small, n-1, n-2, n-3, high bits set, 2^k);
 * - decompression (both parities, secp224r1/secp224k1 Tonelli-Shanks),
 *   rejection of x >= p and of x with no point;
 * - validation rejects off-curve points and coordinates >= p;
 * - x mod n. */
#include <gmp.h>
#include <string.h>

#include "ec/curve.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/objects.h>
#endif

#define FB PKC_EC_MAX_FIELD_BYTES

static const pkc_ec_curve *cur;
static const pkc_curve_info *info;

static int same_point(const pkc_ec_affine *a, const pkc_ec_affine *b)
{
    if (a->infinity != b->infinity)
        return 0;
    if (a->infinity)
        return 1;
    return memcmp(a->x, b->x, sizeof a->x) == 0 && memcmp(a->y, b->y, sizeof a->y) == 0;
}

static void rand_scalar(pkc_ec_scalar *k)
{
    uint8_t buf[2 * PKC_EC_MAX_ORDER_BYTES];
    tu_rand_bytes(buf, 2 * info->order_bytes);
    pkc_ec_scalar_reduce_bytes(cur, k, buf, 2 * info->order_bytes);
}

/* small or n - small, from an integer v (negative: n + v) */
static void scalar_from_long(pkc_ec_scalar *k, long v)
{
    uint8_t buf[PKC_EC_MAX_ORDER_BYTES] = {0};
    unsigned long a = (unsigned long)(v < 0 ? -v : v);
    for (size_t i = 0; i < 8 && i < info->order_bytes; i++)
        buf[info->order_bytes - 1 - i] = (uint8_t)(a >> (8 * i));
    pkc_ec_scalar_reduce_bytes(cur, k, buf, info->order_bytes);
    if (v < 0)
        pkc_ec_scalar_neg(cur, k, k);
}

#ifdef PKC_HAVE_OPENSSL
static EC_GROUP *grp;
static BN_CTX *bnctx;

static BIGNUM *bn_of_scalar(const pkc_ec_scalar *k)
{
    uint8_t buf[PKC_EC_MAX_ORDER_BYTES];
    pkc_ec_scalar_get_bytes(cur, buf, k);
    return BN_bin2bn(buf, (int)info->order_bytes, NULL);
}

static EC_POINT *ossl_point(const pkc_ec_affine *P)
{
    EC_POINT *r = EC_POINT_new(grp);
    if (P->infinity) {
        EC_POINT_set_to_infinity(grp, r);
        return r;
    }
    uint8_t x[FB], y[FB];
    pkc_ec_point_get_xy(cur, P, x, y);
    BIGNUM *bx = BN_bin2bn(x, (int)info->field_bytes, NULL), *by = BN_bin2bn(y, (int)info->field_bytes, NULL);
    EC_POINT_set_affine_coordinates(grp, r, bx, by, bnctx);
    BN_free(bx);
    BN_free(by);
    return r;
}

/* OpenSSL's u1*G + u2*Q (either may be NULL) compared with R */
static int ossl_matches(const pkc_ec_affine *R, const pkc_ec_scalar *u1, const pkc_ec_scalar *u2,
                        const pkc_ec_affine *Q)
{
    BIGNUM *b1 = u1 ? bn_of_scalar(u1) : NULL, *b2 = u2 ? bn_of_scalar(u2) : NULL;
    EC_POINT *q = Q ? ossl_point(Q) : NULL, *r = EC_POINT_new(grp), *mine = ossl_point(R);
    int ok = EC_POINT_mul(grp, r, b1, q, b2, bnctx) == 1 && EC_POINT_cmp(grp, r, mine, bnctx) == 0;
    BN_free(b1);
    BN_free(b2);
    EC_POINT_free(q);
    EC_POINT_free(r);
    EC_POINT_free(mine);
    return ok;
}
#endif

/* a coordinate system and its name, for the messages */
typedef struct {
    const char *name;
    pkc_ec_coords co;
} mul_sys;

static void test_curve(pkc_curve_id id)
{
    cur = pkc_ec_curve_get(id);
    info = pkc_ec_curve_info(cur);
    static const mul_sys Jv = {"jacobian", PKC_EC_JACOBIAN}, Av = {"affine", PKC_EC_AFFINE};
    const mul_sys *J = &Jv, *A = &Av;
#ifdef PKC_HAVE_OPENSSL
    grp = EC_GROUP_new_by_curve_name(OBJ_sn2nid(info->openssl_name));
    CHECK(grp != NULL);
#endif
    pkc_ec_affine G, P, R1, R2;
    CHECK(pkc_ec_point_set_xy_var(cur, &G, info->gx, info->gy) == PKC_OK);
    int fails = 0;
#define FAIL(...) do { if (fails++ < 6) CHECK_MSG(0, __VA_ARGS__); } while (0)

    /* random scalars: Jacobian vs OpenSSL, affine vs Jacobian */
    int iters = tu_iters(id == PKC_CURVE_SECP521R1 ? 6 : 12);
    for (int it = 0; it < iters; it++) {
        pkc_ec_scalar k, k2, u1, u2;
        rand_scalar(&k);
        rand_scalar(&k2);
        pkc_ec_mul_base(cur, J->co, &P, &k2); /* a random point */
        pkc_ec_mul_base(cur, J->co, &R1, &k);
#ifdef PKC_HAVE_OPENSSL
        if (!ossl_matches(&R1, &k, NULL, NULL)) FAIL("%s mul_base vs OpenSSL", info->name);
#endif
        if (it < 3) {
            pkc_ec_mul_base(cur, A->co, &R2, &k);
            if (!same_point(&R1, &R2)) FAIL("%s mul_base affine vs Jacobian", info->name);
        }
        pkc_ec_mul(cur, J->co, &R1, &k, &P);
#ifdef PKC_HAVE_OPENSSL
        if (!ossl_matches(&R1, NULL, &k, &P)) FAIL("%s mul vs OpenSSL", info->name);
#endif
        if (it < 3) {
            pkc_ec_mul(cur, A->co, &R2, &k, &P);
            if (!same_point(&R1, &R2)) FAIL("%s mul affine vs Jacobian", info->name);
        }
        rand_scalar(&u1);
        rand_scalar(&u2);
        pkc_ec_mul2_var(cur, J->co, &R1, &u1, &u2, &P);
#ifdef PKC_HAVE_OPENSSL
        if (!ossl_matches(&R1, &u1, &u2, &P)) FAIL("%s mul2_var vs OpenSSL", info->name);
#endif
        if (it < 3) {
            pkc_ec_mul2_var(cur, A->co, &R2, &u1, &u2, &P);
            if (!same_point(&R1, &R2)) FAIL("%s mul2_var affine vs Jacobian", info->name);
        }
        /* mul2_var vs separate multiplications: u1 G + u2 P with u2 P = (u2 k2) G */
        pkc_ec_scalar s;
        pkc_ec_scalar_mul(cur, &s, &u2, &k2);
        pkc_ec_scalar_add(cur, &s, &s, &u1);
        pkc_ec_mul_base(cur, J->co, &R2, &s);
        if (!same_point(&R1, &R2)) FAIL("%s mul2_var vs mul_base of u1 + u2 k", info->name);
        /* u1 G + u2 P = O when u1 = -u2 k2 */
        pkc_ec_scalar_mul(cur, &s, &u2, &k2);
        pkc_ec_scalar_neg(cur, &s, &s);
        for (int im = 0; im < (it == 0 ? 2 : 1); im++) {
            const mul_sys *m = im ? A : J;
            pkc_ec_mul2_var(cur, m->co, &R1, &s, &u2, &P);
            if (!R1.infinity) FAIL("%s %s mul2_var to infinity", info->name, m->name);
            /* Q = G, u1 = u2: the doubling inside */
            pkc_ec_mul2_var(cur, m->co, &R1, &u1, &u1, &G);
            pkc_ec_scalar_add(cur, &s, &u1, &u1);
            pkc_ec_mul_base(cur, J->co, &R2, &s);
            if (!same_point(&R1, &R2)) FAIL("%s %s mul2_var Q = G", info->name, m->name);
            pkc_ec_scalar_neg(cur, &s, &u1); /* restore s for the next impl */
            pkc_ec_scalar_mul(cur, &s, &u2, &k2);
            pkc_ec_scalar_neg(cur, &s, &s);
        }
    }

    /* edge scalars: both implementations, all three operations */
    static const long small[] = {0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 255, 256,
                                 -1, -2, -3, -4, -5, -15, -16, -17, -32, -33};
    pkc_ec_scalar ks[sizeof small / sizeof small[0] + 8];
    int nk = 0;
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)
        scalar_from_long(&ks[nk++], small[i]);
    {
        /* high bits: 2^(bits-1), 2^(bits-1) - 1, all-ones of order_bits - 1
         * bits, 2^(bits-1) + 2^(bits-2), (n-1)/2, (n+1)/2 */
        uint8_t b[PKC_EC_MAX_ORDER_BYTES];
        size_t ob = info->order_bytes;
        unsigned top = (info->order_bits - 1) % 8;
        memset(b, 0, ob);
        b[0] = (uint8_t)(1u << top);
        pkc_ec_scalar_reduce_bytes(cur, &ks[nk++], b, ob);
        scalar_from_long(&ks[nk], -1);
        pkc_ec_scalar_add(cur, &ks[nk], &ks[nk - 1], &ks[nk]);
        nk++;
        memset(b, 0xff, ob);
        b[0] = (uint8_t)((1u << top) - 1);
        pkc_ec_scalar_reduce_bytes(cur, &ks[nk++], b, ob);
        pkc_ec_scalar half, one;
        scalar_from_long(&one, 1);
        scalar_from_long(&half, 2);
        pkc_ec_scalar_inv(cur, &half, &half);          /* (n+1)/2 */
        ks[nk++] = half;
        pkc_ec_scalar_sub(cur, &ks[nk++], &half, &one); /* (n-1)/2 */
        pkc_ec_scalar_add(cur, &ks[nk++], &half, &one);
    }
    for (int i = 0; i < nk; i++) {
        pkc_ec_affine RJ[3], RA[3];
        pkc_ec_scalar one;
        scalar_from_long(&one, 1);
        pkc_ec_mul_base(cur, J->co, &RJ[0], &ks[i]);
        pkc_ec_mul(cur, J->co, &RJ[1], &ks[i], &G);
        pkc_ec_mul2_var(cur, J->co, &RJ[2], &ks[i], &one, &G); /* (k+1) G */
        if (!same_point(&RJ[0], &RJ[1])) FAIL("%s edge %d: mul_base != mul(G)", info->name, i);
#ifdef PKC_HAVE_OPENSSL
        if (!ossl_matches(&RJ[0], &ks[i], NULL, NULL)) FAIL("%s edge %d vs OpenSSL", info->name, i);
        {
            /* k P for the last random point P */
            pkc_ec_affine RP;
            pkc_ec_mul(cur, J->co, &RP, &ks[i], &P);
            if (!ossl_matches(&RP, NULL, &ks[i], &P)) FAIL("%s edge %d mul(P) vs OpenSSL", info->name, i);
        }
        {
            pkc_ec_scalar k1;
            pkc_ec_scalar_add(cur, &k1, &ks[i], &one);
            if (!ossl_matches(&RJ[2], &k1, NULL, NULL)) FAIL("%s edge %d mul2 vs OpenSSL", info->name, i);
        }
#endif
        if (i % 3 == 0 || i >= nk - 8 || id <= PKC_CURVE_SECP256R1) {
            pkc_ec_mul_base(cur, A->co, &RA[0], &ks[i]);
            pkc_ec_mul(cur, A->co, &RA[1], &ks[i], &G);
            pkc_ec_mul2_var(cur, A->co, &RA[2], &ks[i], &one, &G);
            for (int j = 0; j < 3; j++)
                if (!same_point(&RJ[j], &RA[j])) FAIL("%s edge %d op %d affine vs Jacobian", info->name, i, j);
        }
        if (i == 0)
            CHECK(RJ[0].infinity && RJ[1].infinity);
        else if (small[i < 26 ? i : 0] != 0)
            CHECK(pkc_ec_point_is_valid_var(cur, &RJ[0]));
    }

    /* decompression, validation */
    uint8_t x[FB], y[FB], y2[FB], p1[FB];
    memcpy(p1, info->p, info->field_bytes);
    for (int it = 0; it < 20; it++) {
        pkc_ec_scalar k;
        rand_scalar(&k);
        pkc_ec_mul_base(cur, J->co, &R1, &k);
        pkc_ec_point_get_xy(cur, &R1, x, y);
        /* the compressed form's bit: the parity of y; on a binary curve
         * the lowest bit of y/x */
        int odd = pkc_ec_point_compress_bit_var(cur, &R1);
        CHECK(info->field == PKC_FIELD_BINARY || odd == (y[info->field_bytes - 1] & 1));
        if (pkc_ec_point_decompress_var(cur, &R2, x, odd) != PKC_OK || !same_point(&R1, &R2))
            FAIL("%s decompress", info->name);
        if (pkc_ec_point_decompress_var(cur, &R2, x, !odd) != PKC_OK)
            FAIL("%s decompress other parity", info->name);
        if (pkc_ec_point_compress_bit_var(cur, &R2) == odd) FAIL("%s parity", info->name);
        if (pkc_ec_point_set_xy_var(cur, &R2, x, y) != PKC_OK || !same_point(&R1, &R2))
            FAIL("%s set_xy", info->name);
        /* y + 1 is off the curve */
        memcpy(y2, y, info->field_bytes);
        for (size_t j = info->field_bytes; j-- > 0;)
            if (++y2[j] != 0)
                break;
        if (pkc_ec_point_set_xy_var(cur, &R2, x, y2) != PKC_ERR_POINT) FAIL("%s off-curve accepted", info->name);
        /* x mod n */
        pkc_ec_scalar xn, ref;
        pkc_ec_point_x_mod_n(cur, &xn, &R1);
        pkc_ec_scalar_reduce_bytes(cur, &ref, x, info->field_bytes);
        if (!pkc_ec_scalar_eq(cur, &xn, &ref)) FAIL("%s x mod n", info->name);
    }
    /* x with no point on the curve: about half of all x; on a binary curve
     * also the points outside the subgroup of order n, 1 - 1/(2h) in all */
    {
        int rejected = 0, tries = info->field == PKC_FIELD_BINARY ? 200 : 40;
        for (int it = 0; it < tries; it++) {
            tu_rand_bytes(x, info->field_bytes);
            x[0] = 0;
            rejected += pkc_ec_point_decompress_var(cur, &R2, x, 0) == PKC_ERR_POINT;
        }
        if (info->field == PKC_FIELD_BINARY)
            CHECK_MSG(rejected > 120 && rejected < 199, "%s: %d of 200 random x rejected",
                      info->name, rejected);
        else
            CHECK_MSG(rejected > 5 && rejected < 35, "%s: %d of 40 random x rejected",
                      info->name, rejected);
    }
    /* coordinates >= p: x = p, y = p, and (x + p, y) when it fits */
    pkc_ec_point_get_xy(cur, &G, x, y);
    CHECK(pkc_ec_point_set_xy_var(cur, &R2, p1, y) == PKC_ERR_POINT);
    CHECK(pkc_ec_point_set_xy_var(cur, &R2, x, p1) == PKC_ERR_POINT);
    CHECK(pkc_ec_point_decompress_var(cur, &R2, p1, 0) == PKC_ERR_POINT);
    {
        mpz_t a, pp;
        mpz_inits(a, pp, NULL);
        mpz_import(a, info->field_bytes, 1, 1, 0, 0, x);
        mpz_import(pp, info->field_bytes, 1, 1, 0, 0, info->p);
        mpz_add(a, a, pp);
        if (mpz_sizeinbase(a, 256) <= info->field_bytes) {
            uint8_t xp[FB] = {0};
            size_t cnt;
            uint8_t tmp[FB + 1];
            mpz_export(tmp, &cnt, 1, 1, 0, 0, a);
            memcpy(xp + info->field_bytes - cnt, tmp, cnt);
            CHECK(pkc_ec_point_set_xy_var(cur, &R2, xp, y) == PKC_ERR_POINT);
            CHECK(pkc_ec_point_decompress_var(cur, &R2, xp, y[info->field_bytes - 1] & 1) == PKC_ERR_POINT);
        }
        mpz_clears(a, pp, NULL);
    }
    R2 = G;
    R2.infinity = ~(uint64_t)0;
    CHECK(!pkc_ec_point_is_valid_var(cur, &R2));
    R2 = G;
    R2.y[0] ^= 1;
    CHECK(!pkc_ec_point_is_valid_var(cur, &R2));
    CHECK(pkc_ec_point_is_valid_var(cur, &G));
    CHECK_MSG(fails == 0, "%s: %d failures", info->name, fails);
#ifdef PKC_HAVE_OPENSSL
    EC_GROUP_free(grp);
#endif
}

int main(void)
{
    tu_seed();
#ifdef PKC_HAVE_OPENSSL
    bnctx = BN_CTX_new();
#endif
    for (int id = 0; id < PKC_CURVE_COUNT; id++)
        test_curve((pkc_curve_id)id);
#ifdef PKC_HAVE_OPENSSL
    BN_CTX_free(bnctx);
#endif
    return tu_finish("test_ec_point");
}
