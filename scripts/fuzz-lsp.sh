#!/usr/bin/env bash
# Fuzzes the language server's input with libFuzzer: arbitrary bytes as the stream from the
# editor, through MessageFramer into LanguageServer the way StdioServer runs them, on the
# notes-app catalog (Fuzz/LanguageServer/FuzzLanguageServer.swift lists the invariants).
#
#   scripts/fuzz-lsp.sh [SECONDS] [extra libFuzzer flags...]
#   (default 60; 0 runs each seed once: CI's smoke run)
#
# Each package module is built as its own module (scripts/fuzz-modules.sh). Files go to
# Fuzz/out/lsp (ignored by git); the target copies the catalog to /tmp/tips-fuzz-lsp, where
# the seeds (Fuzz/LanguageServer/Seeds) name its files.
set -euo pipefail

seconds="${1:-60}"
if [ "$seconds" = 0 ]; then limit="-runs=0"; else limit="-max_total_time=$seconds"; fi
[ $# -gt 0 ] && shift
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Fuzz/out/lsp"
. "$root/scripts/fuzz-modules.sh"
modules="TipsTime TipsText TipsSource TipsSyntax TipsCheck TipsBytecode TipsCompile TipsVM TipsJournal TipsSignature TipsRuntime TipsDriver TipsScenario TipsLanguageServer"

echo "building the language server fuzz target..."
# shellcheck disable=SC2086
mkdir -p "$out"
build_modules "$root/Fuzz/out/modules" $modules
# shellcheck disable=SC2046,SC2086
swiftc -sanitize=fuzzer -parse-as-library -O -g -package-name tips -module-name FuzzLanguageServer -I "$root/Fuzz/out/modules" \
    "$root/Fuzz/LanguageServer/FuzzLanguageServer.swift" $(objects "$root/Fuzz/out/modules" $modules) -o "$out/fuzz-lsp"

mkdir -p "$out/corpus"
. "$root/scripts/fuzz-corpus.sh"
kept="$(kept_corpus LanguageServer "$out")"

cd "$out"
TIPS_FUZZ_CATALOG="$root/Definitions/notes-app" SWIFT_BACKTRACE=enable=no "$out/fuzz-lsp" \
    "$out/corpus" "$root/Fuzz/LanguageServer/Seeds" $kept -dict="$root/Fuzz/LanguageServer/lsp.dict" \
    "$limit" -max_len=16384 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$out/" -print_final_stats=1 "$@"
