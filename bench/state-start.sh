#!/usr/bin/env bash
# How much sooner the last shard of a long render starts when it loads a saved runtime
# state (`wave render --state-from`) instead of stepping the script from tick 0.
# For shard N-1 of N over --to TO, times (best of REPEAT runs, each a separate process):
#   replay: wave render --ticks A..A+30               (steps 0..A, then draws 30 ticks)
#   state:  wave render --ticks A..A+30 --state-from S (loads S saved at A-90, steps 90)
# and the same two for the whole shard (one run each); also the (untimed in the above) `wave state` run
# and the state file's size. Prints the machine and load first.
# Usage: bench/state-start.sh [WAVE] [SCRIPT] [TO] [N] [FORMAT] [SCALE] [REPEAT]
set -euo pipefail
bin=${1:-.build/release/wave}; script=${2:-examples/ocean.wave}; to=${3:-600s}
n=${4:-8}; fmt=${5:-apng}; scale=${6:-0.5}; repeat=${7:-3}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "load: $(uptime | sed 's/.*load average: //')"
total=$(( ${to%s} * 60 ))
a=$(( total * (n - 1) / n )); at=$(( a - 90 ))
echo "render: $script to $to ($total ticks), $fmt at scale $scale; last shard $((n - 1))/$n starts at tick $a; state at $at"

# Best wall time (seconds) of `repeat` runs of the command.
best() {
  local b=""
  for _ in $(seq "$repeat"); do
    local s e t
    s=$(date +%s.%N); "$@"; e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc -l)
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ]; then b=$t; fi
  done
  echo "$b"
}

save=$(best "$bin" state "$script" --at "${at}t" -o "$work/s.state" -q)
printf 'wave state --at %dt: %.3f s, %d bytes\n' "$at" "$save" "$(stat -c %s "$work/s.state")"
common=(render "$script" --to "$to" --scale "$scale" -q)
r1=$(best "$bin" "${common[@]}" -o "$work/a.$fmt" --ticks "$a..$((a + 30))")
s1=$(best "$bin" "${common[@]}" -o "$work/b.$fmt" --ticks "$a..$((a + 30))" --state-from "$work/s.state")
cmp "$work/a.$fmt.$a-$((a + 30)).part" "$work/b.$fmt.$a-$((a + 30)).part"
printf 'first 30 ticks of the last shard: replay %.3f s, from the state %.3f s (%.1fx sooner)\n' "$r1" "$s1" "$(echo "$r1 / $s1" | bc -l)"
repeat=1
r2=$(best "$bin" "${common[@]}" -o "$work/a.$fmt" --shard "$((n - 1))/$n")
s2=$(best "$bin" "${common[@]}" -o "$work/b.$fmt" --shard "$((n - 1))/$n" --state-from "$work/s.state")
cmp "$work/a.$fmt.$a-$total.part" "$work/b.$fmt.$a-$total.part"
printf 'whole last shard: replay %.3f s, from the state %.3f s (%.2fx)\n' "$r2" "$s2" "$(echo "$r2 / $s2" | bc -l)"
echo "the parts from the state are byte-identical to the replayed ones"
