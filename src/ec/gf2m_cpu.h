/* pkc — the run-time choice of the binary-field multiplier (internal, used
 * by field_gf2m.h): PCLMULQDQ or the portable constant-time code. The
 * choice depends on the CPU (cpuid) and on pkc_gf2m_set_impl
 * (include/pkc/curves.h) only, never on data. */
#ifndef PKC_EC_GF2M_CPU_H
#define PKC_EC_GF2M_CPU_H

/* 0 not yet decided, 1 portable, 2 PCLMULQDQ */
extern int pkc_gf2m_impl_state;
int pkc_gf2m_impl_decide(void);

static inline int pkc_gf2m_use_clmul(void)
{
    int v = __atomic_load_n(&pkc_gf2m_impl_state, __ATOMIC_RELAXED);
    if (__builtin_expect(v == 0, 0))
        v = pkc_gf2m_impl_decide();
    return v == 2;
}

#endif
