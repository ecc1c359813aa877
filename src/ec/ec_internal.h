/* pkc — internal interface between the elliptic-curve arithmetic (the
 * layers of src/ec/: limbs, field, scalar, points, recoding, tables,
 * multiplications, instantiated per curve by curve_tmpl.h) and the
 * protocols built on it (key generation, ECDSA, ECDH, encodings:
 * src/ec/ecdsa.c, ecdh.c, ec_key.c). Not installed; the tests and the
 * benchmark use it through the static library, with src/ec/lab.h for
 * what only they need.
 *
 * Representation at this boundary: canonical integers (not Montgomery form)
 * as little-endian 64-bit limbs, limbs above the curve's size zero. Inside,
 * the arithmetic is free to use Montgomery form, Jacobian coordinates and
 * per-limb-count specialisations.
 *
 * Timing: every function here is constant time in its arguments unless its
 * name ends in _var (public data only). No function here allocates.
 */
#ifndef PKC_EC_INTERNAL_H
#define PKC_EC_INTERNAL_H

#include "pkc/curves.h"

#define PKC_EC_MAX_LIMBS 9

typedef struct pkc_ec_curve pkc_ec_curve; /* defined by the arithmetic */

/* An integer modulo the group order n, in [0, n). */
typedef struct {
    uint64_t v[PKC_EC_MAX_LIMBS];
} pkc_ec_scalar;

/* A point in affine coordinates, x and y in [0, p); infinity is a mask
 * (all-ones: the point at infinity, x and y then zero; 0: a finite point). */
typedef struct {
    uint64_t x[PKC_EC_MAX_LIMBS];
    uint64_t y[PKC_EC_MAX_LIMBS];
    uint64_t infinity;
} pkc_ec_affine;

/* NULL for an unknown id. */
const pkc_ec_curve *pkc_ec_curve_get(pkc_curve_id id);
const pkc_curve_info *pkc_ec_curve_info(const pkc_ec_curve *c);

/* ---- scalars mod n ---- */
/* out = (big-endian integer in[0..len)) mod n, for any len up to
 * 2 * order_bytes. */
void pkc_ec_scalar_reduce_bytes(const pkc_ec_curve *c, pkc_ec_scalar *out,
                                const uint8_t *in, size_t len);
/* Sets out from exactly order_bytes big-endian bytes; returns an all-ones
 * mask if the value is in [1, n-1], else 0 (out is then unspecified). */
uint64_t pkc_ec_scalar_set_bytes_checked(const pkc_ec_curve *c, pkc_ec_scalar *out,
                                         const uint8_t *in);
/* order_bytes big-endian bytes */
void pkc_ec_scalar_get_bytes(const pkc_ec_curve *c, uint8_t *out, const pkc_ec_scalar *a);
uint64_t pkc_ec_scalar_is_zero(const pkc_ec_curve *c, const pkc_ec_scalar *a); /* mask */
uint64_t pkc_ec_scalar_eq(const pkc_ec_curve *c, const pkc_ec_scalar *a, const pkc_ec_scalar *b);
void pkc_ec_scalar_add(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a, const pkc_ec_scalar *b);
void pkc_ec_scalar_sub(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a, const pkc_ec_scalar *b);
void pkc_ec_scalar_mul(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a, const pkc_ec_scalar *b);
void pkc_ec_scalar_neg(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a);
/* a^-1 mod n (safegcd), constant time; 0 maps to 0. */
void pkc_ec_scalar_inv(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a);
/* The same in variable time, for a public a (ECDSA verification's s). */
void pkc_ec_scalar_inv_var(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_scalar *a);

/* ---- points (SEC 1 v2 section 2.3.3 / 2.3.4 / 3.2.2) ---- */
/* Full public-key validation: x, y (field_bytes big-endian each) < p and
 * y^2 = x^3 + ax + b. PKC_ERR_POINT otherwise. Variable time (public). */
pkc_err pkc_ec_point_set_xy_var(const pkc_ec_curve *c, pkc_ec_affine *P,
                                const uint8_t *x, const uint8_t *y);
/* Decompression: x < p, y = sqrt(x^3+ax+b) with the given parity
 * (y_odd 0/1); PKC_ERR_POINT if x >= p or no square root exists. */
pkc_err pkc_ec_point_decompress_var(const pkc_ec_curve *c, pkc_ec_affine *P,
                                    const uint8_t *x, int y_odd);
/* x, y as field_bytes big-endian each (P must be finite). */
void pkc_ec_point_get_xy(const pkc_ec_curve *c, const pkc_ec_affine *P, uint8_t *x, uint8_t *y);
/* x mod n (ECDSA's r). */
void pkc_ec_point_x_mod_n(const pkc_ec_curve *c, pkc_ec_scalar *out, const pkc_ec_affine *P);
/* 1 if finite, on the curve and (cofactor > 1) in the subgroup of order n
 * (public data). */
int pkc_ec_point_is_valid_var(const pkc_ec_curve *c, const pkc_ec_affine *P);
/* The bit the compressed form keeps (SEC 1 v2 2.3.3): the parity of y, or
 * for a binary curve the lowest bit of y/x (0 for x = 0). */
int pkc_ec_point_compress_bit_var(const pkc_ec_curve *c, const pkc_ec_affine *P);

/* r = p + q and r = -p: complete (either input may be at infinity),
 * constant time. */
void pkc_ec_point_add(const pkc_ec_curve *c, pkc_ec_affine *r, const pkc_ec_affine *p,
                      const pkc_ec_affine *q);
void pkc_ec_point_neg(const pkc_ec_curve *c, pkc_ec_affine *r, const pkc_ec_affine *p);

/* ---- scalar multiplication ----
 * Two complete implementations, in two coordinate systems (the seed study
 * measures affine against Jacobian arithmetic); the protocols use
 * PKC_EC_JACOBIAN unless the lab interface (lab.h) asks for another. */
typedef enum {
    PKC_EC_JACOBIAN = 0, /* the default */
    PKC_EC_AFFINE = 1,   /* affine coordinates: one inversion per addition */
    PKC_EC_COORDS_COUNT
} pkc_ec_coords;

/* out = k*G; constant time in k; k = 0 gives infinity. */
void pkc_ec_mul_base(const pkc_ec_curve *c, pkc_ec_coords co, pkc_ec_affine *out,
                     const pkc_ec_scalar *k);
/* out = k*P for a valid finite P; constant time in k and P. */
void pkc_ec_mul(const pkc_ec_curve *c, pkc_ec_coords co, pkc_ec_affine *out,
                const pkc_ec_scalar *k, const pkc_ec_affine *P);
/* out = u1*G + u2*Q; variable time: public inputs only (verification). */
void pkc_ec_mul2_var(const pkc_ec_curve *c, pkc_ec_coords co, pkc_ec_affine *out,
                     const pkc_ec_scalar *u1, const pkc_ec_scalar *u2, const pkc_ec_affine *Q);
/* 1 if u1*G + u2*Q is finite and its x mod n equals r, 0 if not, without
 * the affine conversion; -1 where the curve or the coordinates have no
 * such operation (the caller then uses pkc_ec_mul2_var). Variable time. */
int pkc_ec_mul2_x_eq_var(const pkc_ec_curve *c, pkc_ec_coords co, const pkc_ec_scalar *u1,
                         const pkc_ec_scalar *u2, const pkc_ec_affine *Q, const pkc_ec_scalar *r);

#endif
