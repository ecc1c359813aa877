/* pkc bench — key and input pools (bench/pool.h). */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "pkc/curve25519.h"
#include "pkc/curve448.h"
#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/rng.h"
#include "pkc/rsa.h"
#include "pool.h"

#define MAX_RSA_SIZES 16

/* one RSA pool and the storage behind it */
typedef struct {
    bench_rsa_pool pub;
    uint8_t *store;   /* every component, back to back */
    uint8_t *raw;
} rsa_slot;

typedef struct {
    bench_ec_pool pub;
    uint8_t *store;
    int built;        /* 0 not yet, 1 ok, -1 failed */
} ec_slot;

typedef struct {
    bench_ecx_pool pub;
    uint8_t *store;
    size_t storelen;
    int built;
} ecx_slot;
#define ECX_SLOTS 4 /* (EdDSA, XDH) x (25519, 448) */

struct bench_pools {
    size_t size;
    bench_seed seed;
    rsa_slot rsa[MAX_RSA_SIZES];
    int nrsa;
    ec_slot ec[PKC_CURVE_COUNT];
    ecx_slot ecx[ECX_SLOTS];
    struct {
        size_t len;
        uint8_t *buf;
    } msg[128];       /* one buffer per message length asked, never moved */
    int nmsg;
};

bench_pools *bench_pools_new(size_t size, const bench_seed *seed)
{
    bench_pools *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->size = size ? size : BENCH_POOL_DEFAULT;
    if (p->size > BENCH_POOL_MAX)
        p->size = BENCH_POOL_MAX;
    if (seed)
        p->seed = *seed;
    else
        p->seed.fixed = 1, p->seed.seed = 1;
    return p;
}

void bench_pools_free(bench_pools *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->nrsa; i++) {
        free(p->rsa[i].pub.keys);
        free(p->rsa[i].store);
        free(p->rsa[i].raw);
    }
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        free(p->ec[i].pub.keys);
        free(p->ec[i].pub.peers);
        free(p->ec[i].store);
    }
    for (int i = 0; i < ECX_SLOTS; i++) {
        free(p->ecx[i].pub.keys);
        free(p->ecx[i].pub.peers);
        if (p->ecx[i].store)
            pkc_memzero(p->ecx[i].store, p->ecx[i].storelen);
        free(p->ecx[i].store);
    }
    for (int i = 0; i < p->nmsg; i++)
        free(p->msg[i].buf);
    free(p);
}

size_t bench_pools_size(const bench_pools *p)
{
    return p->size;
}

/* A DRBG for one pool: the run's seed mixed with a label, so every pool is
 * reproducible on its own whatever else the run builds. */
static int pool_rng(const bench_pools *p, pkc_rng *rng, uint64_t label)
{
    if (!p->seed.fixed)
        return pkc_rng_init_random(rng, PKC_HASH_SHA256) == PKC_OK ? 0 : -1;
    uint64_t s = p->seed.seed * 0x9e3779b97f4a7c15ULL ^ label;
    return pkc_rng_init_fixed(rng, PKC_HASH_SHA256, s) == PKC_OK ? 0 : -1;
}

static void to_bytes(uint8_t *out, size_t len, const mpz_t v)
{
    size_t cnt = 0;
    memset(out, 0, len);
    size_t need = (mpz_sizeinbase(v, 2) + 7) / 8;
    mpz_export(out + (len - need), &cnt, 1, 1, 0, 0, v);
}

/* ---- RSA ---------------------------------------------------------------- */

/* Builds pool key (p, q): e = 65537, d = e^-1 mod lcm(p-1, q-1) (FIPS 186-5
 * A.1.1), CRT values, every component written to *w (advanced), checked by
 * pkc_rsa_key_from_private, and the PKCS#1 DER. */
static int rsa_pool_key(bench_rsa_material *m, const mpz_t p_, const mpz_t q_, unsigned bits,
                        uint8_t **w)
{
    mpz_t p, q, n, e, d, dp, dq, qinv, p1, q1, l;
    mpz_inits(p, q, n, e, d, dp, dq, qinv, p1, q1, l, NULL);
    int rc = -1;
    /* PKCS#1 orders nothing, but p > q is the usual convention */
    if (mpz_cmp(p_, q_) > 0) {
        mpz_set(p, p_);
        mpz_set(q, q_);
    } else {
        mpz_set(p, q_);
        mpz_set(q, p_);
    }
    mpz_mul(n, p, q);
    mpz_set_ui(e, PKC_RSA_DEFAULT_E);
    mpz_sub_ui(p1, p, 1);
    mpz_sub_ui(q1, q, 1);
    mpz_lcm(l, p1, q1);
    if (mpz_sizeinbase(n, 2) != bits || !mpz_invert(d, e, l))
        goto out;
    mpz_mod(dp, d, p1);
    mpz_mod(dq, d, q1);
    if (!mpz_invert(qinv, q, p))
        goto out;
    size_t k = (bits + 7) / 8, h = (mpz_sizeinbase(p, 2) + 7) / 8;
    const mpz_ptr parts[8] = {n, e, d, p, q, dp, dq, qinv};
    size_t lens[8] = {k, 3, k, h, h, h, h, h};
    const uint8_t **ptr[8] = {&m->n, &m->e, &m->d, &m->p, &m->q, &m->dp, &m->dq, &m->qinv};
    size_t *lp[8] = {&m->nlen, &m->elen, &m->dlen, &m->plen, &m->qlen, &m->dplen, &m->dqlen,
                     &m->qinvlen};
    for (int i = 0; i < 8; i++) {
        to_bytes(*w, lens[i], parts[i]);
        *ptr[i] = *w;
        *lp[i] = lens[i];
        *w += lens[i];
    }
    m->bits = bits;
    pkc_rsa_components c = {m->n, m->e, m->d, m->p, m->q, m->dp, m->dq, m->qinv,
                            m->nlen, m->elen, m->dlen, m->plen, m->qlen, m->dplen, m->dqlen,
                            m->qinvlen};
    pkc_rsa_key *key = NULL;
    if (pkc_rsa_key_from_private(&key, &c) != PKC_OK)
        goto out;
    uint8_t *der = NULL;
    size_t derlen = 0;
    if (pkc_rsa_private_to_pkcs1(key, &der, &derlen) == PKC_OK) {
        memcpy(*w, der, derlen);
        m->pkcs1 = *w;
        m->pkcs1len = derlen;
        *w += derlen;
        pkc_secure_free(der, derlen);
        rc = 0;
    }
    pkc_rsa_key_free(key);
out:
    mpz_clears(p, q, n, e, d, dp, dq, qinv, p1, q1, l, NULL);
    return rc;
}

const bench_rsa_pool *bench_pools_rsa(bench_pools *p, unsigned bits, char *err, size_t errlen)
{
    for (int i = 0; i < p->nrsa; i++)
        if (p->rsa[i].pub.bits == bits)
            return p->rsa[i].pub.keys ? &p->rsa[i].pub : NULL;
    if (p->nrsa == MAX_RSA_SIZES) {
        snprintf(err, errlen, "too many RSA sizes in one run");
        return NULL;
    }
    rsa_slot *s = &p->rsa[p->nrsa++];
    memset(s, 0, sizeof *s);
    s->pub.bits = bits;
    uint64_t t0 = bench_now_ns();
    size_t want = p->size, m = 2;
    while (m * (m - 1) / 2 < want)
        m += 2; /* an even number of primes: m/2 key generations */
    pkc_rng rng;
    if (pool_rng(p, &rng, 0x5253410000000000ULL | bits) != 0) {
        snprintf(err, errlen, "DRBG instantiation failed");
        return NULL;
    }
    mpz_t *primes = malloc(m * sizeof *primes);
    size_t k = (bits + 7) / 8;
    /* per key: n, d (k each), e (3), five halves, the DER (< 9 k + 64) */
    size_t per = 2 * k + 3 + 5 * (k / 2 + 1) + 10 * k + 64;
    s->store = malloc(want * per);
    s->raw = malloc(want * k);
    s->pub.keys = calloc(want, sizeof *s->pub.keys);
    int ok = primes && s->store && s->raw && s->pub.keys;
    size_t np = 0;
    for (size_t i = 0; ok && i < m / 2; i++) {
        pkc_rsa_key *key = NULL;
        if (pkc_rsa_generate(&key, bits, PKC_RSA_DEFAULT_E, &rng) != PKC_OK) {
            ok = 0;
            break;
        }
        for (int part = 0; part < 2; part++) {
            uint8_t buf[1100];
            size_t len = 0;
            pkc_rsa_get(key, part ? PKC_RSA_Q : PKC_RSA_P, buf, sizeof buf, &len);
            mpz_init(primes[np]);
            mpz_import(primes[np], len, 1, 1, 0, 0, buf);
            np++;
        }
        pkc_rsa_key_free(key);
    }
    uint8_t *w = s->store;
    size_t made = 0;
    for (size_t i = 0; ok && i < np && made < want; i++)
        for (size_t j = i + 1; j < np && made < want; j++)
            if (rsa_pool_key(&s->pub.keys[made], primes[i], primes[j], bits, &w) == 0)
                made++;
    for (size_t i = 0; i < np; i++)
        mpz_clear(primes[i]);
    free(primes);
    if (!ok || made < want) {
        snprintf(err, errlen, "could not build the RSA-%u key pool", bits);
        free(s->pub.keys);
        s->pub.keys = NULL;
        pkc_rng_wipe(&rng);
        return NULL;
    }
    /* raw inputs: k random bytes with the top byte 0, so each is below n */
    for (size_t i = 0; i < want; i++) {
        pkc_rng_bytes(&rng, s->raw + i * k, k);
        s->raw[i * k] = 0;
    }
    pkc_rng_wipe(&rng);
    s->pub.count = want;
    s->pub.k = k;
    s->pub.raw_in = s->raw;
    s->pub.build_s = (double)(bench_now_ns() - t0) / 1e9;
    return &s->pub;
}

/* ---- elliptic curves --------------------------------------------------- */

const bench_ec_pool *bench_pools_ec(bench_pools *p, pkc_curve_id curve, char *err,
                                    size_t errlen)
{
    if ((unsigned)curve >= PKC_CURVE_COUNT) {
        snprintf(err, errlen, "unknown curve");
        return NULL;
    }
    ec_slot *s = &p->ec[curve];
    if (s->built)
        return s->built > 0 ? &s->pub : NULL;
    s->built = -1;
    uint64_t t0 = bench_now_ns();
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    size_t n = p->size, ob = ci->order_bytes, pb = 1 + 2 * ci->field_bytes,
           fb = ci->field_bytes;
    s->store = malloc(n * (2 * ob + 2 * pb + fb));
    s->pub.keys = calloc(n, sizeof *s->pub.keys);
    s->pub.peers = calloc(n, sizeof *s->pub.peers);
    pkc_rng rng;
    if (!s->store || !s->pub.keys || !s->pub.peers ||
        pool_rng(p, &rng, 0x4543000000000000ULL | (uint64_t)curve) != 0) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    uint8_t *w = s->store, *secrets = s->store + n * (2 * ob + 2 * pb);
    int ok = 1;
    for (size_t i = 0; ok && i < n; i++) {
        pkc_ec_private_key a, b;
        size_t l;
        ok = pkc_ec_keygen(&a, curve, &rng) == PKC_OK && pkc_ec_keygen(&b, curve, &rng) == PKC_OK;
        for (int side = 0; ok && side < 2; side++) {
            pkc_ec_private_key *k = side ? &b : &a;
            bench_ec_material *m = side ? &s->pub.peers[i] : &s->pub.keys[i];
            m->curve = curve;
            ok = pkc_ec_private_key_to_bytes(k, w, ob, &l) == PKC_OK;
            m->d = side ? NULL : w; /* the peer is a public key */
            m->dlen = side ? 0 : ob;
            w += ob;
            ok = ok && pkc_ec_point_encode(&k->pub, 0, w, pb, &l) == PKC_OK;
            m->q = w;
            m->qlen = pb;
            w += pb;
        }
        ok = ok && pkc_ecdh(&a, &b.pub, secrets + i * fb, fb, &l) == PKC_OK;
        pkc_ec_private_key_wipe(&a);
        pkc_ec_private_key_wipe(&b);
    }
    pkc_rng_wipe(&rng);
    if (!ok) {
        snprintf(err, errlen, "could not build the %s key pool", ci->name);
        return NULL;
    }
    s->pub.curve = curve;
    s->pub.count = n;
    s->pub.secrets = secrets;
    s->pub.secret_len = fb;
    s->pub.build_s = (double)(bench_now_ns() - t0) / 1e9;
    s->built = 1;
    return &s->pub;
}

/* ---- X25519, Ed25519, X448, Ed448 ----------------------------------------- */

/* One key: its raw private (NULL: public only) and public halves into w. */
static int ecx_pool_key(bench_alg alg, unsigned bits, pkc_rng *rng, uint8_t *priv, uint8_t *pub)
{
    if (alg == BENCH_EDDSA && bits == BENCH_ECX_25519) {
        pkc_ed25519_key k;
        int ok = pkc_ed25519_keygen(&k, rng) == PKC_OK;
        memcpy(priv, k.seed, 32);
        memcpy(pub, k.pub, 32);
        pkc_ed25519_key_wipe(&k);
        return ok;
    }
    if (alg == BENCH_EDDSA) {
        pkc_ed448_key k;
        int ok = pkc_ed448_keygen(&k, rng) == PKC_OK;
        memcpy(priv, k.seed, 57);
        memcpy(pub, k.pub, 57);
        pkc_ed448_key_wipe(&k);
        return ok;
    }
    return bits == BENCH_ECX_25519 ? pkc_x25519_keygen(priv, pub, rng) == PKC_OK
                                   : pkc_x448_keygen(priv, pub, rng) == PKC_OK;
}

const bench_ecx_pool *bench_pools_ecx(bench_pools *p, bench_alg alg, unsigned bits, char *err,
                                      size_t errlen)
{
    const char *name = bench_ecx_name(alg, bits);
    if (!name) {
        snprintf(err, errlen, "unknown curve");
        return NULL;
    }
    ecx_slot *s = &p->ecx[(alg == BENCH_XDH) * 2 + (bits == BENCH_ECX_448)];
    if (s->built)
        return s->built > 0 ? &s->pub : NULL;
    s->built = -1;
    uint64_t t0 = bench_now_ns();
    size_t n = p->size, len = bits == BENCH_ECX_25519 ? 32 : alg == BENCH_EDDSA ? 57 : 56;
    /* per entry: key (priv, pub), peer (priv, pub), secret */
    s->storelen = n * 5 * len;
    s->store = malloc(s->storelen);
    s->pub.keys = calloc(n, sizeof *s->pub.keys);
    s->pub.peers = calloc(n, sizeof *s->pub.peers);
    pkc_rng rng;
    if (!s->store || !s->pub.keys || !s->pub.peers ||
        pool_rng(p, &rng, 0x4558000000000000ULL | (uint64_t)alg << 32 | bits) != 0) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    uint8_t *w = s->store, *secrets = s->store + n * 4 * len;
    int ok = 1;
    for (size_t i = 0; ok && i < n; i++) {
        for (int side = 0; ok && side < 2; side++, w += 2 * len) {
            bench_ecx_material *m = side ? &s->pub.peers[i] : &s->pub.keys[i];
            ok = ecx_pool_key(alg, bits, &rng, w, w + len);
            m->alg = alg;
            m->bits = bits;
            m->priv = side ? NULL : w; /* the peer is a public key */
            m->pub = w + len;
            m->len = len;
        }
        if (ok && alg == BENCH_XDH)
            ok = (bits == BENCH_ECX_25519
                      ? pkc_x25519(secrets + i * len, s->pub.keys[i].priv, s->pub.peers[i].pub)
                      : pkc_x448(secrets + i * len, s->pub.keys[i].priv, s->pub.peers[i].pub)) ==
                 PKC_OK;
    }
    pkc_rng_wipe(&rng);
    if (!ok) {
        snprintf(err, errlen, "could not build the %s key pool", name);
        return NULL;
    }
    s->pub.alg = alg;
    s->pub.bits = bits;
    s->pub.count = n;
    s->pub.len = len;
    s->pub.secrets = alg == BENCH_XDH ? secrets : NULL;
    s->pub.build_s = (double)(bench_now_ns() - t0) / 1e9;
    s->built = 1;
    return &s->pub;
}

/* ---- messages ----------------------------------------------------------- */

const uint8_t *bench_pools_message(bench_pools *p, size_t i, size_t len)
{
    for (int k = 0; k < p->nmsg; k++)
        if (p->msg[k].len == len)
            return p->msg[k].buf + i % p->size;
    if (p->nmsg == (int)(sizeof p->msg / sizeof p->msg[0]))
        return NULL;
    size_t need = len + p->size;
    uint8_t *m = malloc(need ? need : 1);
    if (!m)
        return NULL;
    /* byte j = (7 j + 1) mod 256: message i is bytes i .. i + len - 1 */
    for (size_t j = 0; j < need; j++)
        m[j] = (uint8_t)(7 * j + 1);
    p->msg[p->nmsg].len = len;
    p->msg[p->nmsg].buf = m;
    p->nmsg++;
    return m + i % p->size;
}

void bench_kex_message(uint8_t m[BENCH_KEX_LEN])
{
    for (int i = 0; i < BENCH_KEX_LEN; i++)
        m[i] = (uint8_t)(3 * i + 5);
}
