/* pkc — the run-time choice of the prime-field multiplier (internal, used
 * by field_mont.h for the 6-limb field, P-384, and by field_k256.h for
 * secp256k1): MULX/ADCX/ADOX (mont6_adx.c, k256_adx.h) or the portable C.
 * The choice depends on the CPU (cpuid, once per process) and on
 * pkc_ecp_set_impl (include/pkc/curves.h) only, never on data. */
#ifndef PKC_EC_ECP_CPU_H
#define PKC_EC_ECP_CPU_H

#include "pkc/common.h"

/* 0 not yet decided, 1 portable, 2 MULX/ADX */
extern int pkc_ecp_impl_state;
int pkc_ecp_impl_decide(void);

static inline int pkc_ecp_use_adx(void)
{
    int v = __atomic_load_n(&pkc_ecp_impl_state, __ATOMIC_RELAXED);
    if (__builtin_expect(v == 0, 0))
        v = pkc_ecp_impl_decide();
    return v == 2;
}

/* Selects the MULX/ADX product without asking cpuid: only for the valgrind
 * constant-time test, whose synthetic cpuid hides ADX although valgrind
 * runs MULX, ADCX and ADOX. On a CPU without them the product would fault.
 * PKC_ERR_UNSUPPORTED where the build has no such product. */
pkc_err pkc_ecp_force_adx(void);

#endif
