/* pkc tests — shared helpers: checks that count failures, hex, vector files,
 * a seeded PRNG for random inputs (the seed is printed so a failure can be
 * replayed with PKC_TEST_SEED=N). */
#ifndef PKC_TESTUTIL_H
#define PKC_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pkc/hash.h"

extern int tu_failures;
extern int tu_checks;

#define CHECK(cond) tu_check((cond) != 0, #cond, __FILE__, __LINE__)
#define CHECK_MSG(cond, ...) tu_check_msg((cond) != 0, __FILE__, __LINE__, __VA_ARGS__)
#define CHECK_EQ_BYTES(a, b, n) tu_check_bytes((a), (b), (n), #a, #b, __FILE__, __LINE__)

int tu_check(int ok, const char *expr, const char *file, int line);
int tu_check_msg(int ok, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int tu_check_bytes(const uint8_t *a, const uint8_t *b, size_t n, const char *ea,
                   const char *eb, const char *file, int line);

/* Prints "<name>: N checks, M failures" and returns the exit status
 * (0 only if at least one check ran and none failed). */
int tu_finish(const char *name);

/* A part of a test that cannot run here (a library the build did not
 * find): prints "SKIPPED: <what>" and, when the environment variable CI is
 * set, counts it as a failure, so that CI never passes without it. */
void tu_skip_part(const char *what);

/* The SHA-256 implementations this CPU can run (portable, and SHA-NI when
 * present) into out[0..2); prints a note naming `what` when SHA-NI is
 * missing. Returns the count. */
int tu_sha256_impls(pkc_sha256_impl out[2], const char *what);

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
/* OpenSSL's digest of the same algorithm (for differential tests). */
const EVP_MD *tu_evp_md(pkc_hash_alg alg);
/* OpenSSL's AES-GCM encryption (key of klen 16/24/32 bytes, any IV
 * length): c (pl bytes) and the 16-byte tag; 1 on success. */
int tu_ossl_gcm_encrypt(const uint8_t *k, size_t klen, const uint8_t *iv, size_t ivlen,
                        const uint8_t *a, size_t al, const uint8_t *p, size_t pl, uint8_t *c,
                        uint8_t tag[16]);
#endif

/* Hex: parses an even-length hex string (spaces ignored) into a malloc'd
 * buffer; returns NULL on bad hex. *len gets the byte count. */
uint8_t *tu_unhex(const char *hex, size_t *len);
void tu_hex(char *out, const uint8_t *in, size_t len); /* out: 2*len+1 */

/* The directory of Debian's python3-cryptography-vectors
 * (.../cryptography_vectors), or $PKC_VECTORS_DIR; NULL if absent.
 * tu_vector_path() builds "<dir>/<rel>" and aborts the test with a failure
 * if the file does not exist: a missing vector file never passes. */
const char *tu_vectors_dir(void);
const char *tu_vector_path(const char *rel); /* static buffer */

/* Reads a whole file (malloc'd, NUL-terminated); NULL on error. */
uint8_t *tu_read_file(const char *path, size_t *len);

/* Deterministic test PRNG (xoshiro256**), seeded from PKC_TEST_SEED or the
 * clock; the seed is printed once. Not for keys: only for test inputs. */
uint64_t tu_seed(void);
uint64_t tu_rand64(void);
void tu_rand_bytes(uint8_t *out, size_t len);

/* base iterations times PKC_TEST_ITERS (default 1: soak runs set it higher),
 * divided by PKC_TEST_ITERS_DIV (default 1: make test-asan sets it), at least 1. */
int tu_iters(int base);
/* Whether item i of a long fixed list (a vector file's records) is tested:
 * always, except under PKC_TEST_ITERS_DIV = d > 1, where one item in d is,
 * the residue chosen by the seed (so PKC_TEST_SEED replays the same ones). */
int tu_sampled(long i);

/* NIST CAVP-style "KEY = VALUE" file reader: returns one line at a time,
 * trimmed; key/value split at the first '='; section headers "[...]" are
 * returned with key set to the bracket contents and value NULL. */
typedef struct {
    FILE *f;
    char line[1 << 16];
    char *key;
    char *value;
    int is_section;
    int lineno;
} tu_kv;
int tu_kv_open(tu_kv *kv, const char *path); /* 0 ok */
/* Opens the vector file rel (tu_vector_path); 1 if open, else 0 after
 * counting a failure that names the file. */
int tu_kv_open_vector(tu_kv *kv, const char *rel);
int tu_kv_next(tu_kv *kv);                   /* 1 = got a line, 0 = EOF */
void tu_kv_close(tu_kv *kv);

/* A record of such a file as a struct of `char *` members, one per key:
 * fields[] names each key and its member (offsetof). */
typedef struct {
    const char *key;
    size_t offset;
} tu_field;
#define TU_FIELD(key, type, member) {key, offsetof(type, member)}
/* If the line's key is one of the fields, stores a copy of its value in the
 * record (freeing the one before) and returns 1; else 0. */
int tu_field_take(void *record, const tu_field *fields, size_t n, const tu_kv *kv);
/* Frees every field and sets it to NULL. */
void tu_fields_clear(void *record, const tu_field *fields, size_t n);

#endif
