/* pkc bench — public-key encryption of a message: ECIES (per curve) and
 * hybrid RSA (per modulus size), encrypt and decrypt, for the providers that
 * implement them (pkc: pkc/ecies.h, pkc/rsa_hybrid.h).
 *
 * Keys come from the run's pools (bench/pool.h), at most PKE_POOL of them,
 * rotated call by call; each key gets its own ciphertext of its own message
 * (made in setup). The check before timing: every ciphertext decrypts to
 * its message, and a changed byte of it is refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_util.h"
#include "engine.h"
#include "pkc/curves.h"

#define PKE_POOL 8
/* room for a ciphertext: the message plus the largest overhead (ECIES on
 * sect571: 1 + 2 * 72 + 16; hybrid RSA-16384: 2048 + 16) */
#define PKE_OVERHEAD 2200

typedef struct {
    const bench_provider *pv;
    bench_params p;
    bench_rotation rot;
    void *keys[PKE_POOL];
    const uint8_t *msg[PKE_POOL];
    uint8_t *ct[PKE_POOL];
    size_t ctlen[PKE_POOL], cap;
    uint8_t *out;
} pke_state;

static int is_hybrid(const bench_params *p)
{
    return p->op == BENCH_OP_HYBRID_ENCRYPT || p->op == BENCH_OP_HYBRID_DECRYPT;
}

static int pke_supports(const bench_provider *pv, const bench_params *p)
{
    if (p->alg == BENCH_ECIES)
        return pv->ecies_encrypt && pv->ec_supports &&
               pv->ec_supports(p->curve, BENCH_OP_DERIVE) &&
               (p->op == BENCH_OP_ENCRYPT || p->op == BENCH_OP_DECRYPT);
    return is_hybrid(p) && pv->hybrid_encrypt && pv->rsa_supports &&
           pv->rsa_supports(p->bits, BENCH_OP_DECRYPT) && p->bits >= 1024;
}

static void pke_free_key(const pke_state *s, void *k)
{
    if (s->p.alg == BENCH_ECIES)
        s->pv->ec_free(k);
    else
        s->pv->rsa_free(k);
}

static void pke_teardown(void *st)
{
    pke_state *s = st;
    if (!s)
        return;
    for (size_t i = 0; i < PKE_POOL; i++) {
        if (s->keys[i])
            pke_free_key(s, s->keys[i]);
        free(s->ct[i]);
    }
    free(s->out);
    free(s);
}

static int pke_encrypt(const pke_state *s, void *key, const uint8_t *m, uint8_t *out, size_t *l)
{
    return s->p.alg == BENCH_ECIES ? s->pv->ecies_encrypt(key, m, s->p.msg_len, out, l)
                                   : s->pv->hybrid_encrypt(key, m, s->p.msg_len, out, l);
}

static int pke_decrypt(const pke_state *s, void *key, const uint8_t *c, size_t cl, uint8_t *out,
                       size_t *l)
{
    return s->p.alg == BENCH_ECIES ? s->pv->ecies_decrypt(key, c, cl, out, l)
                                   : s->pv->hybrid_decrypt(key, c, cl, out, l);
}

static void *pke_setup(const bench_provider *pv, const bench_params *p,
                       const bench_case_env *env, char *err, size_t errlen)
{
    pke_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->pv = pv;
    s->p = *p;
    size_t available = 0;
    const bench_ec_pool *ecp = NULL;
    const bench_rsa_pool *rsap = NULL;
    if (p->alg == BENCH_ECIES)
        available = (ecp = bench_pools_ec(env->pools, p->curve, err, errlen)) ? ecp->count : 0;
    else
        available = (rsap = bench_pools_rsa(env->pools, p->bits, err, errlen)) ? rsap->count : 0;
    if (!available)
        goto fail;
    bench_rotation_init(&s->rot, env, available < PKE_POOL ? available : PKE_POOL);
    s->cap = p->msg_len + PKE_OVERHEAD;
    s->out = malloc(s->cap);
    if (!s->out)
        goto oom;
    for (size_t i = 0; i < s->rot.count; i++) {
        s->keys[i] = ecp ? pv->ec_import(&ecp->keys[i]) : pv->rsa_import(&rsap->keys[i]);
        s->msg[i] = bench_pools_message(env->pools, i, p->msg_len);
        s->ct[i] = malloc(s->cap);
        s->ctlen[i] = s->cap;
        if (!s->keys[i] || !s->msg[i] || !s->ct[i])
            goto oom;
        if (pke_encrypt(s, s->keys[i], s->msg[i], s->ct[i], &s->ctlen[i]) != 0) {
            snprintf(err, errlen, "encryption failed");
            goto fail;
        }
    }
    return s;
oom:
    snprintf(err, errlen, "setup failed (out of memory or a key the provider refuses)");
fail:
    pke_teardown(s);
    return NULL;
}

static int pke_run(void *st, uint64_t n)
{
    pke_state *s = st;
    int enc = s->p.op == BENCH_OP_ENCRYPT || s->p.op == BENCH_OP_HYBRID_ENCRYPT;
    for (uint64_t k = 0; k < n; k++) {
        size_t i = bench_rotation_take(&s->rot), l = s->cap;
        int rc = enc ? pke_encrypt(s, s->keys[i], s->msg[i], s->out, &l)
                     : pke_decrypt(s, s->keys[i], s->ct[i], s->ctlen[i], s->out, &l);
        if (rc != 0)
            return -1;
    }
    return 0;
}

static int pke_check(void *st, char *err, size_t errlen)
{
    pke_state *s = st;
    for (size_t i = 0; i < s->rot.count; i++) {
        size_t l = s->cap;
        if (pke_decrypt(s, s->keys[i], s->ct[i], s->ctlen[i], s->out, &l) != 0 ||
            l != s->p.msg_len || memcmp(s->out, s->msg[i], l) != 0) {
            snprintf(err, errlen, "a ciphertext does not decrypt to its message");
            return -1;
        }
        s->ct[i][s->ctlen[i] - 1] ^= 1; /* the tag's last byte */
        l = s->cap;
        int accepted = pke_decrypt(s, s->keys[i], s->ct[i], s->ctlen[i], s->out, &l) == 0;
        s->ct[i][s->ctlen[i] - 1] ^= 1;
        if (accepted) {
            snprintf(err, errlen, "a changed ciphertext was accepted");
            return -1;
        }
    }
    return 0;
}

static void pke_info(void *st, size_t *keys, size_t *inputs)
{
    pke_state *s = st;
    *keys = s->rot.count;
    *inputs = s->rot.count;
}

const bench_case_ops bench_case_pke = {pke_supports, pke_setup, pke_run, pke_check,
                                       pke_teardown, pke_info, NULL};
