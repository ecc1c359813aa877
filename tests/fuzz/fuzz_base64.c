/* pkc fuzzing — strict Base64 (RFC 4648, src/encoding/pem.c).
 *
 * Decodes arbitrary text. What the strict decoder accepts is canonical
 * (padding required, zero pad bits), so encoding the result gives back the
 * input with its white space removed, and decoding that gives the same
 * bytes. The input is also encoded and decoded as binary: a round trip of
 * any byte string.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "pkc/der.h"

int pkc_fuzz_base64(const uint8_t *data, size_t len)
{
    char *text = (char *)pkc_fuzz_dup(data, len);
    uint8_t *out = NULL;
    size_t outlen = 0;
    pkc_err e = pkc_base64_decode(text, len, &out, &outlen);
    if (e == PKC_OK) {
        FUZZ_CHECK(out != NULL && outlen <= len / 4 * 3);
        char *enc = NULL;
        size_t enclen = 0;
        FUZZ_CHECK(pkc_base64_encode(out, outlen, &enc, &enclen) == PKC_OK);
        FUZZ_CHECK(enclen == strlen(enc));
        /* the input without white space */
        char *squeezed = malloc(len + 1);
        size_t n = 0;
        FUZZ_CHECK(squeezed != NULL);
        for (size_t i = 0; i < len; i++)
            if (!(text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
                squeezed[n++] = text[i];
        FUZZ_CHECK(n == enclen && memcmp(squeezed, enc, n) == 0);
        free(squeezed);
        pkc_secure_free(enc, enclen + 1);
    } else {
        FUZZ_CHECK(e == PKC_ERR_DECODE);
        FUZZ_CHECK(out == NULL && outlen == 0);
    }
    pkc_secure_free(out, outlen);

    /* binary round trip */
    char *enc = NULL;
    size_t enclen = 0;
    FUZZ_CHECK(pkc_base64_encode(data, len, &enc, &enclen) == PKC_OK);
    FUZZ_CHECK(enclen == (len + 2) / 3 * 4);
    uint8_t *back = NULL;
    size_t backlen = 0;
    FUZZ_CHECK(pkc_base64_decode(enc, enclen, &back, &backlen) == PKC_OK);
    FUZZ_CHECK(backlen == len && (len == 0 || memcmp(back, data, len) == 0));
    pkc_secure_free(back, backlen);
    pkc_secure_free(enc, enclen + 1);
    free(text);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_base64)
