/* pkc attack factor — factoring small RSA moduli N = p q with a chosen
 * method, size after size, each attack timed and its steps counted so that
 * the cost can be extrapolated (lab/factor.h, docs/attacks-factor.md); or
 * one given number (--n). */
#define _GNU_SOURCE
#include <ctype.h>
#include <getopt.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attack.h"
#include "cli.h"
#include "factor.h"

/* Trial division needs about sqrt(N) / ln sqrt(N) divisions on balanced
 * moduli: 2^44 at 96 bits, far past any time limit, so larger sizes are
 * refused rather than left to time out one by one. */
#define TRIAL_MAX_BITS 96
/* --n: the largest number taken */
#define N_MAX_BITS 4096
#define DEFAULT_REPS 3
#define DEFAULT_SEED 1
#define DEFAULT_MAX_SECONDS 10.0

static void usage_factor(FILE *out)
{
    fprintf(out,
            "usage: pkc attack factor --bits RANGE --method METHOD [--instances KIND]\n"
            "                         [--reps R] [--seed N] [--max-seconds S]\n"
            "                         [--b1 B1] [--b2 B2] [--json FILE]\n"
            "       pkc attack factor --n N --method METHOD [--seed N] [--max-seconds S]\n"
            "                         [--b1 B1] [--b2 B2] [--json FILE]\n"
            "\n"
            "Factors RSA moduli N = p q of the sizes in RANGE, R of each, with p and q\n"
            "planted (made from --seed, so the same command gives the same moduli), and\n"
            "reports for each the wall and CPU time of the attack and its basic steps:\n"
            "  trial   trial division by 2, 3, 5, 7, ...      (divisions; at most %d bits)\n"
            "  fermat  Fermat's method from ceil(sqrt N)       (iterations)\n"
            "  rho     Pollard rho, Brent, batched gcds        (modular multiplications)\n"
            "  pm1     Pollard p - 1, stages 1 and 2           (modular multiplications)\n"
            "  ecm     GMP-ECM curves, B1 rising from 2000     (curves)%s\n"
            "Each attack stops at the time limit (timed_out in the results). The found\n"
            "factor is checked against N, p and q (ok).\n"
            "\n"
            "Instances (--instances):\n"
            "  balanced  p, q random primes of half the size each, made by RSA key\n"
            "            generation's own generator (pkc_rsa_prime_generate) from 64 bits\n"
            "            on, by mpz_nextprime on DRBG output below (its primes have 32\n"
            "            bits at least): the real case, where only rho and ecm get on\n"
            "  close     |p - q| < N^(1/4): Fermat's method needs one iteration\n"
            "  smooth    p - 1 = 2 * (distinct primes <= %u): p - 1 finds p in stage 1\n"
            "\n"
            "With --n, factors the number N (decimal, or hexadecimal after 0x) and\n"
            "prints N = F * C. A prime has no nontrivial factor: that is said, exit 1.\n"
            "\n"
            "Options:\n"
            "      --bits RANGE      sizes of N in bits, FROM:TO:STEP, FROM:TO or BITS,\n"
            "                        within %d..%d\n"
            "      --method METHOD   trial, fermat, rho, pm1 or ecm\n"
            "      --instances KIND  balanced (default), close or smooth\n"
            "      --reps R          instances of each size, 1 to 1000 (default %d)\n"
            "      --seed N          the seed of the instances and of the methods' choices,\n"
            "                        0 .. 2^64-1 (default %d)\n"
            "      --max-seconds S   time limit of each attack (default %g)\n"
            "      --b1 B1           pm1: stage 1 bound (default %u); ecm: every curve's B1\n"
            "                        (default: GMP-ECM's table, 2000 rising to 1.1e8)\n"
            "      --b2 B2           pm1: stage 2 bound, B1 .. 2^40 (default 100 B1;\n"
            "                        B2 = B1: no stage 2)\n"
            "      --n N             factor N instead (at most %d bits)\n"
            "      --json FILE       the results as JSON (docs/attacks-factor.md); without\n"
            "                        it, a table on standard output\n"
            "Progress goes to standard error, one line per instance.\n"
            "\n"
            "Exit status: 0 done (the results say which attacks succeeded; with --n, a\n"
            "factor found), 1 with --n no factor found (N prime, the method failed or\n"
            "ran out of time), 2 bad usage or input.\n"
            "\n"
            "Examples:\n"
            "  pkc attack factor --bits 40:80:8 --method rho --json rho.json\n"
            "  pkc attack factor --bits 64:160:16 --method fermat --instances close\n"
            "  pkc attack factor --bits 128 --method pm1 --instances smooth --b1 50000\n"
            "  pkc attack factor --bits 80:140:20 --method ecm --reps 5 --max-seconds 60\n"
            "  pkc attack factor --n 1000000016000000063 --method rho\n",
            TRIAL_MAX_BITS,
            pkc_lab_factor_have_ecm() ? "" : "\n          (not in this build: no GMP-ECM)",
            PKC_LAB_FACTOR_SMOOTH_BOUND, PKC_LAB_FACTOR_MIN_BITS, PKC_LAB_FACTOR_MAX_BITS,
            DEFAULT_REPS, DEFAULT_SEED, DEFAULT_MAX_SECONDS, PKC_LAB_FACTOR_PM1_B1, N_MAX_BITS);
}

typedef struct {
    pkc_lab_factor_method method;
    pkc_lab_factor_kind kind;
    int given; /* --n */
    attack_range range;
    const char *range_text;
    unsigned reps;
    uint64_t seed;
    double max_seconds;
    uint64_t b1, b2;
    const char *json;
} factor_opts;

/* N for --n: decimal, or hexadecimal after 0x; only digits (mpz_set_str
 * would skip blanks). Returns 0, or CLI_USAGE after the error line. */
static int parse_n(const char *s, mpz_t n)
{
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const char *d = hex ? s + 2 : s;
    size_t len = strlen(d);
    if (len == 0 || len > N_MAX_BITS)
        return cli_usage_error("--n '%s': expected a number (decimal, or hexadecimal after 0x)", s);
    for (size_t i = 0; i < len; i++)
        if (hex ? !isxdigit((unsigned char)d[i]) : d[i] < '0' || d[i] > '9')
            return cli_usage_error("--n '%s': not a %s number", s, hex ? "hexadecimal" : "decimal");
    if (mpz_set_str(n, d, hex ? 16 : 10) != 0)
        return cli_usage_error("--n '%s': not a number", s);
    if (mpz_sizeinbase(n, 2) > N_MAX_BITS)
        return cli_usage_error("--n: N has more than %d bits", N_MAX_BITS);
    if (mpz_cmp_ui(n, 4) < 0)
        return cli_usage_error("--n: N must be 4 or more (it has no factors to find)");
    return 0;
}

/* the method's own seed for one instance: a mix of --seed, the size and
 * the repetition, so each instance gets other rho constants and curves */
static uint64_t method_seed(uint64_t seed, unsigned bits, unsigned rep)
{
    uint64_t z = seed ^ ((uint64_t)bits << 40) ^ ((uint64_t)rep << 20) ^ 0x66616374ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_header(FILE *f, const factor_opts *o)
{
    fprintf(f, "{\n  \"tool\": \"pkc attack\",\n  \"problem\": \"factor\",\n  \"method\": ");
    json_string(f, pkc_lab_factor_method_name(o->method));
    fprintf(f, ",\n  \"seed\": %llu,\n  \"max_seconds\": %.6g,\n  \"threads\": 1,\n",
            (unsigned long long)o->seed, o->max_seconds);
    fprintf(f, "  \"instances_kind\": ");
    json_string(f, o->given ? "given" : pkc_lab_factor_kind_name(o->kind));
    fprintf(f, ",\n");
    if (!o->given)
        fprintf(f, "  \"bits_range\": \"%u:%u:%u\",\n  \"reps\": %u,\n", o->range.from, o->range.to,
                o->range.step, o->reps);
    if (o->method == PKC_LAB_FACTOR_PM1 || (o->method == PKC_LAB_FACTOR_ECM && o->b1))
        fprintf(f, "  \"b1\": %llu,\n", (unsigned long long)o->b1);
    if (o->method == PKC_LAB_FACTOR_PM1)
        fprintf(f, "  \"b2\": %llu,\n", (unsigned long long)o->b2);
    if (o->method == PKC_LAB_FACTOR_ECM) {
        fprintf(f, "  \"b1_schedule\": \"%s\",\n  \"ecm_version\": ",
                o->b1 ? "fixed" : "GMP-ECM README table");
        json_string(f, pkc_lab_factor_ecm_version());
        fprintf(f, ",\n");
    }
    fprintf(f, "  \"instances\": [");
}

/* one instance's object; inst NULL for --n */
static void json_instance(FILE *f, int first, const factor_opts *o, unsigned bits, unsigned rep,
                          const pkc_lab_factor_instance *inst, const mpz_t n,
                          const pkc_lab_factor_result *r, int ok, double secs, double cpu)
{
    pkc_lab_factor_method m = o->method;
    fprintf(f, "%s\n    {\"bits\": %u, \"rep\": %u, \"ok\": %s, \"timed_out\": %s,",
            first ? "" : ",", bits, rep, ok ? "true" : "false",
            r->status == PKC_LAB_FACTOR_TIMED_OUT ? "true" : "false");
    fprintf(f, " \"status\": \"%s\",",
            r->status == PKC_LAB_FACTOR_FOUND       ? "found"
            : r->status == PKC_LAB_FACTOR_TIMED_OUT ? "timed_out"
                                                    : "not_found");
    fprintf(f,
            "\n     \"seconds\": %.9f, \"cpu_seconds\": %.9f, \"ops\": %llu, \"ops_unit\": ", secs,
            cpu, (unsigned long long)r->ops);
    json_string(f, pkc_lab_factor_ops_unit(m));
    gmp_fprintf(f, ",\n     \"n\": \"%Zd\",", n);
    if (inst)
        gmp_fprintf(f, " \"p\": \"%Zd\", \"q\": \"%Zd\",", inst->p, inst->q);
    if (r->status == PKC_LAB_FACTOR_FOUND) {
        mpz_t c;
        mpz_init(c);
        mpz_divexact(c, n, r->factor);
        gmp_fprintf(f, " \"found\": \"%Zd\", \"cofactor\": \"%Zd\",", r->factor, c);
        mpz_clear(c);
    } else {
        fprintf(f, " \"found\": null,");
    }
    fprintf(f, "\n     \"instances_kind\": ");
    json_string(f, inst ? pkc_lab_factor_kind_name(inst->kind) : "given");
    if (inst) {
        fprintf(f, ", \"prime_source\": ");
        json_string(f, inst->prime_source);
        if (inst->smooth_bound)
            fprintf(f, ", \"smooth_bound\": %llu", (unsigned long long)inst->smooth_bound);
    }
    if (m == PKC_LAB_FACTOR_PM1) {
        fprintf(f, ", \"b1\": %llu, \"b2\": %llu", (unsigned long long)r->b1,
                (unsigned long long)r->b2);
        if (r->status == PKC_LAB_FACTOR_FOUND)
            fprintf(f, ", \"stage\": %u", r->stage);
    }
    if (m == PKC_LAB_FACTOR_ECM)
        fprintf(f, ", \"curves\": %llu, \"b1\": %llu", (unsigned long long)r->curves,
                (unsigned long long)r->b1);
    if (m == PKC_LAB_FACTOR_RHO)
        fprintf(f, ", \"restarts\": %llu", (unsigned long long)r->restarts);
    if (r->reason) {
        fprintf(f, ", \"reason\": ");
        json_string(f, r->reason);
    }
    fprintf(f, "}");
}

static const char *status_text(const pkc_lab_factor_result *r, int ok)
{
    if (r->status == PKC_LAB_FACTOR_TIMED_OUT)
        return "timed out";
    if (r->status == PKC_LAB_FACTOR_NOT_FOUND)
        return "not found";
    return ok ? "found" : "WRONG";
}

/* runs the attack, timed; returns 0 or CLI_USAGE after the error line */
static int run_one(const factor_opts *o, const mpz_t n, uint64_t mseed, pkc_lab_factor_result *r,
                   double *secs, double *cpu)
{
    pkc_lab_factor_params params = {o->max_seconds, o->b1, o->b2, mseed};
    double c0 = attack_cpu_seconds(), t0 = attack_wall_seconds();
    pkc_err err = pkc_lab_factor_run(o->method, n, &params, r);
    *secs = attack_wall_seconds() - t0;
    *cpu = attack_cpu_seconds() - c0;
    if (err)
        return cli_error(
            CLI_USAGE, "factor %s: %s", pkc_lab_factor_method_name(o->method),
            err == PKC_ERR_INTERNAL
                ? "internal error (a factor that does not divide N, or GMP-ECM failing)"
                : pkc_strerror(err));
    return 0;
}

/* The results as JSON into a memory stream, written as a whole at the end
 * (never a partial file). The output is opened first, so that a path that
 * cannot be written is an error before any attack runs. */
typedef struct {
    FILE *f;
    char *buf;
    size_t len;
    cli_out out;
} json_out;

static int json_open(json_out *j, const factor_opts *o)
{
    j->f = NULL;
    j->buf = NULL;
    j->len = 0;
    if (!o->json)
        return 0;
    int e = cli_out_open(&j->out, o->json, 0);
    if (e)
        return cli_error(CLI_USAGE, "cannot write %s: %s", o->json, strerror(e));
    if (!(j->f = open_memstream(&j->buf, &j->len))) {
        cli_out_abort(&j->out);
        return cli_error(CLI_USAGE, "out of memory");
    }
    json_header(j->f, o);
    return 0;
}

/* write: commit the file (after all went well), else give it up */
static int json_close(json_out *j, const factor_opts *o, int write)
{
    if (!j->f)
        return 0;
    fprintf(j->f, "\n  ]\n}\n");
    int rc = 0, e;
    if (fclose(j->f) != 0) {
        cli_out_abort(&j->out);
        rc = cli_error(CLI_USAGE, "out of memory");
    } else if (!write) {
        cli_out_abort(&j->out);
    } else if ((e = cli_out_write(&j->out, j->buf, j->len))) {
        cli_out_abort(&j->out);
        rc = cli_error(CLI_USAGE, "cannot write %s: %s", o->json, strerror(e));
    } else if ((e = cli_out_commit(&j->out))) { /* it cleans up itself */
        rc = cli_error(CLI_USAGE, "cannot write %s: %s", o->json, strerror(e));
    }
    free(j->buf);
    j->f = NULL;
    return rc;
}

static int factor_given(const factor_opts *o, const mpz_t n)
{
    if (mpz_probab_prime_p(n, 30)) {
        gmp_printf("%Zd is a probable prime: it has no nontrivial factor\n", n);
        return fflush(stdout) == 0 ? CLI_NEGATIVE : cli_error(CLI_USAGE, "cannot write the output");
    }
    unsigned bits = (unsigned)mpz_sizeinbase(n, 2);
    pkc_lab_factor_result r;
    pkc_lab_factor_result_init(&r);
    double secs, cpu;
    json_out j;
    int rc = json_open(&j, o);
    if (!rc && (rc = run_one(o, n, method_seed(o->seed, bits, 0), &r, &secs, &cpu)))
        json_close(&j, o, 0);
    if (!rc) {
        int ok = r.status == PKC_LAB_FACTOR_FOUND;
        fprintf(stderr, "factor %s: %u-bit N: %s in %.3f s, %llu %s%s%s\n",
                pkc_lab_factor_method_name(o->method), bits, status_text(&r, ok), secs,
                (unsigned long long)r.ops, pkc_lab_factor_ops_unit(o->method), r.reason ? ": " : "",
                r.reason ? r.reason : "");
        if (j.f)
            json_instance(j.f, 1, o, bits, 0, NULL, n, &r, ok, secs, cpu);
        rc = json_close(&j, o, 1);
        if (!rc && ok) {
            mpz_t c;
            mpz_init(c);
            mpz_divexact(c, n, r.factor);
            gmp_printf("%Zd = %Zd * %Zd\n", n, r.factor, c);
            mpz_clear(c);
        } else if (!rc) {
            gmp_printf("%Zd: no factor found (%s)\n", n, r.reason ? r.reason : "");
        }
        if (!rc && fflush(stdout) != 0)
            rc = cli_error(CLI_USAGE, "cannot write the output");
        if (!rc && !ok)
            rc = CLI_NEGATIVE;
    }
    pkc_lab_factor_result_clear(&r);
    return rc;
}

static int factor_sweep(const factor_opts *o)
{
    json_out j;
    int rc = json_open(&j, o);
    if (rc)
        return rc;
    pkc_lab_factor_instance inst;
    pkc_lab_factor_result r;
    pkc_lab_factor_instance_init(&inst);
    pkc_lab_factor_result_init(&r);
    const char *mname = pkc_lab_factor_method_name(o->method);
    unsigned total = ((o->range.to - o->range.from) / o->range.step + 1) * o->reps, done = 0;
    if (!o->json)
        printf("%-5s %-4s %-10s %12s %14s  %s\n", "bits", "rep", "result", "seconds", "ops",
               "factor");
    for (unsigned bits = o->range.from; bits <= o->range.to && !rc; bits += o->range.step) {
        for (unsigned rep = 0; rep < o->reps && !rc; rep++) {
            pkc_err err = pkc_lab_factor_instance_make(&inst, o->kind, bits, o->seed, rep);
            if (err) {
                rc = cli_error(CLI_USAGE, "cannot make a %u-bit instance: %s", bits,
                               pkc_strerror(err));
                break;
            }
            double secs, cpu;
            if ((rc = run_one(o, inst.n, method_seed(o->seed, bits, rep), &r, &secs, &cpu)))
                break;
            int ok = r.status == PKC_LAB_FACTOR_FOUND &&
                     (mpz_cmp(r.factor, inst.p) == 0 || mpz_cmp(r.factor, inst.q) == 0);
            done++;
            fprintf(stderr, "factor %s %s: %u bits, rep %u [%u/%u]: %s in %.3f s, %llu %s%s%s\n",
                    mname, pkc_lab_factor_kind_name(o->kind), bits, rep, done, total,
                    status_text(&r, ok), secs, (unsigned long long)r.ops,
                    pkc_lab_factor_ops_unit(o->method), r.reason ? ": " : "",
                    r.reason ? r.reason : "");
            if (j.f) {
                json_instance(j.f, done == 1, o, bits, rep, &inst, inst.n, &r, ok, secs, cpu);
            } else {
                printf("%-5u %-4u %-10s %12.6f %14llu  ", bits, rep, status_text(&r, ok), secs,
                       (unsigned long long)r.ops);
                if (r.status == PKC_LAB_FACTOR_FOUND)
                    gmp_printf("%Zd\n", r.factor);
                else
                    printf("-\n");
                fflush(stdout);
            }
        }
    }
    int wrc = json_close(&j, o, rc == 0);
    if (!rc)
        rc = wrc;
    if (!rc && !o->json && fflush(stdout) != 0)
        rc = cli_error(CLI_USAGE, "cannot write the output");
    pkc_lab_factor_result_clear(&r);
    pkc_lab_factor_instance_clear(&inst);
    return rc;
}

enum {
    OPT_BITS = 256,
    OPT_METHOD,
    OPT_INSTANCES,
    OPT_REPS,
    OPT_SEED,
    OPT_MAX_SECONDS,
    OPT_B1,
    OPT_B2,
    OPT_N,
    OPT_JSON
};

static int attack_factor(int argc, char **argv)
{
    static const char shortopts[] = ":";
    static const struct option opts[] = {
        {"bits", required_argument, NULL, OPT_BITS},
        {"method", required_argument, NULL, OPT_METHOD},
        {"instances", required_argument, NULL, OPT_INSTANCES},
        {"reps", required_argument, NULL, OPT_REPS},
        {"seed", required_argument, NULL, OPT_SEED},
        {"max-seconds", required_argument, NULL, OPT_MAX_SECONDS},
        {"b1", required_argument, NULL, OPT_B1},
        {"b2", required_argument, NULL, OPT_B2},
        {"n", required_argument, NULL, OPT_N},
        {"json", required_argument, NULL, OPT_JSON},
        {NULL, 0, NULL, 0},
    };
    if (cli_options_prepare(&argc, argv, shortopts, opts, NULL))
        return CLI_USAGE;
    factor_opts o = {.kind = PKC_LAB_FACTOR_BALANCED,
                     .reps = DEFAULT_REPS,
                     .seed = DEFAULT_SEED,
                     .max_seconds = DEFAULT_MAX_SECONDS};
    const char *method = NULL, *ntext = NULL;
    int have_kind = 0, have_reps = 0, have_b2 = 0, c;
    uint64_t v;
    while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
        switch (c) {
        case OPT_BITS:
            if (attack_parse_range("--bits", optarg, PKC_LAB_FACTOR_MIN_BITS,
                                   PKC_LAB_FACTOR_MAX_BITS, &o.range))
                return CLI_USAGE;
            o.range_text = optarg;
            break;
        case OPT_METHOD: method = optarg; break;
        case OPT_INSTANCES:
            if (pkc_lab_factor_kind_parse(optarg, &o.kind) != PKC_OK)
                return cli_usage_error("--instances '%s': expected balanced, close or smooth",
                                       optarg);
            have_kind = 1;
            break;
        case OPT_REPS:
            if (cli_parse_u64(optarg, 1, 1000, &v))
                return cli_usage_error("--reps '%s': expected 1 to 1000", optarg);
            o.reps = (unsigned)v;
            have_reps = 1;
            break;
        case OPT_SEED:
            if (cli_parse_u64(optarg, 0, UINT64_MAX, &o.seed))
                return cli_usage_error("--seed '%s': expected 0 .. 2^64-1", optarg);
            break;
        case OPT_MAX_SECONDS:
            if (attack_parse_seconds("--max-seconds", optarg, &o.max_seconds))
                return CLI_USAGE;
            break;
        case OPT_B1:
            if (cli_parse_u64(optarg, 2, (uint64_t)1 << 40, &o.b1))
                return cli_usage_error("--b1 '%s': expected 2 .. 2^40", optarg);
            break;
        case OPT_B2:
            if (cli_parse_u64(optarg, 2, PKC_LAB_FACTOR_PM1_B2_MAX, &o.b2))
                return cli_usage_error("--b2 '%s': expected 2 .. 2^40", optarg);
            have_b2 = 1;
            break;
        case OPT_N: ntext = optarg; break;
        case OPT_JSON: o.json = optarg; break;
        default: return cli_option_error(c, argv);
        }
    }
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);
    if (!method)
        return cli_usage_error("--method is required (trial, fermat, rho, pm1 or ecm)");
    if (pkc_lab_factor_method_parse(method, &o.method) != PKC_OK)
        return cli_usage_error("--method '%s': expected trial, fermat, rho, pm1 or ecm", method);
    if (o.method == PKC_LAB_FACTOR_ECM && !pkc_lab_factor_have_ecm())
        return cli_error(CLI_USAGE, "--method ecm: this pkc was built without GMP-ECM (libecm)");
    if (!!ntext == !!o.range_text)
        return cli_usage_error("say --bits RANGE (planted moduli) or --n N (one number), one of "
                               "them");
    if (ntext && (have_kind || have_reps))
        return cli_usage_error("--instances and --reps go with --bits, not --n");
    if (o.b1 && o.method != PKC_LAB_FACTOR_PM1 && o.method != PKC_LAB_FACTOR_ECM)
        return cli_usage_error("--b1 goes with --method pm1 or ecm");
    if (have_b2 && o.method != PKC_LAB_FACTOR_PM1)
        return cli_usage_error("--b2 goes with --method pm1");
    if (o.method == PKC_LAB_FACTOR_PM1) {
        if (!o.b1)
            o.b1 = PKC_LAB_FACTOR_PM1_B1;
        if (!have_b2)
            o.b2 = o.b1 <= PKC_LAB_FACTOR_PM1_B2_MAX / 100 ? 100 * o.b1 : PKC_LAB_FACTOR_PM1_B2_MAX;
        if (o.b2 < o.b1)
            return cli_usage_error("--b2 %llu is below --b1 %llu", (unsigned long long)o.b2,
                                   (unsigned long long)o.b1);
    }
    if (o.range_text && o.method == PKC_LAB_FACTOR_TRIAL && o.range.to > TRIAL_MAX_BITS)
        return cli_usage_error("--bits %s: trial division goes to %d bits at most (it needs "
                               "about 2^(bits/2) / ln divisions)",
                               o.range_text, TRIAL_MAX_BITS);
    if (ntext) {
        o.given = 1;
        mpz_t n;
        mpz_init(n);
        int rc = parse_n(ntext, n);
        if (!rc)
            rc = factor_given(&o, n);
        mpz_clear(n);
        return rc;
    }
    return factor_sweep(&o);
}

PKC_ATTACK_PROBLEM(factor, "factoring RSA moduli N = p q (trial, fermat, rho, pm1, ecm)",
                   attack_factor, usage_factor)
