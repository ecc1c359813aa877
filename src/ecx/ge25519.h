/* pkc — the Ed25519 group: the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2
 * over GF(2^255 - 19) (internal; src/ecx/ge25519.c, used by ed25519.c and
 * x25519.c).
 *
 * Points are in extended coordinates (X : Y : Z : T), x = X/Z, y = Y/Z,
 * x y = T/Z (Hisil, Wong, Carter, Dawson, "Twisted Edwards curves
 * revisited", 2008). Additions use their unified formulas for a = -1
 * (add-2008-hwcd-3, complete on this curve since d is not a square), the
 * doubling dbl-2008-hwcd; both end in a "completed" point (E, F, G, H) with
 * X = E F, Y = G H, Z = F G, T = E H, so that a doubling that only feeds
 * another doubling skips T.
 */
#ifndef PKC_ECX_GE25519_H
#define PKC_ECX_GE25519_H

#include <stdint.h>

#include "ecx/fe25519.h"

typedef struct {
    fe25519 X, Y, Z, T;
} ge25519_p3;

typedef struct {
    fe25519 E, F, G, H;
} ge25519_p1p1;

/* a point ready to be added: (Y + X, Y - X, Z, 2 d T) */
typedef struct {
    fe25519 ypx, ymx, z, t2d;
} ge25519_cached;

/* an affine point ready to be added: (y + x, y - x, 2 d x y) */
typedef struct {
    fe25519 ypx, ymx, xy2d;
} ge25519_precomp;

/* r = [a]B for a 32-byte little-endian scalar a with a[31] <= 127 (a clamped
 * scalar or one reduced mod L): constant time, the fixed-base table */
void pkc_ge25519_scalarmult_base(ge25519_p3 *r, const uint8_t a[32]);
/* r = [a]A + [b]B, variable time (public a, b, A only: verification) */
void pkc_ge25519_double_scalarmult_var(ge25519_p3 *r, const uint8_t a[32], const ge25519_p3 *A,
                                   const uint8_t b[32]);
/* the encoding of RFC 8032 section 5.1.2 (constant time) */
void pkc_ge25519_tobytes(uint8_t s[32], const ge25519_p3 *p);
/* RFC 8032 section 5.1.3: 0 and r set if s is a canonical encoding of a point
 * (y < p, not x = 0 with the sign bit set), -1 otherwise. Variable time in
 * whether it succeeds only (public keys and R). */
int pkc_ge25519_frombytes_var(ge25519_p3 *r, const uint8_t s[32]);
/* the Montgomery u = (1 + y)/(1 - y) of [a]B, encoded (RFC 7748 section 4.1):
 * X25519's public key through the fixed-base table; constant time */
void pkc_ge25519_scalarmult_base_u(uint8_t u[32], const uint8_t a[32]);

#endif
