/* pkc — integers modulo the group order n (ec_internal.h): byte
 * conversions and range checks here, the arithmetic in each curve's
 * specialised code (src/ec/scalar.h: Montgomery multiplication mod n,
 * safegcd inversion). Scalars are canonical, limbs above the curve's count
 * zero; every function is constant time in the scalar values. */
#include <string.h>

#include "ct.h"
#include "curve.h"
#include "limbs.h"

#define M PKC_EC_MAX_LIMBS

static void order_limbs(const pkc_ec_curve *c, uint64_t n[M])
{
    lb_from_be(n, c->info->n, c->info->order_bytes, M);
}

static void clear_high(const pkc_ec_curve *c, pkc_ec_scalar *a)
{
    for (unsigned i = c->ops->nlimbs; i < M; i++)
        a->v[i] = 0;
}

void pkc_ec_scalar_reduce_bytes(const pkc_ec_curve *c, pkc_ec_scalar *out, const uint8_t *in,
                                size_t len)
{
    unsigned n = c->ops->nlimbs;
    size_t chunk = 8 * (size_t)n;
    uint64_t wide[2 * M];
    pkc_ec_scalar acc;
    memset(&acc, 0, sizeof acc);
    /* Horner over chunks of N limbs from the most significant end:
     * acc = acc * 2^(64N) + chunk (mod n); the chunk boundaries depend on
     * len only. */
    size_t first = len % chunk;
    if (first == 0 && len > 0)
        first = chunk;
    size_t pos = 0;
    while (pos < len) {
        size_t take = pos == 0 ? first : chunk;
        memset(wide, 0, sizeof wide);
        lb_from_be(wide, in + pos, take, M);
        /* wide = chunk (low N limbs) + acc (high N limbs) */
        memcpy(wide + n, acc.v, n * sizeof(uint64_t));
        c->ops->sc_reduce_wide(acc.v, wide);
        pos += take;
    }
    clear_high(c, &acc);
    *out = acc;
    pkc_memzero(wide, sizeof wide);
    pkc_memzero(&acc, sizeof acc);
}

uint64_t pkc_ec_scalar_set_bytes_checked(const pkc_ec_curve *c, pkc_ec_scalar *out,
                                         const uint8_t *in)
{
    uint64_t n[M];
    order_limbs(c, n);
    lb_from_be(out->v, in, c->info->order_bytes, M);
    return lb_lt(out->v, n, M) & ~lb_is_zero(out->v, M);
}

void pkc_ec_scalar_get_bytes(const pkc_ec_curve *c, uint8_t *out, const pkc_ec_scalar *a)
{
    lb_to_be(out, c->info->order_bytes, a->v);
}

uint64_t pkc_ec_scalar_is_zero(const pkc_ec_curve *c, const pkc_ec_scalar *a)
{
    (void)c;
    return lb_is_zero(a->v, M);
}

uint64_t pkc_ec_scalar_eq(const pkc_ec_curve *c, const pkc_ec_scalar *a, const pkc_ec_scalar *b)
{
    (void)c;
    return lb_eq(a->v, b->v, M);
}

void pkc_ec_scalar_add(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a,
                       const pkc_ec_scalar *b)
{
    c->ops->sc_add(out->v, a->v, b->v);
    clear_high(c, out);
}

void pkc_ec_scalar_sub(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a,
                       const pkc_ec_scalar *b)
{
    c->ops->sc_sub(out->v, a->v, b->v);
    clear_high(c, out);
}

void pkc_ec_scalar_mul(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a,
                       const pkc_ec_scalar *b)
{
    c->ops->sc_mul(out->v, a->v, b->v);
    clear_high(c, out);
}

void pkc_ec_scalar_neg(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a)
{
    c->ops->sc_neg(out->v, a->v);
    clear_high(c, out);
}

void pkc_ec_scalar_inv(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a)
{
    c->ops->sc_inv(out->v, a->v);
    clear_high(c, out);
}

void pkc_ec_scalar_inv_var(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a)
{
    c->ops->sc_inv_var(out->v, a->v);
    clear_high(c, out);
}
