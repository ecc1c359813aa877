/* The attack lab's ECDLP module (lab/ecdlp.h): the number theory, the group
 * law (associativity, orders, the batched additions against the single
 * ones), point counting against the brute-force count, every attack on
 * fixed-seed instances, the time limit and the refusals. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ecdlp.h"
#include "testutil.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t rand_below(uint64_t n) { return tu_rand64() % n; }

/* a random prime of about bits bits */
static uint64_t rand_prime(unsigned bits)
{
    for (;;) {
        uint64_t p = (tu_rand64() >> (64 - bits)) | (1ull << (bits - 1)) | 1;
        if (ecdlp_is_prime(p))
            return p;
    }
}

static void rand_curve(ecdlp_curve *E, uint64_t p)
{
    while (ecdlp_curve_init(E, p, rand_below(p), rand_below(p)) != ECDLP_OK) {
    }
}

static void test_number_theory(void)
{
    /* primality against trial division */
    for (uint64_t n = 0; n < 20000; n++) {
        int prime = n >= 2;
        for (uint64_t d = 2; d * d <= n && prime; d++)
            prime = n % d != 0;
        if (ecdlp_is_prime(n) != prime) {
            CHECK_MSG(0, "is_prime(%llu)", (unsigned long long)n);
            break;
        }
    }
    CHECK(ecdlp_is_prime(0xFFFFFFFFFFFFFFC5ull));   /* 2^64 - 59 */
    CHECK(!ecdlp_is_prime(3215031751ull));          /* a strong pseudoprime to 2, 3, 5, 7 */
    CHECK(!ecdlp_is_prime(4611686014132420609ull)); /* (2^31 - 1)^2 */
    /* factorisations multiply back, with prime factors */
    for (int i = 0; i < 200; i++) {
        uint64_t n = 1 + (tu_rand64() >> (2 + i % 40));
        if (i % 3 == 0) /* a product of two ~31-bit primes: rho's hard case */
            n = rand_prime(31) * rand_prime(31);
        ecdlp_factors f;
        ecdlp_factor(n, &f);
        uint64_t m = 1;
        int good = 1;
        for (int j = 0; j < f.count; j++) {
            good &= ecdlp_is_prime(f.prime[j]) && (j == 0 || f.prime[j] > f.prime[j - 1]);
            for (unsigned e = 0; e < f.exp[j]; e++)
                m *= f.prime[j];
        }
        CHECK_MSG(good && m == n, "factor(%llu)", (unsigned long long)n);
    }
    /* square roots and inverses */
    for (int i = 0; i < 200; i++) {
        uint64_t p = rand_prime(20 + (unsigned)(i % 42)), a = rand_below(p), r;
        if (ecdlp_sqrtmod(a, p, &r) == 0)
            CHECK(ecdlp_mulmod(r, r, p) == a);
        else
            CHECK(ecdlp_powmod(a, (p - 1) / 2, p) == p - 1);
        if (a)
            CHECK(ecdlp_mulmod(a, ecdlp_invmod(a, p), p) == 1);
    }
    CHECK(ecdlp_invmod(6, 9) == 0);
}

static void test_group_law(void)
{
    static const unsigned sizes[] = {14, 20, 33, 48, 61, 62};
    ecdlp_rng rng;
    ecdlp_rng_seed(&rng, tu_rand64());
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (int c = 0; c < 5; c++) {
            ecdlp_curve E;
            rand_curve(&E, rand_prime(sizes[s]));
            ecdlp_point O = {0, 0, 1};
            for (int i = 0; i < 20; i++) {
                ecdlp_point P, Q, R, t1, t2, t3;
                ecdlp_point_random(&E, &rng, &P);
                ecdlp_point_random(&E, &rng, &Q);
                ecdlp_point_random(&E, &rng, &R);
                CHECK(ecdlp_point_on_curve(&E, &P));
                ecdlp_add(&E, &P, &Q, &t1);
                ecdlp_add(&E, &t1, &R, &t1);
                ecdlp_add(&E, &Q, &R, &t2);
                ecdlp_add(&E, &P, &t2, &t2);
                CHECK_MSG(ecdlp_point_eq(&t1, &t2), "(P+Q)+R = P+(Q+R) mod %llu",
                          (unsigned long long)E.p);
                CHECK(ecdlp_point_on_curve(&E, &t1));
                ecdlp_add(&E, &P, &O, &t1);
                CHECK(ecdlp_point_eq(&t1, &P));
                ecdlp_neg(&E, &P, &t1);
                ecdlp_add(&E, &P, &t1, &t1);
                CHECK(t1.inf);
                ecdlp_add(&E, &P, &P, &t1);
                ecdlp_dbl(&E, &P, &t2);
                ecdlp_mul(&E, 2, &P, &t3, NULL);
                CHECK(ecdlp_point_eq(&t1, &t2) && ecdlp_point_eq(&t1, &t3));
                /* (a + b) P = aP + bP */
                uint64_t a = tu_rand64() >> 2, b = tu_rand64() >> 2;
                ecdlp_mul(&E, a, &P, &t1, NULL);
                ecdlp_mul(&E, b, &P, &t2, NULL);
                ecdlp_add(&E, &t1, &t2, &t1);
                ecdlp_mul(&E, a + b, &P, &t2, NULL);
                CHECK(ecdlp_point_eq(&t1, &t2));
            }
            /* the batch against one by one, with the exceptional sums */
            enum { NB = 40 };
            ecdlp_point X[NB], Y[NB], B[NB];
            const ecdlp_point *A[NB];
            uint64_t scratch[NB];
            for (int i = 0; i < NB; i++) {
                ecdlp_point_random(&E, &rng, &X[i]);
                ecdlp_point_random(&E, &rng, &B[i]);
                if (i % 7 == 1)
                    B[i] = X[i]; /* a doubling */
                if (i % 7 == 2)
                    ecdlp_neg(&E, &X[i], &B[i]); /* O */
                if (i % 7 == 3)
                    X[i] = O;
                if (i % 7 == 4)
                    B[i] = O;
                A[i] = &B[i];
                ecdlp_add(&E, &X[i], &B[i], &Y[i]);
            }
            ecdlp_batch_add(&E, X, A, NB, scratch);
            int same = 1;
            for (int i = 0; i < NB; i++)
                same &= ecdlp_point_eq(&X[i], &Y[i]);
            CHECK_MSG(same, "batch_add mod %llu", (unsigned long long)E.p);
        }
    }
    /* point conversions */
    ecdlp_curve E;
    CHECK(ecdlp_curve_init(&E, 10007, 3, 7) == ECDLP_OK);
    ecdlp_point P;
    uint64_t x, y;
    CHECK(ecdlp_point_set(&E, 1, 1, &P) == ECDLP_ERR_ARG); /* 1 != 1 + 3 + 7 */
    ecdlp_point_random(&E, &rng, &P);
    ecdlp_point_xy(&E, &P, &x, &y);
    CHECK(ecdlp_mulmod(y, y, 10007) == (x * x % 10007 * x + 3 * x + 7) % 10007);
}

static void test_counting(void)
{
    /* Mestre's count against the Legendre-symbol count */
    int bad = 0;
    for (int i = 0; i < 400; i++) {
        uint64_t p = i < 300 ? 1000 + rand_below(16384 - 1000) : (1u << 14) + rand_below(1u << 20);
        while (!ecdlp_is_prime(p))
            p++;
        ecdlp_curve E;
        rand_curve(&E, p);
        uint64_t n1 = 0, n2 = 0;
        int r1 = ecdlp_count_brute(&E, &n1), r2 = ecdlp_count(&E, tu_rand64(), &n2);
        if (r1 != ECDLP_OK || r2 != ECDLP_OK || n1 != n2) {
            if (bad++ < 5)
                CHECK_MSG(0, "count p=%llu a=%llu b=%llu: brute %llu (rc %d), mestre %llu (rc %d)",
                          (unsigned long long)p, (unsigned long long)E.a, (unsigned long long)E.b,
                          (unsigned long long)n1, r1, (unsigned long long)n2, r2);
        }
    }
    CHECK(bad == 0);
    /* small p by hand: y^2 = x^3 + 1 over F_5 has 6 points */
    ecdlp_curve E;
    uint64_t n;
    CHECK(ecdlp_curve_init(&E, 5, 0, 1) == ECDLP_OK);
    CHECK(ecdlp_count(&E, 1, &n) == ECDLP_OK && n == 6);
    /* large p: N within Hasse's bound, N P = O for random points, and the
     * twist's order 2p + 2 - N kills its points */
    ecdlp_rng rng;
    ecdlp_rng_seed(&rng, tu_rand64());
    for (int i = 0; i < 12; i++) {
        uint64_t p = rand_prime(24 + (unsigned)(i * 38 / 11));
        rand_curve(&E, p);
        CHECK(ecdlp_count(&E, tu_rand64(), &n) == ECDLP_OK);
        uint64_t w = ecdlp_isqrt(4 * p);
        CHECK(n >= p + 1 - w && n <= p + 1 + w);
        for (int j = 0; j < 4; j++) {
            ecdlp_point P, T;
            ecdlp_point_random(&E, &rng, &P);
            ecdlp_mul(&E, n, &P, &T, NULL);
            CHECK_MSG(T.inf, "#E P = O, p = %llu", (unsigned long long)p);
        }
        uint64_t d = 2;
        while (ecdlp_powmod(d, (p - 1) / 2, p) != p - 1)
            d++;
        ecdlp_curve Tw;
        uint64_t d2 = ecdlp_mulmod(d, d, p);
        CHECK(ecdlp_curve_init(&Tw, p, ecdlp_mulmod(E.a, d2, p),
                               ecdlp_mulmod(E.b, ecdlp_mulmod(d2, d, p), p)) == ECDLP_OK);
        for (int j = 0; j < 4; j++) {
            ecdlp_point P, T;
            ecdlp_point_random(&Tw, &rng, &P);
            ecdlp_mul(&Tw, 2 * p + 2 - n, &P, &T, NULL);
            CHECK(T.inf);
        }
    }
}

static void test_instances(void)
{
    static const unsigned sizes[] = {16, 23, 32, 41, 50, 62};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        for (int kind = 0; kind < 2; kind++) {
            ecdlp_instance a, b;
            uint64_t seed = 1000 + i;
            CHECK(ecdlp_instance_generate(sizes[i], seed, (ecdlp_kind)kind, 0, &a) == ECDLP_OK);
            if (sizes[i] < 50) { /* reproducible */
                CHECK(ecdlp_instance_generate(sizes[i], seed, (ecdlp_kind)kind, 0, &b) == ECDLP_OK);
                CHECK(memcmp(&a, &b, sizeof a) == 0);
            }
            CHECK(64 - __builtin_clzll(a.n) == (int)sizes[i]);
            CHECK(64 - __builtin_clzll(a.E.p) == (int)sizes[i]);
            CHECK(a.curve_order != a.E.p && a.k >= 1 && a.k < a.n);
            ecdlp_point T;
            ecdlp_mul(&a.E, a.n, &a.P, &T, NULL);
            CHECK(T.inf && !a.P.inf);
            ecdlp_mul(&a.E, a.k, &a.P, &T, NULL);
            CHECK(ecdlp_point_eq(&T, &a.Q));
            if (kind == ECDLP_PRIME_ORDER) {
                CHECK(ecdlp_is_prime(a.n) && a.n == a.curve_order);
            } else {
                unsigned bound = sizes[i] / 3 < 8 ? 8 : sizes[i] / 3;
                CHECK(64 - __builtin_clzll(a.nf.prime[a.nf.count - 1]) <= (int)bound);
                CHECK(a.curve_order % a.n == 0);
            }
        }
    }
    ecdlp_instance in;
    CHECK(ecdlp_instance_generate(15, 1, ECDLP_PRIME_ORDER, 0, &in) == ECDLP_ERR_ARG);
    CHECK(ecdlp_instance_generate(63, 1, ECDLP_PRIME_ORDER, 0, &in) == ECDLP_ERR_ARG);
}

static void solve(const char *what, unsigned bits, ecdlp_kind kind, ecdlp_method m,
                  unsigned threads)
{
    for (uint64_t seed = 1; seed <= (bits > 50 ? 1u : 3u); seed++) {
        ecdlp_instance in;
        CHECK(ecdlp_instance_generate(bits, seed * 7919 + bits, kind, 0, &in) == ECDLP_OK);
        ecdlp_attack_opts o = {30, threads, seed, 0};
        ecdlp_attack_result r;
        int rc = ecdlp_attack(&in, m, &o, &r);
        CHECK_MSG(rc == ECDLP_OK && r.found && r.k == in.k && !r.timed_out && r.ops > 0,
                  "%s %u bits seed %llu: rc %d, k %llu (planted %llu)", what, bits,
                  (unsigned long long)seed, rc, (unsigned long long)r.k, (unsigned long long)in.k);
    }
}

static void test_attacks(void)
{
    for (unsigned b = 16; b <= 24; b += 4)
        solve("brute", b, ECDLP_PRIME_ORDER, ECDLP_BRUTE, 1);
    for (unsigned b = 16; b <= 36; b += 4)
        solve("bsgs", b, ECDLP_PRIME_ORDER, ECDLP_BSGS, 1);
    for (unsigned b = 16; b <= 40; b += 4)
        solve("rho", b, ECDLP_PRIME_ORDER, ECDLP_RHO, 1);
    solve("rho 2 threads", 36, ECDLP_PRIME_ORDER, ECDLP_RHO, 2);
    for (unsigned b = 20; b <= 62; b += 7)
        solve("ph smooth", b, ECDLP_SMOOTH_ORDER, ECDLP_PH, 1);
    solve("ph prime", 28, ECDLP_PRIME_ORDER, ECDLP_PH, 1);
    solve("ph prime (one rho)", 36, ECDLP_PRIME_ORDER, ECDLP_PH, 1);

    /* a logarithm on a subgroup given by hand: Q = 0 and Q = P */
    ecdlp_instance in;
    CHECK(ecdlp_instance_generate(24, 5, ECDLP_PRIME_ORDER, 0, &in) == ECDLP_OK);
    ecdlp_attack_opts o = {10, 1, 3, 0};
    ecdlp_attack_result r;
    ecdlp_point O = {0, 0, 1};
    for (int m = 0; m < 4; m++) {
        CHECK(ecdlp_log(&in.E, &in.P, &O, in.n, NULL, (ecdlp_method)m, &o, &r) == ECDLP_OK &&
              r.k == 0);
        CHECK(ecdlp_log(&in.E, &in.P, &in.P, in.n, NULL, (ecdlp_method)m, &o, &r) == ECDLP_OK &&
              r.k == 1);
    }
}

static void test_limits(void)
{
    ecdlp_instance big, smooth;
    CHECK(ecdlp_instance_generate(58, 77, ECDLP_PRIME_ORDER, 0, &big) == ECDLP_OK);
    CHECK(ecdlp_instance_generate(40, 77, ECDLP_SMOOTH_ORDER, 0, &smooth) == ECDLP_OK);
    ecdlp_attack_result r;
    /* a tiny time limit on a big instance: timed out, some work counted */
    for (unsigned threads = 1; threads <= 2; threads++) {
        ecdlp_attack_opts o = {0.2, threads, 1, 0};
        double t0 = now();
        int rc = ecdlp_attack(&big, ECDLP_RHO, &o, &r);
        double dt = now() - t0;
        CHECK_MSG(rc == ECDLP_ERR_TIMEOUT && r.timed_out && !r.found && r.ops > 0 && dt < 2,
                  "rho time limit (%u threads): rc %d, %.2f s", threads, rc, dt);
    }
    ecdlp_attack_opts o = {0.2, 1, 1, 0};
    ecdlp_instance b36;
    CHECK(ecdlp_instance_generate(36, 9, ECDLP_PRIME_ORDER, 0, &b36) == ECDLP_OK);
    CHECK(ecdlp_attack(&b36, ECDLP_BRUTE, &o, &r) == ECDLP_ERR_TIMEOUT && r.timed_out);
    CHECK(ecdlp_attack(&big, ECDLP_PH, &o, &r) == ECDLP_ERR_TIMEOUT && r.timed_out);
    /* refusals */
    CHECK(ecdlp_attack(&big, ECDLP_BRUTE, &o, &r) == ECDLP_ERR_TOO_BIG && !r.found);
    CHECK(ecdlp_attack(&big, ECDLP_BSGS, &o, &r) == ECDLP_ERR_TOO_BIG); /* 2^29 entries */
    ecdlp_attack_opts small = {10, 1, 1, 1000};
    CHECK(ecdlp_attack(&b36, ECDLP_BSGS, &small, &r) == ECDLP_ERR_TOO_BIG);
    CHECK(ecdlp_attack(&smooth, ECDLP_RHO, &o, &r) == ECDLP_ERR_ARG); /* composite n */
    CHECK(ecdlp_attack(&b36, (ecdlp_method)9, &o, &r) == ECDLP_ERR_ARG);
    ecdlp_curve E;
    CHECK(ecdlp_curve_init(&E, 10007, 0, 0) == ECDLP_ERR_ARG); /* singular */
    CHECK(ecdlp_curve_init(&E, 10005, 1, 1) == ECDLP_ERR_ARG); /* composite */
    CHECK(ecdlp_curve_init(&E, 1ull << 62 | 1, 1, 1) == ECDLP_ERR_ARG);
    CHECK(ecdlp_curve_init(&E, 10007, 10007, 1) == ECDLP_ERR_ARG);
    uint64_t count;
    CHECK(ecdlp_count_brute(&big.E, &count) == ECDLP_ERR_TOO_BIG);
    /* a degenerate collision gives nothing */
    ecdlp_dp a = {5, 6, 7, 8, 0}, b = a;
    uint64_t k;
    CHECK(ecdlp_dp_solve(101, &a, &b, &k) == ECDLP_ERR_NOT_FOUND);
    b.c = 10;
    b.d = 9; /* 7 + 8k = 10 + 9k: k = -3 */
    CHECK(ecdlp_dp_solve(101, &a, &b, &k) == ECDLP_OK && k == 98);
}

int main(void)
{
    tu_seed();
    test_number_theory();
    test_group_law();
    test_counting();
    test_instances();
    test_attacks();
    test_limits();
    return tu_finish("test_lab_ecdlp");
}
