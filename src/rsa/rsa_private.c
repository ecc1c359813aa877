/* pkc — the RSA private primitive, RSADP / RSASP1 (RFC 8017 5.1.2, 5.2.1).
 *
 * Production mode: the CRT form (5.1.2 step 2.b) with base blinding, every
 * step on secret data in constant time on the key's per-prime Montgomery
 * contexts (rsa_mont.h: our own exponentiation, because GMP's mpn_sec_powm
 * and mpn_sec_div_r look up tables by bits of the modulus, i.e. of p and q):
 *
 *   c r^e mod n                one Montgomery product with the cached r^e R
 *   m1 = (c r^e)^dP mod p      pkc_rsa_ct_powm, which also reduces c r^e mod
 *   m2 = (c r^e)^dQ mod q      p by Montgomery products (no division); or,
 *                              when p and q have the same limb count (256 to
 *                              2048 bits) and the CPU has AVX-512 IFMA, both
 *                              at once in radix 2^52 (rsa_ifma.h; the
 *                              environment's PKC_RSA_IFMA=off forces the
 *                              first path, =emulate the portable emulation)
 *   h = qInv (m1 - m2) mod p   one product with the precomputed qInv R mod p
 *   m' = m2 + q h, m = m' r^-1 one more product with the cached r^-1 R
 *
 * Exponents are processed over 64 * (limbs of the prime) bits, so neither
 * their length nor that of the prime shows. The result is checked with the
 * public key before it is released (m^e = c mod n: a fault must not leak a
 * prime factor, Boneh, DeMillo and Lipton 1997), by an exponentiation that
 * is constant time in m (rsa_ifma.c's public one where IFMA runs, else
 * rsa_mont.c's); only that verdict is declassified. What is observable: the limb counts of n, p and q, the
 * public e and input, and whether the check failed.
 *
 * Textbook mode: m = c^d mod n with mpz_powm, no CRT and no blinding:
 * variable time in d, kept only for the CRT-versus-textbook benchmark.
 */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "rsa_internal.h"
#include "rsa_limbs.h"

/* n uniformly random limbs */
static pkc_err random_limbs(pkc_rng *rng, mp_limb_t *out, mp_size_t n)
{
    uint8_t buf[8];
    for (mp_size_t i = 0; i < n; i++) {
        pkc_err err = pkc_rng_bytes(rng, buf, sizeof buf);
        if (err) {
            pkc_memzero(buf, sizeof buf);
            return err;
        }
        mp_limb_t v = 0;
        for (int j = 0; j < 8; j++)
            v = (v << 8) | buf[j];
        out[i] = v;
    }
    pkc_memzero(buf, sizeof buf);
    return PKC_OK;
}

/* Limbs of work space fresh_blinding needs besides the scratch. */
#define BLIND_WORK(nl) (4 * (nl) + 1)

/* A fresh blinding pair in Montgomery form: aR = r^e R and aiR = r^-1 R
 * mod n for a random r (nl + 1 random limbs reduced mod n: bias below
 * 2^-64). The inverse is computed as t (r t)^-1 for a second random t: r t
 * is uniform and independent of r, so it is declassified and inverted by
 * mpz_invert, variable time on public data, which is much faster than a
 * constant-time inversion. r^e with the public e: square-and-multiply
 * branching on e only. */
static pkc_err fresh_blinding(const pkc_rsa_key *k, pkc_rng *rng, mp_limb_t *aR, mp_limb_t *aiR,
                              mp_limb_t *w, mp_limb_t *tp)
{
    const pkc_rsa_mont *c = &k->mont_n;
    mp_size_t nl = k->nl;
    mp_limb_t *rR = w, *tR = w + nl, *x = w + 2 * nl, *u = w + 3 * nl + 1;
    mpz_t rt, mod, inv;
    mpz_roinit_n(mod, c->m, nl);
    mpz_init2(inv, (mp_bitcnt_t)nl * GMP_NUMB_BITS + 64);
    pkc_err err = PKC_ERR_RNG;
    for (int tries = 0; tries < 8; tries++) { /* 8 non-invertible draws: the rng is broken */
        if ((err = random_limbs(rng, x, nl + 1)))
            break;
        pkc_rsa_mont_to(c, rR, x, nl + 1, tp);
        if ((err = random_limbs(rng, x, nl + 1)))
            break;
        pkc_rsa_mont_to(c, tR, x, nl + 1, tp);
        pkc_rsa_mont_mul(c, u, rR, tR, tp);
        pkc_rsa_mont_from(c, u, u, tp); /* r t mod n */
        PKC_DECLASSIFY(u, (size_t)nl * sizeof(mp_limb_t));
        mpz_roinit_n(rt, u, nl);
        err = PKC_ERR_RNG;
        if (mpz_sgn(rt) != 0 && mpz_invert(inv, rt, mod)) {
            err = PKC_OK;
            break;
        }
    }
    if (!err) {
        pkc_rsa_mpz_get_limbs(x, nl, inv);
        pkc_rsa_mont_mul(c, x, x, c->r2, tp);   /* (r t)^-1 R */
        pkc_rsa_mont_mul(c, aiR, x, tR, tp);    /* (r t)^-1 t R = r^-1 R */
        pkc_rsa_mont_powm_pubexp_var(c, aR, rR, k->le, k->ebits, tp); /* r^e R */
    }
    pkc_rsa_mpz_wipe(inv);
    pkc_memzero(w, (size_t)BLIND_WORK(nl) * sizeof(mp_limb_t));
    return err;
}

/* The blinding pair for one operation: from the key's cache when it is
 * free (then squared for the next use: (r^2)^e = (r^e)^2, (r^2)^-1 =
 * (r^-1)^2), else fresh. */
static pkc_err get_blinding(const pkc_rsa_key *k, pkc_rng *rng, mp_limb_t *aR, mp_limb_t *aiR,
                            mp_limb_t *w, mp_limb_t *tp)
{
    pkc_rsa_key *mk = (pkc_rsa_key *)k; /* the cache is mutable state */
    mp_size_t nl = k->nl;
    int expected = 0;
    if (!atomic_compare_exchange_strong(&mk->blind_busy, &expected, 1))
        return fresh_blinding(k, rng, aR, aiR, w, tp);
    pkc_err err = PKC_OK;
    if (!mk->blind_ready || mk->blind_uses >= PKC_RSA_BLIND_REFRESH) {
        mk->blind_ready = 0;
        err = fresh_blinding(k, rng, mk->blind_a, mk->blind_ai, w, tp);
        if (!err) {
            mk->blind_ready = 1;
            mk->blind_uses = 0;
        }
    }
    if (!err) {
        memcpy(aR, mk->blind_a, (size_t)nl * sizeof(mp_limb_t));
        memcpy(aiR, mk->blind_ai, (size_t)nl * sizeof(mp_limb_t));
        pkc_rsa_mont_sqr(&k->mont_n, mk->blind_a, aR, tp);
        pkc_rsa_mont_sqr(&k->mont_n, mk->blind_ai, aiR, tp);
        mk->blind_uses++;
    }
    atomic_store(&mk->blind_busy, 0);
    return err;
}

/* RSADP with CRT and blinding, see the top of this file. */
static pkc_err private_crt(const pkc_rsa_key *k, pkc_rng *rng, const uint8_t *in, uint8_t *out)
{
    const pkc_rsa_mont *mn = &k->mont_n, *mp = &k->mont_p, *mq = &k->mont_q;
    mp_size_t nl = k->nl, pl = k->pl, ql = k->ql;
    /* One allocation: scratch, then the temporaries. */
    mp_size_t nt = k->scratch + /* c, aR, aiR, cb, m, chk */ 6 * nl + /* m1, m2, m2p, h */
                   3 * pl + ql + /* qh, mb */ 2 * (pl + ql) + BLIND_WORK(nl);
    mp_limb_t *mem = calloc((size_t)nt, sizeof(mp_limb_t));
    if (!mem)
        return PKC_ERR_NOMEM;
    mp_limb_t *tp = mem, *p = mem + k->scratch;
    mp_limb_t *c = p; p += nl;
    mp_limb_t *aR = p; p += nl;
    mp_limb_t *aiR = p; p += nl;
    mp_limb_t *cb = p; p += nl;
    mp_limb_t *m = p; p += nl;
    mp_limb_t *chk = p; p += nl;
    mp_limb_t *m1 = p; p += pl;
    mp_limb_t *m2 = p; p += ql;
    mp_limb_t *m2p = p; p += pl;
    mp_limb_t *h = p; p += pl;
    mp_limb_t *qh = p; p += pl + ql;
    mp_limb_t *mb = p; p += pl + ql;
    mp_limb_t *w = p;

    pkc_err err = PKC_OK;
    pkc_rsa_be_to_limbs(in, k->k, c, nl);
    /* The input is public: a variable-time range check is fine. */
    if (mpn_cmp(c, mn->m, nl) >= 0) {
        err = PKC_ERR_RANGE;
        goto out;
    }
    if ((err = get_blinding(k, rng, aR, aiR, w, tp)))
        goto out;
    pkc_rsa_mont_mul(mn, cb, c, aR, tp); /* c r^e mod n */

    pkc_rsa_ifma_mode_t mode = k->ifma_p.m ? pkc_rsa_ifma_mode() : PKC_RSA_IFMA_OFF;
    if (mode != PKC_RSA_IFMA_OFF) {
        pkc_rsa_ifma_powm2(mode, mp, &k->ifma_p, m1, k->ldp, mq, &k->ifma_q, m2, k->ldq, cb, nl,
                           tp);
    } else {
        pkc_rsa_ct_powm(mp, m1, cb, nl, k->ldp, limbs_bits(pl), tp);
        pkc_rsa_ct_powm(mq, m2, cb, nl, k->ldq, limbs_bits(ql), tp);
    }

    /* Garner: h = qInv (m1 - m2) mod p, m2 first reduced mod p (q may
     * exceed p for keys from outside). */
    pkc_rsa_mont_mod(mp, m2p, m2, ql, tp);
    mp_limb_t borrow = mpn_sub_n(h, m1, m2p, pl);
    mpn_cnd_add_n(borrow, h, h, mp->m, pl);
    pkc_rsa_mont_mul(mp, h, h, k->lqinv_r, tp);

    /* m' = m2 + q h < n, over pl + ql >= nl limbs (the ones above nl are
     * zero). mpn_add_n, not mpn_add: the latter's carry loop stops early. */
    limbs_mul(qh, mq->m, ql, h, pl, tp);
    memset(mb, 0, (size_t)(pl + ql) * sizeof(mp_limb_t));
    memcpy(mb, m2, (size_t)ql * sizeof(mp_limb_t));
    mpn_add_n(mb, mb, qh, pl + ql);

    /* Unblind: m = m' r^-1 mod n. */
    pkc_rsa_mont_mul(mn, m, mb, aiR, tp);

    /* Check before release: m^e mod n must give back the input. */
    if (!pkc_rsa_public_ifma(k, chk, m)) {
        pkc_rsa_mont_mul(mn, chk, m, mn->r2, tp);
        pkc_rsa_mont_powm_pubexp_var(mn, chk, chk, k->le, k->ebits, tp);
        pkc_rsa_mont_from(mn, chk, chk, tp);
    }
    mp_limb_t ok = limbs_eq_mask(chk, c, nl);
    PKC_DECLASSIFY(&ok, sizeof ok); /* public: the output is released or not */
    if (!ok) {
        err = PKC_ERR_INTERNAL;
        memset(out, 0, k->k);
        goto out;
    }
    pkc_rsa_limbs_to_be(m, nl, out, k->k);
out:
    pkc_memzero(mem, (size_t)nt * sizeof(mp_limb_t));
    free(mem);
    return err;
}

pkc_err pkc_rsa_private_raw(const pkc_rsa_key *key, pkc_rng *rng, const uint8_t *in, uint8_t *out)
{
    if (!key || !rng || !in || !out)
        return PKC_ERR_ARG;
    if (!key->priv)
        return PKC_ERR_KEY;
    return private_crt(key, rng, in, out);
}

pkc_err pkc_rsa_private_textbook_unsafe(const pkc_rsa_key *key, const uint8_t *in, uint8_t *out)
{
    if (!key || !in || !out)
        return PKC_ERR_ARG;
    if (!key->priv)
        return PKC_ERR_KEY;
    mpz_t x;
    mpz_init2(x, (mp_bitcnt_t)key->bits * 2 + 64);
    pkc_rsa_mpz_from_be(x, in, key->k);
    pkc_err err = PKC_ERR_RANGE;
    if (mpz_cmp(x, key->n) < 0) {
        mpz_powm(x, x, key->d, key->n); /* RFC 8017 5.1.2 step 2.a */
        err = pkc_rsa_mpz_to_be(x, out, key->k);
    }
    pkc_rsa_mpz_wipe(x);
    return err;
}

pkc_err pkc_rsa_private_mode(const pkc_rsa_key *key, pkc_rsa_mode mode, pkc_rng *rng,
                             const uint8_t *in, uint8_t *out)
{
    if (mode == PKC_RSA_MODE_TEXTBOOK_UNSAFE)
        return pkc_rsa_private_textbook_unsafe(key, in, out);
    if (mode != PKC_RSA_MODE_CRT)
        return PKC_ERR_ARG;
    return pkc_rsa_private_raw(key, rng, in, out);
}
