/* Constant-time test of SHA-3 and SHAKE (the approach of
 * tests/test_ec_ctime.c): with --ctime, the input, and the HMAC key, are
 * marked undefined for valgrind's memcheck; then SHA3-224..512 (direct and
 * through the generic interface), SHAKE128/256 streamed and squeezed past
 * several blocks, one-shot SHAKE256, and HMAC-SHA3-256 with a secret key
 * (short, and longer than the rate, so hashed) run on them. Only the
 * results are declassified, to compare them with the same computation on a
 * public copy. Any branch or memory index depending on a secret is
 * reported.
 *
 * Without --ctime it is a quick functional test of the same calls.
 * usage: test_sha3_ctime [--ctime [--canary]] */
#include <stdlib.h>
#include <string.h>

#include "pkc/hash.h"
#include "pkc/hmac.h"
#include "ctime_util.h"
#include "testutil.h"

enum { MLEN = 3 * 168 + 5, OUTLEN = 3 * 168 + 7 };

/* Everything hashed from m (msg bytes) and k (klen key bytes) into out. */
static void compute(const uint8_t *m, const uint8_t *k, size_t klen, uint8_t *out)
{
    static const size_t sizes[] = {28, 32, 48, 64};
    pkc_sha3_ctx c;
    for (int i = 0; i < 4; i++) {
        pkc_sha3_init(&c, sizes[i]);
        pkc_sha3_update(&c, m, 5);
        pkc_sha3_update(&c, m + 5, MLEN - 5);
        pkc_sha3_final(&c, out);
        out += sizes[i];
    }
    CHECK(pkc_hash(PKC_HASH_SHA3_256, m, MLEN, out) == PKC_OK);
    out += 32;
    pkc_shake128_init(&c);
    pkc_sha3_update(&c, m, MLEN);
    pkc_shake_squeeze(&c, out, 3);
    pkc_shake_squeeze(&c, out + 3, OUTLEN - 3);
    pkc_sha3_wipe(&c);
    out += OUTLEN;
    pkc_shake256_init(&c);
    pkc_sha3_update(&c, m, 100);
    pkc_sha3_update(&c, m + 100, MLEN - 100);
    pkc_shake_squeeze(&c, out, OUTLEN);
    pkc_sha3_wipe(&c);
    out += OUTLEN;
    pkc_shake256(out, 57, m, 136); /* exactly one block */
    out += 57;
    CHECK(pkc_hmac(PKC_HASH_SHA3_256, k, klen, m, MLEN, out) == PKC_OK);
}

#define TOTAL (28 + 32 + 48 + 64 + 32 + 2 * OUTLEN + 57 + 32)

static void run(size_t klen)
{
    uint8_t m[MLEN], k[200], pm[MLEN], pk[200], out[TOTAL], ref[TOTAL];
    tu_rand_bytes(m, sizeof m);
    tu_rand_bytes(k, sizeof k);
    memcpy(pm, m, sizeof m);
    memcpy(pk, k, sizeof k);
    compute(pm, pk, klen, ref);
    secret(m, sizeof m);
    secret(k, sizeof k);
    if (canary && (m[0] & 1))
        sink++;
    compute(m, k, klen, out);
    public_(out, sizeof out);
    CHECK_MSG(memcmp(out, ref, sizeof out) == 0, "key length %zu: results differ", klen);
}

int main(int argc, char **argv)
{
    int a = ctime_args(argc, argv, "test_sha3_ctime");
    if (a < 0)
        return 2;
    tu_seed();
    run(32);  /* key padded to the block */
    run(200); /* key longer than the rate (136): hashed first */
    printf("SHA3-224..512, SHAKE128/256, HMAC-SHA3-256: done\n");
    return tu_finish("test_sha3_ctime");
}
