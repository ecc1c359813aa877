/* pkc — RSA key bodies for the key-file layer (internal, not installed):
 * what src/rsa/rsa_key.c offers src/key.c and the tests beside the public
 * functions of include/pkc/rsa.h. */
#ifndef PKC_RSA_KEY_H
#define PKC_RSA_KEY_H

#include "encoding/pkix.h"
#include "pkc/rsa.h"

/* The RSA key of a key file read by pkc_pkix_read or pkc_pkix_read_der
 * (PKCS#1 private or public, PKCS#8, SubjectPublicKeyInfo), private or
 * public as the container is. Errors as in src/encoding/pkix.h; then
 * PKC_ERR_DECODE for a malformed body, PKC_ERR_UNSUPPORTED for a multi-prime
 * key, PKC_ERR_KEY for values that do not make a key. */
pkc_err pkc_rsa_key_from_pkix(const pkc_pkix_key *k, pkc_rsa_key **out);

/* The components of a private key file, as views into k's bytes (valid
 * while k is), without building the key: the part of the decoding that is
 * constant time in the key values (tests/test_pem_ctime.c checks it). */
pkc_err pkc_rsa_private_components_from_pkix(const pkc_pkix_key *k, pkc_rsa_components *c);

#endif
