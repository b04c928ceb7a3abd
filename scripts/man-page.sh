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

# The plugin's EXIT STATUS says only "0 on success, >0 on error": put docs/CLI.md's "Exit codes"
# table there (one row per code of the command; a test checks the rows against the code).
python3 - "$fresh" docs/CLI.md <<'PYTHON'
import re, sys
page_path, docs_path = sys.argv[1], sys.argv[2]
docs = open(docs_path, encoding="utf-8").read()
section = docs.split("\n## Exit codes\n", 1)[1].split("\n## ", 1)[0]
rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| code")]
def roff(text):
    text = text.replace("\\|", "|").replace("``", "").replace("`", "").replace("**", "")
    text = text.replace("\\", "\\e")
    return "\\&" + text if text.startswith((".", "'")) else text
items = [".Bl -tag -width 4n"]
for row in rows:
    code, meaning = [cell.strip() for cell in row.strip("|").split(" | ", 1)]
    items += [".It " + code, roff(meaning)]
items.append(".El")
page = open(page_path, encoding="utf-8").read()
standard = re.compile(r'^\.Sh "EXIT STATUS"\n\.Ex -std$', re.M)
if not standard.search(page):
    sys.exit("error: the generated page has no standard EXIT STATUS section to replace")
page = standard.sub(lambda _: '.Sh "EXIT STATUS"\n' + "\n".join(items), page, count=1)
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
