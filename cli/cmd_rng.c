/* pkc rng — datasets for the RNG lab: uniform integers, bits, fixed-size
 * numbers and consecutive pairs as CSV (the seed study's columns), or a raw
 * binary stream for external batteries (dieharder, ent).
 *
 * Speed matters (datasets of 10^7..10^8 values, or an endless stream for
 * dieharder): random bytes are drawn in bulk into a large buffer, integers
 * in a range use Lemire's multiply-and-reject method (no division in the
 * common case), and the CSV text is formatted by hand into a large output
 * buffer (an incrementing decimal counter for the index, two digits per step
 * for the values) instead of one printf per value. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "pkc/rng.h"
#include "rng_sources.h"

#define DEFAULT_SAMPLES 100000
#define DEFAULT_BITS 2048
#define MAX_BITS 65536
#define RBUF_SIZE (1u << 20)   /* random bytes drawn per refill */
#define OBUF_SIZE (1u << 21)   /* output text buffered per write */
#define LINE_MAX_LEN 96        /* longest CSV line we write, with margin */

static void usage_rng(FILE *out)
{
    fprintf(out,
            "usage: pkc rng [-m MODE] [-n SAMPLES] [--range RANGE] [-b BITS] [-g SOURCE]\n"
            "               [-s fixed|random] [-S SEED] [-d sha256|sha512] [-o FILE] [-v]\n"
            "\n"
            "Writes a dataset for the RNG lab (tools/rng_analysis.py) as CSV, or a raw\n"
            "binary stream for external batteries (dieharder, ent).\n"
            "\n"
            "Modes (-m):\n"
            "  bounded    uniform integers k in [0, RANGE) (rejection sampling), written\n"
            "             normalised as k/(RANGE-1) in [0, 1]        columns index,value\n"
            "  bits       the stream's bits, most significant first  columns index,bit\n"
            "  fixedbits  BITS-bit numbers x, written as x/2^BITS in [0, 1) (truncated to\n"
            "             17 decimals at most)                       columns index,value\n"
            "  pairs      consecutive pairs of bounded values        columns index,x,y\n"
            "  raw        the binary stream itself on stdout (or -o FILE); -n counts\n"
            "             bytes; without -n it never ends (pipe it into a battery, or\n"
            "             stop it: with -o FILE it is written to FILE as it comes)\n"
            "\n"
            "Options:\n"
            "  -m, --mode MODE      bounded (default), bits, fixedbits, pairs, raw\n"
            "  -n, --samples N      values, bits, numbers, pairs or bytes (default %d)\n"
            "      --range RANGE    bounded and pairs: 2 .. 2^64-1 (default 4294967296);\n"
            "                       -r is its old short form\n"
            "  -b, --bits BITS      fixedbits: 1 .. %d (default %d)\n"
            "  -g, --generator SRC  drbg (default): pkc's HMAC-DRBG (SP 800-90A)\n"
            "                       os: getrandom()\n"
            "                       lcg: REFERENCE WEAK generator, x' = 37x + 1 mod 2^32\n"
            "                       biased: REFERENCE WEAK generator, P(bit = 1) = 0.52\n"
            "  -s, --seed-mode M    random (default: seeded from getrandom) or fixed\n"
            "  -S, --seed SEED      the fixed seed, 0 .. 2^64-1 (implies -s fixed; default 1)\n"
            "  -d, --digest ALG     the DRBG's hash: sha256 (default) or sha512 (also -H,\n"
            "                       --hash)\n"
            "  -o, --out FILE       write to FILE (also --output): complete or not at all;\n"
            "                       a new file's mode follows the umask; a device or FIFO\n"
            "                       is written to, not replaced\n"
            "  -v, --verbose        the source, seed and speed on stderr\n"
            "  -h, --help           this help\n"
            "\n"
            "lcg and biased exist so the battery has something it must catch; never use\n"
            "them for anything else. The os source has no fixed mode.\n"
            "\n"
            "Examples:\n"
            "  pkc rng -m bounded -n 1000000 -s fixed -S 42 -o drbg.csv\n"
            "  pkc rng -m pairs -g lcg -S 1 -n 50000 -o lcg_pairs.csv\n"
            "  pkc rng -m fixedbits -b 2048 -n 10000 -o big.csv\n"
            "  pkc rng -m raw | dieharder -g 200 -a\n"
            "  pkc rng -m raw -n 10000000 | ent\n",
            DEFAULT_SAMPLES, MAX_BITS, DEFAULT_BITS);
}

typedef enum { MODE_BOUNDED, MODE_BITS, MODE_FIXEDBITS, MODE_PAIRS, MODE_RAW } rng_mode;

static const char *const mode_names[] = {"bounded", "bits", "fixedbits", "pairs", "raw"};
static const char *const unit_names[] = {"values", "bits", "numbers", "pairs", "bytes"};

/* ---- output: a big buffer, written through cli_out: to stdout, a device or
 * a FIFO directly, to a file through a temporary file renamed over it when
 * complete (the guarantee cli_write_all gives, without holding a whole
 * dataset in memory), or, for an endless stream, to the file directly. ---- */

typedef struct {
    cli_out out;
    char *buf;
    size_t len;
    int epipe;         /* the reader of a pipe or FIFO went away: stop quietly */
    int err;           /* errno of a failed write */
    uint64_t written;
} out_stream;

static int out_open(out_stream *o, const char *path, unsigned flags)
{
    memset(o, 0, sizeof *o);
    o->buf = malloc(OBUF_SIZE);
    if (!o->buf)
        return ENOMEM;
    /* a dataset is not a secret: a new file's mode follows the umask */
    int err = cli_out_open(&o->out, path, flags);
    if (err) {
        free(o->buf);
        o->buf = NULL;
    }
    return err;
}

static int out_write(out_stream *o, const void *data, size_t len)
{
    if (o->epipe || o->err)
        return -1;
    int err = cli_out_write(&o->out, data, len);
    if (err == EPIPE && o->out.direct)
        o->epipe = 1;
    else if (err)
        o->err = err;
    else
        o->written += len;
    return err ? -1 : 0;
}

static int out_flush(out_stream *o)
{
    int r = out_write(o, o->buf, o->len);
    o->len = 0;
    return r;
}

/* Makes sure LINE_MAX_LEN bytes fit; returns where to write, or NULL when
 * writing has stopped. */
static inline char *out_reserve(out_stream *o)
{
    if (o->len > OBUF_SIZE - LINE_MAX_LEN && out_flush(o) != 0)
        return NULL;
    return o->buf + o->len;
}

/* Finishes: commit = the file is complete (rename the temporary file over
 * it); otherwise remove the temporary file. Returns 0, or -1 with o->err
 * set. */
static int out_close(out_stream *o, int commit)
{
    int r = 0;
    if (commit && out_flush(o) != 0 && !o->epipe)
        r = -1;
    if (commit && r == 0) {
        int err = cli_out_commit(&o->out);
        if (err) {
            o->err = err;
            r = -1;
        }
    } else {
        cli_out_abort(&o->out);
    }
    free(o->buf);
    o->buf = NULL;
    return r;
}

/* ---- fast decimal formatting ---- */

static const char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Writes exactly width digits of v (zero-padded; v < 10^width). */
static inline void put_digits(char *p, uint64_t v, int width)
{
    char *q = p + width;
    while (width >= 2) {
        unsigned d = (unsigned)(v % 100) * 2;
        v /= 100;
        *--q = digit_pairs[d + 1];
        *--q = digit_pairs[d];
        width -= 2;
    }
    if (width)
        *--q = (char)('0' + v % 10);
}

/* The row index as text, incremented in place: no division per row. */
typedef struct {
    char d[44];        /* room for the fixed 20-byte copy from any start */
    int start;         /* first digit; the number ends at d[20] */
} dec_counter;

static void counter_init(dec_counter *c)
{
    memset(c->d, '0', sizeof c->d);
    c->start = 19;
}

static inline char *counter_put(const dec_counter *c, char *p)
{
    int n = 20 - c->start;
    memcpy(p, c->d + c->start, 20);  /* fixed-size copy (fast); only n bytes count */
    return p + n;
}

static inline void counter_inc(dec_counter *c)
{
    int i = 19;
    while (c->d[i] == '9') {
        c->d[i] = '0';
        i--;
    }
    c->d[i]++;
    if (i < c->start)
        c->start = i;
}

/* ---- random words from the source, drawn in bulk ---- */

typedef struct {
    rng_source *src;
    uint8_t *buf;
    size_t pos, len;
    pkc_err err;
    uint64_t drawn;    /* bytes taken from the source */
} word_reader;

/* Moves the unread tail to the front and fills the rest from the source:
 * the stream stays contiguous whatever the sizes taken. */
static void reader_refill(word_reader *r)
{
    size_t rest = r->len - r->pos;
    memmove(r->buf, r->buf + r->pos, rest);
    pkc_err e = rng_source_fill(r->src, r->buf + rest, RBUF_SIZE - rest);
    if (e) {
        r->err = e;
        memset(r->buf, 0, RBUF_SIZE);
    }
    r->drawn += RBUF_SIZE - rest;
    r->pos = 0;
    r->len = RBUF_SIZE;
}

/* The stream's next n (<= 16) bytes. */
static inline const uint8_t *reader_take(word_reader *r, size_t n)
{
    if (r->len - r->pos < n)
        reader_refill(r);
    const uint8_t *p = r->buf + r->pos;
    r->pos += n;
    return p;
}

/* Words are little-endian (dieharder's stdin generator reads the raw stream
 * as native uint32: on x86 the same words). */
static inline uint32_t next_u32(word_reader *r)
{
    const uint8_t *p = reader_take(r, 4);
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t next_u64(word_reader *r)
{
    const uint8_t *p = reader_take(r, 8);
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* ---- uniform integers in [0, range) ----
 * Lemire, "Fast random integer generation in an interval", ACM TOMACS 29(1),
 * 2019: k = floor(w * range / 2^32), rejecting w whose low product word is
 * below 2^32 mod range — exactly uniform, with a division only in the rare
 * case the low word is small. */

typedef struct {
    uint64_t range;
    uint32_t thresh32;   /* 2^32 mod range, range <= 2^32 */
    uint64_t thresh64;   /* 2^64 mod range, range > 2^32 */
    int digits;          /* decimals written */
    uint64_t pow10;      /* 10^digits */
    double scale;        /* 10^digits / (range - 1), range <= 2^32 */
} bounded_fmt;

static int ndigits(uint64_t v)
{
    int d = 1;
    while (v >= 10) {
        v /= 10;
        d++;
    }
    return d;
}

static void bounded_init(bounded_fmt *b, uint64_t range)
{
    memset(b, 0, sizeof *b);
    b->range = range;
    if (range <= (1ull << 32)) {
        b->thresh32 = range == (1ull << 32) ? 0 : (uint32_t)((1ull << 32) % range);
    } else {
        b->thresh64 = (0 - range) % range;
    }
    /* Enough decimals that k = round(value * (range - 1)) recovers k exactly
     * (error <= 0.05), capped so 128-bit arithmetic cannot overflow. */
    b->digits = ndigits(range - 1) + 1;
    if (b->digits > 19)
        b->digits = 19;
    b->pow10 = 1;
    for (int i = 0; i < b->digits; i++)
        b->pow10 *= 10;
    b->scale = (double)b->pow10 / (double)(range - 1);
}

static inline uint64_t bounded_next(const bounded_fmt *b, word_reader *r)
{
    if (b->range <= (1ull << 32)) {
        if (b->range == (1ull << 32))
            return next_u32(r);
        uint64_t m = (uint64_t)next_u32(r) * b->range;
        while ((uint32_t)m < b->thresh32)
            m = (uint64_t)next_u32(r) * b->range;
        return m >> 32;
    }
    unsigned __int128 m = (unsigned __int128)next_u64(r) * b->range;
    while ((uint64_t)m < b->thresh64)
        m = (unsigned __int128)next_u64(r) * b->range;
    return (uint64_t)(m >> 64);
}

/* Writes k/(range-1) as "0.ddd" or "1.000" with b->digits decimals. */
static inline char *bounded_put(const bounded_fmt *b, char *p, uint64_t k)
{
    uint64_t s;
    if (b->range <= (1ull << 32))
        s = (uint64_t)((double)k * b->scale + 0.5);
    else
        s = (uint64_t)(((unsigned __int128)k * b->pow10 + (b->range - 1) / 2) / (b->range - 1));
    if (s >= b->pow10) {
        *p++ = '1';
        *p++ = '.';
        memset(p, '0', (size_t)b->digits);
    } else {
        *p++ = '0';
        *p++ = '.';
        put_digits(p, s, b->digits);
    }
    return p + b->digits;
}

/* ---- the generation loops ---- */

typedef struct {
    rng_mode mode;
    uint64_t n;
    int n_given;
    uint64_t range;
    unsigned bits;
    rng_source src;
} rng_job;

/* ---- CSV rows: "index,values\n" ---- */

static void put_header(out_stream *o, const char *hdr)
{
    o->len = strlen(hdr);
    memcpy(o->buf, hdr, o->len);
}

/* Starts a row: room for it, and "index," written; returns where its values
 * go, or NULL with *rc = -1 (the output failed) or -2 (the source failed). */
static inline char *row_begin(out_stream *o, const word_reader *r, const dec_counter *c, int *rc)
{
    char *p = out_reserve(o);
    if (!p || r->err) {
        *rc = p ? -2 : -1;
        return NULL;
    }
    char *q = counter_put(c, p);
    *q++ = ',';
    return q;
}

/* Ends the row whose values end at q: the newline, and the next index. */
static inline void row_end(out_stream *o, dec_counter *c, char *q)
{
    *q++ = '\n';
    o->len = (size_t)(q - o->buf);
    counter_inc(c);
}

static int gen_bounded_or_pairs(rng_job *j, word_reader *r, out_stream *o)
{
    bounded_fmt b;
    bounded_init(&b, j->range);
    dec_counter c;
    counter_init(&c);
    int pairs = j->mode == MODE_PAIRS;
    put_header(o, pairs ? "index,x,y\n" : "index,value\n");
    int rc = 0;
    for (uint64_t i = 0; i < j->n; i++) {
        char *q = row_begin(o, r, &c, &rc);
        if (!q)
            return rc;
        q = bounded_put(&b, q, bounded_next(&b, r));
        if (pairs) {
            *q++ = ',';
            q = bounded_put(&b, q, bounded_next(&b, r));
        }
        row_end(o, &c, q);
    }
    return 0;
}

static int gen_bits(rng_job *j, word_reader *r, out_stream *o)
{
    dec_counter c;
    counter_init(&c);
    put_header(o, "index,bit\n");
    unsigned byte = 0;
    int rc = 0;
    for (uint64_t i = 0; i < j->n; i++) {
        if ((i & 7) == 0)
            byte = *reader_take(r, 1);
        char *q = row_begin(o, r, &c, &rc);
        if (!q)
            return rc;
        *q++ = (char)('0' + ((byte >> (7 - (i & 7))) & 1));
        row_end(o, &c, q);
    }
    return 0;
}

static int gen_fixedbits(rng_job *j, word_reader *r, out_stream *o)
{
    unsigned nb = (j->bits + 7) / 8, pad = 8 * nb - j->bits;
    /* digits: 10^digits >= 10 * 2^bits, so x = round(value * 2^bits) recovers
     * x (truncation error < 0.1), up to the 17 decimals a double can carry. */
    int digits = 1;
    double need = j->bits * 0.30102999566398120 + 1;
    while (digits < 17 && digits < need + 1e-9)
        digits++;
    uint64_t pow10 = 1;
    for (int i = 0; i < digits; i++)
        pow10 *= 10;
    uint8_t *tmp = malloc(nb);
    if (!tmp)
        return -3;
    dec_counter c;
    counter_init(&c);
    put_header(o, "index,value\n");
    int rc = 0;
    for (uint64_t i = 0; i < j->n; i++) {
        /* the number, big-endian, with its top `pad` bits cleared; its first
         * 64 bits after the pad, left-aligned, are floor(x * 2^64 / 2^bits) */
        size_t got = 0;
        while (got < nb) {
            size_t k = nb - got < 16 ? nb - got : 16;
            memcpy(tmp + got, reader_take(r, k), k);
            got += k;
        }
        unsigned __int128 acc = 0;
        unsigned take = nb < 9 ? nb : 9;
        for (unsigned t = 0; t < take; t++)
            acc = acc << 8 | tmp[t];
        acc <<= 128 - 8 * take;  /* left-align the bytes read */
        acc <<= pad;             /* drop the pad bits */
        uint64_t f = (uint64_t)(acc >> 64);
        uint64_t s = (uint64_t)(((unsigned __int128)f * pow10) >> 64);  /* truncates: < 1 */
        char *q = row_begin(o, r, &c, &rc);
        if (!q) {
            free(tmp);
            return rc;
        }
        *q++ = '0';
        *q++ = '.';
        put_digits(q, s, digits);
        row_end(o, &c, q + digits);
    }
    free(tmp);
    return 0;
}

static int gen_raw(rng_job *j, word_reader *r, out_stream *o)
{
    uint8_t *buf = r->buf;
    uint64_t left = j->n;
    while (!j->n_given || left) {
        size_t k = RBUF_SIZE;
        if (j->n_given && left < k)
            k = (size_t)left;
        if ((r->err = rng_source_fill(&j->src, buf, k)) != PKC_OK)
            return -2;
        if (out_write(o, buf, k) != 0)
            return -1;
        left -= k;
    }
    return 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmd_rng(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"mode", required_argument, 0, 'm'},      {"samples", required_argument, 0, 'n'},
        {"range", required_argument, 0, 'r'},     {"bits", required_argument, 0, 'b'},
        {"generator", required_argument, 0, 'g'}, {"seed-mode", required_argument, 0, 's'},
        {"seed", required_argument, 0, 'S'},      {"hash", required_argument, 0, 'H'},
        CLI_OPT_OUT,
        {"digest", required_argument, 0, 'H'},    {"verbose", no_argument, 0, 'v'},
        {"help", no_argument, 0, 'h'},            {0, 0, 0, 0}};
    rng_job j;
    memset(&j, 0, sizeof j);
    j.mode = MODE_BOUNDED;
    j.n = DEFAULT_SAMPLES;
    j.range = 1ull << 32;
    j.bits = DEFAULT_BITS;
    rng_source_kind kind = RNG_SRC_DRBG;
    int seed_mode = -1; /* -1 unset, 0 random, 1 fixed */
    int seed_given = 0, range_given = 0, bits_given = 0, verbose = 0;
    uint64_t seed = 1, v;
    pkc_hash_alg alg = PKC_HASH_SHA256;
    const char *outpath = NULL;
    int opt;
    static const char shortopts[] = ":m:n:r:b:g:s:S:H:d:o:vh";
    if (cli_options_prepare(&argc, argv, shortopts, longopts, NULL))
        return CLI_USAGE;
    while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        switch (opt) {
        case 'm': {
            int found = 0;
            for (int i = 0; i < 5; i++)
                if (strcmp(optarg, mode_names[i]) == 0) {
                    j.mode = (rng_mode)i;
                    found = 1;
                }
            if (!found)
                return cli_usage_error("unknown mode '%s' (bounded, bits, fixedbits, pairs, raw)", optarg);
            break;
        }
        case 'n':
            if (cli_parse_u64(optarg, 1, UINT64_MAX, &j.n) != 0)
                return cli_usage_error("-n wants a positive integer, not '%s'", optarg);
            j.n_given = 1;
            break;
        case 'r':
            if (cli_parse_u64(optarg, 2, UINT64_MAX, &j.range) != 0)
                return cli_usage_error("--range wants an integer in 2 .. 2^64-1, not '%s'", optarg);
            range_given = 1;
            break;
        case 'b':
            if (cli_parse_u64(optarg, 1, MAX_BITS, &v) != 0)
                return cli_usage_error("-b wants an integer in 1 .. %d, not '%s'", MAX_BITS, optarg);
            j.bits = (unsigned)v;
            bits_given = 1;
            break;
        case 'g':
            if (rng_source_parse(optarg, &kind) != 0)
                return cli_usage_error("unknown generator '%s' (drbg, os, lcg, biased)", optarg);
            break;
        case 's':
            if (strcmp(optarg, "fixed") == 0)
                seed_mode = 1;
            else if (strcmp(optarg, "random") == 0)
                seed_mode = 0;
            else
                return cli_usage_error("-s wants fixed or random, not '%s'", optarg);
            break;
        case 'S':
            if (cli_parse_u64(optarg, 0, UINT64_MAX, &seed) != 0)
                return cli_usage_error("--seed wants an integer in 0 .. 2^64-1, not '%s'", optarg);
            seed_given = 1;
            break;
        case 'H':
        case 'd':
            if (strcmp(optarg, "sha256") == 0)
                alg = PKC_HASH_SHA256;
            else if (strcmp(optarg, "sha512") == 0)
                alg = PKC_HASH_SHA512;
            else
                return cli_usage_error("--digest wants sha256 or sha512, not '%s'", optarg);
            break;
        case 'o':
            outpath = optarg;
            break;
        case 'v':
            verbose = 1;
            break;
        case 'h':
            usage_rng(stdout);
            return CLI_OK;
        default:
            return cli_option_error(opt, argv);
        }
    }
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);
    if (seed_given && seed_mode == 0)
        return cli_usage_error("--seed SEED contradicts -s random");
    int fixed = seed_given || seed_mode == 1;
    if (kind == RNG_SRC_OS && fixed)
        return cli_usage_error("the os generator has no fixed mode (drop -s fixed / --seed)");
    if (range_given && j.mode != MODE_BOUNDED && j.mode != MODE_PAIRS)
        return cli_usage_error("--range applies to -m bounded and -m pairs only");
    if (bits_given && j.mode != MODE_FIXEDBITS)
        return cli_usage_error("-b applies to -m fixedbits only");

    pkc_err e = rng_source_init(&j.src, kind, fixed, seed, alg);
    if (e != PKC_OK)
        return cli_error(CLI_USAGE, "cannot set up the %s generator: %s", rng_source_name(kind),
                         pkc_strerror(e));

    /* `pkc rng -m raw | dieharder ...` ends when the reader closes the pipe:
     * see EPIPE from write() instead of dying of SIGPIPE, and exit 0. */
    signal(SIGPIPE, SIG_IGN);

    out_stream o;
    word_reader r = {.src = &j.src};
    r.buf = malloc(RBUF_SIZE);
    /* an endless stream never completes: it goes to the file as it comes */
    int endless = j.mode == MODE_RAW && !j.n_given;
    int err = r.buf ? out_open(&o, outpath, endless ? CLI_OUT_STREAM : 0) : ENOMEM;
    if (err) {
        free(r.buf);
        rng_source_wipe(&j.src);
        return cli_error(CLI_USAGE, "%s: %s", outpath ? outpath : "standard output", strerror(err));
    }
    r.pos = r.len = 0;

    double t0 = now_s();
    int rc;
    switch (j.mode) {
    case MODE_BITS:
        rc = gen_bits(&j, &r, &o);
        break;
    case MODE_FIXEDBITS:
        rc = gen_fixedbits(&j, &r, &o);
        break;
    case MODE_RAW:
        rc = gen_raw(&j, &r, &o);
        r.drawn = o.written;
        break;
    default:
        rc = gen_bounded_or_pairs(&j, &r, &o);
        break;
    }
    if (r.err != PKC_OK)
        rc = -2;
    int close_rc = out_close(&o, rc == 0 || o.epipe);
    double dt = now_s() - t0;
    int status = CLI_OK;
    if (rc == -3)
        status = cli_error(CLI_USAGE, "out of memory");
    else if (rc == -2)
        status = cli_error(CLI_USAGE, "the %s generator failed: %s", rng_source_name(kind),
                           pkc_strerror(r.err ? r.err : PKC_ERR_RNG));
    else if ((rc != 0 && !o.epipe) || close_rc != 0)
        status = cli_error(CLI_USAGE, "%s: %s", outpath ? outpath : "standard output",
                           strerror(o.err ? o.err : EIO));
    else if (verbose) {
        char seedtxt[64];
        if (kind == RNG_SRC_OS)
            snprintf(seedtxt, sizeof seedtxt, "getrandom");
        else if (kind == RNG_SRC_DRBG && !fixed)
            snprintf(seedtxt, sizeof seedtxt, "random seed");
        else
            snprintf(seedtxt, sizeof seedtxt, "%s seed %llu", fixed ? "fixed" : "random",
                     (unsigned long long)j.src.seed);
        fprintf(stderr,
                "pkc rng: generator %s%s%s (%s), mode %s: %llu bytes drawn, %llu bytes written in %.3f s"
                " = %.1f MB/s drawn (%.2f M 32-bit words/s), %.1f MB/s written, %.2f M %s/s%s\n",
                rng_source_name(kind),
                kind == RNG_SRC_DRBG ? (alg == PKC_HASH_SHA512 ? " HMAC-SHA-512" : " HMAC-SHA-256") : "",
                rng_source_is_weak(kind) ? " [REFERENCE WEAK GENERATOR]" : "", seedtxt,
                mode_names[j.mode], (unsigned long long)r.drawn, (unsigned long long)o.written, dt,
                (double)r.drawn / dt / 1e6, (double)r.drawn / 4.0 / dt / 1e6,
                (double)o.written / dt / 1e6,
                (j.mode == MODE_RAW ? (double)o.written : (double)j.n) / dt / 1e6,
                unit_names[j.mode], o.epipe ? " (reader closed the pipe)" : "");
    }
    free(r.buf);
    rng_source_wipe(&j.src);
    return status;
}

PKC_CLI_COMMAND(rng, 60, "random datasets for the RNG lab (CSV or a raw stream)", cmd_rng, usage_rng)
