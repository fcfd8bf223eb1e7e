#!/usr/bin/env bash
# Keeps a fuzzing campaign's corpus in git: the smallest set of its inputs (libFuzzer's
# -set_cover_merge) that covers every feature of the campaign's corpus, the seeds and the
# corpus kept so far, archived as Fuzz/<Target>/Corpus.tar.xz. Run it after a long run of
# scripts/fuzz-TARGET.sh (which leaves its binary and corpus under Fuzz/out).
#
#   scripts/fuzz-keep.sh journal|scenario|pipeline|frontend|lsp|swiftgen|update
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/fuzz-corpus.sh"
case "${1:-}" in
    journal)  dir=Journal;  out="$root/Fuzz/out/journal";  bin=fuzz-journal;  seeds="$root/Fuzz/Journal/Seeds";  flags="-max_len=16384" ;;
    scenario) dir=Scenario; out="$root/Fuzz/out/scenario"; bin=fuzz-scenario; seeds="$out/seeds"; flags="-max_len=4096" ;;
    pipeline) dir=Pipeline; out="$root/Fuzz/out/pipeline"; bin=fuzz-pipeline; seeds="$out/seeds"; flags="-max_len=8192" ;;
    frontend) dir=FrontEnd; out="$root/Fuzz/out";          bin=fuzz-frontend; seeds="$out/seeds"; flags="-max_len=8192" ;;
    lsp)      dir=LanguageServer; out="$root/Fuzz/out/lsp"; bin=fuzz-lsp; seeds="$root/Fuzz/LanguageServer/Seeds"; flags="-max_len=16384" ;;
    swiftgen) dir=SwiftGen; out="$root/Fuzz/out/swiftgen"; bin=fuzz-swiftgen; seeds="$out/seeds"; flags="-max_len=8192" ;;
    update)   dir=CatalogUpdate; out="$root/Fuzz/out/update"; bin=fuzz-update; seeds="$out/seeds"; flags="-max_len=32768" ;;
    *) echo "usage: scripts/fuzz-keep.sh journal|scenario|pipeline|frontend|lsp|swiftgen|update" >&2; exit 2 ;;
esac
[ -x "$out/$bin" ] || { echo "no $out/$bin: run scripts/fuzz-$1.sh first" >&2; exit 1; }
kept="$(kept_corpus "$dir" "$out")"
merged="$out/merged"
rm -rf "$merged"
mkdir -p "$merged"
export TIPS_FUZZ_CATALOG="$root/Definitions/notes-app" SWIFT_BACKTRACE=enable=no
# shellcheck disable=SC2086
"$out/$bin" -set_cover_merge=1 $flags -timeout=10 -rss_limit_mb=2048 "$merged" "$out/corpus" "$seeds" $kept
tar -C "$merged" -cJf "$root/Fuzz/$dir/Corpus.tar.xz" .
echo "kept $(find "$merged" -type f | wc -l) inputs in Fuzz/$dir/Corpus.tar.xz ($(du -h "$root/Fuzz/$dir/Corpus.tar.xz" | cut -f1))"
