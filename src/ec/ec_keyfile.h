/* pkc — elliptic-curve key files for the key-file layer (internal, not
 * installed): what src/ec/ec_keyfile.c offers src/key.c beside the public
 * functions of include/pkc/ec.h. */
#ifndef PKC_EC_KEYFILE_H
#define PKC_EC_KEYFILE_H

#include "encoding/pkix.h"
#include "pkc/ec.h"

/* The EC private key of a key file read by pkc_pkix_read or
 * pkc_pkix_read_der (PKCS#8 or SEC 1 ECPrivateKey); the public key of a
 * SubjectPublicKeyInfo. Errors as the decoders of include/pkc/ec.h. */
pkc_err pkc_ec_private_key_from_pkix(const pkc_pkix_key *k, pkc_ec_private_key *key);
pkc_err pkc_ec_public_key_from_pkix(const pkc_pkix_key *k, pkc_ec_public_key *pub);

#endif
