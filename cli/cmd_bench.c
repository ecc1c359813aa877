/* pkc bench — measure RSA, ECDSA, ECDH, the EC arithmetic and SHA-256 in
 * pkc and in the peer libraries, side by side (bench/, docs/methodology.md,
 * docs/results-format.md). This file parses the options and calls the
 * engine; what is measured and how lives in bench/. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "compare.h"
#include "engine.h"
#include "lock.h"
#include "plan.h"
#include "profile.h"
#include "scenario.h"
#include "writers.h"

static void usage_bench(FILE *out)
{
    fprintf(out,
            "usage: pkc bench [OPTIONS]\n"
            "       pkc bench --compare OLD.json NEW.json [--alpha A] [--baseline P]\n"
            "       pkc bench --compare OLD1.json,OLD2.json,... NEW1.json,NEW2.json,...\n"
            "\n"
            "Measures public-key operations in pkc and in the peer libraries compiled in\n"
            "(OpenSSL, libsecp256k1, Nettle, mbedTLS, wolfSSL, libgcrypt), interleaved in\n"
            "one process, with fresh keys: verify, ECDH, signing and the RSA operations\n"
            "rotate through a pool of distinct keys call by call, so no library's cache of\n"
            "a repeated key counts as speed. Reports the median time per operation with its\n"
            "95%% CI, CPU time, ops/s, cycles/op and the ratio to a baseline provider with\n"
            "its 95%% CI. Without -a or --scenario: the default suite, as a table.\n"
            "\n"
            "Seed-study options (summary CSV on stdout):\n"
            "  -a RSA|ECC|ECCJ|BIN|CMP|ALL|SYM|ECX\n"
            "                          RSA: pkc's RSA (CRT and textbook); ECC: pkc in affine\n"
            "                          coordinates (with --providers, 'pkc' means pkc-affine);\n"
            "                          ECCJ: pkc in Jacobian coordinates; ECC and ECCJ default\n"
            "                          to the nine prime curves; BIN: pkc on the binary curves\n"
            "                          (GF(2^m): sect163k1 ... sect571r1, all ten by default) in\n"
            "                          Lopez-Dahab coordinates, with field_mul_portable beside\n"
            "                          field_mul (PCLMULQDQ); --providers pkc-affine,openssl\n"
            "                          for affine ones and OpenSSL's; CMP: every provider at\n"
            "                          -b vs -c (default 3072 / secp256r1); ALL: RSA, ECC and\n"
            "                          ECCJ (prime curves unless -c); SYM (a table, not\n"
            "                          CSV): AES-128/256 in ECB, CBC, CTR, GCM, ECIES on P-256\n"
            "                          and hybrid RSA-2048, encrypt and decrypt, of 64 B, 1 KiB,\n"
            "                          16 KiB and 1 MiB (or -m), every provider that has them,\n"
            "                          with throughput (MB/s, cycles/byte); ECX: X25519,\n"
            "                          Ed25519, X448, Ed448 (or -c of these names): keygen,\n"
            "                          sign, verify, derive, every provider that has them\n"
            "  -m, --message-sizes BYTES[,BYTES...]\n"
            "                          message sizes of -a SYM (1 to 4194304 bytes)\n"
            "  -b BITS[,BITS...]       RSA modulus sizes (-a RSA, CMP, ALL)\n"
            "  -c CURVE[,CURVE...]     curves, SEC 2, NIST or OpenSSL names (-a ECC, ECCJ, CMP,\n"
            "                          ALL; -a BIN: binary curves only; -a ECX: X25519,\n"
            "                          Ed25519, X448, Ed448)\n"
            "  -n, --samples N         exactly N samples per case (default: by time budget)\n"
            "  -s, --seed-mode fixed|random\n"
            "                          pkc's key seeding (default fixed: seed, seed+1, ...,\n"
            "                          so that two runs measure the same keys; pkc rng\n"
            "                          defaults to random, as a test of a random source wants)\n"
            "  -S, --seed N            the fixed seed (default 1)\n"
            "  --raw FILE              raw CSV: one row per sample\n"
            "  -v, --verbose           one line per case on stderr\n"
            "\n"
            "Selection:\n"
            "  --providers LIST        comma-separated providers (see --list; 'all'). The\n"
            "                          labelled cached variants run only when named:\n"
            "                          pkc-cached, pkc-affine-cached (a precomputed table\n"
            "                          per repeated public key; not the default number),\n"
            "                          wolfssl-cached\n"
            "  --ops LIST              operations: sign, ECDSA, ECDSA/sign, or case names\n"
            "                          such as pkc/ECDSA/secp256r1/sign\n"
            "  --filter REGEX          only cases whose full name matches (extended regex)\n"
            "  --scenario NAME         security-levels | kex-amortized | message-size |\n"
            "                          ecutils (the ECUtils tables: pkc's four\n"
            "                          configurations; -c to choose the curves) |\n"
            "                          size-sweep (RSA-OAEP, hybrid RSA, ECIES, AES-256,\n"
            "                          SHA-256 from 1 B to 1 MiB; pkc unless --providers)\n"
            "                          (security-levels: pkc and openssl unless --providers;\n"
            "                          --providers all for every library, about 5 minutes)\n"
            "  --long                  security-levels: also RSA key generation above 4096\n"
            "                          bits (minutes per library)\n"
            "  --include-15360         security-levels: also the 256-bit level's RSA-15360\n"
            "  --study NAME            kex-amortized: a published study's cases and table;\n"
            "                          bc2006 (BouncyCastle 2006): ECDH on prime192v1,\n"
            "                          prime239v1, prime256v1 against RSA-1280, -1536, -1792,\n"
            "                          one key generation + N = 1, 100, 500, 2500 exchanges\n"
            "\n"
            "Measurement:\n"
            "  --key-pool N            distinct keys per case (default %d; 1 = one repeated key)\n"
            "  --threads LIST          run each case with N workers at once, pinned to CPUs\n"
            "                          (e.g. 1,2): ops/s per worker and in total\n"
            "  --time-budget SECONDS   sampling time per case (default 0.25; RSA keygen 4x,\n"
            "                          and at least 30 keys up to 3072 bits, 10 at 4096)\n"
            "  --target-ms MS          minimum duration of one sample (default 10)\n"
            "  --baseline PROVIDER     ratios to this provider's median (default openssl)\n"
            "  --pin CPU               run on this CPU only (sched_setaffinity)\n"
            "  --lock wait|fail|none   another pkc bench running: wait for it (default), fail\n"
            "\n"
            "Output:\n"
            "  --format table|csv|json what goes to stdout (default: csv with -a, else table)\n"
            "  --csv FILE / --json FILE  summary CSV / JSON with context, cases, raw samples\n"
            "  --label TEXT            a name for this run in reports (default: host + date)\n"
            "  --profile DIR           CPU flame graphs and allocation counts per case\n"
            "                          (perf or valgrind; with --filter to choose cases)\n"
            "  --profile-seconds S     sampling time per profiled case (default 2)\n"
            "  -q, --quiet             no progress lines on stderr\n"
            "  --list                  providers, algorithms, parameters and operations\n"
            "\n"
            "Older spellings, still read: -i N and --iterations N (-n), -r FILE (--raw).\n"
            "\n"
            "Examples:\n"
            "  pkc bench\n"
            "  pkc bench -a ECCJ -c secp256r1 -n 10\n"
            "  pkc bench -a BIN -c sect283k1 -n 10 -v > binary.csv\n"
            "  pkc bench --providers pkc,openssl,libsecp256k1 -a ECC -c secp256k1\n"
            "  pkc bench --providers pkc,openssl,wolfssl,wolfssl-cached -c secp384r1 \\\n"
            "            --ops ECDSA/verify,ECDH/derive\n"
            "  pkc bench --providers pkc,pkc-cached -a ECCJ -c secp256r1 \\\n"
            "            --ops ECDSA/verify,ECDH/derive\n"
            "  pkc bench --scenario security-levels --json levels.json\n"
            "  pkc bench --scenario kex-amortized --study bc2006 --json bc2006.json\n"
            "  pkc bench --filter 'pkc/ECDSA/secp256r1/sign$' --profile prof\n"
            "  pkc bench --compare old.json new.json\n"
            "  pkc bench --compare old.json new.json --baseline openssl  (relative to openssl\n"
            "            in each run: a machine faster in one run than the other divides out)\n"
            "  pkc bench --compare o1.json,o2.json,o3.json n1.json,n2.json,n3.json\n"
            "            --baseline openssl  (runs as observations: Welch's t on run medians)\n"
            "\n"
            "Exit status: 0 results written, 1 no case produced a number, 2 bad usage or an\n"
            "output that cannot be written (checked before the run).\n",
            BENCH_POOL_DEFAULT);
}

/* ---- lists ------------------------------------------------------------------------ */

#define MAXLIST 64

static int split_list(char *s, char **out, int max)
{
    int n = 0;
    for (char *save = NULL, *tok = strtok_r(s, ", ", &save); tok;
         tok = strtok_r(NULL, ", ", &save)) {
        if (n == max)
            return -1;
        out[n++] = tok;
    }
    return n;
}

static int set_providers(bench_planner *pl, char *const *names, int n, int affine_for_pkc)
{
    pl->nprovs = 0;
    for (int i = 0; i < n; i++) {
        if (strcasecmp(names[i], "all") == 0) {
            bench_planner all = {0};
            bench_plan_all_providers(&all);
            for (int k = 0; k < all.nprovs && pl->nprovs < BENCH_PLAN_MAX_PROVIDERS; k++)
                pl->provs[pl->nprovs++] = all.provs[k];
            continue;
        }
        const char *nm = names[i];
        if (affine_for_pkc && strcasecmp(nm, "pkc") == 0)
            nm = "pkc-affine"; /* -a ECC: pkc is measured in affine coordinates */
        const bench_provider *p = bench_provider_find(nm);
        if (!p)
            return cli_error(CLI_USAGE, "unknown provider '%s' (available: see pkc bench --list)",
                             names[i]);
        int dup = 0;
        for (int k = 0; k < pl->nprovs; k++)
            dup |= pl->provs[k] == p;
        if (!dup && pl->nprovs < BENCH_PLAN_MAX_PROVIDERS)
            pl->provs[pl->nprovs++] = p;
    }
    return 0;
}

static void list_all(void)
{
    /* the usual sizes and the 2006 BouncyCastle study's (--study bc2006);
     * any multiple of 8 from 1024 runs */
    static const unsigned sizes[] = {1024, 1280, 1536, 1792, 2048, 3072, 4096, 7680, 15360};
    const int nsizes = (int)(sizeof sizes / sizeof sizes[0]);
    printf("Providers compiled in:\n");
    int w = 15; /* the names' column: as wide as the longest */
    for (size_t i = 0; i < bench_nproviders; i++)
        if ((int)strlen(bench_providers[i]->name) > w)
            w = (int)strlen(bench_providers[i]->name);
    for (size_t i = 0; i < bench_nproviders; i++) {
        const bench_provider *p = bench_providers[i];
        printf("  %-*s %s (%s)%s%s\n", w, p->name, p->library, p->version(),
               p->variant ? ": " : "", p->variant ? p->variant : "");
    }
    printf("\nCases each provider can run (algorithm: parameters: operations):\n");
    for (size_t i = 0; i < bench_nproviders; i++) {
        const bench_provider *pv = bench_providers[i];
        printf("  %s\n", pv->name);
        int any = 0;
        for (int a = 0; a < BENCH_ALG_COUNT; a++) {
            const bench_case_ops *ops;
            char params[512] = "", opnames[256] = "";
            unsigned opmask = 0;
            static const unsigned aes_bits[] = {128, 192, 256};
            static const unsigned ecx_bits[] = {BENCH_ECX_25519, BENCH_ECX_448};
            int aes = bench_alg_is_aes((bench_alg)a), ecx = bench_alg_is_ecx((bench_alg)a);
            int nvals = a == BENCH_RSA      ? nsizes
                        : a == BENCH_SHA256 ? 1
                        : aes               ? 3
                        : ecx               ? 2
                                            : PKC_CURVE_COUNT,
                np = 0;
            for (int v = 0; v < nvals; v++) {
                int ok = 0;
                for (int op = 0; op < BENCH_OP_COUNT; op++) {
                    if (!bench_op_valid((bench_alg)a, (bench_op)op))
                        continue;
                    bench_params p = {(bench_alg)a, (bench_op)op,
                                      a == BENCH_RSA ? sizes[v]
                                      : aes          ? aes_bits[v]
                                      : ecx          ? ecx_bits[v]
                                                     : 0,
                                      (pkc_curve_id)(a == BENCH_RSA || a == BENCH_SHA256 || aes || ecx ? 0 : v),
                                      32, 1};
                    ops = bench_case_ops_for((bench_alg)a, (bench_op)op);
                    if (ops->supports(pv, &p)) {
                        ok = 1;
                        opmask |= 1u << op;
                    }
                }
                if (!ok)
                    continue;
                char one[40];
                if (a == BENCH_RSA)
                    snprintf(one, sizeof one, "%s%u", np ? " " : "", sizes[v]);
                else if (aes)
                    snprintf(one, sizeof one, "%s%u", np ? " " : "", aes_bits[v]);
                else if (a == BENCH_SHA256)
                    snprintf(one, sizeof one, "any message size");
                else if (ecx)
                    snprintf(one, sizeof one, "%s%s", np ? " " : "",
                             bench_ecx_name((bench_alg)a, ecx_bits[v]));
                else
                    snprintf(one, sizeof one, "%s%s", np ? " " : "",
                             pkc_curve_info_get((pkc_curve_id)v)->name);
                np++;
                strncat(params, one, sizeof params - strlen(params) - 1);
            }
            if (!np)
                continue;
            for (int op = 0; op < BENCH_OP_COUNT; op++)
                if (opmask & (1u << op)) {
                    if (opnames[0])
                        strncat(opnames, " ", sizeof opnames - strlen(opnames) - 1);
                    strncat(opnames, bench_op_name((bench_op)op),
                            sizeof opnames - strlen(opnames) - 1);
                }
            printf("    %-8s %s: %s\n", bench_alg_name((bench_alg)a), params, opnames);
            any = 1;
        }
        if (!any)
            printf("    (nothing available)\n");
    }
    printf("\nScenarios: security-levels, kex-amortized, message-size\n");
}

/* ---- options ------------------------------------------------------------------------- */

enum {
    OPT_PROVIDERS = 256, OPT_OPS, OPT_BASELINE, OPT_JSON, OPT_CSV, OPT_BUDGET, OPT_SCENARIO,
    OPT_LIST, OPT_PIN, OPT_TARGET, OPT_15360, OPT_FORMAT, OPT_FILTER, OPT_POOL,
    OPT_THREADS, OPT_COMPARE, OPT_ALPHA, OPT_PROFILE, OPT_PROFILE_S, OPT_LOCK, OPT_LABEL,
    OPT_LONG, OPT_CASE, OPT_PROBE, OPT_STUDY
};

static const struct option longopts[] = {
    {"providers", required_argument, NULL, OPT_PROVIDERS},
    {"ops", required_argument, NULL, OPT_OPS},
    {"filter", required_argument, NULL, OPT_FILTER},
    {"baseline", required_argument, NULL, OPT_BASELINE},
    {"json", required_argument, NULL, OPT_JSON},
    {"csv", required_argument, NULL, OPT_CSV},
    {"time-budget", required_argument, NULL, OPT_BUDGET},
    {"scenario", required_argument, NULL, OPT_SCENARIO},
    {"study", required_argument, NULL, OPT_STUDY},
    {"list", no_argument, NULL, OPT_LIST},
    {"pin", required_argument, NULL, OPT_PIN},
    {"target-ms", required_argument, NULL, OPT_TARGET},
    {"include-15360", no_argument, NULL, OPT_15360},
    {"long", no_argument, NULL, OPT_LONG},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"seed", required_argument, NULL, 'S'},
    {"key-pool", required_argument, NULL, OPT_POOL},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"compare", no_argument, NULL, OPT_COMPARE},
    {"alpha", required_argument, NULL, OPT_ALPHA},
    {"profile", required_argument, NULL, OPT_PROFILE},
    {"profile-seconds", required_argument, NULL, OPT_PROFILE_S},
    {"lock", required_argument, NULL, OPT_LOCK},
    {"label", required_argument, NULL, OPT_LABEL},
    {"case", required_argument, NULL, OPT_CASE},
    {"alloc-probe", required_argument, NULL, OPT_PROBE},
    {"raw", required_argument, NULL, 'r'},
    {"samples", required_argument, NULL, 'n'},
    {"iterations", required_argument, NULL, 'n'}, /* the old spelling of --samples */
    {"seed-mode", required_argument, NULL, 's'},
    {"message-sizes", required_argument, NULL, 'm'},
    {"verbose", no_argument, NULL, 'v'},
    {"quiet", no_argument, NULL, 'q'},
    {NULL, 0, NULL, 0}};

typedef struct {
    const char *mode, *raw, *json, *csv, *scenario, *study, *baseline, *format, *filter, *profile;
    const char *label, *case_name, *probe;
    char *bits_arg, *msg_arg, *curves_arg, *providers_arg, *ops_arg, *threads_arg;
    int verbose, quiet, list, include_15360, long_parts, pin, baseline_set, compare;
    double alpha, profile_s;
    bench_lock_mode lock;
    bench_options o;
} bench_args;

static int parse_double(const char *s, double min, double max, double *out)
{
    char *end;
    if (!s || !*s)
        return -1;
    double v = strtod(s, &end);
    if (*end || !(v >= min && v <= max))
        return -1;
    *out = v;
    return 0;
}

static int parse_args(int *argcp, char **argv, bench_args *a)
{
    uint64_t u;
    double d;
    int c, seed_given = 0, seed_mode_given = 0;
    static const char shortopts[] = ":a:b:c:i:n:m:s:S:r:vq";
    if (cli_options_prepare(argcp, argv, shortopts, longopts, NULL))
        return CLI_USAGE;
    int argc = *argcp;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        switch (c) {
        case 'a':
            if (strcasecmp(optarg, "RSA") && strcasecmp(optarg, "ECC") &&
                strcasecmp(optarg, "ECCJ") && strcasecmp(optarg, "BIN") &&
                strcasecmp(optarg, "CMP") && strcasecmp(optarg, "ALL") &&
                strcasecmp(optarg, "SYM") && strcasecmp(optarg, "ECX"))
                return cli_error(CLI_USAGE,
                                 "-a: expected RSA, ECC, ECCJ, BIN, CMP, ALL, SYM or ECX, not "
                                 "'%s'",
                                 optarg);
            a->mode = optarg;
            break;
        case 'b': a->bits_arg = optarg; break;
        case 'm': a->msg_arg = optarg; break;
        case 'c': a->curves_arg = optarg; break;
        case 'i': /* the old spelling of -n (-i is an input file elsewhere) */
        case 'n':
            if (cli_parse_u64(optarg, 1, 1000000, &u) != 0)
                return cli_error(CLI_USAGE, "-n: expected a number of samples >= 1, not '%s'",
                                 optarg);
            a->o.fixed_samples = (size_t)u;
            break;
        case 's':
            if (strcasecmp(optarg, "fixed") == 0)
                a->o.fixed_seed = 1;
            else if (strcasecmp(optarg, "random") == 0)
                a->o.fixed_seed = 0;
            else
                return cli_error(CLI_USAGE, "-s: expected fixed or random, not '%s'", optarg);
            seed_mode_given = 1;
            break;
        case 'r': a->raw = optarg; break;
        case 'v': a->verbose = 1; break;
        case 'q': a->quiet = 1; break;
        case OPT_PROVIDERS: a->providers_arg = optarg; break;
        case OPT_OPS: a->ops_arg = optarg; break;
        case OPT_FILTER: a->filter = optarg; break;
        case OPT_BASELINE:
            a->baseline = optarg;
            a->baseline_set = 1;
            break;
        case OPT_JSON: a->json = optarg; break;
        case OPT_CSV: a->csv = optarg; break;
        case OPT_BUDGET:
            if (parse_double(optarg, 0.001, 3600, &d) != 0)
                return cli_error(CLI_USAGE, "--time-budget: expected seconds in [0.001, 3600], "
                                            "not '%s'", optarg);
            a->o.budget_s = d;
            break;
        case OPT_SCENARIO: a->scenario = optarg; break;
        case OPT_STUDY: a->study = optarg; break;
        case OPT_LIST: a->list = 1; break;
        case OPT_PIN:
            if (cli_parse_u64(optarg, 0, 4095, &u) != 0)
                return cli_error(CLI_USAGE, "--pin: expected a CPU number, not '%s'", optarg);
            a->pin = (int)u;
            break;
        case OPT_TARGET:
            if (parse_double(optarg, 0.01, 10000, &d) != 0)
                return cli_error(CLI_USAGE, "--target-ms: expected milliseconds in [0.01, "
                                            "10000], not '%s'", optarg);
            a->o.target_ms = d;
            break;
        case OPT_15360: a->include_15360 = 1; break;
        case OPT_LONG: a->long_parts = 1; break;
        case OPT_FORMAT:
            if (strcmp(optarg, "table") && strcmp(optarg, "csv") && strcmp(optarg, "json"))
                return cli_error(CLI_USAGE, "--format: expected table, csv or json, not '%s'",
                                 optarg);
            a->format = optarg;
            break;
        case 'S':
            if (cli_parse_u64(optarg, 0, UINT64_MAX, &u) != 0)
                return cli_error(CLI_USAGE, "--seed: expected a number, not '%s'", optarg);
            a->o.seed = u;
            seed_given = 1;
            break;
        case OPT_POOL:
            if (cli_parse_u64(optarg, 1, BENCH_POOL_MAX, &u) != 0)
                return cli_error(CLI_USAGE, "--key-pool: expected 1 to %d keys, not '%s'",
                                 BENCH_POOL_MAX, optarg);
            a->o.key_pool = (size_t)u;
            break;
        case OPT_THREADS: a->threads_arg = optarg; break;
        case OPT_COMPARE: a->compare = 1; break;
        case OPT_ALPHA:
            if (parse_double(optarg, 1e-9, 0.5, &d) != 0)
                return cli_error(CLI_USAGE, "--alpha: expected a level in (0, 0.5], not '%s'",
                                 optarg);
            a->alpha = d;
            break;
        case OPT_PROFILE: a->profile = optarg; break;
        case OPT_PROFILE_S:
            if (parse_double(optarg, 0.1, 600, &d) != 0)
                return cli_error(CLI_USAGE, "--profile-seconds: expected 0.1 to 600, not '%s'",
                                 optarg);
            a->profile_s = d;
            break;
        case OPT_LOCK:
            if (!strcmp(optarg, "wait"))
                a->lock = BENCH_LOCK_WAIT;
            else if (!strcmp(optarg, "fail"))
                a->lock = BENCH_LOCK_FAIL;
            else if (!strcmp(optarg, "none"))
                a->lock = BENCH_LOCK_NONE;
            else
                return cli_error(CLI_USAGE, "--lock: expected wait, fail or none, not '%s'", optarg);
            break;
        case OPT_LABEL: a->label = optarg; break;
        case OPT_CASE: a->case_name = optarg; break;
        case OPT_PROBE: a->probe = optarg; break;
        default:
            return cli_option_error(c, argv);
        }
    }
    if (seed_given && seed_mode_given && !a->o.fixed_seed)
        return cli_usage_error("--seed N contradicts -s random");
    return 0;
}

/* An output path must be writable before minutes of measuring are spent. */
static int check_output(const char *path, const char *what)
{
    if (!path || !strcmp(path, "-"))
        return 0;
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return cli_error(CLI_USAGE, "%s '%s' is a directory", what, path);
        if (access(path, W_OK) != 0)
            return cli_error(CLI_USAGE, "cannot write %s '%s': %s", what, path, strerror(errno));
        return 0;
    }
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    const char *d = dirname(dir);
    if (stat(d, &st) != 0 || !S_ISDIR(st.st_mode))
        return cli_error(CLI_USAGE, "cannot write %s '%s': the directory '%s' does not exist",
                         what, path, d);
    if (access(d, W_OK) != 0)
        return cli_error(CLI_USAGE, "cannot write %s '%s': %s", what, path, strerror(errno));
    return 0;
}

static int write_file(const char *path, char *data, const char *what)
{
    if (!data)
        return cli_error(CLI_USAGE, "out of memory writing the %s", what);
    int rc = cli_write_all(path, data, strlen(data), 0);
    free(data);
    if (rc != 0)
        return cli_error(CLI_USAGE, "cannot write %s '%s': %s", what, path ? path : "-",
                         strerror(errno));
    return 0;
}

typedef struct {
    regex_t re;
    const bench_op_filter *ops;
    int use_re;
} keep_ud;

static int keep_case(const bench_case *c, void *ud)
{
    const keep_ud *k = ud;
    if (k->ops && !bench_op_filter_allows(k->ops, c))
        return 0;
    return !k->use_re || regexec(&k->re, c->name, 0, NULL, 0) == 0;
}

/* ---- planning from the options --------------------------------------------------------- */

static int plan(bench_args *a, bench_planner *pl, bench_scenario_cfg *scfg,
                const char **scen_provs)
{
    unsigned bits[MAXLIST];
    int nbits = 0, curves[MAXLIST], ncurves = 0;
    char *items[MAXLIST];
    int n;
    if (a->study) {
        if (!a->scenario || strcmp(a->scenario, "kex-amortized") != 0)
            return cli_error(CLI_USAGE, "--study: only with --scenario kex-amortized");
        int known = 0;
        for (int i = 0; bench_kex_study_names[i]; i++)
            known |= strcmp(a->study, bench_kex_study_names[i]) == 0;
        if (!known)
            return cli_error(CLI_USAGE, "--study: expected bc2006, not '%s'", a->study);
    }
    if (a->bits_arg) {
        if ((n = split_list(a->bits_arg, items, MAXLIST)) <= 0)
            return cli_error(CLI_USAGE, "-b: expected RSA modulus sizes");
        for (int i = 0; i < n; i++) {
            uint64_t u;
            if (cli_parse_u64(items[i], 1024, 16384, &u) != 0 || u % 8)
                return cli_error(CLI_USAGE, "-b: expected a modulus size in bits (1024 to "
                                            "16384, a multiple of 8), not '%s'", items[i]);
            bits[nbits++] = (unsigned)u;
        }
    }
    size_t msgs[MAXLIST];
    int nmsgs = 0;
    if (a->msg_arg) {
        if (!a->mode || strcasecmp(a->mode, "SYM") != 0)
            return cli_error(CLI_USAGE, "-m: message sizes go with -a SYM");
        if ((n = split_list(a->msg_arg, items, MAXLIST)) <= 0)
            return cli_error(CLI_USAGE, "-m: expected message sizes in bytes");
        /* at most 4 MiB: a decrypt case keeps its pool's ciphertexts (16 of them),
         * and every provider of the group is set up at once */
        for (int i = 0; i < n; i++) {
            uint64_t u;
            if (cli_parse_u64(items[i], 1, (uint64_t)1 << 22, &u) != 0)
                return cli_error(CLI_USAGE, "-m: expected a message size of 1 to 4194304 "
                                            "bytes, not '%s'", items[i]);
            msgs[nmsgs++] = (size_t)u;
        }
    }
    int ecx = a->mode && !strcasecmp(a->mode, "ECX"), necx = 0;
    bench_alg ecx_alg[MAXLIST];
    unsigned ecx_bits[MAXLIST];
    if (a->curves_arg && ecx) {
        if ((n = split_list(a->curves_arg, items, MAXLIST)) <= 0)
            return cli_error(CLI_USAGE, "-c: expected curve names");
        for (int i = 0; i < n; i++, necx++)
            if (bench_ecx_from_name(items[i], &ecx_alg[necx], &ecx_bits[necx]) != 0)
                return cli_error(CLI_USAGE, "-c: -a ECX measures X25519, Ed25519, X448 and "
                                            "Ed448, not '%s'",
                                 items[i]);
    } else if (a->curves_arg) {
        if ((n = split_list(a->curves_arg, items, MAXLIST)) <= 0)
            return cli_error(CLI_USAGE, "-c: expected curve names");
        for (int i = 0; i < n; i++) {
            int cv = bench_curve_find(items[i]);
            if (cv < 0)
                return cli_error(CLI_USAGE, "-c: unknown curve '%s' (see pkc curves)", items[i]);
            curves[ncurves++] = cv;
        }
    }
    int rsa = 0, ecc_aff = 0, ecc_jac = 0, bin = 0, cmp = 0, sym = 0;
    if (a->mode) {
        sym = !strcasecmp(a->mode, "SYM");
        rsa = !strcasecmp(a->mode, "RSA") || !strcasecmp(a->mode, "ALL");
        ecc_aff = !strcasecmp(a->mode, "ECC") || !strcasecmp(a->mode, "ALL");
        ecc_jac = !strcasecmp(a->mode, "ECCJ") || !strcasecmp(a->mode, "ALL");
        bin = !strcasecmp(a->mode, "BIN");
        cmp = !strcasecmp(a->mode, "CMP");
        if (sym && (nbits || ncurves))
            return cli_error(CLI_USAGE, "-a SYM has fixed sizes: no -b or -c");
        if (ecx && nbits)
            return cli_error(CLI_USAGE, "-b: -a ECX measures no RSA");
        if (nbits && !rsa && !cmp)
            return cli_error(CLI_USAGE, "-b: -a %s measures no RSA (use -a RSA, CMP or ALL)",
                             a->mode);
        if (ncurves && !ecc_aff && !ecc_jac && !bin && !cmp && !ecx)
            return cli_error(CLI_USAGE, "-c: -a %s measures no curve (use -a ECC, ECCJ, BIN, CMP "
                                        "or ALL)", a->mode);
        for (int i = 0; bin && i < ncurves; i++)
            if (!bench_curve_is_binary((pkc_curve_id)curves[i]))
                return cli_error(CLI_USAGE, "-c: -a BIN measures binary curves; %s is a prime "
                                            "curve (use -a ECCJ or ECC)",
                                 pkc_curve_info_get((pkc_curve_id)curves[i])->name);
    }
    if (a->providers_arg) {
        if ((n = split_list(a->providers_arg, items, MAXLIST)) <= 0)
            return cli_error(CLI_USAGE, "--providers: expected a list of providers");
        if (set_providers(pl, items, n, ecc_aff && !ecc_jac) != 0)
            return CLI_USAGE;
    }
    if (a->threads_arg) {
        if ((n = split_list(a->threads_arg, items, MAXLIST)) <= 0 || n > BENCH_PLAN_MAX_THREADS)
            return cli_error(CLI_USAGE, "--threads: expected up to %d worker counts",
                             BENCH_PLAN_MAX_THREADS);
        for (int i = 0; i < n; i++) {
            uint64_t u;
            if (cli_parse_u64(items[i], 1, BENCH_MAX_THREADS, &u) != 0)
                return cli_error(CLI_USAGE, "--threads: expected 1 to %d workers, not '%s'",
                                 BENCH_MAX_THREADS, items[i]);
            pl->threads[pl->nthreads++] = (unsigned)u;
        }
    }
    if (a->case_name || a->probe) {
        char err[256];
        if (bench_case_add_by_name(pl->r, a->case_name ? a->case_name : a->probe, err,
                                   sizeof err) != 0)
            return cli_error(CLI_USAGE, "%s", err);
        return 0;
    }
    if (a->mode) {
        if (sym) {
            if (!a->providers_arg)
                bench_plan_all_providers(pl);
            bench_plan_sym(pl, msgs, (size_t)nmsgs);
        } else if (ecx) {
            /* every library that has them; without -c all four */
            static const bench_alg all_alg[] = {BENCH_XDH, BENCH_EDDSA, BENCH_XDH, BENCH_EDDSA};
            static const unsigned all_bits[] = {BENCH_ECX_25519, BENCH_ECX_25519, BENCH_ECX_448,
                                                BENCH_ECX_448};
            if (!a->providers_arg)
                bench_plan_all_providers(pl);
            for (int i = 0; i < (necx ? necx : 4); i++)
                bench_plan_ecx(pl, necx ? ecx_alg[i] : all_alg[i],
                               necx ? ecx_bits[i] : all_bits[i]);
        } else if (cmp) {
            if (!a->providers_arg)
                bench_plan_all_providers(pl);
            for (int i = 0; i < (nbits ? nbits : 1); i++)
                bench_plan_rsa(pl, nbits ? bits[i] : 3072, 1);
            for (int i = 0; i < (ncurves ? ncurves : 1); i++)
                bench_plan_ecc(pl, ncurves ? curves[i] : PKC_CURVE_SECP256R1);
        } else {
            if (!a->providers_arg) {
                char *names[4] = {NULL};
                int nn = 0;
                if (rsa && !ecc_aff) {
                    names[nn++] = "pkc"; /* -a RSA alone: the production CRT path */
                } else {
                    if (rsa)
                        names[nn++] = "pkc", names[nn++] = "pkc-textbook";
                    if (ecc_aff)
                        names[nn++] = "pkc-affine";
                    if ((ecc_jac || bin) && !rsa)
                        names[nn++] = "pkc"; /* BIN: López-Dahab, pkc's default */
                }
                set_providers(pl, names, nn, 0);
            }
            if (rsa) {
                static const unsigned dflt[] = {1024, 2048, 3072};
                for (int i = 0; i < (nbits ? nbits : 3); i++)
                    bench_plan_rsa(pl, nbits ? bits[i] : dflt[i],
                                   !strcasecmp(a->mode, "ALL") || a->ops_arg != NULL);
            }
            /* without -c: ECC, ECCJ and ALL the prime curves (the seed
             * study's), BIN the binary ones */
            if (ecc_aff || ecc_jac || bin)
                for (int i = 0; i < (ncurves ? ncurves : PKC_CURVE_COUNT); i++) {
                    if (!ncurves && bench_curve_is_binary((pkc_curve_id)i) != bin)
                        continue;
                    bench_plan_ecc(pl, ncurves ? curves[i] : i);
                }
        }
    }
    if (a->scenario) {
        int k = 0;
        /* security-levels with every library takes about 5 minutes here
         * (30 RSA-3072 key generations and RSA-7680 key pools per library):
         * by default pkc and OpenSSL, the others with --providers all */
        int levels_default = !a->providers_arg && strcmp(a->scenario, "security-levels") == 0;
        int ecutils = strcmp(a->scenario, "ecutils") == 0;
        /* size-sweep: pkc alone unless --providers (peers have no hybrid or ECIES) */
        int sweep_default = !a->providers_arg && strcmp(a->scenario, "size-sweep") == 0;
        if (a->providers_arg)
            for (int i = 0; i < pl->nprovs && k < 39; i++)
                scen_provs[k++] = pl->provs[i]->name;
        else if (ecutils) /* the study's four configurations of pkc */
            for (int i = 0; bench_ecutils_providers[i] && k < 39; i++)
                scen_provs[k++] = bench_ecutils_providers[i];
        else if (sweep_default)
            scen_provs[k++] = "pkc";
        else
            for (size_t i = 0; i < bench_nproviders && k < 39; i++)
                if (!bench_providers[i]->variant &&
                    (!levels_default || strcmp(bench_providers[i]->name, "pkc") == 0 ||
                     strcmp(bench_providers[i]->name, "openssl") == 0))
                    scen_provs[k++] = bench_providers[i]->name;
        scen_provs[k] = NULL;
        scfg->name = a->scenario;
        scfg->include_15360 = a->include_15360;
        scfg->long_parts = a->long_parts;
        scfg->providers = scen_provs;
        if (ecutils) /* copied: the summary reads them after plan() returns */
            for (int i = 0; i < ncurves && i < BENCH_SCENARIO_MAX_CURVES; i++)
                scfg->curves[scfg->ncurves++] = curves[i];
        scfg->study = a->study;
        if (bench_scenario_plan(pl->r, scfg) != 0)
            return cli_error(CLI_USAGE, "--scenario: expected security-levels, kex-amortized, "
                                        "message-size, ecutils or size-sweep, not '%s'",
                             a->scenario);
    }
    if (!a->mode && !a->scenario) {
        if (!a->providers_arg)
            bench_plan_all_providers(pl);
        if (nbits || ncurves) {
            for (int i = 0; i < nbits; i++)
                bench_plan_rsa(pl, bits[i], 1);
            for (int i = 0; i < ncurves; i++)
                bench_plan_ecc(pl, curves[i]);
        } else
            bench_plan_default(pl);
    }
    return 0;
}

/* ---- main ------------------------------------------------------------------------------ */

/* "A.json,B.json": the comma-separated files of one side, in place; the
 * count of all of them (only the first cap are stored: more is an error
 * that bench_compare_files reports) */
static size_t split_files(char *list, const char **out, size_t cap)
{
    size_t n = 0;
    for (char *save = NULL, *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
        if (n < cap)
            out[n] = f;
        n++;
    }
    return n;
}

static int run_compare(bench_args *a, int argc, char **argv)
{
    if (argc - optind != 2)
        return cli_error(CLI_USAGE, "--compare: expected two result files (or comma-separated "
                                    "lists of runs), OLD.json NEW.json");
    int as_json = a->format && strcmp(a->format, "json") == 0;
    if (a->format && !as_json && strcmp(a->format, "table") != 0)
        return cli_error(CLI_USAGE, "--compare: --format table or json, not '%s'", a->format);
    const char *olds[64], *news[64];
    size_t nold = split_files(argv[optind], olds, 64);
    size_t nnew = split_files(argv[optind + 1], news, 64);
    bench_compare_result res;
    char *table = NULL, *json = NULL, err[512];
    if (bench_compare_files(olds, nold, news, nnew, a->alpha > 0 ? a->alpha : 0.05,
                            a->baseline_set ? a->baseline : NULL, &res, &table, &json, err,
                            sizeof err) != 0)
        return cli_error(CLI_USAGE, "--compare: %s", err);
    int status = CLI_OK;
    if (a->json && write_file(a->json, as_json && json ? strdup(json) : json, "JSON") != 0)
        status = CLI_USAGE;
    if (as_json) {
        fputs(json ? json : "", stdout);
        free(json);
    } else {
        fputs(table ? table : "", stdout);
        if (!a->json)
            free(json);
    }
    free(table);
    return status;
}

static int cmd_bench_main(int argc, char **argv, const char *command_line)
{
    bench_args a;
    memset(&a, 0, sizeof a);
    a.pin = -1;
    a.baseline = "openssl";
    bench_options_default(&a.o);
    a.o.budget_s = 0.25;
    int rc = parse_args(&argc, argv, &a);
    if (rc != 0)
        return rc;
    if (a.compare)
        return run_compare(&a, argc, argv);
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);
    if (a.list) {
        list_all();
        return CLI_OK;
    }
    if (check_output(a.csv, "summary CSV") || check_output(a.raw, "raw CSV") ||
        check_output(a.json, "JSON"))
        return CLI_USAGE;
    a.o.keygen_budget_s = 4 * a.o.budget_s;
    if (a.baseline_set) {
        const bench_provider *bp = bench_provider_find(a.baseline);
        if (!bp)
            return cli_error(CLI_USAGE, "--baseline: unknown provider '%s'", a.baseline);
        a.baseline = bp->name;
    } else if (!bench_provider_find(a.baseline))
        a.baseline = "pkc";
    a.o.baseline = a.baseline;
    a.o.verbose = a.verbose;
    a.o.progress = a.quiet || a.probe ? 0 : isatty(2) && !a.verbose ? 2 : 1;

    bench_op_filter ops;
    memset(&ops, 0, sizeof ops);
    char err[512];
    if (a.ops_arg && bench_op_filter_parse(&ops, a.ops_arg, err, sizeof err) != 0)
        return cli_error(CLI_USAGE, "%s", err);
    keep_ud keep = {.ops = a.ops_arg ? &ops : NULL};
    if (a.filter) {
        int e = regcomp(&keep.re, a.filter, REG_EXTENDED | REG_NOSUB);
        if (e != 0) {
            regerror(e, &keep.re, err, sizeof err);
            return cli_error(CLI_USAGE, "--filter: bad regular expression '%s': %s", a.filter,
                             err);
        }
        keep.use_re = 1;
    }
    bench_run *r = bench_run_new(&a.o);
    if (!r)
        return cli_error(CLI_USAGE, "out of memory");
    bench_planner pl = {0};
    pl.r = r;
    pl.ops = a.ops_arg ? &ops : NULL;
    bench_scenario_cfg scfg = {0};
    const char *scen_provs[40];
    int status = plan(&a, &pl, &scfg, scen_provs);
    if (status == 0 && (a.ops_arg || a.filter))
        bench_run_retain(r, keep_case, &keep);
    if (keep.use_re)
        regfree(&keep.re);
    if (status == 0 && r->ncases == 0)
        status = cli_error(CLI_USAGE, "nothing to measure: no provider offers the cases asked "
                                      "for (see pkc bench --list)");
    if (status == 0 && a.pin >= 0 && bench_pin_cpu(a.pin) != 0)
        status = cli_error(CLI_USAGE, "--pin: cannot run on CPU %d", a.pin);
    if (status != 0) {
        bench_run_free(r);
        return status;
    }
    if (a.probe) {
        status = bench_alloc_probe(r, stdout, err, sizeof err) == 0
                     ? CLI_OK
                     : cli_error(CLI_NEGATIVE, "--alloc-probe: %s", err);
        bench_run_free(r);
        return status;
    }

    int lockfd = -1;
    double waited = 0;
    if (bench_lock_acquire(a.lock, a.quiet, &lockfd, &waited, err, sizeof err) != 0) {
        bench_run_free(r);
        return cli_error(CLI_USAGE, "%s", err);
    }
    if (a.profile) {
        bench_profile_opts po = {a.profile, a.profile_s, a.o.fixed_seed, a.o.seed,
                                 a.o.key_pool, a.quiet};
        status = bench_profile_run(r, &po, err, sizeof err) == 0
                     ? CLI_OK
                     : cli_error(CLI_NEGATIVE, "--profile: %s", err[0] ? err : "a profile failed");
        bench_lock_release(lockfd);
        bench_run_free(r);
        return status;
    }
    bench_conditions cond;
    bench_conditions_begin(&cond, a.quiet || a.case_name);
    if (waited > 1 && cond.nwarnings < BENCH_MAX_WARNINGS)
        snprintf(cond.warnings[cond.nwarnings++], sizeof cond.warnings[0],
                 "waited %.0f s for another pkc bench to finish", waited);
    if (!a.quiet && a.o.progress)
        fprintf(stderr, "pkc bench: %zu cases, about %.0f s (key pools: %zu keys each)\n",
                r->ncases, bench_run_estimate_s(r), a.o.key_pool);
    rc = bench_run_execute(r);
    bench_conditions_end(&cond, a.quiet || a.case_name);
    bench_lock_release(lockfd);

    /* outputs */
    bench_scenario_out so = {0};
    if (a.scenario)
        bench_scenario_summarise(r, &scfg, &so);
    const char *fmt = a.format                                 ? a.format
                      : a.mode && strcasecmp(a.mode, "SYM") != 0 ? "csv"
                                                                 : "table";
    char exe[512];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    bench_json_meta m = {command_line, n > 0 ? exe : "pkc", a.scenario, so.json, &cond, a.label};
    if (a.csv && write_file(a.csv, bench_write_summary_csv(r), "summary CSV") != 0)
        status = CLI_USAGE;
    if (a.raw && write_file(a.raw, bench_write_raw_csv(r), "raw CSV") != 0)
        status = CLI_USAGE;
    if (a.json && write_file(a.json, bench_write_json(r, &m), "JSON") != 0)
        status = CLI_USAGE;
    if (!strcmp(fmt, "json")) {
        if (write_file(NULL, bench_write_json(r, &m), "JSON") != 0)
            status = CLI_USAGE;
    } else if (!strcmp(fmt, "csv")) {
        if (write_file(NULL, bench_write_summary_csv(r), "summary CSV") != 0)
            status = CLI_USAGE;
        if (isatty(1)) {
            char *t = bench_write_table(r);
            if (t)
                printf("\n%s", t);
            free(t);
        }
    } else {
        char *t = bench_write_table(r);
        if (t)
            fputs(t, stdout);
        free(t);
    }
    if (so.text && strcmp(fmt, "json"))
        printf("\n%s", so.text);
    fflush(stdout);
    /* errors always reach stderr: a wrong result is never silent */
    for (size_t i = 0; i < r->ncases; i++)
        if (r->cases[i].failed)
            fprintf(stderr, "pkc bench: %s: %s\n", r->cases[i].name, r->cases[i].error);
    bench_scenario_out_free(&so);
    bench_run_free(r);
    if (status != CLI_OK)
        return status;
    return rc == 0 ? CLI_OK : CLI_NEGATIVE;
}

static int cmd_bench(int argc, char **argv)
{
    /* the command line for the JSON context, before argv is reordered */
    bench_buf cl = {0};
    bench_buf_puts(&cl, "pkc");
    for (int i = 0; i < argc; i++) {
        bench_buf_puts(&cl, " ");
        bench_buf_puts(&cl, argv[i]);
    }
    int status = cmd_bench_main(argc, argv, cl.data ? cl.data : "pkc bench");
    bench_buf_free(&cl);
    return status;
}

PKC_CLI_COMMAND(bench, 5, "measure pkc and peer libraries side by side", cmd_bench, usage_bench)
