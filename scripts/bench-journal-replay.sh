#!/usr/bin/env bash
# journal.replay.1m against Python: tips-bench replays a 1,000,000-line journal (open:
# parse, CRC check, state reducer; fast path and general decoder alternately), then a plain Python json.loads loop reads the very same
# file; prints both times and the ratio (ours / Python's; below 1 means we are faster).
#
#   scripts/bench-journal-replay.sh [--quick]
#
# --quick uses 50,000 lines (tips-bench --quick). The page cache is warmed first so both
# sides read from memory. Needs python3 for the comparison (skipped, with a note, without).
set -euo pipefail
cd "$(dirname "$0")/.."
quick=()
if [[ "${1:-}" == "--quick" ]]; then quick=(--quick); fi
swift build -c release --product tips-bench >&2
bin="$(swift build -c release --show-bin-path)/tips-bench"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
file="$dir/replay.jsonl"

# The first run generates the file (kept at --journal-file); time a second run on a warm cache.
"$bin" "${quick[@]}" --filter journal.replay --journal-file "$file" --json > /dev/null
cat "$file" > /dev/null
line=$("$bin" "${quick[@]}" --filter journal.replay --journal-file "$file" --json)
echo "file: $(wc -l < "$file") lines, $(wc -c < "$file") bytes"

python3 - "$line" "$file" << 'PY' || echo "python3 not found or failed: no comparison"
import json, sys, time
ours = json.loads(sys.argv[1])
path = sys.argv[2]
t = time.perf_counter()
n = 0
with open(path, "rb") as f:
    f.readline()  # the journal's header line
    for line in f:
        json.loads(line)
        n += 1
py = time.perf_counter() - t
print(f"tips-bench journal.replay.1m: {ours['records']:.0f} records in {ours['seconds']:.3f} s "
      f"({ours['records_per_second']:.0f} records/s; CPU {ours['cpu_seconds']:.3f} s; "
      f"general decoder {ours['baseline_ns_per_op'] * ours['records'] / 1e9:.3f} s, CPU {ours['baseline_cpu_seconds']:.3f} s)")
print(f"python json.loads loop:       {n} records in {py:.3f} s ({n / py:.0f} records/s)")
print(f"ratio (ours / python): {ours['seconds'] / py:.3f}")
PY
