/* pkc fuzzing — PEM armour (RFC 7468, src/encoding/pem.c).
 *
 * Decodes arbitrary text (not NUL-terminated: the copy is exactly len
 * bytes, so ASan catches a read past the end) with a label buffer whose
 * size the first input byte picks, so the too-small-label path runs too.
 * A block that decodes re-encodes and decodes to the same label and bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "pkc/der.h"

int pkc_fuzz_pem(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    /* labelcap: 1..16 for a quarter of the inputs, else room for any label */
    size_t labelcap = (data[0] & 3) == 0 ? (size_t)(data[0] >> 4) + 1 : 200;
    const uint8_t *body = data + 1;
    size_t n = len - 1;
    char *text = (char *)pkc_fuzz_dup(body, n);
    char *label = malloc(labelcap);
    FUZZ_CHECK(label != NULL);
    uint8_t *der = NULL;
    size_t derlen = 0;

    (void)pkc_pem_detect(body, n);
    pkc_err e = pkc_pem_decode(text, n, label, labelcap, &der, &derlen);
    if (e == PKC_OK) {
        /* one rule for "is this PEM?": whatever decodes is detected */
        FUZZ_CHECK(pkc_pem_detect(body, n) == 1);
        size_t ll = strnlen(label, labelcap);
        FUZZ_CHECK(ll < labelcap);
        FUZZ_CHECK(der != NULL && derlen > 0 && derlen <= n);
        char *pem = NULL;
        size_t pemlen = 0;
        FUZZ_CHECK(pkc_pem_encode(label, der, derlen, &pem, &pemlen) == PKC_OK);
        FUZZ_CHECK(pemlen == strlen(pem));
        FUZZ_CHECK(pkc_pem_detect((const uint8_t *)pem, pemlen) == 1);
        char label2[200];
        uint8_t *der2 = NULL;
        size_t der2len = 0;
        FUZZ_CHECK(pkc_pem_decode(pem, pemlen, label2, sizeof label2, &der2, &der2len) == PKC_OK);
        FUZZ_CHECK(strcmp(label, label2) == 0);
        FUZZ_CHECK(der2len == derlen && memcmp(der, der2, derlen) == 0);
        pkc_secure_free(der2, der2len);
        pkc_secure_free(pem, pemlen + 1);
    } else {
        FUZZ_CHECK(e == PKC_ERR_DECODE || e == PKC_ERR_BUFSIZE);
        FUZZ_CHECK(der == NULL && derlen == 0);
    }
    pkc_secure_free(der, derlen);

    /* Without a label buffer. */
    e = pkc_pem_decode(text, n, NULL, 0, &der, &derlen);
    FUZZ_CHECK(e == PKC_OK || e == PKC_ERR_DECODE);
    pkc_secure_free(der, derlen);

    free(label);
    free(text);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_pem)
