/* pkc curves — the elliptic curves pkc implements, with their sizes,
 * security levels (NIST SP 800-57 part 1 rev. 5, table 2) and the RSA
 * modulus of equal strength. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "pkc/curves.h"

static void usage_curves(FILE *out)
{
    fprintf(out,
            "usage: pkc curves [--oid]\n"
            "\n"
            "Lists the elliptic curves over prime fields pkc implements: field size\n"
            "in bits, security level in bits (NIST SP 800-57 part 1, table 2), the\n"
            "form of the curve (a = -3: the NIST/SEC random curves; a = 0: the Koblitz\n"
            "curves), the RSA modulus size of equal strength, and the other names the\n"
            "curve is accepted under (-c of keygen).\n"
            "\n"
            "Options:\n"
            "  --oid      add a column with the named-curve OID (-oid works too)\n"
            "  -h, --help this help\n"
            "\n"
            "Example:\n"
            "  pkc curves\n"
            "  pkc keygen -t ec -c P-384 -o key.pem\n");
}

static int cmd_curves(int argc, char **argv)
{
    static const struct option opts[] = {
        {"oid", no_argument, NULL, 'O'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    if (cli_options_prepare(&argc, argv, "h", opts, NULL))
        return CLI_USAGE;
    int show_oid = 0, ch;
    while ((ch = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (ch) {
        case 'O':
            show_oid = 1;
            break;
        case 'h':
            usage_curves(stdout);
            return CLI_OK;
        default:
            return cli_option_error(ch, argv);
        }
    }
    if (optind < argc)
        return cli_unexpected_argument(argv[optind]);

    printf("%-10s %5s %8s %5s %6s  %-22s%s\n", "curve", "field", "security", "form", "rsa",
           "aliases", show_oid ? "  oid" : "");
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        const pkc_curve_info *ci = pkc_curve_info_get((pkc_curve_id)i);
        if (!ci)
            continue;
        char aliases[64] = "";
        if (ci->nist_name)
            snprintf(aliases, sizeof aliases, "%s", ci->nist_name);
        if (ci->openssl_name && strcmp(ci->openssl_name, ci->name) != 0) {
            size_t n = strlen(aliases);
            snprintf(aliases + n, sizeof aliases - n, "%s%s", n ? ", " : "", ci->openssl_name);
        }
        if (!aliases[0])
            snprintf(aliases, sizeof aliases, "-");
        const char *form = ci->a_is_minus3 ? "a=-3" : ci->a_is_zero ? "a=0" : "other";
        printf("%-10s %5u %8u %5s %6u  %-22s%s%s\n", ci->name, ci->field_bits,
               ci->security_bits, form, ci->rsa_bits, aliases, show_oid ? "  " : "",
               show_oid ? ci->oid : "");
    }
    if (fflush(stdout) != 0)
        return cli_error(CLI_USAGE, "cannot write the output");
    return CLI_OK;
}

PKC_CLI_COMMAND(curves, 60, "list the elliptic curves: sizes, security levels, RSA equivalents",
                cmd_curves, usage_curves)
