/* pkc — the generated curve tables of src/ec/curve_params.c (internal):
 * written by tools/gen_ec_consts.py, read by src/ec/curves.c. */
#ifndef PKC_EC_CURVES_DATA_H
#define PKC_EC_CURVES_DATA_H

#include "curve.h"

typedef struct {
    const uint8_t *der; /* content bytes of the named-curve OID */
    size_t len;
} pkc_ec_oid;

typedef struct {
    const char *name;   /* a spelling besides the SEC, NIST and OpenSSL names */
    pkc_curve_id id;
} pkc_ec_curve_alias;

extern const pkc_curve_info pkc_ec_curve_infos[PKC_CURVE_COUNT];
extern const pkc_ec_curve pkc_ec_curves[PKC_CURVE_COUNT];
extern const pkc_ec_oid pkc_ec_curve_oids[PKC_CURVE_COUNT];
extern const pkc_ec_curve_alias pkc_ec_curve_aliases[]; /* ends with name NULL */

#endif
