/* pkc prime — a probable prime from RSA key generation's own generator, or
 * the primality test that key generation relies on, on its own
 * (pkc_rsa_prime_generate, pkc_rsa_prime_test: include/pkc/rsa.h).
 * Numbers in and out are decimal, or hexadecimal (0x on input, --hex on
 * output), converted here on big-endian byte strings. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "pkc/rng.h"
#include "pkc/rsa.h"

/* the largest number --test takes, in decimal digits (16384 bits) */
#define MAX_DIGITS 4933

static void usage_prime(FILE *out)
{
    fprintf(out,
            "usage: pkc prime -b BITS [-e E] [-S SEED] [--hex] [-o FILE]\n"
            "       pkc prime --test N [--rounds K] [-S SEED] [-v]\n"
            "\n"
            "With -b: a probable prime made exactly as RSA key generation makes p and q\n"
            "(FIPS 186-5 A.1.3): a random odd BITS-bit number with its top two bits set,\n"
            "trial division by the small primes, gcd(p - 1, e) = 1, then Miller-Rabin\n"
            "with the rounds of FIPS 186-5 table B.1 and bases from the DRBG. Printed\n"
            "in decimal, or with --hex in hexadecimal (as openssl prime -generate\n"
            "[-hex]).\n"
            "\n"
            "With --test: whether N is a probable prime. Below 2^16 exactly (trial\n"
            "division); above, trial division by the primes below 1024, then K rounds\n"
            "of Miller-Rabin with bases drawn from the DRBG (default 64: a composite\n"
            "passes with probability below 2^-128, even one built to pass\n"
            "Miller-Rabin with fixed bases; Carmichael numbers are found composite).\n"
            "Prints \"prime\" or \"composite\".\n"
            "\n"
            "Options:\n"
            "  -b, --bits BITS      size of the prime, %d to %d\n"
            "  -e, --exponent E     the RSA exponent that p - 1 must be coprime to\n"
            "                       (odd, >= 3; default 65537)\n"
            "      --hex            the prime in hexadecimal (capital digits, no 0x)\n"
            "  -t, --test N         N in decimal, or in hexadecimal after 0x; up to %d bits\n"
            "      --rounds K       Miller-Rabin rounds of --test, 1 to 1000 (default 64)\n"
            "  -S, --seed N         a fixed DRBG seed, 0 .. 2^64-1 (default: from getrandom)\n"
            "  -o, --out FILE       write the prime to FILE (also --output)\n"
            "  -v, --verbose        on stderr: the size, the rounds and the time taken\n"
            "\n"
            "Exit status: 0 a prime (generated, or N is prime), 1 N is composite,\n"
            "2 bad usage or input.\n"
            "\n"
            "Examples:\n"
            "  pkc prime -b 1024\n"
            "  pkc prime -b 2048 --hex -S 7\n"
            "  pkc prime --test 561                  (a Carmichael number: composite)\n"
            "  pkc prime --test 0xFFFFFFFFFFFFFFC5   (2^64 - 59: prime)\n"
            "  openssl prime -generate -bits 512 | xargs pkc prime --test\n",
            PKC_RSA_PRIME_MIN_BITS, PKC_RSA_PRIME_MAX_BITS, PKC_RSA_PRIME_TEST_MAX_BITS);
}

/* ---- decimal and hexadecimal on big-endian byte strings ---- */

/* N (decimal, or hex after 0x/0X) into a malloc'd big-endian string of
 * *len bytes. Returns 0, or CLI_USAGE with the error reported. */
static int parse_number(const char *s, uint8_t **out, size_t *len)
{
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const char *d = hex ? s + 2 : s;
    size_t nd = strlen(d);
    if (nd == 0)
        return cli_usage_error("--test: '%s' is not a number (decimal, or hexadecimal after 0x)",
                               s);
    if (nd > (hex ? PKC_RSA_PRIME_TEST_MAX_BITS / 4 : MAX_DIGITS))
        return cli_usage_error("--test: N has more than %d bits", PKC_RSA_PRIME_TEST_MAX_BITS);
    for (size_t i = 0; !hex && i < nd; i++)
        if (d[i] < '0' || d[i] > '9')
            return cli_usage_error("--test: '%s' is not a decimal number", s);
    size_t cap = hex ? (nd + 1) / 2 : nd / 2 + 1; /* 10^k < 256^(k/2 + 1) */
    uint8_t *b = calloc(cap, 1);
    if (!b)
        return cli_error(CLI_USAGE, "out of memory");
    if (hex) {
        /* an odd count: the first digit alone is the first byte */
        size_t odd = nd % 2;
        int bad = odd && cli_hex_decode((const char[]){'0', d[0]}, 2, b) != 0;
        if (bad || cli_hex_decode(d + odd, nd - odd, b + odd) != 0) {
            free(b);
            return cli_usage_error("--test: '%s' is not a hexadecimal number", s);
        }
    } else {
        for (size_t i = 0; i < nd; i++) { /* b = 10 b + digit */
            unsigned carry = (unsigned)(d[i] - '0');
            for (size_t j = cap; j-- > 0;) {
                unsigned v = b[j] * 10u + carry;
                b[j] = (uint8_t)v;
                carry = v >> 8;
            }
        }
    }
    *out = b;
    *len = cap;
    return 0;
}

/* the big-endian b (len bytes, changed: divided down to 0) in decimal,
 * into a malloc'd string */
static char *to_decimal(uint8_t *b, size_t len)
{
    size_t cap = len * 3 + 2, n = 0;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    size_t first = 0;
    do {
        unsigned rem = 0;
        for (size_t j = first; j < len; j++) { /* b = b / 10 */
            unsigned v = (rem << 8) | b[j];
            b[j] = (uint8_t)(v / 10);
            rem = v % 10;
        }
        s[n++] = (char)('0' + rem);
        while (first < len && b[first] == 0)
            first++;
    } while (first < len);
    for (size_t i = 0; i < n / 2; i++) {
        char t = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = t;
    }
    s[n] = 0;
    return s;
}

static char *to_hex(const uint8_t *b, size_t len)
{
    char *s = malloc(2 * len + 1);
    if (!s)
        return NULL;
    size_t n = 0, i = 0;
    while (i < len && b[i] == 0)
        i++;
    for (; i < len; i++)
        n += (size_t)sprintf(s + n, n ? "%02X" : "%X", b[i]);
    if (n == 0)
        s[n++] = '0';
    s[n] = 0;
    return s;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

enum { OPT_HEX = 256, OPT_ROUNDS };

static int cmd_prime(int argc, char **argv)
{
    static const char shortopts[] = ":b:e:t:S:o:v";
    static const struct option opts[] = {
        {"bits", required_argument, NULL, 'b'},
        {"exponent", required_argument, NULL, 'e'},
        {"hex", no_argument, NULL, OPT_HEX},
        {"test", required_argument, NULL, 't'},
        {"rounds", required_argument, NULL, OPT_ROUNDS},
        {"seed", required_argument, NULL, 'S'},
        CLI_OPT_OUT,
        {"verbose", no_argument, NULL, 'v'},
        {NULL, 0, NULL, 0},
    };
    if (cli_options_prepare(&argc, argv, shortopts, opts, NULL))
        return CLI_USAGE;
    uint64_t bits = 0, e = PKC_RSA_DEFAULT_E, seed = 0, rounds = 64;
    int have_bits = 0, have_seed = 0, hex = 0, verbose = 0, have_rounds = 0, c;
    const char *test = NULL, *out = NULL;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 'b':
            if (cli_parse_u64(optarg, PKC_RSA_PRIME_MIN_BITS, PKC_RSA_PRIME_MAX_BITS, &bits))
                return cli_usage_error("-b: expected %d to %d bits, not '%s'",
                                       PKC_RSA_PRIME_MIN_BITS, PKC_RSA_PRIME_MAX_BITS, optarg);
            have_bits = 1;
            break;
        case 'e':
            if (cli_parse_u64(optarg, 3, UINT64_MAX, &e) || (e & 1) == 0)
                return cli_usage_error("-e: expected an odd exponent >= 3, not '%s'", optarg);
            break;
        case OPT_HEX: hex = 1; break;
        case 't': test = optarg; break;
        case OPT_ROUNDS:
            if (cli_parse_u64(optarg, 1, 1000, &rounds))
                return cli_usage_error("--rounds: expected 1 to 1000, not '%s'", optarg);
            have_rounds = 1;
            break;
        case 'S':
            if (cli_parse_u64(optarg, 0, UINT64_MAX, &seed))
                return cli_usage_error("--seed: expected 0 .. 2^64-1, not '%s'", optarg);
            have_seed = 1;
            break;
        case 'o': out = optarg; break;
        case 'v': verbose = 1; break;
        default: return cli_option_error(c, argv);
        }
    }
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);
    if (have_bits == !!test)
        return cli_usage_error("say -b BITS (generate) or --test N (test), one of them");
    if (test && (hex || out))
        return cli_usage_error("--hex and -o go with -b, not --test");
    if (have_bits && have_rounds)
        return cli_usage_error("--rounds goes with --test (-b uses FIPS 186-5's rounds)");

    pkc_rng rng;
    pkc_err err = have_seed ? pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed)
                            : pkc_rng_init_random(&rng, PKC_HASH_SHA256);
    if (err)
        return cli_error(CLI_USAGE, "cannot seed the DRBG: %s", pkc_strerror(err));
    int rc;
    double t0 = now_ms();
    if (test) {
        uint8_t *n = NULL;
        size_t len = 0;
        if ((rc = parse_number(test, &n, &len))) {
            pkc_rng_wipe(&rng);
            return rc;
        }
        int prime = 0;
        err = pkc_rsa_prime_test(n, len, (int)rounds, &rng, &prime);
        size_t nbits = 0;
        for (size_t i = 0; i < len; i++)
            if (n[i]) {
                nbits = (len - i) * 8 - (size_t)__builtin_clz(n[i]) + 24;
                break;
            }
        free(n);
        pkc_rng_wipe(&rng);
        if (err)
            return cli_error(CLI_USAGE, "--test: %s", pkc_strerror(err));
        if (verbose)
            fprintf(stderr, "pkc prime: %zu bits, %d Miller-Rabin rounds at most, %.3f ms\n",
                    nbits, (int)rounds, now_ms() - t0);
        printf("%s\n", prime ? "prime" : "composite");
        if (fflush(stdout) != 0)
            return cli_error(CLI_USAGE, "cannot write the output");
        return prime ? CLI_OK : CLI_NEGATIVE;
    }
    size_t len = ((size_t)bits + 7) / 8;
    uint8_t *p = malloc(len);
    if (!p) {
        pkc_rng_wipe(&rng);
        return cli_error(CLI_USAGE, "out of memory");
    }
    err = pkc_rsa_prime_generate(p, len, (unsigned)bits, e, &rng);
    pkc_rng_wipe(&rng);
    if (err) {
        free(p);
        return cli_error(CLI_USAGE, "cannot generate a prime: %s", pkc_strerror(err));
    }
    double ms = now_ms() - t0;
    char *text = hex ? to_hex(p, len) : to_decimal(p, len);
    free(p);
    if (!text)
        return cli_error(CLI_USAGE, "out of memory");
    if (verbose)
        fprintf(stderr, "pkc prime: %u bits, e = %llu, %.3f ms\n", (unsigned)bits,
                (unsigned long long)e, ms);
    size_t tl = strlen(text);
    text[tl] = '\n';
    rc = cli_write_output(out, text, tl + 1, 0);
    free(text);
    return rc;
}

PKC_CLI_COMMAND(prime, 28, "generate a probable prime (as RSA keygen does) or test one", cmd_prime,
                usage_prime)
