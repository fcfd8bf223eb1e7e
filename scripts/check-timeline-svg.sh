#!/usr/bin/env bash
# Draws a multi-day timeline (the notes-app daily writer's forecast, emitted as a scenario)
# with `tipc test --timeline` and reads its axis labels back in headless Chromium: real days
# and times, dates one day apart, nothing overlapping (scripts/timeline/read_svg.py).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-browser.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/notes-app"
cp Definitions/notes-app/*.tips "$work/notes-app/"
swift run tipc forecast --emit-scenario "$work/notes-app/daily-writer.scenario" Definitions/notes-app/daily-writer.persona > /dev/null
swift run tipc test --timeline "$work/timeline.svg" "$work/notes-app/daily-writer.scenario"
.build/browser-venv/bin/python scripts/timeline/read_svg.py "$work/timeline.svg" 2026-01-01
