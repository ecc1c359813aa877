/* pkc bench — the elliptic-curve arithmetic layer by layer (pkc only, in
 * Jacobian or affine coordinates: the provider's lab field), through the
 * library's lab interface (src/ec/lab.h):
 *
 *   scalar_mul_base  k G over the fixed-base table (the pool's scalars)
 *   scalar_mul       k P, constant time (the pool's scalars and points)
 *   point_add        one addition as the multiplications use it, chained
 *                    (A = A + B: each result feeds the next call)
 *   point_double     one doubling, chained
 *   field_mul / field_sqr / field_inv   one field operation, chained
 *   field_mul_portable  binary curves only: field_mul by the portable
 *                    carry-less multiplier, whatever the CPU (field_mul
 *                    uses PCLMULQDQ where the CPU has it): the two side by
 *                    side tell what the instruction is worth
 *   koblitz_encode   one block of field_bytes - 2 bytes (the pool's
 *                    messages) into a point (include/pkc/koblitz.h):
 *                    square roots and subgroup checks until one works
 *   massey_omura     the three passes of one Koblitz-encoded block, both
 *                    parties (include/pkc/massey_omura.h): two fresh
 *                    exponents and their inverses, four constant-time k P
 *                    in the provider's coordinates
 *
 * The cached variants (BENCH_LAB_CACHED, pkc-cached and pkc-affine-cached:
 * the ecutils scenario's "cache on"):
 *   point_add, point_double  the same operation on the same operands, again
 *                    and again, its result taken from a memo of results
 *                    keyed by the operands (what the ECUtils study
 *                    measured: a lookup, not arithmetic; no library should
 *                    ship it, docs/methodology.md)
 *   scalar_mul       k P through the library's cache of public points:
 *                    P's comb is built once, then reused
 *
 * Binary curves (sect*): the "Jacobian" points are López-Dahab, and the
 * addition the multiplications use is the mixed one (the second operand
 * has Z = 1, as jac_from_affine makes it), so B is 12G in affine form.
 *
 * A chained operation measures latency and cannot be optimised away; each
 * call goes through one function pointer (about 1 ns here, stated in
 * docs/methodology.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ec/curve.h"
#include "ec/ec_cache.h"
#include "ec/ec_proto.h"
#include "ec/ec_internal.h"
#include "ec/lab.h"
#include "case_util.h"
#include "pool.h"
#include "pkc/ec.h"
#include "pkc/koblitz.h"
#include "pkc/rng.h"

typedef struct {
    bench_params p;
    pkc_ec_coords co;
    const pkc_ec_curve *curve;
    const pkc_ec_lab *lab;
    const bench_ec_pool *pool;
    bench_rotation rot;
    pkc_ec_scalar *k;           /* the pool's private scalars */
    pkc_ec_affine *P;           /* the pool's peer points */
    pkc_ec_affine R;
    pkc_ec_lab_jac A, B;        /* point add/double operands */
    pkc_ec_lab_aff a, b;
    pkc_ec_lab_fe f, g;         /* field operands */
    uint8_t *blocks;            /* koblitz_encode: the pool's messages */
    pkc_ec_affine *M;           /* massey_omura: their points */
    size_t bb;                  /* block bytes */
    pkc_rng rng;                /* massey_omura: the exponents (fixed seed) */
    int cached;                 /* a cached variant (BENCH_LAB_CACHED) */
    struct memo *memo;          /* its memo of point_add / point_double */
    pkc_ec_cache *cache;        /* its cache of public points (scalar_mul) */
    pkc_ec_lab_jac Rj;          /* the memo's result */
    pkc_ec_lab_aff Ra;
} lab_state;

/* ---- the memo of point-operation results (the cached variants) ---- */

#define MEMO_SLOTS 64
#define MEMO_KEY_WORDS (2 * 3 * PKC_EC_MAX_LIMBS + 2)
typedef struct {
    int used;
    uint64_t hash;
    size_t nkey;
    uint64_t key[MEMO_KEY_WORDS];
    uint8_t val[sizeof(pkc_ec_lab_jac)];
} memo_slot;
struct memo {
    memo_slot slot[MEMO_SLOTS]; /* direct-mapped by the operands' hash */
    uint64_t hits, misses;
};

/* the words of an operand that hold its value: X, Y, Z (Jacobian) or x, y
 * and the infinity mask (affine), nlimbs words each */
static size_t memo_key_of(const lab_state *s, uint64_t *key, const void *pt)
{
    size_t n = s->lab->nlimbs;
    if (s->co == PKC_EC_AFFINE) {
        const pkc_ec_lab_aff *a = pt;
        memcpy(key, a->w, 2 * n * sizeof *key);
        key[2 * n] = a->infinity;
        return 2 * n + 1;
    }
    memcpy(key, ((const pkc_ec_lab_jac *)pt)->w, 3 * n * sizeof *key);
    return 3 * n;
}

/* FNV-1a over the key's words */
static uint64_t memo_hash(const uint64_t *k, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ k[i]) * 0x100000001b3ULL;
    return h;
}

/* r = op(p, q) from the memo, or computed and stored (q NULL: doubling);
 * size: the bytes of a point struct */
static void memo_op(lab_state *s, void *r, const void *p, const void *q, size_t size)
{
    uint64_t key[MEMO_KEY_WORDS];
    size_t nk = memo_key_of(s, key, p);
    if (q)
        nk += memo_key_of(s, key + nk, q);
    uint64_t h = memo_hash(key, nk);
    memo_slot *m = &s->memo->slot[h % MEMO_SLOTS];
    if (m->used && m->hash == h && m->nkey == nk && memcmp(m->key, key, nk * sizeof *key) == 0) {
        memcpy(r, m->val, size);
        s->memo->hits++;
        return;
    }
    s->memo->misses++;
    int aff = s->co == PKC_EC_AFFINE;
    uint64_t h0, r0;
    if (aff)
        s->lab->aff_add(r, p, q ? q : p);
    else if (q)
        s->lab->jac_add(r, p, q, &h0, &r0);
    else
        s->lab->jac_dbl(r, p);
    m->used = 1;
    m->hash = h;
    m->nkey = nk;
    memcpy(m->key, key, nk * sizeof *key);
    memcpy(m->val, r, size);
}

static int lab_supports(const bench_provider *pv, const bench_params *p)
{
    if (!pv->lab || p->alg != BENCH_EC || p->threads > 1)
        return 0;
    if (p->op == BENCH_OP_FIELD_MUL_PORTABLE) {
        const pkc_ec_lab *lab = pkc_ec_lab_get(p->curve);
        return lab && lab->binary && lab->fe_mul_portable;
    }
    if (pv->lab & BENCH_LAB_CACHED) /* the ecutils scenario's columns only */
        return p->op == BENCH_OP_POINT_ADD || p->op == BENCH_OP_POINT_DOUBLE ||
               p->op == BENCH_OP_SCALAR_MUL || p->op == BENCH_OP_KOBLITZ_ENCODE ||
               p->op == BENCH_OP_MASSEY_OMURA;
    return p->op >= BENCH_OP_POINT_ADD && p->op <= BENCH_OP_MASSEY_OMURA;
}

static void lab_teardown(void *st)
{
    lab_state *s = st;
    if (!s)
        return;
    if (s->k)
        pkc_memzero(s->k, s->rot.count * sizeof *s->k);
    free(s->k);
    free(s->P);
    free(s->blocks);
    free(s->M);
    free(s->memo);
    pkc_ec_cache_free(s->cache);
    pkc_rng_wipe(&s->rng);
    free(s);
}

static int point_of(const lab_state *s, const bench_ec_material *m, pkc_ec_affine *P)
{
    const pkc_curve_info *ci = pkc_curve_info_get(m->curve);
    uint8_t x[PKC_EC_MAX_FIELD_BYTES], y[PKC_EC_MAX_FIELD_BYTES];
    memcpy(x, m->q + 1, ci->field_bytes);
    memcpy(y, m->q + 1 + ci->field_bytes, ci->field_bytes);
    return pkc_ec_point_set_xy_var(s->curve, P, x, y) == PKC_OK ? 0 : -1;
}

/* koblitz_encode, massey_omura: the pool's message i as block i (distinct
 * for every i), and its point; the exponents from a DRBG of fixed seed */
static int messages_setup(lab_state *s, const bench_case_env *env, char *err, size_t errlen)
{
    s->bb = pkc_koblitz_block_bytes(s->p.curve);
    s->blocks = malloc(s->rot.count * s->bb);
    s->M = calloc(s->rot.count, sizeof *s->M);
    if (!s->blocks || !s->M ||
        pkc_rng_init_fixed(&s->rng, PKC_HASH_SHA256, 0x4d4fu + (unsigned)s->p.curve)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < s->rot.count; i++) {
        const uint8_t *m = bench_pools_message(env->pools, i, s->bb);
        if (!m) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        memcpy(s->blocks + i * s->bb, m, s->bb);
    }
    for (size_t i = 0; i < s->rot.count; i++) {
        pkc_ec_point pt;
        if (pkc_koblitz_encode_var(&pt, s->p.curve, s->blocks + i * s->bb, s->bb, NULL)) {
            snprintf(err, errlen, "message %zu has no Koblitz encoding", i);
            return -1;
        }
        memcpy(&s->M[i], pt.point, sizeof s->M[i]);
    }
    return 0;
}

/* out = e_B^-1 (e_A^-1 (e_B (e_A M))): the four passes' multiplications */
static int massey_omura(lab_state *s, pkc_ec_affine *out, const pkc_ec_affine *M)
{
    pkc_ec_scalar ea, eb, ia, ib;
    if (pkc_ec_scalar_random(s->curve, &s->rng, &ea, NULL) ||
        pkc_ec_scalar_random(s->curve, &s->rng, &eb, NULL))
        return -1;
    pkc_ec_scalar_inv(s->curve, &ia, &ea);
    pkc_ec_scalar_inv(s->curve, &ib, &eb);
    pkc_ec_mul(s->curve, s->co, out, &ea, M);
    pkc_ec_mul(s->curve, s->co, out, &eb, out);
    pkc_ec_mul(s->curve, s->co, out, &ia, out);
    pkc_ec_mul(s->curve, s->co, out, &ib, out);
    return 0;
}

static void *lab_setup(const bench_provider *pv, const bench_params *p,
                       const bench_case_env *env, char *err, size_t errlen)
{
    lab_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    s->co = pv->lab & BENCH_LAB_AFFINE ? PKC_EC_AFFINE : PKC_EC_JACOBIAN;
    s->cached = (pv->lab & BENCH_LAB_CACHED) != 0;
    if (s->cached && (!(s->memo = calloc(1, sizeof *s->memo)) ||
                      !(s->cache = pkc_ec_cache_new(BENCH_POOL_MAX, (size_t)256 << 20))))
        goto fail;
    s->curve = pkc_ec_curve_get(p->curve);
    s->lab = pkc_ec_lab_get(p->curve);
    s->pool = bench_pools_ec(env->pools, p->curve, err, errlen);
    if (!s->curve || !s->lab || !s->pool)
        goto fail;
    bench_rotation_init(&s->rot, env, s->pool->count);
    s->k = calloc(s->rot.count, sizeof *s->k);
    s->P = calloc(s->rot.count, sizeof *s->P);
    if (!s->k || !s->P) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    for (size_t i = 0; i < s->rot.count; i++) {
        const bench_ec_material *m = &s->pool->keys[i];
        if (!pkc_ec_scalar_set_bytes_checked(s->curve, &s->k[i], m->d) ||
            point_of(s, &s->pool->peers[i], &s->P[i]) != 0) {
            snprintf(err, errlen, "pool entry %zu is not a valid key", i);
            goto fail;
        }
    }
    /* point operands: A = 4G (Z != 1) and B = 12G in Jacobian (López-Dahab)
     * coordinates, a = 2G and b = P_0 in affine ones; field operands: 2G's
     * coordinates. A binary curve's addition is the mixed one: B with Z = 1 */
    pkc_ec_affine G2;
    pkc_ec_scalar two = {{2}};
    pkc_ec_mul_base(s->curve, PKC_EC_JACOBIAN, &G2, &two);
    s->lab->jac_from_affine(&s->A, &G2);
    s->lab->jac_dbl(&s->A, &s->A);
    if (s->lab->binary) {
        pkc_ec_affine G12;
        pkc_ec_scalar twelve = {{12}};
        pkc_ec_mul_base(s->curve, PKC_EC_JACOBIAN, &G12, &twelve);
        s->lab->jac_from_affine(&s->B, &G12);
    } else {
        s->B = s->A;
        s->lab->jac_dbl(&s->B, &s->B);
        s->lab->jac_add_var(&s->B, &s->A);
    }
    s->lab->aff_from_affine(&s->a, &G2);
    s->lab->aff_from_affine(&s->b, &s->P[0]);
    s->lab->fe_from_int(&s->f, G2.x);
    s->lab->fe_from_int(&s->g, G2.y);
    if ((p->op == BENCH_OP_KOBLITZ_ENCODE || p->op == BENCH_OP_MASSEY_OMURA) &&
        messages_setup(s, env, err, errlen) != 0)
        goto fail;
    return s;
fail:
    if (err && !err[0])
        snprintf(err, errlen, "pkc setup failed");
    lab_teardown(s);
    return NULL;
}

static int lab_run(void *st, uint64_t n)
{
    lab_state *s = st;
    const pkc_ec_lab *lab = s->lab;
    int aff = s->co == PKC_EC_AFFINE;
    uint64_t h0, r0;
    for (uint64_t it = 0; it < n; it++) {
        size_t i = bench_rotation_take(&s->rot);
        switch (s->p.op) {
        case BENCH_OP_SCALAR_MUL_BASE:
            pkc_ec_mul_base(s->curve, s->co, &s->R, &s->k[i]);
            break;
        case BENCH_OP_SCALAR_MUL: /* through the cache: NULL but for the cached variants */
            pkc_ec_mul_public_cached(s->curve, s->co, s->cache, &s->R, &s->k[i], &s->P[i]);
            break;
        case BENCH_OP_POINT_ADD:
            if (s->cached)
                memo_op(s, aff ? (void *)&s->Ra : (void *)&s->Rj, aff ? (void *)&s->a : (void *)&s->A,
                        aff ? (void *)&s->b : (void *)&s->B, aff ? sizeof s->a : sizeof s->A);
            else if (aff)
                lab->aff_add(&s->a, &s->a, &s->b);
            else
                lab->jac_add(&s->A, &s->A, &s->B, &h0, &r0);
            break;
        case BENCH_OP_POINT_DOUBLE:
            if (s->cached)
                memo_op(s, aff ? (void *)&s->Ra : (void *)&s->Rj, aff ? (void *)&s->a : (void *)&s->A,
                        NULL, aff ? sizeof s->a : sizeof s->A);
            else if (aff)
                lab->aff_add(&s->a, &s->a, &s->a);
            else
                lab->jac_dbl(&s->A, &s->A);
            break;
        case BENCH_OP_FIELD_MUL:
            lab->fe_mul(&s->f, &s->f, &s->g);
            break;
        case BENCH_OP_FIELD_MUL_PORTABLE:
            lab->fe_mul_portable(&s->f, &s->f, &s->g);
            break;
        case BENCH_OP_FIELD_SQR:
            lab->fe_sqr(&s->f, &s->f);
            break;
        case BENCH_OP_FIELD_INV:
            lab->fe_inv(&s->f, &s->f);
            break;
        case BENCH_OP_KOBLITZ_ENCODE: {
            pkc_ec_point pt;
            if (pkc_koblitz_encode_var(&pt, s->p.curve, s->blocks + i * s->bb, s->bb, NULL))
                return -1;
            memcpy(&s->R, pt.point, sizeof s->R);
            break;
        }
        case BENCH_OP_MASSEY_OMURA:
            if (massey_omura(s, &s->R, &s->M[i]))
                return -1;
            break;
        default:
            return -1;
        }
    }
    return 0;
}

/* the memo's answer, after a miss and after a hit, is the operation's */
static int memo_check(lab_state *s, char *err, size_t errlen)
{
    int aff = s->co == PKC_EC_AFFINE, add = s->p.op == BENCH_OP_POINT_ADD;
    pkc_ec_lab_jac rj, dj;
    pkc_ec_lab_aff ra, da;
    uint64_t h0, r0;
    size_t size = aff ? sizeof s->a : sizeof s->A;
    void *r = aff ? (void *)&ra : (void *)&rj, *d = aff ? (void *)&da : (void *)&dj;
    const void *p = aff ? (const void *)&s->a : (const void *)&s->A;
    const void *q = add ? (aff ? (const void *)&s->b : (const void *)&s->B) : NULL;
    memset(s->memo, 0, sizeof *s->memo);
    memset(&rj, 0, sizeof rj);
    memset(&ra, 0, sizeof ra);
    memset(&dj, 0, sizeof dj);
    memset(&da, 0, sizeof da);
    if (aff)
        s->lab->aff_add(&da, &s->a, add ? &s->b : &s->a);
    else if (add)
        s->lab->jac_add(&dj, &s->A, &s->B, &h0, &r0);
    else
        s->lab->jac_dbl(&dj, &s->A);
    for (int pass = 0; pass < 2; pass++) {
        memo_op(s, r, p, q, size);
        if (memcmp(r, d, size) != 0) {
            snprintf(err, errlen, "the memo's point differs (%s)", pass ? "hit" : "miss");
            return -1;
        }
    }
    if (s->memo->hits != 1 || s->memo->misses != 1) {
        snprintf(err, errlen, "the memo was not hit");
        return -1;
    }
    return 0;
}

static int lab_check(void *st, char *err, size_t errlen)
{
    lab_state *s = st;
    const pkc_curve_info *ci = pkc_curve_info_get(s->p.curve);
    switch (s->p.op) {
    case BENCH_OP_SCALAR_MUL_BASE:
    case BENCH_OP_SCALAR_MUL:
        /* k_i G is pool key i's public point; k_i P_i has the x-coordinate
         * of the ECDH secret pkc computed when it built the pool */
        for (size_t i = 0; i < s->rot.count; i++) {
            uint8_t x[PKC_EC_MAX_FIELD_BYTES], y[PKC_EC_MAX_FIELD_BYTES];
            int base = s->p.op == BENCH_OP_SCALAR_MUL_BASE;
            if (base)
                pkc_ec_mul_base(s->curve, s->co, &s->R, &s->k[i]);
            else
                pkc_ec_mul_public_cached(s->curve, s->co, s->cache, &s->R, &s->k[i], &s->P[i]);
            pkc_ec_point_get_xy(s->curve, &s->R, x, y);
            const uint8_t *want = base ? s->pool->keys[i].q + 1
                                       : s->pool->secrets + i * s->pool->secret_len;
            if (s->R.infinity || memcmp(x, want, ci->field_bytes) != 0) {
                snprintf(err, errlen, "scalar multiplication %zu gives a wrong point", i);
                return -1;
            }
        }
        return 0;
    case BENCH_OP_KOBLITZ_ENCODE:
    case BENCH_OP_MASSEY_OMURA:
        /* every block comes back: decoded from its point, or from Bob's
         * point after the three passes */
        for (size_t i = 0; i < s->rot.count; i++) {
            pkc_ec_point pt = {.curve = s->p.curve};
            uint8_t back[PKC_KOBLITZ_MAX_BLOCK];
            size_t blen = 0;
            int bad;
            if (s->p.op == BENCH_OP_KOBLITZ_ENCODE)
                bad = pkc_koblitz_encode_var(&pt, s->p.curve, s->blocks + i * s->bb, s->bb,
                                             NULL) != PKC_OK;
            else
                bad = massey_omura(s, pkc_ec_pub_point(&pt), &s->M[i]) != 0;
            if (bad || pkc_koblitz_decode(&pt, back, sizeof back, &blen) != PKC_OK ||
                memcmp(back, s->blocks + i * s->bb, s->bb) != 0) {
                snprintf(err, errlen, "block %zu does not come back", i);
                return -1;
            }
        }
        return 0;
    case BENCH_OP_POINT_ADD:
    case BENCH_OP_POINT_DOUBLE: {
        /* 4G + 12G = 16G and 2 (4G) = 8G, against the multiplications */
        pkc_ec_affine got, want;
        pkc_ec_scalar m = {{s->p.op == BENCH_OP_POINT_ADD ? 16 : 8}};
        pkc_ec_lab_jac t;
        uint64_t h0, r0;
        if (s->p.op == BENCH_OP_POINT_ADD)
            s->lab->jac_add(&t, &s->A, &s->B, &h0, &r0);
        else
            s->lab->jac_dbl(&t, &s->A);
        s->lab->jac_to_affine(&got, &t);
        pkc_ec_mul_base(s->curve, PKC_EC_JACOBIAN, &want, &m);
        if (memcmp(&got, &want, sizeof got) != 0) {
            snprintf(err, errlen, "the point formula gives a wrong point");
            return -1;
        }
        return s->cached ? memo_check(s, err, errlen) : 0;
    }
    default: {
        /* f * f^-1 = 1 and f^2 = f * f, by the multiplier the case times;
         * the portable one also gives what the default one gives */
        pkc_ec_lab_fe inv, one, sq, mul, fg, fg_def;
        size_t words = s->lab->nlimbs * sizeof(uint64_t);
        uint64_t o[PKC_EC_MAX_LIMBS] = {0}, want[PKC_EC_MAX_LIMBS] = {1};
        void (*fmul)(pkc_ec_lab_fe *, const pkc_ec_lab_fe *, const pkc_ec_lab_fe *) =
            s->p.op == BENCH_OP_FIELD_MUL_PORTABLE ? s->lab->fe_mul_portable : s->lab->fe_mul;
        s->lab->fe_inv(&inv, &s->f);
        fmul(&one, &inv, &s->f);
        s->lab->fe_to_int(o, &one);
        s->lab->fe_sqr(&sq, &s->f);
        fmul(&mul, &s->f, &s->f);
        fmul(&fg, &s->f, &s->g);
        s->lab->fe_mul(&fg_def, &s->f, &s->g);
        if (memcmp(o, want, sizeof o) != 0 || memcmp(sq.w, mul.w, words) != 0 ||
            memcmp(fg.w, fg_def.w, words) != 0) {
            snprintf(err, errlen, "the field arithmetic is wrong");
            return -1;
        }
        return 0;
    }
    }
}

static void lab_info(void *st, size_t *keys, size_t *inputs)
{
    lab_state *s = st;
    int pooled = s->p.op == BENCH_OP_SCALAR_MUL || s->p.op == BENCH_OP_SCALAR_MUL_BASE;
    int msgs = s->p.op == BENCH_OP_KOBLITZ_ENCODE || s->p.op == BENCH_OP_MASSEY_OMURA;
    *keys = pooled ? s->rot.count : 0; /* massey_omura: fresh exponents every time */
    *inputs = pooled || msgs ? s->rot.count : 1;
}

const bench_case_ops bench_case_lab = {lab_supports, lab_setup, lab_run, lab_check,
                                       lab_teardown, lab_info, NULL};
