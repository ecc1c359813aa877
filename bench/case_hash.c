/* pkc bench — SHA-256 of one message, for every provider; the digest is
 * checked against pkc's (pkc-portable's, whose compression function is the
 * portable one, against pkc's default, SHA-NI where the CPU has it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "pkc/hash.h"

typedef struct {
    const bench_provider *pv;
    bench_params p;
    void *ctx;
    const uint8_t *msg;
    uint8_t out[32];
} hash_state;

static int hash_supports(const bench_provider *pv, const bench_params *p)
{
    return p->alg == BENCH_SHA256 && p->op == BENCH_OP_HASH && pv->hash_supports &&
           pv->hash_supports();
}

static void hash_teardown(void *st)
{
    hash_state *s = st;
    if (!s)
        return;
    if (s->ctx && s->pv->hash_free)
        s->pv->hash_free(s->ctx);
    free(s);
}

static void *hash_setup(const bench_provider *pv, const bench_params *p,
                        const bench_case_env *env, char *err, size_t errlen)
{
    hash_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->pv = pv;
    s->p = *p;
    s->ctx = pv->hash_new ? pv->hash_new() : NULL;
    s->msg = bench_pools_message(env->pools, 0, p->msg_len);
    if ((pv->hash_new && !s->ctx) || !s->msg) {
        snprintf(err, errlen, "hash setup failed");
        hash_teardown(s);
        return NULL;
    }
    return s;
}

static int hash_run(void *st, uint64_t n)
{
    hash_state *s = st;
    for (uint64_t i = 0; i < n; i++)
        if (s->pv->sha256(s->ctx, s->msg, s->p.msg_len, s->out) != 0)
            return -1;
    return 0;
}

static int hash_check(void *st, char *err, size_t errlen)
{
    hash_state *s = st;
    uint8_t want[32];
    if (hash_run(s, 1) != 0 || pkc_hash(PKC_HASH_SHA256, s->msg, s->p.msg_len, want) != PKC_OK ||
        memcmp(want, s->out, 32) != 0) {
        snprintf(err, errlen, "the digest differs from pkc's");
        return -1;
    }
    return 0;
}

static void hash_info(void *st, size_t *keys, size_t *inputs)
{
    (void)st;
    *keys = 0;
    *inputs = 1;
}

const bench_case_ops bench_case_hash = {hash_supports, hash_setup, hash_run, hash_check,
                                        hash_teardown, hash_info, NULL};

const bench_case_ops *bench_case_ops_for(bench_alg a, bench_op op)
{
    if (a == BENCH_ECIES || op == BENCH_OP_HYBRID_ENCRYPT || op == BENCH_OP_HYBRID_DECRYPT)
        return &bench_case_pke;
    if (bench_alg_is_aes(a))
        return &bench_case_sym;
    switch (a) {
    case BENCH_RSA: return &bench_case_rsa;
    case BENCH_ECDSA:
    case BENCH_ECDH: return &bench_case_ec;
    case BENCH_EC: return &bench_case_lab;
    case BENCH_EDDSA:
    case BENCH_XDH: return &bench_case_ecx;
    case BENCH_SHA256: return &bench_case_hash;
    default: return NULL;
    }
}
