# pkc in a container: Debian 12 with everything scripts/deps.sh installs,
# the tree built; running it does the README's two commands (make report,
# make test) and copies the report to /out (mount a directory there).
#
#   docker build -t pkc .
#   docker run --rm -v "$PWD/results-docker:/out" pkc
#   docker compose up          (the same, with compose.yaml)
#
# Benchmarks in a container measure the container's CPU share: give it the
# whole machine and nothing else to do (see docs/methodology.md).
FROM debian:bookworm

ENV DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
# make is the one thing the quick start assumes; deps.sh installs the rest
RUN apt-get update && apt-get install -y --no-install-recommends make && rm -rf /var/lib/apt/lists/*
WORKDIR /src/pkc
# the dependency list first, so that the package layer survives source edits
COPY scripts/deps.sh scripts/deps.sh
RUN apt-get update && scripts/deps.sh && rm -rf /var/lib/apt/lists/*
COPY . .
RUN make build

VOLUME /out
CMD ["/bin/sh", "-c", "make report && make test; rc=$?; cp -r results/. /out/ 2>/dev/null; exit $rc"]
