#!/usr/bin/env bash
# Time per chunk across N chunks of one long render (release build): each chunk is a
# separate `wave render --shard K/N` process, as on an array-job engine, so the later
# chunks pay for stepping the runtime from tick 0 to their first tick. Prints the wall
# seconds of each chunk, the last/first ratio, and checks that the parts join into the
# whole render's bytes when WHOLE=1. With STATE=1 each chunk after the first starts from a
# runtime state saved (untimed, as an earlier chunk or job would) 90 ticks before it, with
# `wave state --at` and `wave render --state-from`; TO must then be in seconds (60s).
# Usage: bench/shard-chunks.sh [WAVE] [SCRIPT] [FORMAT] [N] [TO] [SCALE]
set -euo pipefail
bin=${1:-.build/release/wave}; script=${2:-examples/spring-sheet.wave}; fmt=${3:-apng}
n=${4:-8}; to=${5:-60s}; scale=${6:-0.5}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "render: $script to $to, $fmt at scale $scale, $n chunks, one process each, one at a time"
first=""
for k in $(seq 0 $((n - 1))); do
  extra=()
  if [ "${STATE:-0}" = 1 ] && [ "$k" -gt 0 ]; then
    total=$(( ${to%s} * 60 )); a=$(( total * k / n )); at=$(( a > 90 ? a - 90 : 0 ))
    "$bin" state "$script" --at "${at}t" -o "$work/chunk.state" -q
    extra=(--state-from "$work/chunk.state")
  fi
  start=$(date +%s.%N)
  "$bin" render "$script" -o "$work/out.$fmt" --to "$to" --scale "$scale" --shard "$k/$n" -q "${extra[@]}"
  end=$(date +%s.%N)
  s=$(echo "$end - $start" | bc -l)
  [ -z "$first" ] && first=$s
  printf 'chunk %d/%d  %6.2f s  (%.2fx the first)\n' "$k" "$n" "$s" "$(echo "$s / $first" | bc -l)"
  last=$s
done
printf 'last/first: %.2f\n' "$(echo "$last / $first" | bc -l)"
if [ "${WHOLE:-0}" = 1 ]; then
  "$bin" join "$work/out.$fmt" -q
  "$bin" render "$script" -o "$work/whole.$fmt" --to "$to" --scale "$scale" -q
  cmp "$work/whole.$fmt" "$work/out.$fmt" && echo "joined = whole render, byte for byte"
fi
