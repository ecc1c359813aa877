/* pkc command — helpers shared by every subcommand: errors, option errors,
 * reading and writing files, loading keys, hashing files.
 *
 * Errors: one line on stderr, "pkc CMD: reason" (main sets CMD with
 * cli_set_command before it runs the subcommand), and exit status 2 for bad
 * usage or bad input.
 *
 * Outputs (cli_out_open and the functions built on it) never replace what
 * is not a regular file: a device, a FIFO, standard output or standard error
 * under any name (/dev/stdout, /proc/self/fd/1) is written to directly. A
 * new or regular file is written to a temporary file beside it (beside the
 * target of a symbolic link, which stays a link) and renamed over it when
 * complete, so it is never partial; an existing file keeps its mode and,
 * where allowed, its owner. A temporary file is removed when the command
 * dies of SIGINT, SIGTERM or SIGHUP.
 */
#ifndef PKC_CLI_UTIL_H
#define PKC_CLI_UTIL_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pkc/hash.h"
#include "pkc/key.h"

/* ---- errors ---- */

/* The subcommand errors are reported under (NULL: none yet). */
void cli_set_command(const char *name);
const char *cli_command_name(void);

/* "pkc CMD: <formatted message>\n" on stderr; returns code, so callers can
 * `return cli_error(CLI_USAGE, "...")`. */
int cli_error(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The same with " (see pkc CMD --help)" appended; returns CLI_USAGE. For
 * every mistake in the command line. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- options ---- */

/* What a single-dash word (OpenSSL's spelling, "-inkey") means in one
 * command: the pkc option it stands for ("--in", "--digest=sha256"), ""
 * when it is accepted and has nothing to do, or NULL when it is refused with
 * the hint. A table ends with {NULL, NULL, NULL}. */
typedef struct {
    const char *single;
    const char *pkc;
    const char *hint;
} cli_spelling;

/* Entries most key commands share: OpenSSL's digest flags (`openssl dgst
 * -sha384`), and its key-format options, which pkc does not need. */
#define CLI_SPELLINGS_DIGESTS                                                   \
    {"-sha224", "--digest=sha224", NULL}, {"-sha256", "--digest=sha256", NULL}, \
        {"-sha384", "--digest=sha384", NULL}, {"-sha512", "--digest=sha512", NULL}
#define CLI_SPELLINGS_KEYFORM                                                       \
    {"-keyform", NULL, "drop it: pkc reads PEM or DER keys from their content"}, \
        {"-inform", NULL, "drop it: pkc reads PEM or DER keys from their content"}

/* Runs before getopt_long, so that a single-dash long option is never read
 * as a cluster of short ones (`-outform DER` as `-o utform`): "-WORD" becomes
 * the command's "--WORD" when it has that long option, or what spellings
 * (may be NULL) says; an OpenSSL option the command does not have is an
 * error naming it. Words that are values of options are left alone, and so
 * is everything after "--". May remove words (*argc shrinks). Returns 0, or
 * CLI_USAGE after the error line. */
int cli_options_prepare(int *argc, char **argv, const char *shortopts,
                        const struct option *longopts, const cli_spelling *spellings);

/* The error line for what getopt_long returned as '?' or ':' (optstring
 * starting with ':', opterr 0). Returns CLI_USAGE. */
int cli_option_error(int c, char **argv);

/* "unexpected argument 'ARG'". Returns CLI_USAGE. */
int cli_unexpected_argument(const char *arg);

/* Parses a decimal unsigned integer in [min, max]; returns 0 or -1. */
int cli_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* hexlen (even) hex digits, upper or lower case, to hexlen / 2 bytes;
 * returns 0, or -1 if one is not a hex digit. */
int cli_hex_decode(const char *hex, size_t hexlen, uint8_t *out);

/* The value of a hex option (what names it in messages: "-K", "--iv") to a
 * new buffer of *len bytes (at least one byte allocated, so an empty value
 * is a valid buffer; it may hold a secret: free it with
 * pkc_secure_free(*out, *len)). Returns 0, or CLI_USAGE after the error
 * line. */
int cli_parse_hex_arg(const char *what, const char *hex, uint8_t **out, size_t *len);

/* cli_parse_hex_arg with an optional 0x prefix and at most max bytes (the
 * buffer has len + 1 bytes: free with pkc_secure_free(*out, *len + 1)). */
int cli_parse_hex(const char *what, const char *s, size_t max, uint8_t **out, size_t *len);
/* A digest name for -d: the SHA-2 family, and SHA-1 when allow_sha1 (OAEP
 * interoperability only); SHA-3 names are refused with their own message
 * (pkc hash parses its -d itself). Returns 0, or CLI_USAGE after the error
 * line. */
int cli_parse_digest(const char *name, int allow_sha1, pkc_hash_alg *alg);

/* ---- inputs ---- */

/* Key and signature files are small: anything longer is refused (a device
 * like /dev/zero would otherwise be read until memory runs out). */
#define CLI_KEY_FILE_MAX ((size_t)1 << 20)
#define CLI_KEY_FILE_MAX_TEXT "1 MiB"

/* NULL and "-" name standard input (an omitted FILE is NULL). */
int cli_is_stdin(const char *path);
/* How a path is shown in messages: "standard input" for stdin. */
const char *cli_input_name(const char *path);

/* At most one of the n inputs may be standard input: the first two that
 * are give the error "the WHAT and the WHAT cannot both be standard input".
 * names[i] says what paths[i] is ("key", "signature", "data"). Returns 0 or
 * CLI_USAGE. */
int cli_check_stdin(int n, const char *const *paths, const char *const *names);

/* Reads all of path (stdin for NULL or "-") into a new buffer with a NUL
 * byte after the data (not counted in *len). At most max bytes: when there
 * are more, it stops after max + 1 and returns EFBIG. The buffer may hold a
 * secret: it grows by allocate-copy-wipe-free (never realloc) and must be
 * freed with pkc_secure_free(*data, *len). Returns 0 or an errno value. */
int cli_read_file(const char *path, size_t max, uint8_t **data, size_t *len);

/* cli_read_file with the error reported: "cannot read WHAT PATH: reason", or
 * for EFBIG "WHAT PATH is larger than LIMIT_TEXT". Returns 0 or CLI_USAGE. */
int cli_read_input(const char *what, const char *path, size_t max, const char *limit_text,
                   uint8_t **data, size_t *len);

/* Reads and parses a key file (stdin for NULL or "-"), at most
 * CLI_KEY_FILE_MAX bytes. An RSA key below 1024 bits is refused unless
 * allow_weak (pass 1 where the key is only converted, never used). Returns
 * 0, or CLI_USAGE after "PATH: reason". */
int cli_load_key(const char *path, int allow_weak, pkc_key **key);
/* The password cli_load_key decrypts encrypted PKCS#8 keys with: the
 * --passin SPEC of the command (NULL: none). */
void cli_set_passin(const char *spec);
/* A password from SPEC, as OpenSSL's -passin/-passout take it: pass:TEXT,
 * env:VAR, file:PATH (its first line), stdin (a line). *pw is malloc'd
 * (len + 1 bytes, NUL-terminated; free with pkc_secure_free(pw, len + 1)).
 * Returns 0, or CLI_USAGE after the message. */
int cli_password_read(const char *spec, uint8_t **pw, size_t *len);
/* The output and input files: -o/--out FILE with --output as another
 * spelling, -i/--in FILE with --input; one meaning in every command. */
#define CLI_OPT_OUT {"out", required_argument, NULL, 'o'}, {"output", required_argument, NULL, 'o'}
#define CLI_OPT_IN {"in", required_argument, NULL, 'i'}, {"input", required_argument, NULL, 'i'}
/* The option entry and help line of --passin, for the commands that read
 * private keys. */
#define CLI_OPT_PASSIN_ID 0x5041
#define CLI_OPT_PASSIN {"passin", required_argument, NULL, CLI_OPT_PASSIN_ID}
#define CLI_HELP_PASSIN                                                                 \
    "      --passin SPEC    password of an encrypted PKCS#8 key: pass:TEXT, env:VAR,\n" \
    "                       file:PATH (its first line) or stdin\n"

/* Hashes all of path (stdin for NULL or "-") in fixed-size chunks, so any
 * size works. Returns 0 or an errno value. */
int cli_hash_file(const char *path, pkc_hash_alg alg, uint8_t *digest);
/* The same with SHAKE128 (bits 128) or SHAKE256 (bits 256): outlen bytes. */
int cli_shake_file(const char *path, int bits, uint8_t *out, size_t outlen);

/* pkc's DRBG seeded from the operating system. Returns 0 or CLI_USAGE. */
int cli_rng_init(pkc_rng *rng);

/* ---- outputs ---- */

#define CLI_OUT_SECRET 1u /* private keys and secrets: 0600 (an existing file's
                             mode without its group and other bits) */
#define CLI_OUT_STREAM 2u /* an endless stream: written directly, never through
                             a temporary file (what is written stays) */

typedef struct {
    int fd;
    int direct;     /* writing straight to the target (stdout, device, FIFO, stream) */
    int own_fd;     /* fd is ours to close */
    int slot;       /* the temporary file's place in the signal cleanup list, or -1 */
    char *tmp;      /* temporary file, renamed over target when complete */
    char *target;
} cli_out;

/* Opens path (stdout for NULL or "-") for writing. Returns 0 or an errno
 * value. */
int cli_out_open(cli_out *o, const char *path, unsigned flags);
/* Writes all of data. Returns 0 or an errno value (EPIPE: the reader of a
 * direct output went away). */
int cli_out_write(cli_out *o, const void *data, size_t len);
/* Finishes: the temporary file is synced and renamed over the target.
 * Returns 0 or an errno value (the temporary file is then removed). */
int cli_out_commit(cli_out *o);
/* Gives up: the temporary file is removed, the target left as it was. */
void cli_out_abort(cli_out *o);

/* The three in one: writes data to path. Returns 0, or -1 with errno set. */
int cli_write_all(const char *path, const void *data, size_t len, unsigned flags);
/* The same with the error reported ("cannot write PATH: reason"). Returns
 * 0 or CLI_USAGE. */
int cli_write_output(const char *path, const void *data, size_t len, unsigned flags);

#endif
