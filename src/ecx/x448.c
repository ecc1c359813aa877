/* pkc — X448 (RFC 7748 section 5): the Montgomery ladder on the u
 * coordinate of Curve448, v^2 = u^3 + 156326 u^2 + u over p = 2^448 -
 * 2^224 - 1 (src/ecx/fe448.h).
 *
 * The scalar is the 56-byte private key clamped (its two low bits cleared,
 * bit 447 set); the peer's u is read as 448 bits and reduced (RFC 7748:
 * non-canonical values are accepted as their residues). The ladder runs all
 * 448 steps with constant-time conditional swaps, a24 = 39081 = (156326 -
 * 2) / 4 in the RFC's z_2 = E (AA + a24 E), and the final division by an
 * exponentiation: no branch or memory index depends on the key. An
 * all-zero result (a peer of small order) is PKC_ERR_POINT with the output
 * zeroed; only that verdict is declassified.
 *
 * The public key X448(k, 5) is computed on edwards448 instead: u = y^2/x^2
 * of [k mod L]B with Ed448's constant-time fixed-base comb (ed448.c; the
 * 4-isogeny of RFC 7748 section 4.2 maps B to u = 5), about three times
 * faster than the ladder; tests/test_x448.c checks it against the ladder.
 */
#include <string.h>

#include "ct.h"
#include "ecx/ed448_internal.h"
#include "ecx/fe448.h"
#include "pkc/curve448.h"

static void x448_ladder(uint8_t out[56], const uint8_t scalar[56], const uint8_t u[56])
{
    uint8_t k[56];
    fe448 x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
    memcpy(k, scalar, 56);
    k[0] &= 252;
    k[55] |= 128;
    fe448_frombytes(x1, u); /* T limbs, any value < 2^448 */
    fe448_one(x2);
    fe448_zero(z2);
    fe448_copy(x3, x1);
    fe448_one(z3);
    uint64_t swap = 0;
    for (int i = 447; i >= 0; i--) {
        uint64_t bit = (uint64_t)((k[i >> 3] >> (i & 7)) & 1);
        uint64_t m = (uint64_t)0 - (swap ^ bit);
        fe448_cswap(x2, x3, m);
        fe448_cswap(z2, z3, m);
        swap = bit;
        /* x2, z2, x3, z3: R (or T at the start) */
        fe448_add(a, x2, z2);  /* < 2^58 */
        fe448_sqr(aa, a);      /* R */
        fe448_sub(b, x2, z2);  /* < 2^59 */
        fe448_sqr(bb, b);      /* R */
        fe448_sub(e, aa, bb);  /* < 2^59 */
        fe448_add(c, x3, z3);  /* < 2^58 */
        fe448_sub(d, x3, z3);  /* < 2^59 */
        fe448_mul(da, d, a);   /* R */
        fe448_mul(cb, c, b);   /* R */
        fe448_add(t, da, cb);  /* < 2^58 */
        fe448_sqr(x3, t);      /* R */
        fe448_sub(t, da, cb);  /* < 2^59 */
        fe448_sqr(t, t);       /* R */
        fe448_mul(z3, x1, t);  /* R */
        fe448_mul(x2, aa, bb); /* R */
        fe448_mul_small(t, e, 39081); /* R */
        fe448_add(t, t, aa);   /* < 2^58 */
        fe448_mul(z2, e, t);   /* R */
    }
    uint64_t m = (uint64_t)0 - swap;
    fe448_cswap(x2, x3, m);
    fe448_cswap(z2, z3, m);
    fe448_inv(z2, z2);
    fe448_mul(x2, x2, z2);
    fe448_tobytes(out, x2);
    pkc_memzero(k, sizeof k);
    pkc_memzero(x2, sizeof x2);
    pkc_memzero(z2, sizeof z2);
    pkc_memzero(x3, sizeof x3);
    pkc_memzero(z3, sizeof z3);
    pkc_memzero(a, sizeof a);
    pkc_memzero(aa, sizeof aa);
    pkc_memzero(b, sizeof b);
    pkc_memzero(bb, sizeof bb);
    pkc_memzero(e, sizeof e);
    pkc_memzero(c, sizeof c);
    pkc_memzero(d, sizeof d);
    pkc_memzero(da, sizeof da);
    pkc_memzero(cb, sizeof cb);
    pkc_memzero(t, sizeof t);
}

pkc_err pkc_x448(uint8_t shared[56], const uint8_t priv[56], const uint8_t peer[56])
{
    if (!shared || !priv || !peer)
        return PKC_ERR_ARG;
    uint8_t out[56];
    x448_ladder(out, priv, peer);
    uint64_t zero = ct_mask_memeq(out, (const uint8_t[56]){0}, 56);
    PKC_DECLASSIFY(&zero, sizeof zero);
    memcpy(shared, out, 56);
    pkc_memzero(out, sizeof out);
    return zero ? PKC_ERR_POINT : PKC_OK;
}

pkc_err pkc_x448_public_key(uint8_t pub[56], const uint8_t priv[56])
{
    if (!pub || !priv)
        return PKC_ERR_ARG;
    pkc_ed448_x448_base(pub, priv);
    /* the public key is public */
    PKC_DECLASSIFY(pub, 56);
    return PKC_OK;
}

pkc_err pkc_x448_keygen(uint8_t priv[56], uint8_t pub[56], pkc_rng *rng)
{
    if (!priv || !pub || !rng)
        return PKC_ERR_ARG;
    pkc_err e = pkc_rng_bytes(rng, priv, 56);
    if (e != PKC_OK) {
        pkc_memzero(priv, 56);
        return e;
    }
    return pkc_x448_public_key(pub, priv);
}
