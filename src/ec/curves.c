/* pkc — the curves by id, name and OID (include/pkc/curves.h), and the
 * entry points of the scalar multiplications (ec_internal.h). The data
 * itself is generated: src/ec/curve_params.c, by tools/gen_ec_consts.py. */
#include <string.h>
#include <strings.h>

#include "curves_data.h"
#include "pkc/curves.h"

const pkc_curve_info *pkc_curve_info_get(pkc_curve_id id)
{
    if ((unsigned)id >= PKC_CURVE_COUNT)
        return NULL;
    return &pkc_ec_curve_infos[id];
}

pkc_err pkc_curve_from_name(const char *name, pkc_curve_id *id)
{
    if (!name || !id)
        return PKC_ERR_ARG;
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        const pkc_curve_info *c = &pkc_ec_curve_infos[i];
        if (strcasecmp(name, c->name) == 0 || strcasecmp(name, c->openssl_name) == 0 ||
            (c->nist_name && strcasecmp(name, c->nist_name) == 0)) {
            *id = c->id;
            return PKC_OK;
        }
    }
    for (const pkc_ec_curve_alias *a = pkc_ec_curve_aliases; a->name; a++) {
        if (strcasecmp(name, a->name) == 0) {
            *id = a->id;
            return PKC_OK;
        }
    }
    return PKC_ERR_UNSUPPORTED;
}

pkc_err pkc_curve_from_oid(const uint8_t *oid, size_t oidlen, pkc_curve_id *id)
{
    if (!oid || !id)
        return PKC_ERR_ARG;
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        const pkc_ec_oid *o = &pkc_ec_curve_oids[i];
        if (o->len == oidlen && memcmp(o->der, oid, oidlen) == 0) {
            *id = (pkc_curve_id)i;
            return PKC_OK;
        }
    }
    return PKC_ERR_UNSUPPORTED;
}

const pkc_ec_curve *pkc_ec_curve_get(pkc_curve_id id)
{
    if ((unsigned)id >= PKC_CURVE_COUNT)
        return NULL;
    return &pkc_ec_curves[id];
}

const pkc_curve_info *pkc_ec_curve_info(const pkc_ec_curve *c)
{
    return c ? c->info : NULL;
}

void pkc_ec_mul_base(const pkc_ec_curve *c, pkc_ec_coords co, pkc_ec_affine *out,
                     const pkc_ec_scalar *k)
{
    c->ops->mul_base[co](out, k);
}

void pkc_ec_mul(const pkc_ec_curve *c, pkc_ec_coords co, pkc_ec_affine *out,
                const pkc_ec_scalar *k, const pkc_ec_affine *P)
{
    c->ops->mul[co](out, k, P);
}

void pkc_ec_mul2_var(const pkc_ec_curve *c, pkc_ec_coords co, pkc_ec_affine *out,
                     const pkc_ec_scalar *u1, const pkc_ec_scalar *u2, const pkc_ec_affine *Q)
{
    c->ops->mul2_var[co](out, u1, u2, Q);
}

int pkc_ec_mul2_x_eq_var(const pkc_ec_curve *c, pkc_ec_coords co, const pkc_ec_scalar *u1,
                         const pkc_ec_scalar *u2, const pkc_ec_affine *Q, const pkc_ec_scalar *r)
{
    if (co != PKC_EC_JACOBIAN || !c->ops->mul2_x_eq_var)
        return -1;
    return c->ops->mul2_x_eq_var(u1, u2, Q, r);
}

const struct pkc_ec_lab *pkc_ec_lab_get(pkc_curve_id id)
{
    const pkc_ec_curve *c = pkc_ec_curve_get(id);
    return c ? c->ops->lab : NULL;
}
