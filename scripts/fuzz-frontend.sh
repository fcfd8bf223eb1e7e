#!/usr/bin/env bash
# Fuzzes the front end (lexer, parser, checker) with libFuzzer.
#
#   scripts/fuzz-frontend.sh [SECONDS]     (default 60)
#
# The target, Fuzz/FrontEnd/FuzzFrontEnd.swift, is compiled together with the sources of
# TipsSource, TipsSyntax and TipsCheck as a single module: `swiftc -sanitize=fuzzer` builds one
# module most simply, so the `import Tips...` lines are removed from copies of the sources.
# (This needs the three modules to have no two declarations of the same name; `Module.Name`
# qualification would not resolve either.) Everything generated goes to Fuzz/out (ignored by
# git): the binary, the growing corpus, and crash-* / timeout-* reproducers.
# Reproduce a crash, with a Swift backtrace, by: Fuzz/out/fuzz-frontend Fuzz/out/crash-<hash>
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Fuzz/out"
src="$out/src"
corpus="$out/corpus"
seeds="$out/seeds"

rm -rf "$src" "$seeds"
mkdir -p "$src" "$corpus" "$seeds"
for module in TipsSource TipsSyntax TipsCheck; do
    for file in "$root/Sources/$module"/*.swift; do
        sed -E '/^(@testable )?import (TipsSource|TipsSyntax|TipsCheck)$/d' "$file" > "$src/${module}_$(basename "$file")"
    done
done
sed -E '/^import (TipsSource|TipsSyntax|TipsCheck)$/d' "$root/Fuzz/FrontEnd/FuzzFrontEnd.swift" > "$src/FuzzFrontEnd.swift"

echo "building the fuzz target..."
swiftc -sanitize=fuzzer -parse-as-library -O -g -module-name TipsFuzz "$src"/*.swift -o "$out/fuzz-frontend"

# Seeds: the catalog definitions, every .tips file under Tests, and the target's own seeds.
n=0
while IFS= read -r -d '' f; do
    cp "$f" "$seeds/seed-$n.tips"
    n=$((n + 1))
done < <(find "$root/Definitions" "$root/Tests" "$root/Fuzz/FrontEnd/Seeds" -name '*.tips' -type f -print0 2>/dev/null)
echo "seeded from $n .tips files"

cd "$out"
# Swift's backtracer would take the trap's signal before libFuzzer's handler, which then
# never writes the crash-* reproducer; turn it off for the fuzzing run.
SWIFT_BACKTRACE=enable=no "$out/fuzz-frontend" "$corpus" "$seeds" \
    -dict="$root/Fuzz/FrontEnd/tips.dict" \
    -max_total_time="$seconds" \
    -max_len=8192 \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -artifact_prefix="$out/" \
    -print_final_stats=1
