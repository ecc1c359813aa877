/* pkc — which prime-field multiplier runs: cpuid, once per process, unless
 * pkc_ecp_set_impl says otherwise (include/pkc/curves.h, ecp_cpu.h). */
#include "ecp_cpu.h"
#include "mont6_adx.h"
#include "pkc/curves.h"

#if PKC_EC_MONT6_ADX
#include <cpuid.h>
static int cpu_has_bmi2_adx(void)
{
    unsigned int a, b, c, d;
    if (__get_cpuid_max(0, NULL) < 7)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    /* CPUID.(EAX=7,ECX=0):EBX bit 8 BMI2 (MULX), bit 19 ADX */
    return ((b >> 8) & 1) && ((b >> 19) & 1);
}
#else
static int cpu_has_bmi2_adx(void)
{
    return 0;
}
#endif

int pkc_ecp_impl_state;

/* Probed once: cpuid traps to the hypervisor in a virtual machine, and
 * pkc_ecp_set_impl(AUTO) may run around every call (pkc bench). */
static int adx_cached = -1;

int pkc_ecp_have_adx(void)
{
    int v = __atomic_load_n(&adx_cached, __ATOMIC_RELAXED);
    if (v < 0) {
        v = cpu_has_bmi2_adx();
        __atomic_store_n(&adx_cached, v, __ATOMIC_RELAXED);
    }
    return v;
}

int pkc_ecp_impl_decide(void)
{
    int v = pkc_ecp_have_adx() ? 2 : 1;
    int expected = 0;
    /* the first decision wins; a concurrent set_impl is kept */
    if (!__atomic_compare_exchange_n(&pkc_ecp_impl_state, &expected, v, 0, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED))
        v = expected;
    return v;
}

pkc_err pkc_ecp_set_impl(pkc_ecp_impl impl)
{
    int v;
    switch (impl) {
    case PKC_ECP_IMPL_AUTO:
        v = pkc_ecp_have_adx() ? 2 : 1;
        break;
    case PKC_ECP_IMPL_PORTABLE:
        v = 1;
        break;
    case PKC_ECP_IMPL_ADX:
        if (!pkc_ecp_have_adx())
            return PKC_ERR_UNSUPPORTED;
        v = 2;
        break;
    default:
        return PKC_ERR_ARG;
    }
    __atomic_store_n(&pkc_ecp_impl_state, v, __ATOMIC_RELAXED);
    return PKC_OK;
}

pkc_err pkc_ecp_force_adx(void)
{
#if PKC_EC_MONT6_ADX
    __atomic_store_n(&pkc_ecp_impl_state, 2, __ATOMIC_RELAXED);
    return PKC_OK;
#else
    return PKC_ERR_UNSUPPORTED;
#endif
}
