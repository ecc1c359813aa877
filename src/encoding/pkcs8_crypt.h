/* pkc — password-encrypted PKCS#8 keys (internal): EncryptedPrivateKeyInfo
 * (RFC 5958 section 3) with PBES2 (RFC 8018 section 6.2): PBKDF2 with
 * HMAC-SHA-1/224/256/384/512 and AES-128/192/256-CBC, what `openssl pkcs8
 * -topk8 -v2 aes-256-cbc` and `openssl genpkey -aes256` write.
 *
 *   EncryptedPrivateKeyInfo ::= SEQUENCE {
 *     encryptionAlgorithm  SEQUENCE { id-PBES2, PBES2-params },
 *     encryptedData        OCTET STRING }
 *   PBES2-params ::= SEQUENCE {
 *     keyDerivationFunc  SEQUENCE { id-PBKDF2, PBKDF2-params },
 *     encryptionScheme   SEQUENCE { aesNNN-CBC, OCTET STRING (16) iv } }
 *   PBKDF2-params ::= SEQUENCE { salt OCTET STRING, iterationCount INTEGER,
 *     keyLength INTEGER OPTIONAL, prf AlgorithmIdentifier DEFAULT hmacWithSHA1 }
 *
 * Timing: the password, the derived key and the decrypted key are handled
 * in constant time (PBKDF2, AES-CBC, the constant-time PKCS#7 check); the
 * parameters are public.
 */
#ifndef PKC_ENCODING_PKCS8_CRYPT_H
#define PKC_ENCODING_PKCS8_CRYPT_H

#include "pkc/rng.h"
#include "pkix.h"

/* More iterations than this are refused (PKC_ERR_UNSUPPORTED) so that a
 * hostile key file cannot make a parse take minutes: 10^7 rounds of
 * HMAC-SHA-256 are a few seconds. The libFuzzer build defines a lower
 * limit (tests/fuzz/run.sh). */
#ifndef PKC_PKCS8_MAX_ITERATIONS
#define PKC_PKCS8_MAX_ITERATIONS 10000000u
#endif
/* What pkc writes: PBKDF2-HMAC-SHA-256 with this many rounds (OWASP's 2023
 * figure for PBKDF2-HMAC-SHA256), a 16-byte salt, AES-256-CBC. */
#define PKC_PKCS8_DEFAULT_ITERATIONS 600000u

/* The PrivateKeyInfo DER inside k (container PKC_PKIX_ENCRYPTED), malloc'd
 * (free with pkc_secure_free). PKC_ERR_UNSUPPORTED for another scheme
 * (PBES1, PKCS#12, another KDF, PRF or cipher) or too many iterations;
 * PKC_ERR_DECODE for malformed parameters; PKC_ERR_DECRYPT for a wrong
 * password (the padding fails) or a decryption that is no PKCS#8 key. */
pkc_err pkc_pkcs8_decrypt(const pkc_pkix_key *k, const uint8_t *pass, size_t passlen,
                          uint8_t **der, size_t *derlen);
/* EncryptedPrivateKeyInfo of a PrivateKeyInfo DER: fresh salt and IV from
 * rng, iterations 0 meaning PKC_PKCS8_DEFAULT_ITERATIONS. */
pkc_err pkc_pkcs8_encrypt(const uint8_t *der, size_t len, const uint8_t *pass, size_t passlen,
                          pkc_rng *rng, uint32_t iterations, uint8_t **out, size_t *outlen);

#endif
