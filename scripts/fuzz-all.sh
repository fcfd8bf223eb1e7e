#!/usr/bin/env bash
# Runs every libFuzzer target in turn, each for an equal share of TOTAL_SECONDS, at low
# priority (nice 10), and prints a table: executions, executions per second, coverage
# (libFuzzer's `cov` and `ft`), corpus size and crashes per target.
#
#   scripts/fuzz-all.sh TOTAL_SECONDS [TARGET...]     (default: every target)
#
# Targets: frontend bundle journal scenario pipeline lsp swiftgen update strings (scripts/fuzz-TARGET.sh).
# A target that stops on a crash is started again for the rest of its share (at most five
# times), so one finding does not end its campaign; reproducers stay where each script puts
# them (listed in the table's last column). Logs: Fuzz/out/all/TARGET.*.log. Background
# friendly: `nohup scripts/fuzz-all.sh 3600 &`, then read the table at the end of the log.
set -uo pipefail

total="${1:?usage: scripts/fuzz-all.sh TOTAL_SECONDS [TARGET...]}"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(frontend bundle journal scenario pipeline lsp swiftgen update strings)
logs="$root/Fuzz/out/all"
mkdir -p "$logs"
share=$(( total / ${#targets[@]} ))
[ "$share" -ge 1 ] || share=1

# Where each script writes reproducers.
artifacts() {
    case "$1" in
        frontend) echo "$root/Fuzz/out" ;;
        bundle) echo "$root/.build/fuzz/artifacts" ;;
        *) echo "$root/Fuzz/out/$1" ;;
    esac
}

# Executions and fuzzing seconds of one run's log: libFuzzer's final stats, or (when a
# crash cut them short) its last progress line and the time the run took.
run_stats() {
    local log="$1" wall="$2" execs secs
    execs=$(grep -a -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | awk '{print $2}')
    [ -n "$execs" ] || execs=$(grep -a -oE '^#[0-9]+' "$log" | tr -d '#' | sort -n | tail -1)
    secs=$(grep -a -o 'Done [0-9]* runs in [0-9]* second' "$log" | tail -1 | awk '{print $5}')
    [ -n "$secs" ] || secs="$wall"
    echo "${execs:-0} ${secs:-0}"
}

rows=()
for target in "${targets[@]}"; do
    rm -f "$logs/$target".*.log
    marker="$logs/.$target.start"
    touch "$marker"
    echo "== $target: building and running its seeds (log: $logs/$target.seeds.log)"
    nice -n 10 bash "$root/scripts/fuzz-$target.sh" 0 > "$logs/$target.seeds.log" 2>&1 \
        || echo "   the seed run failed: see $logs/$target.seeds.log"
    deadline=$(( $(date +%s) + share ))
    execs=0
    seconds=0
    run=0
    while [ "$run" -lt 5 ]; do
        left=$(( deadline - $(date +%s) ))
        [ "$left" -ge 5 ] || break
        run=$((run + 1))
        log="$logs/$target.run$run.log"
        echo "== $target: fuzzing for ${left}s (log: $log)"
        started=$(date +%s)
        nice -n 10 bash "$root/scripts/fuzz-$target.sh" "$left" > "$log" 2>&1
        read -r e s < <(run_stats "$log" $(( $(date +%s) - started )))
        execs=$((execs + e))
        seconds=$((seconds + s))
    done
    last=$(cat "$logs/$target".run*.log 2>/dev/null | grep -a -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*' | tail -1)
    cov=$(echo "$last" | awk '{print $2}')
    ft=$(echo "$last" | awk '{print $4}')
    corp=$(echo "$last" | awk '{print $6}')
    found=$(find "$(artifacts "$target")" -maxdepth 1 -newer "$marker" \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \
        -o -name 'leak-*' \) 2>/dev/null)
    crashes=$(printf '%s' "$found" | grep -c . || true)
    rate=0
    [ "$seconds" -gt 0 ] && rate=$(( execs / seconds ))
    rows+=("$(printf '%-9s %12s %8s %7s %7s %7s %6s  %s' "$target" "$execs" "$rate" "${cov:--}" "${ft:--}" "${corp:--}" \
        "$crashes" "$(echo "$found" | xargs -r -n1 basename | tr '\n' ' ')")")
done

echo
printf '%-9s %12s %8s %7s %7s %7s %6s  %s\n' target execs exec/s cov ft corpus crashes reproducers
for row in "${rows[@]}"; do echo "$row"; done
