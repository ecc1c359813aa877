/* pkc sign / verify — signatures of files, as `openssl dgst -sign` and
 * `-verify` make and check them: raw RSA signatures (PKCS#1 v1.5 or PSS)
 * and DER ECDSA signatures; Ed25519 and Ed448 signatures of the message
 * itself, as `openssl pkeyutl -sign -rawin` makes them.
 *
 * Exit status of verify: 0 "Verified OK"; 1 "Verification failure" for a
 * well-formed signature that does not verify; 2 with the reason for a
 * signature that cannot be one (malformed, wrong length, out of range). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/key.h"
#include "pkc/rng.h"

/* --saltlen digest|max|auto|N */
static int parse_saltlen(const char *s, int *out)
{
    uint64_t v;
    if (strcmp(s, "digest") == 0)
        *out = PKC_RSA_SALT_HASHLEN;
    else if (strcmp(s, "max") == 0)
        *out = PKC_RSA_SALT_MAX;
    else if (strcmp(s, "auto") == 0)
        *out = PKC_RSA_SALT_AUTO;
    else if (cli_parse_u64(s, 0, 65536, &v) == 0)
        *out = (int)v;
    else
        return cli_usage_error("bad --saltlen '%s' (digest, max, auto or a number)", s);
    return 0;
}

/* The options sign and verify share: -d, --pss, --saltlen, --low-s,
 * --allow-weak, and the signature's form: --sig-format, --encoding,
 * --digest-in. */
enum { OPT_PSS = 256, OPT_SALTLEN, OPT_LOW_S, OPT_ALLOW_WEAK, OPT_SIGFMT, OPT_ENCODING,
       OPT_DIGEST_IN };
#define SCHEME_OPTIONS                                                              \
    {"digest", required_argument, NULL, 'd'}, {"pss", no_argument, NULL, OPT_PSS}, \
        {"saltlen", required_argument, NULL, OPT_SALTLEN},                          \
        {"low-s", no_argument, NULL, OPT_LOW_S},                                    \
        {"allow-weak", no_argument, NULL, OPT_ALLOW_WEAK},                          \
        {"sig-format", required_argument, NULL, OPT_SIGFMT},                        \
        {"encoding", required_argument, NULL, OPT_ENCODING},                        \
        {"digest-in", no_argument, NULL, OPT_DIGEST_IN}

/* How a signature is written or read: ECDSA as DER or raw r || s (IEEE
 * P1363, each order_bytes), then as bytes, hex or Base64 text. */
typedef struct {
    int raw;      /* --sig-format raw */
    int raw_set;  /* --sig-format given */
    int encoding; /* 0 binary, 1 hex, 2 base64 */
    int digest_in;
    int digest_set; /* -d given */
} sig_form;

static int parse_sig_form(int c, const char *arg, sig_form *f)
{
    if (c == OPT_SIGFMT) {
        if (strcmp(arg, "der") != 0 && strcmp(arg, "raw") != 0 && strcmp(arg, "p1363") != 0)
            return cli_usage_error("unknown --sig-format '%s' (der, raw)", arg);
        f->raw = strcmp(arg, "der") != 0;
        f->raw_set = 1;
    } else {
        static const char *const names[] = {"binary", "hex", "base64"};
        int i = 0;
        while (i < 3 && strcmp(arg, names[i]) != 0)
            i++;
        if (i == 3)
            return cli_usage_error("unknown --encoding '%s' (binary, hex, base64)", arg);
        f->encoding = i;
    }
    return 0;
}

/* Takes what getopt_long returned for one of them: 1 when c was one, 0 when
 * it was not, -1 (after the error line) for a bad value. */
static int scheme_option(int c, int verify, pkc_sign_params *sp, int *allow_weak, sig_form *f)
{
    switch (c) {
    case OPT_SIGFMT:
    case OPT_ENCODING: return parse_sig_form(c, optarg, f) ? -1 : 1;
    case OPT_DIGEST_IN: f->digest_in = 1; return 1;
    case 'd': f->digest_set = 1; return cli_parse_digest(optarg, 0, &sp->hash) ? -1 : 1;
    case OPT_PSS: sp->pss = 1; return 1;
    case OPT_SALTLEN:
        if (parse_saltlen(optarg, &sp->saltlen))
            return -1;
        if (!verify && sp->saltlen == PKC_RSA_SALT_AUTO) {
            cli_usage_error("--saltlen auto is for verify");
            return -1;
        }
        if (verify && sp->saltlen == PKC_RSA_SALT_MAX) {
            cli_usage_error("--saltlen max is for sign");
            return -1;
        }
        return 1;
    case OPT_LOW_S: sp->low_s = 1; return 1;
    case OPT_ALLOW_WEAK: *allow_weak = 1; return 1;
    default: return 0;
    }
}

/* OpenSSL's -in is the data, which is FILE here; keyopt names the key option. */
#define SIGN_VERIFY_SPELLINGS(keyopt)                                  \
    CLI_SPELLINGS_DIGESTS, CLI_SPELLINGS_KEYFORM,                      \
        {"-sigopt", NULL, "use --pss and --saltlen LEN"},              \
        {"-in", NULL, "the data is the FILE argument, the key " keyopt}

/* The digest to sign or verify: of FILE, or FILE itself with --digest-in
 * (exactly the digest's size). 0 or CLI_USAGE. */
static int message_digest(const char *file, const pkc_sign_params *sp, const sig_form *f,
                          uint8_t *digest)
{
    size_t want = pkc_hash_size(sp->hash);
    if (!f->digest_in) {
        int e = cli_hash_file(file, sp->hash, digest);
        return e ? cli_error(CLI_USAGE, "cannot read %s: %s", cli_input_name(file), strerror(e))
                 : 0;
    }
    uint8_t *d = NULL;
    size_t len = 0;
    int e = cli_read_file(file, want, &d, &len);
    int rc = 0;
    if (e == EFBIG || (!e && len != want))
        rc = cli_error(CLI_USAGE, "%s: not a %s digest (%zu bytes expected%s)",
                       cli_input_name(file), pkc_hash_name(sp->hash), want,
                       e == EFBIG ? ", more given" : "");
    else if (e)
        rc = cli_error(CLI_USAGE, "cannot read %s: %s", cli_input_name(file), strerror(e));
    else
        memcpy(digest, d, want);
    if (d)
        pkc_secure_free(d, len);
    return rc;
}

/* Ed25519 and Ed448 sign the message itself (RFC 8032): no digest, no
 * scheme options, one signature form. */
#define ED_MESSAGE_MAX ((size_t)1 << 30)
static int check_ed_options(const pkc_key *key, const pkc_sign_params *sp, const sig_form *f)
{
    const char *t = pkc_key_type_name(key);
    if (f->digest_set || f->digest_in)
        return cli_usage_error("%s signs the message itself (RFC 8032): -d and --digest-in do "
                               "not apply",
                               t);
    if (sp->pss || sp->low_s || f->raw_set)
        return cli_usage_error("--pss, --low-s and --sig-format are for RSA and ECDSA, not %s",
                               t);
    return 0;
}

/* The whole message (RFC 8032 hashes it twice), at most ED_MESSAGE_MAX. */
static int read_message(const char *file, uint8_t **msg, size_t *len)
{
    return cli_read_input("data", file, ED_MESSAGE_MAX,
                          "1 GiB (Ed25519 and Ed448 hold the message in memory)", msg, len);
}

static int check_form(const pkc_key *key, const sig_form *f)
{
    if (f->raw_set && pkc_key_get_type(key) != PKC_KEY_EC)
        return cli_usage_error("--sig-format is for ECDSA (an RSA signature has one form)");
    return 0;
}

/* the signature as the form asks: DER -> raw r || s, then the encoding */
static int write_signature(const pkc_key *key, const sig_form *f, const uint8_t *sig,
                           size_t siglen, const char *out)
{
    uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE];
    if (f->raw) {
        pkc_curve_id curve = pkc_key_ec_public(key)->curve;
        size_t rl = 0;
        pkc_err e = pkc_ecdsa_sig_from_der(curve, sig, siglen, raw, sizeof raw, &rl);
        if (e)
            return cli_error(CLI_USAGE, "%s", pkc_strerror(e));
        sig = raw;
        siglen = rl;
    }
    if (f->encoding == 0)
        return cli_write_output(out, sig, siglen, 0);
    char *text = NULL;
    size_t tl = 0;
    if (f->encoding == 2) {
        if (pkc_base64_encode(sig, siglen, &text, &tl) != PKC_OK)
            return cli_error(CLI_USAGE, "out of memory");
    } else {
        tl = 2 * siglen;
        text = malloc(tl + 2);
        if (!text)
            return cli_error(CLI_USAGE, "out of memory");
        for (size_t i = 0; i < siglen; i++)
            snprintf(text + 2 * i, 3, "%02x", sig[i]);
    }
    char *line = malloc(tl + 2);
    int rc = line ? 0 : cli_error(CLI_USAGE, "out of memory");
    if (line) {
        memcpy(line, text, tl);
        line[tl] = '\n';
        rc = cli_write_output(out, line, tl + 1, 0);
        free(line);
    }
    free(text);
    return rc;
}

/* the signature file, decoded as the form says, as the bytes the key's
 * verifier reads (DER for ECDSA) */
static int read_signature(const pkc_key *key, const sig_form *f, const char *path, uint8_t **sig,
                          size_t *siglen)
{
    const char *name = cli_input_name(path);
    if (f->encoding) {
        size_t n = *siglen;
        while (n && (*sig)[n - 1] <= ' ')
            n--;
        uint8_t *bin = NULL;
        size_t bl = 0;
        int rc = 0;
        if (f->encoding == 2) {
            if (pkc_base64_decode((const char *)*sig, n, &bin, &bl) != PKC_OK)
                rc = cli_error(CLI_USAGE, "%s: not Base64", name);
        } else {
            char *hex = malloc(n + 1);
            if (!hex)
                return cli_error(CLI_USAGE, "out of memory");
            memcpy(hex, *sig, n);
            hex[n] = 0;
            if (cli_parse_hex(name, hex, n, &bin, &bl))
                rc = CLI_USAGE;
            free(hex);
        }
        free(*sig);
        *sig = bin;
        *siglen = bl;
        if (rc)
            return rc;
    }
    if (f->raw) {
        pkc_curve_id curve = pkc_key_ec_public(key)->curve;
        uint8_t *der = malloc(PKC_ECDSA_MAX_DER_SIZE);
        size_t dl = 0;
        if (!der)
            return cli_error(CLI_USAGE, "out of memory");
        if (pkc_ecdsa_sig_to_der(curve, *sig, *siglen, der, PKC_ECDSA_MAX_DER_SIZE, &dl) !=
            PKC_OK) {
            free(der);
            return cli_error(CLI_USAGE, "%s: not a raw r || s signature of this curve (%zu bytes: "
                                        "%zu expected)",
                             name, *siglen, 2 * pkc_ec_order_bytes(curve));
        }
        free(*sig);
        *sig = der;
        *siglen = dl;
    }
    return 0;
}

/* ---- sign ---- */

static void usage_sign(FILE *out)
{
    fprintf(out,
            "usage: pkc sign -i KEY [-d DIGEST] [--pss] [--saltlen LEN] [--low-s] [-o SIG]\n"
            "                [--sig-format der|raw] [--encoding binary|hex|base64]\n"
            "                [--digest-in] [FILE]\n"
            "\n"
            "Signs FILE (standard input without FILE) and writes the raw signature,\n"
            "the bytes `openssl dgst -sign` writes. RSA: PKCS#1 v1.5, or RSASSA-PSS\n"
            "with --pss (MGF1 with the same digest, salt as long as the digest).\n"
            "EC: ECDSA (SEC 1 v2 4.1) with RFC 6979 deterministic nonces; the\n"
            "signature is DER (ECDSA-Sig-Value), as OpenSSL writes it. Ed25519 and\n"
            "Ed448 (RFC 8032): the message itself is signed (no -d; at most 1 GiB),\n"
            "the signature is 64 or 114 bytes, as `openssl pkeyutl -sign -rawin`.\n"
            "\n"
            "Options:\n"
            "  -i, --in KEY         private key (PEM or DER: PKCS#1, PKCS#8, SEC 1; at\n"
            "                       most 1 MiB); not standard input when FILE is\n"
            "  -d, --digest DIGEST  sha256 (default), sha384, sha512 or sha224\n"
            "      --pss            RSASSA-PSS instead of PKCS#1 v1.5 (RSA only)\n"
            "      --saltlen LEN    PSS salt length: digest (default), max or a number\n"
            "      --low-s          ECDSA: s <= n/2 (of the two valid twins (r, s) and\n"
            "                       (r, n-s), the one Bitcoin's BIP 146 requires)\n"
            "      --sig-format F   ECDSA: der (default, as OpenSSL) or raw (r || s, each\n"
            "                       as long as the order: IEEE P1363, JOSE, WebCrypto)\n"
            "      --encoding E     binary (default), hex or base64 (one line)\n"
            "      --digest-in      FILE is the digest itself (of -d's size), not the\n"
            "                       message: as `openssl pkeyutl -pkeyopt digest:...`\n"
            "      --allow-weak     use an RSA key below 1024 bits (refused otherwise)\n"
            "  -o, --out SIG        signature file (default: standard output); mode\n"
            "                       from the umask, never partial\n"
            CLI_HELP_PASSIN
            "  -h, --help           this help\n"
            "\n"
            "OpenSSL's spellings work too: -sign KEY or -inkey KEY, -out SIG, -sha384.\n"
            "\n"
            "Examples:\n"
            "  pkc sign -i key.pem -o file.sig file\n"
            "  openssl dgst -sha256 -verify pub.pem -signature file.sig file\n"
            "  pkc sign -i key.pem --pss -d sha384 -o file.sig file\n");
}

static int cmd_sign(int argc, char **argv)
{
    static const char shortopts[] = ":i:d:o:";
    static const struct option opts[] = {CLI_OPT_IN,
                                         CLI_OPT_OUT,
                                         SCHEME_OPTIONS,
                                         CLI_OPT_PASSIN,
                                         {NULL, 0, NULL, 0}};
    static const cli_spelling spellings[] = {
        {"-sign", "--in", NULL}, {"-inkey", "--in", NULL}, SIGN_VERIFY_SPELLINGS("-i KEY"),
        {NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    const char *in = NULL, *out = NULL;
    pkc_sign_params sp;
    pkc_sign_params_init(&sp);
    sig_form form = {0, 0, 0, 0, 0};
    int c, r, allow_weak = 0;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        if (c == 'i')
            in = optarg;
        else if (c == 'o')
            out = optarg;
        else if (c == CLI_OPT_PASSIN_ID)
            cli_set_passin(optarg);
        else if ((r = scheme_option(c, 0, &sp, &allow_weak, &form)) <= 0)
            return r < 0 ? CLI_USAGE : cli_option_error(c, argv);
    }
    if (!in)
        return cli_usage_error("-i KEY is required");
    if (argc - optind > 1)
        return cli_usage_error("one FILE at most");
    const char *file = optind < argc ? argv[optind] : NULL;
    const char *inputs[] = {in, file}, *names[] = {"key", "data"};
    if (cli_check_stdin(2, inputs, names))
        return CLI_USAGE;
    pkc_key *key = NULL;
    int rc = cli_load_key(in, allow_weak, &key);
    if (rc)
        return rc;
    uint8_t digest[PKC_HASH_MAX_SIZE];
    uint8_t *msg = NULL;
    size_t msglen = 0;
    pkc_rng rng;
    int ed = pkc_key_signs_messages(key);
    rc = ed ? check_ed_options(key, &sp, &form) : 0;
    if (!rc)
        rc = ed ? read_message(file, &msg, &msglen) : message_digest(file, &sp, &form, digest);
    if (!rc)
        rc = check_form(key, &form);
    if (!rc)
        rc = cli_rng_init(&rng);
    if (rc) {
        pkc_key_free(key);
        if (msg)
            pkc_secure_free(msg, msglen);
        return rc;
    }
    size_t cap = pkc_key_signature_size(key), siglen = 0;
    uint8_t *sig = malloc(cap ? cap : 1);
    pkc_err err = !sig ? PKC_ERR_NOMEM
                  : ed ? pkc_key_sign_message(key, &rng, &sp, msg, msglen, sig, cap, &siglen)
                       : pkc_key_sign_digest(key, &rng, &sp, digest, pkc_hash_size(sp.hash), sig,
                                             cap, &siglen);
    pkc_rng_wipe(&rng);
    if (msg)
        pkc_secure_free(msg, msglen);
    if (err == PKC_OK)
        rc = write_signature(key, &form, sig, siglen, out);
    else if (err == PKC_ERR_KEY && !pkc_key_is_private(key))
        rc = cli_error(CLI_USAGE, "%s is a public key; signing needs the private key", in);
    else if (err == PKC_ERR_UNSUPPORTED && sp.pss)
        rc = cli_usage_error("--pss is for RSA keys");
    else if (err == PKC_ERR_UNSUPPORTED && sp.low_s)
        rc = cli_usage_error("--low-s is for EC keys");
    else if (err == PKC_ERR_UNSUPPORTED && !pkc_key_signature_size(key))
        rc = cli_error(CLI_USAGE, "%s keys do not sign (they agree keys: pkc derive)",
                       pkc_key_type_name(key));
    else if (err == PKC_ERR_ARG)
        rc = cli_error(CLI_USAGE, "the key is too small for this digest/salt length");
    else
        rc = cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    pkc_key_free(key);
    free(sig);
    return rc;
}

PKC_CLI_COMMAND(sign, 22, "sign a file (RSA PKCS#1 v1.5 or PSS, ECDSA, Ed25519, Ed448)", cmd_sign,
                usage_sign)

/* ---- verify ---- */

static void usage_verify(FILE *out)
{
    fprintf(out,
            "usage: pkc verify -p PUB -s SIG [-d DIGEST] [--pss] [--saltlen LEN] [--low-s]\n"
            "                  [--sig-format der|raw] [--encoding binary|hex|base64]\n"
            "                  [--digest-in] [FILE]\n"
            "\n"
            "Checks the raw signature SIG of FILE (standard input without FILE).\n"
            "Prints \"Verified OK\" (exit 0) or, for a signature that does not verify,\n"
            "\"Verification failure\" (exit 1). Exit 2 with the reason for bad usage, an\n"
            "unreadable or malformed key, and a signature that cannot be one: not DER\n"
            "(EC), the wrong length (RSA, Ed25519, Ed448), or a value out of range.\n"
            "\n"
            "Options:\n"
            "  -p, --pub PUB        public key (PEM or DER, SPKI or PKCS#1; a private\n"
            "                       key works too; at most 1 MiB). EC: SIG is a DER\n"
            "                       ECDSA signature.\n"
            "  -s, --sig SIG        the signature file (at most 1 MiB)\n"
            "  -d, --digest DIGEST  sha256 (default), sha384, sha512 or sha224\n"
            "      --pss            RSASSA-PSS instead of PKCS#1 v1.5\n"
            "      --saltlen LEN    PSS salt length: auto (default: any length, as\n"
            "                       OpenSSL accepts), digest, or a number\n"
            "      --low-s          ECDSA: refuse a signature with s > n/2 (a valid\n"
            "                       signature's malleable twin; exit 1 with the reason)\n"
            "      --sig-format F   ECDSA: der (default, as OpenSSL) or raw (r || s, each\n"
            "                       as long as the order: IEEE P1363, JOSE, WebCrypto)\n"
            "      --encoding E     binary (default), hex or base64 (one line)\n"
            "      --digest-in      FILE is the digest itself (of -d's size), not the\n"
            "                       message: as `openssl pkeyutl -pkeyopt digest:...`\n"
            "      --allow-weak     use an RSA key below 1024 bits (refused otherwise)\n"
            "  -h, --help           this help\n"
            "\n"
            "At most one of PUB, SIG and FILE may be standard input (- or no FILE).\n"
            "OpenSSL's spellings work too: -verify PUB or -inkey PUB, -signature SIG,\n"
            "-sha384, -pubin.\n"
            "\n"
            "Examples:\n"
            "  openssl dgst -sha256 -sign key.pem -out file.sig file\n"
            "  pkc verify -p pub.pem -s file.sig file\n"
            "  pkc verify -p pub.pem -s file.sig --pss -d sha384 file\n");
}

/* Why a signature was refused before it could be checked (exit 2). */
static int bad_signature(const pkc_key *key, pkc_err err, const char *sigpath, size_t siglen)
{
    const char *name = cli_input_name(sigpath);
    int rsa = pkc_key_get_type(key) == PKC_KEY_RSA;
    if (pkc_key_signs_messages(key) && err == PKC_ERR_DECODE)
        return cli_error(CLI_USAGE, "%s: wrong length for an %s signature (%zu bytes; %zu "
                                    "expected)",
                         name, pkc_key_type_name(key), siglen, pkc_key_signature_size(key));
    if (!pkc_key_signature_size(key) && err == PKC_ERR_UNSUPPORTED)
        return cli_error(CLI_USAGE, "%s keys do not sign (they agree keys: pkc derive)",
                         pkc_key_type_name(key));
    if (rsa && (err == PKC_ERR_DECODE || err == PKC_ERR_ARG))
        return cli_error(CLI_USAGE, "%s: wrong length for a signature of this key (%zu bytes; "
                                    "a %u-bit RSA key's are %zu)",
                         name, siglen, pkc_key_bits(key), pkc_key_signature_size(key));
    if (rsa && err == PKC_ERR_RANGE)
        return cli_error(CLI_USAGE, "%s: signature out of range (its value is not below the "
                                    "modulus)",
                         name);
    if (err == PKC_ERR_DECODE || err == PKC_ERR_ARG)
        return cli_error(CLI_USAGE, "%s: malformed signature (not a DER ECDSA-Sig-Value with "
                                    "r and s no longer than the curve's order)",
                         name);
    if (err == PKC_ERR_RANGE)
        return cli_error(CLI_USAGE, "%s: signature out of range (r or s is not in [1, n-1])",
                         name);
    return cli_error(CLI_USAGE, "%s", pkc_strerror(err));
}

static int cmd_verify(int argc, char **argv)
{
    static const char shortopts[] = ":p:s:d:";
    static const struct option opts[] = {{"pub", required_argument, NULL, 'p'},
                                         {"sig", required_argument, NULL, 's'},
                                         SCHEME_OPTIONS,
                                         {NULL, 0, NULL, 0}};
    static const cli_spelling spellings[] = {
        {"-verify", "--pub", NULL},  {"-inkey", "--pub", NULL},  {"-pubin", "", NULL},
        {"-signature", "--sig", NULL}, {"-sigfile", "--sig", NULL}, SIGN_VERIFY_SPELLINGS("-p PUB"),
        {NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    const char *pub = NULL, *sigpath = NULL;
    pkc_sign_params sp;
    pkc_sign_params_init(&sp);
    sp.saltlen = PKC_RSA_SALT_AUTO;
    sig_form form = {0, 0, 0, 0, 0};
    int c, r, allow_weak = 0;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        if (c == 'p')
            pub = optarg;
        else if (c == 's')
            sigpath = optarg;
        else if ((r = scheme_option(c, 1, &sp, &allow_weak, &form)) <= 0)
            return r < 0 ? CLI_USAGE : cli_option_error(c, argv);
    }
    if (!pub || !sigpath)
        return cli_usage_error("-p PUB and -s SIG are required");
    if (argc - optind > 1)
        return cli_usage_error("one FILE at most");
    const char *file = optind < argc ? argv[optind] : NULL;
    const char *inputs[] = {pub, sigpath, file}, *names[] = {"key", "signature", "data"};
    if (cli_check_stdin(3, inputs, names))
        return CLI_USAGE;
    pkc_key *key = NULL;
    int rc = cli_load_key(pub, allow_weak, &key);
    if (rc)
        return rc;
    uint8_t *sig = NULL;
    size_t siglen = 0;
    rc = cli_read_input("signature", sigpath, CLI_KEY_FILE_MAX,
                        CLI_KEY_FILE_MAX_TEXT " (the limit for signature files)", &sig, &siglen);
    uint8_t digest[PKC_HASH_MAX_SIZE];
    uint8_t *msg = NULL;
    size_t msglen = 0;
    int ed = pkc_key_signs_messages(key);
    if (!rc && ed)
        rc = check_ed_options(key, &sp, &form);
    if (!rc)
        rc = check_form(key, &form);
    if (!rc)
        rc = ed ? read_message(file, &msg, &msglen) : message_digest(file, &sp, &form, digest);
    if (!rc)
        rc = read_signature(key, &form, sigpath, &sig, &siglen);
    if (rc) {
        pkc_key_free(key);
        free(sig);
        if (msg)
            pkc_secure_free(msg, msglen);
        return rc;
    }
    size_t dlen = pkc_hash_size(sp.hash);
    pkc_err err = ed ? pkc_key_verify_message(key, &sp, msg, msglen, sig, siglen)
                     : pkc_key_verify_digest(key, &sp, digest, dlen, sig, siglen);
    if (msg)
        pkc_secure_free(msg, msglen);
    if (err == PKC_OK) {
        printf("Verified OK\n");
        rc = CLI_OK;
    } else if (err == PKC_ERR_VERIFY) {
        printf("Verification failure\n");
        rc = CLI_NEGATIVE;
        int low_s_only = sp.low_s; /* refused only for its high s? */
        sp.low_s = 0;
        if (low_s_only && pkc_key_verify_digest(key, &sp, digest, dlen, sig, siglen) == PKC_OK)
            rc = cli_error(CLI_NEGATIVE, "%s: s is above n/2: a valid signature, but not low-s "
                                         "(--low-s)",
                           cli_input_name(sigpath));
    } else if (err == PKC_ERR_UNSUPPORTED && sp.pss) {
        rc = cli_usage_error("--pss is for RSA keys");
    } else if (err == PKC_ERR_UNSUPPORTED && sp.low_s) {
        rc = cli_usage_error("--low-s is for EC keys");
    } else {
        rc = bad_signature(key, err, sigpath, siglen);
    }
    pkc_key_free(key);
    free(sig);
    return rc;
}

PKC_CLI_COMMAND(verify, 23, "verify a signature (prints Verified OK / Verification failure)",
                cmd_verify, usage_verify)
