/* cli/util.c's file reader: whole files and pipes of every size read back
 * exactly; the size cap stops reading after max + 1 bytes (EFBIG), also on
 * an endless pipe; and a buffer that grows is wiped before it is freed, never
 * realloc'd (a key file must not leave copies in freed memory); the hex
 * decoder of -K/--iv (case, odd lengths, bad digits, the empty value).
 *
 * util.c is compiled into this test, with pkc_secure_free replaced by a
 * counting wrapper and realloc by a name that does not exist: a realloc in
 * the reader would fail to link. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pkc/der.h"
#include "pkc/key.h"
#include "testutil.h"

/* How many buffers util.c has handed to pkc_secure_free (which wipes, then
 * frees). */
static int secure_frees;

static void counting_secure_free(void *p, size_t len)
{
    pkc_secure_free(p, len);
    secure_frees++;
}

#define pkc_secure_free counting_secure_free
#define realloc realloc_must_not_be_used_on_secrets
#include "../cli/util.c"
#undef realloc
#undef pkc_secure_free

/* Writes len bytes (pattern i * 7 + 3), or endlessly for len == SIZE_MAX, to
 * a pipe that becomes stdin; returns the writer's pid. */
static pid_t feed_stdin(size_t len)
{
    int p[2];
    if (pipe(p) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        signal(SIGPIPE, SIG_DFL);
        uint8_t buf[8192];
        size_t sent = 0;
        while (len == SIZE_MAX || sent < len) {
            size_t n = sizeof buf;
            if (len != SIZE_MAX && len - sent < n)
                n = len - sent;
            for (size_t i = 0; i < n; i++)
                buf[i] = (uint8_t)((sent + i) * 7 + 3);
            ssize_t w = write(p[1], buf, n);
            if (w <= 0)
                _exit(3);
            sent += (size_t)w;
        }
        _exit(0);
    }
    close(p[1]);
    if (p[0] != 0) { /* 0 is free when the last test closed it */
        dup2(p[0], 0);
        close(p[0]);
    }
    return pid;
}

static int pattern_ok(const uint8_t *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (d[i] != (uint8_t)(i * 7 + 3))
            return 0;
    return 1;
}

/* Reads len bytes through a pipe with the cap max; returns the error. */
static int read_pipe(size_t len, size_t max, size_t *got, int *content_ok, int *writer_status)
{
    pid_t pid = feed_stdin(len);
    uint8_t *data = NULL;
    size_t n = 0;
    int err = cli_read_file(NULL, max, &data, &n);
    close(0);
    waitpid(pid, writer_status, 0);
    *got = n;
    *content_ok = err == 0 && pattern_ok(data, n) && data[n] == 0;
    if (err == 0)
        pkc_secure_free(data, n);
    return err;
}

int main(void)
{
    size_t got;
    int ok, status;

    /* pipes: the buffer grows from 4 KiB; every old buffer is wiped */
    size_t sizes[] = {0, 1, 4095, 4096, 4097, 65536, 300001};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        secure_frees = 0;
        int err = read_pipe(sizes[i], CLI_KEY_FILE_MAX, &got, &ok, &status);
        CHECK(err == 0);
        CHECK(got == sizes[i]);
        CHECK(ok);
        /* growths 4 KiB -> 8 KiB -> ...: the old buffer wiped at each */
        int growths = 0;
        for (size_t cap = 4096; cap <= sizes[i]; cap *= 2)
            growths++;
        CHECK_MSG(secure_frees == growths, "%zu bytes: %d wiped frees, %d growths", sizes[i], secure_frees, growths);
    }
    /* the cap: exactly max bytes pass, max + 1 do not */
    CHECK(read_pipe(10000, 10000, &got, &ok, &status) == 0 && got == 10000 && ok);
    CHECK(read_pipe(10001, 10000, &got, &ok, &status) == EFBIG);
    /* an endless pipe stops at the cap (the writer then sees a closed pipe) */
    CHECK(read_pipe(SIZE_MAX, CLI_KEY_FILE_MAX, &got, &ok, &status) == EFBIG);
    CHECK(WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) == 3));

    /* a regular file: read in one buffer of its size, nothing to grow */
    char path[] = "/tmp/test_cli_util.XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    uint8_t *buf = malloc(200000);
    for (size_t i = 0; i < 200000; i++)
        buf[i] = (uint8_t)(i * 7 + 3);
    CHECK(write(fd, buf, 200000) == 200000);
    close(fd);
    free(buf);
    uint8_t *data = NULL;
    size_t n = 0;
    secure_frees = 0;
    CHECK(cli_read_file(path, CLI_KEY_FILE_MAX, &data, &n) == 0);
    CHECK(n == 200000 && pattern_ok(data, n));
    CHECK(secure_frees == 0);
    pkc_secure_free(data, n);
    CHECK(cli_read_file(path, 199999, &data, &n) == EFBIG);
    CHECK(cli_read_file(path, 200000, &data, &n) == 0);
    pkc_secure_free(data, n);
    unlink(path);
    CHECK(cli_read_file(path, 100, &data, &n) == ENOENT);
    CHECK(cli_read_file("/", 100, &data, &n) == EISDIR);

    /* hex: both cases; odd lengths, non-digits and "0x" refused; empty is 0 bytes */
    uint8_t hb[8];
    CHECK(cli_hex_decode("00aBcDeF19", 10, hb) == 0 &&
          memcmp(hb, "\x00\xab\xcd\xef\x19", 5) == 0);
    CHECK(cli_hex_decode("0g", 2, hb) == -1);
    CHECK(cli_hex_decode("g0", 2, hb) == -1);
    CHECK(cli_hex_decode("0x12", 4, hb) == -1);
    uint8_t *hp;
    size_t hl;
    CHECK(cli_parse_hex_arg("--iv", "0102ff", &hp, &hl) == 0 && hl == 3 && hp[2] == 0xff);
    if (hp)
        pkc_secure_free(hp, hl);
    CHECK(cli_parse_hex_arg("--aad", "", &hp, &hl) == 0 && hl == 0 && hp != NULL);
    if (hp)
        pkc_secure_free(hp, hl);
    CHECK(cli_parse_hex_arg("-K", "012", &hp, &hl) == 2 && hp == NULL);
    CHECK(cli_parse_hex_arg("-K", "01 2", &hp, &hl) == 2 && hp == NULL);
    return tu_finish("test_cli_util");
}
