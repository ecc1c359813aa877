/* pkc — Koblitz's encoding of messages as curve points (N. Koblitz,
 * "Elliptic curve cryptosystems", Math. Comp. 48, 1987, section 3), on
 * every curve of include/pkc/curves.h.
 *
 * A block of at most B = field_bytes - 2 bytes, read as a big-endian
 * number m, becomes the point whose x-coordinate is
 *
 *     x = m * 2^K + j,   K = PKC_KOBLITZ_COUNTER_BITS = 8,
 *
 * for the first counter j in 0 .. 2^K - 1 for which x is the x-coordinate
 * of a point of the subgroup of order n; y is the root whose compressed-form
 * bit (SEC 1 v2 2.3.3) is 0. Decoding drops the counter: m = x >> K. The
 * x-coordinate takes field_bytes bytes: a zero top byte, the block, the
 * counter; it is below p (below 2^m for GF(2^m)) on every curve.
 *
 *   prime curves   x works when x^3 + ax + b is a nonzero square: about
 *                  half of all x (the square root by one exponentiation
 *                  for p = 3 mod 4, Tonelli-Shanks for secp224k1 and
 *                  secp224r1, p = 1 mod 4, so no curve is left out).
 *                  No j works with probability about 2^-256.
 *   binary curves  x works when z^2 + z = x + a + b/x^2 has a solution
 *                  (a trace is 0) and the point lies in the subgroup, not
 *                  only on the curve (cofactor h = 2 or 4). The first
 *                  condition of the subgroup, Tr(x) = Tr(a), is linear in
 *                  x and holds for exactly half of the 256 counters (Tr(1)
 *                  = 1 for odd m); of those, about 1/2 (h = 2) or 1/4
 *                  (h = 4) work. No j works with probability about 2^-128
 *                  (h = 2) or (3/4)^128 = 2^-53 (h = 4: sect233k1,
 *                  sect283k1, sect409k1, sect571k1).
 * On average a block takes 2.0 candidates on the prime curves, 3.5 on the
 * binary curves of cofactor 2 and 7.5 on those of cofactor 4 (measured
 * over 4000 random blocks per curve; docs/messages.md).
 * When no j works the encoder returns PKC_ERR_ENCODE, never a point that
 * does not decode to the block.
 *
 * Messages longer than one block: the message is padded as ISO/IEC 7816-4
 * (ISO/IEC 9797-1 method 2): a byte 0x80, then zero bytes up to a whole
 * number of blocks; a message of L bytes takes L / B + 1 points, and every
 * message of L <= B - 1 bytes one point.
 *
 * Timing: the number of candidates tried, and so the encoder's running
 * time, depends on the block; the names say it (_var). A message that must
 * stay secret from someone who can time the encoder should not be encoded
 * this way. Decoding, and the unpadding, are constant time.
 */
#ifndef PKC_KOBLITZ_H
#define PKC_KOBLITZ_H

#include "pkc/ec.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PKC_KOBLITZ_COUNTER_BITS 8
/* field_bytes - 2: the largest block of any curve */
#define PKC_KOBLITZ_MAX_BLOCK (PKC_EC_MAX_FIELD_BYTES - 2)

/* B = field_bytes - 2; 0 for an unknown curve */
PKC_API size_t pkc_koblitz_block_bytes(pkc_curve_id curve);

/* One block (len <= B bytes, a big-endian number) -> a point. *counter (may
 * be NULL) receives the j used. PKC_ERR_ARG for a block too long,
 * PKC_ERR_ENCODE when no j works. */
PKC_API pkc_err pkc_koblitz_encode_var(pkc_ec_point *pt, pkc_curve_id curve, const uint8_t *block,
                                       size_t len, unsigned *counter);

/* A point -> its block, B bytes (the number m, with leading zeros).
 * PKC_ERR_DECODE if the point is not an encoding (x's top byte is not 0). */
PKC_API pkc_err pkc_koblitz_decode(const pkc_ec_point *pt, uint8_t *block, size_t cap,
                                   size_t *len);

/* The number of points a message of len bytes takes: len / B + 1. */
PKC_API size_t pkc_koblitz_msg_points(pkc_curve_id curve, size_t len);

/* A message (padded, split into blocks) -> *npoints = pkc_koblitz_msg_points
 * points in pts[0 .. cap). */
PKC_API pkc_err pkc_koblitz_encode_msg_var(pkc_ec_point *pts, size_t cap, size_t *npoints,
                                           pkc_curve_id curve, const uint8_t *msg, size_t len);

/* Points -> the message; PKC_ERR_DECODE if a point is not an encoding or
 * the padding is wrong, PKC_ERR_BUFSIZE if cap < npoints * B - 1. The
 * padding is checked and removed in constant time (one verdict). */
PKC_API pkc_err pkc_koblitz_decode_msg(const pkc_ec_point *pts, size_t npoints, uint8_t *out,
                                       size_t cap, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
