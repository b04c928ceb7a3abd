#!/usr/bin/env bash
# The PostgreSQL token store's cost per sign-in write, per refresh (lock, read, write) and per
# cached read (first level vs PostgreSQL), with 10 and with 10,000 accounts stored: starts a
# private PostgreSQL (initdb in a temporary folder, as the postgres user when run as root, on a
# free loopback port), runs bench/StoreBench against it, and stops it.
#
# Usage: bench/store-cost.sh [--accounts 10,10000] [--operations 300]     (CONFIG=debug for a debug build, SCRATCH=DIR for another build folder)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/postgres.sh
config=${CONFIG:-release}
scratch=()
[ -n "${SCRATCH:-}" ] && scratch=(--scratch-path "$SCRATCH")
swift build -c "$config" "${scratch[@]}" --product StoreBench >&2
bin=$(swift build -c "$config" "${scratch[@]}" --show-bin-path)
postgres_start
trap postgres_stop EXIT
"$bin/StoreBench" --database "$POSTGRES_URL" "$@"
