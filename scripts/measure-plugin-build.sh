#!/usr/bin/env bash
# Measures what TipsPlugin adds to the build of Examples/ListDetail (figures in
# Docs/codegen.md, "Build cost"), in one run on one machine: a clean debug build with the
# plugin and without it (the generated Swift checked in, depending on the same products),
# interleaved so both see the same load; then, with the plugin, a no-op build and
# incremental builds after editing a .tips message, a .tips comment and a Swift file,
# counting the app's Swift files each one recompiles.
#
#   bash scripts/measure-plugin-build.sh [--rounds N] [--compare REV]
#
# --rounds N   clean builds of each kind (default 1), alternating plugin / plain
# --compare REV also a clean build with the plugin of the package at git revision REV (a
#              worktree under .build/measure), e.g. the commit before tips-gen
#
# Each line: wall-clock seconds, CPU seconds (user + system of every process the build
# ran), and the app files compiled. The load average is printed before and after: on a
# shared machine the wall-clock figures move with it; the CPU figures move less.
# Takes several minutes; the copies live under .build/measure/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
base="$root/.build/measure"
rounds=1
compare=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --compare) compare="$2"; shift 2 ;;
        *) echo "measure-plugin-build.sh: unknown option '$1'; expected --rounds N, --compare REV" >&2; exit 2 ;;
    esac
done
case "$rounds" in ''|*[!0-9]*|0) echo "measure-plugin-build.sh: --rounds needs a positive number, got '$rounds'" >&2; exit 2 ;; esac

rm -rf "$base/plugin" "$base/plain" "$base/old" "$base"/*-build "$base"/*.log
mkdir -p "$base"

copy() {  # copy NAME PACKAGE_ROOT: PACKAGE_ROOT's example at $base/NAME, depending on PACKAGE_ROOT by path
    mkdir -p "$base/$1"
    cp -R "$2/Examples/ListDetail/Package.swift" "$2/Examples/ListDetail/Sources" "$2/Examples/ListDetail/Tests" "$base/$1"/
    sed "s|path: \"../..\"|path: \"$2\"|" "$base/$1/Package.swift" > "$base/$1/p.tmp"
    mv "$base/$1/p.tmp" "$base/$1/Package.swift"
}
build() {  # build NAME LABEL [clean]: times `swift build` of the copy
    if [ "${3:-}" = clean ]; then rm -rf "$base/$1-build"; fi
    /usr/bin/time -f '%e %U %S' -o "$base/time" \
        swift build --package-path "$base/$1" --scratch-path "$base/$1-build" >"$base/$1.log" 2>&1 \
        || { echo "build of $1 failed:"; tail -20 "$base/$1.log"; exit 1; }
    local files
    files=$( { grep -o 'Compiling ListDetail [^ ]*\.swift' "$base/$1.log" || true; } | sort -u | wc -l)
    read -r wall user sys < "$base/time"
    printf '%-40s %7.1f s wall %7.1f s CPU %3d app files\n' "$2" "$wall" "$(awk "BEGIN { print $user + $sys }")" "$files"
}
append() { printf '%s\n' "$2" >> "$1"; }

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)   $(nproc) cores   $(swift --version 2>&1 | head -1)"

copy plugin "$root"
# The plain copy needs the generated file: generate it with this package's tips-gen.
copy plain "$root"
swift build --product tips-gen >/dev/null
rm -r "$base/plain/Sources/ListDetail/Tips"
"$(swift build --show-bin-path)/tips-gen" swift --color never Examples/ListDetail/Sources/ListDetail/Tips \
    -o "$base/plain/Sources/ListDetail/ListDetail+Tips.swift"
python3 - "$base/plain/Package.swift" <<'EOF'
import re, sys
path = sys.argv[1]
text = open(path).read()
# The plugins argument, and the comment lines before it, go; the target's parenthesis stays.
plain, n = re.subn(r",(\s*//[^\n]*)*\s*plugins: \[\.plugin\(name: \"TipsPlugin\", package: \"Tips\"\)\]\)", ")", text)
if n != 1:
    sys.exit("measure-plugin-build.sh: the example's Package.swift no longer has the plugins line this script removes")
open(path, "w").write(plain)
EOF

if [ -n "$compare" ]; then
    git worktree remove --force "$base/old-package" 2>/dev/null || true
    git worktree add --detach "$base/old-package" "$compare" >/dev/null
    copy old "$base/old-package"
fi

for round in $(seq 1 "$rounds"); do
    build plugin "with plugin: clean build" clean
    build plain "without plugin: clean build" clean
    if [ -n "$compare" ]; then build old "with plugin at $compare: clean build" clean; fi
done

build plugin "with plugin: no-op build"
sed 's/keep it at the top of your list/keep it at the top of the list/' "$base/plugin/Sources/ListDetail/Tips/tips.tips" > "$base/t.tmp"
cmp -s "$base/t.tmp" "$base/plugin/Sources/ListDetail/Tips/tips.tips" && { echo "the message to edit is gone from tips.tips"; exit 1; }
mv "$base/t.tmp" "$base/plugin/Sources/ListDetail/Tips/tips.tips"
build plugin "with plugin: edit a .tips message"
append "$base/plugin/Sources/ListDetail/Tips/tips.tips" "// a comment at the end"
build plugin "with plugin: edit a .tips comment"
append "$base/plugin/Sources/ListDetail/Item.swift" "// a comment"
build plugin "with plugin: edit a Swift file"
build plain "without plugin: no-op build"
append "$base/plain/Sources/ListDetail/Item.swift" "// a comment"
build plain "without plugin: edit a Swift file"

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$compare" ]; then git worktree remove --force "$base/old-package"; fi
