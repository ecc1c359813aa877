/* pkc — point addition and negation at the library boundary (internal;
 * layer 4 of src/ec/, included by curve_tmpl.h and curve_gf2m_tmpl.h after
 * their affine layers): what the message protocols need beyond scalar
 * multiplication (EC-ElGamal's M + kQ and C2 - dC1). Both constant time;
 * aff_neg(r, p) is the template's (y -> -y over GF(p), point_ld.h's
 * y -> x + y over GF(2^m)).
 */
#ifndef PKC_EC_POINT_OPS_H
#define PKC_EC_POINT_OPS_H

/* r = p + q, complete: any two points, either or both at infinity */
static void point_add(pkc_ec_affine *r, const pkc_ec_affine *p, const pkc_ec_affine *q)
{
    aff a, b, s;
    uint64_t sinf;
    aff_from_in(&a, p);
    aff_from_in(&b, q);
    aff_add_ct(&s, &sinf, &a, p->infinity, &b, q->infinity);
    aff_to_out(r, &s, sinf);
    pkc_memzero(&a, sizeof a);
    pkc_memzero(&b, sizeof b);
    pkc_memzero(&s, sizeof s);
}

/* r = -p (infinity stays infinity) */
static void point_neg(pkc_ec_affine *r, const pkc_ec_affine *p)
{
    aff a;
    aff_from_in(&a, p);
    aff_neg(&a, &a);
    aff_to_out(r, &a, p->infinity);
    pkc_memzero(&a, sizeof a);
}

#endif
