/* pkc bench — elliptic-curve cases, for every provider: key generation,
 * ECDSA sign and verify, and ECDH derive over a pool of distinct keys (and,
 * for ECDH, distinct peers), rotated call by call (bench/pool.h). Every
 * pool entry is checked before anything is timed: signatures verify and
 * tampered ones do not; every shared secret equals the one pkc computed
 * when it built the pool. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_util.h"

#define EC_MAX_SIG 160

typedef struct {
    const bench_provider *pv;
    bench_params p;
    const bench_ec_pool *pool;
    bench_rotation rot;
    void **keys, **peers;       /* provider handles */
    const uint8_t **msg;
    uint8_t (*sig)[EC_MAX_SIG];
    size_t *siglen;
    uint8_t out[EC_MAX_SIG];
    void *gen;                  /* key generation */
    size_t made;
} ec_state;

static int ec_supports(const bench_provider *pv, const bench_params *p)
{
    if (!pv->ec_supports)
        return 0;
    if (p->alg == BENCH_ECDSA &&
        !(p->op == BENCH_OP_KEYGEN || p->op == BENCH_OP_SIGN || p->op == BENCH_OP_VERIFY))
        return 0;
    if (p->alg == BENCH_ECDH && !(p->op == BENCH_OP_KEYGEN || p->op == BENCH_OP_DERIVE))
        return 0;
    return pv->ec_supports(p->curve, p->op);
}

static void ec_teardown(void *st)
{
    ec_state *s = st;
    if (!s)
        return;
    for (size_t i = 0; i < s->rot.count; i++) {
        if (s->keys && s->keys[i])
            s->pv->ec_free(s->keys[i]);
        if (s->peers && s->peers[i])
            s->pv->ec_free(s->peers[i]);
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

static void *ec_setup(const bench_provider *pv, const bench_params *p,
                      const bench_case_env *env, char *err, size_t errlen)
{
    ec_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->pv = pv;
    s->p = *p;
    if (p->op == BENCH_OP_KEYGEN) {
        /* one generator for the case: every key drawn from it is new */
        s->gen = pv->keygen_new ? pv->keygen_new(&env->seed) : NULL;
        if (pv->keygen_new && !s->gen) {
            snprintf(err, errlen, "no random generator for key generation");
            goto fail;
        }
        return s;
    }
    s->pool = bench_pools_ec(env->pools, p->curve, err, errlen);
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
        s->keys[i] = pv->ec_import(&s->pool->keys[i]);
        if (!s->keys[i]) {
            snprintf(err, errlen, "cannot import pool key %zu", i);
            goto fail;
        }
        if (p->op == BENCH_OP_DERIVE) {
            s->peers[i] = pv->ec_import(&s->pool->peers[i]);
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
        s->siglen[i] = EC_MAX_SIG;
        if (p->op == BENCH_OP_VERIFY &&
            pv->ec_sign(s->keys[i], s->msg[i], p->msg_len, s->sig[i], &s->siglen[i]) != 0) {
            snprintf(err, errlen, "signing with pool key %zu failed", i);
            goto fail;
        }
    }
    return s;
fail:
    ec_teardown(s);
    return NULL;
}

/* n new keys, each freed at once */
static int ec_run_keygen(ec_state *s, uint64_t n)
{
    for (uint64_t it = 0; it < n; it++, s->made++) {
        void *key = s->pv->ec_generate(s->gen, s->p.curve);
        if (!key)
            return -1;
        s->pv->ec_free(key);
    }
    return 0;
}

static int ec_run(void *st, uint64_t n)
{
    ec_state *s = st;
    const bench_provider *pv = s->pv;
    if (s->p.op == BENCH_OP_KEYGEN)
        return ec_run_keygen(s, n);
    for (uint64_t it = 0; it < n; it++) {
        size_t i = bench_rotation_take(&s->rot), l = sizeof s->out;
        int rc;
        switch (s->p.op) {
        case BENCH_OP_SIGN:
            rc = pv->ec_sign(s->keys[i], s->msg[i], s->p.msg_len, s->out, &l);
            break;
        case BENCH_OP_VERIFY:
            rc = pv->ec_verify(s->keys[i], s->msg[i], s->p.msg_len, s->sig[i], s->siglen[i]) == 1
                     ? 0
                     : -1;
            break;
        case BENCH_OP_DERIVE:
            rc = pv->ec_derive(s->keys[i], s->peers[i], s->out, &l);
            break;
        default:
            rc = -1;
        }
        if (rc != 0)
            return -1;
    }
    return 0;
}

static int ec_check(void *st, char *err, size_t errlen)
{
    ec_state *s = st;
    const bench_provider *pv = s->pv;
    if (s->p.op == BENCH_OP_KEYGEN) {
        void *key = pv->ec_generate(s->gen, s->p.curve);
        if (!key) {
            snprintf(err, errlen, "key generation failed");
            return -1;
        }
        static const uint8_t msg[] = "pkc bench: a key just made signs";
        int rc = pv->ec_sign ? bench_check_ec_signature(pv, key, msg, sizeof msg - 1, NULL, 0,
                                                        err, errlen)
                             : 0;
        pv->ec_free(key);
        return rc;
    }
    for (size_t i = 0; i < s->rot.count; i++) {
        if (s->p.op == BENCH_OP_DERIVE) {
            size_t l = sizeof s->out;
            const uint8_t *want = s->pool->secrets + i * s->pool->secret_len;
            if (pv->ec_derive(s->keys[i], s->peers[i], s->out, &l) != 0) {
                snprintf(err, errlen, "deriving with pool key %zu failed", i);
                return -1;
            }
            if (l != s->pool->secret_len || memcmp(s->out, want, l) != 0) {
                snprintf(err, errlen, "the shared secret of pool key %zu differs from pkc's", i);
                return -1;
            }
            continue;
        }
        int given = s->p.op == BENCH_OP_VERIFY;
        if (bench_check_ec_signature(pv, s->keys[i], s->msg[i], s->p.msg_len,
                                     given ? s->sig[i] : NULL, s->siglen[i], err, errlen) != 0)
            return -1;
    }
    return 0;
}

static void ec_info(void *st, size_t *keys, size_t *inputs)
{
    ec_state *s = st;
    bench_case_counts(s->p.op == BENCH_OP_KEYGEN, s->made, s->rot.count, keys, inputs);
}

const bench_case_ops bench_case_ec = {ec_supports, ec_setup, ec_run, ec_check,
                                      ec_teardown, ec_info, NULL};
