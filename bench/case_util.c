/* pkc bench — what the case families share (bench/case_util.h). */
#include "case_util.h"

#include <stdio.h>
#include <string.h>

#include "names.h"

void bench_case_counts(int keygen, size_t made, size_t count, size_t *keys, size_t *inputs)
{
    *keys = keygen ? made : count;
    *inputs = keygen ? 0 : count;
}

/* one provider key, scheme (RSA: pss) and message */
typedef struct {
    const bench_provider *pv;
    void *key;
    int pss;
    const uint8_t *msg;
    size_t len;
} signer;

static int sign(const signer *g, int rsa, uint8_t *sig, size_t *len)
{
    *len = BENCH_MAX_SIG;
    return rsa ? g->pv->rsa_sign(g->key, g->pss, g->msg, g->len, sig, len)
               : g->pv->ec_sign(g->key, g->msg, g->len, sig, len);
}

static int verify(const signer *g, int rsa, const uint8_t *sig, size_t len)
{
    return rsa ? g->pv->rsa_verify(g->key, g->pss, g->msg, g->len, sig, len)
               : g->pv->ec_verify(g->key, g->msg, g->len, sig, len);
}

static int check_signature(const signer *g, int rsa, const uint8_t *given, size_t givenlen,
                           char *err, size_t errlen)
{
    uint8_t sig[BENCH_MAX_SIG];
    size_t l = sizeof sig;
    if (given) {
        if (givenlen == 0 || givenlen > sizeof sig) {
            snprintf(err, errlen, "a prepared signature of %zu bytes", givenlen);
            return -1;
        }
        memcpy(sig, given, givenlen);
        l = givenlen;
    } else if (sign(g, rsa, sig, &l) != 0 || l == 0) {
        snprintf(err, errlen, "signing failed");
        return -1;
    }
    if (verify(g, rsa, sig, l) != 1) {
        snprintf(err, errlen, "the signature does not verify");
        return -1;
    }
    sig[l - 1] ^= 1;
    if (verify(g, rsa, sig, l) != 0) {
        snprintf(err, errlen, "a tampered signature verifies");
        return -1;
    }
    return 0;
}

int bench_check_ec_signature(const bench_provider *pv, void *key, const uint8_t *msg, size_t len,
                             const uint8_t *given, size_t givenlen, char *err, size_t errlen)
{
    signer g = {pv, key, 0, msg, len};
    return check_signature(&g, 0, given, givenlen, err, errlen);
}

int bench_check_rsa_signature(const bench_provider *pv, void *key, int pss, const uint8_t *msg,
                              size_t len, const uint8_t *given, size_t givenlen, char *err,
                              size_t errlen)
{
    signer g = {pv, key, pss, msg, len};
    return check_signature(&g, 1, given, givenlen, err, errlen);
}
