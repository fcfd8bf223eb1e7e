#!/usr/bin/env bash
# Crash harness of the default (asynchronous) store: SIGKILLs `journal-crash-writer store`
# (a TipStore donating, with flush() every 50 ms as the acknowledgement) at random
# instants, checks that no acknowledged donation is ever lost and that the journal holds
# the writer's donations in order, each once, with at most a torn last line, and measures
# what a kill loses of the donations not yet acknowledged: records and milliseconds,
# median / p99 / max, for a paced writer (one donation every 10 ms) and a flood (as fast as
# it can donate).
#
#   scripts/journal-crash-async.sh [KILLS=300] [SEED=1] [release|debug]
#
# CI runs a short form against the debug build (.ci/run); Docs/journal.md has the figures
# of a long release run.
set -euo pipefail
kills=${1:-300}
seed=${2:-1}
config=${3:-release}
cd "$(dirname "$0")/.."
swift build -c "$config" --product journal-crash-writer >&2
bin="$(swift build -c "$config" --show-bin-path)/journal-crash-writer"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
start=$(date +%s)
"$bin" harness-async --dir "$dir" --kills "$kills" --seed "$seed"
"$bin" harness-async --dir "$dir" --kills "$kills" --seed "$seed" --flood
echo "done: $(( 2 * kills )) kills in $(( $(date +%s) - start ))s ($config build), no acknowledged donation lost"
