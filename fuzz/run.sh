#!/usr/bin/env bash
# Runs the fuzz targets built by fuzz/build.sh and prints, per target, the executions, the coverage
# (libFuzzer's cov/ft counters), the corpus, the peak memory and the time.
#
#   bash fuzz/run.sh                      # 10,000,000 executions per target (the full run)
#   RUNS=20000 bash fuzz/run.sh wire form # a smoke run (what CI does)
#
# A crash, leak, timeout (-timeout, seconds per input) or memory over -rss_limit_mb stops the target
# and fails the script; the input that did it is written to $OUT/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${FUZZ_BUILD:-.build-fuzz}
RUNS=${RUNS:-10000000}
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(wire claims tokenstore form admin hal)
printf '%-11s %12s %8s %8s %7s %9s %9s %9s\n' target executions cov ft corpus peak_MB seconds exec/s
status=0
for target in "${TARGETS[@]}"; do
    corpus="$OUT/corpus/$target"
    artifacts="$OUT/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    log="$OUT/logs/$target.log"
    mkdir -p "$(dirname "$log")"
    start=$(date +%s)
    if ! ASAN_OPTIONS=detect_leaks=1 "$OUT/bin/fuzz-$target" -runs="$RUNS" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "$OUT/seeds/$target" >"$log" 2>&1; then
        status=1
        echo "fuzz-$target FAILED: see $log and $artifacts" >&2
        tail -30 "$log" >&2
    fi
    seconds=$(( $(date +%s) - start ))
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    peak=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_line")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_line")
    corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$done_line")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    printf '%-11s %12s %8s %8s %7s %9s %9s %9s\n' "$target" "${executions:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "${peak:-?}" "$seconds" "${rate:-?}"
done
exit $status
