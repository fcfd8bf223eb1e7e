#!/usr/bin/env bash
# Fuzzes the pipeline from source to VM with libFuzzer: arbitrary .tips bytes are checked
# and compiled, and whatever compiles is loaded, verified, disassembled and evaluated
# (Fuzz/Pipeline/FuzzPipeline.swift lists the invariants).
#
#   scripts/fuzz-pipeline.sh [SECONDS] [extra libFuzzer flags...]
#   (default 60; 0 runs each seed once: CI's smoke run)
#
# Each package module is built as its own module (scripts/fuzz-modules.sh). Files go to
# Fuzz/out/pipeline (ignored by git). Seeds: Fuzz/Pipeline/Seeds, Fuzz/FrontEnd/Seeds and
# every catalog file under Definitions; the front end's dictionary is used.
set -euo pipefail

seconds="${1:-60}"
if [ "$seconds" = 0 ]; then limit="-runs=0"; else limit="-max_total_time=$seconds"; fi
[ $# -gt 0 ] && shift
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Fuzz/out/pipeline"
. "$root/scripts/fuzz-modules.sh"
modules="TipsTime TipsText TipsSource TipsSyntax TipsCheck TipsBytecode TipsCompile TipsVM"

echo "building the pipeline fuzz target..."
# shellcheck disable=SC2086
mkdir -p "$out"
build_modules "$root/Fuzz/out/modules" $modules
# shellcheck disable=SC2046,SC2086
swiftc -sanitize=fuzzer -parse-as-library -O -g -package-name tips -module-name FuzzPipeline -I "$root/Fuzz/out/modules" \
    "$root/Fuzz/Pipeline/FuzzPipeline.swift" $(objects "$root/Fuzz/out/modules" $modules) -o "$out/fuzz-pipeline"

rm -rf "$out/seeds"
mkdir -p "$out/corpus" "$out/seeds"
n=0
while IFS= read -r -d '' f; do
    cp "$f" "$out/seeds/seed-$n.tips"
    n=$((n + 1))
done < <(find "$root/Definitions" "$root/Fuzz/FrontEnd/Seeds" "$root/Fuzz/Pipeline/Seeds" -name '*.tips' -type f -print0)
echo "seeded from $n .tips files"
. "$root/scripts/fuzz-corpus.sh"
kept="$(kept_corpus Pipeline "$out")"

cd "$out"
SWIFT_BACKTRACE=enable=no "$out/fuzz-pipeline" "$out/corpus" "$out/seeds" $kept \
    -dict="$root/Fuzz/FrontEnd/tips.dict" "$limit" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/" -print_final_stats=1 "$@"
