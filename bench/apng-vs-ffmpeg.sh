#!/usr/bin/env bash
# wave's APNG against ffmpeg's APNG of the same frames, per example: sizes, and the time
# wave takes to render and encode against the time ffmpeg takes to encode the PNG
# sequence wave rendered (so ffmpeg's side excludes rendering).
#   bench/apng-vs-ffmpeg.sh [WAVE] [EXAMPLES...]     (default: .build/release/wave, every example)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/wave}; shift || true
examples=("$@"); [ ${#examples[@]} -gt 0 ] || examples=(examples/*.wave)
command -v ffmpeg >/dev/null || { echo "ffmpeg is missing (apt-get install ffmpeg)"; exit 69; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
printf '%-26s %10s %10s %6s %8s %8s %6s\n' example wave-bytes ffmpeg size wave-s ffmpeg-s speed
for f in "${examples[@]}"; do
  name=$(basename "$f" .wave)
  rm -rf "$work/seq"; mkdir "$work/seq"
  "$bin" render "$f" -o "$work/seq/%05d.png" -q
  a=$(now); ffmpeg -y -v error -framerate 60 -i "$work/seq/%05d.png" -plays 0 -f apng "$work/ff.apng"; b=$(now)
  "$bin" render "$f" -o "$work/w.apng" -q; c=$(now)
  ws=$(stat -c%s "$work/w.apng"); fs=$(stat -c%s "$work/ff.apng")
  awk -v n="$name" -v ws="$ws" -v fs="$fs" -v ft="$(echo "$b - $a" | bc)" -v wt="$(echo "$c - $b" | bc)" \
    'BEGIN { printf "%-26s %10d %10d %5.2fx %8.3f %8.3f %5.2fx\n", n, ws, fs, ws / fs, wt, ft, ft / wt }'
done
