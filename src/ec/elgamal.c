/* pkc — EC-ElGamal on Koblitz-encoded blocks (include/pkc/elgamal.h). */
#include <string.h>

#include "ct.h"
#include "ec_proto.h"
#include "pkc/elgamal.h"
#include "pkc/koblitz.h"

static const uint8_t magic[PKC_ELGAMAL_HEADER_SIZE] = {'E', 'G', 0x01};

/* bytes of one block's C1 || C2 */
static size_t pair_bytes(const pkc_curve_info *ci)
{
    return 2 * (1 + ci->field_bytes);
}

size_t pkc_elgamal_ciphertext_size(pkc_curve_id curve, size_t msglen)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    if (!ci)
        return 0;
    return PKC_ELGAMAL_HEADER_SIZE + pkc_koblitz_msg_points(curve, msglen) * pair_bytes(ci);
}

size_t pkc_elgamal_plaintext_max(pkc_curve_id curve, size_t ctlen)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    if (!ci || ctlen < PKC_ELGAMAL_HEADER_SIZE + pair_bytes(ci))
        return 0;
    return (ctlen - PKC_ELGAMAL_HEADER_SIZE) / pair_bytes(ci) * (ci->field_bytes - 2) - 1;
}

/* a finite point as 02/03 || x */
static void put_compressed(const pkc_ec_curve *c, uint8_t *out, const pkc_ec_affine *P)
{
    size_t fb = pkc_ec_curve_info(c)->field_bytes;
    uint8_t y[PKC_EC_MAX_FIELD_BYTES];
    pkc_ec_point_get_xy(c, P, out + 1, y);
    out[0] = (uint8_t)(0x02 | pkc_ec_point_compress_bit_var(c, P));
    pkc_memzero(y, fb);
}

/* C1 = kG, C2 = M + kQ for one block, k fresh (out: pair_bytes) */
static pkc_err encrypt_block(const pkc_ec_curve *c, const pkc_ec_affine *Q, pkc_rng *rng,
                             const pkc_ec_affine *M, uint8_t *out)
{
    size_t fb = pkc_ec_curve_info(c)->field_bytes;
    pkc_ec_scalar k;
    pkc_ec_affine C1, S, C2;
    pkc_err err;
    for (;;) {
        if ((err = pkc_ec_scalar_random(c, rng, &k, NULL)) != PKC_OK)
            break;
        pkc_ec_mul_base(c, PKC_EC_JACOBIAN, &C1, &k);
        pkc_ec_mul(c, PKC_EC_JACOBIAN, &S, &k, Q);
        pkc_ec_point_add(c, &C2, M, &S);
        /* the ciphertext is public; C2 = O (M = -kQ, probability 1/n) is
         * not a point SEC 1 can encode: another k */
        PKC_DECLASSIFY(&C1, sizeof C1);
        PKC_DECLASSIFY(&C2, sizeof C2);
        if (C1.infinity) {
            err = PKC_ERR_INTERNAL; /* k in [1, n-1]: a fault */
            break;
        }
        if (!C2.infinity) {
            put_compressed(c, out, &C1);
            put_compressed(c, out + 1 + fb, &C2);
            break;
        }
    }
    pkc_memzero(&k, sizeof k);
    pkc_memzero(&S, sizeof S);
    return err;
}

pkc_err pkc_elgamal_encrypt(const pkc_ec_public_key *pub, pkc_rng *rng, const uint8_t *msg,
                            size_t len, uint8_t *out, size_t cap, size_t *outlen)
{
    if (!pub || !rng || (!msg && len) || !out || !outlen)
        return PKC_ERR_ARG;
    const pkc_ec_curve *c = pkc_ec_curve_get(pub->curve);
    if (!c)
        return PKC_ERR_ARG;
    const pkc_curve_info *ci = pkc_ec_curve_info(c);
    size_t need = pkc_elgamal_ciphertext_size(pub->curve, len);
    if (cap < need)
        return PKC_ERR_BUFSIZE;
    const pkc_ec_affine *Q = pkc_ec_pub_point_const(pub);
    if (Q->infinity || !pkc_ec_point_is_valid_var(c, Q))
        return PKC_ERR_KEY;
    size_t bb = ci->field_bytes - 2, n = len / bb + 1, pb = pair_bytes(ci);
    memcpy(out, magic, sizeof magic);
    uint8_t block[PKC_KOBLITZ_MAX_BLOCK];
    pkc_ec_point M;
    pkc_err err = PKC_OK;
    for (size_t i = 0; i < n && err == PKC_OK; i++) {
        pkc_koblitz_msg_block(block, bb, msg, len, i);
        err = pkc_koblitz_encode_var(&M, pub->curve, block, bb, NULL);
        if (err == PKC_OK)
            err = encrypt_block(c, Q, rng, pkc_ec_pub_point_const(&M),
                                out + PKC_ELGAMAL_HEADER_SIZE + i * pb);
    }
    pkc_memzero(block, sizeof block);
    pkc_memzero(&M, sizeof M);
    if (err != PKC_OK) {
        pkc_memzero(out, need);
        return err;
    }
    *outlen = need;
    return PKC_OK;
}

/* M = C2 - d C1 for the block at in; PKC_ERR_DECODE for a malformed point */
static pkc_err decrypt_block(const pkc_ec_curve *c, pkc_curve_id curve, const pkc_ec_scalar *d,
                             const uint8_t *in, pkc_ec_point *M)
{
    size_t fb = pkc_ec_curve_info(c)->field_bytes;
    pkc_ec_public_key C1, C2;
    if (pkc_ec_point_decode(&C1, curve, in, 1 + fb) != PKC_OK ||
        pkc_ec_point_decode(&C2, curve, in + 1 + fb, 1 + fb) != PKC_OK)
        return PKC_ERR_DECODE;
    pkc_ec_affine S, mS, R;
    pkc_ec_mul(c, PKC_EC_JACOBIAN, &S, d, pkc_ec_pub_point_const(&C1));
    pkc_ec_point_neg(c, &mS, &S);
    pkc_ec_point_add(c, &R, pkc_ec_pub_point_const(&C2), &mS);
    uint64_t inf = R.infinity; /* only a changed ciphertext gets C2 = d C1 */
    PKC_DECLASSIFY(&inf, sizeof inf);
    memset(M, 0, sizeof *M);
    M->curve = curve;
    memcpy(pkc_ec_pub_point(M), &R, sizeof R);
    pkc_memzero(&S, sizeof S);
    pkc_memzero(&mS, sizeof mS);
    pkc_memzero(&R, sizeof R);
    return inf ? PKC_ERR_DECRYPT : PKC_OK;
}

pkc_err pkc_elgamal_decrypt(const pkc_ec_private_key *key, const uint8_t *ct, size_t ctlen,
                            uint8_t *out, size_t cap, size_t *outlen)
{
    if (!key || !ct || !out || !outlen)
        return PKC_ERR_ARG;
    const pkc_ec_curve *c = pkc_ec_curve_get(key->curve);
    if (!c)
        return PKC_ERR_ARG;
    const pkc_curve_info *ci = pkc_ec_curve_info(c);
    size_t pb = pair_bytes(ci), bb = ci->field_bytes - 2;
    if (ctlen < PKC_ELGAMAL_HEADER_SIZE + pb || (ctlen - PKC_ELGAMAL_HEADER_SIZE) % pb ||
        memcmp(ct, magic, sizeof magic) != 0)
        return PKC_ERR_DECODE;
    size_t n = (ctlen - PKC_ELGAMAL_HEADER_SIZE) / pb, max = n * bb - 1;
    if (cap < max)
        return PKC_ERR_BUFSIZE;
    pkc_ec_scalar d;
    if (pkc_ec_scalar_from_secret(c, &d, key->d) != PKC_OK)
        return PKC_ERR_KEY;
    pkc_ec_point M;
    pkc_err err = PKC_OK;
    size_t got = 0, last = 0;
    for (size_t i = 0; i < n && err == PKC_OK; i++) {
        err = decrypt_block(c, key->curve, &d, ct + PKC_ELGAMAL_HEADER_SIZE + i * pb, &M);
        if (err != PKC_OK)
            break;
        /* full blocks, then the padded last one */
        err = i + 1 < n ? pkc_koblitz_decode(&M, out + i * bb, cap - i * bb, &got)
                        : pkc_koblitz_decode_msg(&M, 1, out + i * bb, cap - i * bb, &last);
        if (err == PKC_ERR_DECODE)
            err = PKC_ERR_DECRYPT;
    }
    pkc_memzero(&d, sizeof d);
    pkc_memzero(&M, sizeof M);
    if (err != PKC_OK) {
        pkc_memzero(out, max);
        return err;
    }
    *outlen = (n - 1) * bb + last;
    return PKC_OK;
}
