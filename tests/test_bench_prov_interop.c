/* pkc bench — every provider compiled in (bench/prov_*.c) speaks the
 * standards, not only to itself: the engine's checks pair an adapter's
 * sign with its own verify, so a signature scheme that is consistent but
 * not the standard's would pass them. Here, with keys pkc makes and imports
 * into every provider:
 *  - ECDSA on every curve a provider has, the binary ones (sect*) included:
 *    its signatures (DER or raw r||s, whichever it writes) verify in pkc,
 *    and pkc's (in lower-S form) verify in it;
 *  - ECDH on the same curves: its secret from its key and a pkc key's point
 *    equals pkc's from the pkc key and its point;
 *  - which providers have the binary curves: pkc, pkc-affine and OpenSSL
 *    (EC2M), all ten; libsecp256k1, Nettle, Mbed TLS, wolfSSL and libgcrypt
 *    none (their Debian 12 builds have no GF(2^m) curves);
 *  - RSA-1024: its PKCS#1 v1.5 and PSS (SHA-256, 32-byte salt) signatures
 *    verify in pkc and pkc's in it; its OAEP ciphertexts (SHA-256,
 *    MGF1-SHA-256) decrypt in pkc and pkc's in it; its raw private and
 *    public operations give pkc's results;
 *  - Ed25519 and Ed448 (pure, empty context), with the raw RFC 8032 keys:
 *    its signatures are pkc's bytes and verify in pkc, pkc's verify in it
 *    under the public key alone, and corrupted ones do not;
 *  - X25519 and X448: its secret from its key and a pkc public key equals
 *    pkc's from the other direction, and a peer u = 0 (small order: the
 *    secret is all zero) is refused, at import or derive (RFC 7748 6.1);
 *  - for all four, the public key of an imported private key: given another
 *    key's public key with it, the adapter refuses the pair (it compares
 *    the public key its library computes with the given one), or its key
 *    acts as the private key's own (a library that derives the public key
 *    itself, as OpenSSL's raw import does).
 * ECDH secrets are compared with pkc's by the engine itself (case_ec.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecx/ecx_key.h"
#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/hash.h"
#include "pkc/rng.h"
#include "pkc/rsa.h"
#include "pool.h"
#include "provider.h"
#include "testutil.h"

#define NMSG 8
#define RSA_BITS 1024

static pkc_rng rng;

static void message(int i, uint8_t *msg, size_t *len, uint8_t dg[32])
{
    *len = (size_t)snprintf((char *)msg, 64, "pkc interop message %d", i);
    pkc_hash(PKC_HASH_SHA256, msg, *len, dg);
}

/* ---- ECDSA ---- */

/* The adapter's signature as raw r||s: DER if it parses, else raw. */
static int to_raw(pkc_curve_id c, const uint8_t *sig, size_t len, uint8_t *raw, size_t *rawlen,
                  int *der)
{
    *der = pkc_ecdsa_sig_from_der(c, sig, len, raw, PKC_ECDSA_MAX_RAW_SIZE, rawlen) == PKC_OK;
    if (*der)
        return 0;
    if (len != 2 * pkc_ec_order_bytes(c))
        return -1;
    memcpy(raw, sig, len);
    *rawlen = len;
    return 0;
}

/* s := min(s, n - s) in a raw r||s signature: both verify under SEC 1, and
 * libsecp256k1 accepts only the lower one (its rule against malleability;
 * its own signatures are lower-S). */
static void lower_s(pkc_curve_id c, uint8_t *raw)
{
    const pkc_curve_info *ci = pkc_curve_info_get(c);
    size_t ob = ci->order_bytes;
    uint8_t *sv = raw + ob, t[PKC_EC_MAX_ORDER_BYTES];
    int borrow = 0;
    for (size_t i = ob; i-- > 0;) {
        int d = ci->n[i] - sv[i] - borrow;
        borrow = d < 0;
        t[i] = (uint8_t)(d + (borrow ? 256 : 0));
    }
    if (memcmp(sv, t, ob) > 0)
        memcpy(sv, t, ob);
}

/* ECDH both ways round: the provider's key k with a pkc peer e, against
 * pkc's e with k's point. */
static void ecdh_interop(const bench_provider *pv, pkc_curve_id c, const pkc_ec_private_key *k,
                         void *h)
{
    const char *cn = pkc_curve_info_get(c)->name;
    pkc_ec_private_key e;
    uint8_t q[PKC_EC_MAX_POINT_BYTES], got[PKC_EC_MAX_FIELD_BYTES], want[PKC_EC_MAX_FIELD_BYTES];
    size_t qlen, gl = sizeof got, wl;
    if (!CHECK(pkc_ec_keygen(&e, c, &rng) == PKC_OK) ||
        !CHECK(pkc_ec_point_encode(&e.pub, 0, q, sizeof q, &qlen) == PKC_OK))
        return;
    bench_ec_material pm = {c, NULL, 0, q, qlen};
    void *peer = pv->ec_import(&pm);
    if (CHECK_MSG(peer != NULL, "%s: cannot import a %s public key", pv->name, cn) &&
        CHECK_MSG(pv->ec_derive(h, peer, got, &gl) == 0, "%s %s: derive", pv->name, cn) &&
        CHECK(pkc_ecdh(&e, &k->pub, want, sizeof want, &wl) == PKC_OK))
        CHECK_MSG(gl == wl && memcmp(got, want, wl) == 0,
                  "%s %s: its ECDH secret differs from pkc's", pv->name, cn);
    if (peer)
        pv->ec_free(peer);
    pkc_ec_private_key_wipe(&e);
}

static void ec_interop(const bench_provider *pv, pkc_curve_id c)
{
    const char *cn = pkc_curve_info_get(c)->name;
    pkc_ec_private_key k;
    uint8_t q[PKC_EC_MAX_POINT_BYTES];
    size_t qlen;
    if (!CHECK(pkc_ec_keygen(&k, c, &rng) == PKC_OK) ||
        !CHECK(pkc_ec_point_encode(&k.pub, 0, q, sizeof q, &qlen) == PKC_OK))
        return;
    bench_ec_material m = {c, k.d, pkc_ec_order_bytes(c), q, qlen};
    void *h = pv->ec_import(&m);
    if (!CHECK_MSG(h != NULL, "%s: cannot import a %s key", pv->name, cn))
        goto out;
    for (int i = 0; i < NMSG; i++) {
        uint8_t msg[64], dg[32], sig[PKC_ECDSA_MAX_DER_SIZE], raw[PKC_ECDSA_MAX_RAW_SIZE];
        size_t len, l = sizeof sig, rawlen;
        int der;
        message(i, msg, &len, dg);
        if (!CHECK_MSG(pv->ec_sign(h, msg, len, sig, &l) == 0, "%s %s: sign", pv->name, cn) ||
            !CHECK_MSG(to_raw(c, sig, l, raw, &rawlen, &der) == 0,
                       "%s %s: a signature neither DER nor r||s", pv->name, cn))
            break;
        CHECK_MSG(pkc_ecdsa_verify_digest(&k.pub, dg, sizeof dg, raw, rawlen) == PKC_OK,
                  "%s %s: its signature %d does not verify in pkc", pv->name, cn, i);
        /* pkc's signature, in the encoding the adapter writes */
        uint8_t mine[PKC_ECDSA_MAX_DER_SIZE];
        size_t ml;
        if (!CHECK(pkc_ecdsa_sign_digest(&k, PKC_HASH_SHA256, dg, sizeof dg, NULL, raw,
                                         sizeof raw, &rawlen) == PKC_OK))
            break;
        lower_s(c, raw);
        if (der)
            CHECK(pkc_ecdsa_sig_to_der(c, raw, rawlen, mine, sizeof mine, &ml) == PKC_OK);
        else
            memcpy(mine, raw, ml = rawlen);
        CHECK_MSG(pv->ec_verify(h, msg, len, mine, ml) == 1,
                  "%s %s: pkc's signature %d does not verify", pv->name, cn, i);
    }
    if (pv->ec_derive && pv->ec_supports(c, BENCH_OP_DERIVE))
        ecdh_interop(pv, c, &k, h);
    pv->ec_free(h);
out:
    pkc_ec_private_key_wipe(&k);
}

/* ---- RSA ---- */

typedef struct {
    pkc_rsa_key *key;
    uint8_t part[8][RSA_BITS / 8 + 1];
    size_t len[8];
    uint8_t *pkcs1;
    size_t pkcs1len;
    bench_rsa_material m;
} rsa_fixture;

static int rsa_fixture_make(rsa_fixture *f)
{
    memset(f, 0, sizeof *f);
    if (pkc_rsa_generate(&f->key, RSA_BITS, PKC_RSA_DEFAULT_E, &rng) != PKC_OK)
        return -1;
    for (int i = 0; i < 8; i++)
        if (pkc_rsa_get(f->key, (pkc_rsa_part)i, f->part[i], sizeof f->part[i], &f->len[i]) !=
            PKC_OK)
            return -1;
    if (pkc_rsa_private_to_pkcs1(f->key, &f->pkcs1, &f->pkcs1len) != PKC_OK)
        return -1;
    bench_rsa_material m = {f->part[PKC_RSA_N],  f->part[PKC_RSA_E],  f->part[PKC_RSA_D],
                            f->part[PKC_RSA_P],  f->part[PKC_RSA_Q],  f->part[PKC_RSA_DP],
                            f->part[PKC_RSA_DQ], f->part[PKC_RSA_QINV], f->len[PKC_RSA_N],
                            f->len[PKC_RSA_E],   f->len[PKC_RSA_D],  f->len[PKC_RSA_P],
                            f->len[PKC_RSA_Q],   f->len[PKC_RSA_DP], f->len[PKC_RSA_DQ],
                            f->len[PKC_RSA_QINV], f->pkcs1,           f->pkcs1len,
                            RSA_BITS};
    f->m = m;
    return 0;
}

static void rsa_fixture_free(rsa_fixture *f)
{
    pkc_rsa_key_free(f->key);
    if (f->pkcs1)
        pkc_secure_free(f->pkcs1, f->pkcs1len);
    pkc_memzero(f->part, sizeof f->part);
}

static void rsa_sign_interop(const bench_provider *pv, rsa_fixture *f, void *h, int pss)
{
    const char *scheme = pss ? "PSS" : "PKCS#1 v1.5";
    for (int i = 0; i < NMSG; i++) {
        uint8_t msg[64], dg[32], sig[BENCH_MAX_SIG];
        size_t len, l = sizeof sig;
        message(i, msg, &len, dg);
        if (!CHECK_MSG(pv->rsa_sign(h, pss, msg, len, sig, &l) == 0, "%s: %s sign", pv->name,
                       scheme))
            return;
        pkc_err e = pss ? pkc_rsa_pss_verify(f->key, PKC_HASH_SHA256, 32, dg, 32, sig, l)
                        : pkc_rsa_pkcs1_verify(f->key, PKC_HASH_SHA256, dg, 32, sig, l);
        CHECK_MSG(e == PKC_OK, "%s: its %s signature %d does not verify in pkc", pv->name,
                  scheme, i);
        l = sizeof sig;
        e = pss ? pkc_rsa_pss_sign(f->key, &rng, PKC_RSA_MODE_CRT, PKC_HASH_SHA256, 32, dg, 32,
                                   sig, sizeof sig, &l)
                : pkc_rsa_pkcs1_sign(f->key, &rng, PKC_RSA_MODE_CRT, PKC_HASH_SHA256, dg, 32,
                                     sig, sizeof sig, &l);
        if (CHECK(e == PKC_OK))
            CHECK_MSG(pv->rsa_verify(h, pss, msg, len, sig, l) == 1,
                      "%s: pkc's %s signature %d does not verify", pv->name, scheme, i);
    }
}

static void rsa_oaep_interop(const bench_provider *pv, rsa_fixture *f, void *h)
{
    uint8_t kex[BENCH_KEX_LEN], ct[BENCH_MAX_SIG], pt[BENCH_MAX_SIG];
    size_t cl = sizeof ct, pl = 0;
    bench_kex_message(kex);
    if (CHECK_MSG(pv->rsa_encrypt(h, kex, sizeof kex, ct, &cl) == 0, "%s: OAEP encrypt",
                  pv->name))
        CHECK_MSG(pkc_rsa_oaep_decrypt(f->key, &rng, PKC_RSA_MODE_CRT, NULL, ct, cl, pt,
                                       sizeof pt, &pl) == PKC_OK &&
                      pl == sizeof kex && memcmp(pt, kex, pl) == 0,
                  "%s: its OAEP ciphertext does not decrypt in pkc", pv->name);
    if (!CHECK(pkc_rsa_oaep_encrypt(f->key, &rng, NULL, kex, sizeof kex, ct, sizeof ct, &cl) ==
               PKC_OK))
        return;
    pl = sizeof pt;
    CHECK_MSG(pv->rsa_decrypt(h, ct, cl, pt, &pl) == 0 && pl == sizeof kex &&
                  memcmp(pt, kex, pl) == 0,
              "%s: pkc's OAEP ciphertext does not decrypt", pv->name);
}

static void rsa_raw_interop(const bench_provider *pv, rsa_fixture *f, void *h, bench_op op)
{
    size_t k = pkc_rsa_size(f->key);
    uint8_t x[BENCH_MAX_SIG], y[BENCH_MAX_SIG], want[BENCH_MAX_SIG];
    pkc_rng_bytes(&rng, x, k);
    x[0] = 0; /* below n */
    int priv = op == BENCH_OP_PRIVATE;
    if (!CHECK((priv ? pkc_rsa_private_raw(f->key, &rng, x, want)
                     : pkc_rsa_public_raw(f->key, x, want)) == PKC_OK))
        return;
    CHECK_MSG((priv ? pv->rsa_private(h, x, y) : pv->rsa_public(h, x, y)) == 0 &&
                  memcmp(y, want, k) == 0,
              "%s: its raw %s operation differs from pkc's", pv->name,
              priv ? "private" : "public");
}

static void rsa_interop(const bench_provider *pv, rsa_fixture *f)
{
    void *h = pv->rsa_import(&f->m);
    if (!CHECK_MSG(h != NULL, "%s: cannot import an RSA-%d key", pv->name, RSA_BITS))
        return;
    if (pv->rsa_supports(RSA_BITS, BENCH_OP_SIGN))
        rsa_sign_interop(pv, f, h, 0);
    if (pv->rsa_supports(RSA_BITS, BENCH_OP_SIGN_PSS))
        rsa_sign_interop(pv, f, h, 1);
    if (pv->rsa_supports(RSA_BITS, BENCH_OP_ENCRYPT))
        rsa_oaep_interop(pv, f, h);
    if (pv->rsa_supports(RSA_BITS, BENCH_OP_PRIVATE))
        rsa_raw_interop(pv, f, h, BENCH_OP_PRIVATE);
    if (pv->rsa_supports(RSA_BITS, BENCH_OP_PUBLIC))
        rsa_raw_interop(pv, f, h, BENCH_OP_PUBLIC);
    pv->rsa_free(h);
}

/* ---- X25519, Ed25519, X448, Ed448 ---- */

static pkc_ecx_alg ecx_alg_of(bench_alg alg, unsigned bits)
{
    if (alg == BENCH_XDH)
        return bits == BENCH_ECX_25519 ? PKC_ECX_X25519 : PKC_ECX_X448;
    return bits == BENCH_ECX_25519 ? PKC_ECX_ED25519 : PKC_ECX_ED448;
}

/* a pkc key and its raw material (public only if !priv) */
static int ecx_make(pkc_ecx_key *k, bench_alg alg, unsigned bits, int priv,
                    bench_ecx_material *m)
{
    if (pkc_ecx_key_generate(k, ecx_alg_of(alg, bits), &rng) != PKC_OK)
        return -1;
    bench_ecx_material mm = {alg, bits, priv ? pkc_ecx_private_bytes(k) : NULL,
                             pkc_ecx_public_bytes(k), pkc_ecx_key_size(k->alg)};
    *m = mm;
    return 0;
}

static void ed_interop(const bench_provider *pv, const char *an, const pkc_ecx_key *k, void *h,
                       void *pub)
{
    for (int i = 0; i < NMSG; i++) {
        uint8_t msg[64], dg[32], sig[PKC_ED448_SIG_SIZE], mine[PKC_ED448_SIG_SIZE];
        size_t len, l = sizeof sig, ml = 0;
        message(i, msg, &len, dg);
        if (!CHECK_MSG(pv->ecx_sign(h, msg, len, sig, &l) == 0, "%s %s: sign", pv->name, an) ||
            !CHECK(pkc_ecx_sign(k, NULL, 0, msg, len, mine, sizeof mine, &ml) == PKC_OK))
            return;
        CHECK_MSG(pkc_ecx_verify(k, NULL, 0, msg, len, sig, l) == PKC_OK,
                  "%s %s: its signature %d does not verify in pkc", pv->name, an, i);
        CHECK_MSG(l == ml && memcmp(sig, mine, ml) == 0,
                  "%s %s: its signature %d is not pkc's (RFC 8032's are deterministic)",
                  pv->name, an, i);
        CHECK_MSG(pv->ecx_verify(pub, msg, len, mine, ml) == 1,
                  "%s %s: pkc's signature %d does not verify", pv->name, an, i);
        /* one bit, in R or S in turn */
        mine[(size_t)i * 37 % ml] ^= (uint8_t)(1u << (i % 8));
        CHECK_MSG(pv->ecx_verify(pub, msg, len, mine, ml) == 0,
                  "%s %s: pkc's signature %d, corrupted, does not fail", pv->name, an, i);
    }
}

static void xdh_interop(const bench_provider *pv, const char *an, bench_alg alg, unsigned bits,
                        const pkc_ecx_key *k, void *h)
{
    pkc_ecx_key e;
    bench_ecx_material em;
    uint8_t got[PKC_X448_SIZE], want[PKC_X448_SIZE], zero[PKC_X448_SIZE] = {0};
    size_t gl = sizeof got, wl = 0;
    if (!CHECK(ecx_make(&e, alg, bits, 0, &em) == 0))
        return;
    void *peer = pv->ecx_import(&em);
    if (CHECK_MSG(peer != NULL, "%s: cannot import an %s public key", pv->name, an) &&
        CHECK_MSG(pv->ecx_derive(h, peer, got, &gl) == 0, "%s %s: derive", pv->name, an) &&
        CHECK(pkc_ecx_derive(&e, k, want, sizeof want, &wl) == PKC_OK))
        CHECK_MSG(gl == wl && memcmp(got, want, wl) == 0,
                  "%s %s: its shared secret differs from pkc's", pv->name, an);
    if (peer)
        pv->ecx_free(peer);
    /* u = 0: every scalar gives the all-zero secret */
    bench_ecx_material zm = {alg, bits, NULL, zero, em.len};
    void *z = pv->ecx_import(&zm);
    gl = sizeof got;
    if (z)
        CHECK_MSG(pv->ecx_derive(h, z, got, &gl) != 0,
                  "%s %s: an all-zero shared secret is not refused", pv->name, an);
    if (z)
        pv->ecx_free(z);
    pkc_ecx_key_wipe(&e);
}

/* k's private key with another key's public key */
static void ecx_mismatch(const bench_provider *pv, const char *an, bench_alg alg, unsigned bits,
                         const pkc_ecx_key *k, const bench_ecx_material *m)
{
    pkc_ecx_key o, e;
    bench_ecx_material om, em, w = *m;
    if (!CHECK(ecx_make(&o, alg, bits, 0, &om) == 0))
        return;
    w.pub = om.pub;
    void *h = pv->ecx_import(&w);
    if (h && alg == BENCH_EDDSA) {
        static const uint8_t msg[] = "pkc interop: whose key?";
        uint8_t sig[PKC_ED448_SIG_SIZE];
        size_t l = sizeof sig;
        CHECK_MSG(pv->ecx_sign(h, msg, sizeof msg - 1, sig, &l) == 0 &&
                      pkc_ecx_verify(k, NULL, 0, msg, sizeof msg - 1, sig, l) == PKC_OK,
                  "%s %s: takes a private key with another key's public key, and signs as "
                  "neither", pv->name, an);
    } else if (h && CHECK(ecx_make(&e, alg, bits, 1, &em) == 0)) {
        /* as a peer: the secret is the private key's public key's */
        void *eh = pv->ecx_import(&em);
        uint8_t got[PKC_X448_SIZE], want[PKC_X448_SIZE];
        size_t gl = sizeof got, wl = 0;
        CHECK_MSG(eh && pv->ecx_derive(eh, h, got, &gl) == 0 &&
                      pkc_ecx_derive(&e, k, want, sizeof want, &wl) == PKC_OK && gl == wl &&
                      memcmp(got, want, wl) == 0,
                  "%s %s: takes a private key with another key's public key, and uses it",
                  pv->name, an);
        if (eh)
            pv->ecx_free(eh);
        pkc_ecx_key_wipe(&e);
    }
    if (h)
        pv->ecx_free(h);
    pkc_ecx_key_wipe(&o);
}

static void ecx_interop(const bench_provider *pv, bench_alg alg, unsigned bits)
{
    const char *an = bench_ecx_name(alg, bits);
    pkc_ecx_key k;
    bench_ecx_material m, pm;
    if (!CHECK(ecx_make(&k, alg, bits, 1, &m) == 0))
        return;
    pm = m;
    pm.priv = NULL;
    void *h = pv->ecx_import(&m), *pub = pv->ecx_import(&pm);
    if (CHECK_MSG(h && pub, "%s: cannot import an %s key", pv->name, an)) {
        if (alg == BENCH_EDDSA)
            ed_interop(pv, an, &k, h, pub);
        else
            xdh_interop(pv, an, alg, bits, &k, h);
        ecx_mismatch(pv, an, alg, bits, &k, &m);
    }
    if (h)
        pv->ecx_free(h);
    if (pub)
        pv->ecx_free(pub);
    pkc_ecx_key_wipe(&k);
}

int main(void)
{
    if (pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) != PKC_OK)
        return 1;
    rsa_fixture f;
    CHECK(rsa_fixture_make(&f) == 0);
    int peers = 0;
    for (size_t i = 0; i < bench_nproviders; i++) {
        const bench_provider *pv = bench_providers[i];
        int peer = strncmp(pv->name, "pkc", 3) != 0;
        int ran = 0, nbinary = 0;
        for (int c = 0; c < PKC_CURVE_COUNT; c++)
            if (pv->ec_supports && pv->ec_import &&
                pv->ec_supports((pkc_curve_id)c, BENCH_OP_SIGN)) {
                ec_interop(pv, (pkc_curve_id)c);
                ran = 1;
                nbinary += pkc_curve_info_get((pkc_curve_id)c)->field == PKC_FIELD_BINARY;
            }
        /* the providers with binary curves have all ten, the others none
         * (pkc's cached variants too: their cache bypasses them) */
        int want_binary = !strncmp(pv->name, "pkc", 3) || !strcmp(pv->name, "openssl");
        int has_ec = pv->ec_supports && pv->ec_import;
        CHECK_MSG(nbinary == (want_binary && has_ec ? 10 : 0),
                  "%s: %d binary curves, expected %d", pv->name, nbinary,
                  want_binary && has_ec ? 10 : 0);
        if (f.key && pv->rsa_supports && pv->rsa_import && pv->rsa_supports(RSA_BITS, BENCH_OP_SIGN)) {
            rsa_interop(pv, &f);
            ran = 1;
        }
        static const bench_alg ecx_algs[] = {BENCH_EDDSA, BENCH_XDH};
        static const unsigned ecx_bits[] = {BENCH_ECX_25519, BENCH_ECX_448};
        for (int a = 0; a < 2 && pv->ecx_supports && pv->ecx_import; a++)
            for (int b = 0; b < 2; b++)
                if (pv->ecx_supports(ecx_algs[a], ecx_bits[b],
                                     ecx_algs[a] == BENCH_EDDSA ? BENCH_OP_SIGN
                                                                : BENCH_OP_DERIVE)) {
                    ecx_interop(pv, ecx_algs[a], ecx_bits[b]);
                    ran = 1;
                }
        printf("%-14s %s\n", pv->name, ran ? "checked" : "nothing to check");
        peers += peer && ran;
    }
    rsa_fixture_free(&f);
    pkc_rng_wipe(&rng);
    if (peers == 0) {
        printf("SKIPPED: no peer library compiled in (scripts/deps.sh installs them)\n");
        if (getenv("CI"))
            CHECK_MSG(0, "no peer provider in a CI build");
    }
    return tu_finish("test_bench_prov_interop");
}
