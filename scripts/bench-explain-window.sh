#!/usr/bin/env bash
# `tipc explain` over many donations in a filtered window (issue 13): generates journals of
# 2k, 4k, 8k, 16k and 32k donations over one week (two of them match the filter), explains
# the tip a week later with a release tipc, and prints the seconds per size. The tip can't
# become available by time alone, so the search walks the whole horizon.
#
#   scripts/bench-explain-window.sh [TIPC ...]
#
# With several tipc binaries (e.g. one built from main, one from a branch), times each on
# the same files in the same run, so their ratio is meaningful.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -eq 0 ]]; then
    swift build -c release --product tipc >&2
    set -- "$(swift build -c release --show-bin-path)/tipc"
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# Catalogs: the default limit, a large one, and a large one with a rule reading `now`
# before the window (evaluated at every candidate, the window only when it changes).
for limit in 1000 100000 100000+now; do
    nowRule=""
    if [[ $limit == *+now ]]; then nowRule='rule now - first(shared) < 60d'; fi
    cat > "$dir/window-$limit.tips" << TIPS
event shared(target: String) limit ${limit%+now}

tip WindowTip {
    title "Share by link"
    $nowRule
    rule count(shared where target == "x" within 7d) >= 3
}
TIPS
    "$1" compile "$dir/window-$limit.tips" -o "$dir/window-$limit.bundle" > /dev/null
done
for n in 2000 4000 8000 16000 32000; do
    python3 - "$n" "$dir/j$n.jsonl" << 'PY'
import sys, zlib
n, out = int(sys.argv[1]), sys.argv[2]
start, span = 1767225600000, 7 * 86400000  # 2026-01-01, one week
def line(body):
    return body + ',"crc":"%08x"}' % zlib.crc32(body.encode())
with open(out, "w") as f:
    f.write(line('{"journal":"tips","version":1,"created":%d' % start) + "\n")
    for i in range(n):
        target = "x" if i < 2 else "y"
        f.write(line('{"seq":%d,"t":"donate","at":%d,"event":"shared","payload":{"target":{"string":"%s"}}'
                     % (i + 1, start + i * span // n, target)) + "\n")
PY
done
printf "%-11s %-9s" limit donations
for bin in "$@"; do printf " %14s" "$(basename "$(dirname "$bin")")"; done
echo
for limit in 1000 100000 100000+now; do
    for n in 2000 4000 8000 16000 32000; do
        printf "%-11s %-9s" "$limit" "$n"
        for bin in "$@"; do
            s=$( { /usr/bin/time -f "%e" "$bin" explain WindowTip --bundle "$dir/window-$limit.bundle" --journal "$dir/j$n.jsonl" \
                   --at 2026-01-08T00:00:00Z > /dev/null; } 2>&1 | tail -1)
            printf " %13ss" "$s"
        done
        echo
    done
done
