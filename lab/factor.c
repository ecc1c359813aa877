/* The factoring lab (lab/factor.h): the names, the instances with their
 * planted primes, and the dispatch to the methods (lab/factor_methods.c,
 * lab/factor_ecm.c), which checks every factor they return. */
#include <stdlib.h>
#include <string.h>

#include "factor.h"
#include "factor_internal.h"
#include "pkc/hash.h"
#include "pkc/rng.h"
#include "pkc/rsa.h"

static const char *const method_names[PKC_LAB_FACTOR_METHODS] = {"trial", "fermat", "rho", "pm1",
                                                                 "ecm"};
static const char *const method_units[PKC_LAB_FACTOR_METHODS] = {
    "divisions", "iterations", "modular multiplications", "modular multiplications", "curves"};
static const char *const kind_names[PKC_LAB_FACTOR_KINDS] = {"balanced", "close", "smooth"};

const char *pkc_lab_factor_method_name(pkc_lab_factor_method m)
{
    return (unsigned)m < PKC_LAB_FACTOR_METHODS ? method_names[m] : NULL;
}

const char *pkc_lab_factor_ops_unit(pkc_lab_factor_method m)
{
    return (unsigned)m < PKC_LAB_FACTOR_METHODS ? method_units[m] : NULL;
}

pkc_err pkc_lab_factor_method_parse(const char *name, pkc_lab_factor_method *out)
{
    for (int i = 0; name && i < PKC_LAB_FACTOR_METHODS; i++)
        if (strcmp(name, method_names[i]) == 0) {
            *out = (pkc_lab_factor_method)i;
            return PKC_OK;
        }
    return PKC_ERR_ARG;
}

int pkc_lab_factor_have_ecm(void)
{
#ifdef PKC_HAVE_ECM
    return 1;
#else
    return 0;
#endif
}

const char *pkc_lab_factor_kind_name(pkc_lab_factor_kind k)
{
    return (unsigned)k < PKC_LAB_FACTOR_KINDS ? kind_names[k] : NULL;
}

pkc_err pkc_lab_factor_kind_parse(const char *name, pkc_lab_factor_kind *out)
{
    for (int i = 0; name && i < PKC_LAB_FACTOR_KINDS; i++)
        if (strcmp(name, kind_names[i]) == 0) {
            *out = (pkc_lab_factor_kind)i;
            return PKC_OK;
        }
    return PKC_ERR_ARG;
}

/* ---- instances ---- */

void pkc_lab_factor_instance_init(pkc_lab_factor_instance *inst)
{
    memset(inst, 0, sizeof *inst);
    mpz_inits(inst->n, inst->p, inst->q, NULL);
}

void pkc_lab_factor_instance_clear(pkc_lab_factor_instance *inst)
{
    mpz_clears(inst->n, inst->p, inst->q, NULL);
    memset(inst, 0, sizeof *inst);
}

static void put_be(uint8_t *out, uint64_t v, int bytes)
{
    for (int i = bytes - 1; i >= 0; i--, v >>= 8)
        out[i] = (uint8_t)v;
}

/* The DRBG seed of one instance: a hash of everything that names it, so
 * that instances are independent of each other and of their order. */
static uint64_t instance_seed(uint64_t seed, unsigned bits, unsigned rep, pkc_lab_factor_kind kind)
{
    static const char label[] = "pkc lab factor v1";
    uint8_t buf[16], h[32];
    put_be(buf, seed, 8);
    put_be(buf + 8, bits, 4);
    put_be(buf + 12, rep, 4);
    pkc_sha256_ctx c;
    pkc_sha256_init(&c);
    pkc_sha256_update(&c, label, sizeof label - 1);
    pkc_sha256_update(&c, buf, sizeof buf);
    pkc_sha256_update(&c, kind_names[kind], strlen(kind_names[kind]));
    pkc_sha256_final(&c, h);
    uint64_t s = 0;
    for (int i = 0; i < 8; i++)
        s = (s << 8) | h[i];
    return s;
}

/* x = a uniform integer in [0, 2^bits) from the DRBG */
static pkc_err random_bits(mpz_t x, unsigned bits, pkc_rng *rng)
{
    uint8_t buf[PKC_LAB_FACTOR_MAX_BITS / 8 + 8];
    size_t len = (bits + 7) / 8;
    if (len > sizeof buf)
        return PKC_ERR_ARG;
    pkc_err err = pkc_rng_bytes(rng, buf, len);
    if (err)
        return err;
    mpz_import(x, len, 1, 1, 1, 0, buf);
    mpz_fdiv_r_2exp(x, x, bits);
    return PKC_OK;
}

/* x = a uniform integer in [0, bound), bound > 0 */
static pkc_err random_below(mpz_t x, const mpz_t bound, pkc_rng *rng)
{
    unsigned bits = (unsigned)mpz_sizeinbase(bound, 2);
    pkc_err err;
    do /* rejection: at most half the draws are refused */
        if ((err = random_bits(x, bits, rng)))
            return err;
    while (mpz_cmp(x, bound) >= 0);
    return PKC_OK;
}

/* A prime of exactly bits bits with its top two bits set and gcd(p - 1,
 * 65537) = 1, as RSA key generation makes them: pkc's own generator when
 * it takes the size, mpz_nextprime on DRBG output below it. */
static pkc_err half_prime(mpz_t p, unsigned bits, int use_pkc, pkc_rng *rng)
{
    pkc_err err;
    if (use_pkc) {
        uint8_t buf[PKC_LAB_FACTOR_MAX_BITS / 8 + 8];
        size_t len = (bits + 7) / 8;
        if (len > sizeof buf)
            return PKC_ERR_ARG;
        if ((err = pkc_rsa_prime_generate(buf, len, bits, 0, rng)))
            return err;
        mpz_import(p, len, 1, 1, 1, 0, buf);
        return PKC_OK;
    }
    for (;;) {
        if ((err = random_bits(p, bits, rng)))
            return err;
        mpz_setbit(p, bits - 1);
        mpz_setbit(p, bits - 2);
        mpz_nextprime(p, p);
        if (mpz_sizeinbase(p, 2) != bits) /* ran past 2^bits: draw again */
            continue;
        mpz_sub_ui(p, p, 1);
        int coprime = mpz_fdiv_ui(p, 65537) != 0;
        mpz_add_ui(p, p, 1);
        if (coprime)
            return PKC_OK;
    }
}

/* p and q of bits / 2 bits each with |p - q| < n^(1/4): p the next prime
 * after a random point of [sqrt(2^(bits-1)), sqrt(2^bits)), q the next
 * prime after p + r with r random below n^(1/4) / 2 (an estimate from the
 * range; the actual gap is checked against n^(1/4)). */
static pkc_err close_pair(pkc_lab_factor_instance *inst, unsigned bits, pkc_rng *rng)
{
    mpz_t lo, hi, w, r, d4;
    mpz_inits(lo, hi, w, r, d4, NULL);
    pkc_err err = PKC_OK;
    mpz_ui_pow_ui(lo, 2, bits - 1);
    mpz_sqrt(lo, lo);
    mpz_add_ui(lo, lo, 1);
    mpz_ui_pow_ui(hi, 2, bits);
    mpz_sqrt(hi, hi);
    /* keep p + gap below hi: leave 2^(bits/4) + 2^12 of room at the top */
    mpz_set_ui(w, 1);
    mpz_mul_2exp(w, w, bits / 4);
    mpz_add_ui(w, w, 4096);
    mpz_sub(hi, hi, w);
    mpz_sub(w, hi, lo);
    /* r < 2^(bits/4 - 2) < n^(1/4) / 2 */
    mpz_set_ui(d4, 1);
    mpz_mul_2exp(d4, d4, bits / 4 - 2);
    for (;;) {
        if ((err = random_below(inst->p, w, rng)))
            break;
        mpz_add(inst->p, inst->p, lo);
        mpz_nextprime(inst->p, inst->p);
        if ((err = random_below(r, d4, rng)))
            break;
        mpz_add(inst->q, inst->p, r);
        mpz_nextprime(inst->q, inst->q);
        mpz_mul(inst->n, inst->p, inst->q);
        if (mpz_sizeinbase(inst->n, 2) != bits)
            continue;
        mpz_sub(r, inst->q, inst->p); /* the gap, checked: gap^4 < n */
        mpz_pow_ui(r, r, 4);
        if (mpz_cmp(r, inst->n) < 0)
            break;
    }
    mpz_clears(lo, hi, w, r, d4, NULL);
    return err;
}

/* A random prime in [3, bound] (bound >= 3), not among used[0..nused) */
static pkc_err small_prime(uint64_t *out, uint64_t bound, const uint64_t *used, size_t nused,
                           pkc_rng *rng)
{
    for (;;) {
        uint64_t x;
        pkc_err err = pkc_rng_uniform_u64(rng, bound - 2, &x);
        if (err)
            return err;
        mpz_t z;
        mpz_init_set_ui(z, x + 3);
        if (!mpz_probab_prime_p(z, 30))
            mpz_nextprime(z, z);
        uint64_t ell = mpz_get_ui(z);
        mpz_clear(z);
        int dup = ell > bound;
        for (size_t i = 0; !dup && i < nused; i++)
            dup = used[i] == ell;
        if (!dup) {
            *out = ell;
            return PKC_OK;
        }
    }
}

/* A prime p of exactly bits bits, top two bits set, with p - 1 = 2 * m and
 * m a product of distinct primes <= bound: primes are drawn until one more
 * would fit below bound, then the last one is drawn from the interval that
 * puts p in [3 2^(bits-2), 2^bits); repeated until p is prime. */
static pkc_err smooth_prime(mpz_t p, unsigned bits, uint64_t bound, pkc_rng *rng)
{
    uint64_t used[PKC_LAB_FACTOR_MAX_BITS];
    mpz_t lo, hi, m, f, t;
    mpz_inits(lo, hi, m, f, t, NULL);
    pkc_err err = PKC_OK;
    /* p in [lo, hi) = [3 2^(bits-2), 2^bits), so m = (p - 1) / 2 in
     * [ceil((lo - 1) / 2), (hi - 1) / 2) */
    mpz_set_ui(lo, 3);
    mpz_mul_2exp(lo, lo, bits - 2);
    mpz_ui_pow_ui(hi, 2, bits);
    mpz_sub_ui(lo, lo, 1);
    mpz_cdiv_q_2exp(lo, lo, 1);
    mpz_sub_ui(hi, hi, 1);
    mpz_fdiv_q_2exp(hi, hi, 1);
    for (;;) {
        size_t nused = 0;
        mpz_set_ui(m, 1);
        /* more primes while the last one would have to exceed bound */
        for (;;) {
            mpz_cdiv_q(t, lo, m);
            if (mpz_cmp_ui(t, bound) <= 0)
                break;
            uint64_t ell = 0;
            if (nused == sizeof used / sizeof used[0]) /* cannot happen: m would pass lo */
                break;
            if ((err = small_prime(&ell, bound, used, nused, rng)))
                goto done;
            mpz_mul_ui(m, m, ell);
            used[nused++] = ell;
        }
        /* the last one, f, with m f in [lo, hi): f in [ceil(lo / m), (hi - 1) / m] */
        mpz_cdiv_q(f, lo, m);
        mpz_sub_ui(t, hi, 1);
        mpz_fdiv_q(t, t, m);
        if (mpz_cmp_ui(t, bound) > 0)
            mpz_set_ui(t, bound);
        if (mpz_cmp_ui(f, 3) < 0 || mpz_cmp(f, t) > 0)
            continue;
        uint64_t flo = mpz_get_ui(f), fhi = mpz_get_ui(t), x;
        if ((err = pkc_rng_uniform_u64(rng, fhi - flo + 1, &x)))
            goto done;
        mpz_set_ui(f, flo + x);
        mpz_nextprime(f, f);
        uint64_t ell = mpz_get_ui(f);
        int dup = mpz_cmp_ui(f, fhi) > 0;
        for (size_t i = 0; !dup && i < nused; i++)
            dup = used[i] == ell;
        if (dup)
            continue;
        mpz_mul(p, m, f);
        mpz_mul_2exp(p, p, 1);
        mpz_add_ui(p, p, 1);
        if (mpz_sizeinbase(p, 2) == bits && mpz_tstbit(p, bits - 2) && mpz_probab_prime_p(p, 40))
            break;
    }
done:
    mpz_clears(lo, hi, m, f, t, NULL);
    return err;
}

pkc_err pkc_lab_factor_instance_make(pkc_lab_factor_instance *inst, pkc_lab_factor_kind kind,
                                     unsigned bits, uint64_t seed, unsigned rep)
{
    if (!inst || (unsigned)kind >= PKC_LAB_FACTOR_KINDS || bits < PKC_LAB_FACTOR_MIN_BITS ||
        bits > PKC_LAB_FACTOR_MAX_BITS)
        return PKC_ERR_ARG;
    pkc_rng rng;
    pkc_err err = pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, instance_seed(seed, bits, rep, kind));
    if (err)
        return err;
    unsigned pbits = (bits + 1) / 2, qbits = bits / 2;
    int use_pkc = bits >= PKC_LAB_FACTOR_PKC_PRIMES_MIN_BITS;
    inst->bits = bits;
    inst->kind = kind;
    inst->smooth_bound = 0;
    switch (kind) {
    case PKC_LAB_FACTOR_BALANCED:
        inst->prime_source = use_pkc ? "pkc_rsa_prime_generate" : "mpz_nextprime(DRBG)";
        if ((err = half_prime(inst->p, pbits, use_pkc, &rng)))
            break;
        do
            err = half_prime(inst->q, qbits, use_pkc, &rng);
        while (!err && mpz_cmp(inst->p, inst->q) == 0);
        break;
    case PKC_LAB_FACTOR_CLOSE:
        inst->prime_source = "p: mpz_nextprime(DRBG), q: mpz_nextprime(p + DRBG)";
        err = close_pair(inst, bits, &rng);
        break;
    case PKC_LAB_FACTOR_SMOOTH:
        inst->prime_source =
            use_pkc ? "p: 2 * (distinct primes <= bound) + 1, q: pkc_rsa_prime_generate"
                    : "p: 2 * (distinct primes <= bound) + 1, q: mpz_nextprime(DRBG)";
        inst->smooth_bound = PKC_LAB_FACTOR_SMOOTH_BOUND;
        if ((err = smooth_prime(inst->p, pbits, PKC_LAB_FACTOR_SMOOTH_BOUND, &rng)))
            break;
        do
            err = half_prime(inst->q, qbits, use_pkc, &rng);
        while (!err && mpz_cmp(inst->p, inst->q) == 0);
        break;
    default: err = PKC_ERR_ARG;
    }
    pkc_rng_wipe(&rng);
    if (err)
        return err;
    mpz_mul(inst->n, inst->p, inst->q);
    if (mpz_sizeinbase(inst->n, 2) != bits)
        return PKC_ERR_INTERNAL;
    return PKC_OK;
}

/* ---- attacks ---- */

void pkc_lab_factor_result_init(pkc_lab_factor_result *r)
{
    memset(r, 0, sizeof *r);
    mpz_init(r->factor);
}

void pkc_lab_factor_result_clear(pkc_lab_factor_result *r)
{
    mpz_clear(r->factor);
    memset(r, 0, sizeof *r);
}

/* the methods of lab/factor_methods.c */
pkc_err pkc_lab_factor_trial(const mpz_t n, double deadline, pkc_lab_factor_result *r);
pkc_err pkc_lab_factor_fermat(const mpz_t n, double deadline, pkc_lab_factor_result *r);
pkc_err pkc_lab_factor_rho(const mpz_t n, uint64_t seed, double deadline, pkc_lab_factor_result *r);
pkc_err pkc_lab_factor_pm1(const mpz_t n, uint64_t b1, uint64_t b2, double deadline,
                           pkc_lab_factor_result *r);

pkc_err pkc_lab_factor_run(pkc_lab_factor_method m, const mpz_t n,
                           const pkc_lab_factor_params *params, pkc_lab_factor_result *r)
{
    if (!r || !params || (unsigned)m >= PKC_LAB_FACTOR_METHODS)
        return PKC_ERR_ARG;
    /* the result starts empty whatever comes next */
    mpz_set_ui(r->factor, 0);
    r->status = PKC_LAB_FACTOR_NOT_FOUND;
    r->ops = r->b1 = r->b2 = r->curves = r->restarts = 0;
    r->stage = 0;
    r->reason = NULL;
    if (mpz_cmp_ui(n, 4) < 0 || mpz_probab_prime_p(n, 30))
        return PKC_ERR_ARG;
    if (m == PKC_LAB_FACTOR_ECM && !pkc_lab_factor_have_ecm())
        return PKC_ERR_UNSUPPORTED;
    uint64_t b1 = params->b1, b2 = params->b2;
    if (m == PKC_LAB_FACTOR_PM1) {
        if (b1 == 0)
            b1 = PKC_LAB_FACTOR_PM1_B1;
        if (b2 == 0)
            b2 = b1 <= PKC_LAB_FACTOR_PM1_B2_MAX / 100 ? 100 * b1 : PKC_LAB_FACTOR_PM1_B2_MAX;
        if (b1 < 2 || b2 < b1 || b2 > PKC_LAB_FACTOR_PM1_B2_MAX)
            return PKC_ERR_ARG;
    }
    if (m == PKC_LAB_FACTOR_ECM && b1 != 0 && (b1 < 2 || b1 > ((uint64_t)1 << 50)))
        return PKC_ERR_ARG;
    if (mpz_even_p(n)) { /* every method alike: 2 at once, nothing counted */
        mpz_set_ui(r->factor, 2);
        r->status = PKC_LAB_FACTOR_FOUND;
        return PKC_OK;
    }
    double deadline = pkc_lab_factor_deadline(params->max_seconds);
    pkc_err err;
    switch (m) {
    case PKC_LAB_FACTOR_TRIAL: err = pkc_lab_factor_trial(n, deadline, r); break;
    case PKC_LAB_FACTOR_FERMAT: err = pkc_lab_factor_fermat(n, deadline, r); break;
    case PKC_LAB_FACTOR_RHO: err = pkc_lab_factor_rho(n, params->seed, deadline, r); break;
    case PKC_LAB_FACTOR_PM1: err = pkc_lab_factor_pm1(n, b1, b2, deadline, r); break;
    case PKC_LAB_FACTOR_ECM: err = pkc_lab_factor_ecm(n, params, deadline, r); break;
    default: err = PKC_ERR_ARG;
    }
    if (err)
        return err;
    if (r->status == PKC_LAB_FACTOR_FOUND &&
        (mpz_cmp_ui(r->factor, 1) <= 0 || mpz_cmp(r->factor, n) >= 0 ||
         !mpz_divisible_p(n, r->factor)))
        return PKC_ERR_INTERNAL;
    if (r->status != PKC_LAB_FACTOR_FOUND)
        mpz_set_ui(r->factor, 0);
    return PKC_OK;
}
