/* pkc — RSA keys and the public primitive (RFC 8017 sections 3 and 5.1.1 /
 * 5.2.2). The private primitive is in rsa_private.c.
 *
 * Key checking (pkc_rsa_key_finish_private) runs on the private values in
 * constant time: every relation between them is computed with the limb
 * helpers of rsa_limbs.h into one mask, and only the final verdict ("the
 * key is consistent") is declassified, so loading a private key branches
 * on nothing secret but the lengths of its components (which its encoding
 * shows). The public operation is variable time: everything it handles is
 * public (but see pkc_rsa_oaep_encrypt in rsa.h).
 */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "rsa_internal.h"
#include "rsa_limbs.h"

/* ---- small helpers ---- */

void pkc_rsa_mpz_wipe(mpz_t x)
{
    if (x->_mp_d && x->_mp_alloc > 0)
        pkc_memzero(x->_mp_d, (size_t)x->_mp_alloc * sizeof(mp_limb_t));
    mpz_clear(x);
}

mp_limb_t *pkc_rsa_limbs_alloc(mp_size_t n)
{
    return calloc((size_t)(n > 0 ? n : 1), sizeof(mp_limb_t));
}

void pkc_rsa_limbs_free(mp_limb_t *p, mp_size_t n)
{
    if (p) {
        pkc_memzero(p, (size_t)n * sizeof(mp_limb_t));
        free(p);
    }
}

void pkc_rsa_mpz_set_limbs(mpz_t x, const mp_limb_t *a, mp_size_t n)
{
    /* mpz_import, mpz_roinit_n and mpz_limbs_finish strip leading zero
     * limbs by testing them: a branch on the value. Instead the length is
     * computed without one and declassified (every encoding of the key
     * shows it), and a read-only view of exactly that length is copied:
     * mpz_set copies limbs without looking at them. */
    mp_size_t sz = pkc_rsa_limbs_size(a, n);
    PKC_DECLASSIFY(&sz, sizeof sz);
    /* the mpz size field is an int; sz is at most n, a key's limb count */
    mpz_t view = MPZ_ROINIT_N((mp_limb_t *)a, (int)sz);
    mpz_set(x, view);
}

void pkc_rsa_mpz_get_limbs(mp_limb_t *out, mp_size_t n, const mpz_t x)
{
    mp_size_t sz = (mp_size_t)mpz_size(x);
    const mp_limb_t *src = mpz_limbs_read(x);
    for (mp_size_t i = 0; i < n; i++)
        out[i] = i < sz ? src[i] : 0;
}

void pkc_rsa_mpz_from_be(mpz_t x, const uint8_t *in, size_t len)
{
    mp_size_t n = (mp_size_t)((len + sizeof(mp_limb_t) - 1) / sizeof(mp_limb_t));
    if (n == 0) {
        mpz_set_ui(x, 0);
        return;
    }
    mp_limb_t *tmp = pkc_rsa_limbs_alloc(n);
    if (!tmp) {
        /* no memory for the constant-time path: GMP's own (it aborts on
         * failure anyway) */
        mpz_import(x, len, 1, 1, 1, 0, in);
        return;
    }
    pkc_rsa_be_to_limbs(in, len, tmp, n);
    pkc_rsa_mpz_set_limbs(x, tmp, n);
    pkc_rsa_limbs_free(tmp, n);
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

/* Frees the limb forms and contexts of the private part. */
static void free_private_limbs(pkc_rsa_key *k)
{
    pkc_rsa_mont_clear(&k->mont_p);
    pkc_rsa_mont_clear(&k->mont_q);
    pkc_rsa_ifma_clear(&k->ifma_p);
    pkc_rsa_ifma_clear(&k->ifma_q);
    pkc_rsa_limbs_free(k->ldp, k->pl);
    pkc_rsa_limbs_free(k->ldq, k->ql);
    pkc_rsa_limbs_free(k->lqinv_r, k->pl);
    pkc_rsa_limbs_free(k->blind_a, k->nl);
    pkc_rsa_limbs_free(k->blind_ai, k->nl);
    k->ldp = k->ldq = k->lqinv_r = k->blind_a = k->blind_ai = NULL;
    k->priv = 0;
    k->blind_ready = 0;
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
    free_private_limbs(k);
    pkc_rsa_limbs_free(k->le, k->el);
    pkc_rsa_mont_clear(&k->mont_n);
    pkc_rsa_ifma_clear(&k->ifma_n);
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
    /* n and e are the public key. Read from a private key's encoding, they
     * come out of bytes the caller may treat as secret as a whole (the
     * constant-time test of PEM loading does): they become public here. */
    PKC_DECLASSIFY(mpz_limbs_read(k->n), mpz_size(k->n) * sizeof(mp_limb_t));
    PKC_DECLASSIFY(mpz_limbs_read(k->e), mpz_size(k->e) * sizeof(mp_limb_t));
    /* RFC 8017 3.1 and SP 800-89 5.3.3 partial validation: n odd and of a
     * size we support, e odd, 3 <= e < n; and above 3072 bits e of at most
     * 64 bits, as OpenSSL requires (RSA_SMALL_MODULUS_BITS /
     * RSA_MAX_PUBEXP_BITS): a verification costs one squaring per bit of
     * e, and e = n - 2 with a 16384-bit n took 1.8 s. */
    if (mpz_sgn(k->n) <= 0 || mpz_even_p(k->n))
        return PKC_ERR_KEY;
    size_t bits = mpz_sizeinbase(k->n, 2);
    if (bits < PKC_RSA_MIN_PARSE_BITS || bits > PKC_RSA_MAX_BITS)
        return PKC_ERR_KEY;
    if (mpz_cmp_ui(k->e, 3) < 0 || mpz_even_p(k->e) || mpz_cmp(k->e, k->n) >= 0)
        return PKC_ERR_KEY;
    if (bits > PKC_RSA_SMALL_E_ABOVE_BITS && mpz_sizeinbase(k->e, 2) > 64)
        return PKC_ERR_KEY;
    k->bits = (unsigned)bits;
    k->k = (bits + 7) / 8;
    pkc_rsa_limbs_free(k->le, k->el);
    pkc_rsa_mont_clear(&k->mont_n);
    pkc_rsa_ifma_clear(&k->ifma_n);
    k->nl = (mp_size_t)mpz_size(k->n);
    k->el = (mp_size_t)mpz_size(k->e);
    k->ebits = mpz_sizeinbase(k->e, 2);
    if (!(k->le = pkc_rsa_limbs_alloc(k->el)))
        return PKC_ERR_NOMEM;
    pkc_rsa_mpz_get_limbs(k->le, k->el, k->e);
    pkc_err err = pkc_rsa_mont_init_var(&k->mont_n, mpz_limbs_read(k->n), k->nl);
    /* the radix-2^52 constants only where they will be used (the mode is
     * decided once per process, rsa_ifma.h) */
    if (!err && pkc_rsa_ifma_fits_pub(k->nl) && pkc_rsa_ifma_mode() != PKC_RSA_IFMA_OFF)
        err = pkc_rsa_ifma_init(&k->ifma_n, &k->mont_n);
    return err;
}

static mp_size_t max_sz(mp_size_t a, mp_size_t b)
{
    return a > b ? a : b;
}

/* all-ones if e x = 1 mod m, for x and m of xn limbs (m = p - 1 or q - 1) */
static mp_limb_t e_times_is_one(const pkc_rsa_key *k, const mp_limb_t *x, const mp_limb_t *m,
                                mp_size_t xn, mp_limb_t *prod, mp_limb_t *r, mp_limb_t *sc)
{
    limbs_mul(prod, k->le, k->el, x, xn, sc);
    pkc_rsa_limbs_mod(r, prod, k->el + xn, m, xn, sc);
    return limbs_eq_ui_mask(r, xn, 1);
}

/* The relations between the private components, in constant time
 * (RFC 8017 3.2 and FIPS 186-5 A.1.1): p, q odd and > 1, p != q, n = p q,
 * 0 < d < n, dP = d mod (p - 1) and dQ = d mod (q - 1) with e dP = 1 mod
 * (p - 1) and e dQ = 1 mod (q - 1) (so e d = 1 mod lambda(n)), 0 < qInv < p
 * and qInv q = 1 mod p. Sizes have been checked by the caller; every
 * vector here is zero-padded to its modulus' limb count. Returns the
 * verdict as a secret mask. */
static mp_limb_t private_relations(const pkc_rsa_key *k, const mp_limb_t *P, const mp_limb_t *Q,
                                   const mp_limb_t *D, const mp_limb_t *DP, const mp_limb_t *DQ,
                                   const mp_limb_t *QI, mp_limb_t *tmp)
{
    mp_size_t nl = k->nl, pl = k->pl, ql = k->ql;
    mp_size_t prodn = pl + ql + max_sz(k->el, 1) + nl; /* room for any product */
    mp_limb_t *prod = tmp, *pm1 = prod + prodn, *qm1 = pm1 + pl, *r = qm1 + ql,
              *sc = r + max_sz(pl, ql);
    mp_limb_t ok = (mp_limb_t)0 - (P[0] & Q[0] & 1);
    ok &= ~limbs_eq_ui_mask(P, pl, 1) & ~limbs_eq_ui_mask(Q, ql, 1);
    if (pl == ql)
        ok &= ~limbs_eq_mask(P, Q, pl);
    /* n = p q: the limbs of the product above nl must be zero */
    limbs_mul(prod, P, pl, Q, ql, sc);
    ok &= limbs_eq_mask(prod, k->mont_n.m, nl) & limbs_zero_mask(prod + nl, pl + ql - nl);
    ok &= ~limbs_zero_mask(D, nl) & limbs_lt_mask(D, k->mont_n.m, nl);
    /* p and q are odd (or the verdict is already false): p - 1 clears bit 0 */
    memcpy(pm1, P, (size_t)pl * sizeof(mp_limb_t));
    memcpy(qm1, Q, (size_t)ql * sizeof(mp_limb_t));
    pm1[0] &= ~(mp_limb_t)1;
    qm1[0] &= ~(mp_limb_t)1;
    pkc_rsa_limbs_mod(r, D, nl, pm1, pl, sc);
    ok &= limbs_eq_mask(r, DP, pl);
    pkc_rsa_limbs_mod(r, D, nl, qm1, ql, sc);
    ok &= limbs_eq_mask(r, DQ, ql);
    ok &= e_times_is_one(k, DP, pm1, pl, prod, r, sc);
    ok &= e_times_is_one(k, DQ, qm1, ql, prod, r, sc);
    /* 0 < qInv < p (0 fails the product test) and qInv q = 1 mod p */
    ok &= limbs_lt_mask(QI, P, pl);
    limbs_mul(prod, QI, pl, Q, ql, sc);
    pkc_rsa_limbs_mod(r, prod, pl + ql, P, pl, sc);
    ok &= limbs_eq_ui_mask(r, pl, 1);
    return ok;
}

static mp_size_t relations_itch(const pkc_rsa_key *k)
{
    mp_size_t L = max_sz(k->pl, k->ql), el = max_sz(k->el, 1);
    mp_size_t s = mpn_sec_mul_itch(k->pl + k->ql, L);
    s = max_sz(s, mpn_sec_mul_itch(L + el, L));
    s = max_sz(s, 2 * (L + 1)); /* pkc_rsa_limbs_mod */
    return k->pl + k->ql + el + k->nl + k->pl + k->ql + L + s;
}

/* Scratch of one private operation (rsa_private.c): the largest of the
 * exponentiations mod p and q, the Montgomery operations mod n (r^e and
 * m^e take n more limbs), the product q h, and the temporaries. */
static mp_size_t private_scratch(const pkc_rsa_key *k)
{
    mp_size_t nl = k->nl, pl = k->pl, ql = k->ql, L = max_sz(pl, ql);
    mp_size_t s = pkc_rsa_ct_powm_itch(pl, limbs_bits(pl));
    s = max_sz(s, pkc_rsa_ct_powm_itch(ql, limbs_bits(ql)));
    s = max_sz(s, nl + pkc_rsa_mont_itch(nl));
    s = max_sz(s, pkc_rsa_mont_itch(L));
    s = max_sz(s, mpn_sec_mul_itch(L, pl < ql ? pl : ql));
    s = max_sz(s, pkc_rsa_ifma_itch(L));
    return s;
}

pkc_err pkc_rsa_key_finish_private(pkc_rsa_key *k)
{
    pkc_err err = pkc_rsa_key_finish_public(k);
    if (err)
        return err;
    free_private_limbs(k);
    /* Sizes (public: the encoding of the key shows them). n = p q has
     * pl + ql - 1 or pl + ql limbs. */
    mp_size_t nl = k->nl, pl = (mp_size_t)mpz_size(k->p), ql = (mp_size_t)mpz_size(k->q);
    if (pl == 0 || ql == 0 || pl + ql < nl || pl + ql > nl + 1 || mpz_sgn(k->p) < 0 ||
        mpz_sgn(k->q) < 0 || mpz_sgn(k->d) < 0 || mpz_sgn(k->dp) < 0 || mpz_sgn(k->dq) < 0 ||
        mpz_sgn(k->qinv) < 0 || (mp_size_t)mpz_size(k->d) > nl ||
        (mp_size_t)mpz_size(k->dp) > pl || (mp_size_t)mpz_size(k->dq) > ql ||
        (mp_size_t)mpz_size(k->qinv) > pl)
        return PKC_ERR_KEY;
    k->pl = pl;
    k->ql = ql;
    mp_size_t nt = 3 * pl + 2 * ql + nl + max_sz(relations_itch(k), pkc_rsa_mont_itch(pl));
    mp_limb_t *mem = pkc_rsa_limbs_alloc(nt);
    if (!mem)
        return PKC_ERR_NOMEM;
    mp_limb_t *P = mem, *Q = P + pl, *D = Q + ql, *DP = D + nl, *DQ = DP + pl, *QI = DQ + ql,
              *t = QI + pl;
    pkc_rsa_mpz_get_limbs(P, pl, k->p);
    pkc_rsa_mpz_get_limbs(Q, ql, k->q);
    pkc_rsa_mpz_get_limbs(D, nl, k->d);
    pkc_rsa_mpz_get_limbs(DP, pl, k->dp);
    pkc_rsa_mpz_get_limbs(DQ, ql, k->dq);
    pkc_rsa_mpz_get_limbs(QI, pl, k->qinv);
    mp_limb_t ok = private_relations(k, P, Q, D, DP, DQ, QI, t);
    PKC_DECLASSIFY(&ok, sizeof ok); /* the verdict on the key is public */
    err = PKC_ERR_KEY;
    if (!ok)
        goto out;
    if ((err = pkc_rsa_mont_init(&k->mont_p, P, pl)) ||
        (err = pkc_rsa_mont_init(&k->mont_q, Q, ql)))
        goto out;
    if (pl == ql && pkc_rsa_ifma_fits(pl) &&
        ((err = pkc_rsa_ifma_init(&k->ifma_p, &k->mont_p)) ||
         (err = pkc_rsa_ifma_init(&k->ifma_q, &k->mont_q))))
        goto out;
    err = PKC_ERR_NOMEM;
    if (!(k->ldp = pkc_rsa_limbs_alloc(pl)) || !(k->ldq = pkc_rsa_limbs_alloc(ql)) ||
        !(k->lqinv_r = pkc_rsa_limbs_alloc(pl)) || !(k->blind_a = pkc_rsa_limbs_alloc(nl)) ||
        !(k->blind_ai = pkc_rsa_limbs_alloc(nl)))
        goto out;
    memcpy(k->ldp, DP, (size_t)pl * sizeof(mp_limb_t));
    memcpy(k->ldq, DQ, (size_t)ql * sizeof(mp_limb_t));
    /* qInv R mod p: Garner's h = qInv (m1 - m2) mod p becomes one
     * Montgomery product */
    pkc_rsa_mont_mul(&k->mont_p, k->lqinv_r, QI, k->mont_p.r2, t);
    k->scratch = private_scratch(k);
    k->blind_ready = 0;
    k->blind_uses = 0;
    k->priv = 1;
    err = PKC_OK;
out:
    if (err)
        free_private_limbs(k);
    pkc_rsa_limbs_free(mem, nt);
    return err;
}

/* The start of each key constructor from bytes: *out = NULL and *k a new
 * key with n and e set from their big-endian bytes. */
static pkc_err key_start(pkc_rsa_key **out, pkc_rsa_key **k, const uint8_t *n, size_t nlen,
                         const uint8_t *e, size_t elen)
{
    *out = NULL;
    pkc_err err = pkc_rsa_key_alloc(k);
    if (err)
        return err;
    pkc_rsa_mpz_from_be((*k)->n, n, nlen);
    pkc_rsa_mpz_from_be((*k)->e, e, elen);
    return PKC_OK;
}

/* The end of each key constructor: on success *out gets k, otherwise k is
 * freed (*out stays NULL) and the error is passed on. */
static pkc_err key_done(pkc_rsa_key **out, pkc_rsa_key *k, pkc_err err)
{
    if (err) {
        pkc_rsa_key_free(k);
        return err;
    }
    *out = k;
    return PKC_OK;
}

pkc_err pkc_rsa_key_from_public(pkc_rsa_key **out, const uint8_t *n, size_t nlen,
                                const uint8_t *e, size_t elen)
{
    if (!out || (!n && nlen) || (!e && elen))
        return PKC_ERR_ARG;
    pkc_rsa_key *k;
    pkc_err err = key_start(out, &k, n, nlen, e, elen);
    if (err)
        return err;
    return key_done(out, k, pkc_rsa_key_finish_public(k));
}

pkc_err pkc_rsa_key_from_private(pkc_rsa_key **out, const pkc_rsa_components *c)
{
    if (!out || !c)
        return PKC_ERR_ARG;
    pkc_rsa_key *k;
    pkc_err err = key_start(out, &k, c->n, c->nlen, c->e, c->elen);
    if (err)
        return err;
    pkc_rsa_mpz_from_be(k->d, c->d, c->dlen);
    pkc_rsa_mpz_from_be(k->p, c->p, c->plen);
    pkc_rsa_mpz_from_be(k->q, c->q, c->qlen);
    pkc_rsa_mpz_from_be(k->dp, c->dp, c->dplen);
    pkc_rsa_mpz_from_be(k->dq, c->dq, c->dqlen);
    pkc_rsa_mpz_from_be(k->qinv, c->qinv, c->qinvlen);
    return key_done(out, k, pkc_rsa_key_finish_private(k));
}

/* NIST SP 800-56B rev. 2 appendix C.2: recover p and q from (n, e, d).
 * k = d e - 1 is a multiple of lambda(n); write k = 2^t r with r odd; for
 * small bases g, some g^(r 2^i) is a non-trivial square root of 1, whose
 * gcd with n splits n. Variable time on d (mpz_powm, mpz_gcd): this runs
 * once, when a key given as (n, e, d) is imported, and is not covered by
 * the constant-time test; keys in the usual encodings carry p and q. */
pkc_err pkc_rsa_key_from_ned(pkc_rsa_key **out, const uint8_t *n, size_t nlen, const uint8_t *e,
                             size_t elen, const uint8_t *d, size_t dlen)
{
    if (!out || !n || !e || !d)
        return PKC_ERR_ARG;
    pkc_rsa_key *k;
    pkc_err err = key_start(out, &k, n, nlen, e, elen);
    if (err)
        return err;
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
    if (found) /* else err is still PKC_ERR_KEY */
        err = pkc_rsa_key_finish_private(k);
fail:
    return key_done(out, k, err);
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
    return key_done(out, k, pkc_rsa_key_finish_public(k));
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

/* ---- the public primitive ---- */

/* Montgomery reduction (public data only, variable time): r = t R^-1 mod n
 * for t < n R (2 nl limbs, destroyed). The same row scheme as rsa_mont.c,
 * with a branch for the final subtraction. */
static void redc_var(const pkc_rsa_mont *c, mp_limb_t *r, mp_limb_t *t)
{
    mp_size_t nl = c->n;
    for (mp_size_t i = 0; i < nl; i++) {
        mp_limb_t q = t[i] * c->minv;
        t[i] = mpn_addmul_1(t + i, c->m, nl, q);
    }
    mp_limb_t cy = mpn_add_n(r, t + nl, t, nl);
    if (cy || mpn_cmp(r, c->m, nl) >= 0)
        mpn_sub_n(r, r, c->m, nl);
}

int pkc_rsa_public_ifma(const pkc_rsa_key *key, mp_limb_t *r, const mp_limb_t *b)
{
    if (!key->ifma_n.m)
        return 0;
    pkc_rsa_ifma_mode_t mode = pkc_rsa_ifma_mode();
    if (mode == PKC_RSA_IFMA_OFF)
        return 0;
    pkc_rsa_ifma_powm_pub(mode, &key->mont_n, &key->ifma_n, r, b, key->le, key->ebits);
    return 1;
}

/* in^e mod n in constant time in the input, for an input known to be below
 * n (OAEP's encoded message, whose first byte is zero, holds the message
 * and its seed): the Montgomery products of rsa_mont.c, branching on the
 * bits of e only, which are public. */
pkc_err pkc_rsa_public_secret_input(const pkc_rsa_key *key, const uint8_t *in, uint8_t *out)
{
    if (!key || !in || !out)
        return PKC_ERR_ARG;
    const pkc_rsa_mont *c = &key->mont_n;
    mp_size_t nl = key->nl, itch = nl + pkc_rsa_mont_itch(nl); /* rsa_mont.h */
    mp_limb_t *mem = pkc_rsa_limbs_alloc(2 * nl + itch);
    if (!mem)
        return PKC_ERR_NOMEM;
    mp_limb_t *b = mem, *x = mem + nl, *tp = mem + 2 * nl;
    pkc_rsa_be_to_limbs(in, key->k, b, nl);
    if (!pkc_rsa_public_ifma(key, b, b)) {
        pkc_rsa_mont_to(c, x, b, nl, tp);
        pkc_rsa_mont_powm_pubexp_var(c, x, x, key->le, key->ebits, tp);
        pkc_rsa_mont_from(c, b, x, tp);
    }
    pkc_rsa_limbs_to_be(b, nl, out, key->k);
    pkc_rsa_limbs_free(mem, 2 * nl + itch);
    return PKC_OK;
}

pkc_err pkc_rsa_public_raw(const pkc_rsa_key *key, const uint8_t *in, uint8_t *out)
{
    if (!key || !in || !out)
        return PKC_ERR_ARG;
    /* RSAEP / RSAVP1 (RFC 8017 5.1.1, 5.2.2): left-to-right binary
     * exponentiation in Montgomery form with the key's precomputed
     * constants; e and the input are public. With AVX-512 IFMA, rsa_ifma.c's
     * radix-2^52 one (1.7 to 5 times faster than the loop below); else
     * mpn_mul_n (Karatsuba and Toom above GMP's thresholds), faster than
     * the schoolbook mpn_sec_mul for large n. */
    const pkc_rsa_mont *c = &key->mont_n;
    mp_size_t nl = key->nl;
    mp_limb_t *mem = malloc((size_t)(5 * nl) * sizeof(mp_limb_t));
    if (!mem)
        return PKC_ERR_NOMEM;
    mp_limb_t *b = mem, *a = mem + nl, *x = mem + 2 * nl, *t = mem + 3 * nl;
    pkc_rsa_be_to_limbs(in, key->k, b, nl);
    if (mpn_cmp(b, c->m, nl) >= 0) { /* step 1: the representative is below n */
        free(mem);
        return PKC_ERR_RANGE;
    }
    if (!pkc_rsa_public_ifma(key, x, b)) {
        mpn_mul_n(t, b, c->r2, nl);
        redc_var(c, a, t); /* a = b R mod n */
        memcpy(x, a, (size_t)nl * sizeof(mp_limb_t));
        for (mp_bitcnt_t i = key->ebits - 1; i-- > 0;) {
            mpn_sqr(t, x, nl);
            redc_var(c, x, t);
            if (mpz_tstbit(key->e, i)) {
                mpn_mul_n(t, x, a, nl);
                redc_var(c, x, t);
            }
        }
        memcpy(t, x, (size_t)nl * sizeof(mp_limb_t));
        memset(t + nl, 0, (size_t)nl * sizeof(mp_limb_t));
        redc_var(c, x, t); /* out of Montgomery form */
    }
    pkc_rsa_limbs_to_be(x, nl, out, key->k);
    free(mem);
    return PKC_OK;
}
