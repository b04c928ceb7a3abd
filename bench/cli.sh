#!/usr/bin/env bash
# Benchmarks of the nativeauth CLI. Prints figures; it is not a test and asserts nothing.
#
#   bash bench/cli.sh            # RUNS=30 by default
#   RUNS=50 bash bench/cli.sh
#
# Builds the release binary, then reports medians over RUNS runs, each as a ratio measured in the
# same run of this script:
#   1. `nativeauth --version`                against `curl --version`
#   2. a full OTP sign-in against a running `nativeauth emulator` (3 requests: initiate, challenge,
#      token)                                against `curl` sending the same 3 requests
#   3. `nativeauth token` with a cached token against `nativeauth --version`
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-30}
CODE=12345678
WORK=$(mktemp -d)
EMULATOR_PID=
cleanup() {
    if [ -n "$EMULATOR_PID" ]; then kill "$EMULATOR_PID" 2>/dev/null || true; wait "$EMULATOR_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

echo "building the release binary…" >&2
swift build -c release --product nativeauth >&2
BIN=$(swift build -c release --show-bin-path)/nativeauth
export XDG_STATE_HOME="$WORK/state"
unset NATIVEAUTH_TENANT NATIVEAUTH_AUTHORITY NATIVEAUTH_CLIENT_ID NATIVEAUTH_SCOPES

now_ns() { date +%s%N; }

# median_ms NAME COMMAND... : runs COMMAND RUNS times (after one warm-up), prints the median in ms.
median_ms() {
    local samples=() start end
    "$@" >/dev/null 2>&1 || true
    for _ in $(seq "$RUNS"); do
        start=$(now_ns)
        "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
        end=$(now_ns)
        samples+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${samples[@]}" | sort -n | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.2f\n", m / 1000 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# --- the emulator, in the foreground process of its own, with a fixed code
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

cli_signin() {
    printf '%s\n' "$CODE" | "$BIN" signin --authority "$AUTHORITY" --store-dir "$WORK/store" alice@example.com
}

# The same three requests with curl: each needs the previous answer's continuation token, so they
# are three curl invocations (curl cannot carry a value from one response into the next request).
field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }
curl_signin() {
    local ct
    ct=$(curl -sS "$AUTHORITY/oauth2/v2.0/initiate" \
        --data-urlencode "client_id=$CLIENT_ID" --data-urlencode "username=alice@example.com" \
        --data-urlencode "challenge_type=oob redirect" | field continuation_token)
    ct=$(curl -sS "$AUTHORITY/oauth2/v2.0/challenge" \
        --data-urlencode "client_id=$CLIENT_ID" --data-urlencode "continuation_token=$ct" \
        --data-urlencode "challenge_type=oob redirect" | field continuation_token)
    curl -sS "$AUTHORITY/oauth2/v2.0/token" \
        --data-urlencode "client_id=$CLIENT_ID" --data-urlencode "continuation_token=$ct" \
        --data-urlencode "grant_type=oob" --data-urlencode "oob=$CODE" \
        --data-urlencode "scope=openid profile offline_access" --data-urlencode "client_info=true" | grep -q access_token
}

cli_signin >/dev/null 2>&1 || { echo "the CLI sign-in failed; see $WORK/emulator.err" >&2; exit 1; }
curl_signin || { echo "the curl sign-in failed" >&2; exit 1; }

version_ms=$(median_ms "$BIN" --version)
curl_version_ms=$(median_ms curl --version)
signin_ms=$(median_ms cli_signin)
curl_signin_ms=$(median_ms curl_signin)
token_ms=$(median_ms "$BIN" token --store-dir "$WORK/store")
version2_ms=$(median_ms "$BIN" --version)

echo "nativeauth CLI benchmarks: release build, median of $RUNS runs, $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-44s %9s ms   %-28s %9s ms   ratio %s\n' \
    "nativeauth --version" "$version_ms" "curl --version" "$curl_version_ms" "$(ratio "$version_ms" "$curl_version_ms")" \
    "nativeauth signin (OTP, 3 requests)" "$signin_ms" "curl, same 3 requests" "$curl_signin_ms" "$(ratio "$signin_ms" "$curl_signin_ms")" \
    "nativeauth token (cached)" "$token_ms" "nativeauth --version" "$version2_ms" "$(ratio "$token_ms" "$version2_ms")"
