#!/usr/bin/env bash
# Benchmarks of `nativeauth` (issues 11 and 21). Prints figures, each against its goal; it is not a
# test and asserts nothing.
#
#   bash bench/cli.sh                 # RUNS=30, SECONDS_EMULATOR=8 by default
#   RUNS=50 SECONDS_EMULATOR=10 bash bench/cli.sh
#   NATIVEAUTH_BIN=/path/to/an/older/nativeauth bash bench/cli.sh   # measure another build (before/after)
#
# Rows, each measured in this one run, the timed ones as ratios against a baseline run alternately
# with them (so both see the same load):
#   1. the binary's size, stripped (and as built)                  goal ≤ 15 MB stripped (issue 31)
#   2. `nativeauth --version`                      vs `curl --version`                       ≤ 0.6×
#   3. `nativeauth token` with a cached token       vs `curl --version`                       ≤ 0.6×
#   4. a full OTP sign-in, code piped (`nativeauth signin` against a running `nativeauth emulator`)
#                                                   vs bench/floor/signin.c: the same three requests
#                                                      from C with libcurl on one connection, same server  ≤ 1.5×
#   5. `nativeauth token` with a cached token       vs MSAL for Python's cold silent acquisition
#                                                      (bench/floor/msal_silent.py, a new process,
#                                                      against a `nativeauth emulator --tls`)  ≥ 40× faster
#   6. `nativeauth token` with a cached token, the storage chosen as a user gets it (no variable, no
#      session bus: no Secret Service, so the file)  vs the same with NATIVEAUTH_STORAGE=file   ≤ 1.05×
#      (issue 20: without a keyring, looking for one costs at most 5 %)
#   7. the emulator's complete OTP sign-ins per second (bench/EmulatorBench) with its CPU per sign-in,
#      next to the raw RSA-2048 signature rate (`--rsa`) and the sign-in rate two signatures per
#      sign-in would allow on all cores.
# Times are medians of RUNS runs of each command (bench/floor/runs.c: fork and exec, no shell).
# Needs a C compiler, libcurl's headers (libcurl4-openssl-dev), curl, python3 and PyPI's msal
# (row 5 is skipped without it). The token store is the file (NATIVEAUTH_STORAGE=file), whatever
# keyring the machine has, except for row 6's first command.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-30}
SECONDS_EMULATOR=${SECONDS_EMULATOR:-8}
CODE=12345678
WORK=$(mktemp -d)
EMULATOR_PID=
TLS_PID=
cleanup() {
    for pid in $EMULATOR_PID $TLS_PID; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

echo "building the release binaries…" >&2
# The release CLI as it is shipped (docs/PERFORMANCE.md, "Building the release binary"): the Swift
# runtime and FoundationEssentials linked in, and the emulator program built beside it. The
# benchmark is built with the same flags, so that the products share one build (a change of flags
# rebuilds every module).
RELEASE=(-c release --static-swift-stdlib)
swift build "${RELEASE[@]}" --product nativeauth >&2
swift build "${RELEASE[@]}" --product nativeauth-emulator >&2
swift build "${RELEASE[@]}" --product EmulatorBench >&2
BIN_DIR=$(swift build "${RELEASE[@]}" --show-bin-path)
BIN=${NATIVEAUTH_BIN:-$BIN_DIR/nativeauth}
export NATIVEAUTH_STORAGE=file
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

# --- a `nativeauth emulator --tls` for MSAL for Python, which insists on https
MSAL_ROW=false
if python3 -c 'import msal' 2>/dev/null; then
    TLS_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    NATIVEAUTH_EMULATOR_FIXED_CODE=$CODE "$BIN" emulator --tls --port "$TLS_PORT" --state-dir "$WORK/emulator-tls" >"$WORK/emulator-tls.out" 2>"$WORK/emulator-tls.err" &
    TLS_PID=$!
    for _ in $(seq 100); do grep -q '^authority: ' "$WORK/emulator-tls.out" 2>/dev/null && break; sleep 0.1; done
    TLS_AUTHORITY=$(sed -n 's/^authority: //p' "$WORK/emulator-tls.out")
    CA_FILE=$(sed -n 's/^ca file: //p' "$WORK/emulator-tls.out")
    "$BIN" signin --authority "$TLS_AUTHORITY" --ca-file "$CA_FILE" --store-dir "$WORK/store-tls" \
        alice@example.com <"$WORK/code" >/dev/null \
        || { echo "the sign-in at the TLS emulator failed; see $WORK/emulator-tls.err" >&2; exit 1; }
    REFRESH_TOKEN=$(python3 -c '
import json, sys
def find(value):
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "refreshToken" and isinstance(item, str): return item
            found = find(item)
            if found: return found
    if isinstance(value, list):
        for item in value:
            found = find(item)
            if found: return found
print(find(json.load(open(sys.argv[1]))) or "")' "$WORK/store-tls/tokens.json")
    python3 bench/floor/msal_silent.py seed "$TLS_AUTHORITY" "$CA_FILE" "$WORK/msal-cache.json" "$REFRESH_TOKEN" >/dev/null
    python3 bench/floor/msal_silent.py "$TLS_AUTHORITY" "$CA_FILE" "$WORK/msal-cache.json" >/dev/null \
        || { echo "MSAL for Python's silent acquisition failed" >&2; exit 1; }
    MSAL_ROW=true
else
    echo "note: python3 has no msal (pip install msal): the MSAL row is left out" >&2
fi

# Each line: the command's median wall ms and median CPU ms, then the baseline's.
read -r version_ms version_cpu curl1_ms curl1_cpu < <("$RUN" "$RUNS" "$BIN" --version --vs curl --version)
read -r token_ms token_cpu curl2_ms curl2_cpu < <("$RUN" "$RUNS" "$BIN" token --store-dir "$WORK/store" --vs curl --version)
read -r signin_ms signin_cpu floor_ms floor_cpu < <("$RUN" "$RUNS" --stdin "$WORK/code" "$BIN" signin --authority "$AUTHORITY" \
    --store-dir "$WORK/store" alice@example.com --vs --stdin "$WORK/code" "$WORK/signin-floor" "$AUTHORITY" "$CLIENT_ID" alice@example.com)

if $MSAL_ROW; then
    read -r token2_ms token2_cpu msal_ms msal_cpu < <("$RUN" "$RUNS" "$BIN" token --store-dir "$WORK/store" \
        --vs python3 bench/floor/msal_silent.py "$TLS_AUTHORITY" "$CA_FILE" "$WORK/msal-cache.json")
    kill "$TLS_PID" 2>/dev/null || true
    wait "$TLS_PID" 2>/dev/null || true
fi

# Both through env(1), so that the only difference is the storage choice.
read -r chosen_ms chosen_cpu forced_ms forced_cpu < <("$RUN" "$RUNS" /usr/bin/env -u NATIVEAUTH_STORAGE -u DBUS_SESSION_BUS_ADDRESS \
    "$BIN" token --store-dir "$WORK/store" --vs /usr/bin/env NATIVEAUTH_STORAGE=file "$BIN" token --store-dir "$WORK/store")

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

stripped_bytes=$(strip -o "$WORK/nativeauth.stripped" "$BIN" && stat -c %s "$WORK/nativeauth.stripped")
built_bytes=$(stat -c %s "$BIN")
emulator_bytes=$(strip -o "$WORK/emulator.stripped" "$(dirname "$BIN")/nativeauth-emulator" && stat -c %s "$WORK/emulator.stripped")
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1000000 }'; }
met() { awk -v v="$1" -v goal="$2" -v way="$3" 'BEGIN { if ((way == "le" && v <= goal) || (way == "ge" && v >= goal)) print "met"; else print "NOT met" }'; }

echo "nativeauth benchmarks: release build, medians of $RUNS alternating runs, $cores cores, $(uname -m), $(date -u +%Y-%m-%d)"
echo "(wall time; the client process's own CPU time in brackets; ratio of wall times, then of CPU times; goal)"
row() {  # NAME WALL CPU BASELINE-NAME WALL CPU GOAL
    local ratio_wall
    ratio_wall=$(ratio "$2" "$5")
    printf '%-36s %8s ms (%6s)   %-34s %8s ms (%6s)   ratio %s (CPU %s)   goal ≤ %s: %s\n' "$1" "$2" "$3" "$4" "$5" "$6" \
        "$ratio_wall" "$(ratio "$3" "$6")" "$7" "$(met "$ratio_wall" "$7" le)"
}
printf '%-36s %8s MB stripped (%s MB as built)%43s goal ≤ 15 MB: %s\n' "nativeauth binary" "$(mb "$stripped_bytes")" \
    "$(mb "$built_bytes")" "" "$(met "$(mb "$stripped_bytes")" 15 le)"
echo "  nativeauth-emulator (the emulator program beside it, run only for the emulator): $(mb "$emulator_bytes") MB stripped"
row "nativeauth --version" "$version_ms" "$version_cpu" "curl --version" "$curl1_ms" "$curl1_cpu" 0.6
row "nativeauth token (cached)" "$token_ms" "$token_cpu" "curl --version" "$curl2_ms" "$curl2_cpu" 0.6
row "nativeauth signin (OTP, code piped)" "$signin_ms" "$signin_cpu" "C libcurl client, same 3 requests" "$floor_ms" "$floor_cpu" 1.5
if $MSAL_ROW; then
    faster=$(ratio "$msal_ms" "$token2_ms")
    printf '%-36s %8s ms (%6s)   %-34s %8s ms (%6s)   %s× faster (CPU %s×)   goal ≥ 40×: %s\n' "nativeauth token (cached)" \
        "$token2_ms" "$token2_cpu" "MSAL Python, cold silent acquire" "$msal_ms" "$msal_cpu" "$faster" \
        "$(ratio "$msal_cpu" "$token2_cpu")" "$(met "$faster" 40 ge)"
fi
row "token, storage chosen (no bus)" "$chosen_ms" "$chosen_cpu" "token, NATIVEAUTH_STORAGE=file" "$forced_ms" "$forced_cpu" 1.05
printf '%-36s %8s/s            %-34s %8s/s             ratio %s\n' \
    "emulator, complete OTP sign-ins" "$signin_rate" "2 RS256 signatures each, $cores cores" "$ceiling" "$(ratio "$signin_rate" "$ceiling")"
echo "  emulator CPU per sign-in: $cpu_ms ms (emulator and benchmark client in one process); two signatures: $sig_ms ms"
echo "  raw RSA-2048 PKCS#1 v1.5 signatures on one thread: $rsa_rate/s"
if [ -n "$failures" ]; then echo "  emulator benchmark failures: $failures"; fi
