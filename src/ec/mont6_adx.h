/* pkc — the 6-limb Montgomery product with MULX, ADCX and ADOX (internal;
 * layer 0 of src/ec/, mont6_adx.c). x86-64 only; the caller checks the CPU
 * (ecp_cpu.h). */
#ifndef PKC_EC_MONT6_ADX_H
#define PKC_EC_MONT6_ADX_H

#include <stdint.h>

#if defined(__x86_64__) && !defined(PKC_NO_ASM) && (defined(__GNUC__) || defined(__clang__))
#define PKC_EC_MONT6_ADX 1
/* r = a b 2^-384 mod m for a, b < m < 2^384 (m odd), m0 = -m^-1 mod 2^64;
 * r may alias a or b. Constant time. */
void pkc_ec_mont6_mul_adx(uint64_t r[6], const uint64_t a[6], const uint64_t b[6],
                          const uint64_t m[6], uint64_t m0);
#else
#define PKC_EC_MONT6_ADX 0
#endif

#endif
