#!/usr/bin/env bash
# A cached `nativeauth token` with the tokens in a keyring (issue 20): its time against the same
# token from the file, and the calls it makes to the keyring daemon, counted on the bus. Prints
# figures; it is not a test and asserts nothing.
#
#   bash bench/keyring.sh                          # RUNS=30 by default
#   NATIVEAUTH_BIN=/path/to/nativeauth bash bench/keyring.sh
#
# It starts a Secret Service of its own: a session bus and GNOME Keyring's daemon with an unlocked
# `login` keyring, under a private home folder. Needs dbus-daemon, gnome-keyring, libsecret-tools,
# a C compiler and curl, as bench/cli.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-30}
CODE=12345678
WORK=$(mktemp -d)
chmod 700 "$WORK"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

if [ -z "${NATIVEAUTH_BIN:-}" ]; then
    echo "building the release binaries…" >&2
    swift build -c release --static-swift-stdlib --product nativeauth >&2
    swift build -c release --static-swift-stdlib --product nativeauth-emulator >&2
    BIN=$(swift build -c release --static-swift-stdlib --show-bin-path)/nativeauth
else
    BIN=$NATIVEAUTH_BIN
fi
cc -O2 -o "$WORK/runs" bench/floor/runs.c
unset NATIVEAUTH_TENANT NATIVEAUTH_AUTHORITY NATIVEAUTH_CLIENT_ID NATIVEAUTH_SCOPES NATIVEAUTH_STORAGE

# --- a private session bus and an unlocked GNOME Keyring on it
export HOME=$WORK/home XDG_RUNTIME_DIR=$WORK/home/run XDG_DATA_HOME=$WORK/home/.local/share \
    XDG_CONFIG_HOME=$WORK/home/.config XDG_CACHE_HOME=$WORK/home/.cache XDG_STATE_HOME=$WORK/home/.local/state
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$HOME" "$XDG_RUNTIME_DIR"
# A session bus of its own (the system's session configuration), which dbus-monitor may watch.
dbus-daemon --session --print-address=3 --nofork 3>"$WORK/bus.address" 2>/dev/null &
PIDS+=($!)
for _ in $(seq 100); do [ -s "$WORK/bus.address" ] && break; sleep 0.05; done
export DBUS_SESSION_BUS_ADDRESS=$(head -1 "$WORK/bus.address")
printf 'bench-password' | gnome-keyring-daemon --foreground --components=secrets --unlock >/dev/null 2>&1 &
PIDS+=($!)
for _ in $(seq 200); do
    printf 'ready' | secret-tool store --label=bench bench ready 2>/dev/null && break
    sleep 0.05
done
secret-tool clear bench ready

# --- an emulator, and one account signed in to the keyring and one to the file
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
NATIVEAUTH_EMULATOR_FIXED_CODE=$CODE "$BIN" emulator --port "$PORT" --state-dir "$WORK/emulator" >"$WORK/emulator.out" 2>&1 &
PIDS+=($!)
AUTHORITY="http://127.0.0.1:$PORT/emulator.onmicrosoft.com"
for _ in $(seq 100); do curl -s -o /dev/null "$AUTHORITY/v2.0/.well-known/openid-configuration" && break; sleep 0.1; done
printf '%s\n' "$CODE" >"$WORK/code"
NATIVEAUTH_STORAGE=keyring "$BIN" signin --authority "$AUTHORITY" --store-dir "$WORK/keyring-store" alice@example.com <"$WORK/code" >/dev/null 2>"$WORK/signin.err" \
    || { cat "$WORK/signin.err" >&2; echo "the sign-in into the keyring failed" >&2; exit 1; }
NATIVEAUTH_STORAGE=file "$BIN" signin --authority "$AUTHORITY" --store-dir "$WORK/file-store" alice@example.com <"$WORK/code" >/dev/null 2>"$WORK/signin.err" \
    || { cat "$WORK/signin.err" >&2; echo "the sign-in into the file failed" >&2; exit 1; }
"$BIN" status --store-dir "$WORK/keyring-store" | grep -q keyring || { echo "the account is not in the keyring" >&2; exit 1; }

# A first token, a second after the sign-in, reads the item from the keyring and leaves a copy in
# the kernel's user keyring; the ones measured below find that copy (SecretServiceReadCache).
sleep 1
"$BIN" token --store-dir "$WORK/keyring-store" >/dev/null

# --- the calls one cached token makes, as the bus sees them
KEYRING_NAME=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.GetNameOwner string:org.freedesktop.secrets | sed -n 's/.*string "\(.*\)"/\1/p')
dbus-monitor --session "destination='$KEYRING_NAME'" >"$WORK/monitor.txt" 2>/dev/null &
MONITOR=$!
PIDS+=($MONITOR)
sleep 0.5
"$BIN" token --store-dir "$WORK/keyring-store" >/dev/null
sleep 0.5
kill "$MONITOR"; wait "$MONITOR" 2>/dev/null || true
calls=$(grep -c "^method call" "$WORK/monitor.txt" || true)
members=$(sed -n 's/^method call.* member=\([A-Za-z]*\).*/\1/p' "$WORK/monitor.txt" | paste -sd, -)

read -r keyring_ms keyring_cpu file_ms file_cpu < <("$WORK/runs" "$RUNS" "$BIN" token --store-dir "$WORK/keyring-store" \
    --vs "$BIN" token --store-dir "$WORK/file-store")
ratio=$(awk -v a="$keyring_ms" -v b="$file_ms" 'BEGIN { printf "%.2f", a / b }')
echo "cached nativeauth token with a keyring: medians of $RUNS alternating runs, $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-28s %8s ms (CPU %s)\n' "from the keyring" "$keyring_ms" "$keyring_cpu"
printf '%-28s %8s ms (CPU %s)\n' "from the file" "$file_ms" "$file_cpu"
echo "keyring / file: $ratio; the extra: $(awk -v a="$keyring_ms" -v b="$file_ms" 'BEGIN { printf "%.2f", a - b }') ms"
echo "calls to the keyring daemon for one token: $calls ($members)   goal ≤ 1"
