#!/usr/bin/env bash
# Renders `tipc report --format html` for a generated fleet in headless Chromium and reads the
# numbers back from the rendered page, comparing them with `tipc report --format json`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-browser.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/report/fleet.py "$work/fleet" 1000
swift run tipc report --format json "$work/fleet" > "$work/report.json"
swift run tipc report --format html "$work/fleet" > "$work/report.html"
.build/browser-venv/bin/python scripts/report/read_html.py "$work/report.html" "$work/report.json"
