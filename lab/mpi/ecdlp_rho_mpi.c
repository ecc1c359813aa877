/* pkc_ecdlp_mpi — Pollard rho on MPI: parallel collision search (van
 * Oorschot-Wiener) on an instance of the attack lab (lab/ecdlp.h).
 *
 *     mpirun -np 4 build/pkc_ecdlp_mpi --bits 48 --seed 1 [--max-seconds S]
 *
 * Every rank walks its own lanes from random starts, with the same r-adding
 * walk (the multipliers come from the seed, so walks of different ranks
 * merge once they meet). Distinguished points go to rank 0, the collector,
 * which also walks and polls for them with MPI_Iprobe between chunks of its
 * own steps. Two distinguished points with the same x give k; rank 0 checks
 * kP = Q and tells every rank to stop. Each rank then reports its group
 * operations to rank 0 in a last message (after its last distinguished
 * points: MPI keeps the order of the messages between two ranks, so the
 * collector drains everything before it finishes).
 *
 * Prints one JSON line on rank 0: ranks, bits, seconds, total group
 * operations, operations per second per rank, ok. The ranks exchange
 * ecdlp_dp structs as bytes: the ranks must share one architecture. Exit
 * status 0 when k was found, 1 on time out, 2 bad usage. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecdlp.h"

enum { TAG_DP = 1, TAG_STOP = 2, TAG_DONE = 3 };
#define CHUNK_STEPS 64

static int usage(int rank, const char *msg)
{
    if (rank == 0)
        fprintf(stderr,
                "pkc_ecdlp_mpi: %s\n"
                "usage: mpirun -np N pkc_ecdlp_mpi --bits B [--seed S] [--max-seconds T]\n",
                msg);
    return 2;
}

/* a decimal unsigned integer in [lo, hi] */
static int parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9')
        return -1;
    char *e;
    unsigned long long v = strtoull(s, &e, 10);
    if (*e || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* the seconds of --max-seconds: a decimal number > 0 */
static int parse_seconds(const char *s, double *out)
{
    if (!s)
        return -1;
    char *e;
    double v = strtod(s, &e);
    if (e == s || *e || !(v > 0 && v <= 1e7))
        return -1;
    *out = v;
    return 0;
}

/* out of memory: every rank goes */
__attribute__((noreturn)) static void die(void)
{
    MPI_Abort(MPI_COMM_WORLD, 2);
    exit(2);
}

typedef struct {
    uint64_t ops, restarts;
} done_msg;

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    uint64_t bits = 0, seed = 1;
    double max_seconds = 600;
    for (int i = 1; i < argc; i += 2) { /* OPTION VALUE pairs */
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = -1;
        if (strcmp(argv[i], "--bits") == 0)
            bad = parse_u64(v, ECDLP_MIN_BITS, ECDLP_MAX_BITS, &bits);
        else if (strcmp(argv[i], "--seed") == 0)
            bad = parse_u64(v, 0, UINT64_MAX, &seed);
        else if (strcmp(argv[i], "--max-seconds") == 0)
            bad = parse_seconds(v, &max_seconds);
        if (bad) {
            int rc = usage(rank, "bad or unknown argument (bits: 16..62)");
            MPI_Finalize();
            return rc;
        }
    }
    if (bits == 0) {
        int rc = usage(rank, "--bits is required");
        MPI_Finalize();
        return rc;
    }

    /* every rank makes the same instance from the seed */
    ecdlp_instance in;
    if (ecdlp_instance_generate((unsigned)bits, ecdlp_mix64(seed), ECDLP_PRIME_ORDER, 0, &in) !=
        ECDLP_OK) {
        if (rank == 0)
            fprintf(stderr, "pkc_ecdlp_mpi: cannot generate a %u-bit instance\n", (unsigned)bits);
        MPI_Finalize();
        return 2;
    }
    unsigned lanes, dp_bits;
    ecdlp_walk_params(in.n, (unsigned)size, &lanes, &dp_bits);
    ecdlp_walk *w;
    uint64_t walk_seed = ecdlp_mix64(seed ^ 0x5157u);
    if (ecdlp_walk_new(&in.E, &in.P, &in.Q, in.n, lanes, dp_bits, walk_seed,
                       ecdlp_mix64(seed + 1000003u * (uint64_t)(rank + 1)), &w) != ECDLP_OK) {
        fprintf(stderr, "pkc_ecdlp_mpi: rank %d: out of memory\n", rank);
        die();
    }
    size_t cap = 2 * (size_t)lanes;
    ecdlp_dp *buf = malloc(cap * sizeof *buf);
    if (!buf)
        die();
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();

    if (rank != 0) {
        /* a walker: distinguished points to rank 0 until told to stop */
        for (;;) {
            int stop = 0;
            MPI_Iprobe(0, TAG_STOP, MPI_COMM_WORLD, &stop, MPI_STATUS_IGNORE);
            if (stop) {
                int dummy;
                MPI_Recv(&dummy, 1, MPI_INT, 0, TAG_STOP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                break;
            }
            size_t got = ecdlp_walk_run(w, CHUNK_STEPS, buf, cap);
            if (got)
                MPI_Send(buf, (int)(got * sizeof *buf), MPI_BYTE, 0, TAG_DP, MPI_COMM_WORLD);
        }
        done_msg d = {ecdlp_walk_ops(w), ecdlp_walk_restarts(w)};
        MPI_Send(&d, (int)sizeof d, MPI_BYTE, 0, TAG_DONE, MPI_COMM_WORLD);
        ecdlp_walk_free(w);
        free(buf);
        MPI_Finalize();
        return 0;
    }

    /* rank 0: the collector, which walks too */
    ecdlp_dptable table;
    ecdlp_dp *rbuf = malloc(cap * sizeof *rbuf * 64);
    if (ecdlp_dptable_init(&table) != ECDLP_OK || !rbuf)
        die();
    int found = 0, timed_out = 0;
    uint64_t k = 0, degenerate = 0;
    while (!found && !timed_out) {
        size_t got = ecdlp_walk_run(w, CHUNK_STEPS, buf, cap);
        /* own points first (lane numbers are ours), then the others' */
        for (int src = -1; !found; src = -2) {
            ecdlp_dp *dps = buf;
            size_t count = got;
            if (src == -2) {
                int flag = 0;
                MPI_Status st;
                MPI_Iprobe(MPI_ANY_SOURCE, TAG_DP, MPI_COMM_WORLD, &flag, &st);
                if (!flag)
                    break;
                int bytes;
                MPI_Get_count(&st, MPI_BYTE, &bytes);
                if ((size_t)bytes > cap * 64 * sizeof *rbuf)
                    die();
                MPI_Recv(rbuf, bytes, MPI_BYTE, st.MPI_SOURCE, TAG_DP, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
                dps = rbuf;
                count = (size_t)bytes / sizeof *rbuf;
            }
            for (size_t i = 0; i < count && !found; i++) {
                ecdlp_dp old;
                int hit = ecdlp_dptable_insert(&table, &dps[i], &old);
                if (hit < 0)
                    die();
                if (hit == 0)
                    continue;
                ecdlp_point T;
                if (ecdlp_dp_solve(in.n, &dps[i], &old, &k) == ECDLP_OK &&
                    (ecdlp_mul(&in.E, k, &in.P, &T, NULL), ecdlp_point_eq(&T, &in.Q))) {
                    found = 1;
                } else {
                    /* a walk retracing another: ours starts over; another
                     * rank's lane goes on (it meets a useful DP later) */
                    degenerate++;
                    if (src == -1)
                        ecdlp_walk_restart(w, dps[i].lane);
                }
            }
        }
        if (MPI_Wtime() - t0 > max_seconds)
            timed_out = 1;
    }
    double seconds = MPI_Wtime() - t0;
    for (int r = 1; r < size; r++) {
        int dummy = 0;
        MPI_Send(&dummy, 1, MPI_INT, r, TAG_STOP, MPI_COMM_WORLD);
    }
    uint64_t ops = ecdlp_walk_ops(w), restarts = ecdlp_walk_restarts(w);
    for (int r = 1; r < size; r++) {
        /* drain r's distinguished points up to its last message */
        for (;;) {
            MPI_Status st;
            MPI_Probe(r, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            int bytes;
            MPI_Get_count(&st, MPI_BYTE, &bytes);
            if (st.MPI_TAG == TAG_DONE) {
                done_msg d;
                MPI_Recv(&d, (int)sizeof d, MPI_BYTE, r, TAG_DONE, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
                ops += d.ops;
                restarts += d.restarts;
                break;
            }
            MPI_Recv(rbuf, bytes, MPI_BYTE, r, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    int ok = found && k == in.k;
    printf("{\"ranks\": %d, \"bits\": %u, \"p\": \"%llu\", \"order\": \"%llu\", \"k\": \"%llu\", "
           "\"found\": \"%llu\", \"ok\": %s, \"timed_out\": %s, \"seconds\": %.6f, "
           "\"ops\": %llu, \"ops_per_second_per_rank\": %.0f, \"expected_ops\": %.0f, "
           "\"lanes\": %u, \"dp_bits\": %u, \"dps\": %llu, \"degenerate\": %llu, "
           "\"restarts\": %llu}\n",
           size, (unsigned)bits, (unsigned long long)in.E.p, (unsigned long long)in.n,
           (unsigned long long)in.k, (unsigned long long)(found ? k : 0), ok ? "true" : "false",
           timed_out ? "true" : "false", seconds, (unsigned long long)ops,
           seconds > 0 ? (double)ops / seconds / size : 0, sqrt(M_PI * (double)in.n / 2), lanes,
           dp_bits, (unsigned long long)table.used, (unsigned long long)degenerate,
           (unsigned long long)restarts);
    fflush(stdout);
    ecdlp_dptable_free(&table);
    ecdlp_walk_free(w);
    free(buf);
    free(rbuf);
    MPI_Finalize();
    return ok ? 0 : 1;
}
