#!/usr/bin/env bash
# Builds the emulator benchmark in release mode and measures what a request costs against a state
# directory holding many open flows, as a ratio to the same requests against a nearly empty one in
# the same run. Prints figures; it asserts nothing.
#
# Usage: bench/emulator-flows.sh [FLOWS (default 10000)] [SIGN_INS per phase (default 300)]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product EmulatorBench >&2
exec "$(swift build -c release --show-bin-path)/EmulatorBench" --flows "${1:-10000}" --sign-ins "${2:-300}"
