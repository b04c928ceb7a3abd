#!/usr/bin/env bash
# Benchmarks of issue 11 ("Speed"). Prints figures; it is not a test and asserts nothing.
#
#   bash bench/cli.sh                 # RUNS=30, SECONDS_EMULATOR=8 by default
#   RUNS=50 SECONDS_EMULATOR=10 bash bench/cli.sh
#   NATIVEAUTH_BIN=/path/to/an/older/nativeauth bash bench/cli.sh   # measure another build (before/after)
#
# Prints the four rows of the issue's table, each measured in this one run, the first three as
# ratios against a baseline measured alternately with it (so both see the same load):
#   1. `nativeauth --version`                      vs `curl --version`
#   2. `nativeauth token` with a cached token       vs `curl --version`
#   3. a full OTP sign-in, code piped (`nativeauth signin` against a running `nativeauth emulator`)
#                                                   vs bench/floor/signin.c: the same three requests
#                                                      from C with libcurl on one connection, same server
#   4. the emulator's complete OTP sign-ins per second (bench/EmulatorBench) with its CPU per sign-in,
#      next to the raw RSA-2048 signature rate (`--rsa`) and the sign-in rate two signatures per
#      sign-in would allow on all cores.
# Times are medians of RUNS runs of each command (bench/floor/runs.c: fork and exec, no shell).
# Needs a C compiler, libcurl's headers (libcurl4-openssl-dev) and curl.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-30}
SECONDS_EMULATOR=${SECONDS_EMULATOR:-8}
CODE=12345678
WORK=$(mktemp -d)
EMULATOR_PID=
cleanup() {
    if [ -n "$EMULATOR_PID" ]; then kill "$EMULATOR_PID" 2>/dev/null || true; wait "$EMULATOR_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

echo "building the release binaries…" >&2
# The release CLI as it is shipped (docs/PERFORMANCE.md, "Building the release binary"): the Swift
# runtime and Foundation linked in. The benchmark is built with the same flags, so that the two
# products share one build (a change of flags rebuilds every module).
RELEASE=(-c release --static-swift-stdlib)
swift build "${RELEASE[@]}" --product nativeauth >&2
swift build "${RELEASE[@]}" --product EmulatorBench >&2
BIN_DIR=$(swift build "${RELEASE[@]}" --show-bin-path)
BIN=${NATIVEAUTH_BIN:-$BIN_DIR/nativeauth}
cc -O2 -o "$WORK/runs" bench/floor/runs.c
cc -O2 -o "$WORK/signin-floor" bench/floor/signin.c -lcurl
RUN=$WORK/runs
export XDG_STATE_HOME="$WORK/state"
unset NATIVEAUTH_TENANT NATIVEAUTH_AUTHORITY NATIVEAUTH_CLIENT_ID NATIVEAUTH_SCOPES

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# --- a `nativeauth emulator` in a process of its own, with a fixed code
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
NATIVEAUTH_EMULATOR_FIXED_CODE=$CODE "$BIN" emulator --port "$PORT" --state-dir "$WORK/emulator" \
    >"$WORK/emulator.out" 2>"$WORK/emulator.err" &
EMULATOR_PID=$!
AUTHORITY="http://127.0.0.1:$PORT/emulator.onmicrosoft.com"
for _ in $(seq 100); do
    curl -s -o /dev/null "$AUTHORITY/v2.0/.well-known/openid-configuration" && break
    sleep 0.1
done
CLIENT_ID=$(sed -n 's/^client id: //p' "$WORK/emulator.out")
printf '%s\n' "$CODE" >"$WORK/code"

# Each side once, so that a broken set-up fails here with its message.
"$BIN" signin --authority "$AUTHORITY" --store-dir "$WORK/store" alice@example.com <"$WORK/code" >/dev/null \
    || { echo "the CLI sign-in failed; see $WORK/emulator.err" >&2; exit 1; }
"$WORK/signin-floor" "$AUTHORITY" "$CLIENT_ID" alice@example.com <"$WORK/code" >/dev/null \
    || { echo "the C sign-in failed" >&2; exit 1; }
"$BIN" token --store-dir "$WORK/store" >/dev/null || { echo "nativeauth token failed" >&2; exit 1; }

# Each line: the command's median wall ms and median CPU ms, then the baseline's.
read -r version_ms version_cpu curl1_ms curl1_cpu < <("$RUN" "$RUNS" "$BIN" --version --vs curl --version)
read -r token_ms token_cpu curl2_ms curl2_cpu < <("$RUN" "$RUNS" "$BIN" token --store-dir "$WORK/store" --vs curl --version)
read -r signin_ms signin_cpu floor_ms floor_cpu < <("$RUN" "$RUNS" --stdin "$WORK/code" "$BIN" signin --authority "$AUTHORITY" \
    --store-dir "$WORK/store" alice@example.com --vs --stdin "$WORK/code" "$WORK/signin-floor" "$AUTHORITY" "$CLIENT_ID" alice@example.com)

kill "$EMULATOR_PID" 2>/dev/null || true
wait "$EMULATOR_PID" 2>/dev/null || true
EMULATOR_PID=

# --- the emulator's throughput (in-memory emulator and client in one process), and raw RSA
"$BIN_DIR/EmulatorBench" --rsa --seconds "$SECONDS_EMULATOR" --warmup 2 >"$WORK/emulator-bench.txt"
rsa_rate=$(sed -n 's/^RSA-2048 .*: \([0-9]*\)\/s$/\1/p' "$WORK/emulator-bench.txt")
signin_rate=$(sed -n 's/^complete OTP sign-ins: .* = \([0-9]*\) sign-ins\/s.*/\1/p' "$WORK/emulator-bench.txt")
cpu_ms=$(sed -n 's/^CPU: .*; \([0-9.]*\) ms CPU per sign-in.*/\1/p' "$WORK/emulator-bench.txt")
failures=$(sed -n 's/^failures: //p' "$WORK/emulator-bench.txt")
cores=$(nproc)
# Two RS256 signatures per sign-in (access token and ID token): the rate signatures alone allow.
ceiling=$(awk -v r="$rsa_rate" -v c="$cores" 'BEGIN { printf "%.0f", r * c / 2 }')
sig_ms=$(awk -v r="$rsa_rate" 'BEGIN { printf "%.2f", 2000 / r }')

echo "issue 11 benchmarks: release build, medians of $RUNS alternating runs, $cores cores, $(uname -m), $(date -u +%Y-%m-%d)"
echo "(wall time; the client process's own CPU time in brackets; ratio of wall times, then of CPU times)"
row() {  # NAME WALL CPU BASELINE-NAME WALL CPU
    printf '%-36s %8s ms (%6s)   %-34s %8s ms (%6s)   ratio %s (CPU %s)\n' "$1" "$2" "$3" "$4" "$5" "$6" \
        "$(ratio "$2" "$5")" "$(ratio "$3" "$6")"
}
row "nativeauth --version" "$version_ms" "$version_cpu" "curl --version" "$curl1_ms" "$curl1_cpu"
row "nativeauth token (cached)" "$token_ms" "$token_cpu" "curl --version" "$curl2_ms" "$curl2_cpu"
row "nativeauth signin (OTP, code piped)" "$signin_ms" "$signin_cpu" "C libcurl client, same 3 requests" "$floor_ms" "$floor_cpu"
printf '%-36s %8s/s            %-34s %8s/s             ratio %s\n' \
    "emulator, complete OTP sign-ins" "$signin_rate" "2 RS256 signatures each, $cores cores" "$ceiling" "$(ratio "$signin_rate" "$ceiling")"
echo "  emulator CPU per sign-in: $cpu_ms ms (emulator and benchmark client in one process); two signatures: $sig_ms ms"
echo "  raw RSA-2048 PKCS#1 v1.5 signatures on one thread: $rsa_rate/s"
if [ -n "$failures" ]; then echo "  emulator benchmark failures: $failures"; fi
