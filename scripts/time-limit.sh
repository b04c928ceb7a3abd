#!/usr/bin/env bash
# Runs a command with a time limit, for CI: `bash scripts/time-limit.sh MINUTES command [argument...]`.
#
# The command runs in a process group of its own, its output (line-buffered by `stdbuf`) passed
# through and kept in a temporary file. When it outlives MINUTES, the script shows the group's
# processes, where the threads of each test process are in the project's code
# (scripts/thread-stacks.py), and then, last, names the tests that started and did not end (Swift
# Testing's "◇ Test … started." lines without their "✔"/"✘" line), so that a CI summary that keeps
# only the end of the output still shows them; it stops the whole group (a test's children too:
# PostgreSQL clusters, emulators, browsers) and exits 124. Otherwise it exits with the command's status.
set -uo pipefail

if [ $# -lt 2 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
    echo "usage: bash scripts/time-limit.sh MINUTES command [argument...]" >&2
    exit 2
fi
minutes=$1
shift

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# setsid: the command leads a new process group, so that one kill reaches all it started.
# stdbuf: its output (swift-test's, which relays the test process's) is written a line at a time, not
# in blocks of 4 KB at the end: the log then holds every test that started and ended up to a hang.
setsid stdbuf -oL -eL "$@" > >(tee "$log") 2>&1 &
leader=$!
deadline=$((SECONDS + minutes * 60))
while kill -0 "$leader" 2>/dev/null; do
    if [ $SECONDS -ge $deadline ]; then
        echo
        echo "time-limit: '$*' did not end within $minutes minutes."
        echo "time-limit: its processes:"
        ps -o pid,etimes,args --forest --sid "$leader" 2>/dev/null | cut -c1-200
        # Where the test processes' threads are (scripts/thread-stacks.py): a test blocked in a call.
        for pid in $(ps -o pid=,args= --sid "$leader" 2>/dev/null | awk '$2 ~ /\.xctest$/ { print $1 }'); do
            echo "time-limit: the threads of $pid in this project's code:"
            python3 "$(dirname "$0")/thread-stacks.py" "$pid" | cut -c1-400
        done
        echo "time-limit: tests started and not ended:"
        python3 - "$log" <<'EOF'
import re, sys
started, ended = [], set()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if "Test case passing" in line:
        continue  # one argument of a parameterised test: the test's own lines say whether it ended
    found = re.search(r"◇ Test (.+) started\.", line)
    if found:
        started.append(found.group(1))
    found = re.search(r"[✔✘] Test (.+?)(?: with \d+ test cases?)? (passed|failed|recorded|skipped)", line)
    if found:
        ended.add(found.group(1))
for name in started:
    if name not in ended:
        print("    " + name)
EOF
        kill -TERM -- "-$leader" 2>/dev/null
        sleep 10
        kill -KILL -- "-$leader" 2>/dev/null
        wait "$leader" 2>/dev/null
        exit 124
    fi
    sleep 5
done
wait "$leader"
