/* pkc — elliptic-curve Diffie-Hellman, SEC 1 v2 section 3.3.1 (ECSVDP-DH).
 * The prime curves have cofactor 1, so for them this is also the cofactor
 * variant (3.3.2) and NIST SP 800-56A's ECC CDH primitive. The binary
 * curves have cofactor 2 or 4: the peer's key is checked to lie in the
 * subgroup of order n (pkc_ec_point_is_valid_var), so no small-order
 * component can reach d Q, and the result is that of 3.3.1 — what OpenSSL
 * derives by default, which is what interoperates.
 *
 * Timing: d*Q is the arithmetic's constant-time multiplication (over the
 * peer's cached comb when a cache is given: constant time in d as well); the only
 * secret-derived value branched on is "the result is the point at
 * infinity", declassified first (it cannot happen for a valid peer key and
 * d in [1, n-1]; the check guards against faults).
 */
#include <string.h>

#include "ct.h"
#include "ec_cache.h"
#include "ec_proto.h"
#include "lab.h"

/* cache: the peer's point (public) may be looked up and inserted; nothing
 * else enters it (not d, not the shared point) */
pkc_err pkc_ecdh_coords_cached(pkc_ec_cache *cache, const pkc_ec_private_key *key,
                               const pkc_ec_public_key *peer, uint8_t *out, size_t cap,
                               size_t *outlen, pkc_ec_coords co)
{
    if (!key || !peer || !out || !outlen)
        return PKC_ERR_ARG;
    const pkc_ec_curve *c = pkc_ec_curve_get(key->curve);
    if (!c)
        return PKC_ERR_ARG;
    if (peer->curve != key->curve)
        return PKC_ERR_KEY;
    const pkc_curve_info *ci = pkc_ec_curve_info(c);
    if (cap < ci->field_bytes)
        return PKC_ERR_BUFSIZE;
    /* SEC 1 v2 section 3.2.2.1: the peer's key, fully validated (again:
     * the struct is the caller's and might have been altered). */
    const pkc_ec_affine *Q = pkc_ec_pub_point_const(peer);
    if (Q->infinity || !pkc_ec_point_is_valid_var(c, Q))
        return PKC_ERR_POINT;

    pkc_ec_scalar d;
    if (pkc_ec_scalar_from_secret(c, &d, key->d) != PKC_OK)
        return PKC_ERR_KEY;
    pkc_ec_affine P;
    pkc_ec_mul_public_cached(c, co, cache, &P, &d, Q);
    uint64_t inf = P.infinity;
    PKC_DECLASSIFY(&inf, sizeof inf);
    pkc_err err = PKC_OK;
    if (inf) {
        err = PKC_ERR_POINT; /* step 2: P = O is an error */
    } else {
        uint8_t y[PKC_EC_MAX_FIELD_BYTES];
        pkc_ec_point_get_xy(c, &P, out, y); /* step 3: z = x_P */
        pkc_memzero(y, sizeof y);
        /* binary curves: a zero shared secret (x_P = 0: only the point of
         * order 2 has it, which the checks exclude) is refused, not
         * returned. (On a prime curve x = 0 is an ordinary point, whose
         * secret OpenSSL returns too.) */
        uint8_t acc = ci->field == PKC_FIELD_BINARY ? 0 : 1;
        for (size_t i = 0; i < ci->field_bytes; i++)
            acc |= out[i];
        uint64_t zero = ct_mask_zero(acc);
        PKC_DECLASSIFY(&zero, sizeof zero);
        if (zero) {
            pkc_memzero(out, ci->field_bytes);
            err = PKC_ERR_POINT;
        } else {
            *outlen = ci->field_bytes;
        }
    }
    pkc_memzero(&P, sizeof P);
    pkc_memzero(&d, sizeof d);
    return err;
}

pkc_err pkc_ecdh_coords(const pkc_ec_private_key *key, const pkc_ec_public_key *peer,
                        uint8_t *out, size_t cap, size_t *outlen, pkc_ec_coords co)
{
    return pkc_ecdh_coords_cached(NULL, key, peer, out, cap, outlen, co);
}

pkc_err pkc_ecdh(const pkc_ec_private_key *key, const pkc_ec_public_key *peer, uint8_t *out,
                 size_t cap, size_t *outlen)
{
    return pkc_ecdh_coords(key, peer, out, cap, outlen, PKC_EC_JACOBIAN);
}
