/* pkc curves — the elliptic curves pkc implements, with their sizes,
 * security levels (NIST SP 800-57 part 1 rev. 5, table 2) and the RSA
 * modulus of equal strength: those over prime fields GF(p), then those over
 * binary fields GF(2^m) with their cofactors and reduction polynomials. */
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
            "Lists the elliptic curves pkc implements, in two tables.\n"
            "\n"
            "Prime fields GF(p), y^2 = x^3 + a x + b: the size of p in bits, the form\n"
            "of the curve (a = -3: the NIST/SEC random curves; a = 0: the Koblitz\n"
            "curves); every one has cofactor 1.\n"
            "\n"
            "Binary fields GF(2^m), y^2 + x y = x^3 + a x^2 + b in a polynomial basis:\n"
            "the degree m, the cofactor h (the curve has h n points, n the prime\n"
            "order of G; public keys must lie in the subgroup of order n), the form\n"
            "(b = 1: the Koblitz curves K-m; else the random curves B-m, with a = 1),\n"
            "and the reduction polynomial f(z) of the field, a trinomial or a\n"
            "pentanomial.\n"
            "\n"
            "Both tables give the security level in bits (NIST SP 800-57 part 1,\n"
            "table 2), the RSA modulus size of equal strength, and the other names the\n"
            "curve is accepted under (-c of keygen).\n"
            "\n"
            "Options:\n"
            "  --oid      add a column with the named-curve OID (-oid works too)\n"
            "  -h, --help this help\n"
            "\n"
            "Examples:\n"
            "  pkc curves\n"
            "  pkc keygen -t ec -c P-384 -o key.pem\n"
            "  pkc keygen -t ec -c K-283 -o key283.pem\n");
}

/* "P-256, prime256v1", or "-" */
static void curve_aliases(const pkc_curve_info *ci, char *buf, size_t cap)
{
    buf[0] = 0;
    if (ci->nist_name)
        snprintf(buf, cap, "%s", ci->nist_name);
    if (ci->openssl_name && strcmp(ci->openssl_name, ci->name) != 0) {
        size_t n = strlen(buf);
        snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", ci->openssl_name);
    }
    if (!buf[0])
        snprintf(buf, cap, "-");
}

/* f(z) = z^m + z^k3 + z^k2 + z^k1 + 1, or z^m + z^k1 + 1 */
static void reduction_polynomial(const pkc_curve_info *ci, char *buf, size_t cap)
{
    if (ci->poly_k[1] == 0)
        snprintf(buf, cap, "z^%u+z^%u+1", ci->field_bits, ci->poly_k[0]);
    else
        snprintf(buf, cap, "z^%u+z^%u+z^%u+z^%u+1", ci->field_bits, ci->poly_k[2],
                 ci->poly_k[1], ci->poly_k[0]);
}

/* 1 if the big-endian field element of the curve is 1 */
static int element_is_one(const pkc_curve_info *ci, const uint8_t *v)
{
    for (size_t i = 0; i + 1 < ci->field_bytes; i++)
        if (v[i])
            return 0;
    return v[ci->field_bytes - 1] == 1;
}

static void print_prime(int show_oid)
{
    printf("Prime fields GF(p), y^2 = x^3 + a x + b (cofactor 1):\n");
    /* the last column unpadded: no trailing blanks */
    int aw = show_oid ? 17 : 0;
    printf("%-10s %4s %8s %6s  %-5s %-*s%s\n", "curve", "bits", "security", "rsa", "form", aw,
           "aliases", show_oid ? "  oid" : "");
    /* by field size (ids are in the order the curves were added:
     * prime239v1 follows the binary curves), ties in id order */
    int order[PKC_CURVE_COUNT], n = 0;
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        const pkc_curve_info *ci = pkc_curve_info_get((pkc_curve_id)i);
        if (!ci || ci->field != PKC_FIELD_PRIME)
            continue;
        int j = n++;
        for (; j > 0 && pkc_curve_info_get((pkc_curve_id)order[j - 1])->field_bits >
                            ci->field_bits;
             j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (int k = 0; k < n; k++) {
        const pkc_curve_info *ci = pkc_curve_info_get((pkc_curve_id)order[k]);
        char aliases[64];
        curve_aliases(ci, aliases, sizeof aliases);
        const char *form = ci->a_is_minus3 ? "a=-3" : ci->a_is_zero ? "a=0" : "other";
        printf("%-10s %4u %8u %6u  %-5s %-*s%s%s\n", ci->name, ci->field_bits,
               ci->security_bits, ci->rsa_bits, form, aw, aliases, show_oid ? "  " : "",
               show_oid ? ci->oid : "");
    }
}

static void print_binary(int show_oid)
{
    printf("Binary fields GF(2^m), y^2 + x y = x^3 + a x^2 + b:\n");
    int aw = show_oid ? 7 : 0;
    printf("%-10s %3s %1s %8s %6s  %-7s %-20s  %-*s%s\n", "curve", "m", "h", "security", "rsa",
           "form", "reduction polynomial", aw, "aliases", show_oid ? "  oid" : "");
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        const pkc_curve_info *ci = pkc_curve_info_get((pkc_curve_id)i);
        if (!ci || ci->field != PKC_FIELD_BINARY)
            continue;
        char aliases[64], poly[64], form[16];
        curve_aliases(ci, aliases, sizeof aliases);
        reduction_polynomial(ci, poly, sizeof poly);
        if (element_is_one(ci, ci->b))
            snprintf(form, sizeof form, "a=%d b=1", ci->a_is_zero ? 0 : 1);
        else
            snprintf(form, sizeof form, "a=%d", ci->a_is_zero ? 0 : 1);
        printf("%-10s %3u %1u %8u %6u  %-7s %-20s  %-*s%s%s\n", ci->name, ci->field_bits,
               ci->cofactor, ci->security_bits, ci->rsa_bits, form, poly, aw, aliases,
               show_oid ? "  " : "", show_oid ? ci->oid : "");
    }
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

    print_prime(show_oid);
    printf("\n");
    print_binary(show_oid);
    if (fflush(stdout) != 0)
        return cli_error(CLI_USAGE, "cannot write the output");
    return CLI_OK;
}

PKC_CLI_COMMAND(curves, 60, "list the elliptic curves: sizes, security levels, RSA equivalents",
                cmd_curves, usage_curves)
