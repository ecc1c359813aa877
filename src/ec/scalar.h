/* pkc — integers modulo the group order n of one curve (internal; layer 1
 * of src/ec/, included by curve_tmpl.h). Scalars are canonical EC_N-limb
 * integers in [0, n); products go through Montgomery form internally.
 * Constant time. Needs: ec_n, EC_N_M0, ec_n_r2 (R^2 mod n), ec_n_r3
 * (R^3 mod n), ec_n_s62, EC_N_INV62, EC_NBITS.
 */
#ifndef PKC_EC_SCALAR_H
#define PKC_EC_SCALAR_H

#include "mont.h"
#include "safegcd.h"

/* Contracts of the verification build (-DPKC_VERIFY): scalars in [0, n). */
#ifdef PKC_VERIFY
#define SC_VERIFY(a) ((lb_lt((a), ec_n, EC_N) != 0) ? (void)0 : __builtin_trap())
#else
#define SC_VERIFY(a) ((void)0)
#endif

static void sc_mont(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    mont_mul(r, a, b, ec_n, EC_N_M0, EC_N);
}

static void sc_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    SC_VERIFY(a);
    SC_VERIFY(b);
    mod_add(r, a, b, ec_n, EC_N);
    SC_VERIFY(r);
}

static void sc_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    SC_VERIFY(a);
    SC_VERIFY(b);
    mod_sub(r, a, b, ec_n, EC_N);
    SC_VERIFY(r);
}

static void sc_neg(uint64_t *r, const uint64_t *a)
{
    SC_VERIFY(a);
    static const fe zero = {0};
    mod_sub(r, zero, a, ec_n, EC_N);
    SC_VERIFY(r);
}

/* canonical a*b mod n: (a*b/R)*R^2/R */
static void sc_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    SC_VERIFY(a);
    SC_VERIFY(b);
    fe t;
    sc_mont(t, a, b);
    sc_mont(r, t, ec_n_r2);
    SC_VERIFY(r);
}

/* in: 2N words, any value. in = hi*R + lo; with Montgomery products
 * lo*R^2/R + hi*R^3/R = in*R (mod n), and a last product by 1 removes R.
 * Only one factor of a Montgomery product must be below n for the result
 * to be below 2n, so lo and hi may be anything below R. */
static void sc_reduce_wide(uint64_t *r, const uint64_t *in)
{
    static const fe one = {1};
    fe t1, t2;
    sc_mont(t1, in, ec_n_r2);
    sc_mont(t2, in + EC_N, ec_n_r3);
    sc_add(t1, t1, t2);
    sc_mont(r, t1, one);
    SC_VERIFY(r);
}

/* a^-1 mod n (safegcd); 0 maps to 0. sc_inv is constant time; sc_inv_var
 * stops once the gcd is found, for public values (ECDSA verification's
 * s^-1). */
FE_INLINE void sc_inv_any(uint64_t *r, const uint64_t *a, const int vartime)
{
    SC_VERIFY(a);
    sg_inv(r, a, ec_n_s62, EC_N_INV62, EC_N, EC_NBITS, vartime);
    SC_VERIFY(r);
}

static void sc_inv(uint64_t *r, const uint64_t *a)
{
    sc_inv_any(r, a, 0);
}

static void sc_inv_var(uint64_t *r, const uint64_t *a)
{
    sc_inv_any(r, a, 1);
}

#endif
