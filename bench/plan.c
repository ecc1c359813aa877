/* pkc bench — the default suite and the building blocks of the seed
 * study's modes (bench/plan.h). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "plan.h"

int bench_op_filter_parse(bench_op_filter *f, const char *list, char *err, size_t errlen)
{
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", list);
    int n = 0;
    for (char *save = NULL, *item = strtok_r(buf, ", ", &save); item;
         item = strtok_r(NULL, ", ", &save), n++) {
        f->any = 1;
        int slashes = 0;
        for (const char *p = item; *p; p++)
            slashes += *p == '/';
        bench_alg a;
        bench_op op;
        if (slashes >= 3) {
            /* a full case name, as the table and the JSON print it */
            if (f->nnames == (int)(sizeof f->names / sizeof f->names[0])) {
                snprintf(err, errlen, "--ops: too many case names");
                return -1;
            }
            snprintf(f->names[f->nnames++], sizeof f->names[0], "%s", item);
        } else if (slashes <= 1 && strncasecmp(item, "AES", 3) == 0 &&
                   (item[3] == 0 || item[3] == '/')) {
            /* "AES" or "AES/op": every AES mode */
            if (item[3] == '/' && (bench_op_from_name(item + 4, &op) != 0 ||
                                   !bench_op_valid(BENCH_AES_GCM, op))) {
                snprintf(err, errlen, "--ops: unknown operation '%s'", item);
                return -1;
            }
            for (int m = 0; m < BENCH_ALG_COUNT; m++)
                if (bench_alg_is_aes((bench_alg)m)) {
                    if (item[3] == '/')
                        f->pair[m][op] = 1;
                    else
                        f->alg_all[m] = 1;
                }
        } else if (slashes == 1) {
            char *s = strchr(item, '/');
            *s = 0;
            if (bench_alg_from_name(item, &a) != 0 || bench_op_from_name(s + 1, &op) != 0 ||
                !bench_op_valid(a, op)) {
                snprintf(err, errlen, "--ops: unknown operation '%s/%s'", item, s + 1);
                return -1;
            }
            f->pair[a][op] = 1;
        } else if (slashes == 0 && bench_alg_from_name(item, &a) == 0) {
            f->alg_all[a] = 1;
        } else if (slashes == 0 && bench_op_from_name(item, &op) == 0) {
            f->op_all[op] = 1;
        } else {
            snprintf(err, errlen,
                     "--ops: unknown operation '%s' (%s; an algorithm: RSA, ECDSA, ECDH, EC, "
                     "SHA-256, AES-ECB, AES-CBC, AES-CTR, AES-GCM, AES (all four), ECIES; ALG/op; "
                     "or a case name such as pkc/ECDSA/secp256r1/sign)",
                     item, bench_op_list());
            return -1;
        }
    }
    if (n == 0) {
        snprintf(err, errlen, "--ops: expected a list of operations");
        return -1;
    }
    return 0;
}

int bench_op_filter_allows_op(const bench_op_filter *f, bench_alg a, bench_op op)
{
    if (!f || !f->any || f->alg_all[a] || f->op_all[op] || f->pair[a][op])
        return 1;
    for (int i = 0; i < f->nnames; i++) {
        char al[32], o[32];
        /* provider/ALG/param/op[/...]: ALG is the second part, op the fourth */
        if (sscanf(f->names[i], "%*[^/]/%31[^/]/%*[^/]/%31[^/]", al, o) == 2) {
            bench_alg na;
            bench_op nop;
            if (bench_alg_from_name(al, &na) == 0 && bench_op_from_name(o, &nop) == 0 &&
                na == a && nop == op)
                return 1;
        }
    }
    return 0;
}

int bench_op_filter_allows(const bench_op_filter *f, const bench_case *c)
{
    if (!f || !f->any)
        return 1;
    if (f->alg_all[c->p.alg] || f->op_all[c->p.op] || f->pair[c->p.alg][c->p.op])
        return 1;
    for (int i = 0; i < f->nnames; i++)
        if (strcasecmp(f->names[i], c->name) == 0)
            return 1;
    return 0;
}

void bench_plan_all_providers(bench_planner *pl)
{
    pl->nprovs = 0;
    for (size_t k = 0; k < bench_nproviders && pl->nprovs < BENCH_PLAN_MAX_PROVIDERS; k++)
        if (!bench_providers[k]->variant) /* labelled variants only when named */
            pl->provs[pl->nprovs++] = bench_providers[k];
}

void bench_plan_add(bench_planner *pl, bench_alg a, bench_op op, unsigned bits, int curve,
                    size_t msg)
{
    if (!bench_op_filter_allows_op(pl->ops, a, op))
        return;
    int nt = pl->nthreads ? pl->nthreads : 1;
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < pl->nprovs; i++)
            if (bench_run_add(pl->r, pl->provs[i], a, op, bits, curve, msg,
                              pl->nthreads ? pl->threads[t] : 1, NULL) >= 0)
                pl->added++;
}

void bench_plan_rsa(bench_planner *pl, unsigned bits, int all_ops)
{
    static const bench_op core[] = {BENCH_OP_KEYGEN, BENCH_OP_SIGN, BENCH_OP_VERIFY,
                                    BENCH_OP_ENCRYPT, BENCH_OP_DECRYPT};
    if (all_ops)
        for (int op = BENCH_OP_KEYGEN; op <= BENCH_OP_PUBLIC; op++)
            bench_plan_add(pl, BENCH_RSA, (bench_op)op, bits, 0, 0);
    else
        for (size_t i = 0; i < sizeof core / sizeof core[0]; i++)
            bench_plan_add(pl, BENCH_RSA, core[i], bits, 0, 0);
}

void bench_plan_ecc(bench_planner *pl, int curve)
{
    bench_plan_add(pl, BENCH_ECDSA, BENCH_OP_KEYGEN, 0, curve, 0);
    bench_plan_add(pl, BENCH_ECDSA, BENCH_OP_SIGN, 0, curve, 0);
    bench_plan_add(pl, BENCH_ECDSA, BENCH_OP_VERIFY, 0, curve, 0);
    bench_plan_add(pl, BENCH_ECDH, BENCH_OP_KEYGEN, 0, curve, 0);
    bench_plan_add(pl, BENCH_ECDH, BENCH_OP_DERIVE, 0, curve, 0);
    for (int op = BENCH_OP_POINT_ADD; op <= BENCH_OP_MASSEY_OMURA; op++)
        bench_plan_add(pl, BENCH_EC, (bench_op)op, 0, curve, 0);
}

void bench_plan_ecx(bench_planner *pl, bench_alg a, unsigned bits)
{
    for (int op = 0; op < BENCH_OP_COUNT; op++)
        if (bench_op_valid(a, (bench_op)op))
            bench_plan_add(pl, a, (bench_op)op, bits, 0, 0);
}

void bench_plan_default(bench_planner *pl)
{
    bench_plan_rsa(pl, 2048, 1);
    static const bench_op r3072[] = {BENCH_OP_KEYGEN, BENCH_OP_SIGN, BENCH_OP_VERIFY,
                                     BENCH_OP_DECRYPT};
    for (size_t i = 0; i < sizeof r3072 / sizeof r3072[0]; i++)
        bench_plan_add(pl, BENCH_RSA, r3072[i], 3072, 0, 0);
    bench_plan_ecc(pl, PKC_CURVE_SECP256R1);
    bench_plan_ecc(pl, PKC_CURVE_SECP256K1);
    bench_plan_add(pl, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP384R1, 0);
    bench_plan_add(pl, BENCH_ECDSA, BENCH_OP_VERIFY, 0, PKC_CURVE_SECP384R1, 0);
    bench_plan_add(pl, BENCH_ECDH, BENCH_OP_DERIVE, 0, PKC_CURVE_SECP384R1, 0);
    /* the curves most deployed today, beside P-256 and secp256k1 */
    bench_plan_ecx(pl, BENCH_EDDSA, BENCH_ECX_25519);
    bench_plan_ecx(pl, BENCH_XDH, BENCH_ECX_25519);
    bench_plan_ecx(pl, BENCH_EDDSA, BENCH_ECX_448);
    bench_plan_ecx(pl, BENCH_XDH, BENCH_ECX_448);
    static const size_t sizes[] = {64, 1024, 65536, 1048576};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        bench_plan_add(pl, BENCH_SHA256, BENCH_OP_HASH, 0, 0, sizes[i]);
    /* the symmetric speed targets' cases (16 KiB) and ECIES on P-256 */
    for (unsigned bits = 128; bits <= 256; bits += 128) {
        bench_plan_add(pl, BENCH_AES_GCM, BENCH_OP_ENCRYPT, bits, 0, 16384);
        bench_plan_add(pl, BENCH_AES_CTR, BENCH_OP_ENCRYPT, bits, 0, 16384);
    }
    bench_plan_add(pl, BENCH_ECIES, BENCH_OP_ENCRYPT, 0, PKC_CURVE_SECP256R1, 1024);
    bench_plan_add(pl, BENCH_ECIES, BENCH_OP_DECRYPT, 0, PKC_CURVE_SECP256R1, 1024);
}

void bench_plan_sym(bench_planner *pl, const size_t *msgs, size_t nmsgs)
{
    static const size_t defaults[] = {64, 1024, 16384, 1048576};
    const size_t *sizes = nmsgs ? msgs : defaults;
    size_t n = nmsgs ? nmsgs : sizeof defaults / sizeof defaults[0];
    for (size_t i = 0; i < n; i++)
        for (int op = BENCH_OP_ENCRYPT; op <= BENCH_OP_DECRYPT; op++) {
            for (int a = BENCH_AES_ECB; a <= BENCH_AES_GCM; a++)
                for (unsigned bits = 128; bits <= 256; bits += 128)
                    bench_plan_add(pl, (bench_alg)a, (bench_op)op, bits, 0, sizes[i]);
            bench_plan_add(pl, BENCH_ECIES, (bench_op)op, 0, PKC_CURVE_SECP256R1, sizes[i]);
            bench_plan_add(pl, BENCH_RSA,
                           op == BENCH_OP_ENCRYPT ? BENCH_OP_HYBRID_ENCRYPT
                                                  : BENCH_OP_HYBRID_DECRYPT,
                           2048, 0, sizes[i]);
        }
}
