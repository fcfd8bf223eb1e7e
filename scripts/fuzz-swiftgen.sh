#!/usr/bin/env bash
# Fuzzes the Swift generator (`tipc gen swift`) with libFuzzer: catalogs from arbitrary .tips
# bytes, or from arbitrary strings put into a template catalog, through the checker and
# SwiftGenerator (Fuzz/SwiftGen/FuzzSwiftGen.swift lists the invariants). Afterwards, the
# Swift generated from every seed and kept input (and, after a campaign, the whole corpus)
# must pass `swiftc -parse`: a real Swift parser, too slow for the fuzzing loop.
#
#   scripts/fuzz-swiftgen.sh [SECONDS] [extra libFuzzer flags...]
#   (default 60; 0 runs each seed once: CI's smoke run)
#
# Each package module is built as its own module (scripts/fuzz-modules.sh). Files go to
# Fuzz/out/swiftgen (ignored by git). Seeds: Fuzz/SwiftGen/Seeds (template strings: a zero
# byte, then strings separated by zero bytes) and every .tips file under Definitions, Tests
# and Fuzz/*/Seeds.
set -euo pipefail

seconds="${1:-60}"
if [ "$seconds" = 0 ]; then limit="-runs=0"; else limit="-max_total_time=$seconds"; fi
[ $# -gt 0 ] && shift
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Fuzz/out/swiftgen"
. "$root/scripts/fuzz-modules.sh"
modules="TipsTime TipsText TipsSource TipsSyntax TipsCheck TipsSwiftGen"

echo "building the Swift generator fuzz target..."
# shellcheck disable=SC2086
mkdir -p "$out"
build_modules "$root/Fuzz/out/modules" $modules
# shellcheck disable=SC2046,SC2086
swiftc -sanitize=fuzzer -parse-as-library -O -g -package-name tips -module-name FuzzSwiftGen -I "$root/Fuzz/out/modules" \
    "$root/Fuzz/SwiftGen/FuzzSwiftGen.swift" $(objects "$root/Fuzz/out/modules" $modules) -o "$out/fuzz-swiftgen"

rm -rf "$out/seeds" "$out/swift"
mkdir -p "$out/corpus" "$out/seeds" "$out/swift"
cp "$root"/Fuzz/SwiftGen/Seeds/* "$out/seeds/"
n=0
while IFS= read -r -d '' f; do
    cp "$f" "$out/seeds/seed-$n.tips"
    n=$((n + 1))
done < <(find "$root/Definitions" "$root/Tests" "$root/Fuzz/FrontEnd/Seeds" "$root/Fuzz/Pipeline/Seeds" -name '*.tips' -type f -print0)
echo "seeded from $n .tips files and $(find "$root/Fuzz/SwiftGen/Seeds" -type f | wc -l) template inputs"
. "$root/scripts/fuzz-corpus.sh"
kept="$(kept_corpus SwiftGen "$out")"

cd "$out"
status=0
SWIFT_BACKTRACE=enable=no "$out/fuzz-swiftgen" "$out/corpus" "$out/seeds" $kept -dict="$root/Fuzz/SwiftGen/swiftgen.dict" \
    "$limit" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$out/" -print_final_stats=1 "$@" || status=$?

# The slow property: what the generator wrote for each input must parse as Swift.
echo "checking the generated Swift with swiftc -parse..."
# shellcheck disable=SC2086
TIPS_FUZZ_SWIFT_OUT="$out/swift" SWIFT_BACKTRACE=enable=no "$out/fuzz-swiftgen" -runs=0 "$out/seeds" $kept \
    $([ "$seconds" = 0 ] || echo "$out/corpus") > "$out/parse-run.log" 2>&1 || true
files=("$out"/swift/*.swift)
if [ -e "${files[0]}" ]; then
    printf '%s\0' "${files[@]}" | xargs -0 -n 200 swiftc -parse || { echo "generated Swift does not parse" >&2; exit 1; }
    echo "swiftc -parse: ${#files[@]} generated files parse"
fi
exit "$status"
