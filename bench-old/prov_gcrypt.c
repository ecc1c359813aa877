/* pkc bench — provider "gcrypt": libgcrypt (GnuPG's library) through its
 * S-expression interface, gcry_pk_*.
 *
 *   RSA      gcry_pk_genkey (rsa-use-e 65537); sign/verify with
 *            (flags pkcs1) or (flags pss)(salt-length 32) over
 *            (hash sha256 ...); OAEP = (flags oaep)(hash-algo sha256);
 *            raw = (flags raw) encrypt / decrypt (private: CRT, blinded)
 *   ECDSA    gcry_pk_genkey (ecdsa (curve ...)), gcry_pk_sign/verify of
 *            (flags raw)(value SHA-256(message)), random nonce
 *   ECDH     keygen = gcry_pk_genkey (ecc (curve ...)); derive =
 *            gcry_pk_decrypt of (enc-val (ecdh (e Q))) with the private key
 *            (libgcrypt's ECDH primitive), x taken from the point
 *   SHA-256  gcry_md_hash_buffer
 * Building the S-expressions is part of every operation: that is the API.
 * A curve is offered only if this libgcrypt can generate a key on it.
 */
#include <gcrypt.h>

#include "prov_util.h"

typedef struct {
    bench_params p;
    gcry_sexp_t skey, pkey;   /* RSA: from the cache */
    gcry_sexp_t sig;          /* signature / ciphertext / ECDH input */
    gcry_mpi_t in;
    uint8_t out[256];
    size_t k;                 /* RSA modulus bytes */
    size_t fbytes;            /* EC field bytes */
    int own_keys;
} gc_state;

typedef struct {
    gcry_sexp_t skey, pkey;
} gc_rsa;

static prov_key_slot rsa_cache[PROV_KEY_SLOTS];
static signed char curve_probe[BENCH_NCURVES];
static int gc_ready;

static void gc_init(void)
{
    if (gc_ready)
        return;
    gcry_check_version(NULL);
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    gc_ready = 1;
}

static const char *gc_version(void)
{
    static char v[48];
    gc_init();
    snprintf(v, sizeof v, "libgcrypt %s", gcry_check_version(NULL));
    return v;
}

static const char *gc_curve_name(int curve)
{
    static const char *const names[BENCH_NCURVES] = {"secp192k1",  "NIST P-192", "secp224k1",
                                                     "NIST P-224", "secp256k1",  "NIST P-256",
                                                     "NIST P-384", "NIST P-521"};
    return names[curve];
}

static int genkey(const char *spec, gcry_sexp_t *skey, gcry_sexp_t *pkey)
{
    gcry_sexp_t parms = NULL, key = NULL;
    int rc = -1;
    if (gcry_sexp_new(&parms, spec, 0, 1) == 0 && gcry_pk_genkey(&key, parms) == 0) {
        *skey = gcry_sexp_find_token(key, "private-key", 0);
        *pkey = gcry_sexp_find_token(key, "public-key", 0);
        rc = *skey && *pkey ? 0 : -1;
        if (rc) {
            gcry_sexp_release(*skey);
            gcry_sexp_release(*pkey);
        }
    }
    gcry_sexp_release(parms);
    gcry_sexp_release(key);
    return rc;
}

static int ec_genkey(int curve, int ecdsa, gcry_sexp_t *skey, gcry_sexp_t *pkey)
{
    char spec[96];
    snprintf(spec, sizeof spec, "(genkey (%s (curve \"%s\")))", ecdsa ? "ecdsa" : "ecc",
             gc_curve_name(curve));
    return genkey(spec, skey, pkey);
}

static int curve_ok(int curve)
{
    if (curve < 0 || curve >= BENCH_NCURVES)
        return 0;
    if (!curve_probe[curve]) {
        gcry_sexp_t s = NULL, p = NULL;
        gc_init();
        curve_probe[curve] = ec_genkey(curve, 1, &s, &p) == 0 ? 1 : -1;
        gcry_sexp_release(s);
        gcry_sexp_release(p);
    }
    return curve_probe[curve] > 0;
}

static int gc_supports(const bench_params *p)
{
    gc_init();
    switch (p->alg) {
    case BENCH_RSA:
        return prov_rsa_op(p->op) && prov_rsa_bits_ok(p->bits);
    case BENCH_ECDSA:
    case BENCH_ECDH:
        return curve_ok(p->curve);
    case BENCH_SHA256:
        return 1;
    default:
        return 0;
    }
}

static int rsa_genkey(unsigned bits, gcry_sexp_t *skey, gcry_sexp_t *pkey)
{
    char spec[96];
    snprintf(spec, sizeof spec, "(genkey (rsa (nbits %u:%u)(rsa-use-e 5:65537)))",
             bits >= 10000 ? 5 : 4, bits);
    return genkey(spec, skey, pkey);
}

static gc_rsa *rsa_key(unsigned bits)
{
    gc_rsa *k = prov_cache_get(rsa_cache, bits);
    if (k)
        return k;
    k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    if (rsa_genkey(bits, &k->skey, &k->pkey) != 0) {
        free(k);
        return NULL;
    }
    prov_cache_put(rsa_cache, bits, k);
    return k;
}

static const char *sig_flags(const gc_state *s)
{
    if (s->p.alg != BENCH_RSA)
        return "";
    return s->p.op == BENCH_OP_SIGN_PSS || s->p.op == BENCH_OP_VERIFY_PSS
               ? "(flags pss)(salt-length 2:32)"
               : "(flags pkcs1)";
}

static int data_sexp(const gc_state *s, gcry_sexp_t *data)
{
    unsigned char h[32];
    gcry_md_hash_buffer(GCRY_MD_SHA256, h, s->p.msg, s->p.msg_len);
    char fmt[96];
    /* ECDSA: the hash as the value to sign (a (hash ...) element without
     * flags is refused for ECC keys) */
    if (s->p.alg == BENCH_RSA)
        snprintf(fmt, sizeof fmt, "(data %s(hash sha256 %%b))", sig_flags(s));
    else
        snprintf(fmt, sizeof fmt, "(data (flags raw)(value %%b))");
    return gcry_sexp_build(data, NULL, fmt, 32, h) == 0 ? 0 : -1;
}

static int gc_sign(gc_state *s, gcry_sexp_t *sig)
{
    gcry_sexp_t data;
    if (data_sexp(s, &data) != 0)
        return -1;
    int rc = gcry_pk_sign(sig, data, s->skey) == 0 ? 0 : -1;
    gcry_sexp_release(data);
    return rc;
}

/* 1 valid */
static int gc_verify(gc_state *s, gcry_sexp_t sig)
{
    gcry_sexp_t data;
    if (data_sexp(s, &data) != 0)
        return 0;
    int ok = gcry_pk_verify(sig, data, s->pkey) == 0;
    gcry_sexp_release(data);
    return ok;
}

static int oaep_encrypt(gc_state *s, gcry_sexp_t *ct)
{
    unsigned char m[PROV_KEX_LEN];
    gcry_sexp_t data;
    prov_kex_message(m);
    if (gcry_sexp_build(&data, NULL, "(data (flags oaep)(hash-algo sha256)(value %b))",
                        PROV_KEX_LEN, m) != 0)
        return -1;
    int rc = gcry_pk_encrypt(ct, data, s->pkey) == 0 ? 0 : -1;
    gcry_sexp_release(data);
    return rc;
}

/* OAEP decryption of s->sig (an enc-val with the flags); 0 if it gives back
 * the message. */
static int oaep_decrypt(gc_state *s, int check)
{
    gcry_sexp_t pt = NULL;
    if (gcry_pk_decrypt(&pt, s->sig, s->skey) != 0)
        return -1;
    int rc = 0;
    if (check) {
        unsigned char m[PROV_KEX_LEN];
        size_t l = 0;
        const char *v = gcry_sexp_nth_data(pt, 1, &l);
        gcry_sexp_t tok = NULL;
        if (!v) {
            tok = gcry_sexp_find_token(pt, "value", 0);
            v = tok ? gcry_sexp_nth_data(tok, 1, &l) : NULL;
        }
        prov_kex_message(m);
        rc = v && l == PROV_KEX_LEN && memcmp(v, m, PROV_KEX_LEN) == 0 ? 0 : -1;
        gcry_sexp_release(tok);
    }
    gcry_sexp_release(pt);
    return rc;
}

/* raw private (decrypt, flags raw) or public (encrypt, flags raw) of x */
static int raw_op(gc_state *s, int priv, gcry_mpi_t x, gcry_mpi_t *y)
{
    gcry_sexp_t in = NULL, out = NULL;
    int rc = -1;
    if (priv) {
        if (gcry_sexp_build(&in, NULL, "(enc-val (flags raw)(rsa (a %m)))", x) == 0 &&
            gcry_pk_decrypt(&out, in, s->skey) == 0)
            rc = 0;
    } else {
        if (gcry_sexp_build(&in, NULL, "(data (flags raw)(value %m))", x) == 0 &&
            gcry_pk_encrypt(&out, in, s->pkey) == 0)
            rc = 0;
    }
    if (rc == 0 && y) {
        gcry_sexp_t tok = gcry_sexp_find_token(out, priv ? "value" : "a", 0);
        *y = tok ? gcry_sexp_nth_mpi(tok, 1, GCRYMPI_FMT_USG) : NULL;
        if (!*y && priv)
            *y = gcry_sexp_nth_mpi(out, 0, GCRYMPI_FMT_USG);
        gcry_sexp_release(tok);
        rc = *y ? 0 : -1;
    }
    gcry_sexp_release(in);
    gcry_sexp_release(out);
    return rc;
}

static int ecdh_derive(gc_state *s, uint8_t *out)
{
    gcry_sexp_t r = NULL;
    if (gcry_pk_decrypt(&r, s->sig, s->skey) != 0)
        return -1;
    size_t l = 0;
    gcry_sexp_t tok = gcry_sexp_find_token(r, "value", 0);
    const char *v = tok ? gcry_sexp_nth_data(tok, 1, &l) : gcry_sexp_nth_data(r, 1, &l);
    int rc = -1;
    if (v && l == 1 + 2 * s->fbytes && v[0] == 4) {
        memcpy(out, v + 1, s->fbytes);
        rc = 0;
    }
    gcry_sexp_release(tok);
    gcry_sexp_release(r);
    return rc;
}

static void gc_teardown(void *st)
{
    gc_state *s = st;
    if (!s)
        return;
    if (s->own_keys) {
        gcry_sexp_release(s->skey);
        gcry_sexp_release(s->pkey);
    }
    gcry_sexp_release(s->sig);
    gcry_mpi_release(s->in);
    free(s);
}

static void *gc_setup(const bench_params *p, char *err, size_t errlen)
{
    gc_init();
    gc_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    switch (p->alg) {
    case BENCH_SHA256:
        return s;
    case BENCH_RSA: {
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        gc_rsa *k = rsa_key(p->bits);
        if (!k) {
            prov_err(err, errlen, "RSA-%u key generation failed", p->bits);
            goto fail;
        }
        s->skey = k->skey;
        s->pkey = k->pkey;
        s->k = (gcry_pk_get_nbits(s->pkey) + 7) / 8;
        switch (p->op) {
        case BENCH_OP_VERIFY:
        case BENCH_OP_VERIFY_PSS:
            if (gc_sign(s, &s->sig) != 0)
                goto fail;
            break;
        case BENCH_OP_DECRYPT: {
            gcry_sexp_t ct = NULL;
            if (oaep_encrypt(s, &ct) != 0)
                goto fail;
            gcry_sexp_t a = gcry_sexp_find_token(ct, "a", 0);
            gcry_mpi_t am = a ? gcry_sexp_nth_mpi(a, 1, GCRYMPI_FMT_USG) : NULL;
            int ok = am && gcry_sexp_build(&s->sig, NULL,
                                           "(enc-val (flags oaep)(hash-algo sha256)(rsa (a %m)))",
                                           am) == 0;
            gcry_mpi_release(am);
            gcry_sexp_release(a);
            gcry_sexp_release(ct);
            if (!ok)
                goto fail;
            break;
        }
        case BENCH_OP_PRIVATE:
        case BENCH_OP_PUBLIC: {
            unsigned char in[2048];
            if (s->k > sizeof in)
                goto fail;
            prov_raw_input(in, s->k);
            if (gcry_mpi_scan(&s->in, GCRYMPI_FMT_USG, in, s->k, NULL) != 0)
                goto fail;
            break;
        }
        default:
            break;
        }
        return s;
    }
    case BENCH_ECDSA:
    case BENCH_ECDH:
        s->fbytes = (bench_curves[p->curve].field_bits + 7) / 8;
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        s->own_keys = 1;
        if (p->op == BENCH_OP_DERIVE) {
            if (gcry_sexp_build(&s->skey, NULL, "(private-key (ecc (curve %s)(d %b)))",
                                gc_curve_name(p->curve), (int)p->ecdh_dlen, p->ecdh_d) != 0 ||
                gcry_sexp_build(&s->sig, NULL, "(enc-val (ecdh (e %b)))", (int)p->ecdh_qlen,
                                p->ecdh_q) != 0) {
                prov_err(err, errlen, "cannot import the ECDH test keys");
                goto fail;
            }
            return s;
        }
        if (ec_genkey(p->curve, 1, &s->skey, &s->pkey) != 0)
            goto fail;
        if (p->op == BENCH_OP_VERIFY && gc_sign(s, &s->sig) != 0)
            goto fail;
        return s;
    default:
        break;
    }
fail:
    if (err && !err[0])
        prov_err(err, errlen, "libgcrypt setup failed");
    gc_teardown(s);
    return NULL;
}

static int gc_run(void *st, uint64_t n)
{
    gc_state *s = st;
    const bench_params *p = &s->p;
    for (uint64_t i = 0; i < n; i++) {
        gcry_sexp_t a = NULL, b = NULL;
        int rc = 0;
        if (p->alg == BENCH_SHA256) {
            gcry_md_hash_buffer(GCRY_MD_SHA256, s->out, p->msg, p->msg_len);
            continue;
        }
        switch (p->op) {
        case BENCH_OP_KEYGEN:
            rc = p->alg == BENCH_RSA ? rsa_genkey(p->bits, &a, &b)
                                     : ec_genkey(p->curve, p->alg == BENCH_ECDSA, &a, &b);
            break;
        case BENCH_OP_SIGN:
        case BENCH_OP_SIGN_PSS:
            rc = gc_sign(s, &a);
            break;
        case BENCH_OP_VERIFY:
        case BENCH_OP_VERIFY_PSS:
            rc = gc_verify(s, s->sig) ? 0 : -1;
            break;
        case BENCH_OP_ENCRYPT:
            rc = oaep_encrypt(s, &a);
            break;
        case BENCH_OP_DECRYPT:
            rc = oaep_decrypt(s, 0);
            break;
        case BENCH_OP_PRIVATE:
        case BENCH_OP_PUBLIC: {
            gcry_mpi_t y = NULL;
            rc = raw_op(s, p->op == BENCH_OP_PRIVATE, s->in, &y);
            gcry_mpi_release(y);
            break;
        }
        case BENCH_OP_DERIVE:
            rc = ecdh_derive(s, s->out);
            break;
        default:
            rc = -1;
        }
        gcry_sexp_release(a);
        gcry_sexp_release(b);
        if (rc != 0)
            return -1;
    }
    return 0;
}

static int gc_check(void *st, uint8_t *out, size_t *outlen, char *err, size_t errlen)
{
    gc_state *s = st;
    const bench_params *p = &s->p;
    if (p->alg == BENCH_SHA256) {
        gc_run(s, 1);
        memcpy(out, s->out, 32);
        *outlen = 32;
        return 0;
    }
    switch (p->op) {
    case BENCH_OP_DERIVE:
        if (ecdh_derive(s, out) != 0 || *outlen < s->fbytes) {
            prov_err(err, errlen, "ECDH failed");
            return -1;
        }
        *outlen = s->fbytes;
        return 0;
    case BENCH_OP_KEYGEN:
        if (p->alg == BENCH_RSA) {
            gcry_sexp_t a = NULL, b = NULL;
            int ok = rsa_genkey(p->bits, &a, &b) == 0 && gcry_pk_get_nbits(b) == p->bits &&
                     gcry_pk_testkey(a) == 0;
            gcry_sexp_release(a);
            gcry_sexp_release(b);
            if (!ok) {
                prov_err(err, errlen, "the generated key is not a valid RSA-%u key", p->bits);
                return -1;
            }
            return 0;
        }
        return gc_run(s, 1);
    case BENCH_OP_SIGN:
    case BENCH_OP_SIGN_PSS:
    case BENCH_OP_VERIFY:
    case BENCH_OP_VERIFY_PSS: {
        gcry_sexp_t sig = NULL;
        if (p->op == BENCH_OP_SIGN || p->op == BENCH_OP_SIGN_PSS) {
            if (gc_sign(s, &sig) != 0) {
                prov_err(err, errlen, "signing failed");
                return -1;
            }
        } else
            sig = gcry_sexp_find_token(s->sig, "sig-val", 0);
        int ok = sig && gc_verify(s, sig);
        /* tamper: verify the same signature over another message */
        int bad = 0;
        if (ok) {
            const uint8_t *m = s->p.msg;
            uint8_t *copy = malloc(s->p.msg_len);
            if (copy) {
                memcpy(copy, m, s->p.msg_len);
                copy[0] ^= 1;
                s->p.msg = copy;
                bad = gc_verify(s, sig);
                s->p.msg = m;
                free(copy);
            }
        }
        gcry_sexp_release(sig);
        if (!ok) {
            prov_err(err, errlen, "the signature does not verify");
            return -1;
        }
        if (bad) {
            prov_err(err, errlen, "a signature verifies for another message");
            return -1;
        }
        return 0;
    }
    case BENCH_OP_ENCRYPT:
    case BENCH_OP_DECRYPT: {
        if (p->op == BENCH_OP_ENCRYPT) {
            gcry_sexp_t ct = NULL;
            if (oaep_encrypt(s, &ct) != 0)
                return -1;
            gcry_sexp_t a = gcry_sexp_find_token(ct, "a", 0);
            gcry_mpi_t am = a ? gcry_sexp_nth_mpi(a, 1, GCRYMPI_FMT_USG) : NULL;
            gcry_sexp_release(s->sig);
            s->sig = NULL;
            int ok = am && gcry_sexp_build(&s->sig, NULL,
                                           "(enc-val (flags oaep)(hash-algo sha256)(rsa (a %m)))",
                                           am) == 0;
            gcry_mpi_release(am);
            gcry_sexp_release(a);
            gcry_sexp_release(ct);
            if (!ok)
                return -1;
        }
        if (oaep_decrypt(s, 1) != 0) {
            prov_err(err, errlen, "OAEP decryption does not give back the message");
            return -1;
        }
        return 0;
    }
    case BENCH_OP_PRIVATE:
    case BENCH_OP_PUBLIC: {
        gcry_mpi_t y = NULL, z = NULL;
        int priv = p->op == BENCH_OP_PRIVATE;
        int ok = raw_op(s, priv, s->in, &y) == 0 && raw_op(s, !priv, y, &z) == 0 &&
                 gcry_mpi_cmp(z, s->in) == 0;
        gcry_mpi_release(y);
        gcry_mpi_release(z);
        if (!ok) {
            prov_err(err, errlen, "the raw operation is not inverted by its counterpart");
            return -1;
        }
        return 0;
    }
    default:
        return -1;
    }
}

const bench_provider bench_prov_gcrypt = {
    .name = "gcrypt",
    .library = "libgcrypt, gcry_pk_* S-expressions",
    .version = gc_version,
    .supports = gc_supports,
    .setup = gc_setup,
    .run = gc_run,
    .check = gc_check,
    .teardown = gc_teardown,
    .ec_pubkey = NULL,
};
