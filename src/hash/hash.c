/* pkc — the generic hash interface: one context type and one set of calls
 * over SHA-1, the SHA-2 and the SHA-3 functions, selected by pkc_hash_alg.
 * The "block size" of SHA3-d is its rate, 200 - 2d bytes (FIPS 202 section
 * 6.1), which is what HMAC uses (NIST's HMAC-SHA3 examples, RFC 2104 B). */
#include <ctype.h>
#include <string.h>

#include "pkc/hash.h"

static const struct {
    pkc_hash_alg alg;
    const char *name;
    size_t size, block;
} hash_table[] = {
    {PKC_HASH_SHA1, "sha1", 20, 64},
    {PKC_HASH_SHA224, "sha224", 28, 64},
    {PKC_HASH_SHA256, "sha256", 32, 64},
    {PKC_HASH_SHA384, "sha384", 48, 128},
    {PKC_HASH_SHA512, "sha512", 64, 128},
    {PKC_HASH_SHA3_224, "sha3-224", 28, 144},
    {PKC_HASH_SHA3_256, "sha3-256", 32, 136},
    {PKC_HASH_SHA3_384, "sha3-384", 48, 104},
    {PKC_HASH_SHA3_512, "sha3-512", 64, 72},
};

#define NHASH (sizeof hash_table / sizeof hash_table[0])

static int find_alg(pkc_hash_alg alg)
{
    for (size_t i = 0; i < NHASH; i++)
        if (hash_table[i].alg == alg)
            return (int)i;
    return -1;
}

size_t pkc_hash_size(pkc_hash_alg alg)
{
    int i = find_alg(alg);
    return i < 0 ? 0 : hash_table[i].size;
}

size_t pkc_hash_block_size(pkc_hash_alg alg)
{
    int i = find_alg(alg);
    return i < 0 ? 0 : hash_table[i].block;
}

const char *pkc_hash_name(pkc_hash_alg alg)
{
    int i = find_alg(alg);
    return i < 0 ? NULL : hash_table[i].name;
}

/* Whether norm (lower case) spells table name tname: its letters, an
 * optional '-' or '_', its digits ("sha256", "sha-256", "sha_256"). A name
 * with a '-' in the table ("sha3-224") needs the separator, '-' or '_':
 * "sha3224" is rejected. */
static int name_matches(const char *norm, const char *tname)
{
    size_t pre = strcspn(tname, "-0123456789");
    if (pre == 3 && tname[pre] == '3' && tname[pre + 1] == '-')
        pre = 4; /* "sha3" */
    int need_sep = tname[pre] == '-';
    const char *digits = tname + pre + need_sep;
    if (strncmp(norm, tname, pre) != 0)
        return 0;
    norm += pre;
    if (*norm == '-' || *norm == '_')
        norm++;
    else if (need_sep)
        return 0;
    return strcmp(norm, digits) == 0;
}

pkc_err pkc_hash_from_name(const char *name, pkc_hash_alg *alg)
{
    /* Case-insensitive; one '-' or '_' may separate "sha" (or "sha3") from
     * the digits ("SHA-256", "sha_256", "SHA3-256", "sha3_256"). Anything
     * else is rejected. */
    char norm[16] = {0};
    size_t n = 0;
    if (!name || !alg)
        return PKC_ERR_ARG;
    for (size_t i = 0; name[i]; i++) {
        if (n + 1 >= sizeof norm)
            return PKC_ERR_ARG;
        norm[n++] = (char)tolower((unsigned char)name[i]);
    }
    norm[n] = 0;
    for (size_t i = 0; i < NHASH; i++) {
        if (name_matches(norm, hash_table[i].name)) {
            *alg = hash_table[i].alg;
            return PKC_OK;
        }
    }
    return PKC_ERR_ARG;
}

pkc_err pkc_hash_init(pkc_hash_ctx *ctx, pkc_hash_alg alg)
{
    if (!ctx)
        return PKC_ERR_ARG;
    switch (alg) {
    case PKC_HASH_SHA1: pkc_sha1_init(&ctx->u.sha1); break;
    case PKC_HASH_SHA224: pkc_sha224_init(&ctx->u.sha256); break;
    case PKC_HASH_SHA256: pkc_sha256_init(&ctx->u.sha256); break;
    case PKC_HASH_SHA384: pkc_sha384_init(&ctx->u.sha512); break;
    case PKC_HASH_SHA512: pkc_sha512_init(&ctx->u.sha512); break;
    case PKC_HASH_SHA3_224:
    case PKC_HASH_SHA3_256:
    case PKC_HASH_SHA3_384:
    case PKC_HASH_SHA3_512: pkc_sha3_init(&ctx->u.sha3, pkc_hash_size(alg)); break;
    default:
        ctx->alg = 0;
        return PKC_ERR_ARG;
    }
    ctx->alg = alg;
    return PKC_OK;
}

void pkc_hash_update(pkc_hash_ctx *ctx, const void *data, size_t len)
{
    switch (ctx->alg) {
    case PKC_HASH_SHA1: pkc_sha1_update(&ctx->u.sha1, data, len); break;
    case PKC_HASH_SHA224:
    case PKC_HASH_SHA256: pkc_sha256_update(&ctx->u.sha256, data, len); break;
    case PKC_HASH_SHA384:
    case PKC_HASH_SHA512: pkc_sha512_update(&ctx->u.sha512, data, len); break;
    case PKC_HASH_SHA3_224:
    case PKC_HASH_SHA3_256:
    case PKC_HASH_SHA3_384:
    case PKC_HASH_SHA3_512: pkc_sha3_update(&ctx->u.sha3, data, len); break;
    default: break; /* a context whose init failed: nothing to do */
    }
}

void pkc_hash_final(pkc_hash_ctx *ctx, uint8_t *out)
{
    switch (ctx->alg) {
    case PKC_HASH_SHA1: pkc_sha1_final(&ctx->u.sha1, out); break;
    case PKC_HASH_SHA224:
    case PKC_HASH_SHA256: pkc_sha256_final(&ctx->u.sha256, out); break;
    case PKC_HASH_SHA384:
    case PKC_HASH_SHA512: pkc_sha512_final(&ctx->u.sha512, out); break;
    case PKC_HASH_SHA3_224:
    case PKC_HASH_SHA3_256:
    case PKC_HASH_SHA3_384:
    case PKC_HASH_SHA3_512: pkc_sha3_final(&ctx->u.sha3, out); break;
    default: break;
    }
    pkc_memzero(ctx, sizeof *ctx);
}

pkc_err pkc_hash(pkc_hash_alg alg, const void *data, size_t len, uint8_t *out)
{
    pkc_hash_ctx ctx;
    if (!out || (!data && len))
        return PKC_ERR_ARG;
    pkc_err e = pkc_hash_init(&ctx, alg);
    if (e != PKC_OK)
        return e;
    pkc_hash_update(&ctx, data, len);
    pkc_hash_final(&ctx, out);
    return PKC_OK;
}
