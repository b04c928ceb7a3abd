#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address) and their seed corpora.
#
#   bash fuzz/build.sh            # every target, into .build-fuzz/
#   FUZZ_BUILD=/tmp/f bash fuzz/build.sh wire form
#
# Each target is one executable: the sources it exercises, compiled together with its entry point
# (fuzz/Targets/*Fuzz.swift) into the module those sources belong to, so the entry point reaches
# internal API without changing access levels. NativeAuthShared is compiled (instrumented) as a module
# of its own, swift-log (not instrumented) from the package's checkout. Seeds come from
# Tests/Recordings (fuzz/seeds.py).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${FUZZ_BUILD:-.build-fuzz}
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(wire claims tokenstore form admin hal)
mkdir -p "$OUT/modules" "$OUT/bin"

SWIFTC=(swiftc -swift-version 6 -enable-upcoming-feature ExistentialAny -package-name nativeauth_fuzz -O -g)
SANITIZE=(-sanitize=fuzzer,address)
LINK=(-use-ld=lld)  # gold warns about every ASan helper symbol

if [ ! -f "$OUT/modules/libLogging.a" ]; then
    [ -d .build/checkouts/swift-log/Sources/Logging ] || swift package resolve >&2
    echo "building Logging (swift-log)" >&2
    "${SWIFTC[@]}" -parse-as-library -wmo -module-name Logging -emit-module -emit-module-path "$OUT/modules/Logging.swiftmodule" \
        -emit-library -static -o "$OUT/modules/libLogging.a" $(find .build/checkouts/swift-log/Sources/Logging -name "*.swift" | sort)
fi
if [ ! -f "$OUT/modules/libNativeAuthShared.a" ] || [ -n "$(find Sources/NativeAuthShared -newer "$OUT/modules/libNativeAuthShared.a")" ]; then
    echo "building NativeAuthShared (instrumented)" >&2
    "${SWIFTC[@]}" "${SANITIZE[@]}" -parse-as-library -wmo -module-name NativeAuthShared \
        -emit-module -emit-module-path "$OUT/modules/NativeAuthShared.swiftmodule" \
        -emit-library -static -o "$OUT/modules/libNativeAuthShared.a" Sources/NativeAuthShared/*.swift
fi

# target -> module, sources
sources() {
    case "$1" in
        wire|claims|tokenstore|hal) find Sources/NativeAuth -name '*.swift' | sort ;;
        form) echo Sources/NativeAuthEmulator/Model/FormBody.swift ;;
        admin) printf '%s\n' Sources/NativeAuthEmulator/Admin/AdminRequests.swift Sources/NativeAuthEmulator/Control/FaultQueue.swift \
            Sources/NativeAuthEmulator/Support/Locked.swift Sources/NativeAuthEmulator/Model/VirtualClock.swift \
            Sources/NativeAuthEmulator/Support/Timestamps.swift Sources/NativeAuthEmulator/Support/PasswordHashFormat.swift ;;
        *) echo "unknown target $1" >&2; exit 2 ;;
    esac
}
module() { case "$1" in wire|claims|tokenstore|hal) echo NativeAuth ;; *) echo NativeAuthEmulator ;; esac; }
entry() { case "$1" in wire) echo WireFuzz ;; claims) echo ClaimsFuzz ;; tokenstore) echo TokenStoreFuzz ;; form) echo FormFuzz ;; admin) echo AdminFuzz ;; hal) echo HALFuzz ;; esac; }

for target in "${TARGETS[@]}"; do
    echo "building fuzz-$target" >&2
    mapfile -t files < <(sources "$target")
    "${SWIFTC[@]}" "${SANITIZE[@]}" -parse-as-library -module-name "$(module "$target")" -I "$OUT/modules" -L "$OUT/modules" \
        -lNativeAuthShared -lLogging "${LINK[@]}" -o "$OUT/bin/fuzz-$target" "${files[@]}" "fuzz/Targets/$(entry "$target").swift"
done
python3 fuzz/seeds.py "$OUT/seeds" "${TARGETS[@]}"
echo "built: ${TARGETS[*]} in $OUT/bin; seeds in $OUT/seeds" >&2
