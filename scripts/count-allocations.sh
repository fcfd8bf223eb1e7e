#!/bin/sh
# Runs the VM allocation tests with malloc counting: builds the malloc-count preload
# library, then runs `swift test` for TipsVMTests.AllocationTests under LD_PRELOAD.
# Usage: scripts/count-allocations.sh [extra swift test arguments]
set -eu
cd "$(dirname "$0")/.."
out=.build/malloc-count
mkdir -p "$out"
clang -O2 -shared -fPIC -o "$out/libtips-malloc-count.so" scripts/malloc-count.c
swift build --build-tests >/dev/null
LD_PRELOAD="$PWD/$out/libtips-malloc-count.so" swift test --skip-build --filter TipsVMTests.AllocationTests "$@"
