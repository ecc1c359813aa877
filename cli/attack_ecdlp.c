/* pkc attack ecdlp — elliptic-curve discrete logarithms on small generated
 * curves (lab/ecdlp.h), timed and counted in group operations, one instance
 * per (size, repetition), results as JSON (docs/attacks-ecdlp.md). */
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attack.h"
#include "cli.h"
#include "ecdlp.h"

#define BRUTE_MAX_BITS 32
#define BSGS_MAX_BITS 56 /* a table of 2^28 baby steps (the lab's limit) */
#define REPS_MAX 1000
#define THREADS_MAX 64

static void usage_ecdlp(FILE *out)
{
    fprintf(out,
            "usage: pkc attack ecdlp --bits RANGE [--method METHOD] [--reps R] [--seed N]\n"
            "                        [--threads T] [--max-seconds S] [--order KIND]\n"
            "                        [--json FILE]\n"
            "\n"
            "Recovers a planted key k from Q = kP on curves y^2 = x^3 + ax + b over F_p,\n"
            "p < 2^62, generated from the seed (the same seed, size and repetition give\n"
            "the same curve and key for every method). The size is the bit length of n,\n"
            "the order of P; every k found is checked (kP = Q). Each instance is timed\n"
            "and its group operations (point additions and doublings) counted, so the\n"
            "cost can be extrapolated to real curves (docs/attacks-ecdlp.md).\n"
            "\n"
            "Methods:\n"
            "  brute   k = 1, 2, ...: n/2 operations expected; sizes up to %d bits\n"
            "  bsgs    baby-step giant-step: about 1.5 sqrt(n) operations and a table\n"
            "          of sqrt(n) entries; sizes up to %d bits (2^28 entries)\n"
            "  rho     Pollard rho, 32-adding walk, distinguished points shared by the\n"
            "          threads (van Oorschot-Wiener): sqrt(pi n / 2) expected (default)\n"
            "  ph      Pohlig-Hellman on curves of smooth order (every prime factor of\n"
            "          at most a third of the bits): the sum of e sqrt(q) over the\n"
            "          factors q^e; on prime-order curves (--order prime) it is one rho\n"
            "\n"
            "Options:\n"
            "  -b, --bits RANGE       sizes FROM:TO:STEP, FROM:TO or BITS, %d to %d\n"
            "  -m, --method METHOD    brute, bsgs, rho or ph (default rho)\n"
            "  -r, --reps R           instances per size, 1 to %d (default 3)\n"
            "  -S, --seed N           the seed of the instances, 0 .. 2^64-1 (default 1)\n"
            "  -t, --threads T        rho's threads, 1 to %d (default 1)\n"
            "      --max-seconds S    time limit of each attack (default 60): an attack\n"
            "                         stopped by it reports timed_out\n"
            "      --order KIND       prime or smooth group orders (default: smooth for\n"
            "                         ph, prime for the others)\n"
            "      --json FILE        write the results as JSON (docs/results-format.md);\n"
            "                         without it a table on standard output\n"
            "\n"
            "Progress goes to standard error, one line per instance. Exit status 0 when\n"
            "every instance was solved, 1 when one was not (time limit), 2 bad usage.\n"
            "\n"
            "Examples:\n"
            "  pkc attack ecdlp --bits 20:48:4 --method rho --reps 3 --json rho.json\n"
            "  pkc attack ecdlp --bits 24:40:8 --method bsgs\n"
            "  pkc attack ecdlp --bits 40:62:11 --method ph --max-seconds 10\n"
            "  pkc attack ecdlp --bits 56 --method rho --threads 2 --max-seconds 30\n",
            BRUTE_MAX_BITS, BSGS_MAX_BITS, ECDLP_MIN_BITS, ECDLP_MAX_BITS, REPS_MAX, THREADS_MAX);
}

/* ---- a growing text buffer for the JSON ---- */

typedef struct {
    char *s;
    size_t len, cap;
    int failed;
} text;

__attribute__((format(printf, 2, 3))) static void tprintf(text *t, const char *fmt, ...)
{
    char piece[2048]; /* every piece written is a line or less */
    va_list ap;
    va_start(ap, fmt);
    /* NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized): va_start is just above */
    int n = vsnprintf(piece, sizeof piece, fmt, ap);
    va_end(ap);
    if (t->failed || n < 0 || (size_t)n >= sizeof piece) {
        t->failed = 1;
        return;
    }
    if (t->len + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 4096;
        while (cap < t->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(t->s, cap);
        if (!s) {
            t->failed = 1;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
    memcpy(t->s + t->len, piece, (size_t)n + 1);
    t->len += (size_t)n;
}

static const char *method_name(ecdlp_method m)
{
    switch (m) {
    case ECDLP_BRUTE: return "brute";
    case ECDLP_BSGS: return "bsgs";
    case ECDLP_RHO: return "rho";
    case ECDLP_PH: return "ph";
    }
    return "?";
}

static const char *error_text(int rc)
{
    switch (rc) {
    case ECDLP_ERR_ARG: return "bad argument";
    case ECDLP_ERR_TOO_BIG: return "refused: beyond the method's limit";
    case ECDLP_ERR_NOMEM: return "out of memory";
    case ECDLP_ERR_TIMEOUT: return "time limit";
    case ECDLP_ERR_NOT_FOUND: return "not found";
    case ECDLP_ERR_COUNT: return "point counting failed";
    }
    return "error";
}

/* the expected group operations of the method (docs/attacks-ecdlp.md) */
static double expected_ops(ecdlp_method m, const ecdlp_instance *in)
{
    double n = (double)in->n;
    switch (m) {
    case ECDLP_BRUTE: return n / 2;
    case ECDLP_BSGS: return 1.5 * sqrt(n);
    case ECDLP_RHO: return sqrt(M_PI * n / 2);
    case ECDLP_PH: {
        /* per prime power q^e: e logarithms of order q (the lab solves q <=
         * 2^32 by BSGS, above by rho), and 3 + 2e scalar multiplications of
         * about 1.5 log2(n) operations to project into the subgroups */
        double s = 0, mul = 1.5 * log2(n);
        for (int i = 0; i < in->nf.count; i++) {
            double q = (double)in->nf.prime[i], e = in->nf.exp[i];
            s += e * (q <= 4294967296.0 ? 1.5 * sqrt(q) : sqrt(M_PI * q / 2)) + (3 + 2 * e) * mul;
        }
        return s;
    }
    }
    return 0;
}

enum { OPT_MAX_SECONDS = 256, OPT_JSON, OPT_ORDER };

static int attack_ecdlp(int argc, char **argv)
{
    static const char shortopts[] = ":b:m:r:S:t:";
    static const struct option opts[] = {
        {"bits", required_argument, NULL, 'b'},
        {"method", required_argument, NULL, 'm'},
        {"reps", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 'S'},
        {"threads", required_argument, NULL, 't'},
        {"max-seconds", required_argument, NULL, OPT_MAX_SECONDS},
        {"json", required_argument, NULL, OPT_JSON},
        {"order", required_argument, NULL, OPT_ORDER},
        {NULL, 0, NULL, 0},
    };
    if (cli_options_prepare(&argc, argv, shortopts, opts, NULL))
        return CLI_USAGE;
    const char *bits_text = NULL, *json = NULL;
    ecdlp_method method = ECDLP_RHO;
    int order = -1; /* -1: the method's default */
    uint64_t reps = 3, seed = 1, threads = 1;
    double max_seconds = 60;
    int c;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case 'b': bits_text = optarg; break;
        case 'm':
            if (strcmp(optarg, "brute") == 0)
                method = ECDLP_BRUTE;
            else if (strcmp(optarg, "bsgs") == 0)
                method = ECDLP_BSGS;
            else if (strcmp(optarg, "rho") == 0)
                method = ECDLP_RHO;
            else if (strcmp(optarg, "ph") == 0)
                method = ECDLP_PH;
            else
                return cli_usage_error("--method: unknown method '%s' (brute, bsgs, rho, ph)",
                                       optarg);
            break;
        case 'r':
            if (cli_parse_u64(optarg, 1, REPS_MAX, &reps))
                return cli_usage_error("--reps: expected 1 to %d, not '%s'", REPS_MAX, optarg);
            break;
        case 'S':
            if (cli_parse_u64(optarg, 0, UINT64_MAX, &seed))
                return cli_usage_error("--seed: expected 0 .. 2^64-1, not '%s'", optarg);
            break;
        case 't':
            if (cli_parse_u64(optarg, 1, THREADS_MAX, &threads))
                return cli_usage_error("--threads: expected 1 to %d, not '%s'", THREADS_MAX,
                                       optarg);
            break;
        case OPT_MAX_SECONDS:
            if (attack_parse_seconds("--max-seconds", optarg, &max_seconds))
                return CLI_USAGE;
            break;
        case OPT_JSON: json = optarg; break;
        case OPT_ORDER:
            if (strcmp(optarg, "prime") == 0)
                order = ECDLP_PRIME_ORDER;
            else if (strcmp(optarg, "smooth") == 0)
                order = ECDLP_SMOOTH_ORDER;
            else
                return cli_usage_error("--order: expected prime or smooth, not '%s'", optarg);
            break;
        default: return cli_option_error(c, argv);
        }
    }
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);
    if (!bits_text)
        return cli_usage_error("--bits is required (e.g. --bits 20:40:4)");
    attack_range range;
    if (attack_parse_range("--bits", bits_text, ECDLP_MIN_BITS, ECDLP_MAX_BITS, &range))
        return CLI_USAGE;
    if (method == ECDLP_BRUTE && range.to > BRUTE_MAX_BITS)
        return cli_usage_error("--bits %s: brute force is capped at %d bits (n/2 operations)",
                               bits_text, BRUTE_MAX_BITS);
    if (method == ECDLP_BSGS && range.to > BSGS_MAX_BITS)
        return cli_usage_error("--bits %s: bsgs is capped at %d bits (a table of 2^28 entries)",
                               bits_text, BSGS_MAX_BITS);
    if (order < 0)
        order = method == ECDLP_PH ? ECDLP_SMOOTH_ORDER : ECDLP_PRIME_ORDER;
    if (order == ECDLP_SMOOTH_ORDER && method != ECDLP_PH)
        return cli_usage_error("--order smooth goes with --method ph");

    text t = {0};
    tprintf(&t,
            "{\n  \"tool\": \"pkc attack\",\n  \"problem\": \"ecdlp\",\n  \"method\": \"%s\",\n"
            "  \"seed\": %llu,\n  \"max_seconds\": %g,\n  \"threads\": %u,\n"
            "  \"order_kind\": \"%s\",\n  \"negation_map\": false,\n  \"instances\": [",
            method_name(method), (unsigned long long)seed, max_seconds, (unsigned)threads,
            order == ECDLP_PRIME_ORDER ? "prime" : "smooth");
    if (!json)
        printf("%5s %4s %22s %22s %8s %10s %14s %10s\n", "bits", "rep", "n", "k found", "ok",
               "seconds", "ops", "ops/exp");
    int all_ok = 1, first = 1;
    for (unsigned bits = range.from; bits <= range.to; bits += range.step) {
        for (unsigned rep = 0; rep < reps; rep++) {
            uint64_t iseed = ecdlp_mix64(seed ^ ecdlp_mix64((uint64_t)bits << 32 | rep));
            ecdlp_instance in;
            int rc = ecdlp_instance_generate(bits, iseed, (ecdlp_kind)order, 0, &in);
            if (rc != ECDLP_OK) {
                free(t.s);
                return cli_error(CLI_USAGE, "cannot generate a %u-bit instance: %s", bits,
                                 error_text(rc));
            }
            ecdlp_attack_opts o = {max_seconds, (unsigned)threads, ecdlp_mix64(iseed + 1), 0};
            ecdlp_attack_result r;
            double w0 = attack_wall_seconds(), c0 = attack_cpu_seconds();
            rc = ecdlp_attack(&in, method, &o, &r);
            double secs = attack_wall_seconds() - w0, cpu = attack_cpu_seconds() - c0;
            /* the check of the lab's answer, here once more */
            int ok = rc == ECDLP_OK && r.found;
            if (ok) {
                ecdlp_point T;
                ecdlp_mul(&in.E, r.k, &in.P, &T, NULL);
                ok = ecdlp_point_eq(&T, &in.Q);
            }
            all_ok &= ok;
            double expect = expected_ops(method, &in);
            fprintf(stderr,
                    "ecdlp %s: %u bits, rep %u/%u: %s in %.3f s, %llu group operations "
                    "(%.2f of expected)%s\n",
                    method_name(method), bits, rep + 1, (unsigned)reps,
                    ok ? "found k" : error_text(rc), secs, (unsigned long long)r.ops,
                    expect > 0 ? (double)r.ops / expect : 0, r.timed_out ? ", timed out" : "");
            if (!json) {
                char kf[24] = "-";
                if (ok)
                    snprintf(kf, sizeof kf, "%llu", (unsigned long long)r.k);
                printf("%5u %4u %22llu %22s %8s %10.3f %14llu %10.2f\n", bits, rep + 1,
                       (unsigned long long)in.n, kf,
                       ok            ? "yes"
                       : r.timed_out ? "timeout"
                                     : "no",
                       secs, (unsigned long long)r.ops, expect > 0 ? (double)r.ops / expect : 0);
            }
            tprintf(&t,
                    "%s\n    {\"bits\": %u, \"rep\": %u, \"ok\": %s, \"timed_out\": %s, "
                    "\"seconds\": %.6f, \"cpu_seconds\": %.6f, \"ops\": %llu, "
                    "\"ops_unit\": \"group operations\", \"expected_ops\": %.1f, "
                    "\"p\": \"%llu\", \"a\": \"%llu\", \"b\": \"%llu\", \"order\": \"%llu\", "
                    "\"curve_order\": \"%llu\", \"order_factors\": [",
                    first ? "" : ",", bits, rep + 1, ok ? "true" : "false",
                    r.timed_out ? "true" : "false", secs, cpu, (unsigned long long)r.ops, expect,
                    (unsigned long long)in.E.p, (unsigned long long)in.E.a,
                    (unsigned long long)in.E.b, (unsigned long long)in.n,
                    (unsigned long long)in.curve_order);
            first = 0;
            for (int i = 0; i < in.nf.count; i++) {
                tprintf(&t, "%s\"%llu", i ? ", " : "", (unsigned long long)in.nf.prime[i]);
                if (in.nf.exp[i] > 1)
                    tprintf(&t, "^%u", in.nf.exp[i]);
                tprintf(&t, "\"");
            }
            uint64_t px, py, qx, qy;
            ecdlp_point_xy(&in.E, &in.P, &px, &py);
            ecdlp_point_xy(&in.E, &in.Q, &qx, &qy);
            tprintf(&t, "], \"P\": [\"%llu\", \"%llu\"], \"Q\": [\"%llu\", \"%llu\"], ",
                    (unsigned long long)px, (unsigned long long)py, (unsigned long long)qx,
                    (unsigned long long)qy);
            tprintf(&t, "\"k\": \"%llu\", ", (unsigned long long)in.k);
            if (ok)
                tprintf(&t, "\"found\": \"%llu\", ", (unsigned long long)r.k);
            else
                tprintf(&t, "\"found\": null, \"error\": \"%s\", ", error_text(rc));
            tprintf(&t, "\"dps\": %llu, \"restarts\": %llu, \"curves_tried\": %u}",
                    (unsigned long long)r.dps, (unsigned long long)r.restarts, in.curves_tried);
        }
        if (range.to - bits < range.step)
            break;
    }
    tprintf(&t, "\n  ]\n}\n");
    int rc = CLI_OK;
    if (t.failed)
        rc = cli_error(CLI_USAGE, "out of memory");
    else if (json)
        rc = cli_write_output(json, t.s, t.len, 0);
    else if (fflush(stdout) != 0)
        rc = cli_error(CLI_USAGE, "cannot write the output");
    free(t.s);
    if (rc != CLI_OK)
        return rc;
    return all_ok ? CLI_OK : CLI_NEGATIVE;
}

PKC_ATTACK_PROBLEM(ecdlp, "elliptic-curve discrete logarithms (brute, bsgs, rho, ph)", attack_ecdlp,
                   usage_ecdlp)
