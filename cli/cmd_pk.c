/* pkc keygen / pubkey / sign / verify / encrypt / decrypt — the key and
 * public-key operations, in forms that mirror OpenSSL so files pass freely
 * between the two (PKCS#8 and SubjectPublicKeyInfo PEM; raw signatures as
 * `openssl dgst -sign` writes them; RSA-OAEP as `openssl pkeyutl`).
 *
 * The commands only deal with pkc_key (include/pkc/key.h): the key type is
 * the library's business. Outputs go through cli_write_all, so a failure
 * never leaves a partial file.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "pkc/curves.h"
#include "pkc/der.h"
#include "pkc/key.h"
#include "pkc/rng.h"

/* ---- shared helpers ---- */

/* getopt_long's '?' and ':' (opterr is 0): one clear line, exit 2. */
static int bad_option(const char *cmd, int c, char **argv)
{
    const char *arg = argv[optind - 1];
    if (c == ':')
        return cli_error(CLI_USAGE, "%s: option '%s' needs an argument (see pkc %s --help)", cmd,
                         arg, cmd);
    if (optopt && optopt != '?')
        return cli_error(CLI_USAGE, "%s: unknown option '-%c' (see pkc %s --help)", cmd, optopt,
                         cmd);
    return cli_error(CLI_USAGE, "%s: unknown option '%s' (see pkc %s --help)", cmd, arg, cmd);
}

static const char *key_error(pkc_err err)
{
    switch (err) {
    case PKC_ERR_UNSUPPORTED:
        return "unsupported key (encrypted keys, DSA, RSA-PSS-restricted keys, explicit "
               "curve parameters and curves other than those of `pkc curves` are not "
               "supported)";
    case PKC_ERR_DECODE: return "not a key pkc can read (malformed or unknown PEM/DER)";
    case PKC_ERR_KEY: return "invalid key (inconsistent values)";
    case PKC_ERR_POINT: return "invalid key (the point is not on the curve)";
    default: return pkc_strerror(err);
    }
}

/* Reads and parses a key file (stdin for NULL or "-"). 0 or exit code 2. */
static int load_key(const char *cmd, const char *path, pkc_key **key)
{
    size_t len;
    uint8_t *data = cli_read_all(path, &len);
    const char *name = path ? path : "-";
    if (!data)
        return cli_error(CLI_USAGE, "%s: cannot read key %s: %s", cmd, name, strerror(errno));
    pkc_err err = pkc_key_parse(data, len, key);
    pkc_secure_free(data, len);
    if (err)
        return cli_error(CLI_USAGE, "%s: %s: %s", cmd, name, key_error(err));
    return 0;
}

/* Hashes a whole file (stdin for NULL or "-") in chunks. */
static int hash_input(const char *cmd, const char *path, pkc_hash_alg alg, uint8_t *digest)
{
    static uint8_t buf[1 << 16];
    int fd = 0;
    if (path && strcmp(path, "-") != 0) {
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return cli_error(CLI_USAGE, "%s: cannot read %s: %s", cmd, path, strerror(errno));
    }
    pkc_hash_ctx ctx;
    pkc_hash_init(&ctx, alg);
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            if (fd)
                close(fd);
            return cli_error(CLI_USAGE, "%s: cannot read %s: %s", cmd, path ? path : "-",
                             strerror(e));
        }
        if (r == 0)
            break;
        pkc_hash_update(&ctx, buf, (size_t)r);
    }
    if (fd)
        close(fd);
    pkc_hash_final(&ctx, digest);
    return 0;
}

static int write_out(const char *cmd, const char *path, const void *data, size_t len)
{
    if (cli_write_all(path, data, len) != 0)
        return cli_error(CLI_USAGE, "%s: cannot write %s: %s", cmd, path ? path : "stdout",
                         strerror(errno));
    return CLI_OK;
}

/* -d for signatures: sha224, sha256, sha384, sha512 (not SHA-1). */
static int sig_hash(const char *cmd, const char *name, pkc_hash_alg *alg)
{
    if (pkc_hash_from_name(name, alg) != PKC_OK || *alg == PKC_HASH_SHA1)
        return cli_error(CLI_USAGE, "%s: unknown digest '%s' (sha224, sha256, sha384, sha512)",
                         cmd, name);
    return 0;
}

/* --saltlen digest|max|auto|N */
static int parse_saltlen(const char *cmd, const char *s, int *out)
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
        return cli_error(CLI_USAGE, "%s: bad --saltlen '%s' (digest, max, auto or a number)",
                         cmd, s);
    return 0;
}

static int init_rng(const char *cmd, pkc_rng *rng)
{
    if (pkc_rng_init_random(rng, PKC_HASH_SHA256) != PKC_OK)
        return cli_error(CLI_USAGE, "%s: the random source failed", cmd);
    return 0;
}

/* ---- keygen ---- */

static void usage_keygen(FILE *out)
{
    fprintf(out,
            "usage: pkc keygen [-t rsa] [-b BITS] [-e EXP] [--seed N] [-o FILE]\n"
            "       pkc keygen -t ec -c CURVE [--seed N] [-o FILE]\n"
            "\n"
            "Generates a private key and writes it as PKCS#8 PEM (\"PRIVATE KEY\"),\n"
            "the form `openssl genpkey` writes; standard output without -o.\n"
            "RSA keys follow FIPS 186-5 appendix A.1.3 (probable primes).\n"
            "\n"
            "Options:\n"
            "  -t, --type TYPE      rsa (default) or ec\n"
            "  -b, --bits BITS      RSA modulus size, 1024..16384 (default 3072)\n"
            "  -e, --exponent EXP   RSA public exponent, odd, >= 3 (default 65537)\n"
            "  -c, --curve CURVE    EC curve name (see pkc curves)\n"
            "      --seed N         FOR EXPERIMENTS ONLY: draw the key from a DRBG seeded\n"
            "                       with the number N, so the same N always gives the\n"
            "                       same key. Anyone who knows or guesses N has the key:\n"
            "                       never use --seed for a key that protects anything.\n"
            "  -o, --out FILE       write the key to FILE (mode 0600, never partial)\n"
            "  -h, --help           this help\n"
            "\n"
            "EC keys: d uniform in [1, n-1] (rejection sampling), Q = dG.\n"
            "\n"
            "Examples:\n"
            "  pkc keygen -o key.pem\n"
            "  pkc keygen -t ec -c P-256 -o ec.pem\n"
            "  pkc keygen -t rsa -b 4096 -o key4096.pem\n"
            "  pkc keygen -b 2048 --seed 42 | openssl pkey -check -noout\n");
}

static int cmd_keygen(int argc, char **argv)
{
    static const struct option opts[] = {
        {"type", required_argument, NULL, 't'},  {"bits", required_argument, NULL, 'b'},
        {"exponent", required_argument, NULL, 'e'}, {"curve", required_argument, NULL, 'c'},
        {"seed", required_argument, NULL, 'S'},  {"out", required_argument, NULL, 'o'},
        {NULL, 0, NULL, 0}};
    const char *type = "rsa", *out = NULL, *curve = NULL;
    uint64_t bits = PKC_RSA_DEFAULT_BITS, e = PKC_RSA_DEFAULT_E, seed = 0;
    int have_seed = 0, have_rsa_opt = 0, c;
    while ((c = getopt_long(argc, argv, ":t:b:e:c:o:", opts, NULL)) != -1) {
        switch (c) {
        case 't': type = optarg; break;
        case 'b':
            if (cli_parse_u64(optarg, PKC_RSA_MIN_BITS, PKC_RSA_MAX_BITS, &bits) != 0)
                return cli_error(CLI_USAGE, "keygen: bad -b '%s' (RSA bits: %d..%d)", optarg,
                                 PKC_RSA_MIN_BITS, PKC_RSA_MAX_BITS);
            have_rsa_opt = 1;
            break;
        case 'e':
            if (cli_parse_u64(optarg, 3, UINT64_MAX, &e) != 0 || (e & 1) == 0)
                return cli_error(CLI_USAGE, "keygen: bad -e '%s' (an odd number >= 3)", optarg);
            have_rsa_opt = 1;
            break;
        case 'c': curve = optarg; break;
        case 'S':
            if (cli_parse_u64(optarg, 0, UINT64_MAX, &seed) != 0)
                return cli_error(CLI_USAGE, "keygen: bad --seed '%s' (a number)", optarg);
            have_seed = 1;
            break;
        case 'o': out = optarg; break;
        default: return bad_option("keygen", c, argv);
        }
    }
    if (optind < argc)
        return cli_error(CLI_USAGE, "keygen: unexpected argument '%s'", argv[optind]);
    pkc_curve_id curve_id = PKC_CURVE_SECP256R1;
    int ec = strcmp(type, "ec") == 0;
    if (ec) {
        if (!curve)
            return cli_error(CLI_USAGE, "keygen: -t ec needs -c CURVE (see pkc curves)");
        if (pkc_curve_from_name(curve, &curve_id) != PKC_OK)
            return cli_error(CLI_USAGE, "keygen: unknown curve '%s' (see pkc curves)", curve);
        if (have_rsa_opt)
            return cli_error(CLI_USAGE, "keygen: -b and -e are for RSA keys");
    } else if (strcmp(type, "rsa") != 0)
        return cli_error(CLI_USAGE, "keygen: unknown key type '%s' (rsa or ec)", type);
    if (!ec && curve)
        return cli_error(CLI_USAGE, "keygen: -c is for EC keys (-t ec)");

    pkc_rng rng;
    pkc_err err = have_seed ? pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed)
                            : pkc_rng_init_random(&rng, PKC_HASH_SHA256);
    if (err)
        return cli_error(CLI_USAGE, "keygen: the random source failed");
    pkc_key *key = NULL;
    err = ec ? pkc_key_generate_ec(&key, curve_id, &rng)
             : pkc_key_generate_rsa(&key, (unsigned)bits, e, &rng);
    pkc_rng_wipe(&rng);
    if (err)
        return cli_error(CLI_USAGE, "keygen: %s", pkc_strerror(err));
    char *pem;
    size_t len;
    err = pkc_key_private_to_pem(key, &pem, &len);
    pkc_key_free(key);
    if (err)
        return cli_error(CLI_USAGE, "keygen: %s", pkc_strerror(err));
    int rc = write_out("keygen", out, pem, len);
    pkc_secure_free(pem, len);
    return rc;
}

PKC_CLI_COMMAND(keygen, 20, "generate a private key (RSA or EC; PKCS#8 PEM)", cmd_keygen,
                usage_keygen)

/* ---- pubkey ---- */

static void usage_pubkey(FILE *out)
{
    fprintf(out,
            "usage: pkc pubkey [-i KEY] [-o FILE]\n"
            "\n"
            "Writes the public key of KEY (a private or public key, PEM or DER,\n"
            "PKCS#1, PKCS#8 or SubjectPublicKeyInfo) as SubjectPublicKeyInfo PEM\n"
            "(\"PUBLIC KEY\"), like `openssl pkey -pubout`.\n"
            "\n"
            "Options:\n"
            "  -i, --in KEY     the key (default: standard input)\n"
            "  -o, --out FILE   output file (default: standard output)\n"
            "  -h, --help       this help\n"
            "\n"
            "Example:\n"
            "  pkc keygen -o key.pem && pkc pubkey -i key.pem -o pub.pem\n");
}

static int cmd_pubkey(int argc, char **argv)
{
    static const struct option opts[] = {{"in", required_argument, NULL, 'i'},
                                         {"out", required_argument, NULL, 'o'},
                                         {NULL, 0, NULL, 0}};
    const char *in = NULL, *out = NULL;
    int c;
    while ((c = getopt_long(argc, argv, ":i:o:", opts, NULL)) != -1) {
        switch (c) {
        case 'i': in = optarg; break;
        case 'o': out = optarg; break;
        default: return bad_option("pubkey", c, argv);
        }
    }
    if (optind < argc)
        return cli_error(CLI_USAGE, "pubkey: unexpected argument '%s'", argv[optind]);
    pkc_key *key = NULL;
    int rc = load_key("pubkey", in, &key);
    if (rc)
        return rc;
    char *pem;
    size_t len;
    pkc_err err = pkc_key_public_to_pem(key, &pem, &len);
    pkc_key_free(key);
    if (err)
        return cli_error(CLI_USAGE, "pubkey: %s", pkc_strerror(err));
    rc = write_out("pubkey", out, pem, len);
    pkc_secure_free(pem, len);
    return rc;
}

PKC_CLI_COMMAND(pubkey, 21, "write the public key (SubjectPublicKeyInfo PEM)", cmd_pubkey,
                usage_pubkey)

/* ---- sign / verify ---- */

static void usage_sign(FILE *out)
{
    fprintf(out,
            "usage: pkc sign -i KEY [-d DIGEST] [--pss] [--saltlen LEN] [-o SIG] [FILE]\n"
            "\n"
            "Signs FILE (standard input without FILE) and writes the raw signature,\n"
            "the bytes `openssl dgst -sign` writes. RSA: PKCS#1 v1.5, or RSASSA-PSS\n"
            "with --pss (MGF1 with the same digest, salt as long as the digest).\n"
            "EC: ECDSA (SEC 1 v2 4.1) with RFC 6979 deterministic nonces; the\n"
            "signature is DER (ECDSA-Sig-Value), as OpenSSL writes it.\n"
            "\n"
            "Options:\n"
            "  -i, --in KEY         private key (PEM or DER: PKCS#1, PKCS#8, SEC 1)\n"
            "  -d, --digest DIGEST  sha256 (default), sha384, sha512 or sha224\n"
            "      --pss            RSASSA-PSS instead of PKCS#1 v1.5 (RSA only)\n"
            "      --saltlen LEN    PSS salt length: digest (default), max or a number\n"
            "  -o, --out SIG        signature file (default: standard output)\n"
            "  -h, --help           this help\n"
            "\n"
            "Examples:\n"
            "  pkc sign -i key.pem -o file.sig file\n"
            "  openssl dgst -sha256 -verify pub.pem -signature file.sig file\n"
            "  pkc sign -i key.pem --pss -d sha384 -o file.sig file\n");
}

static int cmd_sign(int argc, char **argv)
{
    static const struct option opts[] = {
        {"in", required_argument, NULL, 'i'}, {"digest", required_argument, NULL, 'd'},
        {"pss", no_argument, NULL, 'P'},      {"saltlen", required_argument, NULL, 'L'},
        {"out", required_argument, NULL, 'o'}, {NULL, 0, NULL, 0}};
    const char *in = NULL, *out = NULL;
    pkc_sign_params sp;
    pkc_sign_params_init(&sp);
    int c;
    while ((c = getopt_long(argc, argv, ":i:d:o:", opts, NULL)) != -1) {
        switch (c) {
        case 'i': in = optarg; break;
        case 'd':
            if (sig_hash("sign", optarg, &sp.hash))
                return CLI_USAGE;
            break;
        case 'P': sp.pss = 1; break;
        case 'L':
            if (parse_saltlen("sign", optarg, &sp.saltlen))
                return CLI_USAGE;
            if (sp.saltlen == PKC_RSA_SALT_AUTO)
                return cli_error(CLI_USAGE, "sign: --saltlen auto is for verify");
            break;
        case 'o': out = optarg; break;
        default: return bad_option("sign", c, argv);
        }
    }
    if (!in)
        return cli_error(CLI_USAGE, "sign: -i KEY is required (see pkc sign --help)");
    if (argc - optind > 1)
        return cli_error(CLI_USAGE, "sign: one FILE at most");
    const char *file = optind < argc ? argv[optind] : NULL;
    pkc_key *key = NULL;
    int rc = load_key("sign", in, &key);
    if (rc)
        return rc;
    if (!pkc_key_is_private(key)) {
        pkc_key_free(key);
        return cli_error(CLI_USAGE, "sign: %s is a public key; signing needs the private key", in);
    }
    uint8_t digest[PKC_HASH_MAX_SIZE];
    if ((rc = hash_input("sign", file, sp.hash, digest))) {
        pkc_key_free(key);
        return rc;
    }
    pkc_rng rng;
    if ((rc = init_rng("sign", &rng))) {
        pkc_key_free(key);
        return rc;
    }
    size_t cap = pkc_key_signature_size(key), siglen = 0;
    uint8_t *sig = malloc(cap ? cap : 1);
    pkc_err err = sig ? pkc_key_sign_digest(key, &rng, &sp, digest, pkc_hash_size(sp.hash), sig,
                                            cap, &siglen)
                      : PKC_ERR_NOMEM;
    pkc_rng_wipe(&rng);
    if (err == PKC_OK)
        rc = write_out("sign", out, sig, siglen);
    else if (err == PKC_ERR_UNSUPPORTED && pkc_key_get_type(key) == PKC_KEY_EC)
        rc = cli_error(CLI_USAGE, "sign: --pss is for RSA keys");
    else if (err == PKC_ERR_ARG)
        rc = cli_error(CLI_USAGE, "sign: the key is too small for this digest/salt length");
    else
        rc = cli_error(CLI_USAGE, "sign: %s", pkc_strerror(err));
    pkc_key_free(key);
    free(sig);
    return rc;
}

PKC_CLI_COMMAND(sign, 22, "sign a file (RSA PKCS#1 v1.5 or PSS, ECDSA)", cmd_sign, usage_sign)

static void usage_verify(FILE *out)
{
    fprintf(out,
            "usage: pkc verify -p PUB -s SIG [-d DIGEST] [--pss] [--saltlen LEN] [FILE]\n"
            "\n"
            "Checks the raw signature SIG of FILE (standard input without FILE).\n"
            "Prints \"Verified OK\" (exit 0) or \"Verification failure\" (exit 1);\n"
            "exit 2 for bad usage or an unreadable or malformed key.\n"
            "\n"
            "Options:\n"
            "  -p, --pub PUB        public key (PEM or DER, SPKI or PKCS#1; a private\n"
            "                       key works too). EC: SIG is a DER ECDSA signature.\n"
            "  -s, --sig SIG        the signature file\n"
            "  -d, --digest DIGEST  sha256 (default), sha384, sha512 or sha224\n"
            "      --pss            RSASSA-PSS instead of PKCS#1 v1.5\n"
            "      --saltlen LEN    PSS salt length: auto (default: any length, as\n"
            "                       OpenSSL accepts), digest, or a number\n"
            "  -h, --help           this help\n"
            "\n"
            "Examples:\n"
            "  openssl dgst -sha256 -sign key.pem -out file.sig file\n"
            "  pkc verify -p pub.pem -s file.sig file\n"
            "  pkc verify -p pub.pem -s file.sig --pss -d sha384 file\n");
}

static int cmd_verify(int argc, char **argv)
{
    static const struct option opts[] = {
        {"pub", required_argument, NULL, 'p'}, {"sig", required_argument, NULL, 's'},
        {"digest", required_argument, NULL, 'd'}, {"pss", no_argument, NULL, 'P'},
        {"saltlen", required_argument, NULL, 'L'}, {NULL, 0, NULL, 0}};
    const char *pub = NULL, *sigpath = NULL;
    pkc_sign_params sp;
    pkc_sign_params_init(&sp);
    sp.saltlen = PKC_RSA_SALT_AUTO;
    int c;
    while ((c = getopt_long(argc, argv, ":p:s:d:", opts, NULL)) != -1) {
        switch (c) {
        case 'p': pub = optarg; break;
        case 's': sigpath = optarg; break;
        case 'd':
            if (sig_hash("verify", optarg, &sp.hash))
                return CLI_USAGE;
            break;
        case 'P': sp.pss = 1; break;
        case 'L':
            if (parse_saltlen("verify", optarg, &sp.saltlen))
                return CLI_USAGE;
            if (sp.saltlen == PKC_RSA_SALT_MAX)
                return cli_error(CLI_USAGE, "verify: --saltlen max is for sign");
            break;
        default: return bad_option("verify", c, argv);
        }
    }
    if (!pub || !sigpath)
        return cli_error(CLI_USAGE, "verify: -p PUB and -s SIG are required (see pkc verify --help)");
    if (argc - optind > 1)
        return cli_error(CLI_USAGE, "verify: one FILE at most");
    const char *file = optind < argc ? argv[optind] : NULL;
    if (file && strcmp(file, "-") == 0 && strcmp(sigpath, "-") == 0)
        return cli_error(CLI_USAGE, "verify: the signature and the data cannot both be stdin");
    pkc_key *key = NULL;
    int rc = load_key("verify", pub, &key);
    if (rc)
        return rc;
    size_t siglen;
    uint8_t *sig = cli_read_all(sigpath, &siglen);
    if (!sig) {
        pkc_key_free(key);
        return cli_error(CLI_USAGE, "verify: cannot read signature %s: %s", sigpath,
                         strerror(errno));
    }
    uint8_t digest[PKC_HASH_MAX_SIZE];
    if ((rc = hash_input("verify", file, sp.hash, digest))) {
        free(sig);
        pkc_key_free(key);
        return rc;
    }
    pkc_err err = pkc_key_verify_digest(key, &sp, digest, pkc_hash_size(sp.hash), sig, siglen);
    free(sig);
    pkc_key_free(key);
    if (err == PKC_OK) {
        printf("Verified OK\n");
        return CLI_OK;
    }
    if (err == PKC_ERR_VERIFY) {
        printf("Verification failure\n");
        return CLI_NEGATIVE;
    }
    return cli_error(CLI_USAGE, "verify: %s", pkc_strerror(err));
}

PKC_CLI_COMMAND(verify, 23, "verify a signature (prints Verified OK / Verification failure)",
                cmd_verify, usage_verify)

/* ---- encrypt / decrypt ---- */

static void usage_encrypt(FILE *out)
{
    fprintf(out,
            "usage: pkc encrypt -p PUB [-d DIGEST] [-o OUT] [FILE]\n"
            "\n"
            "RSA-OAEP encryption of FILE (standard input without FILE) to PUB, as\n"
            "`openssl pkeyutl -encrypt -pkeyopt rsa_padding_mode:oaep\n"
            "-pkeyopt rsa_oaep_md:DIGEST` does (MGF1 with the same digest, empty\n"
            "label). The message may be at most k - 2*hLen - 2 bytes (190 bytes for\n"
            "a 2048-bit key with SHA-256).\n"
            "\n"
            "Options:\n"
            "  -p, --pub PUB        public key (or a private key)\n"
            "  -d, --digest DIGEST  sha256 (default), sha1, sha224, sha384, sha512\n"
            "  -o, --out OUT        ciphertext file (default: standard output)\n"
            "  -h, --help           this help\n"
            "\n"
            "Example:\n"
            "  pkc encrypt -p pub.pem -o secret.enc secret.txt\n"
            "  pkc decrypt -i key.pem secret.enc\n");
}

static void usage_decrypt(FILE *out)
{
    fprintf(out,
            "usage: pkc decrypt -i KEY [-d DIGEST] [-o OUT] [FILE]\n"
            "\n"
            "RSA-OAEP decryption of FILE (standard input without FILE); the\n"
            "counterpart of pkc encrypt and of `openssl pkeyutl -encrypt -pkeyopt\n"
            "rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:DIGEST`. Any failure (wrong\n"
            "key, wrong digest, tampered ciphertext) is the single message\n"
            "\"decryption failed\", exit 2, and no output is written.\n"
            "\n"
            "Options:\n"
            "  -i, --in KEY         private key (PEM or DER, PKCS#1 or PKCS#8)\n"
            "  -d, --digest DIGEST  sha256 (default), sha1, sha224, sha384, sha512\n"
            "  -o, --out OUT        plaintext file (default: standard output)\n"
            "  -h, --help           this help\n"
            "\n"
            "Example:\n"
            "  openssl pkeyutl -encrypt -pubin -inkey pub.pem -pkeyopt rsa_padding_mode:oaep \\\n"
            "      -pkeyopt rsa_oaep_md:sha256 -in msg -out msg.enc\n"
            "  pkc decrypt -i key.pem -o msg.out msg.enc\n");
}

static int cmd_crypt(int argc, char **argv, int enc)
{
    const char *cmd = enc ? "encrypt" : "decrypt";
    static const struct option eopts[] = {{"pub", required_argument, NULL, 'p'},
                                          {"digest", required_argument, NULL, 'd'},
                                          {"out", required_argument, NULL, 'o'},
                                          {NULL, 0, NULL, 0}};
    static const struct option dopts[] = {{"in", required_argument, NULL, 'i'},
                                          {"digest", required_argument, NULL, 'd'},
                                          {"out", required_argument, NULL, 'o'},
                                          {NULL, 0, NULL, 0}};
    const char *keypath = NULL, *out = NULL;
    pkc_rsa_oaep_params op = {PKC_HASH_SHA256, 0, NULL, 0};
    int c;
    while ((c = getopt_long(argc, argv, enc ? ":p:d:o:" : ":i:d:o:", enc ? eopts : dopts,
                            NULL)) != -1) {
        switch (c) {
        case 'p':
        case 'i': keypath = optarg; break;
        case 'd':
            if (pkc_hash_from_name(optarg, &op.hash) != PKC_OK)
                return cli_error(CLI_USAGE,
                                 "%s: unknown digest '%s' (sha1, sha224, sha256, sha384, sha512)",
                                 cmd, optarg);
            break;
        case 'o': out = optarg; break;
        default: return bad_option(cmd, c, argv);
        }
    }
    if (!keypath)
        return cli_error(CLI_USAGE, "%s: %s is required (see pkc %s --help)", cmd,
                         enc ? "-p PUB" : "-i KEY", cmd);
    if (argc - optind > 1)
        return cli_error(CLI_USAGE, "%s: one FILE at most", cmd);
    const char *file = optind < argc ? argv[optind] : NULL;
    pkc_key *key = NULL;
    int rc = load_key(cmd, keypath, &key);
    if (rc)
        return rc;
    if (pkc_key_get_type(key) != PKC_KEY_RSA) {
        pkc_key_free(key);
        return cli_error(CLI_USAGE, "%s: only RSA keys can %s", cmd, cmd);
    }
    if (!enc && !pkc_key_is_private(key)) {
        pkc_key_free(key);
        return cli_error(CLI_USAGE, "decrypt: %s is a public key; decryption needs the private key",
                         keypath);
    }
    size_t inlen;
    uint8_t *in = cli_read_all(file, &inlen);
    if (!in) {
        pkc_key_free(key);
        return cli_error(CLI_USAGE, "%s: cannot read %s: %s", cmd, file ? file : "-",
                         strerror(errno));
    }
    pkc_rng rng;
    if ((rc = init_rng(cmd, &rng))) {
        free(in);
        pkc_key_free(key);
        return rc;
    }
    size_t cap = pkc_key_signature_size(key), outlen = 0;
    uint8_t *buf = malloc(cap);
    pkc_err err = PKC_ERR_NOMEM;
    if (buf)
        err = enc ? pkc_key_encrypt(key, &rng, &op, in, inlen, buf, cap, &outlen)
                  : pkc_key_decrypt(key, &rng, &op, in, inlen, buf, cap, &outlen);
    pkc_rng_wipe(&rng);
    size_t klen = pkc_key_signature_size(key);
    pkc_key_free(key);
    if (err == PKC_OK) {
        rc = write_out(cmd, out, buf, outlen);
    } else if (enc && err == PKC_ERR_ARG) {
        size_t h = pkc_hash_size(op.hash);
        rc = cli_error(CLI_USAGE, "encrypt: message too long (%zu bytes; at most %zu with this "
                                  "key and digest)",
                       inlen, klen >= 2 * h + 2 ? klen - 2 * h - 2 : 0);
    } else if (!enc && err == PKC_ERR_DECRYPT) {
        rc = cli_error(CLI_USAGE, "decrypt: decryption failed");
    } else {
        rc = cli_error(CLI_USAGE, "%s: %s", cmd, pkc_strerror(err));
    }
    if (buf) {
        pkc_memzero(buf, cap);
        free(buf);
    }
    pkc_secure_free(in, inlen);
    return rc;
}

static int cmd_encrypt(int argc, char **argv)
{
    return cmd_crypt(argc, argv, 1);
}

static int cmd_decrypt(int argc, char **argv)
{
    return cmd_crypt(argc, argv, 0);
}

PKC_CLI_COMMAND(encrypt, 24, "RSA-OAEP encrypt a short message to a public key", cmd_encrypt,
                usage_encrypt)
PKC_CLI_COMMAND(decrypt, 25, "RSA-OAEP decrypt with a private key", cmd_decrypt, usage_decrypt)

/* ---- derive ---- */

static void usage_derive(FILE *out)
{
    fprintf(out,
            "usage: pkc derive -i KEY -p PEER_PUB [-o FILE]\n"
            "\n"
            "Elliptic-curve Diffie-Hellman (SEC 1 v2 section 3.3.1, ECSVDP-DH): writes\n"
            "the raw shared secret, the x-coordinate of d*Q (as many bytes as the field),\n"
            "the bytes `openssl pkeyutl -derive` writes. The peer key is fully validated\n"
            "(on the curve, coordinates below p, not the point at infinity). Hash the\n"
            "secret (HKDF) before using it as a key.\n"
            "\n"
            "Options:\n"
            "  -i, --in KEY          your EC private key (PEM or DER: PKCS#8 or SEC 1)\n"
            "  -p, --peer PEER_PUB   the peer's public key (SPKI; a private key works too),\n"
            "                        on the same curve\n"
            "  -o, --out FILE        output file (default: standard output)\n"
            "  -h, --help            this help\n"
            "\n"
            "Example:\n"
            "  pkc keygen -t ec -c P-256 -o a.pem && pkc pubkey -i a.pem -o a.pub\n"
            "  pkc keygen -t ec -c P-256 -o b.pem && pkc pubkey -i b.pem -o b.pub\n"
            "  pkc derive -i a.pem -p b.pub -o s1 && pkc derive -i b.pem -p a.pub -o s2\n"
            "  cmp s1 s2\n");
}

static int cmd_derive(int argc, char **argv)
{
    static const struct option opts[] = {{"in", required_argument, NULL, 'i'},
                                         {"peer", required_argument, NULL, 'p'},
                                         {"out", required_argument, NULL, 'o'},
                                         {NULL, 0, NULL, 0}};
    const char *in = NULL, *peerpath = NULL, *out = NULL;
    int c;
    while ((c = getopt_long(argc, argv, ":i:p:o:", opts, NULL)) != -1) {
        switch (c) {
        case 'i': in = optarg; break;
        case 'p': peerpath = optarg; break;
        case 'o': out = optarg; break;
        default: return bad_option("derive", c, argv);
        }
    }
    if (!in || !peerpath)
        return cli_error(CLI_USAGE, "derive: -i KEY and -p PEER_PUB are required (see pkc derive --help)");
    if (optind < argc)
        return cli_error(CLI_USAGE, "derive: unexpected argument '%s'", argv[optind]);
    if (strcmp(in, "-") == 0 && strcmp(peerpath, "-") == 0)
        return cli_error(CLI_USAGE, "derive: the key and the peer key cannot both be stdin");
    pkc_key *key = NULL, *peer = NULL;
    int rc = load_key("derive", in, &key);
    if (rc)
        return rc;
    if ((rc = load_key("derive", peerpath, &peer))) {
        pkc_key_free(key);
        return rc;
    }
    uint8_t z[PKC_ECDH_MAX_SIZE];
    size_t zlen = 0;
    pkc_err err;
    if (pkc_key_get_type(key) != PKC_KEY_EC || pkc_key_get_type(peer) != PKC_KEY_EC)
        rc = cli_error(CLI_USAGE, "derive: both keys must be EC keys");
    else if (!pkc_key_is_private(key))
        rc = cli_error(CLI_USAGE, "derive: %s is a public key; derive needs your private key", in);
    else if (pkc_key_ec_public(key)->curve != pkc_key_ec_public(peer)->curve)
        rc = cli_error(CLI_USAGE, "derive: the keys are on different curves");
    else if ((err = pkc_key_derive(key, peer, z, sizeof z, &zlen)) != PKC_OK)
        rc = cli_error(CLI_USAGE, "derive: %s", err == PKC_ERR_POINT
                                                   ? "invalid peer key or result at infinity"
                                                   : pkc_strerror(err));
    else
        rc = write_out("derive", out, z, zlen);
    pkc_memzero(z, sizeof z);
    pkc_key_free(key);
    pkc_key_free(peer);
    return rc;
}

PKC_CLI_COMMAND(derive, 26, "ECDH: the raw shared secret of a private key and a peer's key",
                cmd_derive, usage_derive)
