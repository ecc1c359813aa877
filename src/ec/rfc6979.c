/* pkc — deterministic ECDSA nonces, RFC 6979 section 3.2, with the optional
 * additional data of section 3.6.
 *
 * Timing: the private key x and every candidate k go only through HMAC
 * (no data-dependent branch), byte copies and fixed shifts; the range check
 * is a constant-time mask. Only the number of rejected candidates is
 * observable, and a rejected candidate is never used.
 */
#include <string.h>

#include "ct.h"
#include "ec_proto.h"
#include "pkc/hmac.h"

void pkc_ec_bits2int(const pkc_curve_info *ci, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t ob = ci->order_bytes;
    if (len >= ob) {
        /* The leftmost 8*ob bits, then the 8*ob - order_bits excess bits
         * (0..7, a public constant) shifted out to the right. */
        unsigned sh = (unsigned)(8 * ob - ci->order_bits);
        memcpy(out, in, ob);
        if (sh) {
            for (size_t i = ob; i-- > 0;) {
                uint8_t hi = i ? in[i - 1] : 0;
                out[i] = (uint8_t)((in[i] >> sh) | (hi << (8 - sh)));
            }
        }
    } else {
        /* 8*len <= 8*(ob-1) < order_bits: nothing to truncate. */
        memset(out, 0, ob - len);
        memcpy(out + ob - len, in, len);
    }
}

/* K = HMAC_K(V || sep || int2octets(x) || bits2octets(h1) || extra); V = HMAC_K(V) */
static void update_kv(pkc_rfc6979 *st, uint8_t sep, const uint8_t *x, const uint8_t *h1o,
                      const uint8_t *extra, size_t extralen)
{
    pkc_hmac_ctx h;
    size_t ob = st->ci->order_bytes;
    pkc_hmac_init(&h, st->alg, st->K, st->hlen);
    pkc_hmac_update(&h, st->V, st->hlen);
    pkc_hmac_update(&h, &sep, 1);
    if (x) {
        pkc_hmac_update(&h, x, ob);
        pkc_hmac_update(&h, h1o, ob);
        if (extra && extralen)
            pkc_hmac_update(&h, extra, extralen);
    }
    pkc_hmac_final(&h, st->K);
    pkc_hmac(st->alg, st->K, st->hlen, st->V, st->hlen, st->V);
}

pkc_err pkc_rfc6979_init(pkc_rfc6979 *st, const pkc_ec_curve *c, pkc_hash_alg alg,
                         const uint8_t *x, const uint8_t *h1, size_t h1len,
                         const uint8_t *extra, size_t extralen)
{
    size_t hlen = pkc_hash_size(alg);
    if (!hlen || !c)
        return PKC_ERR_ARG;
    memset(st, 0, sizeof *st);
    st->alg = alg;
    st->hlen = hlen;
    st->c = c;
    st->ci = pkc_ec_curve_info(c);

    /* bits2octets(h1) (section 2.3.4): bits2int(h1) mod q, rlen bits. */
    uint8_t h1o[PKC_EC_MAX_ORDER_BYTES];
    pkc_ec_scalar z;
    pkc_ec_bits2int(st->ci, h1o, h1, h1len);
    pkc_ec_scalar_reduce_bytes(c, &z, h1o, st->ci->order_bytes);
    pkc_ec_scalar_get_bytes(c, h1o, &z);

    /* Steps b-g. */
    memset(st->V, 0x01, hlen);
    memset(st->K, 0x00, hlen);
    update_kv(st, 0x00, x, h1o, extra, extralen);
    update_kv(st, 0x01, x, h1o, extra, extralen);
    pkc_memzero(h1o, sizeof h1o);
    pkc_memzero(&z, sizeof z);
    return PKC_OK;
}

uint64_t pkc_rfc6979_next(pkc_rfc6979 *st, pkc_ec_scalar *k_scalar, uint8_t *k_bytes)
{
    size_t ob = st->ci->order_bytes;
    /* Step h.3: after a rejected candidate, K = HMAC_K(V || 0x00), V = HMAC_K(V). */
    if (st->started)
        update_kv(st, 0x00, NULL, NULL, NULL, 0);
    st->started = 1;

    /* Step h.2: T = V1 || V2 || ... until tlen >= qlen (whole bytes >= ob). */
    uint8_t T[PKC_EC_MAX_ORDER_BYTES + PKC_HASH_MAX_SIZE];
    size_t tlen = 0;
    while (tlen < ob) {
        pkc_hmac(st->alg, st->K, st->hlen, st->V, st->hlen, st->V);
        memcpy(T + tlen, st->V, st->hlen);
        tlen += st->hlen;
    }
    pkc_ec_bits2int(st->ci, k_bytes, T, tlen);
    pkc_memzero(T, sizeof T);
    return pkc_ec_scalar_set_bytes_checked(st->c, k_scalar, k_bytes);
}

void pkc_rfc6979_wipe(pkc_rfc6979 *st)
{
    pkc_memzero(st, sizeof *st);
}
