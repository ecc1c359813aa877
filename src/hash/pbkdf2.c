/* pkc — PBKDF2 (RFC 8018 section 5.2) with HMAC over any pkc_hash_alg:
 * T_i = U_1 ^ ... ^ U_c, U_1 = PRF(P, S || INT(i)), U_j = PRF(P, U_{j-1}).
 * The password is HMAC's key, processed once; every U_j then costs two
 * compressions from the keyed inner and outer states. Constant time in the
 * password and the output; the salt and the count are public. */
#include <string.h>

#include "pkc/hmac.h"

pkc_err pkc_pbkdf2_hmac(pkc_hash_alg alg, const uint8_t *pass, size_t passlen,
                        const uint8_t *salt, size_t saltlen, uint32_t iterations, uint8_t *out,
                        size_t outlen)
{
    size_t hl = pkc_hash_size(alg);
    if (hl == 0 || (!pass && passlen) || (!salt && saltlen) || (!out && outlen) ||
        iterations == 0)
        return PKC_ERR_ARG;
    /* RFC 8018 5.2 step 1: dkLen <= (2^32 - 1) hLen */
    if (outlen / hl >= 0xffffffffu)
        return PKC_ERR_ARG;
    pkc_hmac_ctx keyed, c;
    uint8_t u[PKC_HASH_MAX_SIZE], t[PKC_HASH_MAX_SIZE];
    pkc_err err = pkc_hmac_init(&keyed, alg, pass, passlen);
    if (err)
        return err;
    size_t done = 0;
    for (uint32_t i = 1; done < outlen; i++) {
        uint8_t be[4] = {(uint8_t)(i >> 24), (uint8_t)(i >> 16), (uint8_t)(i >> 8), (uint8_t)i};
        c = keyed;
        pkc_hmac_update(&c, salt, saltlen);
        pkc_hmac_update(&c, be, sizeof be);
        pkc_hmac_final(&c, u);
        memcpy(t, u, hl);
        for (uint32_t j = 1; j < iterations; j++) {
            c = keyed;
            pkc_hmac_update(&c, u, hl);
            pkc_hmac_final(&c, u);
            for (size_t b = 0; b < hl; b++)
                t[b] ^= u[b];
        }
        size_t take = outlen - done < hl ? outlen - done : hl;
        memcpy(out + done, t, take);
        done += take;
    }
    pkc_memzero(&keyed, sizeof keyed);
    pkc_memzero(&c, sizeof c);
    pkc_memzero(u, sizeof u);
    pkc_memzero(t, sizeof t);
    return PKC_OK;
}
