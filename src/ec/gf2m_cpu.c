/* pkc — which binary-field multiplier runs: cpuid, once per process, unless
 * pkc_gf2m_set_impl says otherwise (include/pkc/curves.h, gf2m_cpu.h). */
#include "gf2m_cpu.h"
#include "pkc/curves.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
static int cpu_has_clmul(void)
{
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    /* CPUID.1:ECX bit 1 PCLMULQDQ; EDX bit 26 SSE2 */
    return (int)((c >> 1) & 1) && (int)((d >> 26) & 1);
}
#else
static int cpu_has_clmul(void)
{
    return 0;
}
#endif

int pkc_gf2m_impl_state;

/* Probed once: cpuid traps to the hypervisor in a virtual machine (about
 * 8 us here), and pkc_gf2m_set_impl(AUTO) may run around every call. */
static int clmul_cached = -1;

static int have_clmul_cached(void)
{
    int v = __atomic_load_n(&clmul_cached, __ATOMIC_RELAXED);
    if (v < 0) {
        v = cpu_has_clmul();
        __atomic_store_n(&clmul_cached, v, __ATOMIC_RELAXED);
    }
    return v;
}

int pkc_gf2m_have_clmul(void)
{
    return have_clmul_cached();
}

int pkc_gf2m_impl_decide(void)
{
    int v = have_clmul_cached() ? 2 : 1;
    int expected = 0;
    /* the first decision wins; a concurrent set_impl is kept */
    if (!__atomic_compare_exchange_n(&pkc_gf2m_impl_state, &expected, v, 0, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED))
        v = expected;
    return v;
}

pkc_err pkc_gf2m_set_impl(pkc_gf2m_impl impl)
{
    int v;
    switch (impl) {
    case PKC_GF2M_IMPL_AUTO:
        v = have_clmul_cached() ? 2 : 1;
        break;
    case PKC_GF2M_IMPL_PORTABLE:
        v = 1;
        break;
    case PKC_GF2M_IMPL_CLMUL:
        if (!have_clmul_cached())
            return PKC_ERR_UNSUPPORTED;
        v = 2;
        break;
    default:
        return PKC_ERR_ARG;
    }
    __atomic_store_n(&pkc_gf2m_impl_state, v, __ATOMIC_RELAXED);
    return PKC_OK;
}
