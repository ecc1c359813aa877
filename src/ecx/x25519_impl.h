/* pkc — the test hook of the X25519 ladder choice (internal; the public
 * switch is pkc_x25519_set_impl in include/pkc/curve25519.h). */
#ifndef PKC_ECX_X25519_IMPL_H
#define PKC_ECX_X25519_IMPL_H

#include "pkc/curve25519.h"

/* Selects the MULX/ADX ladder without asking cpuid: only for the valgrind
 * constant-time test, whose synthetic cpuid hides ADX although valgrind
 * runs MULX, ADCX and ADOX (tests/test_curve25519_ctime.c). On a CPU
 * without BMI2 and ADX, outside valgrind, the ladder would then fault.
 * PKC_ERR_UNSUPPORTED where the build has no ADX ladder. */
pkc_err pkc_x25519_force_adx(void);

#endif
