#!/usr/bin/env bash
# Builds the emulator benchmark in release mode and runs it: complete OTP sign-ins
# (initiate, challenge, token) against an in-memory emulator over keep-alive loopback connections;
# with --v2, API V2's sign-ins (authorize-challenge, sign_in, challenge, verify, resume, token).
# Prints sign-ins per second and p50/p99 latency per endpoint.
#
# With --state-dir DIR or --database postgres://…, the emulator keeps its state there (SQLite or
# PostgreSQL) instead of memory; with --instances N, N emulators share it and each sign-in's requests
# go to different ones.
#
# Usage: bench/emulator-signins.sh [--connections N] [--seconds S] [--warmup S] [--v2]
#                                  [--state-dir DIR | --database postgres://…] [--instances N]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product EmulatorBench >&2
exec "$(swift build -c release --show-bin-path)/EmulatorBench" "$@"
