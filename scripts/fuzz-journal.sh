#!/usr/bin/env bash
# Fuzzes the journal reader with libFuzzer: arbitrary bytes as a journal, then read-only
# read, writer open (replay + repair), append, compaction and reopen, with the invariants
# listed in Fuzz/Journal/FuzzJournal.swift.
#
#   scripts/fuzz-journal.sh [SECONDS] [extra libFuzzer flags...]
#   (default 60; 0 runs each seed once: CI's smoke run)
#
# The target is compiled with the TipsJournal sources as one module. Files go to
# Fuzz/out/journal (ignored by git): the binary, the growing corpus and crash-* files.
# Seeds: Fuzz/Journal/Seeds (checked in). Each input is written to a scratch file under
# /dev/shm (or the temp directory) that the target removes and rewrites.
set -euo pipefail

seconds="${1:-60}"
if [ "$seconds" = 0 ]; then limit="-runs=0"; else limit="-max_total_time=$seconds"; fi
[ $# -gt 0 ] && shift
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Fuzz/out/journal"
mkdir -p "$out/corpus"
. "$root/scripts/fuzz-corpus.sh"
kept="$(kept_corpus Journal "$out")"

echo "building the journal fuzz target..."
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name TipsJournal -package-name tips \
    "$root"/Sources/TipsJournal/*.swift "$root/Fuzz/Journal/FuzzJournal.swift" -o "$out/fuzz-journal" 2>&1 \
    | grep -v "Cannot export local symbol" >&2 || true
[ -x "$out/fuzz-journal" ] || { echo "build failed" >&2; exit 1; }

cd "$out"
SWIFT_BACKTRACE=enable=no "$out/fuzz-journal" "$out/corpus" "$root/Fuzz/Journal/Seeds" $kept \
    "$limit" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/" -print_final_stats=1 "$@"
