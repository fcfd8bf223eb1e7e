#!/usr/bin/env bash
# journal.replay.1m: time our replay (Journal.open: parse, CRC check, state reducer) of a
# 1,000,000-line journal against a plain Python json.loads loop over the same file, and
# against a Python loop that also checks each line's CRC as we do.
#
#   scripts/journal-replay-python.sh [LINES=1000000]
set -euo pipefail
lines=${1:-1000000}
cd "$(dirname "$0")/.."
swift build -c release --product journal-crash-writer >&2
bin="$(swift build -c release --show-bin-path)/journal-crash-writer"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
file="$dir/replay.jsonl"
"$bin" generate --path "$file" --lines "$lines"
echo "file: $lines records, $(wc -c < "$file") bytes"
# Warm the page cache so both sides read from memory.
cat "$file" > /dev/null
for run in 1 2 3; do
    echo "swift replay (run $run): $("$bin" replay "$file")"
done
if command -v python3 > /dev/null; then
    python3 - "$file" << 'PY'
import json, sys, time, zlib
path = sys.argv[1]
for label, check in (("python json.loads loop", False), ("python json.loads + crc32 loop", True)):
    t = time.perf_counter()
    n = 0
    with open(path, "rb") as f:
        f.readline()  # header
        for line in f:
            rec = json.loads(line)
            if check and "%08x" % zlib.crc32(line[:-19]) != rec["crc"]:
                raise SystemExit("crc mismatch")
            n += 1
    s = time.perf_counter() - t
    print(f"{label}: records {n} seconds {s:.3f} rate {int(n / s)}/s")
PY
else
    echo "python3 not found: skipping the comparison"
fi
