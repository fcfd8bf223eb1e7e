#!/usr/bin/env bash
# The example app downloads a live update (Docs/remote.md, "The example app's download"),
# from a clean checkout: generate a key, publish the catalog the app embeds (version 1) and
# the changed catalog in Examples/ListDetail/LiveUpdate (version 2, checked against the
# app's catalog with --app), serve the folder on 127.0.0.1 with scripts/update-server.py,
# and run the example's LiveUpdateTests against it. The URL and the public key reach the
# tests through LISTDETAIL_UPDATE_URL and LISTDETAIL_UPDATE_PUBLIC_KEY; without them the
# suite is skipped, so this fails unless the suite ran and passed and the server saw it
# fetch the bundle (and answer its second check with a 304).
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d "${TMPDIR:-/tmp}/tips-example-update.XXXXXX")
server_pid=""
cleanup() {
    exec 3>&- 2>/dev/null || true
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

app=Examples/ListDetail/Sources/ListDetail/Tips
changed=Examples/ListDetail/LiveUpdate
site="$work/site"
mkdir "$site"

echo "+ building tipc and the example's tests"
swift build --product tipc
tipc="$(swift build --show-bin-path)/tipc"
swift build --build-tests --package-path Examples/ListDetail

echo "+ publishing"
"$tipc" keygen --key-id listdetail-ci -o "$work/release.key"
# Version 1 is what the app embeds: the baseline the next publication is compared with.
"$tipc" publish --key "$work/release.key" --catalog com.example.listdetail --version 1 "$app" -o "$site"

# The same change with the rename undeclared loses the app's FavoriteTip: even with the
# diff's --force, the app check refuses it (E700), and nothing is written.
mkdir "$work/undeclared"
cp "$changed"/*.tips "$work/undeclared/"
# (through a temporary file: `sed -i` differs between GNU and BSD)
sed 's/^tip HeartTip renamedFrom FavoriteTip {/tip HeartTip {/' "$changed/tips.tips" > "$work/undeclared/tips.tips"
cmp -s "$changed/tips.tips" "$work/undeclared/tips.tips" && { echo "check-example-update: the rename to undo was not found"; exit 1; }
if "$tipc" publish --key "$work/release.key" --force --app "$app" "$work/undeclared" -o "$site" > "$work/refused.txt" 2>&1; then
    cat "$work/refused.txt"
    echo "check-example-update: a catalog without the app's FavoriteTip was published"
    exit 1
fi
if ! grep -q "tip 'FavoriteTip' of the app built from $app is not in the new catalog.*\[E700\]" "$work/refused.txt"; then
    cat "$work/refused.txt"
    echo "check-example-update: the refusal does not name FavoriteTip with E700"
    exit 1
fi
test ! -e "$site/com.example.listdetail-2.tipsb"

# Version 2: the declared rename keeps the app's names, so it is published.
"$tipc" publish --key "$work/release.key" --app "$app" "$changed" -o "$site"
test -f "$site/com.example.listdetail-2.tipsb"
# The kill switch beside it: the test fetches it last, and the favourites-first tip goes.
"$tipc" suspend --key "$work/release.key" --tip FavoritesFirstTip -o "$site"
test -f "$site/suspension.json"

echo "+ serving $site on 127.0.0.1"
mkfifo "$work/stdin"
UPDATE_SERVER_LIFETIME=1800 python3 scripts/update-server.py "$work" < "$work/stdin" > "$work/port" &
server_pid=$!
exec 3> "$work/stdin"   # the server exits when this closes
for _ in $(seq 100); do
    [ -s "$work/port" ] && break
    sleep 0.1
done
port=$(head -n 1 "$work/port")
case "$port" in ''|*[!0-9]*) echo "check-example-update: update-server.py printed no port"; exit 1 ;; esac

echo "+ the example app's download test"
LISTDETAIL_UPDATE_URL="http://127.0.0.1:$port/plain/site/" LISTDETAIL_UPDATE_PUBLIC_KEY="$work/release.key.pub" \
    swift test --skip-build --package-path Examples/ListDetail --filter LiveUpdateTests 2>&1 | tee "$work/test.txt"
if grep -q "skipped" "$work/test.txt" || ! grep -q "theAppDownloadsAChangedCatalogAndItsScreensFollow() passed" "$work/test.txt"; then
    echo "check-example-update: LiveUpdateTests did not run and pass"
    exit 1
fi
python3 - "$port" <<'PY'
import json, sys, urllib.request
stats = json.load(urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/stats", timeout=10))
paths = [r["path"] for r in stats["requests"]]
bundle = [p for p in paths if p.endswith("/com.example.listdetail-2.tipsb")]
if not bundle or stats["notModified"] < 1:
    sys.exit(f"check-example-update: the server saw {paths} and {stats['notModified']} 304s; expected the bundle and a 304")
print(f"check-example-update: served {len(paths)} requests, the bundle {len(bundle)} time(s), {stats['notModified']} 304(s)")
PY
echo "check-example-update: passed"
