/* pkc bench — provider "gcrypt": libgcrypt (GnuPG's library) through its
 * S-expression interface, gcry_pk_*.
 *
 *   RSA import     the key S-expression from n, e, d and the primes, the
 *                  smaller as p (libgcrypt's form: p < q, u = p^-1 mod q,
 *                  from gcry_mpi_invm), checked with gcry_pk_testkey
 *   RSA keygen     gcry_pk_genkey (rsa (nbits ...)(rsa-use-e 65537))
 *   sign/verify    gcry_md_hash_buffer (SHA-256), gcry_pk_sign /
 *                  gcry_pk_verify of (data (flags pkcs1)(hash sha256 ...)) or
 *                  (data (flags pss)(hash sha256 ...)(salt-length 32)) (MGF1
 *                  with the same hash); the signature is s, k bytes
 *   encrypt/dec.   gcry_pk_encrypt / gcry_pk_decrypt with (flags oaep)
 *                  (hash-algo sha256) (MGF1-SHA-256, empty label)
 *   private/public gcry_pk_decrypt / gcry_pk_encrypt with (flags raw)
 *                  (private: CRT, blinded)
 *   ECDSA          import: (private-key (ecc (curve ...)(q ...)(d ...))),
 *                  checked with gcry_pk_testkey; gcry_pk_genkey (ecc (curve
 *                  ...)); gcry_pk_sign / gcry_pk_verify of (data (flags raw)
 *                  (hash sha256 SHA-256(message))) with a random nonce; the
 *                  signature is r || s
 *   ECDH           gcry_pk_decrypt of (enc-val (ecdh (e Q))), built from the
 *                  peer's point on every call as a fresh exchange would
 *                  (libgcrypt's ECDH primitive: it checks Q is on the curve),
 *                  x taken from the point it returns
 *   SHA-256        gcry_md_hash_buffer
 *   X25519/X448    gcry_ecc_mul_point (GCRY_ECC_CURVE25519 / _CURVE448, since
 *                  1.9) on the raw little-endian RFC 7748 keys: the
 *                  dedicated call libgcrypt's manual gives for them ("the
 *                  S-expression based interface is not optimal for certain
 *                  operations on elliptic curves"), where the gcry_pk_decrypt
 *                  ECDH route would wrap the same ladder in key and
 *                  ciphertext S-expressions in GnuPG's conventions for
 *                  Curve25519 ((flags djb-tweak), a 0x40-prefixed point).
 *                  Import: the public key of a private one (mul_point of
 *                  the base point) compared with the pool's; keygen:
 *                  gcry_randomize and the base point; derive refuses an
 *                  all-zero secret (mul_point does not: RFC 7748 6.1)
 *   Ed25519/Ed448  gcry_pk_sign / gcry_pk_verify, pure and with an empty
 *                  context: key (ecc (curve Ed25519)(flags eddsa)(q A)(d
 *                  seed)) (Ed448: no flags, its curve is EdDSA's), data
 *                  (flags eddsa)(hash-algo sha512)(value M) (Ed448: (value
 *                  M)), signature (sig-val (eddsa (r R)(s S))) = R || S, 64 or
 *                  114 bytes; import checks the pool's public key is the
 *                  seed's (a signature libgcrypt makes from the seed alone
 *                  verifies under it: its "q@eddsa" is wrong on Ed448, see
 *                  ed_seed_matches); keygen gcry_pk_genkey
 *
 * Building the S-expressions is part of every operation: that is the API,
 * and libgcrypt parses a key's S-expression on every call (it keeps no
 * parsed key). A curve is offered when this libgcrypt knows its name
 * (gcry_pk_get_param: libgcrypt has prime192v1 and prime256v1 as aliases
 * but not X9.62 prime239v1, which is then not offered). Secure memory is
 * off: the pools hold more private keys than its locked pool can, so
 * libgcrypt does not wipe the key S-expressions when they are released (its
 * MPIs it does wipe).
 */
#include <gcrypt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "provider.h"
#include "sym_pad.h"

#define GC_SALT_LEN 32

static pthread_once_t gc_once = PTHREAD_ONCE_INIT;

static void gc_init_once(void)
{
    gcry_check_version(NULL);
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
}

/* libgcrypt must be initialised once, before any other call */
static void gc_init(void)
{
    pthread_once(&gc_once, gc_init_once);
}

static const char *gc_version(void)
{
    static char v[48];
    gc_init();
    snprintf(v, sizeof v, "libgcrypt %s", gcry_check_version(NULL));
    return v;
}

/* ---- S-expression helpers ---- */

/* The MPI that follows the token name in s, or, when there is no such
 * token, s's first element (libgcrypt's bare results). NULL if none. */
static gcry_mpi_t token_mpi(gcry_sexp_t s, const char *name)
{
    gcry_sexp_t tok = gcry_sexp_find_token(s, name, 0);
    gcry_mpi_t m = tok ? gcry_sexp_nth_mpi(tok, 1, GCRYMPI_FMT_USG)
                       : gcry_sexp_nth_mpi(s, 0, GCRYMPI_FMT_USG);
    gcry_sexp_release(tok);
    return m;
}

/* m as exactly len big-endian bytes; -1 if it does not fit */
static int mpi_to_bytes(gcry_mpi_t m, uint8_t *out, size_t len)
{
    size_t n = 0;
    if (!m || gcry_mpi_print(GCRYMPI_FMT_USG, NULL, 0, &n, m) != 0 || n > len)
        return -1;
    memset(out, 0, len - n);
    return gcry_mpi_print(GCRYMPI_FMT_USG, out + len - n, n, &n, m) == 0 ? 0 : -1;
}

/* The token name's value in s as len bytes (released afterwards). */
static int token_bytes(gcry_sexp_t s, const char *name, uint8_t *out, size_t len)
{
    gcry_mpi_t m = token_mpi(s, name);
    int rc = mpi_to_bytes(m, out, len);
    gcry_mpi_release(m);
    return rc;
}

/* The private and public parts of a gcry_pk_genkey result. */
static int split_keypair(gcry_sexp_t key, gcry_sexp_t *skey, gcry_sexp_t *pkey)
{
    *skey = gcry_sexp_find_token(key, "private-key", 0);
    *pkey = gcry_sexp_find_token(key, "public-key", 0);
    gcry_sexp_release(key);
    return *skey && *pkey ? 0 : -1;
}

static int genkey(gcry_sexp_t parms, gcry_sexp_t *skey, gcry_sexp_t *pkey)
{
    gcry_sexp_t key = NULL;
    int rc = parms && gcry_pk_genkey(&key, parms) == 0 ? split_keypair(key, skey, pkey) : -1;
    gcry_sexp_release(parms);
    return rc;
}

/* gcry_pk_verify's answer in the provider's terms: 1, 0 or -1 */
static int verdict(gcry_error_t rc)
{
    if (rc == 0)
        return 1;
    return gcry_err_code(rc) == GPG_ERR_BAD_SIGNATURE ? 0 : -1;
}

/* ---- RSA ---- */

typedef struct {
    gcry_sexp_t skey, pkey;
    size_t k;
} gc_rsa;

static int gc_rsa_supports(unsigned bits, bench_op op)
{
    return bits >= 1024 && bits <= 16384 && bits % 8 == 0 && op <= BENCH_OP_PUBLIC;
}

static void gc_rsa_free(void *key)
{
    gc_rsa *h = key;
    if (!h)
        return;
    gcry_sexp_release(h->skey);
    gcry_sexp_release(h->pkey);
    free(h);
}

static gc_rsa *rsa_wrap(gcry_sexp_t skey, gcry_sexp_t pkey)
{
    gc_rsa *h = calloc(1, sizeof *h);
    if (!h) {
        gcry_sexp_release(skey);
        gcry_sexp_release(pkey);
        return NULL;
    }
    h->skey = skey;
    h->pkey = pkey;
    h->k = (gcry_pk_get_nbits(pkey) + 7) / 8;
    return h;
}

static void *gc_rsa_generate(void *gen, unsigned bits)
{
    (void)gen;
    gcry_sexp_t parms = NULL, skey = NULL, pkey = NULL;
    gc_init();
    gcry_sexp_build(&parms, NULL, "(genkey (rsa (nbits %u)(rsa-use-e %u)))", bits, 65537u);
    if (genkey(parms, &skey, &pkey) != 0) {
        gcry_sexp_release(skey);
        gcry_sexp_release(pkey);
        return NULL;
    }
    return rsa_wrap(skey, pkey);
}

static gcry_mpi_t scan(const uint8_t *b, size_t len)
{
    gcry_mpi_t m = NULL;
    return gcry_mpi_scan(&m, GCRYMPI_FMT_USG, b, len, NULL) == 0 ? m : NULL;
}

static void *gc_rsa_import(const bench_rsa_material *m)
{
    gc_init();
    gcry_mpi_t n = scan(m->n, m->nlen), e = scan(m->e, m->elen), d = scan(m->d, m->dlen);
    gcry_mpi_t p = scan(m->p, m->plen), q = scan(m->q, m->qlen), u = gcry_mpi_new(0);
    gcry_sexp_t skey = NULL, pkey = NULL;
    if (n && e && d && p && q && u) {
        if (gcry_mpi_cmp(p, q) > 0)
            gcry_mpi_swap(p, q);
        if (gcry_mpi_invm(u, p, q) &&
            gcry_sexp_build(&skey, NULL,
                            "(private-key (rsa (n %m)(e %m)(d %m)(p %m)(q %m)(u %m)))", n, e,
                            d, p, q, u) == 0 &&
            gcry_pk_testkey(skey) == 0)
            gcry_sexp_build(&pkey, NULL, "(public-key (rsa (n %m)(e %m)))", n, e);
    }
    gcry_mpi_release(n);
    gcry_mpi_release(e);
    gcry_mpi_release(d);
    gcry_mpi_release(p);
    gcry_mpi_release(q);
    gcry_mpi_release(u);
    if (!pkey) {
        gcry_sexp_release(skey);
        return NULL;
    }
    return rsa_wrap(skey, pkey);
}

static int gc_rsa_modulus(void *key, uint8_t *out, size_t cap, size_t *len)
{
    gc_rsa *h = key;
    if (h->k > cap || token_bytes(h->pkey, "n", out, h->k) != 0)
        return -1;
    *len = h->k;
    return 0;
}

static int sig_data(int pss, const uint8_t *msg, size_t len, gcry_sexp_t *data)
{
    uint8_t dg[32];
    gcry_md_hash_buffer(GCRY_MD_SHA256, dg, msg, len);
    gcry_error_t rc =
        pss ? gcry_sexp_build(data, NULL, "(data (flags pss)(hash sha256 %b)(salt-length %u))",
                              (int)sizeof dg, dg, (unsigned)GC_SALT_LEN)
            : gcry_sexp_build(data, NULL, "(data (flags pkcs1)(hash sha256 %b))",
                              (int)sizeof dg, dg);
    return rc == 0 ? 0 : -1;
}

static int gc_rsa_sign(void *key, int pss, const uint8_t *msg, size_t len, uint8_t *sig,
                       size_t *siglen)
{
    gc_rsa *h = key;
    gcry_sexp_t data = NULL, s = NULL;
    int rc = -1;
    if (*siglen >= h->k && sig_data(pss, msg, len, &data) == 0 &&
        gcry_pk_sign(&s, data, h->skey) == 0 && token_bytes(s, "s", sig, h->k) == 0) {
        *siglen = h->k;
        rc = 0;
    }
    gcry_sexp_release(data);
    gcry_sexp_release(s);
    return rc;
}

static int gc_rsa_verify(void *key, int pss, const uint8_t *msg, size_t len, const uint8_t *sig,
                         size_t siglen)
{
    gc_rsa *h = key;
    gcry_sexp_t data = NULL, s = NULL;
    int rc = -1;
    if (siglen != h->k)
        return 0;
    if (sig_data(pss, msg, len, &data) == 0 &&
        gcry_sexp_build(&s, NULL, "(sig-val (rsa (s %b)))", (int)siglen, sig) == 0)
        rc = verdict(gcry_pk_verify(s, data, h->pkey));
    gcry_sexp_release(data);
    gcry_sexp_release(s);
    return rc;
}

static int gc_rsa_encrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                          size_t *outlen)
{
    gc_rsa *h = key;
    gcry_sexp_t data = NULL, ct = NULL;
    int rc = -1;
    if (*outlen >= h->k &&
        gcry_sexp_build(&data, NULL, "(data (flags oaep)(hash-algo sha256)(value %b))",
                        (int)inlen, in) == 0 &&
        gcry_pk_encrypt(&ct, data, h->pkey) == 0 && token_bytes(ct, "a", out, h->k) == 0) {
        *outlen = h->k;
        rc = 0;
    }
    gcry_sexp_release(data);
    gcry_sexp_release(ct);
    return rc;
}

static int gc_rsa_decrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                          size_t *outlen)
{
    gc_rsa *h = key;
    gcry_sexp_t ct = NULL, pt = NULL, tok = NULL;
    int rc = -1;
    if (gcry_sexp_build(&ct, NULL, "(enc-val (flags oaep)(hash-algo sha256)(rsa (a %b)))",
                        (int)inlen, in) == 0 &&
        gcry_pk_decrypt(&pt, ct, h->skey) == 0 && (tok = gcry_sexp_find_token(pt, "value", 0))) {
        size_t l = 0;
        const char *v = gcry_sexp_nth_data(tok, 1, &l);
        if (v && l <= *outlen) {
            memcpy(out, v, l);
            *outlen = l;
            rc = 0;
        }
    }
    gcry_sexp_release(ct);
    gcry_sexp_release(pt);
    gcry_sexp_release(tok);
    return rc;
}

/* Raw RSA (flags raw): the private operation is a decryption of (rsa (a
 * x)), its result (value y); the public one an encryption of (value x),
 * its result (rsa (a y)). */
static int raw_op(gc_rsa *h, int priv, const uint8_t *in, uint8_t *out)
{
    gcry_sexp_t arg = NULL, res = NULL;
    int rc = -1;
    gcry_error_t e =
        priv ? gcry_sexp_build(&arg, NULL, "(enc-val (flags raw)(rsa (a %b)))", (int)h->k, in)
             : gcry_sexp_build(&arg, NULL, "(data (flags raw)(value %b))", (int)h->k, in);
    if (e == 0 && (priv ? gcry_pk_decrypt(&res, arg, h->skey)
                        : gcry_pk_encrypt(&res, arg, h->pkey)) == 0)
        rc = token_bytes(res, priv ? "value" : "a", out, h->k);
    gcry_sexp_release(arg);
    gcry_sexp_release(res);
    return rc;
}

static int gc_rsa_private(void *key, const uint8_t *in, uint8_t *out)
{
    return raw_op(key, 1, in, out);
}

static int gc_rsa_public(void *key, const uint8_t *in, uint8_t *out)
{
    return raw_op(key, 0, in, out);
}

/* ---- elliptic curves ---- */

typedef struct {
    gcry_sexp_t skey, pkey;     /* skey NULL for a public key */
    const char *curve;          /* SEC 2 name, which libgcrypt knows */
    size_t fbytes, obytes;
    uint8_t q[PKC_EC_MAX_POINT_BYTES]; /* the point as received (ECDH) */
    size_t qlen;
} gc_ec;

static const char *gc_curve(pkc_curve_id curve)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    return ci ? ci->name : NULL;
}

static int gc_ec_supports(pkc_curve_id curve, bench_op op)
{
    (void)op;
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    /* libgcrypt has no binary (GF(2^m)) curves: none is asked for by name */
    if (!ci || ci->field != PKC_FIELD_PRIME)
        return 0;
    const char *name = gc_curve(curve);
    gc_init();
    gcry_sexp_t p = name ? gcry_pk_get_param(GCRY_PK_ECC, name) : NULL;
    gcry_sexp_release(p);
    return p != NULL;
}

static void gc_ec_free(void *key)
{
    gc_ec *h = key;
    if (!h)
        return;
    gcry_sexp_release(h->skey);
    gcry_sexp_release(h->pkey);
    free(h);
}

static gc_ec *ec_new(pkc_curve_id curve)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    gc_ec *h = ci ? calloc(1, sizeof *h) : NULL;
    if (!h)
        return NULL;
    h->curve = ci->name;
    h->fbytes = ci->field_bytes;
    h->obytes = ci->order_bytes;
    return h;
}

static void *gc_ec_generate(void *gen, pkc_curve_id curve)
{
    (void)gen;
    gc_init();
    gc_ec *h = ec_new(curve);
    gcry_sexp_t parms = NULL;
    if (!h || gcry_sexp_build(&parms, NULL, "(genkey (ecc (curve %s)))", h->curve) != 0 ||
        genkey(parms, &h->skey, &h->pkey) != 0) {
        gc_ec_free(h);
        return NULL;
    }
    return h;
}

static void *gc_ec_import(const bench_ec_material *m)
{
    gc_init();
    gc_ec *h = ec_new(m->curve);
    if (!h || m->qlen > sizeof h->q ||
        gcry_sexp_build(&h->pkey, NULL, "(public-key (ecc (curve %s)(q %b)))", h->curve,
                        (int)m->qlen, m->q) != 0)
        goto fail;
    memcpy(h->q, m->q, m->qlen);
    h->qlen = m->qlen;
    if (m->d && (gcry_sexp_build(&h->skey, NULL, "(private-key (ecc (curve %s)(q %b)(d %b)))",
                                 h->curve, (int)m->qlen, m->q, (int)m->dlen, m->d) != 0 ||
                 gcry_pk_testkey(h->skey) != 0))
        goto fail;
    return h;
fail:
    gc_ec_free(h);
    return NULL;
}

static int ec_data(const uint8_t *msg, size_t len, gcry_sexp_t *data)
{
    uint8_t dg[32];
    gcry_md_hash_buffer(GCRY_MD_SHA256, dg, msg, len);
    /* (hash sha256 H): libgcrypt keeps H's leftmost bits on an order
     * shorter than the digest (SEC 1 v2 section 4.1.3 step 5). The form
     * (value H) would take H as an integer and lose the standard's
     * truncation on secp192r1 and secp224r1. */
    return gcry_sexp_build(data, NULL, "(data (flags raw)(hash sha256 %b))", (int)sizeof dg,
                           dg) == 0
               ? 0
               : -1;
}

static int gc_ec_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    gc_ec *h = key;
    gcry_sexp_t data = NULL, s = NULL;
    int rc = -1;
    if (h->skey && *siglen >= 2 * h->obytes && ec_data(msg, len, &data) == 0 &&
        gcry_pk_sign(&s, data, h->skey) == 0 && token_bytes(s, "r", sig, h->obytes) == 0 &&
        token_bytes(s, "s", sig + h->obytes, h->obytes) == 0) {
        *siglen = 2 * h->obytes;
        rc = 0;
    }
    gcry_sexp_release(data);
    gcry_sexp_release(s);
    return rc;
}

static int gc_ec_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t siglen)
{
    gc_ec *h = key;
    gcry_sexp_t data = NULL, s = NULL;
    int rc = -1;
    if (siglen != 2 * h->obytes)
        return 0;
    if (ec_data(msg, len, &data) == 0 &&
        gcry_sexp_build(&s, NULL, "(sig-val (ecdsa (r %b)(s %b)))", (int)h->obytes, sig,
                        (int)h->obytes, sig + h->obytes) == 0)
        rc = verdict(gcry_pk_verify(s, data, h->pkey));
    gcry_sexp_release(data);
    gcry_sexp_release(s);
    return rc;
}

/* The point of an imported key as it came; a generated key's, from its
 * S-expression when it is first a peer. */
static int peer_point(gc_ec *q)
{
    if (q->qlen)
        return 0;
    gcry_sexp_t tok = gcry_sexp_find_token(q->pkey, "q", 0);
    size_t l = 0;
    const char *v = tok ? gcry_sexp_nth_data(tok, 1, &l) : NULL;
    if (v && l <= sizeof q->q) {
        memcpy(q->q, v, l);
        q->qlen = l;
    }
    gcry_sexp_release(tok);
    return q->qlen ? 0 : -1;
}

static int gc_ec_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    gc_ec *h = key, *q = peer;
    gcry_sexp_t e = NULL, r = NULL, tok = NULL;
    int rc = -1;
    if (!h->skey || peer_point(q) != 0 || *outlen < h->fbytes)
        return -1;
    if (gcry_sexp_build(&e, NULL, "(enc-val (ecdh (e %b)))", (int)q->qlen, q->q) == 0 &&
        gcry_pk_decrypt(&r, e, h->skey) == 0 && (tok = gcry_sexp_find_token(r, "value", 0))) {
        size_t l = 0;
        const char *v = gcry_sexp_nth_data(tok, 1, &l);
        /* the shared point, 04 || X || Y: the secret is X */
        if (v && l == 1 + 2 * h->fbytes && v[0] == 4) {
            memcpy(out, v + 1, h->fbytes);
            *outlen = h->fbytes;
            rc = 0;
        }
    }
    gcry_sexp_release(e);
    gcry_sexp_release(r);
    gcry_sexp_release(tok);
    return rc;
}

/* ---- SHA-256 ---- */

static int yes(void)
{
    return 1;
}

static int gc_sha256(void *ctx, const uint8_t *msg, size_t len, uint8_t out[32])
{
    (void)ctx;
    gcry_md_hash_buffer(GCRY_MD_SHA256, out, msg, len);
    return 0;
}

/* ---- AES: one cipher handle per case, keyed once; each call sets the IV
 * (CTR: the counter); ECB and CBC padded by the adapter ---- */

typedef struct {
    bench_alg mode;
    gcry_cipher_hd_t h;
} gc_aes_h;

static void gc_aes_free(void *ctx)
{
    gc_aes_h *a = ctx;
    if (!a)
        return;
    gcry_cipher_close(a->h);
    free(a);
}

static void *gc_aes_new(bench_alg mode, const uint8_t *key, unsigned bits)
{
    static const int modes[] = {[BENCH_AES_ECB] = GCRY_CIPHER_MODE_ECB,
                                [BENCH_AES_CBC] = GCRY_CIPHER_MODE_CBC,
                                [BENCH_AES_CTR] = GCRY_CIPHER_MODE_CTR,
                                [BENCH_AES_GCM] = GCRY_CIPHER_MODE_GCM};
    int algo = bits == 128 ? GCRY_CIPHER_AES128 : bits == 192 ? GCRY_CIPHER_AES192
                                                             : GCRY_CIPHER_AES256;
    gc_aes_h *a = calloc(1, sizeof *a);
    if (!a || gcry_cipher_open(&a->h, algo, modes[mode], 0) != 0) {
        free(a);
        return NULL;
    }
    a->mode = mode;
    if (gcry_cipher_setkey(a->h, key, bits / 8) != 0) {
        gc_aes_free(a);
        return NULL;
    }
    return a;
}

static int gc_aes_crypt(void *ctx, int enc, const uint8_t *iv, const uint8_t *in, size_t len,
                        uint8_t *out, size_t *outlen)
{
    gc_aes_h *a = ctx;
    gcry_error_t e = 0;
    if (a->mode == BENCH_AES_CBC || a->mode == BENCH_AES_GCM)
        e = gcry_cipher_setiv(a->h, iv, a->mode == BENCH_AES_GCM ? 12 : 16);
    else if (a->mode == BENCH_AES_CTR)
        e = gcry_cipher_setctr(a->h, iv, 16);
    if (e)
        return -1;
    if (a->mode == BENCH_AES_ECB || a->mode == BENCH_AES_CBC) {
        if (enc) {
            size_t n = bench_pkcs7_pad(out, in, len);
            *outlen = n;
            return gcry_cipher_encrypt(a->h, out, n, NULL, 0) == 0 ? 0 : -1;
        }
        if (len == 0 || len % 16 || gcry_cipher_decrypt(a->h, out, len, in, len) != 0)
            return -1;
        size_t n = bench_pkcs7_unpad(out, len);
        *outlen = n;
        return n == (size_t)-1 ? -1 : 0;
    }
    if (a->mode == BENCH_AES_CTR) {
        *outlen = len;
        return gcry_cipher_encrypt(a->h, out, len, in, len) == 0 ? 0 : -1;
    }
    if (enc) {
        *outlen = len + 16;
        return gcry_cipher_encrypt(a->h, out, len, in, len) == 0 &&
                       gcry_cipher_gettag(a->h, out + len, 16) == 0
                   ? 0
                   : -1;
    }
    if (len < 16)
        return -1;
    *outlen = len - 16;
    return gcry_cipher_decrypt(a->h, out, len - 16, in, len - 16) == 0 &&
                   gcry_cipher_checktag(a->h, in + len - 16, 16) == 0
               ? 0
               : -1;
}

static int gc_aes_enc(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out,
                      size_t *outlen)
{
    return gc_aes_crypt(ctx, 1, iv, in, len, out, outlen);
}

static int gc_aes_dec(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out,
                      size_t *outlen)
{
    return gc_aes_crypt(ctx, 0, iv, in, len, out, outlen);
}

/* ---- X25519, X448 (gcry_ecc_mul_point) and Ed25519, Ed448 (gcry_pk_*) ---- */

typedef struct {
    bench_alg alg;
    unsigned bits;
    size_t len;                 /* 32, 56 (X448) or 57 (Ed448) */
    int has_priv;
    uint8_t priv[57], pub[57];  /* XDH: the raw RFC 7748 keys */
    gcry_sexp_t skey, pkey;     /* EdDSA; skey NULL for a public key */
} gc_ecx;

static int ecx_curve_id(unsigned bits)
{
    return bits == BENCH_ECX_25519 ? GCRY_ECC_CURVE25519 : GCRY_ECC_CURVE448;
}

/* The S-expressions of an Edwards key (%s would insert the flags as a
 * string, not as a list: one form per curve). Ed25519 is EdDSA only with
 * (flags eddsa) (without it libgcrypt runs ECDSA on the curve); Ed448 is
 * EdDSA by its curve. */
typedef struct {
    const char *curve, *genkey, *pub, *seed, *priv;
} ed_forms;

static const ed_forms *ed_form(unsigned bits)
{
    static const ed_forms f[2] = {
        {"Ed25519", "(genkey (ecc (curve Ed25519)(flags eddsa)))",
         "(public-key (ecc (curve Ed25519)(flags eddsa)(q %b)))",
         "(private-key (ecc (curve Ed25519)(flags eddsa)(d %b)))",
         "(private-key (ecc (curve Ed25519)(flags eddsa)(q %b)(d %b)))"},
        {"Ed448", "(genkey (ecc (curve Ed448)))", "(public-key (ecc (curve Ed448)(q %b)))",
         "(private-key (ecc (curve Ed448)(d %b)))",
         "(private-key (ecc (curve Ed448)(q %b)(d %b)))"},
    };
    return &f[bits == BENCH_ECX_25519 ? 0 : 1];
}

static size_t ecx_len(bench_alg alg, unsigned bits)
{
    return bits == BENCH_ECX_25519 ? 32 : alg == BENCH_EDDSA ? 57 : 56;
}

static int gc_ecx_supports(bench_alg alg, unsigned bits, bench_op op)
{
    (void)op;
    if (!bench_ecx_name(alg, bits))
        return 0;
    gc_init();
    if (alg == BENCH_XDH)
        return gcry_ecc_get_algo_keylen(ecx_curve_id(bits)) == ecx_len(alg, bits);
    gcry_sexp_t p = gcry_pk_get_param(GCRY_PK_ECC, ed_form(bits)->curve);
    gcry_sexp_release(p);
    return p != NULL;
}

static void gc_ecx_free(void *key)
{
    gc_ecx *k = key;
    if (!k)
        return;
    gcry_sexp_release(k->skey);
    gcry_sexp_release(k->pkey);
    pkc_memzero(k, sizeof *k);
    free(k);
}

static gc_ecx *ecx_new(bench_alg alg, unsigned bits)
{
    gc_ecx *k = calloc(1, sizeof *k);
    if (k) {
        k->alg = alg;
        k->bits = bits;
        k->len = ecx_len(alg, bits);
    }
    return k;
}

/* X25519/X448 keygen: libgcrypt 1.10 has no call for a raw Montgomery key
 * pair, so as libgcrypt 1.11's own raw X25519 key pair does: len bytes of
 * gcry_randomize (GCRY_STRONG_RANDOM), the public key from
 * gcry_ecc_mul_point of the base point (point NULL). Ed25519/Ed448:
 * gcry_pk_genkey. */
static void *gc_ecx_generate(void *gen, bench_alg alg, unsigned bits)
{
    (void)gen;
    gc_init();
    gc_ecx *k = ecx_new(alg, bits);
    if (!k)
        return NULL;
    k->has_priv = 1;
    int rc = -1;
    if (alg == BENCH_XDH) {
        gcry_randomize(k->priv, k->len, GCRY_STRONG_RANDOM);
        rc = gcry_ecc_mul_point(ecx_curve_id(bits), k->pub, k->priv, NULL) == 0 ? 0 : -1;
    } else {
        gcry_sexp_t parms = NULL;
        if (gcry_sexp_build(&parms, NULL, ed_form(bits)->genkey) == 0)
            rc = genkey(parms, &k->skey, &k->pkey);
    }
    if (rc != 0) {
        gc_ecx_free(k);
        return NULL;
    }
    return k;
}

/* Pure Ed25519 / Ed448 of msg, empty context: Ed25519 with (hash-algo
 * sha512) as libgcrypt's EdDSA data asks, Ed448 (SHAKE256 inside) with
 * neither a label (its context) nor (flags prehash). */
static int ed_data(const gc_ecx *k, const uint8_t *msg, size_t len, gcry_sexp_t *data)
{
    gcry_error_t e = k->bits == BENCH_ECX_25519
                         ? gcry_sexp_build(data, NULL,
                                           "(data (flags eddsa)(hash-algo sha512)(value %b))",
                                           (int)len, msg)
                         : gcry_sexp_build(data, NULL, "(data (value %b))", (int)len, msg);
    return e == 0 ? 0 : -1;
}

/* Whether the pool's public key (k->pkey) is the seed's. libgcrypt has no
 * call that does it right for both curves: gcry_pk_testkey accepts another
 * valid point as q, and on Ed448 1.10.1's gcry_mpi_ec_new / "q@eddsa" of a
 * key given by its seed alone is not RFC 8032's public key (tried: RFC
 * 8032's Ed448 test key 1 gives 99799902...), while signing with that key
 * is right. So libgcrypt derives A the way its signing does (from the seed
 * alone, q absent), and a signature so made must verify under the pool's
 * public key (A is in the challenge: under another key it does not). */
static int ed_seed_matches(const gc_ecx *k, const uint8_t *seed)
{
    static const uint8_t msg[] = "pkc bench: the pool key's public key";
    gcry_sexp_t s = NULL, data = NULL, sig = NULL;
    int ok = gcry_sexp_build(&s, NULL, ed_form(k->bits)->seed, (int)k->len, seed) == 0 &&
             ed_data(k, msg, sizeof msg - 1, &data) == 0 && gcry_pk_sign(&sig, data, s) == 0 &&
             gcry_pk_verify(sig, data, k->pkey) == 0;
    gcry_sexp_release(s);
    gcry_sexp_release(data);
    gcry_sexp_release(sig);
    return ok;
}

/* XDH: the raw keys as given, the public key of a private one
 * gcry_ecc_mul_point(priv, base point) compared with the pool's. EdDSA:
 * (public-key (ecc (curve Ed25519)(flags eddsa)(q A))) and the private key
 * with (q A)(d seed), so that signing does not derive A again (libgcrypt
 * does when q is absent); the pool's A checked against the seed's
 * (ed_seed_matches). */
static void *gc_ecx_import(const bench_ecx_material *m)
{
    gc_init();
    gc_ecx *k = ecx_new(m->alg, m->bits);
    uint8_t pub[57];
    if (!k || m->len != k->len)
        goto fail;
    k->has_priv = m->priv != NULL;
    memcpy(k->pub, m->pub, m->len);
    if (m->alg == BENCH_XDH) {
        if (m->priv) {
            memcpy(k->priv, m->priv, m->len);
            if (gcry_ecc_mul_point(ecx_curve_id(m->bits), pub, k->priv, NULL) != 0 ||
                memcmp(pub, m->pub, m->len) != 0)
                goto fail;
        }
        return k;
    }
    const ed_forms *f = ed_form(m->bits);
    int n = (int)m->len;
    if (gcry_sexp_build(&k->pkey, NULL, f->pub, n, m->pub) != 0)
        goto fail;
    if (m->priv && (!ed_seed_matches(k, m->priv) ||
                    gcry_sexp_build(&k->skey, NULL, f->priv, n, m->pub, n, m->priv) != 0))
        goto fail;
    return k;
fail:
    gc_ecx_free(k);
    return NULL;
}

/* gcry_pk_sign: (sig-val (eddsa (r R)(s S))), R and S the two halves of
 * RFC 8032's signature as bytes */
static int gc_ecx_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    gc_ecx *k = key;
    gcry_sexp_t data = NULL, s = NULL;
    int rc = -1;
    if (!k->skey || *siglen < 2 * k->len || ed_data(k, msg, len, &data) != 0 ||
        gcry_pk_sign(&s, data, k->skey) != 0)
        goto out;
    rc = 0;
    for (int i = 0; i < 2 && rc == 0; i++) {
        gcry_sexp_t tok = gcry_sexp_find_token(s, i ? "s" : "r", 0);
        size_t l = 0;
        const char *v = tok ? gcry_sexp_nth_data(tok, 1, &l) : NULL;
        if (v && l == k->len)
            memcpy(sig + i * k->len, v, l);
        else
            rc = -1;
        gcry_sexp_release(tok);
    }
    *siglen = 2 * k->len;
out:
    gcry_sexp_release(data);
    gcry_sexp_release(s);
    return rc;
}

static int gc_ecx_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                         size_t siglen)
{
    gc_ecx *k = key;
    gcry_sexp_t data = NULL, s = NULL;
    int rc = -1, n = (int)k->len;
    if (siglen != 2 * k->len)
        return 0;
    if (ed_data(k, msg, len, &data) == 0 &&
        gcry_sexp_build(&s, NULL, "(sig-val (eddsa (r %b)(s %b)))", n, sig, n, sig + n) == 0)
        rc = verdict(gcry_pk_verify(s, data, k->pkey));
    gcry_sexp_release(data);
    gcry_sexp_release(s);
    return rc;
}

/* gcry_ecc_mul_point(priv, peer): RFC 7748's X25519/X448 (it clamps the
 * scalar, and returns an all-zero secret for a peer of small order without
 * an error: the adapter refuses it, RFC 7748 section 6.1) */
static int gc_ecx_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    gc_ecx *k = key, *q = peer;
    if (!k->has_priv || q->bits != k->bits || *outlen < k->len ||
        gcry_ecc_mul_point(ecx_curve_id(k->bits), out, k->priv, q->pub) != 0)
        return -1;
    uint8_t acc = 0;
    for (size_t i = 0; i < k->len; i++)
        acc |= out[i];
    *outlen = k->len;
    return acc ? 0 : -1;
}

const bench_provider bench_prov_gcrypt = {
    .name = "gcrypt",
    .library = "libgcrypt, gcry_pk_* S-expressions",
    .version = gc_version,
    .rsa_supports = gc_rsa_supports,
    .rsa_generate = gc_rsa_generate,
    .rsa_import = gc_rsa_import,
    .rsa_free = gc_rsa_free,
    .rsa_modulus = gc_rsa_modulus,
    .rsa_sign = gc_rsa_sign,
    .rsa_verify = gc_rsa_verify,
    .rsa_encrypt = gc_rsa_encrypt,
    .rsa_decrypt = gc_rsa_decrypt,
    .rsa_private = gc_rsa_private,
    .rsa_public = gc_rsa_public,
    .ec_supports = gc_ec_supports,
    .ec_generate = gc_ec_generate,
    .ec_import = gc_ec_import,
    .ec_free = gc_ec_free,
    .ec_sign = gc_ec_sign,
    .ec_verify = gc_ec_verify,
    .ec_derive = gc_ec_derive,
    .hash_supports = yes,
    .sha256 = gc_sha256,
    .aes_supports = bench_aes_every_mode,
    .aes_new = gc_aes_new,
    .aes_free = gc_aes_free,
    .aes_encrypt = gc_aes_enc,
    .aes_decrypt = gc_aes_dec,
    .ecx_supports = gc_ecx_supports,
    .ecx_generate = gc_ecx_generate,
    .ecx_import = gc_ecx_import,
    .ecx_free = gc_ecx_free,
    .ecx_sign = gc_ecx_sign,
    .ecx_verify = gc_ecx_verify,
    .ecx_derive = gc_ecx_derive,
};
