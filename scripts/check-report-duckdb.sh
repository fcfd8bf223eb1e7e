#!/usr/bin/env bash
# Shows that DuckDB, running the SQL of Docs/report.md over an export, computes the same
# per-variant figures as `tipc report --format json` (to the last printed digit), over a
# deterministic synthetic fleet of 1,000 devices. DuckDB comes from PyPI, in a venv under .build.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_PATH=${BUILD_PATH:-.build}
venv=$BUILD_PATH/duckdb-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import duckdb' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q duckdb
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/report/fleet.py "$work/fleet" 1000
swift run --build-path "$BUILD_PATH" tipc report --format json "$work/fleet" > "$work/report.json"
"$venv/bin/python" scripts/report/duckdb_figures.py "$work/fleet" "$work/report.json" Docs/report.md
