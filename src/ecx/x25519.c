/* pkc — X25519 (RFC 7748): include/pkc/curve25519.h.
 *
 * pkc_x25519 is the Montgomery ladder of RFC 7748 section 5 on the u
 * coordinate: 255 steps from bit 254 down, one constant-time conditional swap
 * per step, the a24 = 121665 form z_2 = E (AA + a24 E). Every value that is
 * subtracted there is a product or the decoded u ("tight" in
 * src/ecx/fe25519.h), so the subtractions skip the carry. The scalar is clamped
 * (bits 0..2 and 255 cleared, bit 254 set), bit 255 of u is ignored and a u
 * in [p, 2^255) is taken mod p (it is simply not reduced before use). An
 * all-zero result (a peer of small order) is PKC_ERR_POINT with shared
 * zeroed; the verdict alone is declassified.
 *
 * The ladder runs on one of two field implementations, chosen once by cpuid
 * (pkc_x25519_set_impl): four 64-bit limbs with MULX/ADCX/ADOX
 * (src/ecx/fe64_25519.h) where the CPU has BMI2 and ADX, else radix 2^51
 * (src/ecx/fe25519.h). Both follow the same steps; tests run the vectors on
 * each.
 *
 * The public key X25519(k, 9) goes through the Ed25519 fixed-base table
 * instead (src/ecx/ge25519.c): u = (1 + y)/(1 - y) of [k]B, B being the
 * Edwards point of u = 9 (RFC 7748 section 4.1), several times faster
 * than the ladder; tests/test_x25519.c checks both against each other.
 */
#include <string.h>

#include "ct.h"
#include "ecx/fe25519.h"
#include "ecx/fe64_25519.h"
#include "ecx/ge25519.h"
#include "ecx/x25519_impl.h"
#include "pkc/curve25519.h"

#ifdef PKC_FE64_25519
#include <cpuid.h>
#endif

static void clamp(uint8_t k[32], const uint8_t priv[32])
{
    memcpy(k, priv, 32);
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
}

/* u_out = X25519(k, u) for a clamped k, radix 2^51 */
static void ladder_portable(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    fe25519 x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
    fe25519_frombytes(x1, u);
    fe25519_copy(x2, fe25519_one);
    fe25519_copy(z2, fe25519_zero);
    fe25519_copy(x3, x1);
    fe25519_copy(z3, fe25519_one);
    uint64_t swap = 0;
    for (int i = 254; i >= 0; i--) {
        uint64_t kt = (uint64_t)(k[i >> 3] >> (i & 7)) & 1;
        swap ^= kt;
        uint64_t m = (uint64_t)0 - swap;
        fe25519_cswap(x2, x3, m);
        fe25519_cswap(z2, z3, m);
        swap = kt;
        /* in order of dependence, independent operations side by side
         * (the processor overlaps each multiplication with the next) */
        fe25519_add(a, x2, z2);       /* A = x2 + z2 (< 2^53) */
        fe25519_sub_tight(b, x2, z2); /* B = x2 - z2 (< 2^54) */
        fe25519_add(c, x3, z3);       /* C = x3 + z3 */
        fe25519_sub_tight(d, x3, z3); /* D = x3 - z3 (< 2^54) */
        fe25519_mul(da, d, a);        /* DA */
        fe25519_mul(cb, c, b);        /* CB */
        fe25519_sqr(aa, a);           /* AA */
        fe25519_sqr(bb, b);           /* BB */
        fe25519_add(t, da, cb);
        fe25519_sub_tight(c, da, cb);
        fe25519_sub_tight(e, aa, bb); /* E = AA - BB (< 2^54) */
        fe25519_mul(x2, aa, bb);      /* x2 = AA BB */
        fe25519_sqr(x3, t);           /* x3 = (DA + CB)^2 */
        fe25519_sqr(c, c);            /* (DA - CB)^2 */
        fe25519_mul_small(t, e, 121665);
        fe25519_mul(z3, x1, c);       /* z3 = x1 (DA - CB)^2 */
        fe25519_add(t, aa, t);        /* AA + a24 E (< 2^53) */
        fe25519_mul(z2, e, t);        /* z2 = E (AA + a24 E) */
    }
    uint64_t m = (uint64_t)0 - swap;
    fe25519_cswap(x2, x3, m);
    fe25519_cswap(z2, z3, m);
    fe25519_invert(z2, z2);
    fe25519_mul(x2, x2, z2);
    fe25519_tobytes(out, x2);
    pkc_memzero(x2, sizeof x2);
    pkc_memzero(z2, sizeof z2);
    pkc_memzero(x3, sizeof x3);
    pkc_memzero(z3, sizeof z3);
    pkc_memzero(a, sizeof a);
    pkc_memzero(aa, sizeof aa);
    pkc_memzero(b, sizeof b);
    pkc_memzero(bb, sizeof bb);
    pkc_memzero(e, sizeof e);
    pkc_memzero(c, sizeof c);
    pkc_memzero(d, sizeof d);
    pkc_memzero(da, sizeof da);
    pkc_memzero(cb, sizeof cb);
    pkc_memzero(t, sizeof t);
}

#ifdef PKC_FE64_25519
/* The same ladder on four 64-bit limbs (MULX/ADX): every value in
 * [0, 2^256), so no step needs a bound of its own. */
static void ladder_adx(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    struct {
        fe64 x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
    } v;
    fe64_frombytes(v.x1, u);
    memset(v.x2, 0, sizeof v.x2);
    v.x2[0] = 1;
    memset(v.z2, 0, sizeof v.z2);
    memcpy(v.x3, v.x1, sizeof v.x3);
    memcpy(v.z3, v.x2, sizeof v.z3);
    uint64_t swap = 0;
    for (int i = 254; i >= 0; i--) {
        uint64_t kt = (uint64_t)(k[i >> 3] >> (i & 7)) & 1;
        swap ^= kt;
        uint64_t m = (uint64_t)0 - swap;
        fe64_cswap(v.x2, v.x3, m);
        fe64_cswap(v.z2, v.z3, m);
        swap = kt;
        /* in order of dependence, independent operations side by side:
         * the processor overlaps each multiplication with the next */
        fe64_addsub(v.a, v.b, v.x2, v.z2); /* A, B */
        fe64_addsub(v.c, v.d, v.x3, v.z3); /* C, D */
        fe64_mul(v.da, v.d, v.a);     /* DA */
        fe64_mul(v.cb, v.c, v.b);     /* CB */
        fe64_sqr(v.aa, v.a);          /* AA */
        fe64_sqr(v.bb, v.b);          /* BB */
        fe64_addsub(v.t, v.c, v.da, v.cb);
        fe64_sub(v.e, v.aa, v.bb);    /* E = AA - BB */
        fe64_mul(v.x2, v.aa, v.bb);   /* x2 = AA BB */
        fe64_sqr(v.x3, v.t);          /* x3 = (DA + CB)^2 */
        fe64_sqr(v.c, v.c);           /* (DA - CB)^2 */
        fe64_mul_small_add(v.t, v.e, 121665, v.aa); /* AA + a24 E */
        fe64_mul(v.z3, v.x1, v.c);    /* z3 = x1 (DA - CB)^2 */
        fe64_mul(v.z2, v.e, v.t);     /* z2 = E (AA + a24 E) */
    }
    uint64_t m = (uint64_t)0 - swap;
    fe64_cswap(v.x2, v.x3, m);
    fe64_cswap(v.z2, v.z3, m);
    fe64_invert(v.z2, v.z2);
    fe64_mul(v.x2, v.x2, v.z2);
    fe64_tobytes(out, v.x2);
    pkc_memzero(&v, sizeof v);
}

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
static int cpu_has_bmi2_adx(void) { return 0; }
#endif

/* 0 = not yet chosen, else a pkc_x25519_impl valid for this CPU */
static int impl_chosen;
static int adx_cached = -1; /* cpuid traps to the hypervisor in a VM: once */

int pkc_x25519_have_adx(void)
{
    int v = __atomic_load_n(&adx_cached, __ATOMIC_RELAXED);
    if (v < 0) {
        v = cpu_has_bmi2_adx();
        __atomic_store_n(&adx_cached, v, __ATOMIC_RELAXED);
    }
    return v;
}

pkc_err pkc_x25519_set_impl(pkc_x25519_impl impl)
{
    int v;
    switch (impl) {
    case PKC_X25519_IMPL_AUTO:
        v = pkc_x25519_have_adx() ? PKC_X25519_IMPL_ADX : PKC_X25519_IMPL_PORTABLE;
        break;
    case PKC_X25519_IMPL_PORTABLE:
        v = PKC_X25519_IMPL_PORTABLE;
        break;
    case PKC_X25519_IMPL_ADX:
        if (!pkc_x25519_have_adx())
            return PKC_ERR_UNSUPPORTED;
        v = PKC_X25519_IMPL_ADX;
        break;
    default:
        return PKC_ERR_ARG;
    }
    __atomic_store_n(&impl_chosen, v, __ATOMIC_RELAXED);
    return PKC_OK;
}

pkc_err pkc_x25519_force_adx(void)
{
#ifdef PKC_FE64_25519
    __atomic_store_n(&impl_chosen, PKC_X25519_IMPL_ADX, __ATOMIC_RELAXED);
    return PKC_OK;
#else
    return PKC_ERR_UNSUPPORTED;
#endif
}

pkc_x25519_impl pkc_x25519_get_impl(void)
{
    int v = __atomic_load_n(&impl_chosen, __ATOMIC_RELAXED);
    if (v == 0) {
        pkc_x25519_set_impl(PKC_X25519_IMPL_AUTO);
        v = __atomic_load_n(&impl_chosen, __ATOMIC_RELAXED);
    }
    return (pkc_x25519_impl)v;
}

static void ladder(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
#ifdef PKC_FE64_25519
    if (pkc_x25519_get_impl() == PKC_X25519_IMPL_ADX) {
        ladder_adx(out, k, u);
        return;
    }
#endif
    ladder_portable(out, k, u);
}

pkc_err pkc_x25519_public_key(uint8_t pub[32], const uint8_t priv[32])
{
    if (!pub || !priv)
        return PKC_ERR_ARG;
    uint8_t k[32];
    clamp(k, priv);
    pkc_ge25519_scalarmult_base_u(pub, k);
    pkc_memzero(k, sizeof k);
    return PKC_OK;
}

pkc_err pkc_x25519_keygen(uint8_t priv[32], uint8_t pub[32], pkc_rng *rng)
{
    if (!priv || !pub || !rng)
        return PKC_ERR_ARG;
    pkc_err err = pkc_rng_bytes(rng, priv, 32);
    if (err != PKC_OK) {
        pkc_memzero(priv, 32);
        return err;
    }
    return pkc_x25519_public_key(pub, priv);
}

pkc_err pkc_x25519(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[32])
{
    if (!shared || !priv || !peer)
        return PKC_ERR_ARG;
    uint8_t k[32], out[32];
    clamp(k, priv);
    ladder(out, k, peer);
    uint64_t acc = 0;
    for (int i = 0; i < 32; i++)
        acc |= out[i];
    uint64_t zero = ct_mask_zero(acc);
    /* shared = out, or zeros: without a branch, then the verdict is public */
    for (int i = 0; i < 32; i++)
        shared[i] = (uint8_t)(out[i] & ~zero);
    pkc_memzero(k, sizeof k);
    pkc_memzero(out, sizeof out);
    PKC_DECLASSIFY(&zero, sizeof zero);
    return zero ? PKC_ERR_POINT : PKC_OK;
}
