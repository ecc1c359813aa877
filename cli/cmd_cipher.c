/* pkc cipher — AES-128/192/256 in ECB, CBC, CTR (include/pkc/aes.h) and
 * GCM (include/pkc/gcm.h) on files of any size, streamed in 64 KiB chunks.
 * ECB, CBC and CTR give the bytes of `openssl enc -aes-256-cbc -K HEX -iv
 * HEX [-nopad]` (a raw key: no salt, no header, PKCS#7 padding by default,
 * CTR's 128-bit big-endian counter); GCM (which openssl enc lacks) writes
 * the ciphertext followed by the tag, as most libraries' one-shot APIs do.
 *
 * Outputs go through cli_out (cli/util.h): a file is written to a temporary
 * file beside it and renamed only on success, so bad padding or a wrong tag
 * leaves no output behind. GCM decryption to a direct output (standard
 * output, a device, a FIFO) checks the tag in a first pass that writes
 * nothing, and decrypts in a second (an input that cannot be read twice is
 * first spooled, as ciphertext, to an unlinked temporary file). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "pkc/aes.h"
#include "pkc/der.h"
#include "pkc/gcm.h"

static void usage_cipher(FILE *out)
{
    fprintf(out,
            "usage: pkc cipher -a ALGORITHM (-e|-d) -K HEX [--iv HEX] [--nopad]\n"
            "                  [--aad HEX] [--tag HEX | --tag-out FILE] [--taglen N]\n"
            "                  [-i IN] [-o OUT] [IN]\n"
            "\n"
            "AES encryption (-e) or decryption (-d) of IN (standard input without it)\n"
            "with a raw key, streamed in 64 KiB chunks (any size works). ALGORITHM is\n"
            "aes-128, aes-192 or aes-256 followed by -ecb, -cbc, -ctr or -gcm.\n"
            "\n"
            "ECB, CBC and CTR write exactly what `openssl enc -aes-256-cbc -K HEX\n"
            "-iv HEX [-nopad]` writes (no salt, no header): ECB and CBC pad with\n"
            "PKCS#7 unless --nopad (then the input must be a multiple of 16 bytes);\n"
            "CTR counts the whole 16-byte IV as one big-endian number. ECB takes no\n"
            "IV (refused, where openssl ignores it); CBC and CTR need a 16-byte one.\n"
            "ECB encrypts equal blocks to equal blocks and so shows the structure of\n"
            "the data: it is here for the study, not for protecting files.\n"
            "\n"
            "GCM (SP 800-38D): --iv of any length from 1 byte (12, the standard's\n"
            "recommendation, is the fast path); never reuse a (key, IV) pair. Encryption\n"
            "writes the ciphertext followed by the tag; decryption reads the tag from\n"
            "the end of the input. With --tag-out FILE, encryption writes the tag to\n"
            "FILE instead (as hex and a newline), and decryption takes it as --tag HEX.\n"
            "A wrong tag means \"authentication failed\", exit 2, and no output: an\n"
            "output file is written only once the tag is verified, and standard output\n"
            "gets no plaintext before (the input is read twice, spooled as ciphertext\n"
            "to a temporary file when it is a pipe).\n"
            "\n"
            "Options:\n"
            "  -a, --algorithm ALG  aes-{128,192,256}-{ecb,cbc,ctr,gcm}\n"
            "  -e, --encrypt        encrypt\n"
            "  -d, --decrypt        decrypt\n"
            "  -K, --key HEX        the key: 16, 24 or 32 bytes as the algorithm says\n"
            "      --iv HEX         CBC, CTR: 16 bytes; GCM: 1 byte or more (12 is usual)\n"
            "      --nopad          ECB, CBC: no PKCS#7 padding\n"
            "      --aad HEX        GCM: additional authenticated data\n"
            "      --taglen N       GCM: tag length, 4, 8 or 12 .. 16 bytes (default 16)\n"
            "      --tag HEX        GCM decryption: the tag (else the input's last bytes)\n"
            "      --tag-out FILE   GCM encryption: the tag to FILE, not after the data\n"
            "  -i, --in IN          input file (or the IN argument; default standard input)\n"
            "  -o, --out OUT        output file (default: standard output); never partial;\n"
            "                       mode 0600 for decrypted data\n"
            "  -h, --help           this help\n"
            "\n"
            "OpenSSL's spellings work too: -aes-256-cbc, -K, -iv, -in, -out, -nopad, -e,\n"
            "-d (and -nosalt, which changes nothing with a raw key).\n"
            "\n"
            "Errors (exit 2, no output written): a key or IV of the wrong length, bad\n"
            "hex, bad padding (\"bad decrypt\": wrong key or IV, or not such a\n"
            "ciphertext), a length that is not a multiple of 16 where one is needed,\n"
            "a GCM tag that does not verify. ECB, CBC and CTR to standard output are\n"
            "streamed: bad padding found at the end comes after the blocks before it.\n"
            "\n"
            "Examples:\n"
            "  K=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n"
            "  pkc cipher -a aes-256-cbc -e -K $K --iv 0f0e0d0c0b0a09080706050403020100 \\\n"
            "      -i msg.txt -o msg.enc\n"
            "  openssl enc -d -aes-256-cbc -K $K -iv 0f0e0d0c0b0a09080706050403020100 \\\n"
            "      -in msg.enc\n"
            "  pkc cipher -a aes-128-gcm -e -K 00112233445566778899aabbccddeeff \\\n"
            "      --iv cafebabefacedbaddecaf888 --aad feedface -i big.iso -o big.gcm\n"
            "  pkc cipher -a aes-128-gcm -d -K 00112233445566778899aabbccddeeff \\\n"
            "      --iv cafebabefacedbaddecaf888 --aad feedface -i big.gcm -o big.iso\n");
}

typedef enum { MODE_ECB, MODE_CBC, MODE_CTR, MODE_GCM } cipher_mode;

static const char *const mode_names[] = {"ecb", "cbc", "ctr", "gcm"};

#define CHUNK ((size_t)64 * 1024)
/* a chunk, a held-back block or tag, and a padding block */
#define BUF_SIZE (CHUNK + 48)

typedef struct {
    char name[16]; /* "aes-256-cbc" */
    cipher_mode mode;
    int enc, pad;
    const uint8_t *key, *iv, *aad;
    size_t keylen, ivlen, aadlen, taglen;
    const uint8_t *tag; /* --tag, else NULL: in the input */
    int tag_apart;      /* --tag-out: the tag is not appended */
    size_t hold;        /* bytes kept back until the end */
    pkc_aes_key aes;
    uint8_t chain[16]; /* CBC: the previous ciphertext block */
    pkc_aes_ctr_ctx ctr;
    pkc_gcm_key gk;
    pkc_gcm_ctx gcm;
    uint8_t tag_out[PKC_GCM_TAG_SIZE];
} cipher;

/* "aes-256-cbc" (any case) to the key length and mode; -1 if it is none */
static int parse_algorithm(const char *s, cipher *c)
{
    static const unsigned bits[] = {128, 192, 256};
    for (size_t b = 0; b < 3; b++)
        for (size_t m = 0; m < 4; m++) {
            char name[16];
            snprintf(name, sizeof name, "aes-%u-%s", bits[b], mode_names[m]);
            if (strcasecmp(s, name) == 0) {
                memcpy(c->name, name, sizeof name);
                c->keylen = bits[b] / 8;
                c->mode = (cipher_mode)m;
                return 0;
            }
        }
    return -1;
}

/* Ready for a pass over the data (GCM decryption may make two). */
static void cipher_start(cipher *c)
{
    if (c->mode == MODE_GCM) {
        pkc_gcm_init(&c->gcm, &c->gk, c->iv, c->ivlen);
        pkc_gcm_aad(&c->gcm, c->aad, c->aadlen);
    } else if (c->mode == MODE_CTR) {
        pkc_aes_ctr_init(&c->ctr, &c->aes, c->iv);
    } else if (c->mode == MODE_CBC) {
        memcpy(c->chain, c->iv, 16);
    }
}

/* n bytes in place (a multiple of 16 for ECB and CBC). Returns 0, or
 * CLI_USAGE after the error line (GCM's length limit). */
static int cipher_update(cipher *c, uint8_t *buf, size_t n)
{
    uint8_t last[16];
    pkc_err err = PKC_OK;
    switch (c->mode) {
    case MODE_ECB:
        err = c->enc ? pkc_aes_ecb_encrypt(&c->aes, buf, buf, n)
                     : pkc_aes_ecb_decrypt(&c->aes, buf, buf, n);
        break;
    case MODE_CBC:
        if (c->enc) {
            err = pkc_aes_cbc_encrypt(&c->aes, c->chain, buf, buf, n);
            memcpy(c->chain, buf + n - 16, 16);
        } else {
            memcpy(last, buf + n - 16, 16);
            err = pkc_aes_cbc_decrypt(&c->aes, c->chain, buf, buf, n);
            memcpy(c->chain, last, 16);
        }
        break;
    case MODE_CTR: err = pkc_aes_ctr_update(&c->ctr, buf, buf, n); break;
    case MODE_GCM:
        err = c->enc ? pkc_gcm_encrypt_update(&c->gcm, buf, buf, n)
                     : pkc_gcm_decrypt_update(&c->gcm, buf, buf, n);
        if (err != PKC_OK)
            return cli_error(CLI_USAGE, "the input is longer than GCM allows (2^36 - 32 bytes)");
        break;
    }
    return err == PKC_OK ? 0 : cli_error(CLI_USAGE, "%s", pkc_strerror(err));
}

/* The end of the data: buf holds the have bytes kept back (fewer than 16
 * for encryption, c->hold for decryption), total is the input's length.
 * Sets *outlen to what is left to write from buf. Returns 0, or CLI_USAGE
 * after the error line. */
static int cipher_finish(cipher *c, uint8_t *buf, size_t have, uint64_t total, size_t *outlen)
{
    *outlen = 0;
    if (c->mode == MODE_CTR)
        return 0;
    if (c->mode == MODE_GCM) {
        if (c->enc) {
            pkc_gcm_encrypt_final(&c->gcm, c->tag_out, c->taglen);
            return 0;
        }
        const uint8_t *tag = c->tag ? c->tag : buf;
        if (have < c->hold)
            return cli_error(CLI_USAGE, "the input (%llu bytes) is shorter than the %zu-byte tag",
                             (unsigned long long)total, c->taglen);
        if (pkc_gcm_decrypt_final(&c->gcm, tag, c->taglen) != PKC_OK)
            return cli_error(CLI_USAGE, "authentication failed: wrong key, IV, AAD or tag, "
                                        "or a changed ciphertext");
        return 0;
    }
    /* ECB and CBC */
    if (c->enc && c->pad) {
        size_t n;
        pkc_pkcs7_pad(buf, BUF_SIZE, buf, have, &n);
        *outlen = n;
        return cipher_update(c, buf, n);
    }
    if (!c->enc && c->pad && have == 0)
        return cli_error(CLI_USAGE, "the input is empty: not %s ciphertext (a block at least)",
                         c->name);
    if (have % 16)
        return cli_error(CLI_USAGE, "the input (%llu bytes) is not a multiple of 16 bytes%s%s%s",
                         (unsigned long long)total, c->enc ? ", as --nopad needs" : ": not ",
                         c->enc ? "" : c->name, c->enc ? "" : " ciphertext");
    if (have == 0)
        return 0;
    int rc = cipher_update(c, buf, have);
    if (rc)
        return rc;
    if (c->pad && pkc_pkcs7_unpad(buf, have, outlen) != PKC_OK)
        return cli_error(CLI_USAGE, "bad decrypt: wrong padding (a wrong key or IV, or not "
                                    "%s ciphertext)", c->name);
    if (!c->pad)
        *outlen = have;
    return 0;
}

static int read_error(const char *inname)
{
    return cli_error(CLI_USAGE, "cannot read %s: %s", cli_input_name(inname), strerror(errno));
}

/* One pass over fd: chunks through the cipher to o (or nowhere when o is
 * NULL: GCM's verifying pass). buf holds BUF_SIZE bytes. Returns 0, or
 * CLI_USAGE after the error line. */
static int run_pass(cipher *c, int fd, const char *inname, cli_out *o, uint8_t *buf)
{
    size_t have = 0;
    uint64_t total = 0;
    int block = c->mode == MODE_ECB || c->mode == MODE_CBC, rc;
    for (;;) {
        ssize_t r = read(fd, buf + have, CHUNK + c->hold - have);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return read_error(inname);
        if (r == 0)
            break;
        have += (size_t)r;
        total += (uint64_t)r;
        if (have <= c->hold)
            continue;
        size_t n = have - c->hold;
        if (block)
            n &= ~(size_t)15;
        if (n == 0)
            continue;
        if ((rc = cipher_update(c, buf, n)) != 0)
            return rc;
        if (o && (rc = cli_out_write(o, buf, n)) != 0)
            return cli_error(CLI_USAGE, "cannot write %s: %s",
                             o->target ? o->target : "the output", strerror(rc));
        memmove(buf, buf + n, have - n);
        have -= n;
    }
    size_t n;
    if ((rc = cipher_finish(c, buf, have, total, &n)) != 0)
        return rc;
    if (o && c->mode == MODE_GCM && c->enc && !c->tag_apart) {
        memcpy(buf, c->tag_out, c->taglen);
        n = c->taglen;
    }
    if (o && n && (rc = cli_out_write(o, buf, n)) != 0)
        return cli_error(CLI_USAGE, "cannot write %s: %s", o->target ? o->target : "the output",
                         strerror(rc));
    return 0;
}

/* An input that can be read twice: fd itself when it is a regular file,
 * else a copy of it (ciphertext) in an unlinked temporary file. Sets
 * *start to where the data begins. Returns the descriptor, or -1 after the
 * error line. */
static int rereadable(int fd, const char *inname, uint8_t *buf, off_t *start)
{
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (*start = lseek(fd, 0, SEEK_CUR)) >= 0)
        return fd;
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/pkc-cipher-XXXXXX", dir && *dir ? dir : "/tmp");
    int t = mkostemp(path, O_CLOEXEC);
    if (t < 0) {
        cli_error(CLI_USAGE, "cannot spool %s to %s: %s", cli_input_name(inname), path,
                  strerror(errno));
        return -1;
    }
    unlink(path);
    for (;;) {
        ssize_t r = read(fd, buf, CHUNK);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            read_error(inname);
            close(t);
            return -1;
        }
        if (r == 0)
            break;
        cli_out spool = {t, 1, 0, -1, NULL, NULL};
        int err = cli_out_write(&spool, buf, (size_t)r);
        if (err) {
            cli_error(CLI_USAGE, "cannot spool %s: %s", cli_input_name(inname), strerror(err));
            close(t);
            return -1;
        }
    }
    *start = 0;
    if (lseek(t, 0, SEEK_SET) < 0) {
        cli_error(CLI_USAGE, "cannot spool %s: %s", cli_input_name(inname), strerror(errno));
        close(t);
        return -1;
    }
    return t;
}

/* Runs the cipher from fd to o, committing o (and the tag file) only on
 * success. Returns 0 or CLI_USAGE. */
static int run(cipher *c, int fd, const char *inname, cli_out *o, const char *tagout,
               uint8_t *buf)
{
    int rc;
    if (c->mode == MODE_GCM && !c->enc && o->direct) {
        /* nothing reaches a direct output before the tag is verified */
        off_t start = 0;
        int rfd = rereadable(fd, inname, buf, &start);
        if (rfd < 0)
            return CLI_USAGE;
        rc = run_pass(c, rfd, inname, NULL, buf);
        if (rc == 0 && lseek(rfd, start, SEEK_SET) < 0)
            rc = read_error(inname);
        if (rc == 0) {
            cipher_start(c);
            rc = run_pass(c, rfd, inname, o, buf);
        }
        if (rfd != fd)
            close(rfd);
    } else {
        rc = run_pass(c, fd, inname, o, buf);
    }
    if (rc == 0 && tagout) {
        static const char hexd[] = "0123456789abcdef";
        char hex[2 * PKC_GCM_TAG_SIZE + 1];
        for (size_t i = 0; i < c->taglen; i++) {
            hex[2 * i] = hexd[c->tag_out[i] >> 4];
            hex[2 * i + 1] = hexd[c->tag_out[i] & 15];
        }
        hex[2 * c->taglen] = '\n';
        rc = cli_write_output(tagout, hex, 2 * c->taglen + 1, 0);
    }
    if (rc) {
        cli_out_abort(o);
        return rc;
    }
    int err = cli_out_commit(o);
    if (err)
        return cli_error(CLI_USAGE, "cannot write %s: %s", o->target ? o->target : "standard output",
                         strerror(err));
    return 0;
}

/* The checks of the options against the algorithm. Returns 0 or CLI_USAGE. */
static int check_options(const cipher *c, int have_taglen, const char *tagout,
                         const char *outpath)
{
    const char *n = c->name;
    if (c->mode != MODE_GCM && (c->aad || c->tag || tagout || have_taglen))
        return cli_usage_error("--aad, --tag, --tag-out and --taglen are for GCM, not %s", n);
    if (!c->pad && (c->mode == MODE_CTR || c->mode == MODE_GCM))
        return cli_usage_error("--nopad is for ECB and CBC (%s does not pad)", n);
    if (c->mode == MODE_ECB && c->iv)
        return cli_usage_error("%s takes no IV (--iv)", n);
    if ((c->mode == MODE_CBC || c->mode == MODE_CTR) && !c->iv)
        return cli_usage_error("%s needs --iv (16 bytes, 32 hex digits)", n);
    if ((c->mode == MODE_CBC || c->mode == MODE_CTR) && c->ivlen != 16)
        return cli_usage_error("%s needs a 16-byte IV (32 hex digits), not %zu byte%s", n,
                               c->ivlen, c->ivlen == 1 ? "" : "s");
    if (c->mode == MODE_GCM && !c->iv)
        return cli_usage_error("%s needs --iv (12 bytes, 24 hex digits, is usual)", n);
    if (c->mode == MODE_GCM && c->ivlen == 0)
        return cli_usage_error("%s needs an IV of at least 1 byte", n);
    if (c->enc && c->tag)
        return cli_usage_error("--tag is the tag to check on decryption; on encryption "
                               "--tag-out FILE writes it");
    if (!c->enc && tagout)
        return cli_usage_error("--tag-out is for encryption; on decryption the tag is --tag "
                               "HEX or the input's end");
    if (tagout && cli_is_stdin(tagout) && cli_is_stdin(outpath))
        return cli_usage_error("the output and the tag (--tag-out) cannot both be standard "
                               "output");
    return 0;
}

enum { OPT_IV = 256, OPT_AAD, OPT_TAG, OPT_TAG_OUT, OPT_TAGLEN, OPT_NOPAD };

#define AES_SPELLING(bits, mode) \
    {"-aes-" #bits "-" #mode, "--algorithm=aes-" #bits "-" #mode, NULL}
#define AES_SPELLINGS(bits)                                                    \
    AES_SPELLING(bits, ecb), AES_SPELLING(bits, cbc), AES_SPELLING(bits, ctr), \
        AES_SPELLING(bits, gcm)
#define NO_PASSWORD "pkc cipher takes a raw key (-K HEX) and derives none from a password"

static int cmd_cipher(int argc, char **argv)
{
    static const char shortopts[] = ":a:edK:i:o:";
    static const struct option opts[] = {
        {"algorithm", required_argument, NULL, 'a'},
        {"encrypt", no_argument, NULL, 'e'},
        {"decrypt", no_argument, NULL, 'd'},
        {"key", required_argument, NULL, 'K'},
        {"iv", required_argument, NULL, OPT_IV},
        {"aad", required_argument, NULL, OPT_AAD},
        {"tag", required_argument, NULL, OPT_TAG},
        {"tag-out", required_argument, NULL, OPT_TAG_OUT},
        {"taglen", required_argument, NULL, OPT_TAGLEN},
        {"nopad", no_argument, NULL, OPT_NOPAD},
        CLI_OPT_IN,
        CLI_OPT_OUT,
        {NULL, 0, NULL, 0},
    };
    static const cli_spelling spellings[] = {
        AES_SPELLINGS(128), AES_SPELLINGS(192), AES_SPELLINGS(256),
        {"-nosalt", "", NULL},
        {"-pass", NULL, NO_PASSWORD}, {"-pbkdf2", NULL, NO_PASSWORD},
        {"-salt", NULL, NO_PASSWORD}, {"-md", NULL, NO_PASSWORD}, {"-iter", NULL, NO_PASSWORD},
        {"-base64", NULL, "pkc cipher reads and writes raw bytes: pipe through base64"},
        {NULL, NULL, NULL}};
    if (cli_options_prepare(&argc, argv, shortopts, opts, spellings))
        return CLI_USAGE;
    const char *alg = NULL, *key_hex = NULL, *iv_hex = NULL, *aad_hex = NULL, *tag_hex = NULL;
    const char *tagout = NULL, *in = NULL, *outpath = NULL;
    int enc = 0, dec = 0, nopad = 0, have_taglen = 0, c;
    uint64_t taglen = PKC_GCM_TAG_SIZE;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 'a': alg = optarg; break;
        case 'e': enc = 1; break;
        case 'd': dec = 1; break;
        case 'K': key_hex = optarg; break;
        case OPT_IV: iv_hex = optarg; break;
        case OPT_AAD: aad_hex = optarg; break;
        case OPT_TAG: tag_hex = optarg; break;
        case OPT_TAG_OUT: tagout = optarg; break;
        case OPT_TAGLEN:
            if (cli_parse_u64(optarg, 4, 16, &taglen) != 0 ||
                !(taglen == 4 || taglen == 8 || taglen >= 12))
                return cli_usage_error("bad --taglen '%s' (4, 8 or 12 .. 16 bytes)", optarg);
            have_taglen = 1;
            break;
        case OPT_NOPAD: nopad = 1; break;
        case 'i': in = optarg; break;
        case 'o': outpath = optarg; break;
        default: return cli_option_error(c, argv);
        }
    }
    if (argc - optind > 1 || (in && argc - optind == 1))
        return cli_unexpected_argument(argv[in ? optind : optind + 1]);
    if (optind < argc)
        in = argv[optind];

    cipher *ci = calloc(1, sizeof *ci);
    uint8_t *key = NULL, *iv = NULL, *aad = NULL, *tag = NULL, *buf = NULL;
    size_t keylen = 0, ivlen = 0, aadlen = 0, tlen = 0;
    int rc = CLI_USAGE;
    if (!ci) {
        cli_error(CLI_USAGE, "out of memory");
        goto done;
    }
    if (!alg) {
        cli_usage_error("-a ALGORITHM is required (aes-{128,192,256}-{ecb,cbc,ctr,gcm})");
        goto done;
    }
    if (parse_algorithm(alg, ci) != 0) {
        cli_usage_error("unknown algorithm '%s' (aes-{128,192,256}-{ecb,cbc,ctr,gcm})", alg);
        goto done;
    }
    if (enc == dec) {
        cli_usage_error(enc ? "-e and -d exclude each other" : "say -e (encrypt) or -d (decrypt)");
        goto done;
    }
    if (!key_hex) {
        cli_usage_error("-K KEY is required (%zu bytes for %s)", ci->keylen, ci->name);
        goto done;
    }
    if (cli_parse_hex_arg("-K", key_hex, &key, &keylen) ||
        (iv_hex && cli_parse_hex_arg("--iv", iv_hex, &iv, &ivlen)) ||
        (aad_hex && cli_parse_hex_arg("--aad", aad_hex, &aad, &aadlen)) ||
        (tag_hex && cli_parse_hex_arg("--tag", tag_hex, &tag, &tlen)))
        goto done;
    if (keylen != ci->keylen) {
        cli_usage_error("%s needs a %zu-byte key (%zu hex digits), not %zu byte%s", ci->name,
                        ci->keylen, 2 * ci->keylen, keylen, keylen == 1 ? "" : "s");
        goto done;
    }
    ci->enc = enc;
    ci->pad = !nopad;
    ci->key = key;
    ci->keylen = keylen;
    ci->iv = iv;
    ci->ivlen = ivlen;
    ci->aad = aad;
    ci->aadlen = aadlen;
    ci->tag = tag;
    ci->taglen = (size_t)taglen;
    ci->tag_apart = tagout != NULL;
    if (check_options(ci, have_taglen, tagout, outpath))
        goto done;
    if (tag) {
        if (!(tlen == 4 || tlen == 8 || (tlen >= 12 && tlen <= 16))) {
            cli_usage_error("--tag is %zu bytes; a GCM tag has 4, 8 or 12 .. 16", tlen);
            goto done;
        }
        if (have_taglen && tlen != ci->taglen) {
            cli_usage_error("--tag is %zu bytes but --taglen says %zu", tlen, ci->taglen);
            goto done;
        }
        ci->taglen = tlen;
    }
    if (!enc && (ci->mode == MODE_ECB || ci->mode == MODE_CBC) && ci->pad)
        ci->hold = 16; /* the padded block */
    else if (!enc && ci->mode == MODE_GCM && !tag)
        ci->hold = ci->taglen;
    pkc_err err = ci->mode == MODE_GCM ? pkc_gcm_set_key(&ci->gk, key, keylen)
                                       : pkc_aes_set_key(&ci->aes, key, keylen);
    if (err != PKC_OK) {
        cli_error(CLI_USAGE, "%s", pkc_strerror(err));
        goto done;
    }
    if (!(buf = malloc(BUF_SIZE))) {
        cli_error(CLI_USAGE, "out of memory");
        goto done;
    }

    int fd = 0;
    if (in && !cli_is_stdin(in) && (fd = open(in, O_RDONLY | O_NOCTTY | O_CLOEXEC)) < 0) {
        cli_error(CLI_USAGE, "cannot read %s: %s", in, strerror(errno));
        goto done;
    }
    cli_out o;
    int oerr = cli_out_open(&o, outpath, enc ? 0 : CLI_OUT_SECRET);
    if (oerr) {
        cli_error(CLI_USAGE, "cannot write %s: %s",
                  cli_is_stdin(outpath) ? "standard output" : outpath, strerror(oerr));
    } else {
        cipher_start(ci);
        rc = run(ci, fd, in, &o, tagout, buf);
    }
    if (fd != 0)
        close(fd);

done:
    if (ci) {
        pkc_aes_key_wipe(&ci->aes);
        pkc_gcm_key_wipe(&ci->gk);
        pkc_memzero(ci, sizeof *ci);
        free(ci);
    }
    if (buf)
        pkc_secure_free(buf, BUF_SIZE);
    if (key)
        pkc_secure_free(key, keylen);
    if (iv)
        pkc_secure_free(iv, ivlen);
    if (aad)
        pkc_secure_free(aad, aadlen);
    if (tag)
        pkc_secure_free(tag, tlen);
    return rc;
}

PKC_CLI_COMMAND(cipher, 26, "AES-ECB/CBC/CTR (as openssl enc) and AES-GCM on files of any size",
                cmd_cipher, usage_cipher)
