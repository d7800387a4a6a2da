#!/usr/bin/env bash
# How many times faster than real time wave renders each example to APNG, GIF and WebP at
# 640x480 on one core (5 s of scene, CPU time of user + system, `taskset -c 0`), beside
# rendering alone (raw Y4M to /dev/null), and wave's
# share of the CPU when it feeds ffmpeg an MP4 (wave alone writing Y4M, against wave and
# its ffmpeg child together). CPU time, not wall time, so a busy machine inflates the
# figures less; still, measure on a quiet one for the table.
#   bench/realtime-sinks.sh [WAVE] [EXAMPLES...]     (default: .build/release/wave, every example)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/wave}; shift || true
examples=("$@"); [ ${#examples[@]} -gt 0 ] || examples=(examples/*.wave)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
seconds=5
cpu() { # CPU seconds (user + system, children included) of a command on core 0
  /usr/bin/time -f '%U %S' -o "$work/t" taskset -c 0 "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 70; }
  awk '{ printf "%.3f", $1 + $2 }' "$work/t"
}
printf '%-22s %8s %8s %8s %8s %10s\n' example y4m-x apng-x gif-x webp-x mp4-share
for f in "${examples[@]}"; do
  name=$(basename "$f" .wave)
  own=$(cpu "$bin" render "$f" --size 640x480 --to ${seconds}s -q --format y4m -o /dev/null)
  row=("$(awk -v s=$seconds -v t="$own" 'BEGIN { printf "%.1f", s / (t > 0 ? t : 0.001) }')")
  for ext in apng gif webp; do
    t=$(cpu "$bin" render "$f" --size 640x480 --to ${seconds}s -q -o "$work/out.$ext")
    row+=("$(awk -v s=$seconds -v t="$t" 'BEGIN { printf "%.1f", s / (t > 0 ? t : 0.001) }')")
  done
  if command -v ffmpeg >/dev/null; then
    all=$(cpu "$bin" render "$f" --size 640x480 --to ${seconds}s -q -o "$work/out.mp4")
    share=$(awk -v a="$own" -v b="$all" 'BEGIN { printf "%.0f%%", 100 * a / (b > 0 ? b : 0.001) }')
  else
    share=-
  fi
  printf '%-22s %8s %8s %8s %8s %10s\n' "$name" "${row[0]}x" "${row[1]}x" "${row[2]}x" "${row[3]}x" "$share"
done
