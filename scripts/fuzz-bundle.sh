#!/bin/sh
# Builds the libFuzzer target for the bundle loader (Fuzz/BundleLoader) from the
# TipsBytecode and TipsVM sources, with AddressSanitizer, and runs it.
#
# Usage: scripts/fuzz-bundle.sh [seconds=60] [extra libFuzzer flags...]
# (0 seconds runs each seed once and stops: CI's smoke run, which keeps the target building.)
# Seeds: Fuzz/BundleLoader/corpus (checked in, generated from the tests' RandomBundle;
# set FUZZ_REGENERATE_CORPUS=1 to rewrite it); new inputs collect in .build/fuzz/corpus;
# crashes are written to .build/fuzz/artifacts/.
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-60}"
# 0 seconds: build, then run every seed once and stop (CI's smoke run: deterministic).
if [ "$seconds" = 0 ]; then limit="-runs=0"; else limit="-max_total_time=$seconds"; fi
[ $# -gt 0 ] && shift
out=.build/fuzz
mkdir -p "$out/corpus" "$out/artifacts" "$out/plain"
flags="-O -parse-as-library -sanitize=fuzzer,address -I $out"
# ASan's runtime makes gold warn about symbols it cannot export; they are harmless.
quiet() { "$@" 2>&1 | grep -v "Cannot export local symbol" >&2 || true; }

# One module per library, as in the package (TipsBytecode imports TipsTime, TipsVM imports
# TipsBytecode).
echo "building the fuzz target" >&2
swiftc $flags -package-name tips -module-name TipsTime -wmo -c Sources/TipsTime/*.swift \
    -emit-module -emit-module-path "$out/TipsTime.swiftmodule" -o "$out/TipsTime.o"
swiftc $flags -package-name tips -module-name TipsBytecode -wmo -c Sources/TipsBytecode/*.swift \
    -emit-module -emit-module-path "$out/TipsBytecode.swiftmodule" -o "$out/TipsBytecode.o"
swiftc $flags -package-name tips -module-name TipsVM -wmo -c Sources/TipsVM/*.swift \
    -emit-module -emit-module-path "$out/TipsVM.swiftmodule" -o "$out/TipsVM.o"
rm -f "$out/fuzz-bundle-loader"
quiet swiftc $flags -package-name tips -module-name FuzzBundleLoader Fuzz/BundleLoader/FuzzBundleLoader.swift \
    "$out/TipsTime.o" "$out/TipsBytecode.o" "$out/TipsVM.o" -o "$out/fuzz-bundle-loader"
[ -x "$out/fuzz-bundle-loader" ] || { echo "link failed" >&2; exit 1; }

# Seed corpus: a plain (uninstrumented) build of the tests' random bundle generator.
if [ "${FUZZ_REGENERATE_CORPUS:-0}" = 1 ] || [ -z "$(ls Fuzz/BundleLoader/corpus 2>/dev/null)" ]; then
    mkdir -p Fuzz/BundleLoader/corpus
    swiftc -O -parse-as-library -package-name tips -module-name TipsTime -wmo -c Sources/TipsTime/*.swift \
        -emit-module -emit-module-path "$out/plain/TipsTime.swiftmodule" -o "$out/plain/TipsTime.o"
    swiftc -O -parse-as-library -I "$out/plain" -package-name tips -module-name TipsBytecode -wmo -c Sources/TipsBytecode/*.swift \
        -emit-module -emit-module-path "$out/plain/TipsBytecode.swiftmodule" -o "$out/plain/TipsBytecode.o"
    # RandomBundle draws from the benchmarks' SeededGenerator: that one file is the module.
    swiftc -O -parse-as-library -package-name tips -module-name TipsBenchSupport -wmo -c Sources/TipsBenchSupport/SeededGenerator.swift \
        -emit-module -emit-module-path "$out/plain/TipsBenchSupport.swiftmodule" -o "$out/plain/TipsBenchSupport.o"
    swiftc -O -parse-as-library -I "$out/plain" -package-name tips -module-name GenerateCorpus Fuzz/BundleLoader/GenerateCorpus.swift \
        Sources/TipsTestSupport/RandomBundle.swift \
        "$out/plain/TipsTime.o" "$out/plain/TipsBytecode.o" "$out/plain/TipsBenchSupport.o" -o "$out/plain/generate-corpus"
    "$out/plain/generate-corpus" Fuzz/BundleLoader/corpus 12
fi

echo "fuzzing for $seconds s" >&2
exec "$out/fuzz-bundle-loader" "$limit" -max_len=16384 -timeout=5 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 "$@" "$out/corpus" Fuzz/BundleLoader/corpus
