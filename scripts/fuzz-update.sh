#!/usr/bin/env bash
# Fuzzes what a downloaded catalog update brings with libFuzzer: arbitrary manifest and
# bundle bytes through CatalogManifest.decode and CatalogUpdate.check, and arbitrary key
# file bytes through SigningKeyFile.decode (Fuzz/CatalogUpdate/FuzzCatalogUpdate.swift gives
# the input format and lists the invariants: above all, nothing but the genuine signed
# update is ever accepted).
#
#   scripts/fuzz-update.sh [SECONDS] [extra libFuzzer flags...]
#   (default 60; 0 runs each seed once: CI's smoke run)
#
# Each package module is built as its own module (scripts/fuzz-modules.sh). Files go to
# Fuzz/out/update (ignored by git). Seeds, written to Fuzz/out/update/seeds: the genuine
# signed manifest and bundle of Fuzz/CatalogUpdate/Genuine (made with tipc keygen and tipc
# publish on Definitions/notes-app) under several flags, and the key files of
# Fuzz/CatalogUpdate/KeyFiles.
set -euo pipefail

seconds="${1:-60}"
if [ "$seconds" = 0 ]; then limit="-runs=0"; else limit="-max_total_time=$seconds"; fi
[ $# -gt 0 ] && shift
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Fuzz/out/update"
. "$root/scripts/fuzz-modules.sh"
modules="TipsTime TipsText TipsSource TipsSyntax TipsCheck TipsBytecode TipsCompile TipsJournal TipsSignature TipsDriver TipsVM TipsRuntime"

echo "building the catalog update fuzz target..."
# shellcheck disable=SC2086
mkdir -p "$out"
build_modules "$root/Fuzz/out/modules" $modules
# shellcheck disable=SC2046,SC2086
swiftc -sanitize=fuzzer -parse-as-library -O -g -package-name tips -module-name FuzzCatalogUpdate -I "$root/Fuzz/out/modules" \
    "$root/Fuzz/CatalogUpdate/FuzzCatalogUpdate.swift" $(objects "$root/Fuzz/out/modules" $modules) -o "$out/fuzz-update"

# An update input: a flags byte, the manifest's length (4 bytes, little-endian), the
# manifest, the bundle.
update_input() {
    local flags="$1" manifest="$2" bundle="$3" n
    n=$(wc -c < "$manifest")
    # shellcheck disable=SC2059
    printf "\\x$(printf %02x "$flags")\\x$(printf %02x $((n & 255)))\\x$(printf %02x $((n >> 8 & 255)))\\x00\\x00"
    cat "$manifest" "$bundle"
}
genuine="$root/Fuzz/CatalogUpdate/Genuine"
rm -rf "$out/seeds"
mkdir -p "$out/corpus" "$out/seeds"
# Accepted (flags 0), not newer (1: running version 1), another app's catalog (4), and a
# second trusted key (8).
for flags in 0 1 4 8; do
    update_input "$flags" "$genuine/manifest.json" "$genuine/com.example.notes-1.tipsb" > "$out/seeds/genuine-$flags"
done
for f in "$genuine"/*.pub "$root"/Fuzz/CatalogUpdate/KeyFiles/*; do
    { printf '\x80'; cat "$f"; } > "$out/seeds/key-$(basename "$f")"
done
. "$root/scripts/fuzz-corpus.sh"
kept="$(kept_corpus CatalogUpdate "$out")"

cd "$out"
# shellcheck disable=SC2086
SWIFT_BACKTRACE=enable=no "$out/fuzz-update" "$out/corpus" "$out/seeds" $kept -dict="$root/Fuzz/CatalogUpdate/update.dict" \
    "$limit" -max_len=32768 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$out/" -print_final_stats=1 "$@"
