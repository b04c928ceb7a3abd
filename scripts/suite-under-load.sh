#!/usr/bin/env bash
# Runs the whole test suite several times beside a CPU load, to show it does not depend on a quiet
# machine (issue 35, item 9), and keeps the log of every run that failed.
#
#   bash scripts/suite-under-load.sh            # 5 runs beside `stress-ng --cpu 2` (two busy workers)
#   RUNS=3 WORKERS=4 bash scripts/suite-under-load.sh
#
# Needs Debian's stress-ng. Builds the tests first (not under load), then, for each run, starts the load,
# runs `swift test --disable-xctest --skip-build` and stops the load. Prints one line a run and a
# summary; exits 1 when a run failed, with the failing tests' names and where the log is.
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
WORKERS=${WORKERS:-2}
LOGS=${LOGS:-$(mktemp -d)}
mkdir -p "$LOGS"
command -v stress-ng >/dev/null || { echo "stress-ng is missing: apt-get install stress-ng" >&2; exit 2; }
swift build --build-tests >&2 || exit 1

failed=0
for run in $(seq "$RUNS"); do
    stress-ng --cpu "$WORKERS" --timeout 3600s --quiet &
    load=$!
    start=$(date +%s)
    swift test --disable-xctest --skip-build >"$LOGS/run-$run.log" 2>&1
    status=$?
    kill "$load" 2>/dev/null; wait "$load" 2>/dev/null
    summary=$(grep -E "Test run with [0-9]+ tests" "$LOGS/run-$run.log" | tail -1)
    echo "run $run: exit $status in $(( $(date +%s) - start )) s, load $(cut -d' ' -f1 /proc/loadavg): ${summary:-no summary line}"
    if [ "$status" -ne 0 ]; then
        failed=$((failed + 1))
        grep -E "^✘ Test .*(recorded an issue|failed)" "$LOGS/run-$run.log" | sed 's/^/    /' | head -20
    fi
done
echo "$((RUNS - failed)) of $RUNS runs passed beside stress-ng --cpu $WORKERS; logs in $LOGS"
[ "$failed" -eq 0 ]
