/* pkc — every public header of libpkc in one include:
 *
 *     #include <pkc/pkc.h>
 *     cc prog.c $(pkg-config --cflags --libs libpkc)
 *
 * Conventions of the whole API (each header says the details):
 *  - Functions return pkc_err (common.h): PKC_OK (0) or a negative code;
 *    pkc_strerror() describes it. The library never prints or exits.
 *  - Keys, contexts and points are caller-owned structs, except the RSA and
 *    generic keys (pkc_rsa_key, pkc_key), which the library allocates: free
 *    them with pkc_rsa_key_free / pkc_key_free (both wipe). Structs holding
 *    secrets have a *_wipe function; call it when done.
 *  - Buffers the library allocates (DER and PEM encodings, decoded key
 *    material) are freed with pkc_secure_free(buf, len) (common.h).
 *  - Randomness comes from a pkc_rng (rng.h): pkc_rng_init_random for the
 *    OS's entropy, pkc_rng_init_fixed for reproducible tests.
 *  - Linking statically needs GMP as well: -lpkc -lgmp
 *    (pkg-config --static --libs libpkc).
 */
#ifndef PKC_PKC_H
#define PKC_PKC_H

#include "pkc/version.h"
#include "pkc/common.h"
#include "pkc/hash.h"
#include "pkc/hmac.h"
#include "pkc/rng.h"
#include "pkc/aes.h"
#include "pkc/gcm.h"
#include "pkc/der.h"
#include "pkc/curves.h"
#include "pkc/ec.h"
#include "pkc/curve25519.h"
#include "pkc/curve448.h"
#include "pkc/eccache.h"
#include "pkc/ecies.h"
#include "pkc/elgamal.h"
#include "pkc/koblitz.h"
#include "pkc/massey_omura.h"
#include "pkc/rsa.h"
#include "pkc/rsa_hybrid.h"
#include "pkc/key.h"

#endif
