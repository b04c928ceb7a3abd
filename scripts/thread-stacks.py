#!/usr/bin/env python3
"""Prints where each thread of a running process is in this project's code, one line a thread:
`python3 scripts/thread-stacks.py PID`. For scripts/time-limit.sh, which calls it on a test process
that outlived its time, before stopping it: a test blocked in a call (a lock, a socket, a child
process) shows the call here, while a suspended Swift task shows on no thread.

It attaches gdb (when installed) for one `thread apply all bt`, demangles the Swift names, and keeps
the frames whose source is under Sources/, Tests/ or Examples/ of a checkout (not a dependency's
under .build/). Threads with no such frame (idle pools) are left out."""
import re
import shutil
import subprocess
import sys

pid = sys.argv[1]
if not shutil.which("gdb"):
    print("    (no gdb here: no thread stacks)")
    sys.exit(0)
try:
    text = subprocess.run(["gdb", "-p", pid, "-batch", "-ex", "thread apply all bt 40"],
                          capture_output=True, text=True, errors="replace", timeout=120).stdout
except subprocess.TimeoutExpired:
    print("    (gdb did not answer within two minutes)")
    sys.exit(0)
if shutil.which("swift"):
    try:
        text = subprocess.run(["swift", "demangle", "--simplified"], input=text, capture_output=True,
                              text=True, errors="replace", timeout=120).stdout or text
    except subprocess.TimeoutExpired:
        pass
shown = 0
for thread in re.split(r"\nThread ", "\n" + text)[1:]:
    number = thread.split(" ", 1)[0]
    frames = re.findall(r"^#\d+\s+(?:0x[0-9a-f]+ in )?(.*)$", thread, re.M)
    own = []
    for frame in frames:
        place = re.search(r" at (\S+):(\d+)$", frame)
        if not place or "/.build/" in place.group(1) or not re.search(r"/(Sources|Tests|Examples)/", place.group(1)):
            continue
        name = re.sub(r" \(.*$", "", frame)
        own.append(f"{name[:70]} ({place.group(1).rsplit('/', 1)[-1]}:{place.group(2)})")
    if own:
        top = re.sub(r" \(.*$", "", frames[0])[:40]
        print(f"    thread {number} in {top}: " + " < ".join(own[:4]))
        shown += 1
if shown == 0:
    print("    (no thread is in this project's code: the test waits in a suspended task)")
