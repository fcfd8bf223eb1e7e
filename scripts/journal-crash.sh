#!/usr/bin/env bash
# Crash harness, long form: SIGKILLs journal-crash-writer at random instants while it
# appends, then checks that every record it acknowledged is in the journal, in order, once,
# and that only the last line is ever torn. The test suite does 200 kills; this does many.
#
#   scripts/journal-crash.sh [KILLS=10000] [SEED=1]
#
# Modes rotate: synced, synced with a small auto-compaction threshold, batched (batch 4),
# and writes that pause mid-line (--torn-writes) so kills leave torn tails to repair.
# The journal is verified in full and replaced every 500 kills, so checks stay fast.
set -euo pipefail
kills=${1:-10000}
RANDOM=${2:-1}
cd "$(dirname "$0")/.."
swift build -c release --product journal-crash-writer >&2
bin="$(swift build -c release --show-bin-path)/journal-crash-writer"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
journal="$dir/j.jsonl"
ledger="$dir/ledger"
: > "$ledger"
torn=0
acked_total=0
start=$(date +%s)
for ((k = 0; k < kills; k++)); do
    args=(append --path "$journal" --writer "r$k")
    if (( k % 3 == 2 )); then args+=(--mode batched --batch 4); fi
    if (( k % 4 == 1 )); then args+=(--compact-bytes 100000); fi
    if (( k % 5 == 3 )); then args+=(--torn-writes); fi
    # Emptied here, not by the redirection: a writer killed before its shell child gets
    # to the redirection would otherwise leave the previous writer's output in place.
    : > "$dir/out"
    "$bin" "${args[@]}" >> "$dir/out" 2> /dev/null &
    pid=$!
    # Half the runs are killed at a random instant after launch (start-up, open, repair
    # included); the other half once the first record is acknowledged.
    if (( k % 2 == 0 )); then
        for ((spin = 0; spin < 2000; spin++)); do
            [[ -s "$dir/out" ]] && break
            sleep 0.001
        done
    fi
    printf -v delay '0.%03d' $(( RANDOM % 25 + 1 ))
    sleep "$delay"
    kill -9 "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
    acked=$(grep -c '^[0-9][0-9]*$' "$dir/out" || true)
    if (( acked > 0 )) && [[ "$(grep '^[0-9][0-9]*$' "$dir/out" | tail -n 1)" != "$(( acked - 1 ))" ]]; then
        echo "kill $k: acknowledgements out of order" >&2; exit 1
    fi
    echo "r$k $acked" >> "$ledger"
    acked_total=$(( acked_total + acked ))
    if [[ -e "$journal" ]]; then
        result=$("$bin" check --path "$journal" --writer "r$k" --acked "$acked") || {
            cp "$journal" /tmp/journal-crash-failure.jsonl
            cp "$dir/out" /tmp/journal-crash-failure.out
            ls -li "$dir" >&2
            echo "kill $k (${args[*]}): check failed; journal and writer output copied to /tmp/journal-crash-failure.*" >&2
            exit 1
        }
        [[ "$result" == *"torn 1" ]] && torn=$(( torn + 1 ))
    fi
    if (( (k + 1) % 500 == 0 )); then
        "$bin" check --path "$journal" --ledger "$ledger" > /dev/null || {
            cp "$journal" /tmp/journal-crash-failure.jsonl
            echo "kill $k: full check failed; journal copied to /tmp/journal-crash-failure.jsonl" >&2
            exit 1
        }
        echo "$(( k + 1 )) kills, $acked_total acknowledged records, $torn torn tails repaired, all present" >&2
        rm -f "$journal" "$journal.lock"
        : > "$ledger"
    fi
done
if [[ -e "$journal" ]]; then "$bin" check --path "$journal" --ledger "$ledger" > /dev/null; fi
echo "done: $kills kills in $(( $(date +%s) - start ))s, $acked_total acknowledged records, $torn torn tails, none lost"
