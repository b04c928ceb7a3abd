#!/usr/bin/env python3
"""Every public declaration of NativeAuth has a doc comment.

Reads the symbol graph that `swift package generate-documentation --target NativeAuth` extracts
(.build/<triple>/extracted-symbols/<package>/NativeAuth/*.symbols.json), so run it after that
command, as .ci/run does. Members the compiler synthesizes (Hashable's hashValue, OptionSet's
insert) and members that inherit a protocol's documentation are not the package's to document.

    python3 scripts/check-doc-comments.py          # exit 1 and list what has no doc comment
"""
import glob
import json
import os
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
pattern = os.path.join(root, ".build", "*", "extracted-symbols", "*", "NativeAuth", "NativeAuth*.symbols.json")
files = sorted(glob.glob(pattern))
if not files:
    sys.exit("error: no symbol graph of NativeAuth under .build; run first: "
             "swift package --disable-sandbox generate-documentation --target NativeAuth")

undocumented = []
total = 0
for path in files:
    with open(path, encoding="utf-8") as handle:
        graph = json.load(handle)
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        total += 1
        if not symbol.get("docComment", {}).get("lines"):
            location = symbol.get("location", {})
            where = location.get("uri", "").split("/Sources/")[-1]
            line = location.get("position", {}).get("line", -1) + 1
            undocumented.append(f"  {where}:{line}: {'.'.join(symbol['pathComponents'])}")

if undocumented:
    print(f"{len(undocumented)} of {total} public declarations of NativeAuth have no doc comment:")
    print("\n".join(sorted(undocumented)))
    sys.exit(1)
print(f"every one of the {total} public declarations of NativeAuth has a doc comment")
