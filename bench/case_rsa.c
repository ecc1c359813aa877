/* pkc bench — RSA cases, for every provider: key generation (one new key
 * per sample, each from its own seed for pkc: seed, seed + 1, ...), and
 * sign / verify (PKCS#1 v1.5, PSS), OAEP encrypt / decrypt and the raw
 * private / public operations over a pool of distinct keys, rotated call
 * by call (bench/pool.h). Every result is checked before anything is timed:
 * every pool entry for keys up to 4096 bits, the first four above (one
 * private operation there takes up to a second). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_util.h"
#include "pkc/hash.h"

#define CHECK_ALL_BITS 4096

typedef struct {
    const bench_provider *pv;
    bench_params p;
    const bench_rsa_pool *pool;
    bench_rotation rot;
    size_t k;                   /* bytes of the modulus */
    void **keys;                /* provider handles, rot.count */
    const uint8_t **msg;        /* message of entry i */
    uint8_t *sig;               /* verify: signature i at i * k; decrypt: ciphertext i */
    size_t *siglen;
    uint8_t kex[BENCH_KEX_LEN];
    uint8_t out[BENCH_MAX_SIG];
    /* key generation */
    bench_seed seed;            /* the run's; sample i uses seed.seed + i */
    uint64_t next_seed, last_seed;
    void *gen;                  /* the generator of the next key */
    void *last;                 /* the last key made (for its fingerprint) */
    size_t made;
} rsa_state;

/* OAEP's plaintext: the 32-byte key a key exchange transports, or with a
 * message size (the size-sweep scenario) pool entry i's message */
static const uint8_t *oaep_msg(const rsa_state *s, size_t i)
{
    return s->p.msg_len ? s->msg[i] : s->kex;
}

static size_t oaep_len(const rsa_state *s)
{
    return s->p.msg_len ? s->p.msg_len : BENCH_KEX_LEN;
}

static int is_pss(bench_op op)
{
    return op == BENCH_OP_SIGN_PSS || op == BENCH_OP_VERIFY_PSS;
}

static int rsa_supports(const bench_provider *pv, const bench_params *p)
{
    return pv->rsa_supports && p->op <= BENCH_OP_PUBLIC && pv->rsa_supports(p->bits, p->op);
}

static void rsa_teardown(void *st)
{
    rsa_state *s = st;
    if (!s)
        return;
    for (size_t i = 0; s->keys && i < s->rot.count; i++)
        if (s->keys[i])
            s->pv->rsa_free(s->keys[i]);
    if (s->last)
        s->pv->rsa_free(s->last);
    if (s->gen && s->pv->keygen_free)
        s->pv->keygen_free(s->gen);
    free(s->keys);
    free(s->msg);
    free(s->sig);
    free(s->siglen);
    free(s);
}

static void *new_gen(rsa_state *s, uint64_t seed)
{
    bench_seed one = {s->seed.fixed, seed};
    return s->pv->keygen_new ? s->pv->keygen_new(&one) : NULL;
}

static void *rsa_setup(const bench_provider *pv, const bench_params *p,
                       const bench_case_env *env, char *err, size_t errlen)
{
    rsa_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->pv = pv;
    s->p = *p;
    s->seed = env->seed;
    bench_kex_message(s->kex);
    if (p->op == BENCH_OP_KEYGEN) {
        s->next_seed = env->seed.seed;
        s->gen = new_gen(s, s->next_seed);
        if (pv->keygen_new && !s->gen) {
            snprintf(err, errlen, "no random generator for key generation");
            goto fail;
        }
        return s;
    }
    s->pool = bench_pools_rsa(env->pools, p->bits, err, errlen);
    if (!s->pool)
        goto fail;
    bench_rotation_init(&s->rot, env, s->pool->count);
    size_t count = s->rot.count;
    s->k = s->pool->k;
    s->keys = calloc(count, sizeof *s->keys);
    s->msg = calloc(count, sizeof *s->msg);
    s->sig = malloc(count * s->k);
    s->siglen = calloc(count, sizeof *s->siglen);
    if (!s->keys || !s->msg || !s->sig || !s->siglen) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    for (size_t i = 0; i < count; i++) {
        s->keys[i] = pv->rsa_import(&s->pool->keys[i]);
        if (!s->keys[i]) {
            snprintf(err, errlen, "cannot import pool key %zu", i);
            goto fail;
        }
        if (p->msg_len && !(s->msg[i] = bench_pools_message(env->pools, i, p->msg_len))) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        size_t l = s->k;
        int rc = 0;
        if (p->op == BENCH_OP_VERIFY || p->op == BENCH_OP_VERIFY_PSS)
            rc = pv->rsa_sign(s->keys[i], is_pss(p->op), s->msg[i], p->msg_len,
                              s->sig + i * s->k, &l);
        else if (p->op == BENCH_OP_DECRYPT)
            rc = pv->rsa_encrypt(s->keys[i], oaep_msg(s, i), oaep_len(s), s->sig + i * s->k, &l);
        if (rc != 0) {
            snprintf(err, errlen, "preparing the input of pool key %zu failed", i);
            goto fail;
        }
        s->siglen[i] = l;
    }
    return s;
fail:
    rsa_teardown(s);
    return NULL;
}

/* n new keys; the last one is kept for its fingerprint (rsa_last_key) */
static int rsa_run_keygen(rsa_state *s, uint64_t n)
{
    for (uint64_t it = 0; it < n; it++, s->made++) {
        void *key = s->pv->rsa_generate(s->gen, s->p.bits);
        if (!key)
            return -1;
        if (s->last)
            s->pv->rsa_free(s->last);
        s->last = key;
        s->last_seed = s->next_seed;
    }
    return 0;
}

static int rsa_run(void *st, uint64_t n)
{
    rsa_state *s = st;
    const bench_provider *pv = s->pv;
    if (s->p.op == BENCH_OP_KEYGEN)
        return rsa_run_keygen(s, n);
    for (uint64_t it = 0; it < n; it++) {
        size_t i = bench_rotation_take(&s->rot);
        const uint8_t *in = s->pool->raw_in + i * s->k;
        size_t l = sizeof s->out;
        int rc;
        switch (s->p.op) {
        case BENCH_OP_SIGN:
        case BENCH_OP_SIGN_PSS:
            rc = pv->rsa_sign(s->keys[i], is_pss(s->p.op), s->msg[i], s->p.msg_len, s->out, &l);
            break;
        case BENCH_OP_VERIFY:
        case BENCH_OP_VERIFY_PSS:
            rc = pv->rsa_verify(s->keys[i], is_pss(s->p.op), s->msg[i], s->p.msg_len,
                                s->sig + i * s->k, s->siglen[i]) == 1 ? 0 : -1;
            break;
        case BENCH_OP_ENCRYPT:
            rc = pv->rsa_encrypt(s->keys[i], oaep_msg(s, i), oaep_len(s), s->out, &l);
            break;
        case BENCH_OP_DECRYPT:
            rc = pv->rsa_decrypt(s->keys[i], s->sig + i * s->k, s->siglen[i], s->out, &l);
            break;
        case BENCH_OP_PRIVATE:
            rc = pv->rsa_private(s->keys[i], in, s->out);
            break;
        case BENCH_OP_PUBLIC:
            rc = pv->rsa_public(s->keys[i], in, s->out);
            break;
        default:
            rc = -1;
        }
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* sign (or take the prepared signature), verify, tamper, verify again */
static int check_sign(rsa_state *s, void *key, size_t i, char *err, size_t errlen)
{
    int given = s->p.op == BENCH_OP_VERIFY || s->p.op == BENCH_OP_VERIFY_PSS;
    return bench_check_rsa_signature(s->pv, key, is_pss(s->p.op), s->msg ? s->msg[i] : s->kex,
                                     s->msg ? s->p.msg_len : BENCH_KEX_LEN,
                                     given ? s->sig + i * s->k : NULL, given ? s->siglen[i] : 0,
                                     err, errlen);
}

static int rsa_check(void *st, char *err, size_t errlen)
{
    rsa_state *s = st;
    const bench_provider *pv = s->pv;
    if (s->p.op == BENCH_OP_KEYGEN) {
        /* one key from a seed no sample uses: the right size, and it signs */
        void *gen = new_gen(s, ~s->seed.seed);
        void *key = pv->rsa_generate(gen, s->p.bits);
        if (gen && pv->keygen_free)
            pv->keygen_free(gen);
        if (!key) {
            snprintf(err, errlen, "key generation failed");
            return -1;
        }
        int rc = 0;
        uint8_t n[BENCH_MAX_SIG];
        size_t nl = 0;
        if (pv->rsa_modulus && (pv->rsa_modulus(key, n, sizeof n, &nl) != 0 ||
                                nl != (s->p.bits + 7) / 8 || !(n[0] >> ((s->p.bits + 7) % 8)))) {
            snprintf(err, errlen, "generated a key of the wrong size");
            rc = -1;
        }
        if (rc == 0 && pv->rsa_sign) {
            s->p.op = BENCH_OP_SIGN; /* check_sign's view: sign, then verify */
            rc = check_sign(s, key, 0, err, errlen);
            s->p.op = BENCH_OP_KEYGEN;
        }
        pv->rsa_free(key);
        return rc;
    }
    size_t count = s->rot.count;
    size_t upto = s->p.bits <= CHECK_ALL_BITS ? count : (count < 4 ? count : 4);
    for (size_t i = 0; i < upto; i++) {
        void *key = s->keys[i];
        uint8_t y[BENCH_MAX_SIG], z[BENCH_MAX_SIG];
        size_t l = sizeof y;
        const uint8_t *x = s->pool->raw_in + i * s->k;
        int rc = 0;
        switch (s->p.op) {
        case BENCH_OP_SIGN:
        case BENCH_OP_SIGN_PSS:
        case BENCH_OP_VERIFY:
        case BENCH_OP_VERIFY_PSS:
            rc = check_sign(s, key, i, err, errlen);
            break;
        case BENCH_OP_ENCRYPT:
        case BENCH_OP_DECRYPT: {
            const uint8_t *ct = s->sig + i * s->k;
            size_t ctl = s->siglen[i];
            if (s->p.op == BENCH_OP_ENCRYPT) {
                ctl = sizeof z;
                if (pv->rsa_encrypt(key, oaep_msg(s, i), oaep_len(s), z, &ctl) != 0) {
                    snprintf(err, errlen, "OAEP encryption failed");
                    return -1;
                }
                ct = z;
            }
            if (pv->rsa_decrypt(key, ct, ctl, y, &l) != 0 || l != oaep_len(s) ||
                memcmp(y, oaep_msg(s, i), oaep_len(s)) != 0) {
                snprintf(err, errlen, "OAEP decryption does not give back the message");
                return -1;
            }
            break;
        }
        case BENCH_OP_PRIVATE:
        case BENCH_OP_PUBLIC: {
            int ok = s->p.op == BENCH_OP_PRIVATE
                         ? pv->rsa_private(key, x, y) == 0 && pv->rsa_public(key, y, z) == 0
                         : pv->rsa_public(key, x, y) == 0 && pv->rsa_private(key, y, z) == 0;
            if (!ok || memcmp(z, x, s->k) != 0) {
                snprintf(err, errlen, "the raw operation is not inverted by its counterpart");
                return -1;
            }
            break;
        }
        default:
            return -1;
        }
        if (rc != 0)
            return rc;
    }
    return 0;
}

static void rsa_info(void *st, size_t *keys, size_t *inputs)
{
    rsa_state *s = st;
    bench_case_counts(s->p.op == BENCH_OP_KEYGEN, s->made, s->rot.count, keys, inputs);
}

/* called after every key-generation sample (outside the timing): the
 * fingerprint of the key, then the generator of the next sample's key */
static void rsa_last_key(void *st, uint64_t *seed, int *seeded, char fp[17])
{
    rsa_state *s = st;
    fp[0] = 0;
    *seed = s->last_seed;
    *seeded = s->seed.fixed && s->pv->keygen_new != NULL;
    uint8_t n[BENCH_MAX_SIG], h[32];
    size_t nl = 0;
    if (s->last && s->pv->rsa_modulus && s->pv->rsa_modulus(s->last, n, sizeof n, &nl) == 0 &&
        pkc_hash(PKC_HASH_SHA256, n, nl, h) == PKC_OK) {
        for (int i = 0; i < 8; i++)
            snprintf(fp + 2 * i, 3, "%02x", h[i]);
    }
    if (s->last) {
        s->pv->rsa_free(s->last);
        s->last = NULL;
    }
    if (s->gen && s->pv->keygen_free)
        s->pv->keygen_free(s->gen);
    s->next_seed++;
    s->gen = new_gen(s, s->next_seed);
}

const bench_case_ops bench_case_rsa = {rsa_supports, rsa_setup, rsa_run, rsa_check,
                                       rsa_teardown, rsa_info, rsa_last_key};
