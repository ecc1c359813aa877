/* pkc — RSA on GMP (RFC 8017, FIPS 186-5): key generation, the public and
 * private primitives, RSAES-OAEP, RSASSA-PKCS1-v1_5, RSASSA-PSS and the
 * PKCS#1 / PKCS#8 / SubjectPublicKeyInfo key encodings.
 *
 * A pkc_rsa_key is opaque and, apart from an internal blinding cache that
 * an atomic try-lock guards, read-only once built: every operation takes it
 * const, and one key may be used from several threads at once.
 *
 * Byte strings are big-endian (RFC 8017 I2OSP/OS2IP). The primitives take
 * and give exactly pkc_rsa_size(key) bytes.
 *
 * Timing. Constant time (no branch and no memory index that depends on a
 * secret; checked under valgrind by tests/test_ctime_valgrind.sh, and
 * statistically by `make timing-test`):
 * - the private operation (pkc_rsa_private_raw and the schemes in
 *   PKC_RSA_MODE_CRT): CRT, base blinding and our own Montgomery
 *   exponentiation on per-prime contexts. Observable: the limb counts
 *   (64-bit words) of n, p and q, the public e and input, and whether the
 *   result check failed; OAEP decryption also shows only success or
 *   failure and the message length;
 * - key generation (pkc_rsa_generate): observable are the sizes, e and the
 *   number of candidates tried, each an independent draw;
 * - loading a private key (pkc_rsa_key_from_private, and the parsers
 *   once they have the components): the conversion and the consistency
 *   checks; observable are the lengths of the components, which their
 *   encoding shows anyway;
 * - pkc_rsa_check_private.
 * Variable time: the public operation (verification and encryption; it
 * branches on its input, which is public for verification, but an OAEP
 * plaintext is not protected from a local timing observer); and, on
 * secrets, pkc_rsa_key_from_ned (runs once, when a key given as (n, e, d)
 * is imported) and the unsafe textbook operation below, which leaks the
 * private exponent and must not be used to protect anything.
 */
#ifndef PKC_RSA_H
#define PKC_RSA_H

#include "pkc/common.h"
#include "pkc/hash.h"
#include "pkc/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pkc_rsa_key pkc_rsa_key;

#define PKC_RSA_MIN_BITS 1024   /* key generation */
#define PKC_RSA_MAX_BITS 16384  /* key generation and parsing */
#define PKC_RSA_DEFAULT_BITS 3072
#define PKC_RSA_DEFAULT_E 65537

typedef enum {
    PKC_RSA_MODE_CRT = 0,            /* production: CRT, blinding, constant time, checked */
    PKC_RSA_MODE_TEXTBOOK_UNSAFE = 1 /* m = c^d mod n with mpz_powm, unblinded, variable
                                      * time: only for the CRT-versus-textbook benchmark */
} pkc_rsa_mode;

/* PSS salt lengths. */
#define PKC_RSA_SALT_HASHLEN (-1)  /* salt length = hash length (the default) */
#define PKC_RSA_SALT_AUTO (-2)     /* verify only: accept any salt length */
#define PKC_RSA_SALT_MAX (-3)      /* sign only: the largest that fits */

/* ---- keys ---- */

/* FIPS 186-5 appendix A.1.3 key generation: bits in [1024, 16384] (any
 * multiple of 2), e odd and >= 3 (65537 by default). Every random bit comes
 * from rng, so a fixed-seed rng gives the same key. */
PKC_API pkc_err pkc_rsa_generate(pkc_rsa_key **out, unsigned bits, uint64_t e, pkc_rng *rng);

/* ---- primes ---- */

/* One prime as key generation makes it (FIPS 186-5 A.1.3 step 4): a random
 * odd bits-bit integer with its top two bits set, no factor below the
 * sieve bound, gcd(p - 1, e) = 1 (e 0 means 65537), then Miller-Rabin
 * with the rounds of FIPS 186-5 table B.1 and bases from rng. out gets
 * exactly (bits + 7) / 8 big-endian bytes; bits in
 * [PKC_RSA_PRIME_MIN_BITS, PKC_RSA_PRIME_MAX_BITS]. Constant time like key
 * generation: the number of candidates tried shows. */
#define PKC_RSA_PRIME_MIN_BITS 32
#define PKC_RSA_PRIME_MAX_BITS 8192
PKC_API pkc_err pkc_rsa_prime_generate(uint8_t *out, size_t outlen, unsigned bits, uint64_t e,
                                       pkc_rng *rng);

/* Is n (len big-endian bytes, at most PKC_RSA_PRIME_TEST_MAX_BITS bits) a
 * probable prime? Numbers below 2^16 are decided exactly (trial division);
 * larger ones go through trial division by the primes below 2^10 and then
 * `rounds` Miller-Rabin rounds with bases drawn from rng (0 means 64: an
 * error below 2^-128 even for a composite built to fool Miller-Rabin, each
 * round passing at most a quarter of the bases). Bases from a DRBG, not
 * fixed ones, so Carmichael numbers and strong pseudoprimes to fixed bases
 * are found composite. *is_prime gets 1 (probably prime) or 0. Variable
 * time: n is public here (key generation keeps its own constant-time
 * path). */
#define PKC_RSA_PRIME_TEST_MAX_BITS 16384
PKC_API pkc_err pkc_rsa_prime_test(const uint8_t *n, size_t len, int rounds, pkc_rng *rng,
                                   int *is_prime);

/* A public key from n and e (big-endian magnitudes). Checks: n odd,
 * 512 <= bits(n) <= 16384, 3 <= e < n, e odd, and e of at most 64 bits when
 * n has more than 3072 (as OpenSSL: a larger e makes one verification with
 * a 16384-bit n cost seconds). */
PKC_API pkc_err pkc_rsa_key_from_public(pkc_rsa_key **out, const uint8_t *n, size_t nlen,
                                        const uint8_t *e, size_t elen);

/* A private key from all its components. Checks everything that can be
 * checked cheaply, in constant time: n = p*q, p and q odd and > 1,
 * d*e = 1 mod lambda(n) (mod p-1 and mod q-1), dP = d mod (p-1),
 * dQ = d mod (q-1), qInv*q = 1 mod p. PKC_ERR_KEY on any mismatch. */
typedef struct {
    const uint8_t *n, *e, *d, *p, *q, *dp, *dq, *qinv;
    size_t nlen, elen, dlen, plen, qlen, dplen, dqlen, qinvlen;
} pkc_rsa_components;
PKC_API pkc_err pkc_rsa_key_from_private(pkc_rsa_key **out, const pkc_rsa_components *c);

/* A private key from n, e and d only: p and q are recovered (NIST SP
 * 800-56B rev. 2 appendix C.2), then the CRT values computed. Variable time
 * on d (it runs once, at import). */
PKC_API pkc_err pkc_rsa_key_from_ned(pkc_rsa_key **out, const uint8_t *n, size_t nlen,
                                     const uint8_t *e, size_t elen, const uint8_t *d,
                                     size_t dlen);

/* The public half of a key (a new key). */
PKC_API pkc_err pkc_rsa_key_public(const pkc_rsa_key *key, pkc_rsa_key **out);

PKC_API void pkc_rsa_key_free(pkc_rsa_key *key);  /* wipes; NULL is fine */
PKC_API unsigned pkc_rsa_bits(const pkc_rsa_key *key);   /* bits of n */
PKC_API size_t pkc_rsa_size(const pkc_rsa_key *key);     /* bytes of n */
PKC_API int pkc_rsa_is_private(const pkc_rsa_key *key);

typedef enum {
    PKC_RSA_N = 0, PKC_RSA_E, PKC_RSA_D, PKC_RSA_P, PKC_RSA_Q,
    PKC_RSA_DP, PKC_RSA_DQ, PKC_RSA_QINV
} pkc_rsa_part;
/* Writes one component as a minimal big-endian magnitude (zero: 0 bytes).
 * With out == NULL only *len is set. PKC_ERR_KEY for a private part of a
 * public key, PKC_ERR_BUFSIZE if cap is too small. */
PKC_API pkc_err pkc_rsa_get(const pkc_rsa_key *key, pkc_rsa_part part, uint8_t *out, size_t cap,
                            size_t *len);

/* Full private-key check (NIST SP 800-56B rev. 2 6.4.1.2.1-style): the
 * consistency checks above plus p and q probable primes (Miller-Rabin with
 * bases from rng, FIPS 186-5 table B.1 rounds) and |p - q| large enough. */
PKC_API pkc_err pkc_rsa_check_private(const pkc_rsa_key *key, pkc_rng *rng);

/* ---- primitives (RFC 8017 5.1 / 5.2): in and out are pkc_rsa_size() bytes ---- */

/* RSAEP / RSAVP1: out = in^e mod n. PKC_ERR_RANGE if in >= n. */
PKC_API pkc_err pkc_rsa_public_raw(const pkc_rsa_key *key, const uint8_t *in, uint8_t *out);
/* RSADP / RSASP1 in production mode: CRT, blinding from rng, constant
 * time, result checked with the public key (PKC_ERR_INTERNAL on mismatch).
 * PKC_ERR_RANGE if in >= n. */
PKC_API pkc_err pkc_rsa_private_raw(const pkc_rsa_key *key, pkc_rng *rng, const uint8_t *in,
                                    uint8_t *out);
/* UNSAFE textbook RSADP: out = in^d mod n with mpz_powm, no CRT, no
 * blinding, variable time in d. Only for the CRT-versus-textbook benchmark
 * (the pkc-textbook provider); never for anything secret. */
PKC_API pkc_err pkc_rsa_private_textbook_unsafe(const pkc_rsa_key *key, const uint8_t *in,
                                                uint8_t *out);
/* Either of the two by mode (rng unused in textbook mode; may be NULL). */
PKC_API pkc_err pkc_rsa_private_mode(const pkc_rsa_key *key, pkc_rsa_mode mode, pkc_rng *rng,
                                     const uint8_t *in, uint8_t *out);

/* ---- RSAES-OAEP (RFC 8017 7.1) ---- */
typedef struct {
    pkc_hash_alg hash;        /* 0 means SHA-256 */
    pkc_hash_alg mgf1_hash;   /* 0 means the same as hash */
    const uint8_t *label;
    size_t labellen;
} pkc_rsa_oaep_params;

/* out gets pkc_rsa_size() bytes (cap at least that); params may be NULL
 * (SHA-256, MGF1-SHA-256, empty label). PKC_ERR_ARG if the message is too
 * long (mlen > k - 2 hLen - 2). */
PKC_API pkc_err pkc_rsa_oaep_encrypt(const pkc_rsa_key *key, pkc_rng *rng,
                                     const pkc_rsa_oaep_params *params, const uint8_t *msg,
                                     size_t msglen, uint8_t *out, size_t cap, size_t *outlen);
/* Any failure after the length checks (ciphertext >= n, bad padding, wrong
 * label, wrong ciphertext length) is PKC_ERR_DECRYPT, and the padding check
 * runs in constant time. cap must be at least k - 2 hLen - 2 (the longest
 * possible message; PKC_ERR_BUFSIZE otherwise): that many bytes of out are
 * written whatever the message length, the message first. */
PKC_API pkc_err pkc_rsa_oaep_decrypt(const pkc_rsa_key *key, pkc_rng *rng, pkc_rsa_mode mode,
                                     const pkc_rsa_oaep_params *params, const uint8_t *ct,
                                     size_t ctlen, uint8_t *out, size_t cap, size_t *outlen);

/* ---- RSASSA-PKCS1-v1_5 (RFC 8017 8.2) over a digest ----
 * hash: SHA-224/256/384/512 (SHA-1 accepted for legacy verification and
 * test vectors); SHA3-224..512 are PKC_ERR_UNSUPPORTED (no DigestInfo for
 * them here). digestlen must equal pkc_hash_size(hash). sig gets
 * pkc_rsa_size() bytes. */
PKC_API pkc_err pkc_rsa_pkcs1_sign(const pkc_rsa_key *key, pkc_rng *rng, pkc_rsa_mode mode,
                                   pkc_hash_alg hash, const uint8_t *digest, size_t digestlen,
                                   uint8_t *sig, size_t cap, size_t *siglen);
/* PKC_OK, or PKC_ERR_VERIFY for a well-formed signature that does not
 * verify; PKC_ERR_DECODE if siglen != pkc_rsa_size(key), PKC_ERR_RANGE if
 * the signature as an integer is >= n (RFC 8017 8.2.2 steps 1 and 2.b:
 * "invalid signature" too, but malformed rather than merely wrong, which
 * the CLI reports with exit status 2, not 1). PKC_ERR_ARG for a bad hash
 * or digest length. */
PKC_API pkc_err pkc_rsa_pkcs1_verify(const pkc_rsa_key *key, pkc_hash_alg hash,
                                     const uint8_t *digest, size_t digestlen, const uint8_t *sig,
                                     size_t siglen);

/* ---- RSASSA-PSS (RFC 8017 8.1), MGF1 with the same hash ----
 * saltlen: >= 0, PKC_RSA_SALT_HASHLEN, PKC_RSA_SALT_MAX (sign) or
 * PKC_RSA_SALT_AUTO (verify). */
PKC_API pkc_err pkc_rsa_pss_sign(const pkc_rsa_key *key, pkc_rng *rng, pkc_rsa_mode mode,
                                 pkc_hash_alg hash, int saltlen, const uint8_t *digest,
                                 size_t digestlen, uint8_t *sig, size_t cap, size_t *siglen);
/* The same with a caller-given salt (known-answer tests). */
PKC_API pkc_err pkc_rsa_pss_sign_salt(const pkc_rsa_key *key, pkc_rng *rng, pkc_rsa_mode mode,
                                      pkc_hash_alg hash, const uint8_t *salt, size_t saltlen,
                                      const uint8_t *digest, size_t digestlen, uint8_t *sig,
                                      size_t cap, size_t *siglen);
/* The same return values as pkc_rsa_pkcs1_verify (RFC 8017 8.1.2 steps 1
 * and 2.b give PKC_ERR_DECODE and PKC_ERR_RANGE; an encoding that does not
 * check out, PKC_ERR_VERIFY). */
PKC_API pkc_err pkc_rsa_pss_verify(const pkc_rsa_key *key, pkc_hash_alg hash, int saltlen,
                                   const uint8_t *digest, size_t digestlen, const uint8_t *sig,
                                   size_t siglen);

/* MGF1 (RFC 8017 B.2.1): out = mask of masklen bytes from seed. */
PKC_API pkc_err pkc_rsa_mgf1(pkc_hash_alg hash, const uint8_t *seed, size_t seedlen, uint8_t *out,
                             size_t masklen);

/* ---- encodings (DER; malloc'd output, free with pkc_secure_free) ----
 * PKCS#1 RSAPrivateKey / RSAPublicKey (RFC 8017 A.1), PKCS#8
 * PrivateKeyInfo (RFC 5208) and SubjectPublicKeyInfo (RFC 5280) with the
 * rsaEncryption OID 1.2.840.113549.1.1.1 and NULL parameters. */
PKC_API pkc_err pkc_rsa_private_to_pkcs1(const pkc_rsa_key *key, uint8_t **der, size_t *len);
PKC_API pkc_err pkc_rsa_public_to_pkcs1(const pkc_rsa_key *key, uint8_t **der, size_t *len);
PKC_API pkc_err pkc_rsa_private_to_pkcs8(const pkc_rsa_key *key, uint8_t **der, size_t *len);
PKC_API pkc_err pkc_rsa_public_to_spki(const pkc_rsa_key *key, uint8_t **der, size_t *len);

/* Parsers: strict DER, no trailing bytes; PKC_ERR_DECODE for a malformed
 * encoding or an RSA key in another of these containers, PKC_ERR_KEY for
 * well-formed but invalid key values and for a key of another type (EC,
 * Ed25519, an unknown OID, ...) or of the other kind (a public key where a
 * private one is asked, and the reverse), PKC_ERR_UNSUPPORTED for a
 * multi-prime key, an RSASSA-PSS- or OAEP-restricted key (OID
 * 1.2.840.113549.1.1.10, .7) and encrypted keys (include/pkc/key.h). */
PKC_API pkc_err pkc_rsa_private_from_pkcs1(pkc_rsa_key **out, const uint8_t *der, size_t len);
PKC_API pkc_err pkc_rsa_public_from_pkcs1(pkc_rsa_key **out, const uint8_t *der, size_t len);
PKC_API pkc_err pkc_rsa_private_from_pkcs8(pkc_rsa_key **out, const uint8_t *der, size_t len);
PKC_API pkc_err pkc_rsa_public_from_spki(pkc_rsa_key **out, const uint8_t *der, size_t len);
/* OIDs (dotted) of the AlgorithmIdentifier in PKCS#8 and SPKI. */
#define PKC_OID_RSA_ENCRYPTION "1.2.840.113549.1.1.1"
#define PKC_OID_RSASSA_PSS "1.2.840.113549.1.1.10"

#ifdef __cplusplus
}
#endif
#endif
