/* pkc — AES (FIPS 197): the key schedule, the choice of implementation,
 * and the modes (SP 800-38A: ECB, CBC, CTR) with PKCS#7 padding, over the
 * block operations of aes_ct.c (portable, bitsliced) and aes_ni.c (AES-NI,
 * VAES).
 *
 * Timing: no branch or memory index depends on the key, the data or the
 * padding; only lengths and the padding verdict are observable.
 */
#include <string.h>

#include "ct.h"
#include "sym/aes_impl.h"

/* ---- dispatch ------------------------------------------------------------ */

/* 0 = not yet chosen, else a pkc_aes_impl valid on this CPU. */
static int impl_chosen;
static int cpu_cached = -1; /* bit 0 AES-NI, bit 1 VAES */

static int cpu_bits(void)
{
    int v = __atomic_load_n(&cpu_cached, __ATOMIC_RELAXED);
    if (v < 0) {
#ifdef PKC_AES_X86
        v = pkc_aes_cpu_aesni() | (pkc_aes_cpu_vaes() << 1);
#else
        v = 0;
#endif
        __atomic_store_n(&cpu_cached, v, __ATOMIC_RELAXED);
    }
    return v;
}

int pkc_aes_have_aesni(void)
{
    return cpu_bits() & 1;
}

int pkc_aes_have_vaes(void)
{
    return (cpu_bits() >> 1) & 1;
}

pkc_err pkc_aes_set_impl(pkc_aes_impl impl)
{
    int v;
    switch (impl) {
    case PKC_AES_IMPL_AUTO:
        v = pkc_aes_have_vaes() ? PKC_AES_IMPL_VAES
            : pkc_aes_have_aesni() ? PKC_AES_IMPL_AESNI
                                   : PKC_AES_IMPL_PORTABLE;
        break;
    case PKC_AES_IMPL_PORTABLE:
        v = PKC_AES_IMPL_PORTABLE;
        break;
    case PKC_AES_IMPL_AESNI:
    case PKC_AES_IMPL_VAES:
        if (!(impl == PKC_AES_IMPL_AESNI ? pkc_aes_have_aesni() : pkc_aes_have_vaes()))
            return PKC_ERR_UNSUPPORTED;
        v = (int)impl;
        break;
    default:
        return PKC_ERR_ARG;
    }
    __atomic_store_n(&impl_chosen, v, __ATOMIC_RELAXED);
    return PKC_OK;
}

pkc_aes_impl pkc_aes_get_impl(void)
{
    int v = __atomic_load_n(&impl_chosen, __ATOMIC_RELAXED);
    if (v == 0) {
        pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
        v = __atomic_load_n(&impl_chosen, __ATOMIC_RELAXED);
    }
    return (pkc_aes_impl)v;
}

static const pkc_aes_ops *ops(void)
{
#ifdef PKC_AES_X86
    switch (pkc_aes_get_impl()) {
    case PKC_AES_IMPL_VAES: return &pkc_aes_ops_vaes;
    case PKC_AES_IMPL_AESNI: return &pkc_aes_ops_ni;
    default: break;
    }
#endif
    return &pkc_aes_ops_ct;
}

/* ---- key schedule (FIPS 197 5.2) ------------------------------------------ */

/* {02} * b, the reduction by a mask rather than a branch */
static uint8_t gf_x2(uint8_t b)
{
    unsigned x = b;
    return (uint8_t)((x << 1) ^ (0x1bu & (0u - (x >> 7))));
}

/* InvMixColumns of one round key (5.3.3), for the equivalent inverse cipher */
static void inv_mix_bytes(uint8_t out[16], const uint8_t in[16])
{
    for (unsigned c = 0; c < 4; c++) {
        const uint8_t *a = in + 4 * c;
        uint8_t m9[4], m11[4], m13[4], m14[4];
        for (unsigned r = 0; r < 4; r++) {
            uint8_t x2 = gf_x2(a[r]), x4 = gf_x2(x2), x8 = gf_x2(x4);
            m9[r] = (uint8_t)(x8 ^ a[r]);
            m11[r] = (uint8_t)(x8 ^ x2 ^ a[r]);
            m13[r] = (uint8_t)(x8 ^ x4 ^ a[r]);
            m14[r] = (uint8_t)(x8 ^ x4 ^ x2);
        }
        for (unsigned r = 0; r < 4; r++)
            out[4 * c + r] = (uint8_t)(m14[r] ^ m11[(r + 1) & 3] ^ m13[(r + 2) & 3] ^
                                       m9[(r + 3) & 3]);
    }
}

pkc_err pkc_aes_set_key(pkc_aes_key *key, const uint8_t *k, size_t len)
{
    if (!key || !k || (len != 16 && len != 24 && len != 32))
        return PKC_ERR_ARG;
    uint32_t (*subword)(uint32_t) = pkc_aes_ct_subword;
    void (*inv_mix)(uint8_t *, const uint8_t *) = inv_mix_bytes;
#ifdef PKC_AES_X86
    if (pkc_aes_get_impl() != PKC_AES_IMPL_PORTABLE) {
        subword = pkc_aes_ni_subword;
        inv_mix = pkc_aes_ni_inv_mix;
    }
#endif
    unsigned nk = (unsigned)(len / 4), nr = nk + 6, nw = 4 * (nr + 1);
    uint32_t w[4 * (PKC_AES_MAX_ROUNDS + 1)]; /* word i = bytes 4i..4i+3, byte 0 low */
    uint8_t rcon = 1;
    for (unsigned i = 0; i < nk; i++)
        w[i] = (uint32_t)k[4 * i] | (uint32_t)k[4 * i + 1] << 8 | (uint32_t)k[4 * i + 2] << 16 |
               (uint32_t)k[4 * i + 3] << 24;
    for (unsigned i = nk; i < nw; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = subword((t >> 8) | (t << 24)) ^ rcon; /* RotWord, SubWord, Rcon */
            rcon = gf_x2(rcon);
        } else if (nk > 6 && i % nk == 4) {
            t = subword(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    key->rounds = nr;
    for (unsigned i = 0; i < nw; i++)
        for (unsigned j = 0; j < 4; j++)
            key->ek[i / 4][4 * (i % 4) + j] = (uint8_t)(w[i] >> (8 * j));
    memcpy(key->dk[0], key->ek[nr], 16);
    for (unsigned r = 1; r < nr; r++)
        inv_mix(key->dk[r], key->ek[nr - r]);
    memcpy(key->dk[nr], key->ek[0], 16);
    for (unsigned r = 0; r <= nr; r++)
        pkc_aes_ct_planes(key->bk[r], key->ek[r]);
    pkc_memzero(w, sizeof w);
    return PKC_OK;
}

void pkc_aes_key_wipe(pkc_aes_key *key)
{
    if (key)
        pkc_memzero(key, sizeof *key);
}

/* ---- blocks, ECB, CBC ------------------------------------------------------ */

void pkc_aes_encrypt_block(const pkc_aes_key *key, uint8_t out[16], const uint8_t in[16])
{
    ops()->ecb_enc(key, out, in, 1);
}

void pkc_aes_decrypt_block(const pkc_aes_key *key, uint8_t out[16], const uint8_t in[16])
{
    ops()->ecb_dec(key, out, in, 1);
}

static int bad_blocks(const pkc_aes_key *key, uint8_t *out, const uint8_t *in, size_t len)
{
    return !key || len % 16 != 0 || (len && (!out || !in));
}

pkc_err pkc_aes_ecb_encrypt(const pkc_aes_key *key, uint8_t *out, const uint8_t *in, size_t len)
{
    if (bad_blocks(key, out, in, len))
        return PKC_ERR_ARG;
    ops()->ecb_enc(key, out, in, len / 16);
    return PKC_OK;
}

pkc_err pkc_aes_ecb_decrypt(const pkc_aes_key *key, uint8_t *out, const uint8_t *in, size_t len)
{
    if (bad_blocks(key, out, in, len))
        return PKC_ERR_ARG;
    ops()->ecb_dec(key, out, in, len / 16);
    return PKC_OK;
}

static pkc_err cbc(const pkc_aes_key *key, const uint8_t iv[16], uint8_t *out, const uint8_t *in,
                   size_t len, int dec)
{
    uint8_t chain[16];
    if (!iv || bad_blocks(key, out, in, len))
        return PKC_ERR_ARG;
    memcpy(chain, iv, 16);
    if (dec)
        ops()->cbc_dec(key, chain, out, in, len / 16);
    else
        ops()->cbc_enc(key, chain, out, in, len / 16);
    return PKC_OK;
}

pkc_err pkc_aes_cbc_encrypt(const pkc_aes_key *key, const uint8_t iv[16], uint8_t *out,
                            const uint8_t *in, size_t len)
{
    return cbc(key, iv, out, in, len, 0);
}

pkc_err pkc_aes_cbc_decrypt(const pkc_aes_key *key, const uint8_t iv[16], uint8_t *out,
                            const uint8_t *in, size_t len)
{
    return cbc(key, iv, out, in, len, 1);
}

/* ---- PKCS#7 ------------------------------------------------------------------ */

size_t pkc_pkcs7_padded_len(size_t len)
{
    return len + 16 - len % 16;
}

pkc_err pkc_pkcs7_pad(uint8_t *out, size_t outcap, const uint8_t *in, size_t len, size_t *outlen)
{
    if (!out || (!in && len) || len > SIZE_MAX - 16)
        return PKC_ERR_ARG;
    size_t plen = pkc_pkcs7_padded_len(len);
    if (outcap < plen)
        return PKC_ERR_BUFSIZE;
    if (len)
        memmove(out, in, len);
    memset(out + len, (int)(plen - len), plen - len);
    if (outlen)
        *outlen = plen;
    return PKC_OK;
}

/* The last byte n must be 1..16 and the n bytes before the end all n: every
 * one of the last 16 bytes is checked, under a mask for "inside the
 * padding", and only the verdict is branched on. */
pkc_err pkc_pkcs7_unpad(const uint8_t *buf, size_t len, size_t *outlen)
{
    if (!buf || !outlen || len == 0 || len % 16 != 0)
        return PKC_ERR_DECRYPT;
    uint64_t n = buf[len - 1];
    uint64_t bad = ct_mask_zero(n) | ct_mask_lt(16, n);
    for (size_t i = 0; i < 16; i++)
        bad |= ct_mask_lt(i, n) & ct_mask_nonzero(buf[len - 1 - i] ^ n);
    PKC_DECLASSIFY(&bad, sizeof bad);
    if (bad)
        return PKC_ERR_DECRYPT;
    *outlen = len - (size_t)n;
    return PKC_OK;
}

typedef pkc_err crypt_fn(const pkc_aes_key *key, const uint8_t *iv, uint8_t *out,
                         const uint8_t *in, size_t len);

static pkc_err ecb_enc_iv(const pkc_aes_key *key, const uint8_t *iv, uint8_t *out,
                          const uint8_t *in, size_t len)
{
    (void)iv;
    return pkc_aes_ecb_encrypt(key, out, in, len);
}

static pkc_err ecb_dec_iv(const pkc_aes_key *key, const uint8_t *iv, uint8_t *out,
                          const uint8_t *in, size_t len)
{
    (void)iv;
    return pkc_aes_ecb_decrypt(key, out, in, len);
}

/* pad into out, then encrypt it in place */
static pkc_err encrypt_pad(crypt_fn *f, const pkc_aes_key *key, const uint8_t *iv, uint8_t *out,
                           size_t outcap, const uint8_t *in, size_t len, size_t *outlen)
{
    size_t plen;
    if (!key || !outlen)
        return PKC_ERR_ARG;
    pkc_err e = pkc_pkcs7_pad(out, outcap, in, len, &plen);
    if (e == PKC_OK)
        e = f(key, iv, out, out, plen);
    *outlen = e == PKC_OK ? plen : 0;
    return e;
}

/* decrypt into out, then check the padding; out is zeroed when it is bad */
static pkc_err decrypt_unpad(crypt_fn *f, const pkc_aes_key *key, const uint8_t *iv,
                             uint8_t *out, size_t outcap, const uint8_t *in, size_t len,
                             size_t *outlen)
{
    if (!key || !outlen || !out || !in)
        return PKC_ERR_ARG;
    *outlen = 0;
    if (outcap < len)
        return PKC_ERR_BUFSIZE;
    if (len == 0 || len % 16 != 0)
        return PKC_ERR_DECRYPT;
    pkc_err e = f(key, iv, out, in, len);
    if (e != PKC_OK)
        return e;
    e = pkc_pkcs7_unpad(out, len, outlen);
    if (e != PKC_OK)
        pkc_memzero(out, len);
    return e;
}

pkc_err pkc_aes_ecb_encrypt_pad(const pkc_aes_key *key, uint8_t *out, size_t outcap,
                                const uint8_t *in, size_t len, size_t *outlen)
{
    return encrypt_pad(ecb_enc_iv, key, NULL, out, outcap, in, len, outlen);
}

pkc_err pkc_aes_ecb_decrypt_unpad(const pkc_aes_key *key, uint8_t *out, size_t outcap,
                                  const uint8_t *in, size_t len, size_t *outlen)
{
    return decrypt_unpad(ecb_dec_iv, key, NULL, out, outcap, in, len, outlen);
}

pkc_err pkc_aes_cbc_encrypt_pad(const pkc_aes_key *key, const uint8_t iv[16], uint8_t *out,
                                size_t outcap, const uint8_t *in, size_t len, size_t *outlen)
{
    if (!iv)
        return PKC_ERR_ARG;
    return encrypt_pad(pkc_aes_cbc_encrypt, key, iv, out, outcap, in, len, outlen);
}

pkc_err pkc_aes_cbc_decrypt_unpad(const pkc_aes_key *key, const uint8_t iv[16], uint8_t *out,
                                  size_t outcap, const uint8_t *in, size_t len, size_t *outlen)
{
    if (!iv)
        return PKC_ERR_ARG;
    return decrypt_unpad(pkc_aes_cbc_decrypt, key, iv, out, outcap, in, len, outlen);
}

/* ---- CTR --------------------------------------------------------------------- */

void pkc_aes_ctr_init(pkc_aes_ctr_ctx *ctx, const pkc_aes_key *key, const uint8_t ctr[16])
{
    ctx->key = key;
    memcpy(ctx->ctr, ctr, 16);
    memset(ctx->ks, 0, 16);
    ctx->used = 16;
}

pkc_err pkc_aes_ctr_update(pkc_aes_ctr_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
    static const uint8_t zero[16];
    if (!ctx || !ctx->key || ctx->used > 16 || (len && (!out || !in)))
        return PKC_ERR_ARG;
    const pkc_aes_ops *o = ops();
    /* the rest of the last keystream block */
    while (len && ctx->used < 16) {
        *out++ = (uint8_t)(*in++ ^ ctx->ks[ctx->used++]);
        len--;
    }
    if (len >= 16) {
        o->ctr(ctx->key, ctx->ctr, out, in, len / 16);
        out += len & ~(size_t)15;
        in += len & ~(size_t)15;
        len %= 16;
    }
    if (len) {
        o->ctr(ctx->key, ctx->ctr, ctx->ks, zero, 1);
        for (ctx->used = 0; ctx->used < len; ctx->used++)
            out[ctx->used] = (uint8_t)(in[ctx->used] ^ ctx->ks[ctx->used]);
    }
    return PKC_OK;
}

void pkc_aes_ctr_wipe(pkc_aes_ctr_ctx *ctx)
{
    if (ctx)
        pkc_memzero(ctx, sizeof *ctx);
}

pkc_err pkc_aes_ctr(const pkc_aes_key *key, const uint8_t ctr[16], uint8_t *out,
                    const uint8_t *in, size_t len)
{
    pkc_aes_ctr_ctx ctx;
    if (!key || !ctr)
        return PKC_ERR_ARG;
    pkc_aes_ctr_init(&ctx, key, ctr);
    pkc_err e = pkc_aes_ctr_update(&ctx, out, in, len);
    pkc_aes_ctr_wipe(&ctx);
    return e;
}
