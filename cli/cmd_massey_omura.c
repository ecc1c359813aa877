/* pkc massey-omura — the Massey-Omura three-pass protocol played by both
 * parties in one process (include/pkc/massey_omura.h): the message is
 * Koblitz-encoded (include/pkc/koblitz.h), locked by Alice, by Bob,
 * unlocked by Alice, by Bob; Bob's result must be the message. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pkc/der.h"
#include "pkc/koblitz.h"
#include "pkc/massey_omura.h"

static void usage_massey_omura(FILE *out)
{
    fprintf(out,
            "usage: pkc massey-omura [-c CURVE] [-v] [-S SEED] [-o OUT] [FILE]\n"
            "\n"
            "Plays the Massey-Omura three-pass protocol on curve points, Alice and Bob\n"
            "in one process: FILE (standard input without FILE; at most 64 KiB) is\n"
            "split into blocks of field_bytes - 2 bytes, each Koblitz-encoded as a\n"
            "point M; Alice and Bob pick fresh secret exponents e_A, e_B in [1, n-1];\n"
            "  pass 1  Alice -> Bob    C1 = e_A M\n"
            "  pass 2  Bob -> Alice    C2 = e_B C1\n"
            "  pass 3  Alice -> Bob    C3 = e_A^-1 C2\n"
            "  Bob                     M  = e_B^-1 C3\n"
            "and checks that Bob recovers the message (exit 0; 1 if he does not).\n"
            "Every point received is validated (on the curve, in the subgroup).\n"
            "\n"
            "It authenticates nobody: anyone on the channel can play Bob to Alice.\n"
            "Each exponent must be secret, random and used for one message only.\n"
            "\n"
            "Options:\n"
            "  -c, --curve CURVE  any curve of `pkc curves` (default secp256r1)\n"
            "  -v, --verbose      print the transcript: each block's M, C1, C2, C3 as\n"
            "                     compressed SEC 1 points in hex, on standard error\n"
            "  -S, --seed SEED    exponents from a fixed-seed DRBG (a reproducible\n"
            "                     transcript; never for real secrets)\n"
            "  -o, --out OUT      write the message Bob recovered (mode 0600, never\n"
            "                     partial); without -o only the verdict is printed\n"
            "  -h, --help         this help\n"
            "\n"
            "Example:\n"
            "  echo 'attack at dawn' | pkc massey-omura -c secp224r1 -v\n");
}

#define MO_MAX_MSG (64u << 10)

static void print_point(const char *label, size_t block, const pkc_ec_point *p)
{
    uint8_t enc[1 + PKC_EC_MAX_FIELD_BYTES];
    size_t len = 0;
    if (pkc_ec_point_encode(p, 1, enc, sizeof enc, &len) != PKC_OK)
        return;
    fprintf(stderr, "block %zu %-3s ", block, label);
    for (size_t i = 0; i < len; i++)
        fprintf(stderr, "%02x", enc[i]);
    fputc('\n', stderr);
}

/* one block through the three passes; 0, or the library's error */
static pkc_err three_passes(const pkc_ec_point *M, pkc_ec_point *bob, pkc_curve_id curve,
                            pkc_rng *rng, int verbose, size_t block)
{
    pkc_mo_key a, b;
    pkc_ec_point c1, c2, c3;
    pkc_err err = pkc_mo_key_generate(&a, curve, rng);
    if (err == PKC_OK)
        err = pkc_mo_key_generate(&b, curve, rng);
    if (err == PKC_OK)
        err = pkc_mo_lock(&a, M, &c1);
    if (err == PKC_OK)
        err = pkc_mo_lock(&b, &c1, &c2);
    if (err == PKC_OK)
        err = pkc_mo_unlock(&a, &c2, &c3);
    if (err == PKC_OK)
        err = pkc_mo_unlock(&b, &c3, bob);
    if (err == PKC_OK && verbose) {
        print_point("M", block, M);
        print_point("C1", block, &c1);
        print_point("C2", block, &c2);
        print_point("C3", block, &c3);
    }
    pkc_mo_key_wipe(&a);
    pkc_mo_key_wipe(&b);
    return err;
}

static int cmd_massey_omura(int argc, char **argv)
{
    static const char shortopts[] = ":c:vS:o:";
    static const struct option opts[] = {{"curve", required_argument, NULL, 'c'},
                                         {"verbose", no_argument, NULL, 'v'},
                                         {"seed", required_argument, NULL, 'S'},
                                         CLI_OPT_OUT,
                                         {NULL, 0, NULL, 0}};
    static const cli_spelling spellings[] = {{NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    const char *out = NULL;
    pkc_curve_id curve = PKC_CURVE_SECP256R1;
    uint64_t seed = 0;
    int verbose = 0, have_seed = 0, c;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 'c':
            if (pkc_curve_from_name(optarg, &curve) != PKC_OK)
                return cli_usage_error("unknown curve '%s' (see pkc curves)", optarg);
            break;
        case 'v': verbose = 1; break;
        case 'S':
            if (cli_parse_u64(optarg, 0, UINT64_MAX, &seed) != 0)
                return cli_usage_error("bad --seed '%s' (a number)", optarg);
            have_seed = 1;
            break;
        case 'o': out = optarg; break;
        default: return cli_option_error(c, argv);
        }
    }
    if (argc - optind > 1)
        return cli_usage_error("one FILE at most");
    const char *file = optind < argc ? argv[optind] : NULL;
    uint8_t *msg = NULL;
    size_t len = 0;
    int rc = cli_read_input("message", file, MO_MAX_MSG, "64 KiB", &msg, &len);
    if (rc)
        return rc;
    size_t np = pkc_koblitz_msg_points(curve, len), bb = pkc_koblitz_block_bytes(curve);
    pkc_ec_point *pts = calloc(np, sizeof *pts), *bob = calloc(np, sizeof *bob);
    uint8_t *back = malloc(np * bb);
    pkc_rng rng;
    pkc_err err = PKC_ERR_NOMEM;
    if (pts && bob && back) {
        err = have_seed ? pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed)
                        : pkc_rng_init_random(&rng, PKC_HASH_SHA256);
        if (err == PKC_OK) {
            err = pkc_koblitz_encode_msg_var(pts, np, &np, curve, msg, len);
            for (size_t i = 0; i < np && err == PKC_OK; i++)
                err = three_passes(&pts[i], &bob[i], curve, &rng, verbose, i);
            pkc_rng_wipe(&rng);
        }
    }
    size_t blen = 0;
    if (err == PKC_OK) {
        pkc_err d = pkc_koblitz_decode_msg(bob, np, back, np * bb, &blen);
        if (d != PKC_OK || blen != len || memcmp(back, msg, len) != 0) {
            rc = cli_error(1, "Bob did not recover the message");
        } else {
            if (out)
                rc = cli_write_output(out, back, blen, CLI_OUT_SECRET);
            if (!rc)
                printf("massey-omura on %s: %zu bytes in %zu block%s of %zu bytes, three passes "
                       "each; Bob recovered the message\n",
                       pkc_curve_info_get(curve)->name, len, np, np == 1 ? "" : "s", bb);
        }
    } else {
        rc = cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    }
    free(pts);
    free(bob);
    if (back)
        pkc_secure_free(back, np * bb);
    pkc_secure_free(msg, len);
    return rc;
}

PKC_CLI_COMMAND_NAMED(massey_omura, "massey-omura", 27,
                      "the Massey-Omura three-pass protocol on a curve, both parties",
                      cmd_massey_omura, usage_massey_omura)
