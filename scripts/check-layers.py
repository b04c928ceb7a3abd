#!/usr/bin/env python3
"""Checks the layering rule of docs/ARCHITECTURE.md: dependencies point down.

The layers are read from docs/ARCHITECTURE.md itself, the one place they are written: under "## Layers",
each "### `Target`" section has a table whose rows are that target's layers, lowest first, and whose
second column names the layer's folders in backticks. A folder depends on another when one of its Swift
files names a type declared in the other (a top-level declaration, matched as a whole word with comments
and string literals removed). Files at a target's top level (its entry points) are left out.

The check fails when
- a folder names a type of a folder in a higher layer (a lower layer depends on a higher one);
- folders depend on each other in a cycle (within one layer, where the order is not written);
- a folder of a target with layers is in none of them, or a layer names a folder that does not exist.

    python3 scripts/check-layers.py            # every target under Sources/, exit 1 on a violation
    python3 scripts/check-layers.py --graph    # also print each folder's layer and dependencies
    python3 scripts/check-layers.py --sources DIR --doc FILE   # another tree (the tests use this)
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DECL = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|indirect|nonisolated)\s+)*"
                  r"(?:class|struct|enum|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)
WORD = re.compile(r"\b[A-Z]\w*\b")


def strip(source):
    source = re.sub(r'"""[\s\S]*?"""', '""', source)
    source = re.sub(r"/\*[\s\S]*?\*/", "", source)
    source = re.sub(r"//[^\n]*", "", source)
    source = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', source)
    return source


def layers_of(doc_text):
    """{target: [(layer name, [folders]), ...] lowest first}, from the "## Layers" section."""
    match = re.search(r"^## Layers\s*$([\s\S]*?)(?=^## )", doc_text + "\n## end\n", re.M)
    if not match:
        return {}
    layers = {}
    for section in re.split(r"^### ", match.group(1), flags=re.M)[1:]:
        title = re.match(r"`([^`]+)`", section)
        if not title:
            continue
        rows = []
        for line in section.splitlines():
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) < 2 or not line.lstrip().startswith("|") or set(cells[0]) <= set("-: ") or cells[0] == "layer":
                continue
            # The folders are the backticked names before any parenthesis of explanation.
            folders = re.findall(r"`([A-Za-z][\w]*)`", re.sub(r"\([^)]*\)", "", cells[1]))
            rows.append((cells[0], folders))
        layers[title.group(1)] = rows
    return layers


def folders_of(sources, target):
    base = os.path.join(sources, target)
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


def check(target, edges, rows):
    """The violations of `target`: lines to print."""
    problems = []
    rank, layer_name = {}, {}
    for position, (name, folders) in enumerate(rows):
        for folder in folders:
            rank[folder] = position
            layer_name[folder] = name
    if rows:
        for folder in sorted(edges):
            if folder not in rank:
                problems.append(f"  {folder}: in no layer of docs/ARCHITECTURE.md (add it to the {target} table)")
        for folder in sorted(rank):
            if folder not in edges:
                problems.append(f"  {folder}: named by the {target} table of docs/ARCHITECTURE.md, but there is no such folder")
        for folder in sorted(edges):
            for other, names in sorted(edges[folder].items()):
                if folder in rank and other in rank and rank[other] > rank[folder]:
                    problems.append(f"  upward: {folder} ({layer_name[folder]}) -> {other} ({layer_name[other]}): "
                                    + ", ".join(sorted(names)[:6]))
    for component in cycles(edges):
        problems.append("  cycle: " + ", ".join(component))
        for node in component:
            for other, names in sorted(edges[node].items()):
                if other in component:
                    problems.append(f"    {node} -> {other}: {', '.join(sorted(names)[:6])}")
    return problems


def main(argv):
    show = "--graph" in argv
    sources = argv[argv.index("--sources") + 1] if "--sources" in argv else os.path.join(HERE, "..", "Sources")
    doc = argv[argv.index("--doc") + 1] if "--doc" in argv else os.path.join(HERE, "..", "docs", "ARCHITECTURE.md")
    with open(doc, encoding="utf-8") as handle:
        layers = layers_of(handle.read())
    failed = False
    for target in sorted(os.listdir(sources)):
        if not os.path.isdir(os.path.join(sources, target)):
            continue
        edges = graph_of(folders_of(sources, target))
        rows = layers.get(target, [])
        if not edges and not rows:
            continue
        problems = check(target, edges, rows)
        summary = f"{len(rows)} layers" if rows else "no layers written"
        print(f"{target}: {len(edges)} folders, {summary}, " + ("dependencies point down" if not problems else f"{len(problems)} problem line(s)"))
        for line in problems:
            print(line)
        failed = failed or bool(problems)
        if show:
            rank = {folder: name for name, folders in rows for folder in folders}
            for node in sorted(edges):
                print(f"  {node} [{rank.get(node, '?')}] -> {', '.join(sorted(edges[node])) or '(nothing)'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
