/* The nineteen curves (nine prime, ten binary): names, aliases, OIDs, sizes and security levels; the
 * domain parameters against OpenSSL's built-in groups (EC_GROUP) and the
 * group law: G on the curve, (n-1)G = -G, nG = infinity (through every
 * scalar multiplication of both implementations), 2G and 3G consistent. */
#include <string.h>

#include "ec/curve.h"
#include "test_ec_util.h"
#include "pkc/curves.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#endif

/* DER content bytes of a dotted OID (test-side encoder) */
static size_t oid_encode(uint8_t *out, const char *dotted)
{
    unsigned long arc[16] = {0};
    int cnt = 0;
    const char *s = dotted;
    while (*s && cnt < 16) {
        arc[cnt++] = strtoul(s, (char **)&s, 10);
        if (*s == '.')
            s++;
    }
    size_t len = 0;
    out[len++] = (uint8_t)(40 * arc[0] + arc[1]);
    for (int i = 2; i < cnt; i++) {
        uint8_t tmp[10];
        int k = 0;
        unsigned long v = arc[i];
        do {
            tmp[k++] = v & 0x7f;
            v >>= 7;
        } while (v);
        while (k > 0) {
            k--;
            out[len++] = (uint8_t)(tmp[k] | (k ? 0x80 : 0));
        }
    }
    return len;
}

static int bits_of(const uint8_t *be, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (be[i])
            return (int)(8 * (len - i)) - __builtin_clz(be[i]) + 24;
    return 0;
}

static void test_names(void)
{
    pkc_curve_id id;
    CHECK(pkc_curve_info_get(PKC_CURVE_COUNT) == NULL);
    CHECK(pkc_curve_info_get((pkc_curve_id)-1) == NULL);
    CHECK(pkc_ec_curve_get(PKC_CURVE_COUNT) == NULL);
    CHECK(pkc_curve_from_name("secp999r1", &id) == PKC_ERR_UNSUPPORTED);
    CHECK(pkc_curve_from_name("", &id) == PKC_ERR_UNSUPPORTED);
    CHECK(pkc_curve_from_name(NULL, &id) == PKC_ERR_ARG);
    CHECK(pkc_curve_from_name("P-256", NULL) == PKC_ERR_ARG);
    static const struct {
        const char *name;
        pkc_curve_id id;
    } names[] = {
        {"prime256v1", PKC_CURVE_SECP256R1}, {"P-256", PKC_CURVE_SECP256R1},
        {"p-256", PKC_CURVE_SECP256R1},      {"SECP256R1", PKC_CURVE_SECP256R1},
        {"prime192v1", PKC_CURVE_SECP192R1}, {"P-192", PKC_CURVE_SECP192R1},
        {"P-224", PKC_CURVE_SECP224R1},      {"P-384", PKC_CURVE_SECP384R1},
        {"P-521", PKC_CURVE_SECP521R1},      {"secp256k1", PKC_CURVE_SECP256K1},
        {"secp192k1", PKC_CURVE_SECP192K1},  {"secp224k1", PKC_CURVE_SECP224K1},
        {"secp521r1", PKC_CURVE_SECP521R1},  {"prime239v1", PKC_CURVE_PRIME239V1},
        {"PRIME239V1", PKC_CURVE_PRIME239V1},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        CHECK_MSG(pkc_curve_from_name(names[i].name, &id) == PKC_OK && id == names[i].id,
                  "name %s", names[i].name);
    }
    /* the ids are published: the binary ones stay 8-17, prime239v1 follows */
    CHECK(PKC_CURVE_SECP521R1 == 7 && PKC_CURVE_SECT163K1 == 8 && PKC_CURVE_SECT571R1 == 17);
    CHECK(PKC_CURVE_PRIME239V1 == 18 && PKC_CURVE_COUNT == 19);
    CHECK(pkc_curve_from_name("X9.62 prime239v1", &id) == PKC_ERR_UNSUPPORTED);
    CHECK(pkc_curve_from_name("prime239v2", &id) == PKC_ERR_UNSUPPORTED);
    int nprime = 0;
    for (int i = 0; i < PKC_CURVE_COUNT; i++)
        nprime += pkc_curve_info_get((pkc_curve_id)i)->field == PKC_FIELD_PRIME;
    CHECK(nprime == 9);
    const pkc_curve_info *p239 = pkc_curve_info_get(PKC_CURVE_PRIME239V1);
    CHECK(p239 && strcmp(p239->name, "prime239v1") == 0 && !p239->nist_name &&
          strcmp(p239->oid, "1.2.840.10045.3.1.4") == 0 && p239->field_bits == 239 &&
          p239->order_bits == 239 && p239->security_bits == 112 && p239->rsa_bits == 2048 &&
          p239->a_is_minus3 && p239->field == PKC_FIELD_PRIME);
    uint8_t oid[32];
    CHECK(pkc_curve_from_oid(oid, 0, &id) == PKC_ERR_UNSUPPORTED);
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        const pkc_curve_info *c = pkc_curve_info_get((pkc_curve_id)i);
        CHECK(c != NULL && c->id == (pkc_curve_id)i);
        CHECK(pkc_curve_from_name(c->name, &id) == PKC_OK && id == c->id);
        CHECK(pkc_curve_from_name(c->openssl_name, &id) == PKC_OK && id == c->id);
        if (c->nist_name)
            CHECK(pkc_curve_from_name(c->nist_name, &id) == PKC_OK && id == c->id);
        size_t len = oid_encode(oid, c->oid);
        CHECK_MSG(pkc_curve_from_oid(oid, len, &id) == PKC_OK && id == c->id, "oid %s", c->oid);
        CHECK(pkc_curve_from_oid(oid, len - 1, &id) == PKC_ERR_UNSUPPORTED);
        /* sizes */
        int binary = c->field == PKC_FIELD_BINARY;
        /* a prime p has field_bits bits; a reduction polynomial degree m */
        CHECK_MSG(bits_of(c->p, c->field_bytes) == (int)c->field_bits + binary, "%s field bits",
                  c->name);
        CHECK_MSG(bits_of(c->n, c->order_bytes) == (int)c->order_bits, "%s order bits", c->name);
        CHECK(c->field_bytes == (c->field_bits + 7) / 8);
        CHECK(c->order_bytes == (c->order_bits + 7) / 8);
        if (binary) {
            /* f(z) = z^m + z^k3 + z^k2 + z^k1 + 1, or a trinomial */
            uint8_t f[PKC_EC_MAX_FIELD_BYTES] = {0};
            unsigned ks[4] = {0, c->poly_k[0], c->poly_k[1], c->poly_k[2]};
            f[c->field_bytes - 1 - c->field_bits / 8] |= (uint8_t)(1u << (c->field_bits % 8));
            for (int t = 0; t < 4; t++)
                if (t < 2 || c->poly_k[1])
                    f[c->field_bytes - 1 - ks[t] / 8] |= (uint8_t)(1u << (ks[t] % 8));
            CHECK_MSG(memcmp(f, c->p, c->field_bytes) == 0, "%s poly_k", c->name);
            CHECK(c->poly_k[0] > 0 && (c->poly_k[1] == 0) == (c->poly_k[2] == 0));
            CHECK(c->cofactor == 2 || c->cofactor == 4);
            CHECK(!c->a_is_minus3);
        } else {
            CHECK(c->field == PKC_FIELD_PRIME && c->poly_k[0] == 0);
            CHECK(c->cofactor == 1);
            CHECK(c->a_is_minus3 + c->a_is_zero == 1);
        }
        /* SP 800-57 part 1, table 2: security = half the order size,
         * rounded down to the level; RSA equivalents from the same table */
        unsigned sec = c->order_bits >= 512 ? 256 : c->order_bits >= 384 ? 192
                     : c->order_bits >= 256 ? 128 : c->order_bits >= 224 ? 112 : 80;
        CHECK_MSG(c->security_bits == sec, "%s security", c->name);
        unsigned rsa = sec == 80 ? 1024 : sec == 112 ? 2048 : sec == 128 ? 3072 : sec == 192 ? 7680 : 15360;
        CHECK(c->rsa_bits == rsa);
        /* a = -3 really is p - 3; a = 0 really is 0 */
        uint8_t pm3[PKC_EC_MAX_FIELD_BYTES], zero[PKC_EC_MAX_FIELD_BYTES] = {0};
        memcpy(pm3, c->p, c->field_bytes);
        for (size_t k = c->field_bytes, borrow = 3; k-- > 0 && borrow;) {
            int v = pm3[k] - (int)borrow;
            pm3[k] = (uint8_t)v;
            borrow = v < 0;
        }
        uint8_t one[PKC_EC_MAX_FIELD_BYTES] = {0};
        one[c->field_bytes - 1] = 1;
        if (c->a_is_minus3)
            CHECK_EQ_BYTES(c->a, pm3, c->field_bytes);
        else if (c->a_is_zero)
            CHECK_EQ_BYTES(c->a, zero, c->field_bytes);
        else /* the binary curves other than K-233 ... K-571 have a = 1 */
            CHECK(binary && memcmp(c->a, one, c->field_bytes) == 0);
    }
}

#ifdef PKC_HAVE_OPENSSL
static void check_bn(const BIGNUM *bn, const uint8_t *be, size_t len, const char *what, const char *name)
{
    uint8_t buf[PKC_EC_MAX_FIELD_BYTES];
    CHECK(BN_bn2binpad(bn, buf, (int)len) == (int)len);
    CHECK_MSG(memcmp(buf, be, len) == 0, "%s %s differs from OpenSSL", name, what);
}

static void test_vs_openssl(void)
{
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        const pkc_curve_info *c = pkc_curve_info_get((pkc_curve_id)i);
        int nid = OBJ_sn2nid(c->openssl_name);
        CHECK_MSG(nid != NID_undef, "OpenSSL knows %s", c->openssl_name);
        EC_GROUP *g = EC_GROUP_new_by_curve_name(nid);
        CHECK(g != NULL);
        if (!g)
            continue;
        BIGNUM *p = BN_new(), *a = BN_new(), *b = BN_new(), *x = BN_new(), *y = BN_new();
        CHECK(EC_GROUP_get_curve(g, p, a, b, NULL) == 1);
        check_bn(p, c->p, c->field_bytes, "p", c->name);
        check_bn(a, c->a, c->field_bytes, "a", c->name);
        check_bn(b, c->b, c->field_bytes, "b", c->name);
        check_bn(EC_GROUP_get0_order(g), c->n, c->order_bytes, "n", c->name);
        CHECK(EC_POINT_get_affine_coordinates(g, EC_GROUP_get0_generator(g), x, y, NULL) == 1);
        check_bn(x, c->gx, c->field_bytes, "gx", c->name);
        check_bn(y, c->gy, c->field_bytes, "gy", c->name);
        CHECK(BN_is_word(EC_GROUP_get0_cofactor(g), c->cofactor));
        CHECK((EC_GROUP_get_field_type(g) == NID_X9_62_characteristic_two_field) ==
              (c->field == PKC_FIELD_BINARY));
        /* the OID: OpenSSL's DER of the curve object */
        uint8_t oid[32];
        size_t len = oid_encode(oid, c->oid);
        ASN1_OBJECT *obj = OBJ_nid2obj(nid);
        CHECK(obj && (size_t)OBJ_length(obj) == len && memcmp(OBJ_get0_data(obj), oid, len) == 0);
        BN_free(p); BN_free(a); BN_free(b); BN_free(x); BN_free(y);
        EC_GROUP_free(g);
    }
}
#endif

static void test_group_law(void)
{
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        const pkc_ec_curve *c = pkc_ec_curve_get((pkc_curve_id)i);
        const pkc_curve_info *info = pkc_ec_curve_info(c);
        pkc_ec_affine G, negG, R, R2;
        uint8_t x[PKC_EC_MAX_FIELD_BYTES], y[PKC_EC_MAX_FIELD_BYTES];
        CHECK_MSG(pkc_ec_point_set_xy_var(c, &G, info->gx, info->gy) == PKC_OK, "%s G on curve", info->name);
        CHECK(pkc_ec_point_is_valid_var(c, &G));
        negG = G;
        {
            /* -G = (x, p - y), computed with bytes arithmetic via the field;
             * on a binary curve (x, x + y) */
            uint64_t r[PKC_EC_MAX_LIMBS] = {0};
            if (c->ops->lab->binary)
                ecu_fe_op(c->ops->lab, ECU_FE_ADD, r, G.x, G.y);
            else
                ecu_fe_op(c->ops->lab, ECU_FE_NEG, r, G.y, G.y);
            memcpy(negG.y, r, sizeof r);
        }
        pkc_ec_scalar one, nm1, zero, two, three;
        uint8_t nb[PKC_EC_MAX_ORDER_BYTES];
        memset(nb, 0, sizeof nb);
        nb[info->order_bytes - 1] = 1;
        CHECK(pkc_ec_scalar_set_bytes_checked(c, &one, nb));
        pkc_ec_scalar_add(c, &two, &one, &one);
        pkc_ec_scalar_add(c, &three, &two, &one);
        pkc_ec_scalar_neg(c, &nm1, &one);
        memset(&zero, 0, sizeof zero);
        for (int impl = 0; impl < PKC_EC_COORDS_COUNT; impl++) {
            pkc_ec_coords co = (pkc_ec_coords)impl;
            const char *mname = co == PKC_EC_AFFINE ? "affine" : "jacobian";
            pkc_ec_mul_base(c, co, &R, &nm1);
            CHECK_MSG(!R.infinity && memcmp(&R, &negG, sizeof R) == 0, "%s %s (n-1)G = -G", info->name, mname);
            pkc_ec_mul(c, co, &R, &nm1, &G);
            CHECK_MSG(!R.infinity && memcmp(&R, &negG, sizeof R) == 0, "%s %s mul (n-1)G", info->name, mname);
            pkc_ec_mul_base(c, co, &R, &one);
            CHECK_MSG(memcmp(&R, &G, sizeof R) == 0, "%s %s 1G", info->name, mname);
            pkc_ec_mul_base(c, co, &R, &zero);
            CHECK_MSG(R.infinity == ~(uint64_t)0, "%s %s 0G", info->name, mname);
            pkc_ec_mul(c, co, &R, &zero, &G);
            CHECK_MSG(R.infinity == ~(uint64_t)0, "%s %s 0*P", info->name, mname);
            /* nG = (n-1)G + 1G = infinity */
            pkc_ec_mul2_var(c, co, &R, &nm1, &one, &G);
            CHECK_MSG(R.infinity == ~(uint64_t)0, "%s %s nG", info->name, mname);
            /* 3G three ways */
            pkc_ec_mul_base(c, co, &R, &three);
            pkc_ec_mul2_var(c, co, &R2, &two, &one, &G);
            CHECK_MSG(memcmp(&R, &R2, sizeof R) == 0, "%s %s 3G", info->name, mname);
            pkc_ec_mul(c, co, &R2, &three, &G);
            CHECK_MSG(memcmp(&R, &R2, sizeof R) == 0, "%s %s 3G mul", info->name, mname);
            CHECK(pkc_ec_point_is_valid_var(c, &R));
            pkc_ec_point_get_xy(c, &G, x, y);
            CHECK_EQ_BYTES(x, info->gx, info->field_bytes);
            CHECK_EQ_BYTES(y, info->gy, info->field_bytes);
        }
    }
}

int main(void)
{
    tu_seed();
    test_names();
#ifdef PKC_HAVE_OPENSSL
    test_vs_openssl();
#endif
    test_group_law();
    return tu_finish("test_ec_curves");
}
