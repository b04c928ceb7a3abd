#!/usr/bin/env bash
# Generates the man page of `nativeauth` from the command's own definitions (its help texts), with
# swift-argument-parser's generate-manual plugin, into docs/man/nativeauth.1.
#
#   bash scripts/man-page.sh           write docs/man/nativeauth.1
#   bash scripts/man-page.sh --check   fail when docs/man/nativeauth.1 is not what the code generates
#
# The plugin builds the package in debug mode (reusing `swift build`'s products), so after the
# tests' build this takes seconds. The page's date line (.Dd) is the day it was generated and is not
# compared.
set -euo pipefail
cd "$(dirname "$0")/.."

page=docs/man/nativeauth.1
mode=write
case "${1:-}" in
    "") ;;
    --check) mode=check ;;
    *) echo "usage: bash scripts/man-page.sh [--check]" >&2; exit 2 ;;
esac

log=$(mktemp)
fresh=$(mktemp)
trap 'rm -f "$log" "$fresh"' EXIT
if ! swift package --disable-sandbox plugin generate-manual --configuration debug >"$log" 2>&1; then
    cat "$log" >&2
    echo "error: swift-argument-parser's generate-manual plugin failed (above)" >&2
    exit 1
fi
generated=.build/plugins/GenerateManual/outputs/NativeAuthCLI/nativeauth.1
[ -s "$generated" ] || { echo "error: the plugin wrote no $generated" >&2; exit 1; }

# The help texts separate paragraphs with empty lines, which mdoc does not allow (man warns for
# each): make each one a paragraph break.
sed 's/^$/.Pp/' "$generated" >"$fresh"

# What the plugin does not write, from docs/CLI.md and here (a test checks the result):
# - its EXIT STATUS says only "0 on success, >0 on error": docs/CLI.md's "Exit codes" table goes
#   there (one row per code of the command; a test checks the rows against the code);
# - ENVIRONMENT and FILES, from docs/CLI.md's "Environment" and "Files" tables, and SEE ALSO;
# - the help's examples (its indented lines) as literal displays, and no hyphenation in groff's
#   mdoc: a word broken at the end of a line would carry a U+2010 hyphen into a copied example.
python3 - "$fresh" docs/CLI.md <<'PYTHON'
import re, sys
page_path, docs_path = sys.argv[1], sys.argv[2]
docs = open(docs_path, encoding="utf-8").read()

def rows(title):
    section = docs.split("\n## " + title + "\n", 1)[1].split("\n## ", 1)[0]
    table = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("|---")]
    return [[cell.strip() for cell in line.strip("|").split(" | ", 1)] for line in table[1:]]

def roff(text):
    text = text.replace("\\|", "|").replace("``", "").replace("`", "").replace("**", "")
    text = text.replace("\\", "\\e")
    return "\\&" + text if text.startswith((".", "'")) else text

def tag_list(items):
    return "\n".join([".Bl -tag -width 4n"] + items + [".El"])

exit_status = tag_list([line for code, meaning in rows("Exit codes") for line in (".It " + code, roff(meaning))])
environment = tag_list([line for names, meaning in rows("Environment")
                        for line in (".It " + " , ".join("Ev " + name for name in re.findall(r"`([^`]+)`", names)), roff(meaning))])
files = tag_list([line for names, meaning in rows("Files")
                  for line in (".It " + " , ".join("Pa " + name for name in re.findall(r"`([^`]+)`", names)), roff(meaning))])
see_also = "\n".join([
    '.Sh "SEE ALSO"',
    ".Xr kubectl 1 ,",
    ".Xr curl 1 ,",
    ".Xr xdg-open 1 ,",
    ".Xr secret-tool 1 ,",
    ".Xr keyctl 1",
    ".Pp",
    "The whole reference, with the prompts, the JSON output and the embedded emulator, is docs/CLI.md of the source;",
    "the emulator's demo users, seed files and admin API are in docs/EMULATOR.md of the source.",
])

page = open(page_path, encoding="utf-8").read()
lines = page.split("\n")
out = []
index = 0
while index < len(lines):
    line = lines[index]
    if line == ".Os":
        out += [line, '.\\" groff\'s mdoc: no hyphenation (a copied word would carry U+2010)', ".nr doc-hyphen-flags 0"]
    elif line.startswith("  "):
        out.append(".Bd -literal -offset indent")
        while index < len(lines) and lines[index].startswith("  "):
            literal = lines[index][2:]
            out.append("\\&" + literal if literal.startswith((".", "'")) else literal)
            index += 1
        out.append(".Ed")
        continue
    else:
        out.append(line)
    index += 1
page = "\n".join(out)

standard = re.compile(r'^\.Sh "EXIT STATUS"\n\.Ex -std$', re.M)
if not standard.search(page):
    sys.exit("error: the generated page has no standard EXIT STATUS section to replace")
page = standard.sub(lambda _: ".Sh ENVIRONMENT\n" + environment + "\n.Sh FILES\n" + files
                    + '\n.Sh "EXIT STATUS"\n' + exit_status, page, count=1)
page = page.rstrip("\n") + "\n" + see_also + "\n"
open(page_path, "w", encoding="utf-8").write(page)
PYTHON

if [ "$mode" = write ]; then
    mkdir -p "$(dirname "$page")"
    cp "$fresh" "$page"
    echo "wrote $page"
    exit 0
fi

if [ ! -f "$page" ]; then
    echo "error: $page is missing; run: bash scripts/man-page.sh" >&2
    exit 1
fi
if ! diff -u <(grep -v '^\.Dd ' "$page") <(grep -v '^\.Dd ' "$fresh"); then
    echo "error: $page is not current (the commands' help changed); run: bash scripts/man-page.sh" >&2
    exit 1
fi
echo "$page is current"
