/* SHA-256 one-shot and streaming, and HMAC-SHA-256: the digests print as
 * `sha256sum` would print them.
 *
 *   hash [FILE]      (standard input without FILE)
 *
 * Build: cc hash.c $(pkg-config --cflags --libs libpkc) */
#include <stdio.h>

#include <pkc/pkc.h>

static void print_hex(const char *label, const uint8_t *d, size_t n)
{
    printf("%s", label);
    for (size_t i = 0; i < n; i++)
        printf("%02x", d[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    FILE *f = argc > 1 ? fopen(argv[1], "rb") : stdin;
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    /* streaming: any number of updates of any length */
    pkc_sha256_ctx ctx;
    pkc_sha256_init(&ctx);
    uint8_t buf[65536], digest[32];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        pkc_sha256_update(&ctx, buf, n);
    int bad = ferror(f);
    if (f != stdin)
        fclose(f);
    if (bad)
        return 2;
    pkc_sha256_final(&ctx, digest);
    print_hex("sha256:      ", digest, sizeof digest);

    /* one-shot, and a MAC of the digest under a key */
    uint8_t abc[32], mac[32];
    pkc_hash(PKC_HASH_SHA256, "abc", 3, abc);
    print_hex("sha256(abc): ", abc, sizeof abc);
    static const uint8_t key[] = "a secret key";
    pkc_hmac(PKC_HASH_SHA256, key, sizeof key - 1, digest, sizeof digest, mac);
    print_hex("hmac:        ", mac, sizeof mac);
    return 0;
}
