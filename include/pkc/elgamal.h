/* pkc — EC-ElGamal encryption of messages encoded as points (T. ElGamal,
 * IEEE Trans. IT-31, 1985, in the group of a curve; Koblitz 1987), with the
 * EC keys of include/pkc/ec.h on every curve.
 *
 *   encrypt to Q = dG:  per block M_i (Koblitz encoding, koblitz.h),
 *                       k_i uniform in [1, n-1] and fresh,
 *                       C1 = k_i G, C2 = M_i + k_i Q
 *   decrypt with d:     M_i = C2 - d C1, then the block of M_i
 *
 * Ciphertext format (version 1):
 *
 *   offset 0   3 bytes   'E' 'G' 0x01   (magic and version)
 *   then, per block:     C1, C2 as compressed SEC 1 points (02/03 || x,
 *                        1 + field_bytes bytes each)
 *
 * so a message of L bytes takes 3 + (L / B + 1) * 2 * (1 + field_bytes)
 * bytes, B = field_bytes - 2 (pkc_elgamal_ciphertext_size). The curve is
 * the key's; nothing in the ciphertext names it.
 *
 * What it is and is not: textbook ElGamal, semantically secure under DDH
 * but malleable (C2 + T decrypts to M + T, and a block can be dropped,
 * repeated or reordered) and with no integrity at all: a changed C2
 * decrypts to another point, which is an error only when that point is not
 * a Koblitz encoding or the padding breaks. Use it to study the scheme;
 * authenticated encryption (ECIES) is another matter. A ciphertext is
 * about 2 (1 + fb) / (fb - 2) times its plaintext: 2.2x on P-256.
 *
 * Timing: d, each k and the message points are handled in constant time;
 * the encoding of a block into a point is variable time in the block
 * (koblitz.h). C1 and C2 are public and validated on decryption.
 */
#ifndef PKC_ELGAMAL_H
#define PKC_ELGAMAL_H

#include "pkc/ec.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PKC_ELGAMAL_HEADER_SIZE 3

/* The ciphertext size for a message of msglen bytes; 0 for an unknown curve. */
PKC_API size_t pkc_elgamal_ciphertext_size(pkc_curve_id curve, size_t msglen);
/* An upper bound of the plaintext of a ciphertext of ctlen bytes. */
PKC_API size_t pkc_elgamal_plaintext_max(pkc_curve_id curve, size_t ctlen);

PKC_API pkc_err pkc_elgamal_encrypt(const pkc_ec_public_key *pub, pkc_rng *rng,
                                    const uint8_t *msg, size_t len, uint8_t *out, size_t cap,
                                    size_t *outlen);
/* PKC_ERR_DECODE for a malformed ciphertext (header, length, a point not
 * on the curve or not in the subgroup), PKC_ERR_DECRYPT when a decrypted
 * point is not an encoding or the padding is wrong (out is then wiped). */
PKC_API pkc_err pkc_elgamal_decrypt(const pkc_ec_private_key *key, const uint8_t *ct,
                                    size_t ctlen, uint8_t *out, size_t cap, size_t *outlen);

#ifdef __cplusplus
}
#endif

#endif
