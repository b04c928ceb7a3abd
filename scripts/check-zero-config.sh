#!/usr/bin/env bash
# `swift run nativeauth signin …` on a fresh clone needs nothing else (README, "Quick start"):
# `swift run` builds only `nativeauth`, and a `nativeauth` that runs from a SwiftPM debug build
# folder without `nativeauth-emulator` beside it builds that program once, says so, and signs in
# with the embedded emulator (docs/EMULATOR.md). This checks that path on this checkout's debug
# build: it moves the program away, signs in, and expects the notice, the sign-in and the program
# back; then a second sign-in must not build again. CI runs it after the tests.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN_DIR=$(swift build --show-bin-path)
[ -x "$BIN_DIR/nativeauth" ] || swift build --product nativeauth
WORK=$(mktemp -d)
PROGRAM=$BIN_DIR/nativeauth-emulator
restore() {
    # A failed check must not leave the build folder without its program.
    if [ ! -e "$PROGRAM" ] && [ -e "$WORK/nativeauth-emulator" ]; then mv "$WORK/nativeauth-emulator" "$PROGRAM"; fi
    rm -rf "$WORK"
}
trap restore EXIT
if [ -e "$PROGRAM" ]; then mv "$PROGRAM" "$WORK/nativeauth-emulator"; fi

signin() {  # the sign-in of the quick start, with its own state folder and a fixed code
    env -u NATIVEAUTH_TENANT -u NATIVEAUTH_AUTHORITY -u NATIVEAUTH_CLIENT_ID -u NATIVEAUTH_SCOPES \
        -u NATIVEAUTH_EMULATOR_STATE_DIR XDG_STATE_HOME="$WORK/state" NATIVEAUTH_STORAGE=file \
        NATIVEAUTH_EMULATOR_FIXED_CODE=24681357 \
        "$BIN_DIR/nativeauth" signin alice@example.com <<<24681357 >"$WORK/out" 2>"$WORK/err"
}
fail() { echo "check-zero-config: $1" >&2; echo "--- stdout" >&2; cat "$WORK/out" >&2; echo "--- stderr" >&2; cat "$WORK/err" >&2; exit 1; }

signin || fail "the first sign-in (which builds the emulator program) failed"
grep -q "is not built yet: building it once" "$WORK/err" || fail "no notice that the emulator program is being built"
grep -q "^Signed in as alice@example.com" "$WORK/out" || fail "the first sign-in did not say it signed in"
[ -x "$PROGRAM" ] || fail "$PROGRAM was not built"
signin || fail "the second sign-in failed"
if grep -q "is not built yet" "$WORK/err"; then fail "the second sign-in built the program again"; fi
grep -q "^Signed in as alice@example.com" "$WORK/out" || fail "the second sign-in did not say it signed in"
echo "check-zero-config: a nativeauth without its emulator program built it once and signed in"
