#!/usr/bin/env bash
# Shows that DuckDB, running the SQL of Docs/report.md over an export, computes the same
# per-variant figures as `tipc report --format json` (to the last printed digit), twice:
# over a deterministic synthetic fleet of 1,000 devices' exports (variants and a holdout,
# scripts/report/fleet.py), and over 1,000 devices simulated by the runtime itself
# (tips-fleet: real TipStores through a week, their journals), where `tipc report` reads the
# journals and DuckDB reads `tipc events export` of them. Every row is compared (holdouts and
# rows never shown included) and every lift against a holdout with its Newcombe interval.
# DuckDB comes from PyPI, in a venv under .build. TIPS_DUCKDB_PLANT=1 plants a difference of
# 0.0001 in one lift of tipc's figures: the check must then fail.
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
swift build --build-path "$BUILD_PATH" --product tipc >/dev/null
swift build --build-path "$BUILD_PATH" --product tips-fleet >/dev/null
bin=$(swift build --build-path "$BUILD_PATH" --show-bin-path)
seconds() { local start=$SECONDS; "$@"; echo "  ($((SECONDS - start)) s: $(basename "$1") ${2:-})" >&2; }

echo "synthetic fleet (scripts/report/fleet.py):"
python3 scripts/report/fleet.py "$work/fleet" 1000
"$bin/tipc" report --format json "$work/fleet" > "$work/report.json"
# Both comparisons run whatever the first says; either failing fails the check.
status=0
"$venv/bin/python" scripts/report/duckdb_figures.py "$work/fleet" "$work/report.json" Docs/report.md \
    --expect-variants a,b,holdout || status=1

echo "fleet simulated by the runtime (tips-fleet):"
identity=(--defs "$work/runtime/catalog.tips" --catalog com.example.notes --catalog-version 7)
seconds "$bin/tips-fleet" "$work/runtime" 1000 24
mkdir -p "$work/runtime/events"
seconds "$bin/tipc" events export "${identity[@]}" --output "$work/runtime/events/fleet.ndjson" "$work/runtime/journals"
seconds "$bin/tipc" report --format json "${identity[@]}" "$work/runtime/journals" > "$work/runtime/report.json"
# ShareTip's experiment linkWording: both wordings and the holdout, from the seeded installs.
"$venv/bin/python" scripts/report/duckdb_figures.py "$work/runtime/events" "$work/runtime/report.json" Docs/report.md \
    --expect-variants plain,benefit,holdout || status=1
exit $status
