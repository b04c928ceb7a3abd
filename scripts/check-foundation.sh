#!/usr/bin/env bash
# Checks that the modules the `nativeauth` binary links use FoundationEssentials on Linux: no Swift
# file of NativeAuthShared, NativeAuth, NativeAuthEmulatorInterface, NativeAuthCommands or NativeAuthCLI imports Foundation,
# FoundationNetworking or FoundationInternationalization except in the `#else` branch of an
# `#if canImport(FoundationEssentials)` (taken on Apple platforms only). Full Foundation brings ICU's
# data, some 45 MB of the binary (docs/ARCHITECTURE.md, "Targets").
#
#     bash scripts/check-foundation.sh    # prints each offending import; exit 1 when there is one
#
# Sources/NativeAuth/Transport/URLSession*.swift are left out: in NativeAuth they are compiled only
# where there is no libcurl (Apple platforms, see their first `#if`), and on Linux they belong to
# NativeAuthURLSession, which the binary does not link.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
for target in NativeAuthShared NativeAuth NativeAuthEmulatorInterface NativeAuthCommands NativeAuthCLI; do
    while IFS= read -r -d '' file; do
        case "$file" in Sources/NativeAuth/Transport/URLSession*.swift) continue ;; esac
        awk -v file="$file" '
            # essentials[d]: the #if at depth d is `canImport(FoundationEssentials)`; otherwise[d]: in its #else.
            /^[[:space:]]*#if[[:space:](]/ { depth++; essentials[depth] = ($0 ~ /canImport\(FoundationEssentials\)/); otherwise[depth] = 0; next }
            /^[[:space:]]*#elseif[[:space:](]/ { essentials[depth] = 0; next }
            /^[[:space:]]*#else([[:space:]]|$)/ { otherwise[depth] = 1; next }
            /^[[:space:]]*#endif([[:space:]]|$)/ { depth--; next }
            /^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]+((struct|class|enum|protocol|typealias|func|var|let)[[:space:]]+)?Foundation(Networking|Internationalization)?([.[:space:]]|$)/ {
                if (!(depth > 0 && essentials[depth] && otherwise[depth])) { print file ":" FNR ": " $0; found = 1 }
            }
            END { exit found }
        ' "$file" || status=1
    done < <(find "Sources/$target" -name '*.swift' -print0 | sort -z)
done
if [ "$status" -ne 0 ]; then
    echo "check-foundation: the imports above load full Foundation on Linux; use FoundationEssentials" \
        "(#if canImport(FoundationEssentials) … #else import Foundation #endif)." >&2
    exit 1
fi
echo "no Foundation import outside the #else of canImport(FoundationEssentials)"
