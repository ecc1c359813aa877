/* pkc bench — provider "nettle": Nettle / hogweed on GMP.
 *
 *   RSA      rsa_generate_keypair (e = 65537); SHA-256 then
 *            rsa_sha256_sign_digest_tr / rsa_sha256_verify_digest (v1.5),
 *            rsa_pss_sha256_sign_digest_tr (32-byte random salt) /
 *            rsa_pss_sha256_verify_digest; private = rsa_compute_root_tr
 *            (CRT, blinded, checked). Nettle 3.8 has no OAEP and no raw
 *            public-key function: encrypt, decrypt and public are absent.
 *   ECDSA    the curves Nettle has (secp192r1, secp224r1, secp256r1,
 *            secp384r1, secp521r1): ecdsa_generate_keypair, ecdsa_sign,
 *            ecdsa_verify (signatures as r, s integers: Nettle has no DER)
 *   ECDH     keygen = ecdsa_generate_keypair; derive = ecc_point_mul on the
 *            peer point and the x coordinate (Nettle has no ECDH wrapper;
 *            this is the primitive ECDH is)
 *   SHA-256  sha256_init/update/digest
 * Randomness: Yarrow-256 seeded from getrandom().
 */
#include <gmp.h>
#include <nettle/bignum.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#include <nettle/rsa.h>
#include <nettle/sha2.h>
#include <nettle/version.h>
#include <nettle/yarrow.h>
#include <sys/random.h>

#include "prov_util.h"

typedef struct {
    struct rsa_public_key pub;
    struct rsa_private_key key;
} nt_rsa;

typedef struct {
    bench_params p;
    struct yarrow256_ctx rnd;
    nt_rsa *rsa;
    const struct ecc_curve *ecc;
    struct ecc_point Q, R;
    struct ecc_scalar d;
    int ec_init;
    mpz_t s, x, y, in;
    struct dsa_signature sig;
    uint8_t out[64];
    size_t k;
} nt_state;

static prov_key_slot rsa_cache[PROV_KEY_SLOTS];
static struct yarrow256_ctx cache_rnd;
static int cache_rnd_ready;

static const char *nt_version(void)
{
    static char v[32];
    snprintf(v, sizeof v, "Nettle %d.%d", nettle_version_major(), nettle_version_minor());
    return v;
}

static const struct ecc_curve *nt_curve(int curve)
{
    const char *n = bench_curves[curve].name;
    if (!strcmp(n, "secp192r1"))
        return nettle_get_secp_192r1();
    if (!strcmp(n, "secp224r1"))
        return nettle_get_secp_224r1();
    if (!strcmp(n, "secp256r1"))
        return nettle_get_secp_256r1();
    if (!strcmp(n, "secp384r1"))
        return nettle_get_secp_384r1();
    if (!strcmp(n, "secp521r1"))
        return nettle_get_secp_521r1();
    return NULL; /* the Koblitz curves are not in Nettle */
}

static int nt_supports(const bench_params *p)
{
    switch (p->alg) {
    case BENCH_RSA:
        return prov_rsa_bits_ok(p->bits) &&
               (p->op == BENCH_OP_KEYGEN || p->op == BENCH_OP_SIGN || p->op == BENCH_OP_VERIFY ||
                p->op == BENCH_OP_SIGN_PSS || p->op == BENCH_OP_VERIFY_PSS ||
                p->op == BENCH_OP_PRIVATE);
    case BENCH_ECDSA:
    case BENCH_ECDH:
        return p->curve >= 0 && p->curve < BENCH_NCURVES && nt_curve(p->curve) != NULL;
    case BENCH_SHA256:
        return 1;
    default:
        return 0;
    }
}

static int seed_yarrow(struct yarrow256_ctx *y)
{
    uint8_t seed[YARROW256_SEED_FILE_SIZE];
    if (getrandom(seed, sizeof seed, 0) != (ssize_t)sizeof seed)
        return -1;
    yarrow256_init(y, 0, NULL);
    yarrow256_seed(y, sizeof seed, seed);
    return 0;
}

static nt_rsa *rsa_gen(unsigned bits, struct yarrow256_ctx *rnd)
{
    nt_rsa *k = malloc(sizeof *k);
    if (!k)
        return NULL;
    rsa_public_key_init(&k->pub);
    rsa_private_key_init(&k->key);
    mpz_set_ui(k->pub.e, 65537);
    if (!rsa_generate_keypair(&k->pub, &k->key, rnd, (nettle_random_func *)yarrow256_random, NULL,
                              NULL, bits, 0)) {
        rsa_public_key_clear(&k->pub);
        rsa_private_key_clear(&k->key);
        free(k);
        return NULL;
    }
    return k;
}

static void rsa_free(nt_rsa *k)
{
    if (!k)
        return;
    rsa_public_key_clear(&k->pub);
    rsa_private_key_clear(&k->key);
    free(k);
}

static nt_rsa *rsa_key(unsigned bits)
{
    nt_rsa *k = prov_cache_get(rsa_cache, bits);
    if (k)
        return k;
    if (!cache_rnd_ready) {
        if (seed_yarrow(&cache_rnd) != 0)
            return NULL;
        cache_rnd_ready = 1;
    }
    k = rsa_gen(bits, &cache_rnd);
    if (k)
        prov_cache_put(rsa_cache, bits, k);
    return k;
}

static void digest(const bench_params *p, uint8_t h[32])
{
    struct sha256_ctx c;
    sha256_init(&c);
    sha256_update(&c, p->msg_len, p->msg);
    sha256_digest(&c, 32, h);
}

static int is_pss(const nt_state *s)
{
    return s->p.op == BENCH_OP_SIGN_PSS || s->p.op == BENCH_OP_VERIFY_PSS;
}

/* signature into s->s (RSA) or s->sig (ECDSA) */
static int nt_sign(nt_state *s, mpz_t out, struct dsa_signature *sig)
{
    uint8_t h[32];
    digest(&s->p, h);
    if (s->p.alg == BENCH_RSA) {
        if (is_pss(s)) {
            uint8_t salt[32];
            yarrow256_random(&s->rnd, sizeof salt, salt);
            return rsa_pss_sha256_sign_digest_tr(&s->rsa->pub, &s->rsa->key, &s->rnd,
                                                 (nettle_random_func *)yarrow256_random, 32, salt,
                                                 h, out)
                       ? 0
                       : -1;
        }
        return rsa_sha256_sign_digest_tr(&s->rsa->pub, &s->rsa->key, &s->rnd,
                                         (nettle_random_func *)yarrow256_random, h, out)
                   ? 0
                   : -1;
    }
    ecdsa_sign(&s->d, &s->rnd, (nettle_random_func *)yarrow256_random, 32, h, sig);
    return 0;
}

/* 1 valid */
static int nt_verify(nt_state *s, const mpz_t sigv, const struct dsa_signature *sig)
{
    uint8_t h[32];
    digest(&s->p, h);
    if (s->p.alg == BENCH_RSA)
        return is_pss(s) ? rsa_pss_sha256_verify_digest(&s->rsa->pub, 32, h, sigv)
                         : rsa_sha256_verify_digest(&s->rsa->pub, h, sigv);
    return ecdsa_verify(&s->Q, 32, h, sig);
}

static void nt_teardown(void *st)
{
    nt_state *s = st;
    if (!s)
        return;
    if (s->ec_init) {
        ecc_point_clear(&s->Q);
        ecc_point_clear(&s->R);
        ecc_scalar_clear(&s->d);
    }
    mpz_clears(s->s, s->x, s->y, s->in, NULL);
    dsa_signature_clear(&s->sig);
    free(s);
}

static void *nt_setup(const bench_params *p, char *err, size_t errlen)
{
    nt_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    mpz_inits(s->s, s->x, s->y, s->in, NULL);
    dsa_signature_init(&s->sig);
    if (seed_yarrow(&s->rnd) != 0)
        goto fail;
    switch (p->alg) {
    case BENCH_SHA256:
        return s;
    case BENCH_RSA:
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        s->rsa = rsa_key(p->bits);
        if (!s->rsa) {
            prov_err(err, errlen, "RSA-%u key generation failed", p->bits);
            goto fail;
        }
        s->k = s->rsa->pub.size;
        if (p->op == BENCH_OP_VERIFY || p->op == BENCH_OP_VERIFY_PSS) {
            if (nt_sign(s, s->s, NULL) != 0)
                goto fail;
        } else if (p->op == BENCH_OP_PRIVATE) {
            uint8_t in[2048];
            if (s->k > sizeof in)
                goto fail;
            prov_raw_input(in, s->k);
            mpz_import(s->in, s->k, 1, 1, 0, 0, in);
        }
        return s;
    case BENCH_ECDSA:
    case BENCH_ECDH:
        s->ecc = nt_curve(p->curve);
        if (!s->ecc)
            goto fail;
        ecc_point_init(&s->Q, s->ecc);
        ecc_point_init(&s->R, s->ecc);
        ecc_scalar_init(&s->d, s->ecc);
        s->ec_init = 1;
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        if (p->op == BENCH_OP_DERIVE) {
            size_t fb = (p->ecdh_qlen - 1) / 2;
            mpz_import(s->x, p->ecdh_dlen, 1, 1, 0, 0, p->ecdh_d);
            int ok = ecc_scalar_set(&s->d, s->x);
            mpz_import(s->x, fb, 1, 1, 0, 0, p->ecdh_q + 1);
            mpz_import(s->y, fb, 1, 1, 0, 0, p->ecdh_q + 1 + fb);
            if (!ok || p->ecdh_q[0] != 4 || !ecc_point_set(&s->Q, s->x, s->y)) {
                prov_err(err, errlen, "cannot import the ECDH test keys");
                goto fail;
            }
            return s;
        }
        ecdsa_generate_keypair(&s->Q, &s->d, &s->rnd, (nettle_random_func *)yarrow256_random);
        if (p->op == BENCH_OP_VERIFY)
            nt_sign(s, NULL, &s->sig);
        return s;
    default:
        break;
    }
fail:
    if (err && !err[0])
        prov_err(err, errlen, "Nettle setup failed");
    nt_teardown(s);
    return NULL;
}

static int nt_derive(nt_state *s)
{
    ecc_point_mul(&s->R, &s->d, &s->Q);
    ecc_point_get(&s->R, s->x, NULL);
    size_t fb = (s->p.ecdh_qlen - 1) / 2;
    size_t n = (mpz_sizeinbase(s->x, 2) + 7) / 8;
    if (n > fb)
        return -1;
    memset(s->out, 0, fb - n);
    mpz_export(s->out + fb - n, NULL, 1, 1, 0, 0, s->x);
    return 0;
}

static int nt_run(void *st, uint64_t n)
{
    nt_state *s = st;
    const bench_params *p = &s->p;
    for (uint64_t i = 0; i < n; i++) {
        switch (p->alg) {
        case BENCH_SHA256:
            digest(p, s->out);
            break;
        case BENCH_RSA:
            switch (p->op) {
            case BENCH_OP_KEYGEN: {
                nt_rsa *k = rsa_gen(p->bits, &s->rnd);
                if (!k)
                    return -1;
                rsa_free(k);
                break;
            }
            case BENCH_OP_SIGN:
            case BENCH_OP_SIGN_PSS:
                if (nt_sign(s, s->x, NULL) != 0)
                    return -1;
                break;
            case BENCH_OP_VERIFY:
            case BENCH_OP_VERIFY_PSS:
                if (!nt_verify(s, s->s, NULL))
                    return -1;
                break;
            case BENCH_OP_PRIVATE:
                if (!rsa_compute_root_tr(&s->rsa->pub, &s->rsa->key, &s->rnd,
                                         (nettle_random_func *)yarrow256_random, s->x, s->in))
                    return -1;
                break;
            default:
                return -1;
            }
            break;
        case BENCH_ECDSA:
        case BENCH_ECDH:
            switch (p->op) {
            case BENCH_OP_KEYGEN:
                ecdsa_generate_keypair(&s->R, &s->d, &s->rnd,
                                       (nettle_random_func *)yarrow256_random);
                break;
            case BENCH_OP_SIGN: {
                struct dsa_signature sig;
                dsa_signature_init(&sig);
                nt_sign(s, NULL, &sig);
                dsa_signature_clear(&sig);
                break;
            }
            case BENCH_OP_VERIFY:
                if (!nt_verify(s, NULL, &s->sig))
                    return -1;
                break;
            case BENCH_OP_DERIVE:
                if (nt_derive(s) != 0)
                    return -1;
                break;
            default:
                return -1;
            }
            break;
        default:
            return -1;
        }
    }
    return 0;
}

static int nt_check(void *st, uint8_t *out, size_t *outlen, char *err, size_t errlen)
{
    nt_state *s = st;
    const bench_params *p = &s->p;
    if (p->alg == BENCH_SHA256 || p->op == BENCH_OP_DERIVE) {
        if (nt_run(s, 1) != 0)
            return -1;
        size_t l = p->alg == BENCH_SHA256 ? 32 : (p->ecdh_qlen - 1) / 2;
        if (l > *outlen)
            return -1;
        memcpy(out, s->out, l);
        *outlen = l;
        return 0;
    }
    switch (p->op) {
    case BENCH_OP_KEYGEN:
        if (p->alg == BENCH_RSA) {
            nt_rsa *k = rsa_gen(p->bits, &s->rnd);
            int ok = k && mpz_sizeinbase(k->pub.n, 2) == p->bits;
            rsa_free(k);
            if (!ok) {
                prov_err(err, errlen, "the generated key is not an RSA-%u key", p->bits);
                return -1;
            }
            return 0;
        }
        return nt_run(s, 1);
    case BENCH_OP_SIGN:
    case BENCH_OP_SIGN_PSS:
    case BENCH_OP_VERIFY:
    case BENCH_OP_VERIFY_PSS: {
        mpz_t v;
        struct dsa_signature sig;
        mpz_init(v);
        dsa_signature_init(&sig);
        int rc = -1;
        if (p->op == BENCH_OP_SIGN || p->op == BENCH_OP_SIGN_PSS) {
            if (nt_sign(s, v, &sig) != 0) {
                prov_err(err, errlen, "signing failed");
                goto done;
            }
        } else {
            mpz_set(v, s->s);
            mpz_set(sig.r, s->sig.r);
            mpz_set(sig.s, s->sig.s);
        }
        if (!nt_verify(s, v, &sig)) {
            prov_err(err, errlen, "the signature does not verify");
            goto done;
        }
        mpz_add_ui(v, v, 1);
        mpz_add_ui(sig.s, sig.s, 1);
        if (nt_verify(s, v, &sig)) {
            prov_err(err, errlen, "a tampered signature verifies");
            goto done;
        }
        rc = 0;
    done:
        mpz_clear(v);
        dsa_signature_clear(&sig);
        return rc;
    }
    case BENCH_OP_PRIVATE: {
        if (!rsa_compute_root_tr(&s->rsa->pub, &s->rsa->key, &s->rnd,
                                 (nettle_random_func *)yarrow256_random, s->x, s->in))
            return -1;
        mpz_powm(s->y, s->x, s->rsa->pub.e, s->rsa->pub.n);
        if (mpz_cmp(s->y, s->in) != 0) {
            prov_err(err, errlen, "x^d^e != x");
            return -1;
        }
        return 0;
    }
    default:
        return -1;
    }
}

const bench_provider bench_prov_nettle = {
    .name = "nettle",
    .library = "Nettle / hogweed",
    .version = nt_version,
    .supports = nt_supports,
    .setup = nt_setup,
    .run = nt_run,
    .check = nt_check,
    .teardown = nt_teardown,
    .ec_pubkey = NULL,
};
