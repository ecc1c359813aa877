/* pkc bench — provider "libsecp256k1": Bitcoin Core's library, secp256k1
 * only.
 *
 *   keygen   32 random bytes (getrandom) checked with secp256k1_ec_seckey_verify,
 *            then secp256k1_ec_pubkey_create
 *   sign     SHA-256 of the message, secp256k1_ecdsa_sign (RFC 6979 nonce),
 *            DER serialisation
 *   verify   SHA-256, DER parsing, secp256k1_ecdsa_verify
 *   derive   secp256k1_ecdh with a hash function that returns x (the SEC 1
 *            shared secret, comparable with every other provider)
 *
 * libsecp256k1 has no public SHA-256, so the message is hashed with pkc's
 * (the same function and cost as in the pkc provider).
 */
#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#include <sys/random.h>

#include "pkc/hash.h"
#include "prov_util.h"

typedef struct {
    bench_params p;
    secp256k1_context *ctx;
    unsigned char seckey[32];
    secp256k1_pubkey pub, peer;
    unsigned char sig[80];
    size_t siglen;
    unsigned char out[80];
} k1_state;

static const char *k1_version(void)
{
    return "libsecp256k1 (Debian libsecp256k1-dev)";
}

static int k1_supports(const bench_params *p)
{
    if (p->alg != BENCH_ECDSA && p->alg != BENCH_ECDH)
        return 0;
    return p->curve >= 0 && p->curve < BENCH_NCURVES &&
           strcmp(bench_curves[p->curve].name, "secp256k1") == 0;
}

static int x_only(unsigned char *output, const unsigned char *x32, const unsigned char *y32,
                  void *data)
{
    (void)y32;
    (void)data;
    memcpy(output, x32, 32);
    return 1;
}

static int k1_keygen(secp256k1_context *ctx, unsigned char sk[32], secp256k1_pubkey *pub)
{
    for (int tries = 0; tries < 100; tries++) {
        if (getrandom(sk, 32, 0) != 32)
            return -1;
        if (secp256k1_ec_seckey_verify(ctx, sk))
            return secp256k1_ec_pubkey_create(ctx, pub, sk) ? 0 : -1;
    }
    return -1;
}

static int k1_sign(k1_state *s, unsigned char *der, size_t *derlen)
{
    unsigned char h[32];
    secp256k1_ecdsa_signature sig;
    if (pkc_hash(PKC_HASH_SHA256, s->p.msg, s->p.msg_len, h) != PKC_OK ||
        !secp256k1_ecdsa_sign(s->ctx, &sig, h, s->seckey, NULL, NULL))
        return -1;
    return secp256k1_ecdsa_signature_serialize_der(s->ctx, der, derlen, &sig) ? 0 : -1;
}

/* 1 valid */
static int k1_verify(k1_state *s, const unsigned char *der, size_t derlen)
{
    unsigned char h[32];
    secp256k1_ecdsa_signature sig;
    if (pkc_hash(PKC_HASH_SHA256, s->p.msg, s->p.msg_len, h) != PKC_OK ||
        !secp256k1_ecdsa_signature_parse_der(s->ctx, &sig, der, derlen))
        return 0;
    return secp256k1_ecdsa_verify(s->ctx, &sig, h, &s->pub);
}

static void k1_teardown(void *st)
{
    k1_state *s = st;
    if (!s)
        return;
    if (s->ctx)
        secp256k1_context_destroy(s->ctx);
    free(s);
}

static void *k1_setup(const bench_params *p, char *err, size_t errlen)
{
    k1_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    s->ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    unsigned char seed[32];
    if (!s->ctx || getrandom(seed, 32, 0) != 32 || !secp256k1_context_randomize(s->ctx, seed))
        goto fail;
    if (p->op == BENCH_OP_DERIVE) {
        memset(s->seckey, 0, 32);
        if (p->ecdh_dlen > 32)
            goto fail;
        memcpy(s->seckey + 32 - p->ecdh_dlen, p->ecdh_d, p->ecdh_dlen);
        if (!secp256k1_ec_seckey_verify(s->ctx, s->seckey) ||
            !secp256k1_ec_pubkey_parse(s->ctx, &s->peer, p->ecdh_q, p->ecdh_qlen)) {
            prov_err(err, errlen, "cannot import the ECDH test keys");
            goto fail;
        }
        return s;
    }
    if (p->op != BENCH_OP_KEYGEN && k1_keygen(s->ctx, s->seckey, &s->pub) != 0)
        goto fail;
    if (p->op == BENCH_OP_VERIFY) {
        s->siglen = sizeof s->sig;
        if (k1_sign(s, s->sig, &s->siglen) != 0)
            goto fail;
    }
    return s;
fail:
    if (err && !err[0])
        prov_err(err, errlen, "libsecp256k1 setup failed");
    k1_teardown(s);
    return NULL;
}

static int k1_run(void *st, uint64_t n)
{
    k1_state *s = st;
    for (uint64_t i = 0; i < n; i++) {
        switch (s->p.op) {
        case BENCH_OP_KEYGEN: {
            unsigned char sk[32];
            secp256k1_pubkey pub;
            if (k1_keygen(s->ctx, sk, &pub) != 0)
                return -1;
            break;
        }
        case BENCH_OP_SIGN: {
            size_t l = sizeof s->out;
            if (k1_sign(s, s->out, &l) != 0)
                return -1;
            break;
        }
        case BENCH_OP_VERIFY:
            if (!k1_verify(s, s->sig, s->siglen))
                return -1;
            break;
        case BENCH_OP_DERIVE:
            if (!secp256k1_ecdh(s->ctx, s->out, &s->peer, s->seckey, x_only, NULL))
                return -1;
            break;
        default:
            return -1;
        }
    }
    return 0;
}

static int k1_check(void *st, uint8_t *out, size_t *outlen, char *err, size_t errlen)
{
    k1_state *s = st;
    switch (s->p.op) {
    case BENCH_OP_KEYGEN:
        return k1_run(s, 1);
    case BENCH_OP_SIGN:
    case BENCH_OP_VERIFY: {
        unsigned char sig[80];
        size_t l = sizeof sig;
        if (s->p.op == BENCH_OP_SIGN) {
            if (k1_sign(s, sig, &l) != 0)
                return -1;
        } else {
            l = s->siglen;
            memcpy(sig, s->sig, l);
        }
        if (!k1_verify(s, sig, l)) {
            prov_err(err, errlen, "the signature does not verify");
            return -1;
        }
        sig[l - 2] ^= 1;
        if (k1_verify(s, sig, l)) {
            prov_err(err, errlen, "a tampered signature verifies");
            return -1;
        }
        return 0;
    }
    case BENCH_OP_DERIVE:
        if (k1_run(s, 1) != 0 || *outlen < 32)
            return -1;
        memcpy(out, s->out, 32);
        *outlen = 32;
        return 0;
    default:
        return -1;
    }
}

const bench_provider bench_prov_secp256k1 = {
    .name = "libsecp256k1",
    .library = "libsecp256k1 (secp256k1 only)",
    .version = k1_version,
    .supports = k1_supports,
    .setup = k1_setup,
    .run = k1_run,
    .check = k1_check,
    .teardown = k1_teardown,
    .ec_pubkey = NULL,
};
