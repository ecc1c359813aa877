/* pkc keygen / pubkey — make a private key, write a key's public half, in
 * the forms OpenSSL reads and writes (PKCS#8 and SubjectPublicKeyInfo, PEM
 * or DER), so key files pass freely between the two.
 *
 * The commands only deal with pkc_key (include/pkc/key.h): the key type is
 * the library's business. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "pkc/curves.h"
#include "pkc/der.h"
#include "pkc/key.h"
#include "pkc/rng.h"

/* --outform / --inform: PEM (text) or DER (binary), any case as OpenSSL. */
static int parse_form(const char *opt, const char *s, int *der)
{
    if (strcasecmp(s, "pem") == 0)
        *der = 0;
    else if (strcasecmp(s, "der") == 0)
        *der = 1;
    else
        return cli_usage_error("bad %s '%s' (pem or der)", opt, s);
    return 0;
}

/* Encodes the key (private or public part) as PEM or DER and writes it. */
/* pass (passlen bytes) non-NULL: the private key encrypted with it
 * (PBES2, iterations rounds of PBKDF2-HMAC-SHA-256, AES-256-CBC) */
static int write_key_encrypted(const pkc_key *key, int der, const char *out, const uint8_t *pass,
                               size_t passlen, uint32_t iterations)
{
    uint8_t *bin = NULL;
    char *pem = NULL;
    size_t len = 0;
    pkc_rng rng;
    pkc_err err = pkc_rng_init_random(&rng, PKC_HASH_SHA256);
    if (err == PKC_OK)
        err = der ? pkc_key_private_to_der_encrypted(key, pass, passlen, &rng, iterations, &bin,
                                                     &len)
                  : pkc_key_private_to_pem_encrypted(key, pass, passlen, &rng, iterations, &pem,
                                                     &len);
    pkc_rng_wipe(&rng);
    if (err)
        return cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    void *buf = der ? (void *)bin : (void *)pem;
    int rc = cli_write_output(out, buf, len, CLI_OUT_SECRET);
    pkc_secure_free(buf, len);
    return rc;
}

static int write_key(const pkc_key *key, int private_part, int der, const char *out)
{
    uint8_t *bin = NULL;
    char *pem = NULL;
    size_t len = 0;
    pkc_err err;
    if (der)
        err = private_part ? pkc_key_private_to_der(key, &bin, &len)
                           : pkc_key_public_to_der(key, &bin, &len);
    else
        err = private_part ? pkc_key_private_to_pem(key, &pem, &len)
                           : pkc_key_public_to_pem(key, &pem, &len);
    if (err)
        return cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    void *buf = der ? (void *)bin : (void *)pem;
    int rc = cli_write_output(out, buf, len, private_part ? CLI_OUT_SECRET : 0);
    pkc_secure_free(buf, len);
    return rc;
}

/* ---- keygen ---- */

static void usage_keygen(FILE *out)
{
    fprintf(out,
            "usage: pkc keygen [-t rsa] [-b BITS] [-e EXP] [-S N] [-o FILE] [--outform FORM]\n"
            "                  [--passout SPEC [--iter N]]\n"
            "       pkc keygen -t ec -c CURVE [-S N] [-o FILE] [--outform FORM]\n"
            "                  [--passout SPEC [--iter N]]\n"
            "\n"
            "Generates a private key and writes it as PKCS#8 (\"PRIVATE KEY\"), the form\n"
            "`openssl genpkey` writes: PEM by default; standard output without -o.\n"
            "RSA keys follow FIPS 186-5 appendix A.1.3 (probable primes).\n"
            "\n"
            "Options:\n"
            "  -t, --type TYPE      rsa (default) or ec (-algorithm RSA|EC works too)\n"
            "  -b, --bits BITS      RSA modulus size, 1024..16384 (default 3072)\n"
            "  -e, --exponent EXP   RSA public exponent, odd, >= 3 (default 65537)\n"
            "  -c, --curve CURVE    EC curve name (see pkc curves)\n"
            "  -S, --seed N         FOR EXPERIMENTS ONLY: draw the key from a DRBG seeded\n"
            "                       with the number N, so the same N always gives the\n"
            "                       same key. Anyone who knows or guesses N has the key:\n"
            "                       never use --seed for a key that protects anything.\n"
            "  -o, --out FILE       write the key to FILE: mode 0600, never partial; a\n"
            "                       device or FIFO is written to, not replaced\n"
            "      --outform FORM   pem (default) or der\n"
            "      --passout SPEC   encrypt the key with a password (pass:TEXT, env:VAR,\n"
            "                       file:PATH or stdin): PKCS#8 \"ENCRYPTED PRIVATE KEY\",\n"
            "                       PBES2 with PBKDF2-HMAC-SHA-256 and AES-256-CBC, what\n"
            "                       `openssl genpkey -aes256` writes (read it back with\n"
            "                       --passin)\n"
            "      --iter N         PBKDF2 rounds for --passout (default 600000)\n"
            "  -h, --help           this help\n"
            "\n"
            "Long options may be written with one dash, as OpenSSL does (-out, -outform).\n"
            "EC keys: d uniform in [1, n-1] (rejection sampling), Q = dG.\n"
            "\n"
            "Examples:\n"
            "  pkc keygen -o key.pem\n"
            "  pkc keygen -t ec -c P-256 -o ec.pem\n"
            "  pkc keygen -t ec -c sect283k1 -o k283.pem    (K-283, a binary curve)\n"
            "  pkc keygen -t rsa -b 4096 -o key4096.pem\n"
            "  pkc keygen -b 2048 --seed 42 | openssl pkey -check -noout\n");
}

static int keygen_write(int ec, pkc_curve_id curve_id, uint64_t bits, uint64_t e, int have_seed,
                        uint64_t seed, int der, const char *out, const uint8_t *pw, size_t pwlen,
                        uint32_t iter);

static int cmd_keygen(int argc, char **argv)
{
    static const char shortopts[] = ":t:b:e:c:S:o:";
    static const struct option opts[] = {
        {"type", required_argument, NULL, 't'},  {"bits", required_argument, NULL, 'b'},
        {"exponent", required_argument, NULL, 'e'}, {"curve", required_argument, NULL, 'c'},
        {"seed", required_argument, NULL, 'S'},  {"out", required_argument, NULL, 'o'},
        {"outform", required_argument, NULL, 'F'}, {"passout", required_argument, NULL, 'P'},
        {"iter", required_argument, NULL, 'n'},     {NULL, 0, NULL, 0}};
    static const cli_spelling spellings[] = {
        {"-algorithm", "--type", NULL},
        {"-aes256", NULL, "give --passout SPEC: pkc encrypts keys with AES-256-CBC"},
        {"-pkeyopt", NULL, "use -b BITS, -e EXP or -c CURVE"},
        {NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    const char *type = "rsa", *out = NULL, *curve = NULL, *passout = NULL;
    uint64_t bits = PKC_RSA_DEFAULT_BITS, e = PKC_RSA_DEFAULT_E, seed = 0, iter = 600000;
    int have_iter = 0;
    int have_seed = 0, have_rsa_opt = 0, der = 0, c;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 't': type = optarg; break;
        case 'b':
            if (cli_parse_u64(optarg, PKC_RSA_MIN_BITS, PKC_RSA_MAX_BITS, &bits) != 0)
                return cli_usage_error("bad -b '%s' (RSA bits: %d..%d)", optarg,
                                       PKC_RSA_MIN_BITS, PKC_RSA_MAX_BITS);
            have_rsa_opt = 1;
            break;
        case 'e':
            if (cli_parse_u64(optarg, 3, UINT64_MAX, &e) != 0 || (e & 1) == 0)
                return cli_usage_error("bad -e '%s' (an odd number >= 3)", optarg);
            have_rsa_opt = 1;
            break;
        case 'c': curve = optarg; break;
        case 'S':
            if (cli_parse_u64(optarg, 0, UINT64_MAX, &seed) != 0)
                return cli_usage_error("bad --seed '%s' (a number)", optarg);
            have_seed = 1;
            break;
        case 'o': out = optarg; break;
        case 'F':
            if (parse_form("--outform", optarg, &der))
                return CLI_USAGE;
            break;
        case 'P': passout = optarg; break;
        case 'n':
            if (cli_parse_u64(optarg, 1, 10000000, &iter) != 0)
                return cli_usage_error("bad --iter '%s' (1..10000000)", optarg);
            have_iter = 1;
            break;
        default: return cli_option_error(c, argv);
        }
    }
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);
    if (have_iter && !passout)
        return cli_usage_error("--iter is for --passout");
    pkc_curve_id curve_id = PKC_CURVE_SECP256R1;
    int ec = strcasecmp(type, "ec") == 0;
    if (ec) {
        if (!curve)
            return cli_usage_error("-t ec needs -c CURVE (see pkc curves)");
        if (pkc_curve_from_name(curve, &curve_id) != PKC_OK)
            return cli_usage_error("unknown curve '%s' (see pkc curves)", curve);
        if (have_rsa_opt)
            return cli_usage_error("-b and -e are for RSA keys");
    } else if (strcasecmp(type, "rsa") != 0)
        return cli_usage_error("unknown key type '%s' (rsa or ec)", type);
    if (!ec && curve)
        return cli_usage_error("-c is for EC keys (-t ec)");

    uint8_t *pw = NULL;
    size_t pwlen = 0;
    if (passout && cli_password_read(passout, &pw, &pwlen))
        return CLI_USAGE;
    int rc = 0;
    if (passout && pwlen == 0)
        rc = cli_usage_error("--passout: an empty password");
    if (!rc)
        rc = keygen_write(ec, curve_id, bits, e, have_seed, seed, der, out, pw, pwlen,
                          (uint32_t)iter);
    if (pw)
        pkc_secure_free(pw, pwlen + 1);
    return rc;
}

/* the key, generated and written (plain or encrypted with pw) */
static int keygen_write(int ec, pkc_curve_id curve_id, uint64_t bits, uint64_t e, int have_seed,
                        uint64_t seed, int der, const char *out, const uint8_t *pw, size_t pwlen,
                        uint32_t iter)
{
    pkc_rng rng;
    pkc_err err = have_seed ? pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed)
                            : pkc_rng_init_random(&rng, PKC_HASH_SHA256);
    if (err)
        return cli_error(CLI_USAGE, "the random source failed");
    pkc_key *key = NULL;
    err = ec ? pkc_key_generate_ec(&key, curve_id, &rng)
             : pkc_key_generate_rsa(&key, (unsigned)bits, e, &rng);
    pkc_rng_wipe(&rng);
    if (err)
        return cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    int rc = pw ? write_key_encrypted(key, der, out, pw, pwlen, iter) : write_key(key, 1, der, out);
    pkc_key_free(key);
    return rc;
}

PKC_CLI_COMMAND(keygen, 20, "generate a private key (RSA or EC; PKCS#8 PEM)", cmd_keygen,
                usage_keygen)

/* ---- pubkey ---- */

static void usage_pubkey(FILE *out)
{
    fprintf(out,
            "usage: pkc pubkey [-i KEY] [-o FILE] [--outform pem|der]\n"
            "\n"
            "Writes the public key of KEY (a private or public key, PEM or DER,\n"
            "PKCS#1, PKCS#8, SEC 1 or SubjectPublicKeyInfo) as SubjectPublicKeyInfo\n"
            "(\"PUBLIC KEY\"), PEM by default, like `openssl pkey -pubout`.\n"
            "\n"
            "Options:\n"
            "  -i, --in KEY         the key (default: standard input; at most 1 MiB)\n"
            "  -o, --out FILE       output file (default: standard output); mode from\n"
            "                       the umask, never partial; a device or FIFO is\n"
            "                       written to, not replaced\n"
            "      --outform FORM   pem (default) or der\n"
            "      --inform FORM    accepted for OpenSSL's sake and not needed: the form\n"
            "                       of KEY is read from its content\n"
            CLI_HELP_PASSIN
            "  -h, --help           this help\n"
            "\n"
            "OpenSSL's spellings work too: -in, -out, -inform, -outform, and -pubin and\n"
            "-pubout, which change nothing.\n"
            "\n"
            "Example:\n"
            "  pkc keygen -o key.pem && pkc pubkey -i key.pem -o pub.pem\n"
            "  pkc pubkey -in key.pem -outform DER -out pub.der\n");
}

static int cmd_pubkey(int argc, char **argv)
{
    static const char shortopts[] = ":i:o:";
    static const struct option opts[] = {{"in", required_argument, NULL, 'i'},
                                         {"out", required_argument, NULL, 'o'},
                                         {"outform", required_argument, NULL, 'F'},
                                         {"inform", required_argument, NULL, 'I'},
                                         CLI_OPT_PASSIN,
                                         {NULL, 0, NULL, 0}};
    static const cli_spelling spellings[] = {
        {"-pubin", "", NULL}, {"-pubout", "", NULL}, {NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    const char *in = NULL, *out = NULL;
    int c, der = 0, in_der;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 'i': in = optarg; break;
        case 'o': out = optarg; break;
        case 'F':
            if (parse_form("--outform", optarg, &der))
                return CLI_USAGE;
            break;
        case 'I':
            if (parse_form("--inform", optarg, &in_der))
                return CLI_USAGE;
            break;
        case CLI_OPT_PASSIN_ID: cli_set_passin(optarg); break;
        default: return cli_option_error(c, argv);
        }
    }
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);
    pkc_key *key = NULL;
    /* only converted, never used: a weak key may be looked at */
    int rc = cli_load_key(in, 1, &key);
    if (rc)
        return rc;
    rc = write_key(key, 0, der, out);
    pkc_key_free(key);
    return rc;
}

PKC_CLI_COMMAND(pubkey, 21, "write the public key (SubjectPublicKeyInfo PEM)", cmd_pubkey,
                usage_pubkey)
