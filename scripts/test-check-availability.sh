#!/usr/bin/env bash
# Self-test of scripts/check-availability.sh: the scope reader's unit tests, then a copy of
# the package that must pass as it is, and must fail with each planted regression at its
# file:line:col (String(validating:as:) in TipsRuntime, Mutex in TipsScenario, a newer API
# in the Swift `tipc gen swift` writes, ...) while correctly guarded uses pass.
# Options: --work DIR keeps the copy and its build there (a second run is incremental).
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1
python3 scripts/availability/test_swiftscope.py
exec python3 scripts/availability/selftest.py "$@"
