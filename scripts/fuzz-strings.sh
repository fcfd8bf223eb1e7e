#!/usr/bin/env bash
# Fuzzes the translation readers (`tipc strings check|import`, and the String Catalogs beside
# a catalog) with libFuzzer: arbitrary bytes as an XLIFF file or a String Catalog, read and
# checked against the notes-app catalog (Fuzz/Strings/FuzzStrings.swift lists the invariants).
#
#   scripts/fuzz-strings.sh [SECONDS] [extra libFuzzer flags...]
#   (default 60; 0 runs each seed once: CI's smoke run)
#
# Each package module is built as its own module (scripts/fuzz-modules.sh). Files go to
# Fuzz/out/strings (ignored by git). Seeds: Fuzz/Strings/Seeds (first byte: even XLIFF, odd
# String Catalog).
set -euo pipefail

seconds="${1:-60}"
if [ "$seconds" = 0 ]; then limit="-runs=0"; else limit="-max_total_time=$seconds"; fi
[ $# -gt 0 ] && shift
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Fuzz/out/strings"
. "$root/scripts/fuzz-modules.sh"
modules="TipsTime TipsText TipsSource TipsSyntax TipsCheck TipsBytecode TipsCompile TipsJournal TipsSignature TipsDriver"

echo "building the translation readers fuzz target..."
# shellcheck disable=SC2086
mkdir -p "$out"
build_modules "$root/Fuzz/out/modules" $modules
# shellcheck disable=SC2046,SC2086
swiftc -sanitize=fuzzer -parse-as-library -O -g -package-name tips -module-name FuzzStrings -I "$root/Fuzz/out/modules" \
    "$root/Fuzz/Strings/FuzzStrings.swift" $(objects "$root/Fuzz/out/modules" $modules) -o "$out/fuzz-strings"

mkdir -p "$out/corpus"
. "$root/scripts/fuzz-corpus.sh"
kept="$(kept_corpus Strings "$out")"

cd "$out"
TIPS_FUZZ_CATALOG="$root/Definitions/notes-app" SWIFT_BACKTRACE=enable=no "$out/fuzz-strings" \
    "$out/corpus" "$root/Fuzz/Strings/Seeds" $kept -dict="$root/Fuzz/Strings/strings.dict" \
    "$limit" -max_len=16384 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$out/" -print_final_stats=1 "$@"
