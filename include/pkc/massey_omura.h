/* pkc — the Massey-Omura three-pass protocol on curve points (J. L. Massey
 * and J. K. Omura, US patent 4,567,600, 1986; in the group of a curve as in
 * Koblitz 1987, section 4; Menezes, van Oorschot, Vanstone, Handbook of
 * Applied Cryptography, protocol 12.22, "Shamir's no-key protocol").
 *
 * Alice sends M to Bob, who share nothing beforehand, over a public
 * channel, in three messages:
 *
 *   Alice: e_A invertible mod n         sends  C1 = e_A M        (lock)
 *   Bob:   e_B invertible mod n         sends  C2 = e_B C1       (lock)
 *   Alice:                              sends  C3 = e_A^-1 C2    (unlock)
 *   Bob:                                       M  = e_B^-1 C3    (unlock)
 *
 * since e_A^-1 e_B e_A = e_B in the cyclic group of order n (M must lie in
 * that subgroup: every pkc_ec_point does, and Koblitz-encoded messages are
 * chosen so, include/pkc/koblitz.h).
 *
 * What it does NOT do: authenticate anyone. Whoever sits on the channel can
 * play Bob to Alice (answer C1 with its own e_X C1, read M from the third
 * message) and Alice to Bob: the protocol needs an authenticated channel
 * or a signature on each message. It is also malleable (a k-multiple of C3
 * reaches Bob as kM). Each exponent must be secret, uniformly random and
 * used for one message only: with one e_A for two messages, M1 and M2
 * satisfy the same relations and a known M1 reveals M2's lock; an e known
 * to the attacker unlocks everything locked with it.
 *
 * Timing: e and e^-1 are handled in constant time (the multiplication of
 * ECDH); the points in and out are public (they cross the channel) and are
 * validated on the way in (finite, on the curve, in the subgroup).
 */
#ifndef PKC_MASSEY_OMURA_H
#define PKC_MASSEY_OMURA_H

#include "pkc/ec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One party's exponent for one message: e in [1, n-1] and e^-1 mod n
 * (big-endian, order_bytes). Wipe it with pkc_mo_key_wipe. */
typedef struct {
    pkc_curve_id curve;
    uint8_t e[PKC_EC_MAX_ORDER_BYTES];
    uint8_t e_inv[PKC_EC_MAX_ORDER_BYTES];
} pkc_mo_key;

/* e uniform in [1, n-1] (n is prime, so every such e is invertible). */
PKC_API pkc_err pkc_mo_key_generate(pkc_mo_key *key, pkc_curve_id curve, pkc_rng *rng);
/* out = e * in */
PKC_API pkc_err pkc_mo_lock(const pkc_mo_key *key, const pkc_ec_point *in, pkc_ec_point *out);
/* out = e^-1 * in */
PKC_API pkc_err pkc_mo_unlock(const pkc_mo_key *key, const pkc_ec_point *in, pkc_ec_point *out);
PKC_API void pkc_mo_key_wipe(pkc_mo_key *key);

#ifdef __cplusplus
}
#endif

#endif
