/* pkc derive — elliptic-curve Diffie-Hellman (SEC 1 ECDH, X25519, X448),
 * the raw shared secret as `openssl pkeyutl -derive` writes it. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pkc/ec.h"
#include "pkc/hmac.h"
#include "pkc/key.h"

static void usage_derive(FILE *out)
{
    fprintf(out,
            "usage: pkc derive -i KEY -p PEER_PUB [-o FILE]\n"
            "                  [--kdf hkdf-sha256|hkdf-sha384|hkdf-sha512 [--salt HEX]\n"
            "                  [--info HEX] [--length N]]\n"
            "\n"
            "Elliptic-curve Diffie-Hellman (SEC 1 v2 section 3.3.1, ECSVDP-DH): writes\n"
            "the raw shared secret, the x-coordinate of d*Q (as many bytes as the field),\n"
            "the bytes `openssl pkeyutl -derive` writes. The peer key is fully validated\n"
            "(on the curve, coordinates below p or of degree below m, not the point at\n"
            "infinity; on the binary curves, of cofactor 2 or 4, in the subgroup of prime\n"
            "order n, so a small-order point is refused). Hash the secret before using\n"
            "it as a key: --kdf does, with HKDF (RFC 5869), as `openssl pkeyutl -derive\n"
            "-kdf HKDF -kdflen N -pkeyopt md:SHA256 -pkeyopt hexsalt:... -pkeyopt\n"
            "hexinfo:...` does in two steps (derive, then HKDF of the secret).\n"
            "X25519 and X448 keys (RFC 7748): the 32- or 56-byte shared secret; an\n"
            "all-zero one (a peer key of small order) is refused.\n"
            "\n"
            "Options:\n"
            "  -i, --in KEY          your EC, X25519 or X448 private key (PEM or DER:\n"
            "                        PKCS#8 or SEC 1)\n"
            "  -p, --peer PEER_PUB   the peer's public key (SPKI; a private key works too),\n"
            "                        on the same curve\n"
            "  -o, --out FILE        output file (default: standard output); mode 0600,\n"
            "                        never partial\n"
            "      --kdf KDF         hkdf-sha256, hkdf-sha384 or hkdf-sha512: write HKDF of\n"
            "                        the secret instead of the secret\n"
            "      --salt HEX        HKDF's salt (default: none, i.e. hash-length zeros)\n"
            "      --info HEX        HKDF's info (default: empty)\n"
            "      --length N        bytes of output (default 32; at most 255 hash lengths)\n"
            CLI_HELP_PASSIN
            "  -h, --help            this help\n"
            "\n"
            "Key files are at most 1 MiB, and only one of them may be standard input.\n"
            "OpenSSL's spellings work too: -inkey KEY, -peerkey PEER_PUB, -out FILE.\n"
            "\n"
            "Example:\n"
            "  pkc keygen -t ec -c P-256 -o a.pem && pkc pubkey -i a.pem -o a.pub\n"
            "  pkc keygen -t ec -c P-256 -o b.pem && pkc pubkey -i b.pem -o b.pub\n"
            "  pkc derive -i a.pem -p b.pub -o s1 && pkc derive -i b.pem -p a.pub -o s2\n"
            "  cmp s1 s2\n");
}

/* --kdf: HKDF of the secret (alg 0: the raw secret) */
typedef struct {
    pkc_hash_alg alg;
    uint8_t *salt, *info;
    size_t saltlen, infolen, length;
} derive_kdf;

static int derive_run(const char *in, const char *peerpath, const char *out, const derive_kdf *kdf);

static int cmd_derive(int argc, char **argv)
{
    static const char shortopts[] = ":i:p:o:";
    static const struct option opts[] = {CLI_OPT_IN,
                                         {"peer", required_argument, NULL, 'p'},
                                         CLI_OPT_OUT,
                                         {"kdf", required_argument, NULL, 'K'},
                                         {"salt", required_argument, NULL, 's'},
                                         {"info", required_argument, NULL, 'n'},
                                         {"length", required_argument, NULL, 'L'},
                                         CLI_OPT_PASSIN,
                                         {NULL, 0, NULL, 0}};
    static const cli_spelling spellings[] = {{"-inkey", "--in", NULL},
                                             {"-peerkey", "--peer", NULL},
                                             {"-derive", "", NULL},
                                             CLI_SPELLINGS_KEYFORM,
                                             {NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    const char *in = NULL, *peerpath = NULL, *out = NULL, *salt = NULL, *info = NULL;
    pkc_hash_alg kdf = 0;
    uint64_t length = 32;
    int c, have_length = 0;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 'i': in = optarg; break;
        case 'p': peerpath = optarg; break;
        case 'o': out = optarg; break;
        case 'K':
            if (strcmp(optarg, "hkdf-sha256") == 0)
                kdf = PKC_HASH_SHA256;
            else if (strcmp(optarg, "hkdf-sha384") == 0)
                kdf = PKC_HASH_SHA384;
            else if (strcmp(optarg, "hkdf-sha512") == 0)
                kdf = PKC_HASH_SHA512;
            else
                return cli_usage_error("unknown --kdf '%s' (hkdf-sha256, hkdf-sha384, "
                                       "hkdf-sha512)",
                                       optarg);
            break;
        case 's': salt = optarg; break;
        case 'n': info = optarg; break;
        case 'L':
            if (cli_parse_u64(optarg, 1, 255 * 64, &length) != 0)
                return cli_usage_error("bad --length '%s' (1 .. 255 hash lengths)", optarg);
            have_length = 1;
            break;
        case CLI_OPT_PASSIN_ID: cli_set_passin(optarg); break;
        default: return cli_option_error(c, argv);
        }
    }
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);
    if (!in || !peerpath)
        return cli_usage_error("-i KEY and -p PEER_PUB are required");
    if (!kdf && (salt || info || have_length))
        return cli_usage_error("--salt, --info and --length are options of --kdf");
    if (kdf && length > 255 * pkc_hash_size(kdf))
        return cli_usage_error("--length %llu: HKDF-%s gives at most %zu bytes",
                               (unsigned long long)length, pkc_hash_name(kdf),
                               255 * pkc_hash_size(kdf));
    derive_kdf k = {.alg = kdf, .length = (size_t)length};
    int rc = 0;
    if (salt && cli_parse_hex("--salt", salt, 1 << 16, &k.salt, &k.saltlen))
        rc = CLI_USAGE;
    if (!rc && info && cli_parse_hex("--info", info, 1 << 16, &k.info, &k.infolen))
        rc = CLI_USAGE;
    if (!rc)
        rc = derive_run(in, peerpath, out, &k);
    if (k.salt)
        pkc_secure_free(k.salt, k.saltlen + 1);
    if (k.info)
        pkc_secure_free(k.info, k.infolen + 1);
    return rc;
}

static int derive_run(const char *in, const char *peerpath, const char *out, const derive_kdf *kdf)
{
    const char *inputs[] = {in, peerpath}, *names[] = {"key", "peer key"};
    if (cli_check_stdin(2, inputs, names))
        return CLI_USAGE;
    pkc_key *key = NULL, *peer = NULL;
    int rc = cli_load_key(in, 0, &key);
    if (rc)
        return rc;
    if ((rc = cli_load_key(peerpath, 0, &peer))) {
        pkc_key_free(key);
        return rc;
    }
    uint8_t z[PKC_ECDH_MAX_SIZE];
    size_t zlen = 0;
    pkc_err err = pkc_key_derive(key, peer, z, sizeof z, &zlen);
    uint8_t *okm = NULL;
    if (err == PKC_OK && kdf->alg) {
        okm = malloc(kdf->length);
        err = okm ? pkc_hkdf(kdf->alg, kdf->salt, kdf->saltlen, z, zlen, kdf->info, kdf->infolen,
                             okm, kdf->length)
                  : PKC_ERR_NOMEM;
    }
    if (err == PKC_OK)
        rc = okm ? cli_write_output(out, okm, kdf->length, CLI_OUT_SECRET)
                 : cli_write_output(out, z, zlen, CLI_OUT_SECRET);
    else if (err == PKC_ERR_UNSUPPORTED)
        rc = cli_error(CLI_USAGE, "%s keys do not agree keys (EC, X25519 and X448 keys do)",
                       pkc_key_type_name(key));
    else if (err == PKC_ERR_KEY && !pkc_key_is_private(key))
        rc = cli_error(CLI_USAGE, "%s is a public key; derive needs your private key",
                       cli_input_name(in));
    else if (err == PKC_ERR_KEY)
        rc = cli_error(CLI_USAGE, "the keys are on different curves (%s and %s)",
                       pkc_key_type_name(key), pkc_key_type_name(peer));
    else if (err == PKC_ERR_POINT && pkc_key_get_type(key) != PKC_KEY_EC)
        rc = cli_error(CLI_USAGE, "the shared secret is all zero: the peer's key has small "
                                  "order (RFC 7748 section 6)");
    else if (err == PKC_ERR_POINT)
        rc = cli_error(CLI_USAGE, "invalid peer key or result at infinity");
    else
        rc = cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    pkc_memzero(z, sizeof z);
    if (okm)
        pkc_secure_free(okm, kdf->length);
    pkc_key_free(key);
    pkc_key_free(peer);
    return rc;
}

PKC_CLI_COMMAND(derive, 26, "ECDH, X25519, X448: the shared secret of a key and a peer's key",
                cmd_derive, usage_derive)
