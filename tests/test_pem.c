/* pkc tests — Base64 (RFC 4648) and PEM (RFC 7468) in src/encoding/pem.c: the RFC
 * 4648 section 10 vectors, round trips, strictness (bad characters, bad or
 * non-canonical padding), PEM framing (labels, CRLF, text around the
 * block, wrong END label, empty body, every truncation) and a mutation fuzz
 * loop. Inputs are copied into exact-size buffers without a NUL so ASan
 * catches any read past the given length. */
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"
#include "testutil.h"

static char *exact(const char *s, size_t n)
{
    char *b = malloc(n ? n : 1);
    if (!b)
        exit(1);
    memcpy(b, s, n);
    return b;
}

static pkc_err b64dec(const char *s, uint8_t **out, size_t *outlen)
{
    size_t n = strlen(s);
    char *b = exact(s, n);
    pkc_err e = pkc_base64_decode(b, n, out, outlen);
    free(b);
    return e;
}

static pkc_err pemdec(const char *s, char *label, size_t cap, uint8_t **der, size_t *derlen)
{
    size_t n = strlen(s);
    char *b = exact(s, n);
    pkc_err e = pkc_pem_decode(b, n, label, cap, der, derlen);
    free(b);
    return e;
}

static void test_base64_vectors(void)
{
    /* RFC 4648 section 10 */
    static const char *v[][2] = {
        {"", ""},         {"f", "Zg=="},        {"fo", "Zm8="},       {"foo", "Zm9v"},
        {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="}, {"foobar", "Zm9vYmFy"},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        char *enc;
        size_t el;
        size_t n = strlen(v[i][0]);
        CHECK(pkc_base64_encode((const uint8_t *)v[i][0], n, &enc, &el) == PKC_OK);
        CHECK_MSG(el == strlen(v[i][1]) && strcmp(enc, v[i][1]) == 0, "encode \"%s\" gave %s",
                  v[i][0], enc);
        free(enc);
        uint8_t *dec;
        size_t dl;
        CHECK(b64dec(v[i][1], &dec, &dl) == PKC_OK);
        CHECK_MSG(dl == n && memcmp(dec, v[i][0], n) == 0, "decode %s", v[i][1]);
        free(dec);
    }
    /* all 256 byte values, and the two non-letter symbols */
    uint8_t all[256];
    for (int i = 0; i < 256; i++)
        all[i] = (uint8_t)i;
    char *enc;
    size_t el;
    CHECK(pkc_base64_encode(all, 256, &enc, &el) == PKC_OK && el == 344);
    CHECK(strstr(enc, "+") != NULL && strstr(enc, "/") != NULL);
    uint8_t *dec;
    size_t dl;
    CHECK(b64dec(enc, &dec, &dl) == PKC_OK && dl == 256 && memcmp(dec, all, 256) == 0);
    free(dec);
    free(enc);
    /* white space anywhere is ignored */
    CHECK(b64dec(" Zm9v\r\nYm\tFy\n", &dec, &dl) == PKC_OK && dl == 6 &&
          memcmp(dec, "foobar", 6) == 0);
    free(dec);
    CHECK(b64dec("Zm9vYg=\n=", &dec, &dl) == PKC_OK && dl == 4);
    free(dec);
}

static void test_base64_bad(void)
{
    static const char *bad[] = {
        "Zg",       /* padding missing */
        "Zg=",      /* padding short */
        "Zm9",      /* padding missing */
        "Z",        /* truncated */
        "Zh==",     /* non-canonical: low 4 bits set */
        "Zm9=",     /* non-canonical: low 2 bits set */
        "Z===",     /* too much padding */
        "====",     /* only padding */
        "=Zg=",     /* padding first */
        "Zg==Zg==", /* data after padding */
        "Zg==\n=",  /* extra padding */
        "Zm=v",     /* padding inside */
        "Zm9v!",    /* bad character */
        "Zm-v",     /* URL-safe alphabet */
        "Zm_v",     /* URL-safe alphabet */
        "Zm9v\xc3\xa9",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint8_t *dec = (uint8_t *)1;
        size_t dl = 99;
        CHECK_MSG(b64dec(bad[i], &dec, &dl) == PKC_ERR_DECODE, "accepted \"%s\"", bad[i]);
        CHECK(dec == NULL && dl == 0);
    }
    /* a NUL inside the given length is a bad character, not an end */
    uint8_t *dec;
    size_t dl;
    CHECK(pkc_base64_decode("Zm9v\0YmFy", 9, &dec, &dl) == PKC_ERR_DECODE);
    CHECK(pkc_base64_decode(NULL, 0, &dec, &dl) == PKC_OK && dl == 0);
    free(dec);
    CHECK(pkc_base64_decode(NULL, 3, &dec, &dl) == PKC_ERR_ARG);
    CHECK(pkc_base64_decode("Zg==", 4, NULL, &dl) == PKC_ERR_ARG);
    char *enc;
    size_t el;
    CHECK(pkc_base64_encode(NULL, 1, &enc, &el) == PKC_ERR_ARG);
}

static void test_base64_random(void)
{
    int bad = 0;
    for (size_t n = 0; n < 300; n++) {
        uint8_t data[300];
        tu_rand_bytes(data, n);
        char *enc;
        size_t el;
        if (pkc_base64_encode(data, n, &enc, &el) != PKC_OK || el != (n + 2) / 3 * 4 ||
            strlen(enc) != el) {
            bad++;
            continue;
        }
        uint8_t *dec;
        size_t dl;
        if (b64dec(enc, &dec, &dl) != PKC_OK || dl != n || memcmp(dec, data, n) != 0)
            bad++;
        else
            free(dec);
        free(enc);
    }
    CHECK_MSG(bad == 0, "%d base64 round trips failed", bad);
}

static const char sample_pem[] = "-----BEGIN TEST-----\nZm9vYmFy\n-----END TEST-----\n";

static void test_pem_encode(void)
{
    char *pem;
    size_t pl;
    CHECK(pkc_pem_encode("TEST", (const uint8_t *)"foobar", 6, &pem, &pl) == PKC_OK);
    CHECK_MSG(pl == strlen(sample_pem) && strcmp(pem, sample_pem) == 0, "PEM:\n%s", pem);
    free(pem);

    /* 64-column lines at every length around the line boundary */
    static const size_t lens[] = {1, 47, 48, 49, 95, 96, 97, 1000, 4099};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t n = lens[i];
        uint8_t *data = malloc(n);
        tu_rand_bytes(data, n);
        CHECK(pkc_pem_encode("EC PRIVATE KEY", data, n, &pem, &pl) == PKC_OK);
        CHECK(strncmp(pem, "-----BEGIN EC PRIVATE KEY-----\n", 31) == 0);
        CHECK(pl > 30 && strcmp(pem + pl - 29, "-----END EC PRIVATE KEY-----\n") == 0);
        /* body lines: all 64 chars except the last, which is 1..64 */
        const char *p = pem + 31, *end = pem + pl - 29;
        size_t lines = 0, chars = 0;
        int shape_ok = 1;
        while (p < end) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            if (!nl) {
                shape_ok = 0;
                break;
            }
            size_t ll = (size_t)(nl - p);
            if (ll == 0 || ll > 64 || (nl + 1 < end && ll != 64))
                shape_ok = 0;
            chars += ll;
            lines++;
            p = nl + 1;
        }
        CHECK_MSG(shape_ok && chars == (n + 2) / 3 * 4 && lines == (chars + 63) / 64,
                  "PEM line shape wrong for %zu bytes", n);
        char label[32];
        uint8_t *der;
        size_t dl;
        CHECK(pemdec(pem, label, sizeof label, &der, &dl) == PKC_OK && dl == n &&
              memcmp(der, data, n) == 0 && strcmp(label, "EC PRIVATE KEY") == 0);
        pkc_secure_free(der, dl);
        free(pem);
        free(data);
    }

    /* bad labels and empty data */
    static const char *badlabels[] = {"-X", "X-", " X", "X ", "A--B", "TAB\tX", "caf\xc3\xa9"};
    for (size_t i = 0; i < sizeof badlabels / sizeof badlabels[0]; i++)
        CHECK_MSG(pkc_pem_encode(badlabels[i], (const uint8_t *)"a", 1, &pem, &pl) == PKC_ERR_ARG,
                  "label \"%s\" accepted", badlabels[i]);
    CHECK(pkc_pem_encode("X", (const uint8_t *)"a", 0, &pem, &pl) == PKC_ERR_ARG);
    CHECK(pkc_pem_encode(NULL, (const uint8_t *)"a", 1, &pem, &pl) == PKC_ERR_ARG);
}

static void test_pem_decode(void)
{
    char label[64];
    uint8_t *der;
    size_t dl;
    static const struct {
        const char *text;
        const char *label;
    } good[] = {
        {"-----BEGIN TEST-----\nZm9vYmFy\n-----END TEST-----\n", "TEST"},
        {"-----BEGIN TEST-----\r\nZm9v\r\nYmFy\r\n-----END TEST-----\r\n", "TEST"},
        {"-----BEGIN TEST-----\nZm9vYmFy\n-----END TEST-----", "TEST"},
        {"Some text before\nBag Attributes: x\n-----BEGIN TEST-----\nZm9vYmFy\n"
         "-----END TEST-----\ntext after\n",
         "TEST"},
        {"\n\n  \n-----BEGIN PUBLIC KEY-----  \nZm9v\n\nYmFy\n-----END PUBLIC KEY-----\t\n",
         "PUBLIC KEY"},
        {"-----BEGIN RSA PRIVATE KEY-----\nZm9vYmFy\n-----END RSA PRIVATE KEY-----\n"
         "-----BEGIN OTHER-----\nAAAA\n-----END OTHER-----\n",
         "RSA PRIVATE KEY"},
        {"-----BEGIN TEST-----\rZm9vYmFy\r-----END TEST-----\r", "TEST"},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        CHECK_MSG(pkc_pem_detect((const uint8_t *)good[i].text, strlen(good[i].text)) == 1,
                  "good PEM %zu not detected", i);
        pkc_err e = pemdec(good[i].text, label, sizeof label, &der, &dl);
        CHECK_MSG(e == PKC_OK && dl == 6 && memcmp(der, "foobar", 6) == 0 &&
                      strcmp(label, good[i].label) == 0,
                  "good PEM %zu rejected (%d)", i, e);
        if (e == PKC_OK)
            free(der);
    }
    /* label may be NULL when the caller does not care */
    CHECK(pemdec(sample_pem, NULL, 0, &der, &dl) == PKC_OK && dl == 6);
    free(der);
    /* a too-small label buffer: exactly the label plus NUL is enough */
    CHECK(pemdec(sample_pem, label, 5, &der, &dl) == PKC_OK);
    free(der);
    der = (uint8_t *)1;
    CHECK(pemdec(sample_pem, label, 4, &der, &dl) == PKC_ERR_BUFSIZE && der == NULL);

    static const char *bad[] = {
        "",
        "no pem here\n",
        "-----BEGIN TEST-----\nZm9vYmFy\n-----END OTHER-----\n",   /* wrong END label */
        "-----BEGIN TEST-----\nZm9vYmFy\n-----END TESTX-----\n",   /* END label longer */
        "-----BEGIN TEST-----\nZm9vYmFy\n-----END TES-----\n",     /* END label shorter */
        "-----BEGIN TEST-----\nZm9vYmFy\n",                        /* no END */
        "-----BEGIN TEST-----\nZm9vYmFy\n-----END TEST----\n",     /* 4 dashes */
        "-----BEGIN TEST-----\nZm9vYmFy\n-----END TEST-----x\n",   /* junk after END */
        "-----BEGIN TEST-----\nZm9v*mFy\n-----END TEST-----\n",    /* bad character */
        "-----BEGIN TEST-----\nZm9vYmF\n-----END TEST-----\n",     /* bad padding */
        "-----BEGIN TEST-----\nZm9vYh==\n-----END TEST-----\n",    /* non-canonical */
        "-----BEGIN TEST-----\nZg==Zg==\n-----END TEST-----\n",    /* data after pad */
        "-----BEGIN TEST-----\n-----END TEST-----\n",              /* empty body */
        "-----BEGIN TEST-----\n\n  \n-----END TEST-----\n",        /* blank body */
        "-----BEGIN TEST-----Zm9vYmFy\n-----END TEST-----\n",      /* no line end */
        "-----BEGIN TEST----\nZm9vYmFy\n-----END TEST----\n",      /* 4 dashes */
        "-----BEGIN TEST\nZm9vYmFy\n-----END TEST\n",              /* no dashes */
        "-----BEGIN -TEST-----\nZm9vYmFy\n-----END -TEST-----\n",  /* bad label */
        "-----BEGIN TEST------\nZm9vYmFy\n-----END TEST------\n",  /* label ends '-' */
        "x-----BEGIN TEST-----\nZm9vYmFy\n-----END TEST-----\n",   /* not at line start */
        "-----BEGIN TEST-----\nProc-Type: 4,ENCRYPTED\n\nZm9vYmFy\n-----END TEST-----\n",
        "-----BEGIN TEST-----\nZm9vYmFy x-----END TEST-----\n",    /* END not at line start */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        der = (uint8_t *)1;
        dl = 99;
        pkc_err e = pemdec(bad[i], label, sizeof label, &der, &dl);
        CHECK_MSG(e == PKC_ERR_DECODE && der == NULL && dl == 0, "bad PEM %zu accepted (%d): %s",
                  i, e, bad[i]);
    }
    CHECK(pkc_pem_decode(NULL, 0, label, sizeof label, &der, &dl) == PKC_ERR_ARG);
    CHECK(pkc_pem_decode(sample_pem, strlen(sample_pem), label, 0, &der, &dl) == PKC_ERR_ARG);
    CHECK(pkc_pem_decode(sample_pem, strlen(sample_pem), label, 9, NULL, &dl) == PKC_ERR_ARG);

    /* every truncation of a valid block fails, except dropping only the
     * final newline */
    {
        uint8_t data[100];
        tu_rand_bytes(data, sizeof data);
        char *pem;
        size_t pl;
        CHECK(pkc_pem_encode("PRIVATE KEY", data, sizeof data, &pem, &pl) == PKC_OK);
        int accepted = 0;
        for (size_t cut = 0; cut + 1 < pl; cut++) {
            char *b = exact(pem, cut);
            if (pkc_pem_decode(b, cut, label, sizeof label, &der, &dl) == PKC_OK) {
                accepted++;
                free(der);
            }
            free(b);
        }
        CHECK_MSG(accepted == 0, "%d truncated PEM texts accepted", accepted);
        char *b = exact(pem, pl - 1);
        CHECK(pkc_pem_decode(b, pl - 1, label, sizeof label, &der, &dl) == PKC_OK &&
              dl == sizeof data && memcmp(der, data, dl) == 0);
        free(der);
        free(b);
        free(pem);
    }
}

static void test_pem_detect(void)
{
    CHECK(pkc_pem_detect((const uint8_t *)sample_pem, strlen(sample_pem)) == 1);
    /* one rule: a line that starts with "-----BEGIN " (text before it is
     * explanatory text, RFC 7468 section 5.2) */
    CHECK(pkc_pem_detect((const uint8_t *)" \r\n-----BEGIN X-----", 19) == 1);
    CHECK(pkc_pem_detect((const uint8_t *)"Bag Attributes\r-----BEGIN X-----", 31) == 1);
    CHECK(pkc_pem_detect((const uint8_t *)" \r\n\t-----BEGIN X-----", 20) == 0);
    CHECK(pkc_pem_detect((const uint8_t *)"-----BEGIN ", 11) == 1);
    CHECK(pkc_pem_detect((const uint8_t *)"-----BEGIN ", 10) == 0);
    CHECK(pkc_pem_detect((const uint8_t *)"-----BEGINX", 11) == 0);
    CHECK(pkc_pem_detect((const uint8_t *)"x-----BEGIN X", 13) == 0);
    static const uint8_t der[] = {0x30, 0x03, 0x02, 0x01, 0x00};
    CHECK(pkc_pem_detect(der, sizeof der) == 0);
    CHECK(pkc_pem_detect((const uint8_t *)"   ", 3) == 0);
    CHECK(pkc_pem_detect(NULL, 0) == 0);
}

static void test_fuzz(void)
{
    int iters = tu_iters(5000), accepted = 0;
    static const char alphabet[] = "-=\r\n AZaz09+/BEGINEND";
    for (int it = 0; it < iters; it++) {
        uint8_t data[80];
        size_t n = 1 + tu_rand64() % sizeof data;
        tu_rand_bytes(data, n);
        char *pem;
        size_t pl;
        if (pkc_pem_encode("X", data, n, &pem, &pl) != PKC_OK) {
            CHECK(0);
            return;
        }
        char *buf = malloc(pl + 8);
        memcpy(buf, pem, pl);
        size_t len = pl;
        int nm = 1 + (int)(tu_rand64() % 3);
        for (int k = 0; k < nm && len > 0; k++) {
            size_t pos = tu_rand64() % len;
            switch (tu_rand64() % 5) {
            case 0: buf[pos] = (char)tu_rand64(); break;
            case 1: buf[pos] = alphabet[tu_rand64() % (sizeof alphabet - 1)]; break;
            case 2:
                memmove(buf + pos + 1, buf + pos, len - pos);
                buf[pos] = alphabet[tu_rand64() % (sizeof alphabet - 1)];
                len++;
                break;
            case 3:
                memmove(buf + pos, buf + pos + 1, len - pos - 1);
                len--;
                break;
            default: len = pos; break;
            }
        }
        char *b = exact(buf, len);
        char label[8];
        uint8_t *der;
        size_t dl;
        if (pkc_pem_decode(b, len, label, sizeof label, &der, &dl) == PKC_OK) {
            accepted++;
            free(der);
            /* one rule: what decodes is what is detected as PEM */
            CHECK(pkc_pem_detect((const uint8_t *)b, len) == 1);
        }
        uint8_t *raw;
        size_t rl;
        if (pkc_base64_decode(b, len, &raw, &rl) == PKC_OK)
            free(raw);
        (void)pkc_pem_detect((const uint8_t *)b, len);
        free(b);
        free(buf);
        free(pem);
    }
    CHECK(accepted < iters);
    printf("fuzz: %d iterations, %d still decoded\n", iters, accepted);
}

int main(void)
{
    tu_seed();
    test_base64_vectors();
    test_base64_bad();
    test_base64_random();
    test_pem_encode();
    test_pem_decode();
    test_pem_detect();
    test_fuzz();
    return tu_finish("test_pem");
}
