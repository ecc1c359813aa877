/* pkc curves — the elliptic curves pkc implements, with their sizes,
 * security levels (NIST SP 800-57 part 1 rev. 5, table 2) and the RSA
 * modulus of equal strength: those over prime fields GF(p), then those over
 * binary fields GF(2^m) with their cofactors and reduction polynomials,
 * then X25519/Ed25519 and X448/Ed448. */
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
            "Lists the elliptic curves pkc implements, in three tables.\n"
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
            "RFC 7748 / RFC 8032: X25519 and Ed25519 (about 128-bit security), X448 and\n"
            "Ed448 (about 224 bits; RSA-7680 is SP 800-57's 192-bit level, the\n"
            "strongest below it), each a key type of its own (pkc keygen -t ed25519).\n"
            "\n"
            "Options:\n"
            "  --oid      add a column with the named-curve OID (-oid works too)\n"
            "  -h, --help this help\n"
            "\n"
            "Examples:\n"
            "  pkc curves\n"
            "  pkc keygen -t ec -c P-384 -o key.pem\n"
            "  pkc keygen -t ec -c K-283 -o key283.pem\n"
            "  pkc keygen -t x25519 -o x.pem\n");
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

/* RFC 7748 and RFC 8032: the curves of include/pkc/curve25519.h and
 * curve448.h, each as a Montgomery curve (key agreement) and a birationally
 * equivalent Edwards curve (signatures). Security: RFC 7748 section 1
 * ("~128" and "~224" bits); SP 800-57 has no 224-bit level: RSA-7680 is
 * its 192-bit level, the strongest below 224, and RSA-15360 the 256-bit
 * one, above. */
static void print_ecx(int show_oid)
{
    static const struct {
        const char *name, *curve, *use, *oid;
        unsigned bits, security, rsa;
    } curves[] = {
        {"X25519", "Curve25519 (Montgomery)", "key agreement", "1.3.101.110", 255, 128, 3072},
        {"Ed25519", "edwards25519 (twisted Edwards)", "signatures", "1.3.101.112", 255, 128, 3072},
        {"X448", "Curve448 (Montgomery)", "key agreement", "1.3.101.111", 448, 224, 7680},
        {"Ed448", "edwards448 (Edwards)", "signatures", "1.3.101.113", 448, 224, 7680},
    };
    printf("RFC 7748 / RFC 8032 curves, p = 2^255 - 19 and p = 2^448 - 2^224 - 1 "
           "(pkc keygen -t NAME):\n");
    int uw = show_oid ? 13 : 0;
    printf("%-10s %4s %8s %6s  %-30s %-*s%s\n", "curve", "bits", "security", "rsa", "form", uw,
           "use", show_oid ? "  oid" : "");
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++)
        printf("%-10s %4u %8u %6u  %-30s %-*s%s%s\n", curves[i].name, curves[i].bits,
               curves[i].security, curves[i].rsa, curves[i].curve, uw, curves[i].use,
               show_oid ? "  " : "", show_oid ? curves[i].oid : "");
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
    printf("\n");
    print_ecx(show_oid);
    if (fflush(stdout) != 0)
        return cli_error(CLI_USAGE, "cannot write the output");
    return CLI_OK;
}

PKC_CLI_COMMAND(curves, 60, "list the elliptic curves: sizes, security levels, RSA equivalents",
                cmd_curves, usage_curves)
