/* pkc bench — X25519/X448 and Ed25519/Ed448 cases, for every provider: key
 * generation, signing and verification (EdDSA), and key agreement (XDH),
 * over a pool of distinct keys and peers rotated call by call (bench/pool.h),
 * as bench/case_ec.c does for the SEC curves. Before anything is timed:
 * every signature a provider makes is the one pkc makes (RFC 8032 signatures
 * are deterministic: the same bytes in every library), verifies, and does
 * not once tampered; every shared secret is the one pkc computed when it
 * built the pool; a key a provider generates signs, or agrees with a pool
 * peer as pkc computes it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_util.h"
#include "pkc/curve25519.h"
#include "pkc/curve448.h"

#define ECX_MAX_SIG PKC_ED448_SIG_SIZE
#define ECX_MAX_OUT PKC_ED448_SIG_SIZE

typedef struct {
    const bench_provider *pv;
    bench_params p;
    const bench_ecx_pool *pool;
    bench_rotation rot;
    void **keys, **peers;
    const uint8_t **msg;
    uint8_t (*sig)[ECX_MAX_SIG];
    size_t *siglen;
    uint8_t out[ECX_MAX_OUT];
    void *gen;
    size_t made;
} ecx_state;

static int ecx_supports(const bench_provider *pv, const bench_params *p)
{
    if (!pv->ecx_supports || !bench_op_valid(p->alg, p->op) || !bench_alg_is_ecx(p->alg))
        return 0;
    return pv->ecx_supports(p->alg, p->bits, p->op);
}

static void ecx_teardown(void *st)
{
    ecx_state *s = st;
    if (!s)
        return;
    for (size_t i = 0; i < s->rot.count; i++) {
        if (s->keys && s->keys[i])
            s->pv->ecx_free(s->keys[i]);
        if (s->peers && s->peers[i])
            s->pv->ecx_free(s->peers[i]);
    }
    if (s->gen && s->pv->keygen_free)
        s->pv->keygen_free(s->gen);
    free(s->keys);
    free(s->peers);
    free(s->msg);
    free(s->sig);
    free(s->siglen);
    free(s);
}

static void *ecx_setup(const bench_provider *pv, const bench_params *p,
                       const bench_case_env *env, char *err, size_t errlen)
{
    ecx_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->pv = pv;
    s->p = *p;
    if (p->op == BENCH_OP_KEYGEN) {
        s->gen = pv->keygen_new ? pv->keygen_new(&env->seed) : NULL;
        if (pv->keygen_new && !s->gen) {
            snprintf(err, errlen, "no random generator for key generation");
            goto fail;
        }
        /* the check agrees with a pool peer */
        s->pool = bench_pools_ecx(env->pools, p->alg, p->bits, err, errlen);
        if (!s->pool)
            goto fail;
        return s;
    }
    s->pool = bench_pools_ecx(env->pools, p->alg, p->bits, err, errlen);
    if (!s->pool)
        goto fail;
    bench_rotation_init(&s->rot, env, s->pool->count);
    size_t count = s->rot.count;
    s->keys = calloc(count, sizeof *s->keys);
    s->peers = calloc(count, sizeof *s->peers);
    s->msg = calloc(count, sizeof *s->msg);
    s->sig = calloc(count, sizeof *s->sig);
    s->siglen = calloc(count, sizeof *s->siglen);
    if (!s->keys || !s->peers || !s->msg || !s->sig || !s->siglen) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    for (size_t i = 0; i < count; i++) {
        s->keys[i] = pv->ecx_import(&s->pool->keys[i]);
        if (!s->keys[i]) {
            snprintf(err, errlen, "cannot import pool key %zu", i);
            goto fail;
        }
        if (p->op == BENCH_OP_DERIVE) {
            s->peers[i] = pv->ecx_import(&s->pool->peers[i]);
            if (!s->peers[i]) {
                snprintf(err, errlen, "cannot import pool peer %zu", i);
                goto fail;
            }
            continue;
        }
        s->msg[i] = bench_pools_message(env->pools, i, p->msg_len);
        if (!s->msg[i]) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        s->siglen[i] = ECX_MAX_SIG;
        if (p->op == BENCH_OP_VERIFY &&
            pv->ecx_sign(s->keys[i], s->msg[i], p->msg_len, s->sig[i], &s->siglen[i]) != 0) {
            snprintf(err, errlen, "signing with pool key %zu failed", i);
            goto fail;
        }
    }
    return s;
fail:
    ecx_teardown(s);
    return NULL;
}

static int ecx_run(void *st, uint64_t n)
{
    ecx_state *s = st;
    const bench_provider *pv = s->pv;
    if (s->p.op == BENCH_OP_KEYGEN) {
        for (uint64_t it = 0; it < n; it++, s->made++) {
            void *key = pv->ecx_generate(s->gen, s->p.alg, s->p.bits);
            if (!key)
                return -1;
            pv->ecx_free(key);
        }
        return 0;
    }
    for (uint64_t it = 0; it < n; it++) {
        size_t i = bench_rotation_take(&s->rot), l = sizeof s->out;
        int rc;
        switch (s->p.op) {
        case BENCH_OP_SIGN: rc = pv->ecx_sign(s->keys[i], s->msg[i], s->p.msg_len, s->out, &l); break;
        case BENCH_OP_VERIFY:
            rc = pv->ecx_verify(s->keys[i], s->msg[i], s->p.msg_len, s->sig[i], s->siglen[i]) == 1
                     ? 0
                     : -1;
            break;
        case BENCH_OP_DERIVE: rc = pv->ecx_derive(s->keys[i], s->peers[i], s->out, &l); break;
        default: rc = -1;
        }
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* pkc's signature of msg under pool key m (the reference every provider's
 * must equal) */
static int reference_signature(const bench_ecx_material *m, const uint8_t *msg, size_t len,
                               uint8_t *sig, size_t *siglen)
{
    pkc_err err;
    if (m->bits == BENCH_ECX_25519) {
        pkc_ed25519_key k;
        err = pkc_ed25519_key_from_seed(&k, m->priv);
        if (err == PKC_OK)
            err = pkc_ed25519_sign(&k, msg, len, sig);
        pkc_ed25519_key_wipe(&k);
        *siglen = PKC_ED25519_SIG_SIZE;
    } else {
        pkc_ed448_key k;
        err = pkc_ed448_key_from_seed(&k, m->priv);
        if (err == PKC_OK)
            err = pkc_ed448_sign(&k, NULL, 0, msg, len, sig);
        pkc_ed448_key_wipe(&k);
        *siglen = PKC_ED448_SIG_SIZE;
    }
    return err == PKC_OK ? 0 : -1;
}

/* sign (or take given), compare with pkc's, verify, tamper */
static int check_signature(ecx_state *s, void *key, const bench_ecx_material *m,
                           const uint8_t *msg, size_t len, const uint8_t *given, size_t givenlen,
                           char *err, size_t errlen)
{
    const bench_provider *pv = s->pv;
    uint8_t sig[ECX_MAX_SIG], want[ECX_MAX_SIG];
    size_t l = sizeof sig, wl = 0;
    if (given) {
        memcpy(sig, given, givenlen);
        l = givenlen;
    } else if (pv->ecx_sign(key, msg, len, sig, &l) != 0) {
        snprintf(err, errlen, "signing failed");
        return -1;
    }
    if (m && (reference_signature(m, msg, len, want, &wl) != 0 || wl != l ||
              memcmp(sig, want, l) != 0)) {
        snprintf(err, errlen, "the signature differs from pkc's (RFC 8032 signatures are "
                              "deterministic)");
        return -1;
    }
    if (pv->ecx_verify(key, msg, len, sig, l) != 1) {
        snprintf(err, errlen, "the signature does not verify");
        return -1;
    }
    sig[l / 4] ^= 0x10; /* in R */
    if (pv->ecx_verify(key, msg, len, sig, l) != 0) {
        snprintf(err, errlen, "a tampered signature verifies");
        return -1;
    }
    return 0;
}

static int ecx_check(void *st, char *err, size_t errlen)
{
    ecx_state *s = st;
    const bench_provider *pv = s->pv;
    if (s->p.op == BENCH_OP_KEYGEN) {
        void *key = pv->ecx_generate(s->gen, s->p.alg, s->p.bits);
        if (!key) {
            snprintf(err, errlen, "key generation failed");
            return -1;
        }
        int rc = 0;
        if (s->p.alg == BENCH_EDDSA) {
            static const uint8_t msg[] = "pkc bench: a key just made signs";
            rc = check_signature(s, key, NULL, msg, sizeof msg - 1, NULL, 0, err, errlen);
        } else {
            /* the new key agrees with a pool peer the way the peer agrees
             * with it: both derive the same secret, computed once here by
             * the provider and once by importing the peer's key pair */
            void *peer = pv->ecx_import(&s->pool->keys[0]);
            size_t l1 = ECX_MAX_OUT, l2 = ECX_MAX_OUT;
            uint8_t z1[ECX_MAX_OUT], z2[ECX_MAX_OUT];
            rc = peer && pv->ecx_derive(key, peer, z1, &l1) == 0 &&
                         pv->ecx_derive(peer, key, z2, &l2) == 0 && l1 == l2 &&
                         memcmp(z1, z2, l1) == 0
                     ? 0
                     : -1;
            if (rc)
                snprintf(err, errlen, "a key just made does not agree with a pool key");
            if (peer)
                pv->ecx_free(peer);
        }
        pv->ecx_free(key);
        return rc;
    }
    for (size_t i = 0; i < s->rot.count; i++) {
        if (s->p.op == BENCH_OP_DERIVE) {
            size_t l = sizeof s->out, n = s->pool->len;
            const uint8_t *want = s->pool->secrets + i * n;
            if (pv->ecx_derive(s->keys[i], s->peers[i], s->out, &l) != 0) {
                snprintf(err, errlen, "deriving with pool key %zu failed", i);
                return -1;
            }
            if (l != n || memcmp(s->out, want, l) != 0) {
                snprintf(err, errlen, "the shared secret of pool key %zu differs from pkc's", i);
                return -1;
            }
            continue;
        }
        int given = s->p.op == BENCH_OP_VERIFY;
        if (check_signature(s, s->keys[i], &s->pool->keys[i], s->msg[i], s->p.msg_len,
                            given ? s->sig[i] : NULL, s->siglen[i], err, errlen) != 0)
            return -1;
    }
    return 0;
}

static void ecx_info(void *st, size_t *keys, size_t *inputs)
{
    ecx_state *s = st;
    bench_case_counts(s->p.op == BENCH_OP_KEYGEN, s->made, s->rot.count, keys, inputs);
}

const bench_case_ops bench_case_ecx = {ecx_supports, ecx_setup, ecx_run, ecx_check,
                                       ecx_teardown, ecx_info, NULL};
