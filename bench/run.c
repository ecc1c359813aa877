/* pkc bench — a run's cases: options, adding (with support checks and the
 * case's name), filtering and finding (bench/engine.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

void bench_options_default(bench_options *o)
{
    memset(o, 0, sizeof *o);
    o->target_ms = 10;
    o->budget_s = 1.0;
    o->keygen_budget_s = 2.0;
    o->min_samples = 10;
    o->max_samples = 10000;
    o->fixed_seed = 1;
    o->seed = 1;
    o->key_pool = BENCH_POOL_DEFAULT;
    o->baseline = "openssl";
}

bench_run *bench_run_new(const bench_options *o)
{
    bench_run *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    if (o)
        r->opt = *o;
    else
        bench_options_default(&r->opt);
    if (r->opt.target_ms <= 0)
        r->opt.target_ms = 10;
    if (r->opt.min_samples == 0)
        r->opt.min_samples = 10;
    if (r->opt.max_samples < r->opt.min_samples)
        r->opt.max_samples = r->opt.min_samples > 10000 ? r->opt.min_samples : 10000;
    if (r->opt.budget_s <= 0)
        r->opt.budget_s = 1.0;
    if (r->opt.keygen_budget_s <= 0)
        r->opt.keygen_budget_s = r->opt.budget_s;
    if (r->opt.key_pool == 0)
        r->opt.key_pool = BENCH_POOL_DEFAULT;
    bench_seed seed = {r->opt.fixed_seed, r->opt.seed};
    r->pools = bench_pools_new(r->opt.key_pool, &seed);
    if (!r->pools) {
        free(r);
        return NULL;
    }
    r->min_sample_ns = INFINITY;
    return r;
}

static void case_free(bench_case *c)
{
    free(c->us);
    free(c->cpu_us);
    free(c->cyc);
    free(c->seeds);
    free(c->fingerprints);
}

void bench_run_free(bench_run *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->ncases; i++)
        case_free(&r->cases[i]);
    free(r->cases);
    bench_pools_free(r->pools);
    free(r);
}

static int is_ec(bench_alg a)
{
    return a == BENCH_ECDSA || a == BENCH_ECDH || a == BENCH_EC || a == BENCH_ECIES;
}

/* algorithms whose parameter is bits: the RSA modulus, the AES key, the
 * curve of EdDSA and XDH (BENCH_ECX_25519 or BENCH_ECX_448) */
static int has_bits(bench_alg a)
{
    return a == BENCH_RSA || bench_alg_is_aes(a) || bench_alg_is_ecx(a);
}

static void set_param(bench_case *c)
{
    const bench_params *p = &c->p;
    const pkc_curve_info *ci = pkc_curve_info_get(p->curve);
    switch (p->alg) {
    case BENCH_RSA:
        snprintf(c->param, sizeof c->param, "%u", p->bits);
        c->param_value = p->bits;
        c->security_bits = bench_rsa_security_bits(p->bits);
        break;
    case BENCH_AES_ECB:
    case BENCH_AES_CBC:
    case BENCH_AES_CTR:
    case BENCH_AES_GCM:
        snprintf(c->param, sizeof c->param, "%u", p->bits);
        c->param_value = p->bits;
        c->security_bits = p->bits;
        break;
    case BENCH_ECDSA:
    case BENCH_ECDH:
    case BENCH_EC:
    case BENCH_ECIES:
        snprintf(c->param, sizeof c->param, "%s", ci->name);
        c->param_value = ci->field_bits;
        c->security_bits = ci->security_bits;
        break;
    case BENCH_EDDSA:
    case BENCH_XDH:
        snprintf(c->param, sizeof c->param, "%s", bench_ecx_name(p->alg, p->bits));
        c->param_value = bench_ecx_field_bits(p->bits);
        c->security_bits = bench_ecx_security_bits(p->bits);
        break;
    case BENCH_SHA256:
    default:
        snprintf(c->param, sizeof c->param, "%zu", p->msg_len);
        c->param_value = (unsigned)p->msg_len;
        c->security_bits = 0;
        break;
    }
    int n = snprintf(c->name, sizeof c->name, "%s/%s/%s/%s", c->prov->name,
                     bench_alg_name(p->alg), c->param, bench_op_name(p->op));
    if (p->alg != BENCH_SHA256 && p->msg_len &&
        (p->msg_len != BENCH_MAX_MSG_DEFAULT || bench_case_streams(p->alg, p->op, p->msg_len)) &&
        n > 0)
        n += snprintf(c->name + n, sizeof c->name - (size_t)n, "/%zuB", p->msg_len);
    if (p->threads > 1 && n > 0)
        snprintf(c->name + n, sizeof c->name - (size_t)n, "/threads:%u", p->threads);
}

static int takes_message(bench_alg a, bench_op op)
{
    return bench_alg_op_streams(a, op) || op == BENCH_OP_SIGN || op == BENCH_OP_VERIFY ||
           op == BENCH_OP_SIGN_PSS || op == BENCH_OP_VERIFY_PSS;
}

int bench_params_same(const bench_params *a, const bench_params *b)
{
    if (a->alg != b->alg || a->op != b->op || a->msg_len != b->msg_len ||
        a->threads != b->threads)
        return 0;
    if (has_bits(a->alg))
        return a->bits == b->bits;
    if (a->alg == BENCH_SHA256)
        return 1;
    return a->curve == b->curve;
}

int bench_run_add(bench_run *r, const bench_provider *prov, bench_alg alg, bench_op op,
                  unsigned bits, int curve, size_t msg_len, unsigned threads,
                  const char *scenario)
{
    if (!prov || !bench_op_valid(alg, op))
        return -1;
    bench_params p;
    memset(&p, 0, sizeof p);
    p.alg = alg;
    p.op = op;
    p.bits = has_bits(alg) ? bits : 0;
    p.curve = is_ec(alg) ? (pkc_curve_id)curve : (pkc_curve_id)0;
    p.threads = threads > 1 ? threads : 1;
    if (p.threads > BENCH_MAX_THREADS)
        return -1;
    if (is_ec(alg) && (curve < 0 || curve >= PKC_CURVE_COUNT))
        return -1;
    if (alg == BENCH_RSA && bits < 512)
        return -1;
    if (bench_alg_is_aes(alg) && bits != 128 && bits != 192 && bits != 256)
        return -1;
    if (bench_alg_is_ecx(alg) && !bench_ecx_name(alg, bits))
        return -1;
    if (takes_message(alg, op))
        p.msg_len = msg_len ? msg_len : BENCH_MAX_MSG_DEFAULT;
    else if (alg == BENCH_RSA && (op == BENCH_OP_ENCRYPT || op == BENCH_OP_DECRYPT))
        p.msg_len = msg_len; /* OAEP of a message of that size; 0: the 32-byte key */
    const bench_case_ops *ops = bench_case_ops_for(alg, op);
    if (!ops || !ops->supports(prov, &p))
        return -1;
    for (size_t i = 0; i < r->ncases; i++)
        if (r->cases[i].prov == prov && bench_params_same(&r->cases[i].p, &p))
            return (int)i;
    if (r->ncases == r->capcases) {
        size_t nc = r->capcases ? 2 * r->capcases : 64;
        bench_case *n = realloc(r->cases, nc * sizeof *n);
        if (!n)
            return -1;
        r->cases = n;
        r->capcases = nc;
    }
    bench_case *c = &r->cases[r->ncases];
    memset(c, 0, sizeof *c);
    c->prov = prov;
    c->ops = ops;
    c->p = p;
    c->scenario = scenario;
    c->ratio = c->ratio_lo = c->ratio_hi = NAN;
    c->group = -1;
    set_param(c);
    bench_stats_compute(NULL, 0, &c->st);
    bench_stats_compute(NULL, 0, &c->cpu_st);
    c->cycles_per_op = NAN;
    return (int)r->ncases++;
}

void bench_run_retain(bench_run *r, int (*keep)(const bench_case *c, void *ud), void *ud)
{
    size_t k = 0;
    for (size_t i = 0; i < r->ncases; i++) {
        if (keep(&r->cases[i], ud))
            r->cases[k++] = r->cases[i];
        else
            case_free(&r->cases[i]);
    }
    r->ncases = k;
}

const bench_case *bench_run_find(const bench_run *r, const char *prov, bench_alg alg,
                                 bench_op op, unsigned bits, int curve, size_t msg_len,
                                 unsigned threads)
{
    if (!msg_len && takes_message(alg, op))
        msg_len = BENCH_MAX_MSG_DEFAULT;
    for (size_t i = 0; i < r->ncases; i++) {
        const bench_case *c = &r->cases[i];
        if (strcmp(c->prov->name, prov) != 0 || c->p.alg != alg || c->p.op != op)
            continue;
        if (has_bits(alg) && c->p.bits != bits)
            continue;
        if (is_ec(alg) && (int)c->p.curve != curve)
            continue;
        if (c->p.msg_len != msg_len || c->p.threads != (threads > 1 ? threads : 1))
            continue;
        return c;
    }
    return NULL;
}
