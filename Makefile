# pkc — thin wrapper over CMake/CTest. `make` builds into build/ (the command
# is build/pkc); `make test` builds and runs every test.
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
# Debian's interpreter: it sees python3-matplotlib/numpy/scipy; the first
# python3 on PATH may be another one that cannot.
PYTHON     ?= /usr/bin/python3

.PHONY: all deps build test test-asan clean fuzz

all: build

deps:
	@scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) -- --no-print-directory

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer, in the
# verification build (PKC_VERIFY: the EC arithmetic checks its contracts).
# The build is several times slower, so the random tests run 1/ASAN_ITERS_DIV
# of their iterations (PKC_TEST_ITERS_DIV) and the command tests that loop
# over every curve take every ASAN_QUICK-th, rotating daily (PKC_TEST_QUICK,
# tests/lib.sh); ASAN_ITERS_DIV=1 ASAN_QUICK=1 runs all of it.
ASAN_ITERS_DIV ?= 8
ASAN_QUICK     ?= 4
test-asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DPKC_SANITIZE=ON -DPKC_VERIFY=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  PKC_TEST_ITERS_DIV=$(ASAN_ITERS_DIV) PKC_TEST_QUICK=$(ASAN_QUICK) \
	  ctest --output-on-failure -j $(JOBS) -LE no-asan

# `make install PREFIX=/usr/local DESTDIR=`: the pkc command, libpkc.so and
# libpkc.a, the headers under include/pkc/, libpkc.pc (pkg-config), the
# CMake package (find_package(pkc)) and the man pages (tests/test_install.sh
# checks all of it in a scratch DESTDIR).
PREFIX  ?= /usr/local
DESTDIR ?=
.PHONY: install
install: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS) -- --no-print-directory
	DESTDIR=$(DESTDIR) cmake --install $(BUILD)

# `make fresh-debian-check`: the README's two commands in a clean Debian 12
# root made with mmdebstrap (scripts/fresh-debian-check.sh; root, network to
# Debian's archive, tens of minutes; not part of CI).
.PHONY: fresh-debian-check
fresh-debian-check:
	scripts/fresh-debian-check.sh

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-flags build-lint build-fuzzer

# `make bench`: the default benchmark suite (a few minutes on a quiet
# machine): the table on stdout, results/bench.csv (summary),
# results/bench-raw.csv (one row per sample) and results/bench.json
# (docs/results-format.md, docs/methodology.md).
.PHONY: bench
bench: build
	@mkdir -p $(RESULTS)
	$(BUILD)/pkc bench --csv $(RESULTS)/bench.csv --raw $(RESULTS)/bench-raw.csv \
	  --json $(RESULTS)/bench.json

# `make report`: the default benchmark run (`make bench`), the scenarios
# (security levels, kex amortised, message size, the ECUtils tables) and the
# kex-amortized bc2006 study, a thread-scaling run and CPU/allocation
# profiles of two cases on this machine, then every chart (PNG + SVG),
# report.html, report.md and
# charts.json in $(RESULTS)/ (tools/report.py folds the scenario runs into the
# main run; a flags study already in $(RESULTS)/ joins the report;
# docs/report.md).
RESULTS          ?= results
REPORT_SCENARIOS ?= security-levels kex-amortized message-size ecutils size-sweep
# kex-amortized --study runs (bc2006: RSA-1280/1536/1792 against prime192v1,
# prime239v1, prime256v1: RSA key generation at these sizes takes tens of ms)
REPORT_STUDIES   ?= bc2006
# security-levels: by default pkc and OpenSSL, RSA key generation up to 4096
# bits; REPORT_LEVEL_PROVIDERS=all for every library, REPORT_LEVEL_OPTS=--long
# for RSA-7680 key generation too (minutes per library).
REPORT_LEVEL_PROVIDERS ?= pkc,openssl
REPORT_LEVEL_OPTS      ?=
# ecutils: 8 columns x 4 configurations x 18 curves (a few minutes), each case
# measured briefly: its tables compare ratios, not the last digit.
REPORT_ECUTILS_OPTS    ?= --time-budget 0.05
# size-sweep: 17 series x 40 sizes of pkc (about 3 minutes); --providers
# pkc,openssl adds OpenSSL's AES, SHA-256 and RSA-OAEP series.
REPORT_SWEEP_OPTS      ?= --time-budget 0.02
REPORT_THREADS_FILTER  ?= /(ECDSA/secp256r1/(sign|verify)|RSA/2048/private)(/threads:[0-9]+)?$$
REPORT_PROFILE_FILTER  ?= ^(pkc|openssl)/ECDSA/secp256r1/(sign|verify)$$

.PHONY: report
report: bench theory-report
	@set -e; for s in $(REPORT_SCENARIOS); do \
	  p=""; [ $$s = security-levels ] && p="--providers $(REPORT_LEVEL_PROVIDERS) $(REPORT_LEVEL_OPTS)"; \
	  [ $$s = ecutils ] && p="$(REPORT_ECUTILS_OPTS)"; \
	  [ $$s = size-sweep ] && p="$(REPORT_SWEEP_OPTS)"; \
	  echo "$(BUILD)/pkc bench --scenario $$s $$p --json $(RESULTS)/scenario-$$s.json"; \
	  $(BUILD)/pkc bench --scenario $$s $$p --json $(RESULTS)/scenario-$$s.json; \
	done; \
	for s in $(REPORT_STUDIES); do \
	  echo "$(BUILD)/pkc bench --scenario kex-amortized --study $$s --json $(RESULTS)/scenario-kex-$$s.json"; \
	  $(BUILD)/pkc bench --scenario kex-amortized --study $$s --json $(RESULTS)/scenario-kex-$$s.json; \
	done
	$(BUILD)/pkc bench --providers pkc,openssl --threads 1,2 --filter '$(REPORT_THREADS_FILTER)' \
	  --json $(RESULTS)/threads.json
	$(BUILD)/pkc bench --filter '$(REPORT_PROFILE_FILTER)' --profile $(RESULTS)/profile
	$(PYTHON) tools/report.py -o $(RESULTS) $(RESULTS)/bench.json \
	  $(foreach s,$(REPORT_SCENARIOS),$(RESULTS)/scenario-$(s).json) \
	  $(foreach s,$(REPORT_STUDIES),$(RESULTS)/scenario-kex-$(s).json) $(RESULTS)/threads.json \
	  $(wildcard $(RESULTS)/flags-study.json) --profile $(RESULTS)/profile \
	  --theory $(THEORY_RESULTS)

# `make theory-report`: the theory made runnable (docs/theory.md). The attacks
# of the lab on small keys (`pkc attack ecdlp` and `pkc attack factor`, about
# two minutes in all; skipped with a message when this pkc has no such
# problem), the lab's point and field operations of pkc and pkc-affine
# briefly measured, then tools/theory.py: the published quantum cost
# estimates (data/quantum_estimates.csv), Shor's period finding simulated,
# curves to look at, the extrapolations; PNGs, theory.md, theory.html and
# summary.json in $(THEORY_RESULTS)/ (tools/report.py embeds them as its
# "Security and attacks" part).
THEORY_RESULTS ?= $(RESULTS)/theory
# METHOD:BITS-RANGE per run (the range as --bits takes it); each run is
# `pkc attack PROBLEM --method M --bits RANGE --reps R --max-seconds S --json F`
THEORY_ECDLP_RUNS  ?= rho:20:48:4 bsgs:20:40:4 brute:16:28:4 ph:20:60:8
THEORY_FACTOR_RUNS ?= rho:40:96:8 ecm:64:128:16 fermat:64:128:32 pm1:64:128:32
THEORY_REPS        ?= 3
THEORY_MAX_SECONDS ?= 10
THEORY_BENCH_OPTS  ?= --time-budget 0.05
# the attack commands' option names (cli/attack_*.c)
THEORY_METHOD_OPT  ?= --method
THEORY_LIMIT_OPT   ?= --max-seconds
.PHONY: theory-report
theory-report: build
	@mkdir -p $(THEORY_RESULTS)/attack
	@set -e; rm -f $(THEORY_RESULTS)/attack/*.json; \
	for prob in ecdlp factor; do \
	  runs="$(THEORY_ECDLP_RUNS)"; [ $$prob = factor ] && runs="$(THEORY_FACTOR_RUNS)"; \
	  if ! $(BUILD)/pkc attack $$prob --help 2>&1 | grep -q "pkc attack $$prob"; then \
	    echo "theory-report: no 'pkc attack $$prob' in this pkc: its part is skipped"; \
	    continue; fi; \
	  for run in $$runs; do m=$${run%%:*}; bits=$${run#*:}; \
	    out=$(THEORY_RESULTS)/attack/$$prob-$$m.json; \
	    cmd="$(BUILD)/pkc attack $$prob $(THEORY_METHOD_OPT) $$m --bits $$bits"; \
	    cmd="$$cmd --reps $(THEORY_REPS) $(THEORY_LIMIT_OPT) $(THEORY_MAX_SECONDS) --json $$out"; \
	    echo "$$cmd"; \
	    $$cmd || { rm -f $$out; echo "theory-report: $$prob $$m failed; left out"; }; \
	  done; \
	done
	$(BUILD)/pkc bench --providers pkc,pkc-affine -c secp256r1 \
	  --ops EC/point_add,EC/point_double,EC/field_mul,EC/field_sqr,EC/field_inv \
	  $(THEORY_BENCH_OPTS) -q --json $(THEORY_RESULTS)/bench-lab.json >/dev/null
	@args=""; for f in $(THEORY_RESULTS)/attack/*.json; do [ -e "$$f" ] && args="$$args --attack $$f"; done; \
	cmd="$(PYTHON) tools/theory.py -o $(THEORY_RESULTS) --skip-bad-attack"; \
	cmd="$$cmd --bench $(THEORY_RESULTS)/bench-lab.json$$args"; echo "$$cmd"; $$cmd

# `make flags-study`: libpkc built at -O0 ... -O3 and -O2 -march=native (GCC,
# and Clang when installed), the same pkc cases measured with each build,
# round-robin: results/flags-study.json, drawn by tools/report.py when given.
.PHONY: flags-study
flags-study: deps
	scripts/flags_study.sh $(RESULTS)/flags-study.json

# `make rng-report`: the RNG lab's default datasets (pkc's DRBG in fixed and
# random mode, the OS generator, and the two reference weak generators the
# battery must catch) through tools/rng_analysis.py: report.md, report.html,
# summary.{txt,csv,json} and plots in $(RNG_RESULTS)/, ent's figures in
# $(RNG_RESULTS)/ent.txt (docs/rng.md). RNG_N values / bits per dataset.
RNG_RESULTS ?= $(RESULTS)/rng
RNG_N       ?= 1000000
RNG_SOURCES ?= drbg-fixed drbg-random os lcg biased

.PHONY: rng-report
rng-report: build
	@mkdir -p $(RNG_RESULTS)/data
	@set -e; for s in $(RNG_SOURCES); do \
	  case $$s in drbg-fixed) g="-g drbg -S 1";; drbg-random) g="-g drbg -s random";; \
	    os) g="-g os";; *) g="-g $$s -S 1";; esac; \
	  echo "$(BUILD)/pkc rng -m bounded -n $(RNG_N) $$g -o $(RNG_RESULTS)/data/$$s.csv"; \
	  $(BUILD)/pkc rng -m bounded -n $(RNG_N) $$g -o $(RNG_RESULTS)/data/$$s.csv; \
	  $(BUILD)/pkc rng -m bits -n $(RNG_N) $$g -o $(RNG_RESULTS)/data/$$s-bits.csv; \
	done
	@set -e; : >$(RNG_RESULTS)/ent.txt; for s in $(RNG_SOURCES); do \
	  case $$s in drbg-fixed) g="-g drbg -S 1";; drbg-random) g="-g drbg -s random";; \
	    os) g="-g os";; *) g="-g $$s -S 1";; esac; \
	  echo "== $$s: pkc rng -m raw -n 4000000 $$g | ent" >>$(RNG_RESULTS)/ent.txt; \
	  $(BUILD)/pkc rng -m raw -n 4000000 $$g | ent >>$(RNG_RESULTS)/ent.txt; \
	  echo >>$(RNG_RESULTS)/ent.txt; \
	done
	$(PYTHON) tools/rng_analysis.py -q --report $(RNG_RESULTS) \
	  $(foreach s,$(RNG_SOURCES),$(s)=$(RNG_RESULTS)/data/$(s).csv) \
	  $(foreach s,$(RNG_SOURCES),$(s)-bits=$(RNG_RESULTS)/data/$(s)-bits.csv)
	@cat $(RNG_RESULTS)/summary.txt
	@echo "pkc: RNG report in $(RNG_RESULTS)/report.html (and report.md)"

# `make timing-test`: the statistical (dudect) timing test of ECDSA signing,
# ECDH and the RSA private operation (tests/timing/dudect.c): a table of
# max |t| per operation and a verdict, about a minute with the default
# TIMING_SECONDS (measuring time per operation). Not part of `make test`;
# never run it beside benchmarks (each disturbs the other).
TIMING_SECONDS ?= 6
.PHONY: timing-test
timing-test: build
	$(BUILD)/tests/dudect --seconds $(TIMING_SECONDS)

# `make soak-ec`: the elliptic-curve tests with PKC_TEST_ITERS=$(SOAK_ITERS):
# the field and scalar arithmetic of every curve against GMP, the GLV split,
# and ECDSA and ECDH on every curve against OpenSSL both ways (and
# libsecp256k1); SOAK_ITERS=20000 is on the order of 10^6 random operations
# per curve, most of a day here (SOAK_ITERS=2 takes 10 s; the time grows
# linearly). Not part of CI.
SOAK_ITERS ?= 20000
.PHONY: soak-ec
soak-ec: build
	for t in test_ec_field test_ec_glv test_ecdsa_openssl test_ecdh_openssl; do \
	  echo "== $$t (PKC_TEST_ITERS=$(SOAK_ITERS))"; \
	  PKC_TEST_ITERS=$(SOAK_ITERS) $(BUILD)/tests/$$t || exit 1; \
	done

# `make soak-ecx`: RFC 7748's iterated X25519 and X448 test to 1,000,000
# iterations (PKC_TEST_ITERS >= 1000 turns it on), with the other random
# tests of test_x25519 and test_x448 (against OpenSSL, the ladder against the
# fixed-base path) 1000 times longer. Not part of CI.
.PHONY: soak-ecx
soak-ecx: build
	for t in test_x25519 test_x448; do \
	  echo "== $$t (PKC_TEST_ITERS=1000)"; \
	  PKC_TEST_ITERS=1000 $(BUILD)/tests/$$t || exit 1; \
	done

# `make lint`: libpkc with its warnings as errors (PKC_WERROR), cppcheck and
# clang-tidy (.clang-tidy) on src/, cli/ and bench/, in build-lint/; about a
# minute on two cores (scripts/lint.sh). CI runs it.
.PHONY: lint
lint: deps
	JOBS=$(JOBS) scripts/lint.sh

# Coverage-guided fuzzing of every parser with libFuzzer + ASan + UBSan
# (clang); FUZZ_SECONDS per harness (default 60). See docs/fuzzing.md.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run.sh

# `make fuzz-ci`: the short run CI does after `make test` (under 3 minutes
# with the build on 2 cores): every harness built, each differential one
# (pkc against OpenSSL) run for FUZZ_CI_DIFF_SECONDS, each other one for
# FUZZ_CI_SECONDS. The long run is `make fuzz`.
FUZZ_CI_SECONDS      ?= 3
FUZZ_CI_DIFF_SECONDS ?= 10
.PHONY: fuzz-ci
fuzz-ci: deps
	FUZZ_SECONDS=$(FUZZ_CI_SECONDS) FUZZ_DIFF_SECONDS=$(FUZZ_CI_DIFF_SECONDS) FUZZ_JOBS=$(JOBS) \
	  FUZZ_DEBUG=-gline-tables-only tests/fuzz/run.sh

# `make attack-mpi`: parallel Pollard rho on OpenMPI (lab/mpi/ecdlp_rho_mpi.c)
# on one MPI_BITS-bit instance, with 1 and then 2 ranks on this machine, and
# the speed-up: of the throughput (group operations per second, all ranks),
# and of the time to the key (random: rho's running time varies from run to
# run). On a cluster: mpirun --hostfile FILE -np N build/pkc_ecdlp_mpi ...
# (docs/attacks-ecdlp.md).
MPI_BITS ?= 52
MPI_SEED ?= 1
MPIRUN_ENV = OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
.PHONY: attack-mpi
attack-mpi: build
	@command -v mpirun >/dev/null || { echo "attack-mpi: mpirun not found (scripts/deps.sh)"; exit 1; }
	@[ -x $(BUILD)/pkc_ecdlp_mpi ] || { echo "attack-mpi: $(BUILD)/pkc_ecdlp_mpi was not built (no MPI found by CMake)"; exit 1; }
	@for np in 1 2; do \
	  $(MPIRUN_ENV) mpirun --oversubscribe -np $$np $(BUILD)/pkc_ecdlp_mpi \
	    --bits $(MPI_BITS) --seed $(MPI_SEED) | tee $(BUILD)/attack-mpi-$$np.json || exit 1; \
	done
	@/usr/bin/python3 -c 'import json, sys; \
	a, b = (json.load(open(f)) for f in sys.argv[1:]); \
	print("attack-mpi: %d bits, throughput speed-up %.2f with 2 ranks (%.3g -> %.3g ops/s), time %.2f s -> %.2f s" % \
	  (a["bits"], 2 * b["ops_per_second_per_rank"] / a["ops_per_second_per_rank"], \
	   a["ops_per_second_per_rank"], 2 * b["ops_per_second_per_rank"], a["seconds"], b["seconds"]))' \
	  $(BUILD)/attack-mpi-1.json $(BUILD)/attack-mpi-2.json
