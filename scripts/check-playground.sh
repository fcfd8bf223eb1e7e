#!/usr/bin/env bash
# The playground end to end in headless Chromium: `tipc playground` on a free loopback port
# with a copy of the notes-app catalog, the page driven by clicks (scripts/playground/drive.py),
# the session saved as a scenario, and `tipc test` passing it. With --screenshot FILE, also
# writes the screenshot Docs/playground.md shows. Usage: bash scripts/check-playground.sh [--screenshot FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
screenshot=
if [ "${1:-}" = "--screenshot" ]; then screenshot=$(realpath -m "$2"); fi
bash scripts/install-browser.sh
swift build --product tipc >/dev/null
tipc=$(swift build --show-bin-path)/tipc
work=$(mktemp -d)
server=
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/notes-app"
cp Definitions/notes-app/*.tips "$work/notes-app/"
"$tipc" playground --defs "$work/notes-app" --port 0 > "$work/out.txt" 2>&1 &
server=$!
url=
for _ in $(seq 1 100); do
    url=$(sed -n 's/^playground: \(http:\/\/127\.0\.0\.1:[0-9]*\/\)$/\1/p' "$work/out.txt")
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$work/out.txt"; echo "check-playground: tipc playground exited"; exit 1; }
    sleep 0.1
done
[ -n "$url" ] || { cat "$work/out.txt"; echo "check-playground: no URL printed"; exit 1; }
# The DNS-rebinding guard, seen from outside: another Host is refused.
code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Host: attacker.example' "$url" || true)
[ "$code" = 403 ] || { echo "check-playground: a request with Host attacker.example got $code, not 403"; exit 1; }
.build/browser-venv/bin/python scripts/playground/drive.py "$url" "$work/notes-app/playground.scenario" $screenshot
"$tipc" test "$work/notes-app/playground.scenario"
echo "check-playground: $((SECONDS - started)) s"
