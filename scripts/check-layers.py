#!/usr/bin/env python3
"""Checks the layering rule: no folder of a target depends on another in a cycle.

A folder depends on another when one of its Swift files names a type declared in the other
(a top-level declaration, matched as a whole word with comments and string literals removed). Files at a
target's top level (its entry points) are left out, as docs/ARCHITECTURE.md says.

    python3 scripts/check-layers.py            # every target under Sources/, exit 1 on a cycle
    python3 scripts/check-layers.py --graph    # also print each folder's dependencies
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
DECL = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|indirect|nonisolated)\s+)*"
                  r"(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)
WORD = re.compile(r"\b[A-Z]\w*\b")


def strip(source):
    source = re.sub(r'"""[\s\S]*?"""', '""', source)
    source = re.sub(r"/\*[\s\S]*?\*/", "", source)
    source = re.sub(r"//[^\n]*", "", source)
    source = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', source)
    return source


def folders_of(target):
    base = os.path.join(ROOT, target)
    files = {}
    for dirpath, _, names in os.walk(base):
        rel = os.path.relpath(dirpath, base)
        if rel == ".":
            continue
        folder = rel.split(os.sep)[0]
        for name in names:
            if name.endswith(".swift"):
                with open(os.path.join(dirpath, name), encoding="utf-8") as handle:
                    files.setdefault(folder, []).append(strip(handle.read()))
    return files


def graph_of(files):
    owner = {}
    for folder, sources in files.items():
        for source in sources:
            for name in DECL.findall(source):
                owner.setdefault(name, folder)
    edges = {folder: {} for folder in files}
    for folder, sources in files.items():
        for source in sources:
            for word in set(WORD.findall(source)):
                other = owner.get(word)
                if other and other != folder:
                    edges[folder].setdefault(other, set()).add(word)
    return edges


def cycles(edges):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on.add(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return out


def main():
    show = "--graph" in sys.argv
    failed = False
    for target in sorted(os.listdir(ROOT)):
        if not os.path.isdir(os.path.join(ROOT, target)):
            continue
        edges = graph_of(folders_of(target))
        if not edges:
            continue
        found = cycles(edges)
        print(f"{target}: {len(edges)} folders, " + ("no cycle" if not found else f"{len(found)} cycle(s)"))
        for component in found:
            failed = True
            print("  cycle: " + ", ".join(component))
            for node in component:
                for other, names in sorted(edges[node].items()):
                    if other in component:
                        print(f"    {node} -> {other}: {', '.join(sorted(names)[:6])}")
        if show:
            for node in sorted(edges):
                print(f"  {node} -> {', '.join(sorted(edges[node])) or '(nothing)'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
