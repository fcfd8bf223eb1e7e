#!/usr/bin/env bash
# The availability check (Docs/availability.md): builds the package with an index store in
# .build/availability, then fails when code that ships to apps (TipsRuntime and what it
# links, the Swift `tipc gen swift` writes) uses a declaration newer than a declared Apple
# floor, or code that runs on the developer's Mac (tipc, tips-demo, TipsPlugin and what
# they link) one newer than the macOS floor, outside a matching #available / @available.
# Options: --skip-build, --verbose, --list-guarded, --package-path DIR, --build-path DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1
exec python3 scripts/availability/check.py "$@"
