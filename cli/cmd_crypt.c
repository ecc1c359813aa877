/* pkc encrypt / decrypt — public-key encryption of files:
 *   RSA keys: RSA-OAEP (RFC 8017 section 7.1) of short messages, as
 *     `openssl pkeyutl -encrypt/-decrypt -pkeyopt rsa_padding_mode:oaep
 *     -pkeyopt rsa_oaep_md:DIGEST` (MGF1 with the same digest, empty label);
 *     hybrid RSA (include/pkc/rsa_hybrid.h) for longer ones;
 *   EC keys: ECIES with AES-256-GCM (include/pkc/ecies.h), or with
 *     --scheme elgamal EC-ElGamal on Koblitz-encoded blocks
 *     (include/pkc/elgamal.h). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pkc/der.h"
#include "pkc/ecies.h"
#include "pkc/elgamal.h"
#include "pkc/key.h"
#include "pkc/rng.h"
#include "pkc/rsa_hybrid.h"

static void usage_encrypt(FILE *out)
{
    fprintf(out,
            "usage: pkc encrypt -p PUB [--scheme oaep|hybrid|ecies|elgamal] [--hybrid]\n"
            "                   [-d DIGEST] [--kdf hkdf|x963] [-o OUT] [FILE]\n"
            "\n"
            "Encrypts FILE (standard input without FILE) to the public key PUB.\n"
            "\n"
            "RSA keys: RSA-OAEP, as `openssl pkeyutl -encrypt -pkeyopt\n"
            "rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:DIGEST` does (MGF1 with the\n"
            "same digest, empty label), for a message of at most k - 2*hLen - 2 bytes\n"
            "(190 bytes for a 2048-bit key with SHA-256). A longer message, or any\n"
            "message with --hybrid, is encrypted hybrid (a note says so): a fresh\n"
            "AES-256-GCM key and IV wrapped with RSA-OAEP, then W || C || T (the\n"
            "k-byte OAEP block, the GCM ciphertext, the 16-byte tag; W is GCM's\n"
            "additional data). pkc decrypt tells the two apart by their length.\n"
            "\n"
            "EC keys: ECIES (SEC 1 5.1): an ephemeral key R = kG, the shared secret\n"
            "x(kQ), a KDF of it and R (HKDF-SHA-256, or ANSI X9.63 with --kdf x963)\n"
            "giving an AES-256-GCM key and IV; the ciphertext is R (uncompressed) ||\n"
            "C || T, 81 bytes more than the message on P-256. With --scheme elgamal:\n"
            "EC-ElGamal, a study of the textbook scheme (malleable, no integrity;\n"
            "'E' 'G' 01, then C1 and C2 compressed per block of field_bytes - 2 bytes,\n"
            "at most 1 MiB), not a way to protect files.\n"
            "\n"
            "Hybrid and ECIES messages may be up to 256 MiB.\n"
            "\n"
            "Options:\n"
            "  -p, --pub PUB        RSA or EC public key (or a private key; at most 1 MiB)\n"
            "      --scheme NAME    RSA keys: oaep (the default; hybrid beyond OAEP's\n"
            "                       limit) or hybrid; EC keys: ecies (the default) or\n"
            "                       elgamal\n"
            "      --hybrid         the same as --scheme hybrid\n"
            "  -d, --digest DIGEST  OAEP's digest (also for hybrid): sha256 (default),\n"
            "                       sha1, sha224, sha384, sha512\n"
            "      --mgf1 DIGEST    OAEP's MGF1 digest (default: the -d digest)\n"
            "      --label HEX      OAEP's label (default: empty)\n"
            "      --kdf NAME       ECIES: hkdf (HKDF-SHA-256, the default) or x963\n"
            "  -o, --out OUT        ciphertext file (default: standard output); mode\n"
            "                       from the umask, never partial\n"
            "      --allow-weak     use an RSA key below 1024 bits (refused otherwise)\n"
            "  -h, --help           this help\n"
            "\n"
            "OpenSSL's spellings work too: -inkey PUB, -pubin, -encrypt, -out OUT.\n"
            "\n"
            "Examples:\n"
            "  pkc encrypt -p pub.pem -o secret.enc secret.txt\n"
            "  pkc decrypt -i key.pem secret.enc\n"
            "  pkc encrypt -p ec-pub.pem -o big.enc big.tar     (ECIES)\n");
}

static void usage_decrypt(FILE *out)
{
    fprintf(out,
            "usage: pkc decrypt -i KEY [--scheme oaep|hybrid|ecies|elgamal] [-d DIGEST]\n"
            "                   [--kdf hkdf|x963] [-o OUT] [FILE]\n"
            "\n"
            "Decrypts FILE (standard input without FILE); the counterpart of pkc\n"
            "encrypt (see pkc encrypt --help for the formats) and, for RSA-OAEP, of\n"
            "`openssl pkeyutl -encrypt -pkeyopt rsa_padding_mode:oaep -pkeyopt\n"
            "rsa_oaep_md:DIGEST`. With an RSA key a ciphertext of exactly k bytes is\n"
            "RSA-OAEP and a longer one hybrid, unless --scheme says which; with an EC\n"
            "key it is ECIES unless --scheme elgamal. Any failure (wrong key, wrong\n"
            "digest or KDF, tampered or truncated ciphertext) is the single message\n"
            "\"decryption failed\" (or, for a ciphertext that cannot be one of this\n"
            "key's, a message that says so), exit 2, and no output is written: ECIES\n"
            "and hybrid check the GCM tag before any plaintext. EC-ElGamal has no\n"
            "integrity: a changed ciphertext decrypts to another message or fails.\n"
            "\n"
            "Options:\n"
            "  -i, --in KEY         RSA or EC private key (PEM or DER, PKCS#1, SEC 1 or\n"
            "                       PKCS#8; at most 1 MiB)\n"
            "      --scheme NAME    oaep, hybrid (RSA keys), ecies, elgamal (EC keys)\n"
            "      --hybrid         the same as --scheme hybrid\n"
            "  -d, --digest DIGEST  OAEP's digest: sha256 (default), sha1, sha224,\n"
            "                       sha384, sha512\n"
            "      --mgf1 DIGEST    OAEP's MGF1 digest (default: the -d digest)\n"
            "      --label HEX      OAEP's label (default: empty)\n"
            "      --kdf NAME       ECIES: hkdf (the default) or x963\n"
            "  -o, --out OUT        plaintext file (default: standard output); mode\n"
            "                       0600, never partial\n"
            "      --allow-weak     use an RSA key below 1024 bits (refused otherwise)\n"
            CLI_HELP_PASSIN
            "  -h, --help           this help\n"
            "\n"
            "OpenSSL's spellings work too: -inkey KEY, -decrypt, -out OUT.\n"
            "\n"
            "Example:\n"
            "  openssl pkeyutl -encrypt -pubin -inkey pub.pem -pkeyopt rsa_padding_mode:oaep \\\n"
            "      -pkeyopt rsa_oaep_md:sha256 -in msg -out msg.enc\n"
            "  pkc decrypt -i key.pem -o msg.out msg.enc\n");
}

enum { OPT_ALLOW_WEAK = 256, OPT_SCHEME, OPT_HYBRID, OPT_KDF, OPT_LABEL, OPT_MGF1 };

typedef enum { SCHEME_AUTO, SCHEME_OAEP, SCHEME_HYBRID, SCHEME_ECIES, SCHEME_ELGAMAL } scheme;

/* EC-ElGamal messages: at most 1 MiB (about 35,000 blocks on P-256) */
#define ELGAMAL_MAX_MSG (1u << 20)
/* ECIES and hybrid messages: at most 256 MiB, read whole */
#define AEAD_MAX_MSG (256u << 20)

static int public_key_error(const char *keypath)
{
    return cli_error(CLI_USAGE, "%s is a public key; decryption needs the private key",
                     cli_input_name(keypath));
}

/* pkc encrypt/decrypt --scheme elgamal with an EC key */
static int crypt_elgamal(const pkc_key *key, const char *keypath, const char *file,
                         const char *out, int enc)
{
    const pkc_ec_public_key *pub = pkc_key_ec_public(key);
    const pkc_ec_private_key *priv = pkc_key_ec_private(key);
    if (!enc && !priv)
        return public_key_error(keypath);
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

/* ECIES with an EC key */
static int crypt_ecies(const pkc_key *key, const char *keypath, const char *file,
                       const char *out, int enc, pkc_ecies_kdf kdf)
{
    const pkc_ec_public_key *pub = pkc_key_ec_public(key);
    const pkc_ec_private_key *priv = pkc_key_ec_private(key);
    if (!enc && !priv)
        return public_key_error(keypath);
    pkc_curve_id curve = pub->curve;
    size_t over = pkc_ecies_overhead(curve);
    uint8_t *in = NULL;
    size_t inlen = 0;
    int err_no = cli_read_file(file, enc ? AEAD_MAX_MSG : AEAD_MAX_MSG + over, &in, &inlen);
    if (err_no == EFBIG)
        return cli_error(CLI_USAGE, "%s too long (ECIES: at most %u MiB)",
                         enc ? "message" : "ciphertext", AEAD_MAX_MSG >> 20);
    if (err_no)
        return cli_error(CLI_USAGE, "cannot read %s: %s", cli_input_name(file), strerror(err_no));
    size_t cap = enc ? inlen + over : (inlen > over ? inlen - over : 1);
    uint8_t *buf = malloc(cap);
    size_t outlen = 0;
    pkc_ecies_params prm = {kdf, NULL, 0};
    pkc_rng rng;
    pkc_err err = PKC_ERR_NOMEM;
    int rc = 0;
    if (buf && !enc) {
        err = pkc_ecies_decrypt(priv, &prm, in, inlen, buf, cap, &outlen);
    } else if (buf && (rc = cli_rng_init(&rng)) == 0) {
        err = pkc_ecies_encrypt(pub, &rng, &prm, in, inlen, buf, cap, &outlen);
        pkc_rng_wipe(&rng);
    }
    if (rc == 0 && err == PKC_OK)
        rc = cli_write_output(out, buf, outlen, enc ? 0 : CLI_OUT_SECRET);
    else if (rc == 0 && err == PKC_ERR_DECODE)
        rc = cli_error(CLI_USAGE, "not an ECIES ciphertext of this key's curve (%s)",
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

/* RSA-OAEP or hybrid with an RSA key; SCHEME_AUTO chooses by the length */
static int crypt_rsa(const pkc_key *key, const char *keypath, const char *file, const char *out,
                     int enc, scheme sch, const pkc_rsa_oaep_params *op, int defaults)
{
    const pkc_rsa_key *rsa = pkc_key_rsa(key);
    size_t k = pkc_rsa_size(rsa), h = pkc_hash_size(op->hash);
    /* RFC 8017 7.1.1 step 1.b: mLen <= k - 2hLen - 2; hybrid wraps 44 bytes
     * (a key too small for that gets OAEP only) */
    int can_hybrid = k >= 2 * h + 2 + 44;
    if (sch == SCHEME_AUTO && !can_hybrid)
        sch = SCHEME_OAEP;
    if (k < 2 * h + 2 || (sch == SCHEME_HYBRID && !can_hybrid))
        return cli_error(CLI_USAGE, "a %u-bit key is too small for %s with %s",
                         pkc_key_bits(key), sch == SCHEME_HYBRID ? "hybrid RSA" : "RSA-OAEP",
                         pkc_hash_name(op->hash));
    if (!enc && !pkc_key_is_private(key))
        return public_key_error(keypath);
    size_t oaep_max = k - 2 * h - 2, over = k + PKC_RSA_HYBRID_TAG_SIZE;
    size_t max = sch == SCHEME_OAEP ? (enc ? oaep_max : k)
                                    : (enc ? AEAD_MAX_MSG : AEAD_MAX_MSG + over);
    uint8_t *in = NULL;
    size_t inlen = 0;
    int err_no = cli_read_file(file, max, &in, &inlen);
    if (err_no == EFBIG && sch == SCHEME_OAEP)
        return enc ? cli_error(CLI_USAGE,
                               "message too long (at most %zu bytes with this key and digest; "
                               "--hybrid encrypts any length)",
                               max)
                   : cli_error(CLI_USAGE, "decryption failed");
    if (err_no == EFBIG)
        return cli_error(CLI_USAGE, "%s too long (hybrid RSA: at most %u MiB)",
                         enc ? "message" : "ciphertext", AEAD_MAX_MSG >> 20);
    if (err_no)
        return cli_error(CLI_USAGE, "cannot read %s: %s", cli_input_name(file), strerror(err_no));
    /* the choice: a message beyond OAEP's limit, a ciphertext not of k bytes */
    int hybrid = sch == SCHEME_HYBRID ||
                 (sch == SCHEME_AUTO && (enc ? inlen > oaep_max : inlen != k));
    if (enc && hybrid && sch == SCHEME_AUTO)
        cli_error(0,
                  "note: the message (%zu bytes) is longer than RSA-OAEP allows with this key "
                  "(%zu bytes): hybrid encryption, RSA-OAEP + AES-256-GCM (--hybrid says so "
                  "explicitly)",
                  inlen, oaep_max);
    size_t cap = !hybrid ? k : enc ? inlen + over : (inlen > over ? inlen - over : 1);
    uint8_t *buf = malloc(cap);
    size_t outlen = 0;
    pkc_rng rng;
    pkc_err err = PKC_ERR_NOMEM;
    int rc = cli_rng_init(&rng);
    if (rc == 0 && buf) {
        if (hybrid)
            err = enc ? pkc_rsa_hybrid_encrypt(rsa, &rng, op, in, inlen, buf, cap, &outlen)
                      : pkc_rsa_hybrid_decrypt(rsa, &rng, op, in, inlen, buf, cap, &outlen);
        else
            err = enc ? pkc_key_encrypt(key, &rng, op, in, inlen, buf, cap, &outlen)
                      : pkc_key_decrypt(key, &rng, op, in, inlen, buf, cap, &outlen);
    }
    if (rc == 0)
        pkc_rng_wipe(&rng);
    if (rc == 0 && err == PKC_OK)
        /* a plaintext was worth encrypting: it is kept like a private key */
        rc = cli_write_output(out, buf, outlen, enc ? 0 : CLI_OUT_SECRET);
    else if (rc == 0 && !enc && !hybrid && defaults && err == PKC_ERR_DECRYPT)
        /* the most common cause: OpenSSL's pkeyutl uses SHA-1 for OAEP */
        rc = cli_error(CLI_USAGE, "decryption failed (RSA-OAEP with SHA-256, pkc's default; "
                                  "`openssl pkeyutl` defaults to SHA-1: try -d sha1)");
    else if (rc == 0 && !enc && (err == PKC_ERR_DECRYPT || err == PKC_ERR_DECODE))
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
        {"-pkeyopt", NULL, "OAEP is the padding; its options are -d, --mgf1, --label"}, \
        {"-encrypt", "", NULL}, {"-decrypt", "", NULL}

static int parse_scheme(const char *name, scheme *out)
{
    static const char *const names[] = {"oaep", "hybrid", "ecies", "elgamal"};
    for (int i = 0; i < 4; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = (scheme)(SCHEME_OAEP + i);
            return 0;
        }
    return cli_usage_error("unknown --scheme '%s' (oaep, hybrid, ecies, elgamal)", name);
}

static int crypt_run(int argc, char **argv, int enc, scheme sch, const pkc_rsa_oaep_params *opp,
                     pkc_ecies_kdf kdf, const char *keypath, const char *out, int allow_weak,
                     int digest_set, int kdf_set);

static int cmd_crypt(int argc, char **argv, int enc)
{
    static const struct option eopts[] = {{"pub", required_argument, NULL, 'p'},
                                          {"digest", required_argument, NULL, 'd'},
                                          CLI_OPT_OUT,
                                          {"allow-weak", no_argument, NULL, OPT_ALLOW_WEAK},
                                          {"scheme", required_argument, NULL, OPT_SCHEME},
                                          {"hybrid", no_argument, NULL, OPT_HYBRID},
                                          {"kdf", required_argument, NULL, OPT_KDF},
                                          {"label", required_argument, NULL, OPT_LABEL},
                                          {"mgf1", required_argument, NULL, OPT_MGF1},
                                          {NULL, 0, NULL, 0}};
    static const struct option dopts[] = {CLI_OPT_IN,
                                          CLI_OPT_PASSIN,
                                          {"digest", required_argument, NULL, 'd'},
                                          CLI_OPT_OUT,
                                          {"allow-weak", no_argument, NULL, OPT_ALLOW_WEAK},
                                          {"scheme", required_argument, NULL, OPT_SCHEME},
                                          {"hybrid", no_argument, NULL, OPT_HYBRID},
                                          {"kdf", required_argument, NULL, OPT_KDF},
                                          {"label", required_argument, NULL, OPT_LABEL},
                                          {"mgf1", required_argument, NULL, OPT_MGF1},
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
    pkc_ecies_kdf kdf = PKC_ECIES_KDF_HKDF_SHA256;
    scheme sch = SCHEME_AUTO;
    int c, allow_weak = 0, digest_set = 0, kdf_set = 0, rc = 0;
    uint8_t *label = NULL;
    size_t labellen = 0;
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
            if (parse_scheme(optarg, &sch))
                return CLI_USAGE;
            break;
        case OPT_HYBRID: sch = SCHEME_HYBRID; break;
        case OPT_KDF:
            if (strcmp(optarg, "hkdf") == 0)
                kdf = PKC_ECIES_KDF_HKDF_SHA256;
            else if (strcmp(optarg, "x963") == 0)
                kdf = PKC_ECIES_KDF_X963_SHA256;
            else
                return cli_usage_error("unknown --kdf '%s' (hkdf, x963)", optarg);
            kdf_set = 1;
            break;
        case 'o': out = optarg; break;
        case OPT_ALLOW_WEAK: allow_weak = 1; break;
        case CLI_OPT_PASSIN_ID: cli_set_passin(optarg); break;
        case OPT_LABEL:
            if (label)
                pkc_secure_free(label, labellen + 1);
            label = NULL;
            if (cli_parse_hex("--label", optarg, 1 << 16, &label, &labellen))
                return CLI_USAGE;
            op.label = label;
            op.labellen = labellen;
            digest_set = 1; /* an RSA-OAEP option, like -d */
            break;
        case OPT_MGF1:
            if (cli_parse_digest(optarg, 1, &op.mgf1_hash))
                rc = CLI_USAGE;
            digest_set = 1;
            break;
        default: rc = cli_option_error(c, argv);
        }
        if (rc)
            break;
    }
    if (!rc)
        rc = crypt_run(argc, argv, enc, sch, &op, kdf, keypath, out, allow_weak, digest_set,
                       kdf_set);
    if (label)
        pkc_secure_free(label, labellen + 1);
    return rc;
}

static int crypt_run(int argc, char **argv, int enc, scheme sch, const pkc_rsa_oaep_params *opp,
                     pkc_ecies_kdf kdf, const char *keypath, const char *out, int allow_weak,
                     int digest_set, int kdf_set)
{
    pkc_rsa_oaep_params op = *opp;
    if (!keypath)
        return cli_usage_error("%s is required", enc ? "-p PUB" : "-i KEY");
    if (argc - optind > 1)
        return cli_usage_error("one FILE at most");
    int ec_scheme = sch == SCHEME_ECIES || sch == SCHEME_ELGAMAL;
    if (digest_set && ec_scheme)
        return cli_usage_error("-d, --mgf1 and --label are RSA-OAEP options; %s has none",
                               sch == SCHEME_ECIES ? "ECIES" : "EC-ElGamal");
    if (kdf_set && sch != SCHEME_AUTO && sch != SCHEME_ECIES)
        return cli_usage_error("--kdf is an ECIES option");
    const char *file = optind < argc ? argv[optind] : NULL;
    const char *inputs[] = {keypath, file}, *names[] = {"key", enc ? "message" : "ciphertext"};
    if (cli_check_stdin(2, inputs, names))
        return CLI_USAGE;
    pkc_key *key = NULL;
    int rc = cli_load_key(keypath, allow_weak, &key);
    if (rc)
        return rc;
    /* The input is read only as far as the key and scheme allow, so both
     * matter before the file is read. */
    pkc_key_type type = pkc_key_get_type(key);
    if (type == PKC_KEY_RSA && !ec_scheme && !kdf_set)
        rc = crypt_rsa(key, keypath, file, out, enc, sch, &op, !digest_set);
    else if (type == PKC_KEY_RSA && kdf_set)
        rc = cli_usage_error("--kdf is an ECIES option; %s is an RSA key",
                             cli_input_name(keypath));
    else if (type == PKC_KEY_EC && sch == SCHEME_ELGAMAL)
        rc = crypt_elgamal(key, keypath, file, out, enc);
    else if (type == PKC_KEY_EC && (sch == SCHEME_AUTO || sch == SCHEME_ECIES) && !digest_set)
        rc = crypt_ecies(key, keypath, file, out, enc, kdf);
    else if (type == PKC_KEY_EC && digest_set)
        rc = cli_usage_error("-d, --mgf1 and --label are RSA-OAEP options; ECIES has none");
    else
        rc = cli_error(CLI_USAGE, "%s is an %s key; %s needs an %s key", cli_input_name(keypath),
                       pkc_key_type_name(key),
                       sch == SCHEME_ECIES     ? "ECIES"
                       : sch == SCHEME_ELGAMAL ? "EC-ElGamal"
                       : sch == SCHEME_HYBRID  ? "hybrid RSA"
                                               : "RSA-OAEP",
                       ec_scheme ? "EC" : "RSA");
    pkc_key_free(key);
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

PKC_CLI_COMMAND(encrypt, 24, "encrypt to a public key: RSA-OAEP, hybrid RSA, ECIES (or EC-ElGamal)",
                cmd_encrypt, usage_encrypt)
PKC_CLI_COMMAND(decrypt, 25, "decrypt with a private key: RSA-OAEP, hybrid RSA, ECIES (or EC-ElGamal)",
                cmd_decrypt, usage_decrypt)
