#!/usr/bin/env bash
# Fuzzes the front end (lexer, parser, checker) with libFuzzer.
#
#   scripts/fuzz-frontend.sh [SECONDS]     (default 60; 0 runs each seed once: CI's smoke run)
#
# The target, Fuzz/FrontEnd/FuzzFrontEnd.swift, is compiled together with the sources of
# TipsTime, TipsText, TipsSource, TipsSyntax and TipsCheck as a single module: `swiftc
# -sanitize=fuzzer` builds one module most simply, so the `import Tips...` lines are removed
# from copies of the sources. (This needs the five modules to have no two declarations of the same name; `Module.Name`
# qualification would not resolve either.) Everything generated goes to Fuzz/out (ignored by
# git): the binary, the growing corpus, and crash-* / timeout-* reproducers.
# Reproduce a crash, with a Swift backtrace, by: Fuzz/out/fuzz-frontend Fuzz/out/crash-<hash>
set -euo pipefail

seconds="${1:-60}"
# 0 seconds: build, then run every seed once and stop (CI's smoke run: deterministic).
if [ "$seconds" = 0 ]; then limit="-runs=0"; else limit="-max_total_time=$seconds"; fi
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Fuzz/out"
src="$out/src"
corpus="$out/corpus"
seeds="$out/seeds"

rm -rf "$src" "$seeds"
mkdir -p "$src" "$corpus" "$seeds"
# Every module the front end is made of, with the files of their subfolders (TipsCheck keeps
# its model, checker and lints in folders); a copy's name carries its path so none collide.
modules="TipsTime TipsText TipsSource TipsSyntax TipsCheck"
imports='/^(@testable )?import (TipsTime|TipsText|TipsSource|TipsSyntax|TipsCheck)$/d'
for module in $modules; do
    while IFS= read -r file; do
        name="${file#"$root/Sources/"}"
        sed -E "$imports" "$file" > "$src/${name//\//_}"
    done < <(find "$root/Sources/$module" -name '*.swift' | sort)
done
sed -E "$imports" "$root/Fuzz/FrontEnd/FuzzFrontEnd.swift" > "$src/FuzzFrontEnd.swift"

echo "building the fuzz target..."
swiftc -sanitize=fuzzer -parse-as-library -O -g -module-name TipsFuzz -package-name tips "$src"/*.swift -o "$out/fuzz-frontend"

# Seeds: the catalog definitions, every .tips file under Tests, and the target's own seeds.
n=0
while IFS= read -r -d '' f; do
    cp "$f" "$seeds/seed-$n.tips"
    n=$((n + 1))
done < <(find "$root/Definitions" "$root/Tests" "$root/Fuzz/FrontEnd/Seeds" -name '*.tips' -type f -print0 2>/dev/null)
echo "seeded from $n .tips files"
. "$root/scripts/fuzz-corpus.sh"
kept="$(kept_corpus FrontEnd "$out")"

cd "$out"
# Swift's backtracer would take the trap's signal before libFuzzer's handler, which then
# never writes the crash-* reproducer; turn it off for the fuzzing run.
SWIFT_BACKTRACE=enable=no "$out/fuzz-frontend" "$corpus" "$seeds" $kept \
    -dict="$root/Fuzz/FrontEnd/tips.dict" \
    "$limit" \
    -max_len=8192 \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -artifact_prefix="$out/" \
    -print_final_stats=1
