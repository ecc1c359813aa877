/* pkc tests — DER reader/writer (src/encoding/der_read.c, der_oid.c,
 * der_write.c): known encodings from X.690,
 * round trips, every malformed case we know of, and a mutation fuzz loop
 * whose accepted inputs must re-encode byte for byte (DER is canonical). */
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"
#include "testutil.h"

/* Finishes a writer and compares with the expected hex. */
static void check_writer_hex(pkc_der_writer *w, const char *hex, const char *what)
{
    size_t elen;
    uint8_t *exp = tu_unhex(hex, &elen);
    uint8_t *out = NULL;
    size_t outlen = 0;
    pkc_err e = pkc_der_writer_finish(w, &out, &outlen);
    CHECK_MSG(e == PKC_OK, "%s: finish %d", what, e);
    CHECK_MSG(exp && outlen == elen, "%s: length %zu, expected %zu", what, outlen, elen);
    if (exp && out && outlen == elen)
        CHECK_EQ_BYTES(out, exp, elen);
    pkc_secure_free(out, outlen);
    free(exp);
}

/* Decodes hex into a malloc'd buffer of exactly that size, so ASan sees
 * any read past the end. */
static uint8_t *hexbuf(const char *hex, size_t *len)
{
    uint8_t *t = tu_unhex(hex, len);
    CHECK_MSG(t != NULL, "bad hex in test: %s", hex);
    if (!t)
        exit(1);
    uint8_t *b = malloc(*len ? *len : 1);
    if (!b)
        exit(1);
    memcpy(b, t, *len);
    free(t);
    return b;
}

static void test_lengths(void)
{
    /* X.690 8.1.3: short form below 128, then the fewest length octets. */
    static const struct {
        size_t len;
        const char *hdr;
    } cases[] = {
        {0, "0400"},       {1, "0401"},       {127, "047f"},       {128, "048180"},
        {255, "0481ff"},   {256, "04820100"}, {65535, "0482ffff"}, {65536, "0483010000"},
        {70000, "0483011170"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = cases[i].len, hl;
        uint8_t *hdr = hexbuf(cases[i].hdr, &hl);
        uint8_t *data = malloc(n ? n : 1);
        tu_rand_bytes(data, n);

        /* as a primitive element */
        pkc_der_writer w;
        pkc_der_writer_init(&w);
        pkc_der_put_octet_string(&w, data, n);
        uint8_t *out = NULL;
        size_t outlen = 0;
        CHECK(pkc_der_writer_finish(&w, &out, &outlen) == PKC_OK);
        CHECK_MSG(outlen == hl + n, "len %zu: encoded %zu bytes", n, outlen);
        if (out && outlen == hl + n) {
            CHECK_EQ_BYTES(out, hdr, hl);
            CHECK_EQ_BYTES(out + hl, data, n);
            pkc_der in;
            const uint8_t *d;
            size_t dl;
            pkc_der_init(&in, out, outlen);
            CHECK(pkc_der_get_octet_string(&in, &d, &dl) == PKC_OK);
            CHECK(dl == n && d == out + hl);
            CHECK(pkc_der_end(&in) == PKC_OK);
        }
        pkc_secure_free(out, outlen);

        /* as the contents of a constructed element: _close must widen the
         * one-byte placeholder and move the contents */
        pkc_der_writer_init(&w);
        size_t m = pkc_der_open(&w, PKC_DER_SEQUENCE);
        pkc_der_put_raw(&w, data, n);
        pkc_der_close(&w, m);
        CHECK(pkc_der_writer_finish(&w, &out, &outlen) == PKC_OK);
        CHECK(outlen == hl + n);
        if (out && outlen == hl + n) {
            CHECK(out[0] == PKC_DER_SEQUENCE);
            CHECK_EQ_BYTES(out + 1, hdr + 1, hl - 1);
            CHECK_EQ_BYTES(out + hl, data, n);
            pkc_der in, c;
            pkc_der_init(&in, out, outlen);
            CHECK(pkc_der_get(&in, PKC_DER_SEQUENCE, &c) == PKC_OK);
            CHECK(c.len == n && c.p == out + hl);
        }
        pkc_secure_free(out, outlen);
        free(data);
        free(hdr);
    }
}

static void test_integers(void)
{
    static const struct {
        uint64_t v;
        const char *hex;
    } cases[] = {
        {0, "020100"},
        {1, "020101"},
        {127, "02017f"},
        {128, "02020080"},
        {255, "020200ff"},
        {256, "02020100"},
        {32767, "02027fff"},
        {32768, "0203008000"},
        {0x7fffffffffffffffULL, "02087fffffffffffffff"},
        {UINT64_MAX, "020900ffffffffffffffff"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pkc_der_writer w;
        pkc_der_writer_init(&w);
        pkc_der_put_u64(&w, cases[i].v);
        check_writer_hex(&w, cases[i].hex, "put_u64");

        size_t n;
        uint8_t *b = hexbuf(cases[i].hex, &n);
        pkc_der in;
        uint64_t v = 12345;
        pkc_der_init(&in, b, n);
        CHECK_MSG(pkc_der_get_u64(&in, &v) == PKC_OK && v == cases[i].v, "get_u64 %s",
                  cases[i].hex);
        CHECK(pkc_der_end(&in) == PKC_OK);

        const uint8_t *mag;
        size_t ml;
        pkc_der_init(&in, b, n);
        CHECK(pkc_der_get_uint(&in, &mag, &ml) == PKC_OK);
        /* magnitude without the leading 0x00; zero has length 0 */
        size_t expect_ml = 0;
        for (uint64_t t = cases[i].v; t; t >>= 8)
            expect_ml++;
        CHECK_MSG(ml == expect_ml, "maglen %zu for %s", ml, cases[i].hex);
        if (ml)
            CHECK(mag[0] != 0);
        free(b);
    }

    /* put_uint drops leading zeros and adds 0x00 before a high bit */
    static const uint8_t mag1[] = {0, 0, 0, 0x80, 1};
    static const uint8_t mag2[] = {0, 0};
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    pkc_der_put_uint(&w, mag1, sizeof mag1);
    pkc_der_put_uint(&w, mag2, sizeof mag2);
    pkc_der_put_uint(&w, NULL, 0);
    check_writer_hex(&w, "0203008001 020100 020100", "put_uint");

    /* a big magnitude round trip */
    uint8_t big[300];
    tu_rand_bytes(big, sizeof big);
    big[0] |= 0x80;
    pkc_der_writer_init(&w);
    pkc_der_put_uint(&w, big, sizeof big);
    uint8_t *out;
    size_t outlen;
    CHECK(pkc_der_writer_finish(&w, &out, &outlen) == PKC_OK);
    CHECK(outlen == 4 + 1 + sizeof big);
    pkc_der in;
    const uint8_t *mag;
    size_t ml;
    pkc_der_init(&in, out, outlen);
    CHECK(pkc_der_get_uint(&in, &mag, &ml) == PKC_OK && ml == sizeof big);
    if (ml == sizeof big)
        CHECK_EQ_BYTES(mag, big, ml);
    pkc_secure_free(out, outlen);

    /* rejected: negative, non-minimal, empty, too big for u64 */
    static const char *bad_uint[] = {
        "020180",   "0201ff", "02028000", "0202ff7f", "0202007f", "02020000",
        "0200",     "0203000001",
    };
    for (size_t i = 0; i < sizeof bad_uint / sizeof bad_uint[0]; i++) {
        size_t n;
        uint8_t *b = hexbuf(bad_uint[i], &n);
        pkc_der_init(&in, b, n);
        CHECK_MSG(pkc_der_get_uint(&in, &mag, &ml) == PKC_ERR_DECODE, "get_uint accepted %s",
                  bad_uint[i]);
        CHECK_MSG(in.p == b && in.len == n, "input view moved on error (%s)", bad_uint[i]);
        uint64_t v;
        CHECK(pkc_der_get_u64(&in, &v) == PKC_ERR_DECODE);
        free(b);
    }
    size_t n;
    uint8_t *b = hexbuf("0209010000000000000000", &n);
    uint64_t v;
    pkc_der_init(&in, b, n);
    CHECK(pkc_der_get_u64(&in, &v) == PKC_ERR_DECODE); /* 2^64 */
    CHECK(in.p == b);
    CHECK(pkc_der_get_uint(&in, &mag, &ml) == PKC_OK && ml == 9); /* fine as a big uint */
    free(b);
}

static void test_oids(void)
{
    static const struct {
        const char *dotted;
        const char *hex; /* full TLV */
    } cases[] = {
        {"1.2.840.113549.1.1.1", "06092a864886f70d010101"},
        {"1.2.840.10045.3.1.7", "06082a8648ce3d030107"},
        {"1.2.840.10045.2.1", "06072a8648ce3d0201"},
        {"1.3.132.0.10", "06052b8104000a"},
        {"1.3.132.0.34", "06052b81040022"},
        {"2.16.840.1.101.3.4.2.1", "0609608648016503040201"},
        {"2.999.3", "0603883703"}, /* X.690 8.19.5 example */
        {"0.0", "060100"},
        {"0.39", "060127"},
        {"1.39", "06014f"},
        {"2.0", "060150"},
        {"1.2.18446744073709551615", "060b2a81ffffffffffffffff7f"},
        {"2.18446744073709551535", "060a81ffffffffffffffff7f"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pkc_der_writer w;
        pkc_der_writer_init(&w);
        pkc_der_put_oid(&w, cases[i].dotted);
        check_writer_hex(&w, cases[i].hex, cases[i].dotted);

        size_t n;
        uint8_t *b = hexbuf(cases[i].hex, &n);
        pkc_der in;
        const uint8_t *oid;
        size_t oidlen;
        pkc_der_init(&in, b, n);
        CHECK_MSG(pkc_der_get_oid(&in, &oid, &oidlen) == PKC_OK, "get_oid %s", cases[i].dotted);
        CHECK(pkc_der_end(&in) == PKC_OK);
        CHECK(oid == b + 2 && oidlen == n - 2);
        char s[128];
        CHECK(pkc_der_oid_to_string(oid, oidlen, s, sizeof s) == PKC_OK);
        CHECK_MSG(strcmp(s, cases[i].dotted) == 0, "to_string %s gave %s", cases[i].dotted, s);
        CHECK(pkc_der_oid_equals(oid, oidlen, cases[i].dotted) == 1);
        /* exact-size buffer works, one less does not */
        size_t sl = strlen(cases[i].dotted);
        CHECK(pkc_der_oid_to_string(oid, oidlen, s, sl + 1) == PKC_OK);
        CHECK(pkc_der_oid_to_string(oid, oidlen, s, sl) == PKC_ERR_BUFSIZE);
        uint8_t enc[32];
        size_t el;
        CHECK(pkc_der_oid_from_string(cases[i].dotted, enc, oidlen, &el) == PKC_OK &&
              el == oidlen);
        CHECK(pkc_der_oid_from_string(cases[i].dotted, enc, oidlen - 1, &el) == PKC_ERR_BUFSIZE);
        free(b);
    }

    static const uint8_t rsa[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01};
    CHECK(pkc_der_oid_equals(rsa, sizeof rsa, "1.2.840.113549.1.1.1") == 1);
    CHECK(pkc_der_oid_equals(rsa, sizeof rsa, "1.2.840.113549.1.1.11") == 0);
    CHECK(pkc_der_oid_equals(rsa, sizeof rsa, "1.2.840.113549.1.1") == 0);
    CHECK(pkc_der_oid_equals(rsa, sizeof rsa - 1, "1.2.840.113549.1.1.1") == 0);
    CHECK(pkc_der_oid_equals(rsa, sizeof rsa, "garbage") == 0);
    CHECK(pkc_der_oid_equals(rsa, sizeof rsa, NULL) == 0);

    static const char *bad_dotted[] = {
        "",       "1",        "3.1",       "1.40",      "0.40",   "1..2",
        "1.2.",   ".1.2",     "1.2a",      "01.2",      "1.02",   "-1.2",
        "1.+2",   "1. 2",     "1.2.18446744073709551616", "2.18446744073709551536",
        "1.2.99999999999999999999999",
    };
    for (size_t i = 0; i < sizeof bad_dotted / sizeof bad_dotted[0]; i++) {
        uint8_t enc[64];
        size_t el;
        CHECK_MSG(pkc_der_oid_from_string(bad_dotted[i], enc, sizeof enc, &el) == PKC_ERR_ARG,
                  "from_string accepted \"%s\"", bad_dotted[i]);
        pkc_der_writer w;
        pkc_der_writer_init(&w);
        pkc_der_put_oid(&w, bad_dotted[i]);
        uint8_t *out = (uint8_t *)1;
        size_t ol = 7;
        CHECK(pkc_der_writer_finish(&w, &out, &ol) == PKC_ERR_ARG);
        CHECK(out == NULL && ol == 0);
    }

    /* malformed contents */
    static const char *bad_oid[] = {
        "0600",                       /* empty */
        "0602802a",                   /* leading 0x80 in a subidentifier */
        "06032a8001",                 /* 0x80 in a later subidentifier */
        "06022a86",                   /* unterminated */
        "060186",                     /* unterminated first */
        "060b2a82808080808080808000", /* 2^64 * 2: overflow */
        "060a2a828080808080808080",   /* unterminated and long */
    };
    for (size_t i = 0; i < sizeof bad_oid / sizeof bad_oid[0]; i++) {
        size_t n;
        uint8_t *b = hexbuf(bad_oid[i], &n);
        pkc_der in;
        const uint8_t *oid;
        size_t oidlen;
        pkc_der_init(&in, b, n);
        CHECK_MSG(pkc_der_get_oid(&in, &oid, &oidlen) == PKC_ERR_DECODE, "get_oid accepted %s",
                  bad_oid[i]);
        CHECK(in.p == b && in.len == n);
        char s[64];
        CHECK(pkc_der_oid_to_string(b + 2, n - 2, s, sizeof s) == PKC_ERR_DECODE);
        free(b);
    }

    /* Length limit (found by fuzz_der): an OID of PKC_DER_MAX_OID_LEN content
     * bytes is read, compares equal to its own dotted form and can be written
     * back; one byte more is rejected, so the reader never accepts what
     * oid_equals and the writer cannot handle. */
    for (size_t len = PKC_DER_MAX_OID_LEN; len <= PKC_DER_MAX_OID_LEN + 1; len++) {
        uint8_t b[4 + PKC_DER_MAX_OID_LEN + 1];
        b[0] = PKC_DER_OID;
        b[1] = 0x82;
        b[2] = (uint8_t)(len >> 8);
        b[3] = (uint8_t)len;
        b[4] = 0x2a;
        memset(b + 5, 0x01, len - 1);
        pkc_der in;
        const uint8_t *oid;
        size_t oidlen;
        pkc_der_init(&in, b, 4 + len);
        pkc_err e = pkc_der_get_oid(&in, &oid, &oidlen);
        if (len <= PKC_DER_MAX_OID_LEN) {
            static char dotted[4 * PKC_DER_MAX_OID_LEN];
            CHECK(e == PKC_OK);
            CHECK(pkc_der_oid_to_string(oid, oidlen, dotted, sizeof dotted) == PKC_OK);
            CHECK(pkc_der_oid_equals(oid, oidlen, dotted));
            pkc_der_writer w;
            uint8_t *out;
            size_t outlen;
            pkc_der_writer_init(&w);
            pkc_der_put_oid(&w, dotted);
            CHECK(pkc_der_writer_finish(&w, &out, &outlen) == PKC_OK && outlen == 4 + len &&
                  memcmp(out, b, outlen) == 0);
            if (outlen == 4 + len)
                pkc_secure_free(out, outlen);
        } else {
            CHECK(e == PKC_ERR_DECODE);
        }
    }
}

/* A nested structure with every element type we read:
 * SEQUENCE { INTEGER 5, SEQUENCE { OID, NULL }, BIT STRING, [0] { OCTET STRING },
 *            [1] { INTEGER big } } */
static pkc_err parse_sample(const uint8_t *buf, size_t len)
{
    pkc_der in, seq, alg, ctx0, ctx1;
    const uint8_t *p;
    size_t n;
    uint64_t v;
    pkc_err e;
    pkc_der_init(&in, buf, len);
    if ((e = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq)) || (e = pkc_der_end(&in)))
        return e;
    if ((e = pkc_der_get_u64(&seq, &v)) || v != 5)
        return e ? e : PKC_ERR_DECODE;
    if ((e = pkc_der_get(&seq, PKC_DER_SEQUENCE, &alg)))
        return e;
    if ((e = pkc_der_get_oid(&alg, &p, &n)))
        return e;
    if (!pkc_der_oid_equals(p, n, "1.2.840.10045.2.1"))
        return PKC_ERR_DECODE;
    if ((e = pkc_der_get_null(&alg)) || (e = pkc_der_end(&alg)))
        return e;
    if ((e = pkc_der_get_bit_string(&seq, &p, &n)))
        return e;
    if (!pkc_der_peek(&seq, PKC_DER_CONTEXT(0)))
        return PKC_ERR_DECODE;
    if ((e = pkc_der_get(&seq, PKC_DER_CONTEXT(0), &ctx0)))
        return e;
    if ((e = pkc_der_get_octet_string(&ctx0, &p, &n)) || (e = pkc_der_end(&ctx0)))
        return e;
    if ((e = pkc_der_get(&seq, PKC_DER_CONTEXT(1), &ctx1)))
        return e;
    if ((e = pkc_der_get_uint(&ctx1, &p, &n)) || (e = pkc_der_end(&ctx1)))
        return e;
    return pkc_der_end(&seq);
}

static pkc_err build_sample(uint8_t **out, size_t *outlen, size_t octets, size_t bits)
{
    uint8_t buf[512];
    tu_rand_bytes(buf, sizeof buf);
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    size_t m = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(&w, 5);
    size_t a = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_oid(&w, "1.2.840.10045.2.1");
    pkc_der_put_null(&w);
    pkc_der_close(&w, a);
    pkc_der_put_bit_string(&w, buf, bits);
    size_t c0 = pkc_der_open(&w, PKC_DER_CONTEXT(0));
    pkc_der_put_octet_string(&w, buf + 100, octets);
    pkc_der_close(&w, c0);
    size_t c1 = pkc_der_open(&w, PKC_DER_CONTEXT(1));
    pkc_der_put_uint(&w, buf, 33);
    pkc_der_close(&w, c1);
    pkc_der_close(&w, m);
    return pkc_der_writer_finish(&w, out, outlen);
}

static void test_truncation(void)
{
    static const size_t sizes[][2] = {{0, 0}, {3, 65}, {140, 200}, {300, 20}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        uint8_t *der;
        size_t len;
        CHECK(build_sample(&der, &len, sizes[s][0], sizes[s][1]) == PKC_OK);
        CHECK_MSG(parse_sample(der, len) == PKC_OK, "sample %zu does not parse", s);
        int bad = 0;
        for (size_t cut = 0; cut < len; cut++) {
            uint8_t *t = malloc(cut ? cut : 1); /* exact size: ASan sees over-reads */
            memcpy(t, der, cut);
            if (parse_sample(t, cut) != PKC_ERR_DECODE)
                bad++;
            free(t);
        }
        CHECK_MSG(bad == 0, "sample %zu: %d truncations accepted", s, bad);
        /* one trailing byte after the outer SEQUENCE */
        uint8_t *t = malloc(len + 1);
        memcpy(t, der, len);
        t[len] = 0;
        CHECK(parse_sample(t, len + 1) == PKC_ERR_DECODE);
        free(t);
        pkc_secure_free(der, len);
    }
}

static void test_malformed(void)
{
    static const struct {
        const char *hex;
        uint8_t tag;
        const char *why;
    } bad[] = {
        {"", 0x04, "empty input"},
        {"04", 0x04, "tag only"},
        {"0401", 0x04, "length past end"},
        {"0403aabb", 0x04, "length past end by one"},
        {"048105aabbccddee", 0x04, "long form for a short length"},
        {"04817f" /* + 127 bytes appended below */, 0x04, "long form for 127"},
        {"0482000180", 0x04, "length with a leading zero octet"},
        {"3080020100 0000", 0x30, "indefinite length"},
        {"04ff00", 0x04, "reserved length octet 0xff"},
        {"0489010000000000000000", 0x04, "9 length octets"},
        {"0488ffffffffffffffff", 0x04, "2^64-1 length"},
        {"1f8101 0100", 0x1f, "multi-byte tag"},
        {"3f01 00", 0x3f, "multi-byte constructed tag"},
        {"020100", 0x04, "wrong tag"},
        {"300100", 0x31, "SEQUENCE read as SET"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t n;
        uint8_t *b = hexbuf(bad[i].hex, &n);
        if (strcmp(bad[i].hex, "04817f") == 0) {
            b = realloc(b, n + 127);
            memset(b + n, 0x55, 127);
            n += 127;
        }
        pkc_der in, c;
        uint8_t tag;
        pkc_der_init(&in, b, n);
        CHECK_MSG(pkc_der_get(&in, bad[i].tag, &c) == PKC_ERR_DECODE, "accepted: %s", bad[i].why);
        CHECK_MSG(in.p == b && in.len == n, "view moved: %s", bad[i].why);
        if (strcmp(bad[i].why, "wrong tag") != 0 && strstr(bad[i].why, "SET") == NULL)
            CHECK_MSG(pkc_der_get_any(&in, &tag, &c) == PKC_ERR_DECODE, "get_any accepted: %s",
                      bad[i].why);
        free(b);
    }

    /* BIT STRING: unused bits must be 0, and the count octet must exist */
    static const char *bad_bits[] = {"03020100", "0303070080", "0300"};
    for (size_t i = 0; i < 3; i++) {
        size_t n;
        uint8_t *b = hexbuf(bad_bits[i], &n);
        pkc_der in;
        const uint8_t *bits;
        size_t bl;
        pkc_der_init(&in, b, n);
        CHECK_MSG(pkc_der_get_bit_string(&in, &bits, &bl) == PKC_ERR_DECODE, "bit string %s",
                  bad_bits[i]);
        CHECK(in.p == b);
        free(b);
    }
    {
        size_t n;
        uint8_t *b = hexbuf("030100 0303000102", &n);
        pkc_der in;
        const uint8_t *bits;
        size_t bl;
        pkc_der_init(&in, b, n);
        CHECK(pkc_der_get_bit_string(&in, &bits, &bl) == PKC_OK && bl == 0);
        CHECK(pkc_der_get_bit_string(&in, &bits, &bl) == PKC_OK && bl == 2 && bits[1] == 2);
        CHECK(pkc_der_end(&in) == PKC_OK);
        free(b);
    }

    /* NULL with contents; trailing bytes; peek at the end */
    {
        size_t n;
        uint8_t *b = hexbuf("050100 0500 00", &n);
        pkc_der in;
        pkc_der_init(&in, b, n);
        CHECK(pkc_der_get_null(&in) == PKC_ERR_DECODE);
        in.p += 3;
        in.len -= 3;
        CHECK(pkc_der_get_null(&in) == PKC_OK);
        CHECK(pkc_der_end(&in) == PKC_ERR_DECODE);
        CHECK(pkc_der_peek(&in, 0x00) == 1);
        in.p++;
        in.len--;
        CHECK(pkc_der_end(&in) == PKC_OK);
        CHECK(pkc_der_peek(&in, 0x00) == 0);
        free(b);
    }

    /* bad arguments */
    pkc_der in;
    pkc_der_init(&in, NULL, 5);
    CHECK(in.len == 0);
    CHECK(pkc_der_get(NULL, 0x04, NULL) == PKC_ERR_ARG);
    CHECK(pkc_der_get_uint(&in, NULL, NULL) == PKC_ERR_ARG);
    CHECK(pkc_der_end(NULL) == PKC_ERR_ARG);
    CHECK(pkc_der_peek(NULL, 0x30) == 0);
}

static void test_writer(void)
{
    /* a known structure: SEQUENCE { INTEGER 1, [0] { OID prime256v1 }, BIT STRING 04 } */
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    size_t m = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(&w, 1);
    size_t c = pkc_der_open(&w, PKC_DER_CONTEXT(0));
    pkc_der_put_oid(&w, "1.2.840.10045.3.1.7");
    pkc_der_close(&w, c);
    static const uint8_t pt[] = {4};
    pkc_der_put_bit_string(&w, pt, 1);
    pkc_der_put_octet_string(&w, NULL, 0);
    pkc_der_put_null(&w);
    pkc_der_close(&w, m);
    check_writer_hex(&w, "3017 020101 a00a 06082a8648ce3d030107 03020004 0400 0500", "structure");

    /* deep nesting with long contents at every level */
    pkc_der_writer_init(&w);
    size_t marks[12];
    uint8_t blob[200];
    tu_rand_bytes(blob, sizeof blob);
    for (int i = 0; i < 12; i++) {
        marks[i] = pkc_der_open(&w, PKC_DER_SEQUENCE);
        pkc_der_put_octet_string(&w, blob, sizeof blob);
    }
    for (int i = 11; i >= 0; i--)
        pkc_der_close(&w, marks[i]);
    uint8_t *out;
    size_t outlen;
    CHECK(pkc_der_writer_finish(&w, &out, &outlen) == PKC_OK);
    {
        pkc_der in;
        pkc_der_init(&in, out, outlen);
        int depth = 0;
        for (;;) {
            pkc_der seq;
            const uint8_t *d;
            size_t dl;
            if (pkc_der_get(&in, PKC_DER_SEQUENCE, &seq) != PKC_OK)
                break;
            if (pkc_der_end(&in) != PKC_OK)
                break;
            if (pkc_der_get_octet_string(&seq, &d, &dl) != PKC_OK || dl != sizeof blob ||
                memcmp(d, blob, dl) != 0)
                break;
            depth++;
            in = seq;
            if (in.len == 0)
                break;
        }
        CHECK_MSG(depth == 12, "nested depth %d", depth);
    }
    pkc_secure_free(out, outlen);

    /* empty writer gives an empty (but allocated) encoding */
    pkc_der_writer_init(&w);
    CHECK(pkc_der_writer_finish(&w, &out, &outlen) == PKC_OK && out != NULL && outlen == 0);
    free(out);

    /* sticky errors: the first error wins, later calls do nothing */
    pkc_der_writer_init(&w);
    pkc_der_put_u64(&w, 7);
    pkc_der_put_oid(&w, "9.9");
    pkc_der_put_u64(&w, 8);
    size_t mm = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_close(&w, mm);
    CHECK(w.err == PKC_ERR_ARG && w.len == 3);
    out = (uint8_t *)1;
    CHECK(pkc_der_writer_finish(&w, &out, &outlen) == PKC_ERR_ARG && out == NULL);

    /* bad marks, multi-byte tags, NULL data with a length */
    pkc_der_writer_init(&w);
    pkc_der_close(&w, 12345);
    CHECK(w.err == PKC_ERR_ARG);
    pkc_der_writer_free(&w);
    pkc_der_writer_init(&w);
    pkc_der_put_element(&w, 0x1f, blob, 3);
    CHECK(w.err == PKC_ERR_ARG);
    pkc_der_writer_free(&w);
    pkc_der_writer_init(&w);
    pkc_der_put_octet_string(&w, NULL, 3);
    CHECK(w.err == PKC_ERR_ARG);
    pkc_der_writer_free(&w);
    /* absurd lengths fail before touching the data (no wrap-around) */
    pkc_der_writer_init(&w);
    pkc_der_put_octet_string(&w, blob, SIZE_MAX - 3);
    CHECK(w.err == PKC_ERR_NOMEM && w.len == 0);
    pkc_der_writer_free(&w);
    pkc_der_writer_init(&w);
    pkc_der_put_bit_string(&w, blob, SIZE_MAX);
    CHECK(w.err == PKC_ERR_NOMEM);
    pkc_der_writer_free(&w);
    pkc_der_writer_init(&w);
    blob[0] |= 1; /* leading zeros are skipped first: make sure there are none */
    pkc_der_put_uint(&w, blob, SIZE_MAX / 2 + 1);
    CHECK(w.err == PKC_ERR_NOMEM);
    pkc_der_writer_free(&w);
    pkc_der_writer_init(&w);
    m = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(&w, 1);
    pkc_der_close(&w, m);
    pkc_der_close(&w, m); /* closed twice */
    CHECK(w.err == PKC_ERR_ARG);
    pkc_der_writer_free(&w);
    CHECK(pkc_der_writer_finish(NULL, &out, &outlen) == PKC_ERR_ARG);

    /* large output (growth through many reallocations) round trip */
    pkc_der_writer_init(&w);
    m = pkc_der_open(&w, PKC_DER_SEQUENCE);
    for (uint64_t i = 0; i < 20000; i++)
        pkc_der_put_u64(&w, i * 0x9e3779b97f4a7c15ULL);
    pkc_der_close(&w, m);
    CHECK(pkc_der_writer_finish(&w, &out, &outlen) == PKC_OK);
    {
        pkc_der in, seq;
        pkc_der_init(&in, out, outlen);
        int ok = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq) == PKC_OK && pkc_der_end(&in) == PKC_OK;
        for (uint64_t i = 0; ok && i < 20000; i++) {
            uint64_t v;
            ok = pkc_der_get_u64(&seq, &v) == PKC_OK && v == i * 0x9e3779b97f4a7c15ULL;
        }
        CHECK(ok && pkc_der_end(&seq) == PKC_OK);
    }
    pkc_secure_free(out, outlen);
    pkc_secure_free(NULL, 10);
}

/* ---- fuzz: generic walk and canonical re-encoding ---- */

/* Re-encodes the elements of in into w, recursing into constructed ones
 * (bit 0x20). Returns PKC_OK if everything parsed. */
static pkc_err walk(pkc_der in, pkc_der_writer *w, int depth)
{
    while (in.len > 0) {
        uint8_t tag;
        pkc_der c;
        pkc_err e = pkc_der_get_any(&in, &tag, &c);
        if (e)
            return e;
        if ((tag & 0x20) && depth < 64) {
            size_t m = pkc_der_open(w, tag);
            if ((e = walk(c, w, depth + 1)) != PKC_OK)
                return e;
            pkc_der_close(w, m);
        } else {
            pkc_der_put_element(w, tag, c.p, c.len);
        }
        /* exercise the typed readers on primitives too (results unused) */
        pkc_der one;
        const uint8_t *p;
        size_t n;
        uint64_t v;
        char s[64];
        pkc_der_init(&one, c.p, c.len);
        (void)pkc_der_get_uint(&one, &p, &n);
        (void)pkc_der_get_u64(&one, &v);
        (void)pkc_der_get_bit_string(&one, &p, &n);
        (void)pkc_der_get_oid(&one, &p, &n);
        (void)pkc_der_oid_to_string(c.p, c.len, s, sizeof s);
        (void)pkc_der_oid_equals(c.p, c.len, "1.2.840.10045.3.1.7");
    }
    return PKC_OK;
}

static void test_fuzz(void)
{
    int iters = tu_iters(20000);
    int accepted = 0, mismatched = 0;
    for (int it = 0; it < iters; it++) {
        uint8_t *der;
        size_t len;
        if (build_sample(&der, &len, tu_rand64() % 150, tu_rand64() % 150) != PKC_OK) {
            CHECK(0);
            return;
        }
        /* 1 to 4 mutations: flip, set, insert, delete, truncate */
        int nm = 1 + (int)(tu_rand64() % 4);
        uint8_t *buf = malloc(len + 8);
        memcpy(buf, der, len);
        size_t n = len;
        for (int k = 0; k < nm && n > 0; k++) {
            size_t pos = tu_rand64() % n;
            switch (tu_rand64() % 6) {
            case 0: buf[pos] ^= (uint8_t)(1u << (tu_rand64() % 8)); break;
            case 1: buf[pos] = (uint8_t)tu_rand64(); break;
            case 2: buf[pos] = (uint8_t)(0x80 | (tu_rand64() % 10)); break; /* length-ish */
            case 3:
                memmove(buf + pos + 1, buf + pos, n - pos);
                buf[pos] = (uint8_t)tu_rand64();
                n++;
                break;
            case 4:
                memmove(buf + pos, buf + pos + 1, n - pos - 1);
                n--;
                break;
            default: n = pos; break;
            }
        }
        uint8_t *exact = malloc(n ? n : 1);
        memcpy(exact, buf, n);
        (void)parse_sample(exact, n);
        pkc_der in;
        pkc_der_writer w;
        pkc_der_init(&in, exact, n);
        pkc_der_writer_init(&w);
        if (walk(in, &w, 0) == PKC_OK) {
            /* DER is canonical: whatever the reader accepts, the writer
             * must reproduce byte for byte */
            uint8_t *re;
            size_t rl;
            accepted++;
            if (pkc_der_writer_finish(&w, &re, &rl) != PKC_OK || rl != n ||
                memcmp(re, exact, n) != 0)
                mismatched++;
            pkc_secure_free(re, rl);
        } else {
            pkc_der_writer_free(&w);
        }
        free(exact);
        free(buf);
        pkc_secure_free(der, len);
    }
    CHECK_MSG(mismatched == 0, "fuzz: %d of %d accepted inputs did not re-encode identically",
              mismatched, accepted);
    CHECK_MSG(accepted > 0 && accepted < iters, "fuzz: %d of %d accepted", accepted, iters);
    printf("fuzz: %d iterations, %d accepted and re-encoded identically\n", iters, accepted);
}

int main(void)
{
    tu_seed();
    test_lengths();
    test_integers();
    test_oids();
    test_truncation();
    test_malformed();
    test_writer();
    test_fuzz();
    return tu_finish("test_der");
}
