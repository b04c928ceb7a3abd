#!/usr/bin/env bash
# Installs `nativeauth` under a prefix: the release binary and its emulator program
# (`nativeauth-emulator`, which `nativeauth` runs from its own folder), stripped; its bash, zsh and
# fish completions; its man page.
#
#   bash scripts/install.sh [--prefix DIR] [--binary PATH]
#   bash scripts/install.sh --uninstall [--prefix DIR]
#
#   --prefix DIR   where to install (default: ~/.local), as DIR/bin/nativeauth, DIR/bin/nativeauth-emulator,
#                  DIR/share/man/man1/nativeauth.1 and the completion folders under DIR/share
#   --binary PATH  install this already-built nativeauth, and the emulator program beside it, instead
#                  of building the release ones
#   --uninstall    remove what an install put under the prefix
#
# The build is `swift build -c release --static-swift-stdlib --product nativeauth`, then the same for
# `--product nativeauth-emulator`: both need only glibc and libstdc++ at run time. `install -s`
# strips them, so no debug information is installed.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '6,7p' "$0" | sed 's/^#   /usage: /' >&2; exit 2; }

prefix="$HOME/.local"
binary=""
uninstall=false
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || usage; prefix="$2"; shift 2 ;;
        --binary) [ $# -ge 2 ] || usage; binary="$2"; shift 2 ;;
        --uninstall) uninstall=true; shift ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument '$1'" >&2; usage ;;
    esac
done
[ -n "$prefix" ] || { echo "error: --prefix is empty" >&2; exit 2; }
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac

bin="$prefix/bin/nativeauth"
emulator_bin="$prefix/bin/nativeauth-emulator"
man="$prefix/share/man/man1/nativeauth.1"
bash_completion="$prefix/share/bash-completion/completions/nativeauth"
zsh_completion="$prefix/share/zsh/site-functions/_nativeauth"
fish_completion="$prefix/share/fish/vendor_completions.d/nativeauth.fish"

if $uninstall; then
    for file in "$bin" "$emulator_bin" "$man" "$bash_completion" "$zsh_completion" "$fish_completion"; do
        if [ -e "$file" ] || [ -L "$file" ]; then rm -f -- "$file"; echo "removed $file"; fi
    done
    exit 0
fi

if [ -z "$binary" ]; then
    swift build -c release --static-swift-stdlib --product nativeauth
    swift build -c release --static-swift-stdlib --product nativeauth-emulator
    binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/nativeauth"
fi
[ -f "$binary" ] && [ -x "$binary" ] || { echo "error: $binary is not an executable file" >&2; exit 1; }
# The emulator program beside the binary.
emulator="$(dirname "$binary")/nativeauth-emulator"
[ -f "$emulator" ] && [ -x "$emulator" ] || { echo "error: no nativeauth-emulator beside $binary (swift build --product nativeauth-emulator builds it)" >&2; exit 1; }
[ -f docs/man/nativeauth.1 ] || { echo "error: docs/man/nativeauth.1 is missing; run: bash scripts/man-page.sh" >&2; exit 1; }

install -s -D -m 0755 "$binary" "$bin"
install -s -D -m 0755 "$emulator" "$emulator_bin"
install -D -m 0644 docs/man/nativeauth.1 "$man"
for shell in bash zsh fish; do
    case "$shell" in
        bash) target="$bash_completion" ;;
        zsh) target="$zsh_completion" ;;
        fish) target="$fish_completion" ;;
    esac
    mkdir -p "$(dirname "$target")"
    script=$(mktemp)
    "$bin" --generate-completion-script "$shell" >"$script"
    install -m 0644 "$script" "$target"
    rm -f "$script"
done

echo "installed $bin ($(du -h "$bin" | cut -f1)), $emulator_bin ($(du -h "$emulator_bin" | cut -f1)), its man page and its bash, zsh and fish completions under $prefix"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on PATH; add it (e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\")" ;;
esac
