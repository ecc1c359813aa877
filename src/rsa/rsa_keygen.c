/* pkc — RSA key generation (FIPS 186-5 appendix A.1.3, probable primes),
 * in constant time on everything secret.
 *
 * Candidates: random odd integers with the top two bits set (so that
 * p >= 1.5 * 2^(len-1) > sqrt(2) * 2^(len-1), A.1.3 step 4.4, and n = p q
 * has exactly the requested length).
 *
 * What may leak, and why it is harmless. Every candidate is drawn afresh
 * from the rng, independent of the ones before it. The tests a candidate
 * goes through (a small factor, gcd(p - 1, e) != 1, |p - q| too small, a
 * failed Miller-Rabin round) are computed in constant time, and only their
 * verdicts are declassified, exactly where the code branches on them. A
 * rejected candidate is thrown away, and since it is independent of the
 * prime finally kept, its verdict and the timing of its tests say nothing
 * about that prime. For the accepted candidate the verdicts are known
 * anyway (it has no small factor, gcd(p - 1, e) = 1, it is prime). So the
 * number of candidates tried shows, and nothing else. (The former window
 * search from one random start, with a sieve that wrote marks at offsets
 * derived from x mod s, related every rejected candidate to the accepted
 * one and leaked p mod s for each small prime s.)
 *
 * The key is then derived in constant time: lambda = lcm(p - 1, q - 1) with
 * a binary gcd, d = e^-1 mod lambda and dP, dQ by inverting modulo the
 * public e (rsa_limbs.h), qInv = q^-1 mod p by mpn_sec_invert; the public
 * n is declassified as soon as it is computed, and so are the lengths of
 * the components (every encoding of the key shows them). Every random bit,
 * including the Miller-Rabin bases, comes from the pkc_rng passed in: a
 * fixed seed gives the same key.
 */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "rsa_internal.h"
#include "rsa_limbs.h"

/* Trial division bounds. A candidate costs one single-limb reduction (a
 * few cycles per limb) per group of three to five small primes; one that
 * survives costs a Miller-Rabin exponentiation. Dividing by s pays while
 * 1/s of an exponentiation exceeds the share of a reduction that s adds,
 * which puts the bound near 2^14 for 1024-bit primes, 2^16 from 2048 bits
 * (an exponentiation costs 8 times more, a reduction 2 times) and lower
 * for small primes. */
#define SIEVE_SMALL 4096
#define SIEVE_LARGE 16384
#define SIEVE_HUGE 65536

typedef struct {
    pkc_rsa_sieve sieve;
    pkc_rng *rng;
    mp_limb_t e;
    size_t nlen;
    mp_limb_t *tmp; /* scratch, tmpn limbs */
    mp_size_t tmpn;
} gen_ctx;

/* all-ones if |x - y| > 2^t (n limbs each; FIPS 186-5 A.1.3 step 5.4 with
 * t = nlen/2 - 100). tmp: 3 n limbs. */
static mp_limb_t far_apart(const mp_limb_t *x, const mp_limb_t *y, mp_size_t n, size_t t,
                           mp_limb_t *tmp)
{
    mp_limb_t *d1 = tmp, *d2 = tmp + n, *bound = tmp + 2 * n;
    mp_limb_t neg = mpn_sub_n(d1, x, y, n);
    mpn_sub_n(d2, y, x, n);
    limbs_cmov(d1, d2, n, 0 - neg);
    memset(bound, 0, (size_t)n * sizeof(mp_limb_t));
    if (t / 64 < (size_t)n)
        bound[t / 64] = (mp_limb_t)1 << (t % 64);
    return limbs_lt_mask(bound, d1, n);
}

/* FIPS 186-5 A.1.3 step 4 (other == NULL) and step 5 (other = p, padded to
 * the n limbs of out, n >= the limbs of bits). */
static pkc_err gen_prime(gen_ctx *g, mp_limb_t *out, mp_size_t n, size_t bits,
                         const mp_limb_t *other)
{
    size_t nbytes = (bits + 7) / 8, limit = 20 * bits; /* candidates before giving up */
    uint8_t *buf = malloc(nbytes);
    if (!buf)
        return PKC_ERR_NOMEM;
    mp_limb_t *x = g->tmp, *tmp = g->tmp + n;
    pkc_err err = PKC_ERR_RNG; /* A.1.3 step 4.7: too many candidates, the rng is suspect */
    for (size_t i = 0; i < limit; i++) {
        pkc_err rerr = pkc_rng_bytes(g->rng, buf, nbytes);
        if (rerr) {
            err = rerr;
            break;
        }
        buf[0] &= (uint8_t)(0xFF >> (nbytes * 8 - bits));
        pkc_rsa_be_to_limbs(buf, nbytes, x, n);
        x[(bits - 1) / 64] |= (mp_limb_t)1 << ((bits - 1) % 64);
        x[(bits - 2) / 64] |= (mp_limb_t)1 << ((bits - 2) % 64);
        x[0] |= 1;
        mp_limb_t reject = pkc_rsa_sieve_has_factor(&g->sieve, x, n);
        PKC_DECLASSIFY(&reject, sizeof reject);
        if (reject)
            continue;
        reject = ~pkc_rsa_coprime_e_minus_1(x, n, g->e, tmp); /* step 4.5 / 5.5 */
        if (other)
            reject |= ~far_apart(x, other, n, g->nlen / 2 - 100, tmp);
        PKC_DECLASSIFY(&reject, sizeof reject);
        if (reject)
            continue;
        int prime = 0;
        if ((err = pkc_rsa_miller_rabin_limbs(x, n, bits, pkc_rsa_mr_rounds(bits), g->rng,
                                              &prime)))
            break;
        err = PKC_ERR_RNG;
        if (prime) {
            memcpy(out, x, (size_t)n * sizeof(mp_limb_t));
            err = PKC_OK;
            break;
        }
    }
    pkc_memzero(buf, nbytes);
    free(buf);
    pkc_memzero(x, (size_t)n * sizeof(mp_limb_t));
    return err;
}

/* lambda = lcm(a, b) = a (b / gcd(a, b)) for even a, b (n limbs each;
 * lambda: 2 n limbs), in constant time. gcd(a, b) = 2^s g with s =
 * ctz(a | b) and g = gcd(a, odd part of b), which the binary gcd can take
 * because its second argument is odd; b / gcd(a, b) = (b >> s) / g, an
 * exact division by the odd g. tmp: see lcm_itch. */
static void lcm_even(mp_limb_t *lambda, const mp_limb_t *a, const mp_limb_t *b, mp_size_t n,
                     mp_limb_t *tmp)
{
    mp_limb_t *u = tmp, *bodd = tmp + n, *gcd = tmp + 2 * n, *y = tmp + 3 * n, *sc = tmp + 4 * n;
    for (mp_size_t i = 0; i < n; i++)
        u[i] = a[i] | b[i];
    mp_limb_t s = pkc_rsa_limbs_ctz(u, n);
    pkc_rsa_limbs_rshift_secret(bodd, b, n, pkc_rsa_limbs_ctz(b, n), sc);
    pkc_rsa_limbs_gcd_odd(gcd, a, bodd, n, sc);
    pkc_rsa_limbs_rshift_secret(u, b, n, s, sc);
    pkc_rsa_limbs_divexact_odd(y, u, gcd, n, sc);
    mpn_sec_mul(lambda, a, n, y, n, sc);
}

static mp_size_t lcm_itch(mp_size_t n)
{
    mp_size_t s = pkc_rsa_limbs_divexact_odd_itch(n);
    s = s > 3 * n ? s : 3 * n;
    mp_size_t m = mpn_sec_mul_itch(n, n);
    return 4 * n + (s > m ? s : m);
}

/* The key from its two primes (p > q or p longer; W limbs each, q
 * zero-padded). PKC_ERR_KEY (internal to this file) when d <= 2^(nlen/2)
 * and new primes are needed. */
static pkc_err derive_key(gen_ctx *g, pkc_rsa_key *k, const mp_limb_t *p, const mp_limb_t *q,
                          mp_size_t W)
{
    mp_size_t n2 = 2 * W;
    mp_limb_t *t = g->tmp;
    mp_limb_t *nn = t, *pm1 = nn + n2, *qm1 = pm1 + W, *lambda = qm1 + W, *d = lambda + n2,
              *dp = d + n2, *dq = dp + W, *qinv = dq + W, *qc = qinv + W, *sc = qc + W;
    mpn_sec_mul(nn, p, W, q, W, sc);
    /* n is the public key: declassified as soon as it exists */
    PKC_DECLASSIFY(nn, (size_t)n2 * sizeof(mp_limb_t));
    memcpy(pm1, p, (size_t)W * sizeof(mp_limb_t));
    memcpy(qm1, q, (size_t)W * sizeof(mp_limb_t));
    pm1[0] &= ~(mp_limb_t)1; /* p, q odd */
    qm1[0] &= ~(mp_limb_t)1;
    /* d = e^-1 mod lambda(n), lambda = lcm(p - 1, q - 1) (A.1.1);
     * dP = e^-1 mod (p - 1) = d mod (p - 1), likewise dQ (RFC 8017 3.2). */
    lcm_even(lambda, pm1, qm1, W, sc);
    mp_limb_t ok = pkc_rsa_inverse_of_e(d, lambda, n2, g->e, sc);
    ok &= pkc_rsa_inverse_of_e(dp, pm1, W, g->e, sc);
    ok &= pkc_rsa_inverse_of_e(dq, qm1, W, g->e, sc);
    /* qInv = q^-1 mod p (q < p, so q needs no reduction) */
    memcpy(qc, q, (size_t)W * sizeof(mp_limb_t));
    ok &= 0 - (mp_limb_t)(mpn_sec_invert(qinv, qc, p, W, 2 * limbs_bits(W), sc) & 1);
    /* FIPS 186-5 A.1.1: d > 2^(nlen/2), else new primes: is any bit at
     * nlen/2 or above set? */
    size_t half = g->nlen / 2;
    mp_limb_t high = d[half / 64] >> (half % 64);
    for (mp_size_t i = (mp_size_t)(half / 64) + 1; i < n2; i++)
        high |= d[i];
    mp_limb_t big = (mp_limb_t)ct_mask_nonzero(high);
    PKC_DECLASSIFY(&ok, sizeof ok); /* the verdicts: public */
    PKC_DECLASSIFY(&big, sizeof big);
    if (!ok)
        return PKC_ERR_INTERNAL; /* gcd(p - 1, e) = gcd(q - 1, e) = 1 was checked */
    if (!big)
        return PKC_ERR_KEY;
    pkc_rsa_mpz_set_limbs(k->n, nn, n2);
    mpz_set_ui(k->e, (unsigned long)g->e);
    pkc_rsa_mpz_set_limbs(k->p, p, W);
    pkc_rsa_mpz_set_limbs(k->q, q, W);
    pkc_rsa_mpz_set_limbs(k->d, d, n2);
    pkc_rsa_mpz_set_limbs(k->dp, dp, W);
    pkc_rsa_mpz_set_limbs(k->dq, dq, W);
    pkc_rsa_mpz_set_limbs(k->qinv, qinv, W);
    if (mpz_sizeinbase(k->n, 2) != g->nlen)
        return PKC_ERR_INTERNAL;
    return PKC_OK;
}

static mp_size_t derive_itch(mp_size_t W)
{
    mp_size_t s = lcm_itch(W);
    mp_size_t i = pkc_rsa_inverse_of_e_itch(2 * W);
    s = s > i ? s : i;
    i = mpn_sec_invert_itch(W);
    s = s > i ? s : i;
    i = mpn_sec_mul_itch(W, W);
    s = s > i ? s : i;
    return 12 * W + s;
}

static uint32_t sieve_bound(size_t pbits)
{
    return pbits >= 2048 ? SIEVE_HUGE : pbits >= 1024 ? SIEVE_LARGE : SIEVE_SMALL;
}

pkc_err pkc_rsa_prime_generate(uint8_t *out, size_t outlen, unsigned bits, uint64_t e,
                               pkc_rng *rng)
{
    if (!out || !rng || bits < PKC_RSA_PRIME_MIN_BITS || bits > PKC_RSA_PRIME_MAX_BITS ||
        outlen != (bits + 7) / 8)
        return PKC_ERR_ARG;
    if (e == 0)
        e = PKC_RSA_DEFAULT_E;
    if (e < 3 || (e & 1) == 0 || e > (uint64_t)(unsigned long)-1)
        return PKC_ERR_ARG;
    mp_size_t W = (mp_size_t)((bits + 63) / 64);
    /* nlen only matters for the distance to another prime, not asked here;
     * the smallest sieve bound is below every candidate (>= 1.5 2^31) */
    gen_ctx g = {.rng = rng, .e = (mp_limb_t)e, .nlen = 2 * (size_t)bits};
    g.tmpn = W + 3 * W + pkc_rsa_coprime_e_minus_1_itch(W);
    g.tmp = pkc_rsa_limbs_alloc(g.tmpn);
    mp_limb_t *p = pkc_rsa_limbs_alloc(W);
    pkc_err err = PKC_ERR_NOMEM;
    if (!p || !g.tmp)
        goto out;
    if ((err = pkc_rsa_sieve_init(&g.sieve, sieve_bound(bits))))
        goto out;
    err = gen_prime(&g, p, W, bits, NULL);
    pkc_rsa_sieve_clear(&g.sieve);
    if (err == PKC_OK)
        pkc_rsa_limbs_to_be(p, W, out, outlen);
out:
    pkc_rsa_limbs_free(p, W);
    pkc_rsa_limbs_free(g.tmp, g.tmpn);
    return err;
}

pkc_err pkc_rsa_generate(pkc_rsa_key **out, unsigned bits, uint64_t e, pkc_rng *rng)
{
    if (bits < PKC_RSA_MIN_BITS || bits > PKC_RSA_MAX_BITS)
        return PKC_ERR_ARG;
    return pkc_rsa_generate_any(out, bits, e, rng);
}

pkc_err pkc_rsa_generate_any(pkc_rsa_key **out, unsigned bits, uint64_t e, pkc_rng *rng)
{
    if (!out || !rng)
        return PKC_ERR_ARG;
    *out = NULL;
    if (bits < PKC_RSA_MIN_PARSE_BITS || bits > PKC_RSA_MAX_BITS)
        return PKC_ERR_ARG;
    if (e == 0)
        e = PKC_RSA_DEFAULT_E;
    if (e < 3 || (e & 1) == 0 || e > (uint64_t)(unsigned long)-1)
        return PKC_ERR_ARG;
    size_t pbits = (bits + 1) / 2, qbits = bits / 2;
    mp_size_t W = (mp_size_t)((pbits + 63) / 64); /* limbs of p; q is padded to W */
    gen_ctx g = {.rng = rng, .e = (mp_limb_t)e, .nlen = bits};
    g.tmpn = derive_itch(W);
    mp_size_t cand = W + 3 * W + pkc_rsa_coprime_e_minus_1_itch(W);
    if (g.tmpn < cand)
        g.tmpn = cand;
    pkc_rsa_key *k = NULL;
    mp_limb_t *p = pkc_rsa_limbs_alloc(2 * W), *q = p ? p + W : NULL;
    g.tmp = pkc_rsa_limbs_alloc(g.tmpn);
    pkc_err err = PKC_ERR_NOMEM;
    if (!p || !g.tmp)
        goto out;
    uint32_t bound = sieve_bound(pbits);
    if ((err = pkc_rsa_sieve_init(&g.sieve, bound)))
        goto out;
    if ((err = pkc_rsa_key_alloc(&k)))
        goto out;
    for (int attempt = 0; attempt < 16; attempt++) {
        memset(q, 0, (size_t)W * sizeof(mp_limb_t));
        if ((err = gen_prime(&g, p, W, pbits, NULL)) || (err = gen_prime(&g, q, W, qbits, p)))
            break;
        /* p > q, the usual PKCS#1 layout: a masked swap when they have
         * the same length (otherwise p is the longer one already) */
        if (pbits == qbits)
            mpn_cnd_swap(limbs_lt_mask(p, q, W) & 1, p, q, W);
        err = derive_key(&g, k, p, q, W);
        if (err == PKC_ERR_KEY)
            continue; /* d too small: new primes (A.1.1) */
        if (!err) {
            err = pkc_rsa_key_finish_private(k);
            if (err == PKC_ERR_KEY)
                err = PKC_ERR_INTERNAL;
        }
        break;
    }
    if (err == PKC_ERR_KEY)
        err = PKC_ERR_RNG; /* 16 pairs with a small d: the rng is suspect */
out:
    pkc_rsa_sieve_clear(&g.sieve);
    pkc_rsa_limbs_free(p, 2 * W);
    pkc_rsa_limbs_free(g.tmp, g.tmpn);
    if (err == PKC_OK && (!k || !k->priv))
        err = PKC_ERR_INTERNAL;
    if (err) {
        pkc_rsa_key_free(k);
        return err;
    }
    *out = k;
    return PKC_OK;
}

pkc_err pkc_rsa_check_private(const pkc_rsa_key *key, pkc_rng *rng)
{
    if (!key || !rng)
        return PKC_ERR_ARG;
    if (!key->priv)
        return PKC_ERR_KEY;
    /* Miller-Rabin on p and q over their limb lengths (their exact bit
     * lengths are not looked at), in constant time. */
    int prime = 0;
    pkc_err err;
    mp_size_t pl = key->pl, ql = key->ql;
    if ((err = pkc_rsa_miller_rabin_limbs(key->mont_p.m, pl, limbs_bits(pl),
                                          pkc_rsa_mr_rounds(limbs_bits(pl)), rng, &prime)))
        return err;
    if (!prime)
        return PKC_ERR_KEY;
    if ((err = pkc_rsa_miller_rabin_limbs(key->mont_q.m, ql, limbs_bits(ql),
                                          pkc_rsa_mr_rounds(limbs_bits(ql)), rng, &prime)))
        return err;
    if (!prime)
        return PKC_ERR_KEY;
    /* |p - q| > 2^(nlen/2 - 100) (FIPS 186-5 A.1.3 step 5.4). */
    if (key->bits > 200) {
        mp_size_t L = pl > ql ? pl : ql;
        mp_limb_t *t = pkc_rsa_limbs_alloc(5 * L);
        if (!t)
            return PKC_ERR_NOMEM;
        memcpy(t, key->mont_p.m, (size_t)pl * sizeof(mp_limb_t));
        memcpy(t + L, key->mont_q.m, (size_t)ql * sizeof(mp_limb_t));
        mp_limb_t ok = far_apart(t, t + L, L, key->bits / 2 - 100, t + 2 * L);
        pkc_rsa_limbs_free(t, 5 * L);
        PKC_DECLASSIFY(&ok, sizeof ok);
        if (!ok)
            return PKC_ERR_KEY;
    }
    return PKC_OK;
}
