/* pkc bench — what a run measures when no scenario is named: the default
 * suite, the seed study's modes (-a RSA|ECC|ECCJ|BIN|CMP|ALL) and explicit
 * sizes and curves, narrowed by --ops (docs/methodology.md). */
#ifndef PKC_BENCH_PLAN_H
#define PKC_BENCH_PLAN_H

#include "engine.h"

#define BENCH_PLAN_MAX_PROVIDERS 48
#define BENCH_PLAN_MAX_THREADS 8

/* --ops: algorithms ("ECDSA"), operations ("sign"), pairs ("ECDSA/sign")
 * and full case names ("pkc/ECDSA/secp256r1/sign") */
typedef struct {
    int any;
    int alg_all[BENCH_ALG_COUNT];
    int op_all[BENCH_OP_COUNT];
    int pair[BENCH_ALG_COUNT][BENCH_OP_COUNT];
    char names[32][160];
    int nnames;
} bench_op_filter;

/* Parses a comma-separated list into f; -1 with err set on an unknown item. */
int bench_op_filter_parse(bench_op_filter *f, const char *list, char *err, size_t errlen);
/* 1 if the filter lets the case through (an empty filter lets everything). */
int bench_op_filter_allows(const bench_op_filter *f, const bench_case *c);
/* 1 if the filter lets some case of this algorithm and operation through. */
int bench_op_filter_allows_op(const bench_op_filter *f, bench_alg a, bench_op op);

typedef struct {
    bench_run *r;
    const bench_provider *provs[BENCH_PLAN_MAX_PROVIDERS];
    int nprovs;
    const bench_op_filter *ops;
    unsigned threads[BENCH_PLAN_MAX_THREADS]; /* empty: one worker */
    int nthreads;
    int added;
} bench_planner;

/* Every provider compiled in (cached variants only when named). */
void bench_plan_all_providers(bench_planner *pl);
/* One case per provider and thread count. */
void bench_plan_add(bench_planner *pl, bench_alg a, bench_op op, unsigned bits, int curve,
                    size_t msg);
/* RSA: the core operations (keygen, sign, verify, encrypt, decrypt), or all. */
void bench_plan_rsa(bench_planner *pl, unsigned bits, int all_ops);
/* A curve: ECDSA keygen/sign/verify, ECDH keygen/derive, the arithmetic. */
void bench_plan_ecc(bench_planner *pl, int curve);
/* Ed25519/Ed448 (a BENCH_EDDSA: keygen, sign, verify) or X25519/X448
 * (BENCH_XDH: keygen, derive); bits BENCH_ECX_25519 or BENCH_ECX_448 */
void bench_plan_ecx(bench_planner *pl, bench_alg a, unsigned bits);
/* The default suite: RSA-2048 (every operation), RSA-3072, P-256 and
 * secp256k1 (everything), P-384 sign/verify/derive, SHA-256 of 64 B to
 * 1 MiB, AES-128/256-GCM and -CTR encryption of 16 KiB, ECIES on P-256 of
 * 1 KiB. */
void bench_plan_default(bench_planner *pl);
/* -a SYM: AES-128/256 in ECB, CBC, CTR and GCM, ECIES on P-256 and hybrid
 * RSA-2048, encrypt and decrypt, over the nmsgs sizes of msgs (-m; none:
 * 64 B, 1 KiB, 16 KiB and 1 MiB). */
void bench_plan_sym(bench_planner *pl, const size_t *msgs, size_t nmsgs);

#endif
