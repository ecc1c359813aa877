/* Tests of the benchmark's AES cases (bench/case_sym.c) and of the peers'
 * AES adapters (bench/prov_*.c, bench/pkcs7.c), without timing anything:
 *
 *   - every provider compiled in that offers a mode and key size passes the
 *     case's check (ciphertexts equal pkc's, decryption gives the message
 *     back, a changed ciphertext is refused) at message sizes around the
 *     block boundary (1, 15, 16, 17, 31, 32, 33 bytes) and a long odd one,
 *     encrypt and decrypt cases alike
 *   - the check catches what a broken adapter would do: pkc's adapter
 *     wrapped so that it flips a ciphertext byte, flips a plaintext byte,
 *     or accepts what it should refuse (GCM's tag, PKCS#7's padding); each
 *     such case fails its setup or check and so is never timed
 *   - bench/sym_pad.h: the padded lengths and the refusal of bad paddings
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "sym_pad.h"
#include "testutil.h"

static const bench_alg modes[] = {BENCH_AES_ECB, BENCH_AES_CBC, BENCH_AES_CTR, BENCH_AES_GCM};
#define NMODES (sizeof modes / sizeof modes[0])

/* setup + check of one case, as the runner does before timing it; 0 if the
 * case may be timed, else -1 with err set */
static int prepare(const bench_provider *pv, bench_pools *pools, bench_alg mode, unsigned bits,
                   bench_op op, size_t len, char *err, size_t errlen)
{
    bench_params p = {.alg = mode, .op = op, .bits = bits, .msg_len = len, .threads = 1};
    bench_case_env env = {pools, {1, 1}, 16};
    err[0] = 0;
    if (!bench_case_sym.supports(pv, &p)) {
        snprintf(err, errlen, "not supported");
        return -2;
    }
    void *st = bench_case_sym.setup(pv, &p, &env, err, errlen);
    if (!st)
        return -1;
    int rc = bench_case_sym.check(st, err, errlen);
    if (rc == 0)
        rc = bench_case_sym.run(st, 3); /* the timed call itself works */
    bench_case_sym.teardown(st);
    return rc;
}

static void every_provider(bench_pools *pools)
{
    static const size_t lens[] = {1, 15, 16, 17, 31, 32, 33, 4099};
    static const unsigned sizes[] = {128, 192, 256};
    for (size_t k = 0; k < bench_nproviders; k++) {
        const bench_provider *pv = bench_providers[k];
        if (!pv->aes_supports)
            continue;
        for (size_t m = 0; m < NMODES; m++)
            for (size_t b = 0; b < 3; b++) {
                if (!pv->aes_supports(modes[m], sizes[b]))
                    continue;
                for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
                    for (int op = BENCH_OP_ENCRYPT; op <= BENCH_OP_DECRYPT; op++) {
                        char err[BENCH_ERRLEN];
                        int rc = prepare(pv, pools, modes[m], sizes[b], (bench_op)op, lens[l], err,
                                         sizeof err);
                        CHECK_MSG(rc == 0, "%s %s-%u %s %zu B: %s", pv->name,
                                  bench_alg_name(modes[m]), sizes[b], bench_op_name((bench_op)op),
                                  lens[l], err);
                    }
            }
    }
}

/* ---- pkc's adapter, broken on purpose ---------------------------------------------- */

enum { FLIP_CT, FLIP_PT, ACCEPT_ALL };
static int breakage;

static int broken_encrypt(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len,
                          uint8_t *out, size_t *outlen)
{
    const bench_provider *pkc = bench_provider_find("pkc");
    int rc = pkc->aes_encrypt(ctx, iv, in, len, out, outlen);
    if (rc == 0 && breakage == FLIP_CT)
        out[*outlen / 2] ^= 0x04;
    return rc;
}

static int broken_decrypt(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len,
                          uint8_t *out, size_t *outlen)
{
    const bench_provider *pkc = bench_provider_find("pkc");
    size_t cap = *outlen;
    int rc = pkc->aes_decrypt(ctx, iv, in, len, out, outlen);
    if (breakage == FLIP_PT && rc == 0 && *outlen)
        out[0] ^= 0x80;
    if (breakage == ACCEPT_ALL && rc != 0) {
        /* what an adapter that skips the tag or padding check returns */
        *outlen = len < cap ? len : cap;
        return 0;
    }
    return rc;
}

static int broken_supports(bench_alg mode, unsigned bits)
{
    return bench_provider_find("pkc")->aes_supports(mode, bits);
}

static void *broken_new(bench_alg mode, const uint8_t *key, unsigned bits)
{
    return bench_provider_find("pkc")->aes_new(mode, key, bits);
}

static void broken_free(void *ctx)
{
    bench_provider_find("pkc")->aes_free(ctx);
}

static const char *broken_version(void)
{
    return "0";
}

static const bench_provider broken = {
    .name = "broken",
    .library = "pkc's AES adapter, broken on purpose",
    .version = broken_version,
    .aes_supports = broken_supports,
    .aes_new = broken_new,
    .aes_free = broken_free,
    .aes_encrypt = broken_encrypt,
    .aes_decrypt = broken_decrypt,
};

static void caught(bench_pools *pools)
{
    char err[BENCH_ERRLEN];
    for (size_t m = 0; m < NMODES; m++)
        for (int op = BENCH_OP_ENCRYPT; op <= BENCH_OP_DECRYPT; op++) {
            breakage = FLIP_CT;
            CHECK_MSG(prepare(&broken, pools, modes[m], 256, (bench_op)op, 100, err, sizeof err) ==
                              -1 && strstr(err, "differs from pkc's"),
                      "flipped ciphertext, %s %s: %s", bench_alg_name(modes[m]),
                      bench_op_name((bench_op)op), err);
            breakage = FLIP_PT;
            CHECK_MSG(prepare(&broken, pools, modes[m], 128, (bench_op)op, 100, err, sizeof err) ==
                              -1 && strstr(err, "give the message back"),
                      "flipped plaintext, %s %s: %s", bench_alg_name(modes[m]),
                      bench_op_name((bench_op)op), err);
            /* CTR has nothing to refuse */
            breakage = ACCEPT_ALL;
            int rc = prepare(&broken, pools, modes[m], 128, (bench_op)op, 100, err, sizeof err);
            if (modes[m] == BENCH_AES_CTR)
                CHECK_MSG(rc == 0, "CTR: %s", err);
            else
                CHECK_MSG(rc == -1 && strstr(err, "was accepted"),
                          "no tag or padding check, %s %s: %s", bench_alg_name(modes[m]),
                          bench_op_name((bench_op)op), err);
        }
}

/* ---- bench/sym_pad.h ---------------------------------------------------------------- */

static void pkcs7(void)
{
    uint8_t in[48], out[64];
    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)(i + 1);
    for (size_t len = 0; len <= 33; len++) {
        size_t ol = bench_pkcs7_pad(out, in, len);
        CHECK_MSG(ol == (len / 16 + 1) * 16, "%zu bytes padded to %zu", len, ol);
        CHECK(out[ol - 1] == ol - len && memcmp(out, in, len) == 0);
        CHECK(bench_pkcs7_unpad(out, ol) == len);
    }
    uint8_t blk[16];
    memset(blk, 4, sizeof blk);
    blk[15] = 0; /* pad byte 0 */
    CHECK(bench_pkcs7_unpad(blk, 16) == (size_t)-1);
    blk[15] = 17; /* longer than the block */
    CHECK(bench_pkcs7_unpad(blk, 16) == (size_t)-1);
    blk[15] = 4;
    blk[12] = 3; /* one pad byte differs */
    CHECK(bench_pkcs7_unpad(blk, 16) == (size_t)-1);
    blk[12] = 4;
    CHECK(bench_pkcs7_unpad(blk, 16) == 12);
    CHECK(bench_pkcs7_unpad(blk, 15) == (size_t)-1);
    CHECK(bench_pkcs7_unpad(blk, 0) == (size_t)-1);
}

int main(void)
{
    bench_seed seed = {1, 1};
    bench_pools *pools = bench_pools_new(16, &seed);
    CHECK(pools != NULL);
    if (!pools)
        return tu_finish("test_bench_sym_check");
    pkcs7();
    every_provider(pools);
    caught(pools);
    bench_pools_free(pools);
    return tu_finish("test_bench_sym_check");
}
