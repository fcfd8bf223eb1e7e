#!/usr/bin/env bash
# Every Darwin-only #if branch (canImport(Darwin), os(macOS), ... : compiled on an Apple
# platform, not on Linux) in Sources/, Examples/ and Plugins/ is listed and parsed with
# `swiftc -parse`: well-formed Swift, though not type-checked (no Apple SDK here).
# See Docs/availability.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1
exec python3 scripts/availability/darwin_branches.py "$@"
