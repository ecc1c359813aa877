/* pkc — X25519, Ed25519, X448 and Ed448 keys (see ecx_key.h): one struct
 * for the four, RFC 8410 key files, and the dispatch of sign, verify and
 * derive to include/pkc/curve25519.h and include/pkc/curve448.h.
 *
 * Timing: the raw private key is copied and handed to the constant-time
 * functions of those headers; what is branched on (algorithm, lengths, the
 * DER structure) is public.
 */
#include <string.h>

#include "ecx/ecx_key.h"
#include "pkc/der.h"

typedef struct {
    pkc_ecx_alg alg;
    pkc_pkix_alg pkix;
    const char *name;
    size_t size;      /* raw private and public key */
    size_t sigsize;   /* 0: a key-agreement algorithm */
    unsigned field_bits;
    unsigned security_bits;
} ecx_info;

/* RFC 7748 section 1 and RFC 8032 section 1: about 128 and 224 bits */
static const ecx_info ecx_table[] = {
    {PKC_ECX_X25519, PKC_PKIX_ALG_X25519, "X25519", PKC_X25519_SIZE, 0, 255, 128},
    {PKC_ECX_ED25519, PKC_PKIX_ALG_ED25519, "Ed25519", PKC_ED25519_SEED_SIZE,
     PKC_ED25519_SIG_SIZE, 255, 128},
    {PKC_ECX_X448, PKC_PKIX_ALG_X448, "X448", PKC_X448_SIZE, 0, 448, 224},
    {PKC_ECX_ED448, PKC_PKIX_ALG_ED448, "Ed448", PKC_ED448_SEED_SIZE, PKC_ED448_SIG_SIZE, 448,
     224},
};

static const ecx_info *info(pkc_ecx_alg alg)
{
    for (size_t i = 0; i < sizeof ecx_table / sizeof ecx_table[0]; i++)
        if (ecx_table[i].alg == alg)
            return &ecx_table[i];
    return NULL;
}

size_t pkc_ecx_key_size(pkc_ecx_alg alg)
{
    const ecx_info *e = info(alg);
    return e ? e->size : 0;
}

unsigned pkc_ecx_security_bits(pkc_ecx_alg alg)
{
    const ecx_info *e = info(alg);
    return e ? e->security_bits : 0;
}

unsigned pkc_ecx_field_bits(pkc_ecx_alg alg)
{
    const ecx_info *e = info(alg);
    return e ? e->field_bits : 0;
}

const char *pkc_ecx_name(pkc_ecx_alg alg)
{
    const ecx_info *e = info(alg);
    return e ? e->name : NULL;
}

size_t pkc_ecx_signature_size(pkc_ecx_alg alg)
{
    const ecx_info *e = info(alg);
    return e ? e->sigsize : 0;
}

int pkc_ecx_is_signature(pkc_ecx_alg alg)
{
    return pkc_ecx_signature_size(alg) != 0;
}

pkc_ecx_alg pkc_ecx_from_pkix_alg(pkc_pkix_alg alg)
{
    for (size_t i = 0; i < sizeof ecx_table / sizeof ecx_table[0]; i++)
        if (ecx_table[i].pkix == alg)
            return ecx_table[i].alg;
    return PKC_ECX_NONE;
}

void pkc_ecx_key_wipe(pkc_ecx_key *k)
{
    if (k)
        pkc_memzero(k, sizeof *k);
}

pkc_err pkc_ecx_key_from_private(pkc_ecx_key *k, pkc_ecx_alg alg, const uint8_t *raw, size_t len)
{
    if (!k || !raw)
        return PKC_ERR_ARG;
    memset(k, 0, sizeof *k);
    if (!info(alg))
        return PKC_ERR_UNSUPPORTED;
    if (len != pkc_ecx_key_size(alg))
        return PKC_ERR_KEY;
    pkc_err err = PKC_ERR_UNSUPPORTED;
    switch (alg) {
    case PKC_ECX_X25519:
        memcpy(k->u.x.priv, raw, len);
        err = pkc_x25519_public_key(k->u.x.pub, k->u.x.priv);
        break;
    case PKC_ECX_X448:
        memcpy(k->u.x.priv, raw, len);
        err = pkc_x448_public_key(k->u.x.pub, k->u.x.priv);
        break;
    case PKC_ECX_ED25519: err = pkc_ed25519_key_from_seed(&k->u.ed25519, raw); break;
    case PKC_ECX_ED448: err = pkc_ed448_key_from_seed(&k->u.ed448, raw); break;
    case PKC_ECX_NONE: break;
    }
    if (err != PKC_OK) {
        pkc_ecx_key_wipe(k);
        return err;
    }
    k->alg = alg;
    k->priv = 1;
    return PKC_OK;
}

pkc_err pkc_ecx_key_generate(pkc_ecx_key *k, pkc_ecx_alg alg, pkc_rng *rng)
{
    uint8_t raw[PKC_ED448_SEED_SIZE];
    size_t n = pkc_ecx_key_size(alg);
    if (!k || !rng)
        return PKC_ERR_ARG;
    if (!n)
        return PKC_ERR_UNSUPPORTED;
    /* RFC 7748 section 6 and RFC 8032 sections 5.1.5/5.2.5: a private key
     * is n random bytes; clamping happens where the key is used. */
    pkc_err err = pkc_rng_bytes(rng, raw, n);
    if (err == PKC_OK)
        err = pkc_ecx_key_from_private(k, alg, raw, n);
    pkc_memzero(raw, sizeof raw);
    return err;
}

pkc_err pkc_ecx_key_from_public(pkc_ecx_key *k, pkc_ecx_alg alg, const uint8_t *raw, size_t len)
{
    if (!k || !raw)
        return PKC_ERR_ARG;
    memset(k, 0, sizeof *k);
    if (!info(alg))
        return PKC_ERR_UNSUPPORTED;
    if (len != pkc_ecx_key_size(alg))
        return PKC_ERR_KEY;
    pkc_err err = PKC_OK;
    switch (alg) {
    /* RFC 7748 section 5: every 32- (56-)byte string is a u coordinate */
    case PKC_ECX_X25519:
    case PKC_ECX_X448: memcpy(k->u.x.pub, raw, len); break;
    case PKC_ECX_ED25519:
        err = pkc_ed25519_check_public(raw);
        memcpy(k->u.ed25519.pub, raw, len);
        break;
    case PKC_ECX_ED448:
        err = pkc_ed448_check_public(raw);
        memcpy(k->u.ed448.pub, raw, len);
        break;
    case PKC_ECX_NONE: break;
    }
    if (err != PKC_OK) {
        pkc_ecx_key_wipe(k);
        return err;
    }
    k->alg = alg;
    return PKC_OK;
}

const uint8_t *pkc_ecx_public_bytes(const pkc_ecx_key *k)
{
    if (!k)
        return NULL;
    switch (k->alg) {
    case PKC_ECX_X25519:
    case PKC_ECX_X448: return k->u.x.pub;
    case PKC_ECX_ED25519: return k->u.ed25519.pub;
    case PKC_ECX_ED448: return k->u.ed448.pub;
    case PKC_ECX_NONE: break;
    }
    return NULL;
}

const uint8_t *pkc_ecx_private_bytes(const pkc_ecx_key *k)
{
    if (!k || !k->priv)
        return NULL;
    switch (k->alg) {
    case PKC_ECX_X25519:
    case PKC_ECX_X448: return k->u.x.priv;
    case PKC_ECX_ED25519: return k->u.ed25519.seed;
    case PKC_ECX_ED448: return k->u.ed448.seed;
    case PKC_ECX_NONE: break;
    }
    return NULL;
}

/* ---- key files (RFC 8410) ---- */

pkc_err pkc_ecx_key_from_pkix(const pkc_pkix_key *pk, pkc_ecx_key *k)
{
    if (!pk || !k || !pk->alg)
        return PKC_ERR_ARG;
    pkc_ecx_alg alg = pkc_ecx_from_pkix_alg(pk->alg->alg);
    if (alg == PKC_ECX_NONE)
        return PKC_ERR_KEY;
    /* RFC 8410 section 3: the parameters MUST be absent */
    if (pk->params.len != 0)
        return PKC_ERR_DECODE;
    pkc_der body = pk->body;
    switch (pk->container) {
    case PKC_PKIX_PKCS8: {
        /* section 7: CurvePrivateKey ::= OCTET STRING inside privateKey */
        const uint8_t *raw;
        size_t len;
        pkc_err err = pkc_der_get_octet_string(&body, &raw, &len);
        if (err == PKC_OK)
            err = pkc_der_end(&body);
        return err != PKC_OK ? err : pkc_ecx_key_from_private(k, alg, raw, len);
    }
    case PKC_PKIX_SPKI:
        return pkc_ecx_key_from_public(k, alg, body.p, body.len);
    default:
        return PKC_ERR_DECODE; /* no other container holds these keys */
    }
}

typedef struct {
    const uint8_t *raw;
    size_t len;
} raw_ctx;

static void put_curve_private_key(pkc_der_writer *w, const void *vctx)
{
    const raw_ctx *c = vctx;
    pkc_der_put_octet_string(w, c->raw, c->len);
}

static void put_public_bits(pkc_der_writer *w, const void *vctx)
{
    const raw_ctx *c = vctx;
    pkc_der_put_raw(w, c->raw, c->len);
}

pkc_err pkc_ecx_private_to_pkcs8(const pkc_ecx_key *k, uint8_t **der, size_t *len)
{
    const ecx_info *e = k ? info(k->alg) : NULL;
    if (!e || !der || !len)
        return PKC_ERR_ARG;
    if (!k->priv)
        return PKC_ERR_KEY;
    raw_ctx c = {pkc_ecx_private_bytes(k), e->size};
    return pkc_pkix_write_pkcs8(e->pkix, NULL, put_curve_private_key, &c, der, len);
}

pkc_err pkc_ecx_public_to_spki(const pkc_ecx_key *k, uint8_t **der, size_t *len)
{
    const ecx_info *e = k ? info(k->alg) : NULL;
    if (!e || !der || !len)
        return PKC_ERR_ARG;
    raw_ctx c = {pkc_ecx_public_bytes(k), e->size};
    return pkc_pkix_write_spki(e->pkix, NULL, put_public_bits, &c, der, len);
}

/* ---- operations ---- */

pkc_err pkc_ecx_sign(const pkc_ecx_key *k, const uint8_t *ctx, size_t ctxlen, const uint8_t *msg,
                     size_t len, uint8_t *sig, size_t cap, size_t *siglen)
{
    if (!k || !sig || !siglen || (!msg && len) || (!ctx && ctxlen))
        return PKC_ERR_ARG;
    size_t need = pkc_ecx_signature_size(k->alg);
    if (!need)
        return PKC_ERR_UNSUPPORTED; /* X25519/X448 keys do not sign */
    if (!k->priv)
        return PKC_ERR_KEY;
    if (cap < need)
        return PKC_ERR_BUFSIZE;
    pkc_err err;
    if (k->alg == PKC_ECX_ED25519) {
        if (ctxlen)
            return PKC_ERR_UNSUPPORTED; /* pure Ed25519 has no context */
        err = pkc_ed25519_sign(&k->u.ed25519, msg, len, sig);
    } else {
        err = pkc_ed448_sign(&k->u.ed448, ctx, ctxlen, msg, len, sig);
    }
    *siglen = err == PKC_OK ? need : 0;
    return err;
}

pkc_err pkc_ecx_verify(const pkc_ecx_key *k, const uint8_t *ctx, size_t ctxlen,
                       const uint8_t *msg, size_t len, const uint8_t *sig, size_t siglen)
{
    if (!k || !sig || (!msg && len) || (!ctx && ctxlen))
        return PKC_ERR_ARG;
    size_t need = pkc_ecx_signature_size(k->alg);
    if (!need)
        return PKC_ERR_UNSUPPORTED;
    if (siglen != need)
        return PKC_ERR_DECODE;
    if (k->alg == PKC_ECX_ED25519)
        return ctxlen ? PKC_ERR_UNSUPPORTED : pkc_ed25519_verify(k->u.ed25519.pub, msg, len, sig);
    return pkc_ed448_verify(k->u.ed448.pub, ctx, ctxlen, msg, len, sig);
}

pkc_err pkc_ecx_derive(const pkc_ecx_key *k, const pkc_ecx_key *peer, uint8_t *out, size_t cap,
                       size_t *outlen)
{
    if (!k || !peer || !out || !outlen)
        return PKC_ERR_ARG;
    if (k->alg != PKC_ECX_X25519 && k->alg != PKC_ECX_X448)
        return PKC_ERR_UNSUPPORTED; /* Ed25519/Ed448 keys do not agree keys */
    if (peer->alg != k->alg)
        return PKC_ERR_KEY;
    if (!k->priv)
        return PKC_ERR_KEY;
    size_t n = pkc_ecx_key_size(k->alg);
    if (cap < n)
        return PKC_ERR_BUFSIZE;
    pkc_err err = k->alg == PKC_ECX_X25519 ? pkc_x25519(out, k->u.x.priv, peer->u.x.pub)
                                           : pkc_x448(out, k->u.x.priv, peer->u.x.pub);
    *outlen = err == PKC_OK ? n : 0;
    return err;
}
