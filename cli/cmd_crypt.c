/* pkc encrypt / decrypt — RSA-OAEP (RFC 8017 section 7.1) of short
 * messages, as `openssl pkeyutl -encrypt/-decrypt -pkeyopt
 * rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:DIGEST` (MGF1 with the same
 * digest, empty label); with an EC key and --scheme elgamal, EC-ElGamal on
 * Koblitz-encoded blocks (include/pkc/elgamal.h). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pkc/der.h"
#include "pkc/elgamal.h"
#include "pkc/key.h"
#include "pkc/rng.h"

static void usage_encrypt(FILE *out)
{
    fprintf(out,
            "usage: pkc encrypt -p PUB [--scheme oaep|elgamal] [-d DIGEST] [-o OUT] [FILE]\n"
            "\n"
            "RSA-OAEP encryption of FILE (standard input without FILE) to PUB, as\n"
            "`openssl pkeyutl -encrypt -pkeyopt rsa_padding_mode:oaep\n"
            "-pkeyopt rsa_oaep_md:DIGEST` does (MGF1 with the same digest, empty\n"
            "label). The message may be at most k - 2*hLen - 2 bytes (190 bytes for\n"
            "a 2048-bit key with SHA-256); no more than one byte beyond that is read.\n"
            "\n"
            "With an EC key and --scheme elgamal: EC-ElGamal of a message of up to\n"
            "1 MiB, split into blocks of field_bytes - 2 bytes, each encoded as a point\n"
            "(Koblitz) and encrypted as C1 = kG, C2 = M + kQ with a fresh k; the\n"
            "ciphertext is 'E' 'G' 01, then C1 and C2 compressed per block (about 2.2x\n"
            "the message on P-256). Textbook ElGamal: malleable, no integrity; a study\n"
            "of the scheme, not a way to protect files.\n"
            "\n"
            "Options:\n"
            "  -p, --pub PUB        RSA or EC public key (or a private key; at most 1 MiB)\n"
            "      --scheme NAME    oaep (RSA keys, the default) or elgamal (EC keys)\n"
            "  -d, --digest DIGEST  sha256 (default), sha1, sha224, sha384, sha512 (OAEP)\n"
            "  -o, --out OUT        ciphertext file (default: standard output); mode\n"
            "                       from the umask, never partial\n"
            "      --allow-weak     use an RSA key below 1024 bits (refused otherwise)\n"
            "  -h, --help           this help\n"
            "\n"
            "OpenSSL's spellings work too: -inkey PUB, -pubin, -encrypt, -out OUT.\n"
            "\n"
            "Example:\n"
            "  pkc encrypt -p pub.pem -o secret.enc secret.txt\n"
            "  pkc decrypt -i key.pem secret.enc\n");
}

static void usage_decrypt(FILE *out)
{
    fprintf(out,
            "usage: pkc decrypt -i KEY [--scheme oaep|elgamal] [-d DIGEST] [-o OUT] [FILE]\n"
            "\n"
            "RSA-OAEP decryption of FILE (standard input without FILE); the\n"
            "counterpart of pkc encrypt and of `openssl pkeyutl -encrypt -pkeyopt\n"
            "rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:DIGEST`. Any failure (wrong\n"
            "key, wrong digest, tampered ciphertext) is the single message\n"
            "\"decryption failed\", exit 2, and no output is written. With an EC key\n"
            "and --scheme elgamal, EC-ElGamal (see pkc encrypt --help): a changed\n"
            "ciphertext decrypts to another message or fails; nothing detects every\n"
            "change.\n"
            "\n"
            "Options:\n"
            "  -i, --in KEY         RSA or EC private key (PEM or DER, PKCS#1, SEC 1 or\n"
            "                       PKCS#8; at most 1 MiB)\n"
            "      --scheme NAME    oaep (RSA keys, the default) or elgamal (EC keys)\n"
            "  -d, --digest DIGEST  sha256 (default), sha1, sha224, sha384, sha512 (OAEP)\n"
            "  -o, --out OUT        plaintext file (default: standard output); mode\n"
            "                       0600, never partial\n"
            "      --allow-weak     use an RSA key below 1024 bits (refused otherwise)\n"
            "  -h, --help           this help\n"
            "\n"
            "OpenSSL's spellings work too: -inkey KEY, -decrypt, -out OUT.\n"
            "\n"
            "Example:\n"
            "  openssl pkeyutl -encrypt -pubin -inkey pub.pem -pkeyopt rsa_padding_mode:oaep \\\n"
            "      -pkeyopt rsa_oaep_md:sha256 -in msg -out msg.enc\n"
            "  pkc decrypt -i key.pem -o msg.out msg.enc\n");
}

enum { OPT_ALLOW_WEAK = 256, OPT_SCHEME };

/* EC-ElGamal messages: at most 1 MiB (about 35,000 blocks on P-256) */
#define ELGAMAL_MAX_MSG (1u << 20)

/* pkc encrypt/decrypt --scheme elgamal with an EC key */
static int crypt_elgamal(const pkc_key *key, const char *keypath, const char *file,
                         const char *out, int enc)
{
    const pkc_ec_public_key *pub = pkc_key_ec_public(key);
    const pkc_ec_private_key *priv = pkc_key_ec_private(key);
    if (!enc && !priv)
        return cli_error(CLI_USAGE, "%s is a public key; decryption needs the private key",
                         cli_input_name(keypath));
    pkc_curve_id curve = pub->curve;
    size_t max = enc ? ELGAMAL_MAX_MSG : pkc_elgamal_ciphertext_size(curve, ELGAMAL_MAX_MSG);
    uint8_t *in = NULL;
    size_t inlen = 0;
    int err_no = cli_read_file(file, max, &in, &inlen);
    if (err_no == EFBIG)
        return enc ? cli_error(CLI_USAGE, "message too long (EC-ElGamal: at most %zu bytes)", max)
                   : cli_error(CLI_USAGE, "not an EC-ElGamal ciphertext of this key's curve");
    if (err_no)
        return cli_error(CLI_USAGE, "cannot read %s: %s", cli_input_name(file), strerror(err_no));
    size_t cap = enc ? pkc_elgamal_ciphertext_size(curve, inlen)
                     : pkc_elgamal_plaintext_max(curve, inlen) + 1;
    uint8_t *buf = malloc(cap);
    size_t outlen = 0;
    pkc_rng rng;
    pkc_err err = PKC_ERR_NOMEM;
    int rc = 0;
    if (buf && !enc) {
        err = pkc_elgamal_decrypt(priv, in, inlen, buf, cap, &outlen);
    } else if (buf && (rc = cli_rng_init(&rng)) == 0) {
        err = pkc_elgamal_encrypt(pub, &rng, in, inlen, buf, cap, &outlen);
        pkc_rng_wipe(&rng);
    }
    if (rc == 0 && err == PKC_OK)
        rc = cli_write_output(out, buf, outlen, enc ? 0 : CLI_OUT_SECRET);
    else if (rc == 0 && err == PKC_ERR_DECODE)
        rc = cli_error(CLI_USAGE, "not an EC-ElGamal ciphertext of this key's curve (%s)",
                       pkc_curve_info_get(curve)->name);
    else if (rc == 0 && err == PKC_ERR_DECRYPT)
        rc = cli_error(CLI_USAGE, "decryption failed");
    else if (rc == 0)
        rc = cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    if (buf)
        pkc_secure_free(buf, cap);
    pkc_secure_free(in, inlen);
    return rc;
}

#define CRYPT_SPELLINGS(data, keyopt)                                                   \
    CLI_SPELLINGS_KEYFORM,                                                              \
        {"-in", NULL, "the " data " is the FILE argument, the key " keyopt},            \
        {"-pkeyopt", NULL, "OAEP is the only padding and its digest is -d DIGEST"},     \
        {"-encrypt", "", NULL}, {"-decrypt", "", NULL}

static int cmd_crypt(int argc, char **argv, int enc)
{
    static const struct option eopts[] = {{"pub", required_argument, NULL, 'p'},
                                          {"digest", required_argument, NULL, 'd'},
                                          {"out", required_argument, NULL, 'o'},
                                          {"allow-weak", no_argument, NULL, OPT_ALLOW_WEAK},
                                          {"scheme", required_argument, NULL, OPT_SCHEME},
                                          {NULL, 0, NULL, 0}};
    static const struct option dopts[] = {{"in", required_argument, NULL, 'i'},
                                          {"digest", required_argument, NULL, 'd'},
                                          {"out", required_argument, NULL, 'o'},
                                          {"allow-weak", no_argument, NULL, OPT_ALLOW_WEAK},
                                          {"scheme", required_argument, NULL, OPT_SCHEME},
                                          {NULL, 0, NULL, 0}};
    static const cli_spelling espellings[] = {
        {"-inkey", "--pub", NULL}, {"-pubin", "", NULL}, CRYPT_SPELLINGS("message", "-p PUB"),
        {NULL, NULL, NULL}};
    static const cli_spelling dspellings[] = {
        {"-inkey", "--in", NULL}, CRYPT_SPELLINGS("ciphertext", "-i KEY"), {NULL, NULL, NULL}};
    const char *shortopts = enc ? ":p:d:o:" : ":i:d:o:";
    const struct option *opts = enc ? eopts : dopts;
    if (cli_options_prepare(&argc, argv, shortopts, opts, enc ? espellings : dspellings))
        return CLI_USAGE;
    const char *keypath = NULL, *out = NULL;
    pkc_rsa_oaep_params op = {PKC_HASH_SHA256, 0, NULL, 0};
    int c, allow_weak = 0, elgamal = 0, digest_set = 0;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 'p':
        case 'i': keypath = optarg; break;
        case 'd':
            if (cli_parse_digest(optarg, 1, &op.hash))
                return CLI_USAGE;
            digest_set = 1;
            break;
        case OPT_SCHEME:
            if (strcmp(optarg, "oaep") == 0)
                elgamal = 0;
            else if (strcmp(optarg, "elgamal") == 0)
                elgamal = 1;
            else
                return cli_usage_error("unknown --scheme '%s' (oaep, elgamal)", optarg);
            break;
        case 'o': out = optarg; break;
        case OPT_ALLOW_WEAK: allow_weak = 1; break;
        default: return cli_option_error(c, argv);
        }
    }
    if (!keypath)
        return cli_usage_error("%s is required", enc ? "-p PUB" : "-i KEY");
    if (argc - optind > 1)
        return cli_usage_error("one FILE at most");
    const char *file = optind < argc ? argv[optind] : NULL;
    const char *inputs[] = {keypath, file}, *names[] = {"key", enc ? "message" : "ciphertext"};
    if (cli_check_stdin(2, inputs, names))
        return CLI_USAGE;
    pkc_key *key = NULL;
    int rc = cli_load_key(keypath, allow_weak, &key);
    if (rc)
        return rc;
    /* The input is read only as far as the key allows, so its type matters
     * before the library is asked. */
    if (elgamal || pkc_key_get_type(key) != PKC_KEY_RSA) {
        if (elgamal && pkc_key_get_type(key) == PKC_KEY_EC && !digest_set)
            rc = crypt_elgamal(key, keypath, file, out, enc);
        else if (elgamal && digest_set)
            rc = cli_usage_error("-d DIGEST is an RSA-OAEP option; EC-ElGamal has no digest");
        else if (elgamal)
            rc = cli_error(CLI_USAGE, "%s is an %s key; EC-ElGamal needs an EC key",
                           cli_input_name(keypath), pkc_key_type_name(key));
        else if (pkc_key_get_type(key) == PKC_KEY_EC)
            rc = cli_error(CLI_USAGE, "%s is an EC key: say --scheme elgamal (RSA-OAEP, the "
                           "default, needs an RSA key)", cli_input_name(keypath));
        else
            rc = cli_error(CLI_USAGE, "%s is an %s key; RSA-OAEP needs an RSA key",
                           cli_input_name(keypath), pkc_key_type_name(key));
        pkc_key_free(key);
        return rc;
    }
    size_t k = pkc_key_signature_size(key), h = pkc_hash_size(op.hash);
    /* RFC 8017 7.1.1 step 1.b: mLen <= k - 2hLen - 2; a ciphertext is k bytes */
    if (k < 2 * h + 2) {
        rc = cli_error(CLI_USAGE, "a %u-bit key is too small for RSA-OAEP with %s",
                       pkc_key_bits(key), pkc_hash_name(op.hash));
        pkc_key_free(key);
        return rc;
    }
    size_t max = enc ? k - 2 * h - 2 : k;
    uint8_t *in = NULL;
    size_t inlen = 0;
    int err_no = cli_read_file(file, max, &in, &inlen);
    pkc_rng rng;
    if (err_no == EFBIG)
        rc = enc ? cli_error(CLI_USAGE,
                             "message too long (at most %zu bytes with this key and digest)", max)
                 : cli_error(CLI_USAGE, "decryption failed");
    else if (err_no)
        rc = cli_error(CLI_USAGE, "cannot read %s: %s", cli_input_name(file), strerror(err_no));
    else
        rc = cli_rng_init(&rng);
    if (rc) {
        if (in)
            pkc_secure_free(in, inlen);
        pkc_key_free(key);
        return rc;
    }
    uint8_t *buf = malloc(k);
    size_t outlen = 0;
    pkc_err err = PKC_ERR_NOMEM;
    if (buf)
        err = enc ? pkc_key_encrypt(key, &rng, &op, in, inlen, buf, k, &outlen)
                  : pkc_key_decrypt(key, &rng, &op, in, inlen, buf, k, &outlen);
    pkc_rng_wipe(&rng);
    if (err == PKC_OK)
        /* a plaintext was worth encrypting: it is kept like a private key */
        rc = cli_write_output(out, buf, outlen, enc ? 0 : CLI_OUT_SECRET);
    else if (!enc && err == PKC_ERR_KEY && !pkc_key_is_private(key))
        rc = cli_error(CLI_USAGE, "%s is a public key; decryption needs the private key",
                       cli_input_name(keypath));
    else if (!enc && err == PKC_ERR_DECRYPT)
        rc = cli_error(CLI_USAGE, "decryption failed");
    else
        rc = cli_error(CLI_USAGE, "%s", pkc_strerror(err));
    pkc_key_free(key);
    if (buf)
        pkc_secure_free(buf, k);
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

PKC_CLI_COMMAND(encrypt, 24, "RSA-OAEP (or EC-ElGamal) encrypt a message to a public key", cmd_encrypt,
                usage_encrypt)
PKC_CLI_COMMAND(decrypt, 25, "RSA-OAEP (or EC-ElGamal) decrypt with a private key", cmd_decrypt, usage_decrypt)
