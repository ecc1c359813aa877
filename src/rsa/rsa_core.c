/* pkc — RSA keys and primitives (RFC 8017 sections 3 and 5).
 *
 * Public operation: mpz_powm (public data only).
 * Private operation, production mode: RSADP with the CRT (RFC 8017 5.1.2
 * 2.b), base blinding, every step on secret data through GMP's
 * side-channel-silent mpn_sec_* functions (mpn_sec_powm, mpn_sec_mul,
 * mpn_sec_div_r, mpn_cnd_*), exponents padded to the bit length of the
 * prime so their length does not leak; the result is checked with the
 * public key before it is released (a fault must not leak a prime factor,
 * Boneh-DeMillo-Lipton). What may be observable through timing: the sizes
 * of n, p, q and e, and whether the input is 0 or 1 (public).
 * Private operation, textbook mode: mpz_powm(c, d, n) — variable time.
 */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "rsa_internal.h"

/* ---- small helpers ---- */

void pkc_rsa_mpz_wipe(mpz_t x)
{
    if (x->_mp_d && x->_mp_alloc > 0)
        pkc_memzero(x->_mp_d, (size_t)x->_mp_alloc * sizeof(mp_limb_t));
    mpz_clear(x);
}

void pkc_rsa_mpz_from_be(mpz_t x, const uint8_t *in, size_t len)
{
    if (len == 0)
        mpz_set_ui(x, 0);
    else
        mpz_import(x, len, 1, 1, 1, 0, in);
}

pkc_err pkc_rsa_mpz_to_be(const mpz_t x, uint8_t *out, size_t len)
{
    size_t need = (mpz_sizeinbase(x, 2) + 7) / 8;
    if (mpz_sgn(x) == 0)
        need = 0;
    if (mpz_sgn(x) < 0 || need > len)
        return PKC_ERR_RANGE;
    memset(out, 0, len - need);
    if (need)
        mpz_export(out + (len - need), NULL, 1, 1, 1, 0, x);
    return PKC_OK;
}

/* Constant-time conversions between big-endian bytes and limbs: the loops
 * depend only on the lengths. */
static void be_to_limbs(const uint8_t *in, size_t len, mp_limb_t *out, mp_size_t nl)
{
    for (mp_size_t i = 0; i < nl; i++)
        out[i] = 0;
    for (size_t i = 0; i < len; i++) {
        size_t bytepos = len - 1 - i; /* i-th least significant byte */
        size_t limb = i / sizeof(mp_limb_t);
        if ((mp_size_t)limb < nl)
            out[limb] |= (mp_limb_t)in[bytepos] << (8 * (i % sizeof(mp_limb_t)));
    }
}

static void limbs_to_be(const mp_limb_t *in, mp_size_t nl, uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        size_t limb = i / sizeof(mp_limb_t);
        uint8_t b = 0;
        if ((mp_size_t)limb < nl)
            b = (uint8_t)(in[limb] >> (8 * (i % sizeof(mp_limb_t))));
        out[len - 1 - i] = b;
    }
}

/* mpz (non-negative, fits) -> fixed nl limbs, zero-padded. Used at key load. */
static void mpz_to_limbs(mp_limb_t *out, mp_size_t nl, const mpz_t x)
{
    mp_size_t sz = (mp_size_t)mpz_size(x);
    const mp_limb_t *src = mpz_limbs_read(x);
    for (mp_size_t i = 0; i < nl; i++)
        out[i] = i < sz ? src[i] : 0;
}

static mp_limb_t *limbs_alloc(mp_size_t n)
{
    return calloc((size_t)(n > 0 ? n : 1), sizeof(mp_limb_t));
}

static void limbs_free(mp_limb_t *p, mp_size_t n)
{
    if (p) {
        pkc_memzero(p, (size_t)n * sizeof(mp_limb_t));
        free(p);
    }
}

/* all-ones if the n limbs at a are zero */
static uint64_t limbs_zero_mask(const mp_limb_t *a, mp_size_t n)
{
    mp_limb_t acc = 0;
    for (mp_size_t i = 0; i < n; i++)
        acc |= a[i];
    return ct_mask_zero((uint64_t)acc);
}

/* ---- key objects ---- */

pkc_err pkc_rsa_key_alloc(pkc_rsa_key **out)
{
    pkc_rsa_key *k = calloc(1, sizeof *k);
    if (!k)
        return PKC_ERR_NOMEM;
    mpz_inits(k->n, k->e, k->d, k->p, k->q, k->dp, k->dq, k->qinv, NULL);
    *out = k;
    return PKC_OK;
}

void pkc_rsa_key_free(pkc_rsa_key *k)
{
    if (!k)
        return;
    pkc_rsa_mpz_wipe(k->n);
    pkc_rsa_mpz_wipe(k->e);
    pkc_rsa_mpz_wipe(k->d);
    pkc_rsa_mpz_wipe(k->p);
    pkc_rsa_mpz_wipe(k->q);
    pkc_rsa_mpz_wipe(k->dp);
    pkc_rsa_mpz_wipe(k->dq);
    pkc_rsa_mpz_wipe(k->qinv);
    limbs_free(k->ln, k->nl);
    limbs_free(k->le, k->el);
    limbs_free(k->lp, k->pl);
    limbs_free(k->lq, k->ql);
    limbs_free(k->ldp, k->pl);
    limbs_free(k->ldq, k->ql);
    limbs_free(k->lqinv, k->pl);
    limbs_free(k->lr2, k->nl);
    limbs_free(k->blind_a, k->nl);
    limbs_free(k->blind_ai, k->nl);
    pkc_memzero(k, sizeof *k);
    free(k);
}

unsigned pkc_rsa_bits(const pkc_rsa_key *key)
{
    return key ? key->bits : 0;
}

size_t pkc_rsa_size(const pkc_rsa_key *key)
{
    return key ? key->k : 0;
}

int pkc_rsa_is_private(const pkc_rsa_key *key)
{
    return key && key->priv;
}

pkc_err pkc_rsa_key_finish_public(pkc_rsa_key *k)
{
    /* RFC 8017 3.1 and SP 800-89 5.3.3 partial validation: n odd and of a
     * size we support, e odd, 3 <= e < n. */
    if (mpz_sgn(k->n) <= 0 || mpz_even_p(k->n))
        return PKC_ERR_KEY;
    size_t bits = mpz_sizeinbase(k->n, 2);
    if (bits < PKC_RSA_MIN_PARSE_BITS || bits > PKC_RSA_MAX_BITS)
        return PKC_ERR_KEY;
    if (mpz_cmp_ui(k->e, 3) < 0 || mpz_even_p(k->e) || mpz_cmp(k->e, k->n) >= 0)
        return PKC_ERR_KEY;
    k->bits = (unsigned)bits;
    k->k = (bits + 7) / 8;
    limbs_free(k->ln, k->nl);
    limbs_free(k->le, k->el);
    limbs_free(k->lr2, k->nl);
    k->lr2 = NULL;
    k->nl = (mp_size_t)mpz_size(k->n);
    k->el = (mp_size_t)mpz_size(k->e);
    k->ebits = mpz_sizeinbase(k->e, 2);
    k->ln = limbs_alloc(k->nl);
    k->le = limbs_alloc(k->el);
    if (!k->ln || !k->le)
        return PKC_ERR_NOMEM;
    mpz_to_limbs(k->ln, k->nl, k->n);
    mpz_to_limbs(k->le, k->el, k->e);
    /* Montgomery constants (public): R^2 mod n and -n^-1 mod 2^64, the
     * latter by Newton's iteration x <- x (2 - n0 x), each step doubling
     * the number of correct low bits (n0 odd, so x = 1 is right mod 2). */
    if (!(k->lr2 = limbs_alloc(k->nl)))
        return PKC_ERR_NOMEM;
    mpz_t r2;
    mpz_init(r2);
    mpz_setbit(r2, (mp_bitcnt_t)2 * GMP_NUMB_BITS * (mp_bitcnt_t)k->nl);
    mpz_mod(r2, r2, k->n);
    mpz_to_limbs(k->lr2, k->nl, r2);
    mpz_clear(r2);
    mp_limb_t n0 = k->ln[0], x = 1;
    for (int i = 0; i < 6; i++)
        x *= 2 - n0 * x;
    k->ninv = (mp_limb_t)0 - x;
    return PKC_OK;
}

static mp_size_t max_sz(mp_size_t a, mp_size_t b)
{
    return a > b ? a : b;
}

pkc_err pkc_rsa_key_finish_private(pkc_rsa_key *k)
{
    pkc_err err = pkc_rsa_key_finish_public(k);
    if (err)
        return err;
    mpz_t t, pm1, qm1;
    mpz_inits(t, pm1, qm1, NULL);
    err = PKC_ERR_KEY;
    /* p, q odd, > 1, distinct; n = p q. */
    if (mpz_cmp_ui(k->p, 3) < 0 || mpz_cmp_ui(k->q, 3) < 0 || mpz_even_p(k->p) ||
        mpz_even_p(k->q) || mpz_cmp(k->p, k->q) == 0)
        goto out;
    mpz_mul(t, k->p, k->q);
    if (mpz_cmp(t, k->n) != 0)
        goto out;
    /* 0 < d < n and e d = 1 mod (p-1) and mod (q-1), i.e. mod lambda(n). */
    if (mpz_sgn(k->d) <= 0 || mpz_cmp(k->d, k->n) >= 0)
        goto out;
    mpz_sub_ui(pm1, k->p, 1);
    mpz_sub_ui(qm1, k->q, 1);
    mpz_mul(t, k->e, k->d);
    mpz_mod(t, t, pm1);
    if (mpz_cmp_ui(t, 1) != 0)
        goto out;
    mpz_mul(t, k->e, k->d);
    mpz_mod(t, t, qm1);
    if (mpz_cmp_ui(t, 1) != 0)
        goto out;
    /* CRT values (RFC 8017 3.2): dP = d mod (p-1), dQ = d mod (q-1),
     * qInv = q^-1 mod p, each in range. */
    mpz_mod(t, k->d, pm1);
    if (mpz_cmp(t, k->dp) != 0)
        goto out;
    mpz_mod(t, k->d, qm1);
    if (mpz_cmp(t, k->dq) != 0)
        goto out;
    if (mpz_sgn(k->qinv) <= 0 || mpz_cmp(k->qinv, k->p) >= 0)
        goto out;
    mpz_mul(t, k->qinv, k->q);
    mpz_mod(t, t, k->p);
    if (mpz_cmp_ui(t, 1) != 0)
        goto out;
    if (mpz_sgn(k->dp) <= 0 || mpz_sgn(k->dq) <= 0)
        goto out;

    /* Limb forms. The exponents are padded to the bit length of their
     * prime, a public size, so mpn_sec_powm's running time does not
     * depend on the length of dP or dQ. */
    k->pl = (mp_size_t)mpz_size(k->p);
    k->ql = (mp_size_t)mpz_size(k->q);
    k->pbits = mpz_sizeinbase(k->p, 2);
    k->qbits = mpz_sizeinbase(k->q, 2);
    err = PKC_ERR_NOMEM;
    if (!(k->lp = limbs_alloc(k->pl)) || !(k->lq = limbs_alloc(k->ql)) ||
        !(k->ldp = limbs_alloc(k->pl)) || !(k->ldq = limbs_alloc(k->ql)) ||
        !(k->lqinv = limbs_alloc(k->pl)) || !(k->blind_a = limbs_alloc(k->nl)) ||
        !(k->blind_ai = limbs_alloc(k->nl)))
        goto out;
    k->blind_ready = 0;
    mpz_to_limbs(k->lp, k->pl, k->p);
    mpz_to_limbs(k->lq, k->ql, k->q);
    mpz_to_limbs(k->ldp, k->pl, k->dp);
    mpz_to_limbs(k->ldq, k->ql, k->dq);
    mpz_to_limbs(k->lqinv, k->pl, k->qinv);

    /* Scratch: the largest itch of the mpn_sec_* calls in private_crt(). */
    mp_size_t nl = k->nl, pl = k->pl, ql = k->ql, L = max_sz(pl, ql);
    mp_size_t s = 0;
    s = max_sz(s, mpn_sec_powm_itch(nl, k->ebits, nl));
    s = max_sz(s, mpn_sec_powm_itch(pl, k->pbits, pl));
    s = max_sz(s, mpn_sec_powm_itch(ql, k->qbits, ql));
    s = max_sz(s, mpn_sec_mul_itch(nl, nl));
    s = max_sz(s, mpn_sec_mul_itch(pl, pl));
    s = max_sz(s, mpn_sec_mul_itch(L, pl < ql ? pl : ql));
    s = max_sz(s, mpn_sec_div_r_itch(2 * nl, nl));
    s = max_sz(s, mpn_sec_div_r_itch(nl + 1, nl));
    s = max_sz(s, mpn_sec_div_r_itch(nl, pl));
    s = max_sz(s, mpn_sec_div_r_itch(nl, ql));
    s = max_sz(s, mpn_sec_div_r_itch(L, pl));
    s = max_sz(s, mpn_sec_div_r_itch(2 * pl, pl));
    k->scratch = s;
    k->priv = 1;
    err = PKC_OK;
out:
    pkc_rsa_mpz_wipe(t);
    pkc_rsa_mpz_wipe(pm1);
    pkc_rsa_mpz_wipe(qm1);
    return err;
}

pkc_err pkc_rsa_key_from_public(pkc_rsa_key **out, const uint8_t *n, size_t nlen,
                                const uint8_t *e, size_t elen)
{
    if (!out || (!n && nlen) || (!e && elen))
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_rsa_key *k;
    pkc_err err = pkc_rsa_key_alloc(&k);
    if (err)
        return err;
    pkc_rsa_mpz_from_be(k->n, n, nlen);
    pkc_rsa_mpz_from_be(k->e, e, elen);
    err = pkc_rsa_key_finish_public(k);
    if (err) {
        pkc_rsa_key_free(k);
        return err;
    }
    *out = k;
    return PKC_OK;
}

pkc_err pkc_rsa_key_from_private(pkc_rsa_key **out, const pkc_rsa_components *c)
{
    if (!out || !c)
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_rsa_key *k;
    pkc_err err = pkc_rsa_key_alloc(&k);
    if (err)
        return err;
    pkc_rsa_mpz_from_be(k->n, c->n, c->nlen);
    pkc_rsa_mpz_from_be(k->e, c->e, c->elen);
    pkc_rsa_mpz_from_be(k->d, c->d, c->dlen);
    pkc_rsa_mpz_from_be(k->p, c->p, c->plen);
    pkc_rsa_mpz_from_be(k->q, c->q, c->qlen);
    pkc_rsa_mpz_from_be(k->dp, c->dp, c->dplen);
    pkc_rsa_mpz_from_be(k->dq, c->dq, c->dqlen);
    pkc_rsa_mpz_from_be(k->qinv, c->qinv, c->qinvlen);
    err = pkc_rsa_key_finish_private(k);
    if (err) {
        pkc_rsa_key_free(k);
        return err;
    }
    *out = k;
    return PKC_OK;
}

/* NIST SP 800-56B rev. 2 appendix C.2: recover p and q from (n, e, d).
 * k = d e - 1 is a multiple of lambda(n); write k = 2^t r with r odd; for
 * small bases g, some g^(r 2^i) is a non-trivial square root of 1, whose
 * gcd with n splits n. Public-data-free of secrets only in the sense that
 * this runs once at key load. */
pkc_err pkc_rsa_key_from_ned(pkc_rsa_key **out, const uint8_t *n, size_t nlen, const uint8_t *e,
                             size_t elen, const uint8_t *d, size_t dlen)
{
    if (!out || !n || !e || !d)
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_rsa_key *k;
    pkc_err err = pkc_rsa_key_alloc(&k);
    if (err)
        return err;
    pkc_rsa_mpz_from_be(k->n, n, nlen);
    pkc_rsa_mpz_from_be(k->e, e, elen);
    pkc_rsa_mpz_from_be(k->d, d, dlen);
    err = pkc_rsa_key_finish_public(k);
    if (err)
        goto fail;
    err = PKC_ERR_KEY;
    if (mpz_sgn(k->d) <= 0 || mpz_cmp(k->d, k->n) >= 0)
        goto fail;
    mpz_t kk, r, y, x, nm1;
    mpz_inits(kk, r, y, x, nm1, NULL);
    mpz_mul(kk, k->d, k->e);
    mpz_sub_ui(kk, kk, 1);
    mpz_sub_ui(nm1, k->n, 1);
    int found = 0;
    /* A real (n, e, d) has e*d = 1 mod lambda(n), hence 2^(ed-1) = 1 mod n
     * (n is odd). Checking that first means a crafted d costs one
     * exponentiation instead of ~200 of them plus their squaring chains
     * (found by review of the fuzzing work: seconds per call at 4096 bits). */
    int plausible = 0;
    if (mpz_sgn(kk) > 0 && mpz_even_p(kk)) {
        mpz_set_ui(y, 2);
        mpz_powm(y, y, kk, k->n);
        plausible = mpz_cmp_ui(y, 1) == 0;
    }
    if (plausible) {
        mp_bitcnt_t t = mpz_scan1(kk, 0);
        mpz_tdiv_q_2exp(r, kk, t);
        for (unsigned long g = 2; g < 200 && !found; g++) {
            mpz_set_ui(y, g);
            mpz_powm(y, y, r, k->n);
            if (mpz_cmp_ui(y, 1) == 0 || mpz_cmp(y, nm1) == 0)
                continue;
            for (mp_bitcnt_t i = 1; i <= t; i++) {
                mpz_mul(x, y, y);
                mpz_mod(x, x, k->n);
                if (mpz_cmp_ui(x, 1) == 0) {
                    /* y is a non-trivial square root of 1 */
                    mpz_sub_ui(y, y, 1);
                    mpz_gcd(k->p, y, k->n);
                    found = 1;
                    break;
                }
                if (mpz_cmp(x, nm1) == 0)
                    break;
                mpz_set(y, x);
            }
        }
    }
    if (found) {
        mpz_divexact(k->q, k->n, k->p);
        if (mpz_cmp(k->p, k->q) < 0)
            mpz_swap(k->p, k->q); /* PKCS#1 convention: p > q */
        mpz_sub_ui(x, k->p, 1);
        mpz_mod(k->dp, k->d, x);
        mpz_sub_ui(x, k->q, 1);
        mpz_mod(k->dq, k->d, x);
        if (!mpz_invert(k->qinv, k->q, k->p))
            found = 0;
    }
    pkc_rsa_mpz_wipe(kk);
    pkc_rsa_mpz_wipe(r);
    pkc_rsa_mpz_wipe(y);
    pkc_rsa_mpz_wipe(x);
    pkc_rsa_mpz_wipe(nm1);
    if (!found)
        goto fail;
    err = pkc_rsa_key_finish_private(k);
    if (err)
        goto fail;
    *out = k;
    return PKC_OK;
fail:
    pkc_rsa_key_free(k);
    return err;
}

pkc_err pkc_rsa_key_public(const pkc_rsa_key *key, pkc_rsa_key **out)
{
    if (!key || !out)
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_rsa_key *k;
    pkc_err err = pkc_rsa_key_alloc(&k);
    if (err)
        return err;
    mpz_set(k->n, key->n);
    mpz_set(k->e, key->e);
    err = pkc_rsa_key_finish_public(k);
    if (err) {
        pkc_rsa_key_free(k);
        return err;
    }
    *out = k;
    return PKC_OK;
}

pkc_err pkc_rsa_get(const pkc_rsa_key *key, pkc_rsa_part part, uint8_t *out, size_t cap,
                    size_t *len)
{
    if (!key || !len)
        return PKC_ERR_ARG;
    const mpz_t *x;
    switch (part) {
    case PKC_RSA_N: x = &key->n; break;
    case PKC_RSA_E: x = &key->e; break;
    case PKC_RSA_D: x = &key->d; break;
    case PKC_RSA_P: x = &key->p; break;
    case PKC_RSA_Q: x = &key->q; break;
    case PKC_RSA_DP: x = &key->dp; break;
    case PKC_RSA_DQ: x = &key->dq; break;
    case PKC_RSA_QINV: x = &key->qinv; break;
    default: return PKC_ERR_ARG;
    }
    if (part > PKC_RSA_E && !key->priv)
        return PKC_ERR_KEY;
    size_t need = mpz_sgn(*x) ? (mpz_sizeinbase(*x, 2) + 7) / 8 : 0;
    *len = need;
    if (!out)
        return PKC_OK;
    if (cap < need)
        return PKC_ERR_BUFSIZE;
    return pkc_rsa_mpz_to_be(*x, out, need);
}

/* ---- primitives ---- */

/* Montgomery reduction (public data only, variable time): r = t R^-1 mod n
 * for t < n R (2 nl limbs, destroyed). Each step adds q n so that the low
 * limb vanishes, and keeps the carry in that limb; the carries are added
 * back at the end. The result is < 2n before the final subtraction. */
static void redc_var(const pkc_rsa_key *k, mp_limb_t *r, mp_limb_t *t)
{
    mp_size_t nl = k->nl;
    for (mp_size_t i = 0; i < nl; i++) {
        mp_limb_t q = t[i] * k->ninv;
        t[i] = mpn_addmul_1(t + i, k->ln, nl, q);
    }
    mp_limb_t cy = mpn_add_n(r, t + nl, t, nl);
    if (cy || mpn_cmp(r, k->ln, nl) >= 0)
        mpn_sub_n(r, r, k->ln, nl);
}

pkc_err pkc_rsa_public_raw(const pkc_rsa_key *key, const uint8_t *in, uint8_t *out)
{
    if (!key || !in || !out)
        return PKC_ERR_ARG;
    /* RSAEP / RSAVP1 (RFC 8017 5.1.1, 5.2.2): left-to-right binary
     * exponentiation in Montgomery form with the key's precomputed
     * constants; e and the input are public. */
    mp_size_t nl = key->nl;
    mp_limb_t *mem = malloc((size_t)(5 * nl) * sizeof(mp_limb_t));
    if (!mem)
        return PKC_ERR_NOMEM;
    mp_limb_t *b = mem, *a = mem + nl, *x = mem + 2 * nl, *t = mem + 3 * nl;
    be_to_limbs(in, key->k, b, nl);
    pkc_err err = PKC_ERR_RANGE;
    if (mpn_cmp(b, key->ln, nl) < 0) { /* step 1: the representative is below n */
        mpn_mul_n(t, b, key->lr2, nl);
        redc_var(key, a, t); /* a = b R mod n */
        memcpy(x, a, (size_t)nl * sizeof(mp_limb_t));
        for (mp_bitcnt_t i = key->ebits - 1; i-- > 0;) {
            mpn_sqr(t, x, nl);
            redc_var(key, x, t);
            if (mpz_tstbit(key->e, i)) {
                mpn_mul_n(t, x, a, nl);
                redc_var(key, x, t);
            }
        }
        memcpy(t, x, (size_t)nl * sizeof(mp_limb_t));
        memset(t + nl, 0, (size_t)nl * sizeof(mp_limb_t));
        redc_var(key, x, t); /* out of Montgomery form */
        limbs_to_be(x, nl, out, key->k);
        err = PKC_OK;
    }
    free(mem);
    return err;
}

pkc_err pkc_rsa_private_textbook_raw(const pkc_rsa_key *key, const uint8_t *in, uint8_t *out)
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

/* A uniform-enough value in [0, n): nl+1 random limbs reduced mod n (bias
 * below 2^-64). Constant time. */
static pkc_err random_mod_n(const pkc_rsa_key *k, pkc_rng *rng, mp_limb_t *out, mp_limb_t *tmp,
                            mp_limb_t *tp)
{
    mp_size_t nl = k->nl;
    uint8_t buf[8];
    for (mp_size_t i = 0; i <= nl; i++) {
        pkc_err err = pkc_rng_bytes(rng, buf, sizeof buf);
        if (err) {
            pkc_memzero(buf, sizeof buf);
            return err;
        }
        mp_limb_t v = 0;
        for (int j = 0; j < 8; j++)
            v = (v << 8) | buf[j];
        tmp[i] = v;
    }
    pkc_memzero(buf, sizeof buf);
    mpn_sec_div_r(tmp, nl + 1, k->ln, nl, tp);
    memcpy(out, tmp, (size_t)nl * sizeof(mp_limb_t));
    return PKC_OK;
}

/* r = a * b mod m (a, b: mn limbs; prod: 2 mn limbs of room). */
static void mulmod(mp_limb_t *r, const mp_limb_t *a, const mp_limb_t *b, const mp_limb_t *m,
                   mp_size_t mn, mp_limb_t *prod, mp_limb_t *tp)
{
    mpn_sec_mul(prod, a, mn, b, mn, tp);
    mpn_sec_div_r(prod, 2 * mn, m, mn, tp);
    memcpy(r, prod, (size_t)mn * sizeof(mp_limb_t));
}

/* A fresh blinding pair: re = r^e mod n, rinv = r^-1 mod n for a random
 * r. The inverse is computed as t (r t)^-1 for a second random t:
 * mpz_invert's variable timing then depends on r t, which is independent
 * of r. r^e goes through mpn_sec_powm (e is public, r is not). r, t, tmp
 * (nl + 1 limbs), prod (2 nl) and tp are scratch. */
static pkc_err fresh_blinding(const pkc_rsa_key *k, pkc_rng *rng, mp_limb_t *re, mp_limb_t *rinv,
                              mp_limb_t *r, mp_limb_t *t, mp_limb_t *tmp, mp_limb_t *prod,
                              mp_limb_t *tp)
{
    mp_size_t nl = k->nl;
    pkc_err err;
    for (int tries = 0;; tries++) {
        if (tries == 8)
            return PKC_ERR_RNG; /* 8 non-invertible draws: the rng is broken */
        if ((err = random_mod_n(k, rng, r, tmp, tp)) || (err = random_mod_n(k, rng, t, tmp, tp)))
            return err;
        mulmod(tmp, r, t, k->ln, nl, prod, tp);
        mpz_t rt, inv, mod;
        mpz_roinit_n(rt, tmp, nl);
        mpz_roinit_n(mod, k->ln, nl);
        mpz_init2(inv, (mp_bitcnt_t)nl * GMP_NUMB_BITS + 64);
        int ok = mpz_sgn(rt) != 0 && mpz_invert(inv, rt, mod);
        if (ok)
            mpz_to_limbs(rinv, nl, inv);
        pkc_rsa_mpz_wipe(inv);
        if (ok)
            break;
    }
    mulmod(rinv, rinv, t, k->ln, nl, prod, tp);
    mpn_sec_powm(re, r, nl, k->le, k->ebits, k->ln, nl, tp);
    return PKC_OK;
}

/* RSADP with CRT and blinding (RFC 8017 5.1.2 step 2.b), see the top of
 * this file. */
static pkc_err private_crt(const pkc_rsa_key *k, pkc_rng *rng, const uint8_t *in, uint8_t *out)
{
    mp_size_t nl = k->nl, pl = k->pl, ql = k->ql;
    mp_size_t L = max_sz(pl, ql);
    /* One allocation: scratch, then the temporaries. */
    mp_size_t nt = k->scratch + /* c */ nl + /* r,t,rinv,re,cb */ 5 * nl + /* tmp */ nl + 1 +
                   /* prod */ 2 * nl + /* m1,m2 */ pl + ql + /* cp,cq */ pl + ql +
                   /* m2p */ L + /* diff,h */ 2 * pl + /* qh, mb */ 2 * (pl + ql) + /* m, chk */ 2 * nl +
                   /* prodp */ 2 * pl;
    mp_limb_t *mem = calloc((size_t)nt, sizeof(mp_limb_t));
    if (!mem)
        return PKC_ERR_NOMEM;
    mp_limb_t *tp = mem, *p = mem + k->scratch;
    mp_limb_t *c = p; p += nl;
    mp_limb_t *r = p; p += nl;
    mp_limb_t *t = p; p += nl;
    mp_limb_t *rinv = p; p += nl;
    mp_limb_t *re = p; p += nl;
    mp_limb_t *cb = p; p += nl;
    mp_limb_t *tmp = p; p += nl + 1;
    mp_limb_t *prod = p; p += 2 * nl;
    mp_limb_t *m1 = p; p += pl;
    mp_limb_t *m2 = p; p += ql;
    mp_limb_t *cp = p; p += pl;
    mp_limb_t *cq = p; p += ql;
    mp_limb_t *m2p = p; p += L;
    mp_limb_t *diff = p; p += pl;
    mp_limb_t *h = p; p += pl;
    mp_limb_t *qh = p; p += pl + ql;
    mp_limb_t *mb = p; p += pl + ql;
    mp_limb_t *m = p; p += nl;
    mp_limb_t *chk = p; p += nl;
    mp_limb_t *prodp = p; p += 2 * pl;

    pkc_err err = PKC_OK;
    be_to_limbs(in, k->k, c, nl);
    /* The input is public: a variable-time range check is fine. */
    if (mpn_cmp(c, k->ln, nl) >= 0) {
        err = PKC_ERR_RANGE;
        goto out;
    }
    /* 0 and 1 are their own images; mpn_sec_powm needs a base > 0. */
    if (mpn_zero_p(c, nl) || (c[0] == 1 && (nl == 1 || mpn_zero_p(c + 1, nl - 1)))) {
        limbs_to_be(c, nl, out, k->k);
        goto out;
    }

    /* Blinding pair (r^e, r^-1) mod n: from the key's cache when it is
     * free, else fresh. */
    {
        pkc_rsa_key *mk = (pkc_rsa_key *)k; /* the cache is mutable state */
        int expected = 0;
        if (atomic_compare_exchange_strong(&mk->blind_busy, &expected, 1)) {
            if (!mk->blind_ready || mk->blind_uses >= PKC_RSA_BLIND_REFRESH) {
                mk->blind_ready = 0;
                err = fresh_blinding(k, rng, mk->blind_a, mk->blind_ai, r, t, tmp, prod, tp);
                if (!err) {
                    mk->blind_ready = 1;
                    mk->blind_uses = 0;
                }
            }
            if (!err) {
                memcpy(re, mk->blind_a, (size_t)nl * sizeof(mp_limb_t));
                memcpy(rinv, mk->blind_ai, (size_t)nl * sizeof(mp_limb_t));
                /* (r^2)^e = (r^e)^2 and (r^2)^-1 = (r^-1)^2 */
                mulmod(mk->blind_a, re, re, k->ln, nl, prod, tp);
                mulmod(mk->blind_ai, rinv, rinv, k->ln, nl, prod, tp);
                mk->blind_uses++;
            }
            atomic_store(&mk->blind_busy, 0);
        } else {
            err = fresh_blinding(k, rng, re, rinv, r, t, tmp, prod, tp);
        }
        if (err)
            goto out;
    }
    /* cb = c r^e mod n. */
    mulmod(cb, c, re, k->ln, nl, prod, tp);

    /* cp = cb mod p, cq = cb mod q; a zero residue (c a multiple of a
     * prime) is replaced by 1 for mpn_sec_powm and the result masked back. */
    memcpy(tmp, cb, (size_t)nl * sizeof(mp_limb_t));
    mpn_sec_div_r(tmp, nl, k->lp, pl, tp);
    memcpy(cp, tmp, (size_t)pl * sizeof(mp_limb_t));
    memcpy(tmp, cb, (size_t)nl * sizeof(mp_limb_t));
    mpn_sec_div_r(tmp, nl, k->lq, ql, tp);
    memcpy(cq, tmp, (size_t)ql * sizeof(mp_limb_t));
    uint64_t zp = limbs_zero_mask(cp, pl), zq = limbs_zero_mask(cq, ql);
    cp[0] = (mp_limb_t)ct_select(zp, 1, cp[0]);
    cq[0] = (mp_limb_t)ct_select(zq, 1, cq[0]);

    /* m1 = cp^dP mod p, m2 = cq^dQ mod q (exponent lengths: bits of p, q). */
    mpn_sec_powm(m1, cp, pl, k->ldp, k->pbits, k->lp, pl, tp);
    mpn_sec_powm(m2, cq, ql, k->ldq, k->qbits, k->lq, ql, tp);
    for (mp_size_t i = 0; i < pl; i++)
        m1[i] &= (mp_limb_t)~zp;
    for (mp_size_t i = 0; i < ql; i++)
        m2[i] &= (mp_limb_t)~zq;

    /* h = qInv (m1 - m2) mod p (Garner). m2 is first reduced mod p (q may
     * exceed p for keys from outside). */
    for (mp_size_t i = 0; i < L; i++)
        m2p[i] = i < ql ? m2[i] : 0;
    mpn_sec_div_r(m2p, L, k->lp, pl, tp);
    mp_limb_t borrow = mpn_sub_n(diff, m1, m2p, pl);
    mpn_cnd_add_n(borrow, diff, diff, k->lp, pl);
    mulmod(h, k->lqinv, diff, k->lp, pl, prodp, tp);

    /* m' = m2 + q h < n. */
    if (ql >= pl)
        mpn_sec_mul(qh, k->lq, ql, h, pl, tp);
    else
        mpn_sec_mul(qh, h, pl, k->lq, ql, tp);
    for (mp_size_t i = 0; i < pl + ql; i++)
        mb[i] = i < ql ? m2[i] : 0;
    mpn_add_n(mb, mb, qh, pl + ql);
    /* pl + ql >= nl and m' < n, so the limbs above nl are zero. */

    /* Unblind: m = m' r^-1 mod n. */
    mulmod(m, mb, rinv, k->ln, nl, prod, tp);

    /* Check before release: m^e mod n must give back the input. */
    {
        uint64_t mz = limbs_zero_mask(m, nl);
        memcpy(tmp, m, (size_t)nl * sizeof(mp_limb_t));
        tmp[0] = (mp_limb_t)ct_select(mz, 1, tmp[0]);
        mpn_sec_powm(chk, tmp, nl, k->le, k->ebits, k->ln, nl, tp);
        uint64_t ok = ~mz & ct_mask_memeq((const uint8_t *)chk, (const uint8_t *)c,
                                          (size_t)nl * sizeof(mp_limb_t));
        if (!ok) {
            err = PKC_ERR_INTERNAL;
            memset(out, 0, k->k);
            goto out;
        }
    }
    limbs_to_be(m, nl, out, k->k);
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

pkc_err pkc_rsa_private_mode(const pkc_rsa_key *key, pkc_rsa_mode mode, pkc_rng *rng,
                             const uint8_t *in, uint8_t *out)
{
    if (mode == PKC_RSA_MODE_TEXTBOOK)
        return pkc_rsa_private_textbook_raw(key, in, out);
    if (mode != PKC_RSA_MODE_CRT)
        return PKC_ERR_ARG;
    return pkc_rsa_private_raw(key, rng, in, out);
}
