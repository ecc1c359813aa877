/* Constant-time test program for GHASH (src/sym/ghash.h; the approach of
 * tests/test_ec_ctime.c): with --ctime, the hash subkey H and the data are
 * marked undefined for valgrind's memcheck before the key expansion and
 * the hashing, so any branch or memory index that depends on them is
 * reported. Only the lengths are public. The result is marked defined
 * again before it is compared with the same GHASH computed on unmarked
 * copies. tests/test_ctime_valgrind.sh runs this under valgrind.
 *
 * Every path named (default: portable and clmul) that the CPU, or
 * valgrind's emulation of it, has: valgrind emulates PCLMULQDQ but not
 * AVX-512, so the VPCLMULQDQ path cannot be checked this way.
 *
 * usage: test_ghash_ctime [--ctime [--canary]] [portable|clmul|vpclmul ...]
 * --canary adds a deliberate branch on a secret byte in the test itself.
 */
#include <stdio.h>
#include <string.h>

#include "sym/ghash.h"
#include "ctime_util.h"
#include "testutil.h"

/* lengths around the 4- and 8-block aggregation and partial blocks */
static const size_t LENS[][2] = {{0, 0}, {0, 16}, {13, 0}, {20, 64}, {1, 127}, {64, 131}, {160, 17}};

static void run(pkc_ghash_impl impl, const char *name)
{
    uint8_t h[16], data[2 * 160], want[16], got[16];
    pkc_ghash_key key;
    pkc_ghash_ctx ctx;
    if (!pkc_ghash_have_impl(impl)) {
        printf("%s: not on this CPU (or not emulated): not tested\n", name);
        return;
    }
    CHECK(pkc_ghash_set_impl(impl) == PKC_OK);
    for (size_t i = 0; i < sizeof LENS / sizeof LENS[0]; i++) {
        size_t al = LENS[i][0], cl = LENS[i][1];
        tu_rand_bytes(h, sizeof h);
        tu_rand_bytes(data, sizeof data);
        pkc_ghash_key_init(&key, h);
        pkc_ghash(&key, data, al, data + al, cl, want);

        secret(h, sizeof h);
        secret(data, sizeof data);
        if (canary && (h[3] & 1))
            sink++;
        pkc_ghash_key_init(&key, h);
        pkc_ghash(&key, data, al, data + al, cl, got);
        PUBLIC(got);
        CHECK_MSG(memcmp(got, want, 16) == 0, "%s: one shot, lengths %zu, %zu", name, al, cl);

        /* streaming, in two pieces of each string */
        pkc_ghash_init(&ctx, &key);
        pkc_ghash_update(&ctx, data, al / 2);
        pkc_ghash_update(&ctx, data + al / 2, al - al / 2);
        pkc_ghash_pad(&ctx);
        pkc_ghash_update(&ctx, data + al, cl / 3);
        pkc_ghash_update(&ctx, data + al + cl / 3, cl - cl / 3);
        pkc_ghash_lengths(&ctx, al, cl);
        pkc_ghash_final(&ctx, got);
        PUBLIC(got);
        CHECK_MSG(memcmp(got, want, 16) == 0, "%s: streaming, lengths %zu, %zu", name, al, cl);
        pkc_ghash_key_wipe(&key);
        PUBLIC(h);
        PUBLIC(data);
    }
    printf("%s: %zu length pairs\n", name, sizeof LENS / sizeof LENS[0]);
}

int main(int argc, char **argv)
{
    int first = ctime_args(argc, argv, "test_ghash_ctime");
    if (first < 0)
        return 2;
    static const char *const names[] = {"portable", "clmul", "vpclmul"};
    static const pkc_ghash_impl ids[] = {PKC_GHASH_IMPL_PORTABLE, PKC_GHASH_IMPL_CLMUL,
                                         PKC_GHASH_IMPL_VPCLMUL};
    tu_seed();
    if (first >= argc) {
        run(PKC_GHASH_IMPL_PORTABLE, "portable");
        run(PKC_GHASH_IMPL_CLMUL, "clmul");
        if (!ctime_mode)
            run(PKC_GHASH_IMPL_VPCLMUL, "vpclmul");
    }
    for (int i = first; i < argc; i++) {
        size_t k = 0;
        while (k < 3 && strcmp(argv[i], names[k]) != 0)
            k++;
        if (k == 3) {
            fprintf(stderr, "usage: test_ghash_ctime [--ctime [--canary]] [portable|clmul|vpclmul ...]\n");
            return 2;
        }
        run(ids[k], names[k]);
    }
    pkc_ghash_set_impl(PKC_GHASH_IMPL_AUTO);
    return tu_finish("test_ghash_ctime");
}
