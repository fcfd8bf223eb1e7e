#!/usr/bin/env bash
# Fuzzes scenario files with libFuzzer: arbitrary bytes parsed and run as a .scenario file
# against the notes-app catalog (Fuzz/Scenario/FuzzScenario.swift lists the invariants).
#
#   scripts/fuzz-scenario.sh [SECONDS] [extra libFuzzer flags...]
#   (default 60; 0 runs each seed once: CI's smoke run)
#
# Each package module is built as its own module (scripts/fuzz-modules.sh). Files go to
# Fuzz/out/scenario (ignored by git). Seeds: Fuzz/Scenario/Seeds and every .scenario file
# under Definitions.
set -euo pipefail

seconds="${1:-60}"
if [ "$seconds" = 0 ]; then limit="-runs=0"; else limit="-max_total_time=$seconds"; fi
[ $# -gt 0 ] && shift
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Fuzz/out/scenario"
. "$root/scripts/fuzz-modules.sh"
modules="TipsTime TipsText TipsSource TipsSyntax TipsCheck TipsBytecode TipsCompile TipsVM TipsJournal TipsSignature TipsRuntime TipsDriver TipsScenario"

echo "building the scenario fuzz target..."
# shellcheck disable=SC2086
mkdir -p "$out"
build_modules "$root/Fuzz/out/modules" $modules
# shellcheck disable=SC2046,SC2086
swiftc -sanitize=fuzzer -parse-as-library -O -g -package-name tips -module-name FuzzScenario -I "$root/Fuzz/out/modules" \
    "$root/Fuzz/Scenario/FuzzScenario.swift" $(objects "$root/Fuzz/out/modules" $modules) -o "$out/fuzz-scenario"

rm -rf "$out/seeds"
mkdir -p "$out/corpus" "$out/seeds"
n=0
while IFS= read -r -d '' f; do
    cp "$f" "$out/seeds/seed-$n.scenario"
    n=$((n + 1))
done < <(find "$root/Definitions" "$root/Fuzz/Scenario/Seeds" -name '*.scenario' -type f -print0)
echo "seeded from $n .scenario files"
. "$root/scripts/fuzz-corpus.sh"
kept="$(kept_corpus Scenario "$out")"

cd "$out"
TIPS_FUZZ_CATALOG="$root/Definitions/notes-app" SWIFT_BACKTRACE=enable=no "$out/fuzz-scenario" \
    "$out/corpus" "$out/seeds" $kept "$limit" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/" -print_final_stats=1 "$@"
