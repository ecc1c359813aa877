/* pkc bench — providers "wolfssl" and "wolfssl-cached": wolfSSL's wolfCrypt
 * (Debian 12's libwolfssl 5.5: SP math (sp_int, x86-64 assembly), RSA up to
 * RSA_MAX_SIZE = 4096 bits with blinding, ECC_TIMING_RESISTANT, FP_ECC).
 *
 *   RSA keygen     wc_MakeRsaKey (e = 65537)
 *   RSA import     wc_RsaPrivateKeyDecode of the pool key's PKCS#1 DER; one
 *                  WC_RNG per key (wc_RsaSetRNG: blinding)
 *   sign/verify    PKCS#1 v1.5: wc_SignatureGenerate_ex / wc_SignatureVerify
 *                  (SHA-256 and DigestInfo inside; no extra verification);
 *                  PSS: wc_Sha256Hash, wc_RsaPSS_Sign_ex / wc_RsaPSS_VerifyCheck
 *                  (salt 32 = the digest's length, MGF1-SHA-256)
 *   encrypt/dec.   wc_RsaPublicEncrypt_ex / wc_RsaPrivateDecrypt_ex, OAEP
 *                  SHA-256 + MGF1-SHA-256, empty label
 *   private/public wc_RsaFunction (private: CRT + blinding)
 *   ECDSA          wc_Sha256Hash, wc_ecc_sign_hash (random nonce, DER) /
 *                  wc_ecc_verify_hash
 *   ECDH           wc_ecc_point_is_on_curve + wc_ecc_shared_secret, per call:
 *                  wc_ecc_shared_secret alone accepts a point off the curve
 *                  (tried on this build), so the check a fresh exchange needs
 *                  is made here, as OpenSSL's and mbedTLS's derive make it
 *   EC keys        wc_ecc_make_key_ex; import: wc_ecc_import_private_key_ex
 *                  or wc_ecc_import_x963_ex, then wc_ecc_check_key; one
 *                  WC_RNG per private key (nonces, ECDH blinding)
 *   SHA-256        wc_Sha256Update + wc_Sha256Final on a kept wc_Sha256
 *   AES            wc_AesSetKey once per case (one Aes per direction);
 *                  per message wc_AesSetIV, then wc_AesEcbEncrypt /
 *                  wc_AesCbcEncrypt (this build has HAVE_AES_ECB) with
 *                  PKCS#7 done here (bench/sym_pad.h: wolfCrypt's calls
 *                  take whole blocks), wc_AesCtrEncrypt (WOLFSSL_AES_COUNTER);
 *                  GCM: wc_AesGcmSetKey once, wc_AesGcmEncrypt /
 *                  wc_AesGcmDecrypt (GCM_TABLE_4BIT) per message
 *   X25519/X448    wc_curve25519/448_import_private_raw_ex (little-endian,
 *                  RFC 7748), the private key's public key (wc_curve*_make_pub)
 *                  compared with the pool's; wc_curve*_shared_secret_ex (an
 *                  all-zero secret refused here: this build does not);
 *                  keygen wc_curve*_make_key
 *   Ed25519/Ed448  wc_ed*_import_private_key (seed and public key),
 *                  wc_ed25519_sign_msg / wc_ed448_sign_msg (empty context),
 *                  wc_ed*_verify_msg; keygen wc_ed*_make_key
 * Key generation draws from one WC_RNG per thread. Curves: those this build
 * has (wc_ecc_get_curve_idx): not secp192k1, secp192r1, and not secp224k1
 * (which ecc.c leaves out of FP_ECC builds); no binary curve (wolfCrypt has
 * none).
 *
 * The fixed-point cache. This build defines FP_ECC and leaves FP_ENTRIES and
 * FP_LUT unset in options.h, so ecc.c's defaults hold: 15 entries per thread
 * (confirmed by timing: 15 points used in turn are all served from it, 16
 * are not), each a table of 2^FP_LUT = 256 combinations of one point. Every
 * scalar multiplication looks its point up (G, an ECDH peer, a verified
 * key's Q); a point not found takes the place of the first entry with the
 * lowest use count (freeing and allocating some 800 KB of table points: part
 * of what a new point costs in this build), and the second use of an entry
 * builds its table (ms), after which multiplying that point is ~8x cheaper
 * (P-256 ECDH here: ~300 us -> ~38 us). Verification uses the tables only
 * when both G and Q have one. Counts above 3 drop by one at every miss.
 *   "wolfssl" measures fresh keys: points the library has not seen (G
 * aside, cached in both providers like every library's fixed-base table).
 * The pool rotation reuses each point every pool-size calls, and the
 * eviction rule would keep about 13 pool points for good (25 of 192 P-256
 * derives served from the cache in a trial). So the adapter prepares each
 * thread's cache for the curve of the keys it imports (fp_cache_prepare):
 * it empties it, fills every entry with a filler point used twice (count
 * 2), then uses the curve's G three times (count 3, which later uses keep at
 * 3 or more). A point used once (count 1) is then always the one a new
 * point replaces: each pool point lands in the one entry that turns over
 * and is gone before its next use (0 of 192 served in the same trial), while
 * G keeps its entry (a filler goes first when no once-used point is left).
 *   "wolfssl-cached" runs one repeated key (.pool_size = 1), so the cache
 * serves every call: ECDSA verify (G and Q both tabled) and ECDH derive (the
 * peer tabled). Sign, key generation, RSA and SHA-256 are the same in both
 * providers and are not repeated in the cached one.
 */
#include <wolfssl/options.h>
#include <wolfssl/ssl.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/curve448.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/ed448.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/signature.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "per_thread.h"
#include "sym_pad.h"
#include "provider.h"

#define RSA_MAX_BYTES (RSA_MAX_SIZE / 8)

/* wolfCrypt's curve of each pkc curve, every one named: a missing entry
 * would be 0, ECC_CURVE_DEF ("the default curve"), not "none". The binary
 * curves are ECC_CURVE_INVALID (wolfCrypt has no GF(2^m) curves).
 * ECC_PRIME239V1 is wolfCrypt's id for X9.62 prime239v1, compiled in with
 * HAVE_ECC239 (Debian's build has it; without it wc_ecc_get_curve_idx
 * fails and the curve is not offered). The
 * array's length is one past its last designator, so a curve added to
 * pkc_curve_id without a line here stops the build; wo_ec_supports also
 * checks each mapping against wolfCrypt's own name for the curve. */
static const int curve_ids[] = {
    [PKC_CURVE_SECP192K1] = ECC_SECP192K1,      [PKC_CURVE_SECP192R1] = ECC_SECP192R1,
    [PKC_CURVE_SECP224K1] = ECC_SECP224K1,      [PKC_CURVE_SECP224R1] = ECC_SECP224R1,
    [PKC_CURVE_SECP256K1] = ECC_SECP256K1,      [PKC_CURVE_SECP256R1] = ECC_SECP256R1,
    [PKC_CURVE_SECP384R1] = ECC_SECP384R1,      [PKC_CURVE_SECP521R1] = ECC_SECP521R1,
    [PKC_CURVE_SECT163K1] = ECC_CURVE_INVALID,  [PKC_CURVE_SECT163R2] = ECC_CURVE_INVALID,
    [PKC_CURVE_SECT233K1] = ECC_CURVE_INVALID,  [PKC_CURVE_SECT233R1] = ECC_CURVE_INVALID,
    [PKC_CURVE_SECT283K1] = ECC_CURVE_INVALID,  [PKC_CURVE_SECT283R1] = ECC_CURVE_INVALID,
    [PKC_CURVE_SECT409K1] = ECC_CURVE_INVALID,  [PKC_CURVE_SECT409R1] = ECC_CURVE_INVALID,
    [PKC_CURVE_SECT571K1] = ECC_CURVE_INVALID,  [PKC_CURVE_SECT571R1] = ECC_CURVE_INVALID,
    [PKC_CURVE_PRIME239V1] = ECC_PRIME239V1,
};
_Static_assert(sizeof curve_ids / sizeof curve_ids[0] == PKC_CURVE_COUNT,
               "bench/prov_wolfssl.c: every pkc curve needs a wolfCrypt id (or ECC_CURVE_INVALID)");

typedef struct {
    RsaKey key;
    WC_RNG rng;
    int rng_ok;
    word32 k;
} wo_rsa;

typedef struct {
    ecc_key key;
    pkc_curve_id curve;
    int has_priv;
    WC_RNG rng;
    int rng_ok;
} wo_ec;

static const char *wo_version(void)
{
    static char v[48];
    snprintf(v, sizeof v, "wolfSSL %s", wolfSSL_lib_version());
    return v;
}

/* A verify result: 0 for a signature the library rejects (bad padding, a
 * DER it cannot parse, a mismatch), -1 only when it ran out of memory. */
static int rejected(int rc)
{
    return rc == MEMORY_E || rc == MP_MEM ? -1 : 0;
}

static int rng_ready(WC_RNG *rng, int *ok)
{
    if (!*ok && wc_InitRng(rng) == 0)
        *ok = 1;
    return *ok ? 0 : -1;
}

/* ---- per thread: the key-generation RNG and the state of the FP cache ---- */

typedef struct {
    WC_RNG rng;
    int rng_ok;
    int fp_curve; /* the curve the FP cache was prepared for, or -1 */
} wo_thread;

static void *wo_thread_make(void)
{
    wo_thread *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    /* wolfCrypt_Init counts its calls; wo_thread_destroy balances this one */
    if (wolfCrypt_Init() != 0) {
        free(t);
        return NULL;
    }
    if (rng_ready(&t->rng, &t->rng_ok) != 0) {
        wolfCrypt_Cleanup();
        free(t);
        return NULL;
    }
    t->fp_curve = -1;
    return t;
}

/* Runs in the thread that owned t: the FP cache freed is that thread's. */
static void wo_thread_destroy(void *p)
{
    wo_thread *t = p;
    wc_FreeRng(&t->rng);
    wc_ecc_fp_free();
    wolfCrypt_Cleanup();
    free(t);
}

static bench_per_thread wo_threads = BENCH_PER_THREAD(wo_thread_make, wo_thread_destroy);

/* A new key on curve id (wc_ecc_init + wc_ecc_make_key_ex); 0 or an error,
 * with nothing left to free on error. */
static int new_key(WC_RNG *rng, int id, ecc_key *k)
{
    int rc = wc_ecc_init(k);
    if (rc == 0 && (rc = wc_ecc_make_key_ex(rng, wc_ecc_get_curve_size_from_id(id), k, id)) != 0)
        wc_ecc_free(k);
    return rc;
}

#ifdef FP_ECC
#ifdef FP_ENTRIES
#define WO_FP_ENTRIES FP_ENTRIES
#else
#define WO_FP_ENTRIES 15 /* wolfcrypt/src/ecc.c's default */
#endif

/* This thread's FP cache emptied and prepared for fresh keys on one curve
 * (the header comment says why): every entry taken by a filler point used
 * twice, one after the other (its table built, its use count 2), then the
 * curve's G used three times (count 3: when every entry is in use, the one
 * evicted is a filler, never G). The fillers are on the smallest curve of
 * the build (the cheapest tables): the cache compares coordinates only. */
static int fp_cache_prepare(WC_RNG *rng, int curve_id)
{
    static const int small_first[] = {ECC_SECP224R1, ECC_SECP256R1, ECC_SECP256K1};
    int filler = -1;
    for (size_t i = 0; i < sizeof small_first / sizeof small_first[0] && filler < 0; i++)
        if (wc_ecc_get_curve_idx(small_first[i]) >= 0)
            filler = small_first[i];
    enum { N = WO_FP_ENTRIES + 1 };
    ecc_key *k = calloc(N + 1, sizeof *k); /* N fillers and one key of the curve */
    if (filler < 0 || !k) {
        free(k);
        return -1;
    }
    wc_ecc_fp_free();
    int made = 0, rc = 0;
    while (made < N && (rc = new_key(rng, filler, &k[made])) == 0)
        made++;
    if (rc == 0)
        rc = wc_ecc_set_rng(&k[0], rng);
    for (int i = 0; i < N && rc == 0; i++)
        for (int use = 0; use < 2 && rc == 0; use++) {
            byte z[MAX_ECC_BYTES];
            word32 zl = sizeof z;
            rc = wc_ecc_shared_secret(&k[0], &k[i], z, &zl);
        }
    for (int use = 0; use < 3 && rc == 0; use++)
        if ((rc = new_key(rng, curve_id, &k[N])) == 0)
            wc_ecc_free(&k[N]);
    for (int i = 0; i < made; i++)
        wc_ecc_free(&k[i]);
    free(k);
    return rc == 0 ? 0 : -1;
}
#else
static int fp_cache_prepare(WC_RNG *rng, int curve_id)
{
    (void)rng;
    (void)curve_id;
    return 0;
}
#endif

static wo_thread *wo_thread_get(void)
{
    return bench_per_thread_get(&wo_threads);
}

/* This thread's state, with its FP cache prepared for fresh keys on curve:
 * EC import, verify and derive go through here first. The cache is prepared
 * again when the curve changes, at the import of a new case's keys (the
 * cases of one run follow one another curve by curve), so that what earlier
 * cases left in it cannot crowd out this case's G; a worker thread of
 * --threads prepares its own on its first call. */
static wo_thread *wo_thread_ec(pkc_curve_id curve)
{
    wo_thread *t = wo_thread_get();
    if (t && t->fp_curve != (int)curve) {
        if (fp_cache_prepare(&t->rng, curve_ids[curve]) != 0)
            return NULL;
        t->fp_curve = (int)curve;
    }
    return t;
}

/* ---- RSA ---- */

static int wo_rsa_supports(unsigned bits, bench_op op)
{
    return bits >= 1024 && bits <= RSA_MAX_SIZE && bits % 8 == 0 && op <= BENCH_OP_PUBLIC;
}

static void wo_rsa_free(void *key)
{
    wo_rsa *h = key;
    if (!h)
        return;
    wc_FreeRsaKey(&h->key); /* zeroes the private values */
    if (h->rng_ok)
        wc_FreeRng(&h->rng);
    free(h);
}

static wo_rsa *rsa_new(void)
{
    wo_rsa *h = calloc(1, sizeof *h);
    if (h && wc_InitRsaKey(&h->key, NULL) != 0) {
        free(h);
        h = NULL;
    }
    return h;
}

/* The key's RNG, made at import (for a generated key: on first use) */
static int rsa_ready(wo_rsa *h)
{
    if (h->rng_ok)
        return 0;
    return rng_ready(&h->rng, &h->rng_ok) == 0 && wc_RsaSetRNG(&h->key, &h->rng) == 0 ? 0 : -1;
}

static void *wo_rsa_generate(void *gen, unsigned bits)
{
    (void)gen;
    wo_thread *t = wo_thread_get();
    wo_rsa *h = t ? rsa_new() : NULL;
    if (!h || wc_MakeRsaKey(&h->key, (int)bits, WC_RSA_EXPONENT, &t->rng) != 0) {
        wo_rsa_free(h);
        return NULL;
    }
    h->k = (word32)wc_RsaEncryptSize(&h->key);
    return h;
}

static void *wo_rsa_import(const bench_rsa_material *m)
{
    wo_rsa *h = wo_thread_get() ? rsa_new() : NULL;
    word32 idx = 0;
    if (!h || wc_RsaPrivateKeyDecode(m->pkcs1, &idx, &h->key, (word32)m->pkcs1len) != 0 ||
        rsa_ready(h) != 0) {
        wo_rsa_free(h);
        return NULL;
    }
    h->k = (word32)wc_RsaEncryptSize(&h->key);
    return h;
}

static int wo_rsa_modulus(void *key, uint8_t *out, size_t cap, size_t *len)
{
    wo_rsa *h = key;
    byte e[16];
    word32 el = sizeof e, nl = cap < h->k ? (word32)cap : h->k;
    if (wc_RsaFlattenPublicKey(&h->key, e, &el, out, &nl) != 0)
        return -1;
    *len = nl;
    return 0;
}

static int wo_rsa_sign(void *key, int pss, const uint8_t *msg, size_t len, uint8_t *sig,
                       size_t *siglen)
{
    wo_rsa *h = key;
    if (rsa_ready(h) != 0 || *siglen < h->k)
        return -1;
    if (!pss) {
        word32 l = h->k;
        if (wc_SignatureGenerate_ex(WC_HASH_TYPE_SHA256, WC_SIGNATURE_TYPE_RSA_W_ENC, msg,
                                    (word32)len, sig, &l, &h->key, sizeof h->key, &h->rng,
                                    0) != 0)
            return -1;
        *siglen = l;
        return 0;
    }
    byte dg[WC_SHA256_DIGEST_SIZE];
    if (wc_Sha256Hash(msg, (word32)len, dg) != 0)
        return -1;
    int n = wc_RsaPSS_Sign_ex(dg, sizeof dg, sig, h->k, WC_HASH_TYPE_SHA256, WC_MGF1SHA256,
                              32, &h->key, &h->rng);
    if (n <= 0)
        return -1;
    *siglen = (size_t)n;
    return 0;
}

static int wo_rsa_verify(void *key, int pss, const uint8_t *msg, size_t len, const uint8_t *sig,
                         size_t siglen)
{
    wo_rsa *h = key;
    if (siglen != h->k)
        return 0;
    if (!pss) {
        int rc = wc_SignatureVerify(WC_HASH_TYPE_SHA256, WC_SIGNATURE_TYPE_RSA_W_ENC, msg,
                                    (word32)len, sig, (word32)siglen, &h->key, sizeof h->key);
        return rc == 0 ? 1 : rejected(rc);
    }
    byte dg[WC_SHA256_DIGEST_SIZE], in[RSA_MAX_BYTES], out[RSA_MAX_BYTES];
    if (wc_Sha256Hash(msg, (word32)len, dg) != 0)
        return -1;
    memcpy(in, sig, siglen); /* the call takes a writable input */
    int rc = wc_RsaPSS_VerifyCheck(in, (word32)siglen, out, sizeof out, dg, sizeof dg,
                                   WC_HASH_TYPE_SHA256, WC_MGF1SHA256, &h->key);
    return rc > 0 ? 1 : rejected(rc);
}

static int wo_rsa_encrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                          size_t *outlen)
{
    wo_rsa *h = key;
    if (rsa_ready(h) != 0)
        return -1;
    int n = wc_RsaPublicEncrypt_ex(in, (word32)inlen, out, (word32)*outlen, &h->key, &h->rng,
                                   WC_RSA_OAEP_PAD, WC_HASH_TYPE_SHA256, WC_MGF1SHA256, NULL, 0);
    if (n <= 0)
        return -1;
    *outlen = (size_t)n;
    return 0;
}

static int wo_rsa_decrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                          size_t *outlen)
{
    wo_rsa *h = key;
    if (rsa_ready(h) != 0)
        return -1;
    int n = wc_RsaPrivateDecrypt_ex(in, (word32)inlen, out, (word32)*outlen, &h->key,
                                    WC_RSA_OAEP_PAD, WC_HASH_TYPE_SHA256, WC_MGF1SHA256, NULL, 0);
    if (n < 0)
        return -1;
    *outlen = (size_t)n;
    return 0;
}

static int rsa_raw(wo_rsa *h, int type, const uint8_t *in, uint8_t *out)
{
    word32 l = h->k;
    if (rsa_ready(h) != 0)
        return -1;
    return wc_RsaFunction(in, h->k, out, &l, type, &h->key, &h->rng) == 0 && l == h->k ? 0 : -1;
}

static int wo_rsa_private(void *key, const uint8_t *in, uint8_t *out)
{
    return rsa_raw(key, RSA_PRIVATE_DECRYPT, in, out);
}

static int wo_rsa_public(void *key, const uint8_t *in, uint8_t *out)
{
    return rsa_raw(key, RSA_PUBLIC_ENCRYPT, in, out);
}

/* ---- elliptic curves ---- */

static int wo_ec_supports(pkc_curve_id curve, bench_op op)
{
    (void)op;
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    if (!ci || ci->field != PKC_FIELD_PRIME || curve_ids[curve] <= ECC_CURVE_DEF ||
        wc_ecc_get_curve_idx(curve_ids[curve]) < 0)
        return 0;
    /* the mapping names the same curve ("SECP256R1" for secp256r1) */
    const char *name = wc_ecc_get_name(curve_ids[curve]);
    return name && strcasecmp(name, ci->name) == 0;
}

/* the operations whose cost the FP cache changes (see the header comment) */
static int cached_ec_supports(pkc_curve_id curve, bench_op op)
{
    return (op == BENCH_OP_VERIFY || op == BENCH_OP_DERIVE) && wo_ec_supports(curve, op);
}

static void wo_ec_free(void *key)
{
    wo_ec *h = key;
    if (!h)
        return;
    wc_ecc_free(&h->key); /* zeroes the private scalar */
    if (h->rng_ok)
        wc_FreeRng(&h->rng);
    free(h);
}

static wo_ec *ec_new(pkc_curve_id curve)
{
    wo_ec *h = calloc(1, sizeof *h);
    if (h)
        h->curve = curve;
    return h;
}

/* A private key's RNG (nonces; ECDH blinding under ECC_TIMING_RESISTANT),
 * made at import, for a generated key on first use. */
static int ec_ready(wo_ec *h)
{
    if (!h->has_priv || h->rng_ok)
        return 0;
    return rng_ready(&h->rng, &h->rng_ok) == 0 && wc_ecc_set_rng(&h->key, &h->rng) == 0 ? 0 : -1;
}

static void *wo_ec_generate(void *gen, pkc_curve_id curve)
{
    (void)gen;
    /* key generation multiplies G only: this thread's state, no cache fill */
    wo_thread *t = wo_thread_get();
    wo_ec *h = t ? ec_new(curve) : NULL;
    if (!h || new_key(&t->rng, curve_ids[curve], &h->key) != 0) {
        free(h);
        return NULL;
    }
    h->has_priv = 1;
    return h;
}

static void *wo_ec_import(const bench_ec_material *m)
{
    wo_ec *h = wo_thread_ec(m->curve) ? ec_new(m->curve) : NULL;
    if (!h)
        return NULL;
    if (wc_ecc_init(&h->key) != 0) {
        free(h);
        return NULL;
    }
    int id = curve_ids[m->curve];
    int rc = m->d ? wc_ecc_import_private_key_ex(m->d, (word32)m->dlen, m->q, (word32)m->qlen,
                                                 &h->key, id)
                  : wc_ecc_import_x963_ex(m->q, (word32)m->qlen, &h->key, id);
    h->has_priv = m->d != NULL;
    if (rc != 0 || wc_ecc_check_key(&h->key) != 0 || ec_ready(h) != 0) {
        wo_ec_free(h);
        return NULL;
    }
    return h;
}

static int wo_ec_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    wo_ec *h = key;
    byte dg[WC_SHA256_DIGEST_SIZE];
    word32 l = (word32)*siglen;
    /* signing multiplies G only; the thread's state is fetched so that its
     * cache is freed with the thread */
    if (!h->has_priv || !wo_thread_get() || ec_ready(h) != 0 ||
        wc_Sha256Hash(msg, (word32)len, dg) != 0 ||
        wc_ecc_sign_hash(dg, sizeof dg, sig, &l, &h->rng, &h->key) != 0)
        return -1;
    *siglen = l;
    return 0;
}

static int wo_ec_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t siglen)
{
    wo_ec *h = key;
    byte dg[WC_SHA256_DIGEST_SIZE];
    int res = 0;
    if (!wo_thread_ec(h->curve) || wc_Sha256Hash(msg, (word32)len, dg) != 0)
        return -1;
    int rc = wc_ecc_verify_hash(sig, (word32)siglen, dg, sizeof dg, &res, &h->key);
    return rc == 0 ? res == 1 : rejected(rc);
}

static int wo_ec_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    wo_ec *h = key, *q = peer;
    word32 l = (word32)*outlen;
    if (!h->has_priv || !wo_thread_ec(h->curve) || ec_ready(h) != 0 ||
        wc_ecc_point_is_on_curve(&q->key.pubkey, q->key.idx) != 0 ||
        wc_ecc_shared_secret(&h->key, &q->key, out, &l) != 0)
        return -1;
    *outlen = l;
    return 0;
}

/* ---- SHA-256 ---- */

static int yes(void)
{
    return 1;
}

static void *wo_hash_new(void)
{
    wc_Sha256 *c = malloc(sizeof *c);
    if (c && wc_InitSha256(c) != 0) {
        free(c);
        c = NULL;
    }
    return c;
}

/* wc_Sha256Final leaves the context initialised for the next message */
static int wo_sha256(void *ctx, const uint8_t *msg, size_t len, uint8_t out[32])
{
    return wc_Sha256Update(ctx, msg, (word32)len) == 0 && wc_Sha256Final(ctx, out) == 0 ? 0 : -1;
}

static void wo_hash_free(void *ctx)
{
    if (ctx)
        wc_Sha256Free(ctx);
    free(ctx);
}

/* ---- AES ---- */

typedef struct {
    bench_alg mode;
    Aes enc, dec; /* GCM: enc only */
} wo_aes_h;

static void wo_aes_free(void *ctx)
{
    wo_aes_h *h = ctx;
    if (!h)
        return;
    wc_AesFree(&h->enc);
    wc_AesFree(&h->dec);
    free(h);
}

static void *wo_aes_new(bench_alg mode, const uint8_t *key, unsigned bits)
{
    wo_aes_h *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->mode = mode;
    word32 len = bits / 8;
    if (wc_AesInit(&h->enc, NULL, INVALID_DEVID) != 0 ||
        wc_AesInit(&h->dec, NULL, INVALID_DEVID) != 0 ||
        (mode == BENCH_AES_GCM ? wc_AesGcmSetKey(&h->enc, key, len)
                               : wc_AesSetKey(&h->enc, key, len, NULL, AES_ENCRYPTION) |
                                     wc_AesSetKey(&h->dec, key, len, NULL, AES_DECRYPTION)) != 0) {
        wo_aes_free(h);
        return NULL;
    }
    return h;
}

/* ECB or CBC over whole blocks (in place allowed), with PKCS#7 around it */
static int wo_blocks(wo_aes_h *h, int enc, uint8_t *out, const uint8_t *in, size_t len)
{
    word32 n = (word32)len;
    if (h->mode == BENCH_AES_CBC)
        return (enc ? wc_AesCbcEncrypt(&h->enc, out, in, n) : wc_AesCbcDecrypt(&h->dec, out, in, n))
                   ? -1
                   : 0;
    return (enc ? wc_AesEcbEncrypt(&h->enc, out, in, n) : wc_AesEcbDecrypt(&h->dec, out, in, n))
               ? -1
               : 0;
}

static int wo_aes_crypt(void *ctx, int enc, const uint8_t *iv, const uint8_t *in, size_t len,
                        uint8_t *out, size_t *outlen)
{
    wo_aes_h *h = ctx;
    switch (h->mode) {
    case BENCH_AES_ECB:
    case BENCH_AES_CBC:
        if (h->mode == BENCH_AES_CBC && wc_AesSetIV(enc ? &h->enc : &h->dec, iv) != 0)
            return -1;
        if (enc) {
            *outlen = bench_pkcs7_pad(out, in, len);
            return wo_blocks(h, 1, out, out, *outlen);
        }
        if (len == 0 || len % 16 || wo_blocks(h, 0, out, in, len) != 0)
            return -1;
        *outlen = bench_pkcs7_unpad(out, len);
        return *outlen == (size_t)-1 ? -1 : 0;
    case BENCH_AES_CTR:
        *outlen = len;
        return wc_AesSetIV(&h->enc, iv) != 0 ||
                       wc_AesCtrEncrypt(&h->enc, out, in, (word32)len) != 0
                   ? -1
                   : 0;
    case BENCH_AES_GCM:
        if (enc) {
            *outlen = len + 16;
            return wc_AesGcmEncrypt(&h->enc, out, in, (word32)len, iv, 12, out + len, 16, NULL,
                                    0)
                       ? -1
                       : 0;
        }
        if (len < 16)
            return -1;
        *outlen = len - 16;
        return wc_AesGcmDecrypt(&h->enc, out, in, (word32)(len - 16), iv, 12, in + len - 16, 16,
                                NULL, 0)
                   ? -1
                   : 0;
    default: return -1;
    }
}

static int wo_aes_encrypt(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len,
                          uint8_t *out, size_t *outlen)
{
    return wo_aes_crypt(ctx, 1, iv, in, len, out, outlen);
}

static int wo_aes_decrypt(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len,
                          uint8_t *out, size_t *outlen)
{
    return wo_aes_crypt(ctx, 0, iv, in, len, out, outlen);
}


#define WO_EC_OPS                                                                            \
    .ec_generate = wo_ec_generate, .ec_import = wo_ec_import, .ec_free = wo_ec_free,          \
    .ec_sign = wo_ec_sign, .ec_verify = wo_ec_verify, .ec_derive = wo_ec_derive

/* ---- X25519, Ed25519, X448, Ed448: raw keys, little-endian (RFC 7748) ---- */

typedef struct {
    bench_alg alg;
    unsigned bits;
    int has_priv;
    union {
        ed25519_key ed25519;
        ed448_key ed448;
        curve25519_key x25519;
        curve448_key x448;
    } u;
} wo_ecx;

static int wo_ecx_supports(bench_alg alg, unsigned bits, bench_op op)
{
    (void)op;
    return bench_ecx_name(alg, bits) != NULL;
}

static void wo_ecx_free(void *key)
{
    wo_ecx *k = key;
    if (!k)
        return;
    if (k->alg == BENCH_EDDSA && k->bits == BENCH_ECX_25519)
        wc_ed25519_free(&k->u.ed25519);
    else if (k->alg == BENCH_EDDSA)
        wc_ed448_free(&k->u.ed448);
    else if (k->bits == BENCH_ECX_25519)
        wc_curve25519_free(&k->u.x25519);
    else
        wc_curve448_free(&k->u.x448);
    free(k);
}

/* a handle with its wolfSSL key initialised (0) */
static wo_ecx *wo_ecx_new(bench_alg alg, unsigned bits)
{
    wo_ecx *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->alg = alg;
    k->bits = bits;
    int rc = alg == BENCH_EDDSA && bits == BENCH_ECX_25519 ? wc_ed25519_init(&k->u.ed25519)
             : alg == BENCH_EDDSA                          ? wc_ed448_init(&k->u.ed448)
             : bits == BENCH_ECX_25519                     ? wc_curve25519_init(&k->u.x25519)
                                                           : wc_curve448_init(&k->u.x448);
    if (rc != 0) {
        free(k);
        return NULL;
    }
    return k;
}

static void *wo_ecx_generate(void *gen, bench_alg alg, unsigned bits)
{
    (void)gen;
    wo_thread *t = wo_thread_get();
    wo_ecx *k = t ? wo_ecx_new(alg, bits) : NULL;
    if (!k)
        return NULL;
    int rc = alg == BENCH_EDDSA && bits == BENCH_ECX_25519
                 ? wc_ed25519_make_key(&t->rng, ED25519_KEY_SIZE, &k->u.ed25519)
             : alg == BENCH_EDDSA ? wc_ed448_make_key(&t->rng, ED448_KEY_SIZE, &k->u.ed448)
             : bits == BENCH_ECX_25519
                 ? wc_curve25519_make_key(&t->rng, CURVE25519_KEYSIZE, &k->u.x25519)
                 : wc_curve448_make_key(&t->rng, CURVE448_KEY_SIZE, &k->u.x448);
    k->has_priv = 1;
    if (rc != 0) {
        wo_ecx_free(k);
        return NULL;
    }
    return k;
}

/* The import calls take an X25519/X448 public key as given, next to the
 * private key: the private key's own (wc_curve*_make_pub, which wants the
 * scalar clamped as RFC 7748 decodes it) must be the pool's. 0 if so. */
static int xdh_public_matches(const bench_ecx_material *m)
{
    uint8_t priv[CURVE448_KEY_SIZE], pub[CURVE448_KEY_SIZE];
    int n = (int)m->len, rc;
    memcpy(priv, m->priv, m->len);
    if (m->bits == BENCH_ECX_25519) {
        priv[0] &= 248;
        priv[31] = (uint8_t)((priv[31] & 127) | 64);
        rc = wc_curve25519_make_pub(n, pub, n, priv);
    } else {
        priv[0] &= 252;
        priv[55] |= 128;
        rc = wc_curve448_make_pub(n, pub, n, priv);
    }
    pkc_memzero(priv, sizeof priv);
    return rc == 0 && memcmp(pub, m->pub, m->len) == 0 ? 0 : -1;
}

static void *wo_ecx_import(const bench_ecx_material *m)
{
    wo_ecx *k = wo_ecx_new(m->alg, m->bits);
    if (!k)
        return NULL;
    word32 n = (word32)m->len;
    int rc;
    if (m->alg == BENCH_EDDSA && m->bits == BENCH_ECX_25519)
        rc = m->priv ? wc_ed25519_import_private_key(m->priv, n, m->pub, n, &k->u.ed25519)
                     : wc_ed25519_import_public(m->pub, n, &k->u.ed25519);
    else if (m->alg == BENCH_EDDSA)
        rc = m->priv ? wc_ed448_import_private_key(m->priv, n, m->pub, n, &k->u.ed448)
                     : wc_ed448_import_public(m->pub, n, &k->u.ed448);
    else if (m->bits == BENCH_ECX_25519)
        rc = m->priv ? wc_curve25519_import_private_raw_ex(m->priv, n, m->pub, n, &k->u.x25519,
                                                           EC25519_LITTLE_ENDIAN)
                     : wc_curve25519_import_public_ex(m->pub, n, &k->u.x25519,
                                                      EC25519_LITTLE_ENDIAN);
    else
        rc = m->priv ? wc_curve448_import_private_raw_ex(m->priv, n, m->pub, n, &k->u.x448,
                                                         EC448_LITTLE_ENDIAN)
                     : wc_curve448_import_public_ex(m->pub, n, &k->u.x448, EC448_LITTLE_ENDIAN);
    k->has_priv = m->priv != NULL;
    if (rc == 0 && m->priv && m->alg == BENCH_XDH)
        rc = xdh_public_matches(m);
    if (rc != 0) {
        wo_ecx_free(k);
        return NULL;
    }
    return k;
}

static int wo_ecx_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    wo_ecx *k = key;
    word32 l = (word32)*siglen;
    int rc = k->bits == BENCH_ECX_25519
                 ? wc_ed25519_sign_msg(msg, (word32)len, sig, &l, &k->u.ed25519)
                 : wc_ed448_sign_msg(msg, (word32)len, sig, &l, &k->u.ed448, NULL, 0);
    *siglen = l;
    return rc == 0 ? 0 : -1;
}

static int wo_ecx_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                         size_t siglen)
{
    wo_ecx *k = key;
    int res = 0;
    int rc = k->bits == BENCH_ECX_25519
                 ? wc_ed25519_verify_msg(sig, (word32)siglen, msg, (word32)len, &res,
                                         &k->u.ed25519)
                 : wc_ed448_verify_msg(sig, (word32)siglen, msg, (word32)len, &res, &k->u.ed448,
                                       NULL, 0);
    return rc == 0 && res == 1 ? 1 : 0; /* SIG_VERIFY_E and bad encodings: invalid */
}

static int wo_ecx_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    wo_ecx *k = key, *q = peer;
    word32 l = (word32)*outlen;
    int rc = k->bits == BENCH_ECX_25519
                 ? wc_curve25519_shared_secret_ex(&k->u.x25519, &q->u.x25519, out, &l,
                                                  EC25519_LITTLE_ENDIAN)
                 : wc_curve448_shared_secret_ex(&k->u.x448, &q->u.x448, out, &l,
                                                EC448_LITTLE_ENDIAN);
    *outlen = l;
    /* this build does not refuse an all-zero secret (tried: a peer u = 0
     * gives one and no error); RFC 7748 section 6.1 asks it */
    uint8_t acc = 0;
    for (word32 i = 0; rc == 0 && i < l; i++)
        acc |= out[i];
    return rc == 0 && acc ? 0 : -1;
}

const bench_provider bench_prov_wolfssl = {
    .name = "wolfssl",
    .library = "wolfSSL wolfCrypt",
    .version = wo_version,
    .rsa_supports = wo_rsa_supports,
    .rsa_generate = wo_rsa_generate,
    .rsa_import = wo_rsa_import,
    .rsa_free = wo_rsa_free,
    .rsa_modulus = wo_rsa_modulus,
    .rsa_sign = wo_rsa_sign,
    .rsa_verify = wo_rsa_verify,
    .rsa_encrypt = wo_rsa_encrypt,
    .rsa_decrypt = wo_rsa_decrypt,
    .rsa_private = wo_rsa_private,
    .rsa_public = wo_rsa_public,
    .ec_supports = wo_ec_supports,
    WO_EC_OPS,
    .hash_supports = yes,
    .hash_new = wo_hash_new,
    .sha256 = wo_sha256,
    .hash_free = wo_hash_free,
    .aes_supports = bench_aes_every_mode,
    .aes_new = wo_aes_new,
    .aes_free = wo_aes_free,
    .aes_encrypt = wo_aes_encrypt,
    .aes_decrypt = wo_aes_decrypt,
    .ecx_supports = wo_ecx_supports,
    .ecx_generate = wo_ecx_generate,
    .ecx_import = wo_ecx_import,
    .ecx_free = wo_ecx_free,
    .ecx_sign = wo_ecx_sign,
    .ecx_verify = wo_ecx_verify,
    .ecx_derive = wo_ecx_derive,
};

const bench_provider bench_prov_wolfssl_cached = {
    .name = "wolfssl-cached",
    .library = "wolfSSL wolfCrypt",
    .version = wo_version,
    .variant = "one repeated key: wolfSSL's fixed-point cache (FP_ECC) on",
    .pool_size = 1,
    .ec_supports = cached_ec_supports,
    WO_EC_OPS,
};
