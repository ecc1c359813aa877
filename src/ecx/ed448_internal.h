/* pkc — what x448.c takes from ed448.c (internal). */
#ifndef PKC_ED448_INTERNAL_H
#define PKC_ED448_INTERNAL_H

#include <stdint.h>

/* X448's public key through Ed448's fixed-base comb: u = y^2 / x^2 of
 * [k mod L]B for the clamped 56-byte scalar k, the 4-isogeny of RFC 7748
 * section 4.2 from edwards448 to curve448 (it maps B to u = 5 and is a
 * group homomorphism, so this is X448(k, 5)). Constant time. */
void pkc_ed448_x448_base(uint8_t out[56], const uint8_t k[56]);

#endif
