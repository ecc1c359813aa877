/* pkc bench — measure RSA, ECDSA, ECDH, EC arithmetic and SHA-256 in pkc and
 * in the peer libraries, side by side (bench/bench.h, docs/methodology.md,
 * docs/results-format.md). */
#define _GNU_SOURCE
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bench.h"
#include "cli.h"

static void usage_bench(FILE *out)
{
    fprintf(out,
            "usage: pkc bench [OPTIONS]\n"
            "\n"
            "Measures public-key operations in pkc and in the peer libraries compiled in\n"
            "(OpenSSL, libsecp256k1, Nettle, mbedTLS, wolfSSL, libgcrypt), interleaved in\n"
            "one process, and reports the median time per operation with its 95%% CI,\n"
            "ops/s, cycles/op and the ratio to a baseline provider.\n"
            "Without -a or --scenario: the default suite (about two minutes), as a table.\n"
            "\n"
            "Seed-study options (summary CSV on stdout):\n"
            "  -a RSA|ECC|ECCJ|CMP|ALL  RSA: pkc RSA; ECC: pkc affine EC; ECCJ: pkc Jacobian\n"
            "                          EC; CMP: every provider at RSA -b vs curve -c\n"
            "                          (default 3072 / secp256r1); ALL: RSA + ECC + ECCJ\n"
            "  -b BITS[,BITS...]       RSA modulus sizes (default per -a)\n"
            "  -c CURVE[,CURVE...]     curves (SEC 2, NIST or OpenSSL names)\n"
            "  -i N                    exactly N samples per case (default: by time budget)\n"
            "  -s fixed|random         pkc's DRBG seeding (default fixed, seed 1)\n"
            "  -r FILE                 raw CSV: one row per sample\n"
            "  -v                      one progress line per case on stderr\n"
            "\n"
            "Options:\n"
            "  --providers LIST        comma-separated providers (see --list)\n"
            "  --ops LIST              only these operations (sign, ECDSA, ECDSA/sign, ...)\n"
            "  --baseline PROVIDER     ratios to this provider's median (default openssl)\n"
            "  --csv FILE              summary CSV to FILE\n"
            "  --json FILE             JSON with context, cases, raw samples, scenarios\n"
            "  --format table|csv      what goes to stdout (default: csv with -a, else table)\n"
            "  --time-budget SECONDS   sampling time per case (default 0.25; RSA keygen 4x)\n"
            "  --target-ms MS          minimum duration of one sample (default 10)\n"
            "  --scenario NAME         security-levels | kex-amortized | message-size\n"
            "  --include-15360         security-levels: also RSA-15360 (keygen takes minutes)\n"
            "  --pin CPU               run on this CPU only (sched_setaffinity)\n"
            "  --seed N                the fixed seed (default 1)\n"
            "  --list                  providers, algorithms, parameters and operations\n"
            "\n"
            "Examples:\n"
            "  pkc bench\n"
            "  pkc bench -a ECCJ -c secp256r1 -i 10\n"
            "  pkc bench --providers pkc,openssl,libsecp256k1 -a ECC -c secp256k1\n"
            "  pkc bench --scenario security-levels --json levels.json\n"
            "\n"
            "Exit status: 0 results written, 1 no case produced a number, 2 bad usage.\n");
}

/* ---- lists --------------------------------------------------------------------- */

#define MAXLIST 64

static int split_list(char *s, char **out, int max)
{
    int n = 0;
    for (char *tok = strtok(s, ", "); tok; tok = strtok(NULL, ", ")) {
        if (n == max)
            return -1;
        out[n++] = tok;
    }
    return n;
}

typedef struct {
    int any;
    int alg_all[BENCH_ALG_COUNT];               /* "ECDSA" */
    int op_all[BENCH_OP_COUNT];                 /* "sign" */
    int pair[BENCH_ALG_COUNT][BENCH_OP_COUNT];  /* "ECDSA/sign" */
} op_filter;

static int op_allowed(const op_filter *f, bench_alg a, bench_op op)
{
    return !f->any || f->alg_all[a] || f->op_all[op] || f->pair[a][op];
}

static int parse_ops(char *s, op_filter *f)
{
    char *items[MAXLIST];
    int n = split_list(s, items, MAXLIST);
    if (n <= 0)
        return cli_error(CLI_USAGE, "--ops: expected a list of operations");
    f->any = 1;
    for (int i = 0; i < n; i++) {
        bench_alg a;
        bench_op op;
        char *slash = strchr(items[i], '/');
        if (slash) {
            *slash = 0;
            if (bench_alg_from_name(items[i], &a) != 0 || bench_op_from_name(slash + 1, &op) != 0 ||
                !bench_op_valid(a, op))
                return cli_error(CLI_USAGE, "--ops: unknown operation '%s/%s'", items[i],
                                 slash + 1);
            f->pair[a][op] = 1;
        } else if (bench_alg_from_name(items[i], &a) == 0)
            f->alg_all[a] = 1;
        else if (bench_op_from_name(items[i], &op) == 0)
            f->op_all[op] = 1;
        else
            return cli_error(CLI_USAGE,
                             "--ops: unknown operation '%s' (keygen, sign, sign_pss, verify, "
                             "verify_pss, encrypt, decrypt, private, public, derive, point_add, "
                             "point_double, scalar_mul, scalar_mul_base, hash, or an algorithm)",
                             items[i]);
    }
    return 0;
}

/* ---- planning ---------------------------------------------------------------------- */

typedef struct {
    bench_run *r;
    const bench_provider *provs[32];
    int nprovs;
    const op_filter *ops;
    int added;
} planner;

static void add(planner *pl, bench_alg a, bench_op op, unsigned bits, int curve, size_t msg,
                const char *scenario)
{
    if (!op_allowed(pl->ops, a, op))
        return;
    for (int i = 0; i < pl->nprovs; i++)
        if (bench_run_add(pl->r, pl->provs[i], a, op, bits, curve, msg, scenario) >= 0)
            pl->added++;
}

static void add_rsa(planner *pl, unsigned bits, int all_ops)
{
    static const bench_op core[] = {BENCH_OP_KEYGEN, BENCH_OP_SIGN, BENCH_OP_VERIFY,
                                    BENCH_OP_ENCRYPT, BENCH_OP_DECRYPT};
    if (all_ops)
        for (int op = BENCH_OP_KEYGEN; op <= BENCH_OP_PUBLIC; op++)
            add(pl, BENCH_RSA, (bench_op)op, bits, 0, 0, NULL);
    else
        for (size_t i = 0; i < sizeof core / sizeof core[0]; i++)
            add(pl, BENCH_RSA, core[i], bits, 0, 0, NULL);
}

static void add_ecc(planner *pl, int curve)
{
    add(pl, BENCH_ECDSA, BENCH_OP_KEYGEN, 0, curve, 0, NULL);
    add(pl, BENCH_ECDSA, BENCH_OP_SIGN, 0, curve, 0, NULL);
    add(pl, BENCH_ECDSA, BENCH_OP_VERIFY, 0, curve, 0, NULL);
    add(pl, BENCH_ECDH, BENCH_OP_KEYGEN, 0, curve, 0, NULL);
    add(pl, BENCH_ECDH, BENCH_OP_DERIVE, 0, curve, 0, NULL);
    for (int op = BENCH_OP_POINT_ADD; op <= BENCH_OP_SCALAR_MUL_BASE; op++)
        add(pl, BENCH_EC, (bench_op)op, 0, curve, 0, NULL);
}

/* The default suite: the common sizes, every provider, about two minutes
 * on a quiet machine with the default budget. */
static void plan_default(planner *pl)
{
    add_rsa(pl, 2048, 1);
    static const bench_op r3072[] = {BENCH_OP_KEYGEN, BENCH_OP_SIGN, BENCH_OP_VERIFY,
                                     BENCH_OP_DECRYPT};
    for (size_t i = 0; i < sizeof r3072 / sizeof r3072[0]; i++)
        add(pl, BENCH_RSA, r3072[i], 3072, 0, 0, NULL);
    int p256 = bench_curve_find("secp256r1"), k256 = bench_curve_find("secp256k1"),
        p384 = bench_curve_find("secp384r1");
    add_ecc(pl, p256);
    add_ecc(pl, k256);
    add(pl, BENCH_ECDSA, BENCH_OP_SIGN, 0, p384, 0, NULL);
    add(pl, BENCH_ECDSA, BENCH_OP_VERIFY, 0, p384, 0, NULL);
    add(pl, BENCH_ECDH, BENCH_OP_DERIVE, 0, p384, 0, NULL);
    static const size_t sizes[] = {64, 1024, 65536, 1048576};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        add(pl, BENCH_SHA256, BENCH_OP_HASH, 0, 0, sizes[i], NULL);
}

static int set_providers(planner *pl, const char *const *names, int n)
{
    pl->nprovs = 0;
    for (int i = 0; i < n; i++) {
        const bench_provider *p = bench_provider_find(names[i]);
        if (!p) {
            if (strcasecmp(names[i], "all") == 0) {
                for (size_t k = 0; k < bench_nproviders && pl->nprovs < 32; k++)
                    pl->provs[pl->nprovs++] = bench_providers[k];
                continue;
            }
            cli_error(CLI_USAGE, "unknown provider '%s' (available: see pkc bench --list)",
                      names[i]);
            return -1;
        }
        int dup = 0;
        for (int k = 0; k < pl->nprovs; k++)
            dup |= pl->provs[k] == p;
        if (!dup && pl->nprovs < 32)
            pl->provs[pl->nprovs++] = p;
    }
    return 0;
}

/* ---- --list --------------------------------------------------------------------------- */

static void list_all(void)
{
    static const unsigned sizes[] = {1024, 2048, 3072, 4096, 7680, 15360};
    printf("Providers compiled in:\n");
    for (size_t i = 0; i < bench_nproviders; i++)
        printf("  %-13s %s (%s)\n", bench_providers[i]->name, bench_providers[i]->library,
               bench_providers[i]->version());
    printf("\nCases each provider can run (algorithm: parameters: operations):\n");
    for (size_t i = 0; i < bench_nproviders; i++) {
        const bench_provider *pv = bench_providers[i];
        printf("  %s\n", pv->name);
        int any = 0;
        for (int a = 0; a < BENCH_ALG_COUNT; a++) {
            char params[256] = "", ops[256] = "";
            int nparams = 0;
            unsigned opmask = 0;
            int nvals = a == BENCH_RSA ? 6 : a == BENCH_SHA256 ? 1 : BENCH_NCURVES;
            for (int v = 0; v < nvals; v++) {
                int ok_any = 0;
                for (int op = 0; op < BENCH_OP_COUNT; op++) {
                    if (!bench_op_valid((bench_alg)a, (bench_op)op))
                        continue;
                    bench_params p;
                    memset(&p, 0, sizeof p);
                    p.alg = (bench_alg)a;
                    p.op = (bench_op)op;
                    p.bits = a == BENCH_RSA ? sizes[v] : 0;
                    p.curve = a == BENCH_RSA || a == BENCH_SHA256 ? 0 : v;
                    p.msg_len = 32;
                    if (pv->supports(&p)) {
                        ok_any = 1;
                        opmask |= 1u << op;
                    }
                }
                if (!ok_any)
                    continue;
                nparams++;
                char one[32];
                if (a == BENCH_RSA)
                    snprintf(one, sizeof one, "%s%u", nparams > 1 ? " " : "", sizes[v]);
                else if (a == BENCH_SHA256)
                    snprintf(one, sizeof one, "any message size");
                else
                    snprintf(one, sizeof one, "%s%s", nparams > 1 ? " " : "",
                             bench_curves[v].name);
                strncat(params, one, sizeof params - strlen(params) - 1);
            }
            if (!nparams)
                continue;
            for (int op = 0; op < BENCH_OP_COUNT; op++)
                if (opmask & (1u << op)) {
                    if (ops[0])
                        strncat(ops, " ", sizeof ops - strlen(ops) - 1);
                    strncat(ops, bench_op_name((bench_op)op), sizeof ops - strlen(ops) - 1);
                }
            printf("    %-8s %s: %s\n", bench_alg_name((bench_alg)a), params, ops);
            any = 1;
        }
        if (!any)
            printf("    (nothing available)\n");
    }
    printf("\nScenarios: security-levels, kex-amortized, message-size\n");
}

/* ---- main ------------------------------------------------------------------------------- */

enum {
    OPT_PROVIDERS = 256,
    OPT_OPS,
    OPT_BASELINE,
    OPT_JSON,
    OPT_CSV,
    OPT_BUDGET,
    OPT_SCENARIO,
    OPT_LIST,
    OPT_PIN,
    OPT_TARGET,
    OPT_15360,
    OPT_FORMAT,
    OPT_SEED
};

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

static int write_file(const char *path, char *data, const char *what)
{
    if (!data)
        return cli_error(CLI_USAGE, "out of memory writing the %s", what);
    int rc = cli_write_all(path, data, strlen(data), 0);
    free(data);
    if (rc != 0)
        return cli_error(CLI_USAGE, "cannot write %s '%s'", what, path ? path : "-");
    return 0;
}

static int cmd_bench_main(int argc, char **argv, const char *command_line);

static const struct option longopts[] = {
    {"providers", required_argument, NULL, OPT_PROVIDERS},
    {"ops", required_argument, NULL, OPT_OPS},
    {"baseline", required_argument, NULL, OPT_BASELINE},
    {"json", required_argument, NULL, OPT_JSON},
    {"csv", required_argument, NULL, OPT_CSV},
    {"time-budget", required_argument, NULL, OPT_BUDGET},
    {"scenario", required_argument, NULL, OPT_SCENARIO},
    {"list", no_argument, NULL, OPT_LIST},
    {"pin", required_argument, NULL, OPT_PIN},
    {"target-ms", required_argument, NULL, OPT_TARGET},
    {"include-15360", no_argument, NULL, OPT_15360},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"seed", required_argument, NULL, OPT_SEED},
    {"raw", required_argument, NULL, 'r'},
    {"iterations", required_argument, NULL, 'i'},
    {"verbose", no_argument, NULL, 'v'},
    {NULL, 0, NULL, 0}};

static int cmd_bench(int argc, char **argv)
{
    /* the command line for the JSON context, before strtok() cuts argv up */
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

static int cmd_bench_main(int argc, char **argv, const char *command_line)
{
    const char *mode = NULL, *raw = NULL, *json = NULL, *csv = NULL, *scenario = NULL;
    const char *baseline = "openssl", *format = NULL;
    char *bits_arg = NULL, *curves_arg = NULL, *providers_arg = NULL, *ops_arg = NULL;
    int verbose = 0, list = 0, include_15360 = 0, pin = -1, baseline_set = 0;
    bench_options o;
    bench_options_default(&o);
    o.budget_s = 0.25;
    int budget_set = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":a:b:c:i:s:r:v", longopts, NULL)) != -1) {
        uint64_t u;
        double d;
        switch (c) {
        case 'a':
            if (strcasecmp(optarg, "RSA") && strcasecmp(optarg, "ECC") &&
                strcasecmp(optarg, "ECCJ") && strcasecmp(optarg, "CMP") &&
                strcasecmp(optarg, "ALL"))
                return cli_error(CLI_USAGE, "-a: expected RSA, ECC, ECCJ, CMP or ALL, not '%s'",
                                 optarg);
            mode = optarg;
            break;
        case 'b':
            bits_arg = optarg;
            break;
        case 'c':
            curves_arg = optarg;
            break;
        case 'i':
            if (cli_parse_u64(optarg, 1, 1000000, &u) != 0)
                return cli_error(CLI_USAGE, "-i: expected a number of samples >= 1, not '%s'",
                                 optarg);
            o.fixed_samples = (size_t)u;
            break;
        case 's':
            if (strcasecmp(optarg, "fixed") == 0)
                o.fixed_seed = 1;
            else if (strcasecmp(optarg, "random") == 0)
                o.fixed_seed = 0;
            else
                return cli_error(CLI_USAGE, "-s: expected fixed or random, not '%s'", optarg);
            break;
        case 'r':
            raw = optarg;
            break;
        case 'v':
            verbose = 1;
            break;
        case OPT_PROVIDERS:
            providers_arg = optarg;
            break;
        case OPT_OPS:
            ops_arg = optarg;
            break;
        case OPT_BASELINE:
            baseline = optarg;
            baseline_set = 1;
            break;
        case OPT_JSON:
            json = optarg;
            break;
        case OPT_CSV:
            csv = optarg;
            break;
        case OPT_BUDGET:
            if (parse_double(optarg, 0.001, 3600, &d) != 0)
                return cli_error(CLI_USAGE, "--time-budget: expected seconds in [0.001, 3600], "
                                            "not '%s'", optarg);
            o.budget_s = d;
            budget_set = 1;
            break;
        case OPT_SCENARIO:
            scenario = optarg;
            break;
        case OPT_LIST:
            list = 1;
            break;
        case OPT_PIN:
            if (cli_parse_u64(optarg, 0, 4095, &u) != 0)
                return cli_error(CLI_USAGE, "--pin: expected a CPU number, not '%s'", optarg);
            pin = (int)u;
            break;
        case OPT_TARGET:
            if (parse_double(optarg, 0.01, 10000, &d) != 0)
                return cli_error(CLI_USAGE, "--target-ms: expected milliseconds in [0.01, "
                                            "10000], not '%s'", optarg);
            o.target_ms = d;
            break;
        case OPT_15360:
            include_15360 = 1;
            break;
        case OPT_FORMAT:
            if (strcmp(optarg, "table") && strcmp(optarg, "csv"))
                return cli_error(CLI_USAGE, "--format: expected table or csv, not '%s'", optarg);
            format = optarg;
            break;
        case OPT_SEED:
            if (cli_parse_u64(optarg, 0, UINT64_MAX, &u) != 0)
                return cli_error(CLI_USAGE, "--seed: expected a number, not '%s'", optarg);
            o.seed = u;
            break;
        default:
            return cli_option_error(c, argv);
        }
    }
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);
    if (list) {
        list_all();
        return CLI_OK;
    }
    if (scenario) {
        int known = 0;
        for (int i = 0; bench_scenario_names[i]; i++)
            known |= strcmp(bench_scenario_names[i], scenario) == 0;
        if (!known)
            return cli_error(CLI_USAGE, "--scenario: expected security-levels, kex-amortized or "
                                        "message-size, not '%s'", scenario);
    }
    o.keygen_budget_s = 4 * o.budget_s;
    (void)budget_set;

    /* RSA sizes and curves */
    unsigned bits[MAXLIST];
    int nbits = 0, curves[MAXLIST], ncurves = 0;
    if (bits_arg) {
        char *items[MAXLIST];
        int n = split_list(bits_arg, items, MAXLIST);
        if (n <= 0)
            return cli_error(CLI_USAGE, "-b: expected RSA modulus sizes");
        for (int i = 0; i < n; i++) {
            uint64_t u;
            if (cli_parse_u64(items[i], 1024, 16384, &u) != 0 || u % 8)
                return cli_error(CLI_USAGE, "-b: expected a modulus size in bits (1024 to "
                                            "16384, a multiple of 8), not '%s'", items[i]);
            bits[nbits++] = (unsigned)u;
        }
    }
    if (curves_arg) {
        char *items[MAXLIST];
        int n = split_list(curves_arg, items, MAXLIST);
        if (n <= 0)
            return cli_error(CLI_USAGE, "-c: expected curve names");
        for (int i = 0; i < n; i++) {
            int cv = bench_curve_find(items[i]);
            if (cv < 0)
                return cli_error(CLI_USAGE, "-c: unknown curve '%s' (secp192k1, secp192r1, "
                                            "secp224k1, secp224r1, secp256k1, secp256r1, "
                                            "secp384r1, secp521r1)", items[i]);
            curves[ncurves++] = cv;
        }
    }
    op_filter ops;
    memset(&ops, 0, sizeof ops);
    if (ops_arg && parse_ops(ops_arg, &ops) != 0)
        return CLI_USAGE;

    planner pl;
    memset(&pl, 0, sizeof pl);
    pl.ops = &ops;
    const char *provnames[MAXLIST];
    int nprovnames = 0;
    if (providers_arg) {
        char *items[MAXLIST];
        int n = split_list(providers_arg, items, MAXLIST);
        if (n <= 0)
            return cli_error(CLI_USAGE, "--providers: expected a list of providers");
        for (int i = 0; i < n; i++)
            provnames[nprovnames++] = items[i];
        if (set_providers(&pl, provnames, nprovnames) != 0)
            return CLI_USAGE;
    }
    if (baseline_set) {
        const bench_provider *bp = bench_provider_find(baseline);
        if (!bp)
            return cli_error(CLI_USAGE, "--baseline: unknown provider '%s'", baseline);
        baseline = bp->name;
    } else if (!bench_provider_find(baseline))
        baseline = "pkc";
    o.baseline = baseline;
    o.verbose = verbose;
    o.progress_bar = !verbose && isatty(2);

    bench_run *r = bench_run_new(&o);
    if (!r)
        return cli_error(CLI_USAGE, "out of memory");
    pl.r = r;

    /* what to run */
    if (mode) {
        int rsa = 0, ecc_aff = 0, ecc_jac = 0, cmp = 0;
        if (!strcasecmp(mode, "RSA"))
            rsa = 1;
        else if (!strcasecmp(mode, "ECC"))
            ecc_aff = 1;
        else if (!strcasecmp(mode, "ECCJ"))
            ecc_jac = 1;
        else if (!strcasecmp(mode, "CMP"))
            cmp = 1;
        else
            rsa = ecc_aff = ecc_jac = 1;
        const char *names[4];
        int nn = 0;
        if (cmp) {
            if (!providers_arg) {
                const char *all[] = {"all"};
                set_providers(&pl, all, 1);
            }
            unsigned b = nbits ? bits[0] : 3072;
            int cv = ncurves ? curves[0] : bench_curve_find("secp256r1");
            for (int i = 0; i < (nbits ? nbits : 1); i++)
                add_rsa(&pl, nbits ? bits[i] : b, 1);
            for (int i = 0; i < (ncurves ? ncurves : 1); i++)
                add_ecc(&pl, ncurves ? curves[i] : cv);
        } else {
            if (!providers_arg) {
                if (rsa)
                    names[nn++] = "pkc", names[nn++] = "pkc-textbook";
                if (ecc_aff)
                    names[nn++] = "pkc-affine";
                if (ecc_jac && !rsa)
                    names[nn++] = "pkc";
                if (!strcasecmp(mode, "RSA"))
                    nn = 1; /* RSA alone: the production CRT path */
                set_providers(&pl, names, nn);
            }
            if (rsa) {
                static const unsigned dflt[] = {1024, 2048, 3072};
                for (int i = 0; i < (nbits ? nbits : 3); i++)
                    /* --ops may name any operation, not only the core set */
                    add_rsa(&pl, nbits ? bits[i] : dflt[i],
                            !strcasecmp(mode, "ALL") || ops_arg != NULL);
            }
            if (ecc_aff || ecc_jac)
                for (int i = 0; i < (ncurves ? ncurves : BENCH_NCURVES); i++)
                    add_ecc(&pl, ncurves ? curves[i] : i);
        }
    }
    bench_scenario_cfg scfg;
    memset(&scfg, 0, sizeof scfg);
    const char *scen_provs[40];
    if (scenario) {
        scfg.name = scenario;
        scfg.include_15360 = include_15360;
        int n = 0;
        if (providers_arg)
            for (int i = 0; i < pl.nprovs && n < 39; i++)
                scen_provs[n++] = pl.provs[i]->name;
        else
            for (size_t i = 0; i < bench_nproviders && n < 39; i++)
                scen_provs[n++] = bench_providers[i]->name;
        scen_provs[n] = NULL;
        scfg.providers = scen_provs;
        if (bench_scenario_plan(r, &scfg) != 0) {
            bench_run_free(r);
            return cli_error(CLI_USAGE, "unknown scenario '%s'", scenario);
        }
        /* --ops narrows a scenario too */
        size_t keep = 0;
        for (size_t i = 0; i < r->ncases; i++)
            if (op_allowed(&ops, r->cases[i].p.alg, r->cases[i].p.op))
                r->cases[keep++] = r->cases[i];
        r->ncases = keep;
    }
    if (!mode && !scenario) {
        if (!providers_arg) {
            const char *all[] = {"all"};
            set_providers(&pl, all, 1);
        }
        if (nbits || ncurves) {
            for (int i = 0; i < nbits; i++)
                add_rsa(&pl, bits[i], 1);
            for (int i = 0; i < ncurves; i++)
                add_ecc(&pl, curves[i]);
        } else
            plan_default(&pl);
    }
    if (r->ncases == 0) {
        bench_run_free(r);
        return cli_error(CLI_USAGE, "nothing to measure: no provider offers the cases asked "
                                    "for (see pkc bench --list)");
    }
    if (pin >= 0 && bench_pin_cpu(pin) != 0) {
        bench_run_free(r);
        return cli_error(CLI_USAGE, "--pin: cannot run on CPU %d", pin);
    }

    int rc = bench_run_execute(r);

    /* outputs */
    bench_scenario_out so = {0};
    if (scenario)
        bench_scenario_summarise(r, &scfg, &so);
    int as_csv = format ? strcmp(format, "csv") == 0 : mode != NULL;
    int status = CLI_OK;
    if (csv && write_file(csv, bench_write_summary_csv(r), "summary CSV") != 0)
        status = CLI_USAGE;
    if (raw && write_file(raw, bench_write_raw_csv(r), "raw CSV") != 0)
        status = CLI_USAGE;
    if (json) {
        char exe[512];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        exe[n > 0 ? n : 0] = 0;
        bench_json_meta m = {command_line, n > 0 ? exe : "pkc", scenario, so.json};
        if (write_file(json, bench_write_json(r, &m), "JSON") != 0)
            status = CLI_USAGE;
    }
    if (as_csv) {
        if (write_file(NULL, bench_write_summary_csv(r), "summary CSV") != 0)
            status = CLI_USAGE;
        if (isatty(1)) {
            char *t = bench_write_table(r);
            if (t) {
                printf("\n%s", t);
                free(t);
            }
        }
    } else {
        char *t = bench_write_table(r);
        if (t) {
            fputs(t, stdout);
            free(t);
        }
    }
    if (so.text)
        printf("\n%s", so.text);
    fflush(stdout);
    /* errors always reach stderr: a wrong result is never silent */
    for (size_t i = 0; i < r->ncases; i++)
        if (r->cases[i].failed)
            fprintf(stderr, "pkc: %s: %s\n", r->cases[i].name, r->cases[i].error);
    bench_scenario_out_free(&so);
    bench_run_free(r);
    if (status != CLI_OK)
        return status;
    return rc == 0 ? CLI_OK : CLI_NEGATIVE;
}

PKC_CLI_COMMAND(bench, 5, "measure pkc and peer libraries side by side", cmd_bench, usage_bench)
