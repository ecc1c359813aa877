/* pkc keygen / pubkey — make a private key, write a key's public half, in
 * the forms OpenSSL reads and writes (PKCS#8 and SubjectPublicKeyInfo, PEM
 * or DER), so key files pass freely between the two.
 *
 * The commands only deal with pkc_key (include/pkc/key.h): the key type is
 * the library's business. */
#include <ctype.h>
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

/* How a key is written: PEM or DER; the container (private keys: PKCS#8,
 * SEC 1 for EC, PKCS#1 for RSA; public keys: SubjectPublicKeyInfo or
 * PKCS#1 RSAPublicKey); EC points compressed or not; a private key
 * encrypted with a password (PKCS#8 PBES2). */
enum { FORMAT_PKCS8 = 0, FORMAT_SEC1, FORMAT_PKCS1 };
typedef struct {
    int der;
    int format;
    int compressed;
    const uint8_t *pw; /* non-NULL: encrypt (pwlen bytes, iterations rounds) */
    size_t pwlen;
    uint32_t iterations;
} key_form;

static int parse_format(const char *s, int *format)
{
    static const char *const names[] = {"pkcs8", "sec1", "pkcs1"};
    for (int i = 0; i < 3; i++)
        if (strcasecmp(s, names[i]) == 0) {
            *format = i;
            return 0;
        }
    if (strcasecmp(s, "spki") == 0) { /* the public keys' PKCS#8 counterpart */
        *format = FORMAT_PKCS8;
        return 0;
    }
    return cli_usage_error("bad --format '%s' (pkcs8 or spki, sec1 for EC keys, pkcs1 for RSA "
                           "keys)",
                           s);
}

static int parse_point(const char *s, int *compressed)
{
    if (strcmp(s, "compressed") == 0)
        *compressed = 1;
    else if (strcmp(s, "uncompressed") == 0)
        *compressed = 0;
    else
        return cli_usage_error("bad --point '%s' (compressed or uncompressed)", s);
    return 0;
}

/* DER of the key in the form asked; *label gets the PEM label */
static pkc_err encode_key(const pkc_key *key, int private_part, const key_form *f, uint8_t **der,
                          size_t *len, const char **label)
{
    if (private_part && f->pw) {
        pkc_rng rng;
        pkc_err err = pkc_rng_init_random(&rng, PKC_HASH_SHA256);
        if (err == PKC_OK)
            err = pkc_key_private_to_der_encrypted(key, f->pw, f->pwlen, &rng, f->iterations, der,
                                                   len);
        pkc_rng_wipe(&rng);
        *label = "ENCRYPTED PRIVATE KEY";
        return err;
    }
    if (private_part && f->format == FORMAT_SEC1) {
        *label = "EC PRIVATE KEY";
        return pkc_ec_private_key_to_der(pkc_key_ec_private(key), PKC_EC_FORMAT_SEC1, der, len);
    }
    if (private_part && f->format == FORMAT_PKCS1) {
        *label = "RSA PRIVATE KEY";
        return pkc_rsa_private_to_pkcs1(pkc_key_rsa(key), der, len);
    }
    if (private_part) {
        *label = "PRIVATE KEY";
        return pkc_key_private_to_der(key, der, len);
    }
    if (f->format == FORMAT_PKCS1) {
        *label = "RSA PUBLIC KEY";
        return pkc_rsa_public_to_pkcs1(pkc_key_rsa(key), der, len);
    }
    *label = "PUBLIC KEY";
    if (pkc_key_get_type(key) == PKC_KEY_EC && f->compressed)
        return pkc_ec_public_key_to_der(pkc_key_ec_public(key), 1, der, len);
    return pkc_key_public_to_der(key, der, len);
}

/* The form must suit the key: SEC 1 and --point for EC, PKCS#1 for RSA,
 * a password for PKCS#8 only. 0 or CLI_USAGE. */
static int check_key_form(const pkc_key *key, int private_part, const key_form *f)
{
    int rsa = pkc_key_get_type(key) == PKC_KEY_RSA, ec = pkc_key_get_type(key) == PKC_KEY_EC;
    if (f->format == FORMAT_SEC1 && (!ec || !private_part))
        return cli_usage_error("--format sec1 is for EC private keys (a public key is SPKI)");
    if (f->format == FORMAT_PKCS1 && !rsa)
        return cli_usage_error("--format pkcs1 is for RSA keys");
    if (f->compressed && !ec)
        return cli_usage_error("--point is for EC keys");
    if (f->pw && f->format != FORMAT_PKCS8)
        return cli_usage_error("a password encrypts PKCS#8 keys only (--format pkcs8)");
    return 0;
}

/* Encodes the key (private or public part) as the form says and writes it. */
static int write_key(const pkc_key *key, int private_part, const key_form *f, const char *out)
{
    int rc = check_key_form(key, private_part, f);
    if (rc)
        return rc;
    uint8_t *der = NULL;
    size_t len = 0;
    const char *label = NULL;
    pkc_err err = encode_key(key, private_part, f, &der, &len, &label);
    if (err)
        return cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    char *pem = NULL;
    size_t pemlen = 0;
    if (!f->der) {
        err = pkc_pem_encode(label, der, len, &pem, &pemlen);
        pkc_secure_free(der, len);
        if (err)
            return cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    }
    void *buf = f->der ? (void *)der : (void *)pem;
    size_t buflen = f->der ? len : pemlen;
    rc = cli_write_output(out, buf, buflen, private_part ? CLI_OUT_SECRET : 0);
    pkc_secure_free(buf, buflen);
    return rc;
}

/* ---- keygen ---- */

/* -t TYPE: the names of `openssl genpkey -algorithm`, any case */
static pkc_key_type key_type_from_name(const char *name)
{
    static const struct {
        const char *name;
        pkc_key_type type;
    } names[] = {{"rsa", PKC_KEY_RSA},         {"ec", PKC_KEY_EC},
                 {"x25519", PKC_KEY_X25519},   {"ed25519", PKC_KEY_ED25519},
                 {"x448", PKC_KEY_X448},       {"ed448", PKC_KEY_ED448}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(name, names[i].name) == 0)
            return names[i].type;
    return PKC_KEY_NONE;
}

static void usage_keygen(FILE *out)
{
    fprintf(out,
            "usage: pkc keygen [-t rsa] [-b BITS] [-e EXP] [-S N] [-o FILE] [--outform FORM]\n"
            "                  [--passout SPEC [--iter N]]\n"
            "       pkc keygen -t ec -c CURVE [-S N] [-o FILE] [--outform FORM]\n"
            "                  [--passout SPEC [--iter N]]\n"
            "       pkc keygen -t x25519|ed25519|x448|ed448 [-S N] [-o FILE] [--outform FORM]\n"
            "                  [--passout SPEC [--iter N]]\n"
            "\n"
            "Generates a private key and writes it as PKCS#8 (\"PRIVATE KEY\"), the form\n"
            "`openssl genpkey` writes: PEM by default; standard output without -o.\n"
            "RSA keys follow FIPS 186-5 appendix A.1.3 (probable primes); X25519/X448\n"
            "(RFC 7748) and Ed25519/Ed448 (RFC 8032) keys are PKCS#8 as RFC 8410 says.\n"
            "\n"
            "Options:\n"
            "  -t, --type TYPE      rsa (default), ec, x25519, ed25519, x448 or ed448\n"
            "                       (-algorithm RSA|EC|X25519|ED25519|X448|ED448 works too)\n"
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
            "      --format F       pkcs8 (default), sec1 (EC: \"EC PRIVATE KEY\", as\n"
            "                       `openssl ecparam -genkey`) or pkcs1 (RSA: \"RSA PRIVATE\n"
            "                       KEY\", as `openssl genrsa -traditional`)\n"
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
            "  pkc keygen -t ed25519 -o ed.pem\n"
            "  pkc keygen -b 2048 --seed 42 | openssl pkey -check -noout\n");
}

static int keygen_write(pkc_key_type type, pkc_curve_id curve_id, uint64_t bits, uint64_t e, int have_seed,
                        uint64_t seed, int der, int format, const char *out, const uint8_t *pw,
                        size_t pwlen, uint32_t iter);

static int cmd_keygen(int argc, char **argv)
{
    static const char shortopts[] = ":t:b:e:c:S:o:";
    static const struct option opts[] = {
        {"type", required_argument, NULL, 't'},  {"bits", required_argument, NULL, 'b'},
        {"exponent", required_argument, NULL, 'e'}, {"curve", required_argument, NULL, 'c'},
        {"seed", required_argument, NULL, 'S'},  CLI_OPT_OUT,
        {"outform", required_argument, NULL, 'F'}, {"passout", required_argument, NULL, 'P'},
        {"iter", required_argument, NULL, 'n'},     {"format", required_argument, NULL, 'f'},
        {NULL, 0, NULL, 0}};
    static const cli_spelling spellings[] = {
        {"-algorithm", "--type", NULL},
        {"-aes256", NULL, "give --passout SPEC: pkc encrypts keys with AES-256-CBC"},
        {"-pkeyopt", NULL, "use -b BITS, -e EXP or -c CURVE"},
        {NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    const char *type = "rsa", *out = NULL, *curve = NULL, *passout = NULL;
    uint64_t bits = PKC_RSA_DEFAULT_BITS, e = PKC_RSA_DEFAULT_E, seed = 0, iter = 600000;
    int have_iter = 0, format = FORMAT_PKCS8;
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
        case 'f':
            if (parse_format(optarg, &format))
                return CLI_USAGE;
            break;
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
    pkc_key_type key_type = key_type_from_name(type);
    int ec = key_type == PKC_KEY_EC;
    if (key_type == PKC_KEY_NONE)
        return cli_usage_error("unknown key type '%s' (rsa, ec, x25519, ed25519, x448 or ed448)",
                               type);
    if (key_type != PKC_KEY_RSA && have_rsa_opt)
        return cli_usage_error("-b and -e are for RSA keys");
    if (ec) {
        if (!curve)
            return cli_usage_error("-t ec needs -c CURVE (see pkc curves)");
        if (pkc_curve_from_name(curve, &curve_id) != PKC_OK)
            return cli_usage_error("unknown curve '%s' (see pkc curves)", curve);
    }
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
        rc = keygen_write(key_type, curve_id, bits, e, have_seed, seed, der, format, out, pw, pwlen,
                          (uint32_t)iter);
    if (pw)
        pkc_secure_free(pw, pwlen + 1);
    return rc;
}

/* the key, generated and written (plain or encrypted with pw) */
static int keygen_write(pkc_key_type type, pkc_curve_id curve_id, uint64_t bits, uint64_t e, int have_seed,
                        uint64_t seed, int der, int format, const char *out, const uint8_t *pw,
                        size_t pwlen, uint32_t iter)
{
    pkc_rng rng;
    pkc_err err = have_seed ? pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed)
                            : pkc_rng_init_random(&rng, PKC_HASH_SHA256);
    if (err)
        return cli_error(CLI_USAGE, "the random source failed");
    pkc_key *key = NULL;
    err = type == PKC_KEY_EC    ? pkc_key_generate_ec(&key, curve_id, &rng)
          : type == PKC_KEY_RSA ? pkc_key_generate_rsa(&key, (unsigned)bits, e, &rng)
                                : pkc_key_generate_ecx(&key, type, &rng);
    pkc_rng_wipe(&rng);
    if (err)
        return cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    key_form f = {.der = der, .format = format, .pw = pw, .pwlen = pwlen, .iterations = iter};
    int rc = write_key(key, 1, &f, out);
    pkc_key_free(key);
    return rc;
}

PKC_CLI_COMMAND(keygen, 20, "generate a private key (RSA, EC, X/Ed25519, X/Ed448; PKCS#8 PEM)", cmd_keygen,
                usage_keygen)

/* ---- pubkey ---- */

static void usage_pubkey(FILE *out)
{
    fprintf(out,
            "usage: pkc pubkey [-i KEY] [-o FILE] [--outform pem|der] [--format spki|pkcs1]\n"
            "                  [--point compressed|uncompressed]\n"
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
            "      --format F       spki (default: SubjectPublicKeyInfo, \"PUBLIC KEY\") or,\n"
            "                       for RSA, pkcs1 (\"RSA PUBLIC KEY\", as `openssl rsa\n"
            "                       -RSAPublicKey_out`)\n"
            "      --point P        EC: uncompressed (default) or compressed (02/03 || x,\n"
            "                       as `openssl ec -conv_form compressed`)\n"
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
    static const struct option opts[] = {CLI_OPT_IN,
                                         CLI_OPT_OUT,
                                         {"outform", required_argument, NULL, 'F'},
                                         {"inform", required_argument, NULL, 'I'},
                                         {"format", required_argument, NULL, 'f'},
                                         {"point", required_argument, NULL, 'P'},
                                         CLI_OPT_PASSIN,
                                         {NULL, 0, NULL, 0}};
    static const cli_spelling spellings[] = {
        {"-pubin", "", NULL}, {"-pubout", "", NULL}, {NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    const char *in = NULL, *out = NULL;
    int c, der = 0, in_der;
    key_form f = {0};
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 'i': in = optarg; break;
        case 'o': out = optarg; break;
        case 'f':
            if (parse_format(optarg, &f.format))
                return CLI_USAGE;
            break;
        case 'P':
            if (parse_point(optarg, &f.compressed))
                return CLI_USAGE;
            break;
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
    f.der = der;
    rc = write_key(key, 0, &f, out);
    pkc_key_free(key);
    return rc;
}

PKC_CLI_COMMAND(pubkey, 21, "write the public key (SubjectPublicKeyInfo PEM)", cmd_pubkey,
                usage_pubkey)

/* ---- key (pkey): inspect and convert ---- */

static void usage_key(FILE *out)
{
    fprintf(out,
            "usage: pkc key [-i KEY] [--text] [--noout] [--pubout] [-o FILE]\n"
            "               [--outform pem|der] [--format pkcs8|sec1|pkcs1|spki]\n"
            "               [--point compressed|uncompressed] [--passin SPEC]\n"
            "               [--passout SPEC [--iter N]]\n"
            "\n"
            "Reads a key (private or public; any form pkc reads, encrypted PKCS#8 with\n"
            "--passin) and writes it again, as `openssl pkey` does: in another form\n"
            "(--format, --outform, --point), encrypted or not (--passout), or its\n"
            "public half (--pubout). With --text, first a description on standard\n"
            "output: the type and size, the public point or the modulus and exponent,\n"
            "the private components of a private key (as `openssl pkey -text`), and\n"
            "for an EC key its curve's parameters p (or the reduction polynomial), a,\n"
            "b, G, n and h.\n"
            "\n"
            "Options:\n"
            "  -i, --in KEY         the key (default: standard input; at most 1 MiB)\n"
            "  -o, --out FILE       where the key goes (default: standard output); a\n"
            "                       private key gets mode 0600, never partial\n"
            "      --text           describe the key\n"
            "      --noout          do not write the key (with --text: only the text)\n"
            "      --pubout         write the public key (SPKI, or PKCS#1 with --format)\n"
            "      --outform FORM   pem (default) or der\n"
            "      --format F       private: pkcs8 (default), sec1 (EC), pkcs1 (RSA);\n"
            "                       public: spki (default), pkcs1 (RSA)\n"
            "      --point P        EC public keys and --text: uncompressed (default) or\n"
            "                       compressed\n"
            CLI_HELP_PASSIN
            "      --passout SPEC   encrypt the private key (PKCS#8 PBES2, as keygen)\n"
            "      --iter N         PBKDF2 rounds for --passout (default 600000)\n"
            "  -h, --help           this help\n"
            "\n"
            "`pkc pkey` is the same command. OpenSSL's spellings work too: -in, -out,\n"
            "-text, -noout, -pubout, -outform, -passin, -passout.\n"
            "\n"
            "Examples:\n"
            "  pkc key -i key.pem --text --noout\n"
            "  pkc key -i key.pem --format sec1 -o key-sec1.pem\n"
            "  pkc key -i key.pem --passout env:PW -o key-encrypted.pem\n"
            "  pkc key -i ec.pem --pubout --point compressed --outform der -o pub.der\n");
}

/* "    xx:xx:...:xx" lines of 15 bytes, as OpenSSL prints numbers; a leading
 * 00 when the top bit is set (OpenSSL prints the value as signed) */
static void print_bytes(const char *title, const uint8_t *b, size_t n, int as_number)
{
    size_t skip = 0;
    while (as_number && skip + 1 < n && b[skip] == 0)
        skip++;
    if (as_number && n - skip <= 7) { /* small: on the line, as OpenSSL */
        unsigned long long v = 0;
        for (size_t i = skip; i < n; i++)
            v = v << 8 | b[i];
        if (v == 0)
            printf("%s:    0\n", title);
        else
            printf("%s:    %llu (0x%llx)\n", title, v, v);
        return;
    }
    printf("%s:\n", title);
    int lead = as_number && n > skip && (b[skip] & 0x80);
    size_t col = 0;
    printf("    ");
    if (lead) {
        printf("00:");
        col = 1;
    }
    for (size_t i = skip; i < n; i++) {
        printf("%02x%s", b[i], i + 1 < n ? ":" : "");
        if (++col == 15 && i + 1 < n) {
            printf("\n    ");
            col = 0;
        }
    }
    printf("\n");
}

static void print_curve(const pkc_curve_info *ci)
{
    size_t fb = ci->field_bytes;
    printf("ASN1 OID: %s\n", ci->openssl_name);
    if (ci->nist_name)
        printf("NIST CURVE: %s\n", ci->nist_name);
    printf("Curve parameters:\n");
    printf("Field Type: %s\n", ci->field == PKC_FIELD_BINARY ? "characteristic-two-field"
                                                              : "prime-field");
    if (ci->field == PKC_FIELD_BINARY) {
        printf("Basis Type: ppBasis\n");
        print_bytes("Polynomial", ci->p, fb, 1);
    } else {
        print_bytes("Prime", ci->p, fb, 1);
    }
    print_bytes("A", ci->a, fb, 1);
    print_bytes("B", ci->b, fb, 1);
    uint8_t g[PKC_EC_MAX_POINT_BYTES];
    g[0] = 0x04;
    memcpy(g + 1, ci->gx, fb);
    memcpy(g + 1 + fb, ci->gy, fb);
    print_bytes("Generator (uncompressed)", g, 1 + 2 * fb, 0);
    print_bytes("Order", ci->n, ci->order_bytes, 1);
    printf("Cofactor: %u (0x%x)\n", ci->cofactor, ci->cofactor);
}

static int print_ec(const pkc_key *key, int priv, int compressed)
{
    const pkc_ec_public_key *pub = pkc_key_ec_public(key);
    const pkc_curve_info *ci = pkc_curve_info_get(pub->curve);
    printf("%s-Key: (%u bit)\n", priv ? "Private" : "Public", ci->order_bits);
    if (priv) {
        uint8_t d[PKC_EC_MAX_ORDER_BYTES];
        size_t dl = 0;
        if (pkc_ec_private_key_to_bytes(pkc_key_ec_private(key), d, sizeof d, &dl) != PKC_OK)
            return cli_error(CLI_USAGE, "the private key cannot be read");
        print_bytes("priv", d, dl, 0); /* an octet string of order_bytes, as OpenSSL */
        pkc_memzero(d, sizeof d);
    }
    uint8_t q[PKC_EC_MAX_POINT_BYTES];
    size_t ql = 0;
    if (pkc_ec_point_encode(pub, compressed, q, sizeof q, &ql) != PKC_OK)
        return cli_error(CLI_USAGE, "the public point cannot be encoded");
    print_bytes("pub", q, ql, 0);
    print_curve(ci);
    return 0;
}

/* OpenSSL's layout for these keys: "ED25519 Private-Key:", priv:, pub: */
static int print_ecx(const pkc_key *key, int priv)
{
    char name[16];
    size_t i, n = 0, pn = 0;
    const char *tn = pkc_key_type_name(key);
    for (i = 0; tn[i] && i + 1 < sizeof name; i++)
        name[i] = (char)toupper((unsigned char)tn[i]);
    name[i] = '\0';
    printf("%s %s-Key:\n", name, priv ? "Private" : "Public");
    const uint8_t *raw = pkc_key_ecx_private(key, &n);
    if (priv && raw)
        print_bytes("priv", raw, n, 0);
    raw = pkc_key_ecx_public(key, &pn);
    print_bytes("pub", raw, pn, 0);
    return 0;
}

static int print_rsa(const pkc_key *key, int priv)
{
    static const struct {
        pkc_rsa_part part;
        const char *title;
    } parts[] = {{PKC_RSA_N, "modulus"},        {PKC_RSA_D, "privateExponent"},
                 {PKC_RSA_P, "prime1"},         {PKC_RSA_Q, "prime2"},
                 {PKC_RSA_DP, "exponent1"},     {PKC_RSA_DQ, "exponent2"},
                 {PKC_RSA_QINV, "coefficient"}};
    const pkc_rsa_key *rsa = pkc_key_rsa(key);
    size_t k = pkc_rsa_size(rsa);
    uint8_t *b = malloc(k + 1);
    if (!b)
        return cli_error(CLI_USAGE, "out of memory");
    /* OpenSSL's two layouts: "Private-Key: (N bit, 2 primes)", modulus,
     * publicExponent, ...; "Public-Key: (N bit)", Modulus, Exponent */
    if (priv)
        printf("Private-Key: (%u bit, 2 primes)\n", pkc_rsa_bits(rsa));
    else
        printf("Public-Key: (%u bit)\n", pkc_rsa_bits(rsa));
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        size_t len = 0;
        if (i > 0 && !priv)
            break;
        if (pkc_rsa_get(rsa, parts[i].part, b, k, &len) == PKC_OK)
            print_bytes(priv ? parts[i].title : "Modulus", b, len, 1);
        if (i == 0) {
            uint8_t e[16];
            size_t el = 0;
            unsigned long long ev = 0;
            if (pkc_rsa_get(rsa, PKC_RSA_E, e, sizeof e, &el) == PKC_OK && el <= 8) {
                for (size_t j = 0; j < el; j++)
                    ev = ev << 8 | e[j];
                printf("%s: %llu (0x%llx)\n", priv ? "publicExponent" : "Exponent", ev, ev);
            } else {
                printf("%s: (more than 64 bits)\n", priv ? "publicExponent" : "Exponent");
            }
        }
    }
    pkc_secure_free(b, k + 1);
    return 0;
}

static int cmd_key(int argc, char **argv)
{
    static const char shortopts[] = ":i:o:";
    enum { O_TEXT = 300, O_NOOUT, O_PUBOUT, O_OUTFORM, O_INFORM, O_FORMAT, O_POINT, O_PASSOUT,
           O_ITER };
    static const struct option opts[] = {CLI_OPT_IN,
                                         CLI_OPT_OUT,
                                         {"text", no_argument, NULL, O_TEXT},
                                         {"noout", no_argument, NULL, O_NOOUT},
                                         {"pubout", no_argument, NULL, O_PUBOUT},
                                         {"outform", required_argument, NULL, O_OUTFORM},
                                         {"inform", required_argument, NULL, O_INFORM},
                                         {"format", required_argument, NULL, O_FORMAT},
                                         {"point", required_argument, NULL, O_POINT},
                                         {"passout", required_argument, NULL, O_PASSOUT},
                                         {"iter", required_argument, NULL, O_ITER},
                                         CLI_OPT_PASSIN,
                                         {NULL, 0, NULL, 0}};
    static const cli_spelling spellings[] = {{"-pubin", "", NULL}, {NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    const char *in = NULL, *out = NULL, *passout = NULL;
    int c, text = 0, noout = 0, pubout = 0, in_der, have_iter = 0;
    uint64_t iter = 600000;
    key_form f = {0};
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 'i': in = optarg; break;
        case 'o': out = optarg; break;
        case O_TEXT: text = 1; break;
        case O_NOOUT: noout = 1; break;
        case O_PUBOUT: pubout = 1; break;
        case O_OUTFORM:
            if (parse_form("--outform", optarg, &f.der))
                return CLI_USAGE;
            break;
        case O_INFORM:
            if (parse_form("--inform", optarg, &in_der))
                return CLI_USAGE;
            break;
        case O_FORMAT:
            if (parse_format(optarg, &f.format))
                return CLI_USAGE;
            break;
        case O_POINT:
            if (parse_point(optarg, &f.compressed))
                return CLI_USAGE;
            break;
        case O_PASSOUT: passout = optarg; break;
        case O_ITER:
            if (cli_parse_u64(optarg, 1, 10000000, &iter) != 0)
                return cli_usage_error("bad --iter '%s' (1..10000000)", optarg);
            have_iter = 1;
            break;
        case CLI_OPT_PASSIN_ID: cli_set_passin(optarg); break;
        default: return cli_option_error(c, argv);
        }
    }
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);
    if (have_iter && !passout)
        return cli_usage_error("--iter is for --passout");
    if (noout && (out || passout))
        return cli_usage_error("--noout writes no key: -o and --passout do not apply");
    pkc_key *key = NULL;
    int rc = cli_load_key(in, 1, &key); /* looked at, not used: weak keys too */
    if (rc)
        return rc;
    int priv = pkc_key_is_private(key) && !pubout;
    if (passout && !priv)
        rc = cli_usage_error("--passout encrypts private keys; this is a public key");
    if (!rc && !noout)
        rc = check_key_form(key, priv, &f);
    if (!rc && text) {
        int showpriv = pkc_key_is_private(key) && !pubout;
        pkc_key_type t = pkc_key_get_type(key);
        rc = t == PKC_KEY_RSA  ? print_rsa(key, showpriv)
             : t == PKC_KEY_EC ? print_ec(key, showpriv, f.compressed)
                               : print_ecx(key, showpriv);
        fflush(stdout);
    }
    uint8_t *pw = NULL;
    size_t pwlen = 0;
    if (!rc && !noout && passout && cli_password_read(passout, &pw, &pwlen))
        rc = CLI_USAGE;
    if (!rc && passout && pwlen == 0)
        rc = cli_usage_error("--passout: an empty password");
    if (!rc && !noout) {
        f.pw = pw;
        f.pwlen = pwlen;
        f.iterations = (uint32_t)iter;
        rc = write_key(key, priv, &f, out);
    }
    if (pw)
        pkc_secure_free(pw, pwlen + 1);
    pkc_key_free(key);
    return rc;
}

PKC_CLI_COMMAND(key, 19, "inspect or convert a key: --text, --format, --pubout (as openssl pkey)",
                cmd_key, usage_key)
PKC_CLI_COMMAND_NAMED(pkey, "pkey", 99, "the same as key", cmd_key, usage_key)
