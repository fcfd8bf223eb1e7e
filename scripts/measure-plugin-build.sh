#!/usr/bin/env bash
# Measures what TipsPlugin adds to the build of Examples/ListDetail (figures in
# Docs/codegen.md): a clean build, a no-op build, and incremental builds after editing a
# .tips file and a Swift file; then the same app without the plugin (the generated Swift
# checked in, depending on TipsRuntime only) for the baseline. Debug builds, wall-clock
# seconds. Takes a few minutes; the copies live under .build/measure/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
base="$root/.build/measure"
rm -rf "$base"
mkdir -p "$base"
TIMEFORMAT=%R

copy() {  # copy NAME: the example at $base/NAME, depending on this package by absolute path
    mkdir -p "$base/$1"
    cp -R Examples/ListDetail/Package.swift Examples/ListDetail/Sources Examples/ListDetail/Tests "$base/$1"/
    sed "s|path: \"../..\"|path: \"$root\"|" "$base/$1/Package.swift" > "$base/$1/p.tmp"
    mv "$base/$1/p.tmp" "$base/$1/Package.swift"
}
build() {  # build NAME LABEL: times `swift build` of the copy
    local t
    t=$( { time swift build --package-path "$base/$1" --scratch-path "$base/$1-build" >"$base/$1.log" 2>&1; } 2>&1 )
    printf '%-34s %6ss\n' "$2" "$t"
}
append() { printf '%s\n' "$2" >> "$1"; }

copy plugin
build plugin "with plugin: clean build"
build plugin "with plugin: no-op build"
sed 's/keep it at the top of your list/keep it at the top of the list/' "$base/plugin/Sources/ListDetail/Tips/tips.tips" > "$base/t.tmp"
mv "$base/t.tmp" "$base/plugin/Sources/ListDetail/Tips/tips.tips"
build plugin "with plugin: edit a .tips message"
append "$base/plugin/Sources/ListDetail/Tips/tips.tips" "// a comment at the end"
build plugin "with plugin: edit a .tips comment"
append "$base/plugin/Sources/ListDetail/Item.swift" "// a comment"
build plugin "with plugin: edit a Swift file"

# Baseline: the generated file checked in, no plugin, no tipc to build.
copy plain
generated=$(find "$base/plugin-build/plugins/outputs" -name 'ListDetail+Tips.swift' | head -1)
rm -r "$base/plain/Sources/ListDetail/Tips"
cp "$generated" "$base/plain/Sources/ListDetail/"
grep -v 'plugins: \[' "$base/plain/Package.swift" | sed 's|dependencies: \[.product(name: "TipsRuntime", package: "Tips")\],|dependencies: [.product(name: "TipsRuntime", package: "Tips")]),|' > "$base/p.tmp"
mv "$base/p.tmp" "$base/plain/Package.swift"
build plain "without plugin: clean build"
build plain "without plugin: no-op build"
append "$base/plain/Sources/ListDetail/Item.swift" "// a comment"
build plain "without plugin: edit a Swift file"
