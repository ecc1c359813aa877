/* pkc bench — AES over a message (ECB and CBC with PKCS#7 padding, CTR,
 * GCM), encrypt and decrypt, for every provider that has the mode.
 *
 * One key per case (its schedule made in setup, outside the timed region,
 * as a parsed RSA key is), and a pool of messages and IVs rotated call by
 * call. The check before timing: every pool entry's ciphertext equals the
 * one pkc's library computes for the same key, IV and message (so every
 * peer is checked against pkc and pkc against the peers), decryption gives
 * the message back, and a changed ciphertext is refused where the mode can
 * tell (GCM's tag; the padding of ECB and CBC is checked on an entry whose
 * last block decrypts to a bad pad). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_util.h"
#include "engine.h"
#include "pkc/aes.h"
#include "pkc/gcm.h"

#define SYM_POOL 16 /* messages and IVs rotated (the key schedule is per key) */

typedef struct {
    const bench_provider *pv;
    bench_params p;
    void *ctx;
    uint8_t key[32];
    size_t count, next, outcap;
    const uint8_t *msg[SYM_POOL];
    uint8_t iv[SYM_POOL][16];
    uint8_t *ct[SYM_POOL]; /* the provider's ciphertexts (decrypt cases' inputs) */
    size_t ctlen[SYM_POOL];
    uint8_t *out;
} sym_state;

static size_t sym_out_cap(size_t len)
{
    return len + 32; /* padding (16) or tag (16) */
}

static int sym_supports(const bench_provider *pv, const bench_params *p)
{
    return bench_alg_is_aes(p->alg) && (p->op == BENCH_OP_ENCRYPT || p->op == BENCH_OP_DECRYPT) &&
           pv->aes_supports && pv->aes_supports(p->alg, p->bits);
}

static void sym_teardown(void *st)
{
    sym_state *s = st;
    if (!s)
        return;
    if (s->ctx)
        s->pv->aes_free(s->ctx);
    for (size_t i = 0; i < SYM_POOL; i++)
        free(s->ct[i]);
    free(s->out);
    free(s);
}

static void *sym_setup(const bench_provider *pv, const bench_params *p, const bench_case_env *env,
                       char *err, size_t errlen)
{
    sym_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->pv = pv;
    s->p = *p;
    s->count = SYM_POOL;
    /* deterministic key and IVs: every provider gets the same ones */
    for (size_t i = 0; i < sizeof s->key; i++)
        s->key[i] = (uint8_t)(0x5c ^ (13 * i + p->bits));
    s->outcap = sym_out_cap(p->msg_len);
    s->out = malloc(s->outcap);
    s->ctx = pv->aes_new(p->alg, s->key, p->bits);
    if (!s->out || !s->ctx) {
        snprintf(err, errlen, "AES setup failed");
        sym_teardown(s);
        return NULL;
    }
    for (size_t i = 0; i < s->count; i++) {
        for (size_t j = 0; j < 16; j++)
            s->iv[i][j] = (uint8_t)(31 * i + 7 * j + 3);
        s->msg[i] = bench_pools_message(env->pools, i, p->msg_len);
        s->ct[i] = malloc(s->outcap);
        s->ctlen[i] = s->outcap;
        if (!s->msg[i] || !s->ct[i] ||
            pv->aes_encrypt(s->ctx, s->iv[i], s->msg[i], p->msg_len, s->ct[i], &s->ctlen[i]) != 0) {
            snprintf(err, errlen, "AES encryption failed");
            sym_teardown(s);
            return NULL;
        }
    }
    return s;
}

static int sym_run(void *st, uint64_t n)
{
    sym_state *s = st;
    int enc = s->p.op == BENCH_OP_ENCRYPT;
    for (uint64_t k = 0; k < n; k++) {
        size_t i = s->next;
        s->next = i + 1 == s->count ? 0 : i + 1;
        size_t l = s->outcap;
        int rc = enc ? s->pv->aes_encrypt(s->ctx, s->iv[i], s->msg[i], s->p.msg_len, s->out, &l)
                     : s->pv->aes_decrypt(s->ctx, s->iv[i], s->ct[i], s->ctlen[i], s->out, &l);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* pkc's ciphertext of msg (the reference), in ref (cap bytes) */
static int reference(const sym_state *s, size_t i, uint8_t *ref, size_t cap, size_t *len)
{
    pkc_aes_key k;
    pkc_gcm_key g;
    size_t ml = s->p.msg_len;
    pkc_err e;
    switch (s->p.alg) {
    case BENCH_AES_ECB:
    case BENCH_AES_CBC:
    case BENCH_AES_CTR:
        if (pkc_aes_set_key(&k, s->key, s->p.bits / 8) != PKC_OK)
            return -1;
        if (s->p.alg == BENCH_AES_ECB)
            e = pkc_aes_ecb_encrypt_pad(&k, ref, cap, s->msg[i], ml, len);
        else if (s->p.alg == BENCH_AES_CBC)
            e = pkc_aes_cbc_encrypt_pad(&k, s->iv[i], ref, cap, s->msg[i], ml, len);
        else {
            e = pkc_aes_ctr(&k, s->iv[i], ref, s->msg[i], ml);
            *len = ml;
        }
        pkc_aes_key_wipe(&k);
        return e == PKC_OK ? 0 : -1;
    case BENCH_AES_GCM:
        if (pkc_gcm_set_key(&g, s->key, s->p.bits / 8) != PKC_OK)
            return -1;
        e = pkc_gcm_encrypt(&g, s->iv[i], 12, NULL, 0, s->msg[i], ml, ref, ref + ml, 16);
        *len = ml + 16;
        pkc_gcm_key_wipe(&g);
        return e == PKC_OK ? 0 : -1;
    default: return -1;
    }
}

static int sym_check(void *st, char *err, size_t errlen)
{
    sym_state *s = st;
    uint8_t *ref = malloc(s->outcap), *bad = malloc(s->outcap);
    int rc = ref && bad ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < s->count; i++) {
        size_t rl = 0, l = s->outcap;
        if (reference(s, i, ref, s->outcap, &rl) != 0 || rl != s->ctlen[i] ||
            memcmp(ref, s->ct[i], rl) != 0) {
            snprintf(err, errlen, "the ciphertext differs from pkc's");
            rc = -1;
        } else if (s->pv->aes_decrypt(s->ctx, s->iv[i], s->ct[i], s->ctlen[i], s->out, &l) != 0 ||
                   l != s->p.msg_len || memcmp(s->out, s->msg[i], l) != 0) {
            snprintf(err, errlen, "decryption does not give the message back");
            rc = -1;
        } else if (s->p.alg == BENCH_AES_GCM || (i == 0 && s->p.alg != BENCH_AES_CTR)) {
            /* GCM: any changed byte fails the tag; ECB/CBC: a last block
             * changed to decrypt to pad byte 0 must fail the padding check */
            memcpy(bad, s->ct[i], s->ctlen[i]);
            if (s->p.alg == BENCH_AES_GCM) {
                bad[s->ctlen[i] / 2] ^= 1;
            } else {
                pkc_aes_key k;
                uint8_t zero[16] = {0}, blk[16];
                pkc_aes_set_key(&k, s->key, s->p.bits / 8);
                pkc_aes_encrypt_block(&k, blk, zero); /* E(0): ECB's block of 16 zeros */
                if (s->p.alg == BENCH_AES_CBC) {
                    /* CBC: P_last = D(C_last) ^ C_prev; make it 0 */
                    const uint8_t *prev = s->ctlen[i] > 16 ? bad + s->ctlen[i] - 32 : s->iv[i];
                    for (int j = 0; j < 16; j++)
                        zero[j] = prev[j];
                    pkc_aes_encrypt_block(&k, blk, zero);
                }
                pkc_aes_key_wipe(&k);
                memcpy(bad + s->ctlen[i] - 16, blk, 16);
            }
            l = s->outcap;
            if (s->pv->aes_decrypt(s->ctx, s->iv[i], bad, s->ctlen[i], s->out, &l) == 0) {
                snprintf(err, errlen, "a changed ciphertext was accepted");
                rc = -1;
            }
        }
    }
    free(ref);
    free(bad);
    return rc;
}

static void sym_info(void *st, size_t *keys, size_t *inputs)
{
    sym_state *s = st;
    *keys = 1;
    *inputs = s->count;
}

const bench_case_ops bench_case_sym = {sym_supports, sym_setup, sym_run, sym_check,
                                       sym_teardown, sym_info, NULL};
