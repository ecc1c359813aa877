/* SHA-3 / SHAKE tests (FIPS 202): NIST's published examples. */
#include <stdlib.h>
#include <string.h>

#include "pkc/hash.h"
#include "testutil.h"

static void check_hex(const uint8_t *got, const char *hex, const char *what)
{
    size_t n;
    uint8_t *want = tu_unhex(hex, &n);
    CHECK_MSG(want && memcmp(got, want, n) == 0, "%s", what);
    free(want);
}

static void sha3_oneshot(size_t outlen, const void *d, size_t len, uint8_t *out)
{
    pkc_sha3_ctx c;
    pkc_sha3_init(&c, outlen);
    pkc_sha3_update(&c, d, len);
    pkc_sha3_final(&c, out);
}

/* The examples of NIST's "Cryptographic Standards and Guidelines: Example
 * Values" for FIPS 202 (empty, "abc", 200 bytes of 0xa3). */
static void test_examples(void)
{
    uint8_t out[512], a3[200];
    memset(a3, 0xa3, sizeof a3);
    sha3_oneshot(32, "", 0, out);
    check_hex(out, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a", "SHA3-256('')");
    sha3_oneshot(32, "abc", 3, out);
    check_hex(out, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532", "SHA3-256(abc)");
    sha3_oneshot(28, "", 0, out);
    check_hex(out, "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7", "SHA3-224('')");
    sha3_oneshot(64, "abc", 3, out);
    check_hex(out,
              "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
              "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0",
              "SHA3-512(abc)");
    sha3_oneshot(32, a3, sizeof a3, out);
    check_hex(out, "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787",
              "SHA3-256(0xa3 x 200)");

    pkc_shake256(out, 64, "", 0);
    check_hex(out,
              "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
              "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be",
              "SHAKE256('', 64)");
    pkc_sha3_ctx c;
    pkc_shake128_init(&c);
    pkc_shake_squeeze(&c, out, 32);
    pkc_sha3_wipe(&c);
    check_hex(out, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
              "SHAKE128('', 32)");
    pkc_shake128_init(&c);
    pkc_sha3_update(&c, a3, sizeof a3);
    pkc_shake_squeeze(&c, out, 512);
    pkc_sha3_wipe(&c);
    check_hex(out + 480, "44c9fb359fd56ac0a9a75a743cff6862f17d7259ab075216c0699511643b6439",
              "SHAKE128(0xa3 x 200, 512) tail");
}

int main(void)
{
    test_examples();
    return tu_finish("test_sha3");
}
