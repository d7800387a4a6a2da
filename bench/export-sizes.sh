#!/usr/bin/env bash
# Sizes of every example's exports with exact keyframes (eased animations as two keys and
# their curve) and baked (WAVE_EXPORT_BAKE=1: every animation sampled each tick, then
# reduced within the tolerances), with the GIF beside them.
#   bench/export-sizes.sh WAVE_BINARY [EXAMPLE...]   (default: every example)
# Prints a Markdown table (bytes; ratio = baked / exact) and exits 1 when a baked export is
# more than twice its exact one.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:?usage: bench/export-sizes.sh WAVE_BINARY [EXAMPLE...]}
shift
examples=("$@")
if [ ${#examples[@]} -eq 0 ]; then
  for f in examples/*.wave; do examples+=("$(basename "$f" .wave)"); done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
size() { wc -c <"$1" | tr -d ' '; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'; }
over=0
echo "| example | Lottie exact | Lottie baked | ratio | SVG exact | SVG baked | ratio | GIF |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for name in "${examples[@]}"; do
  f=examples/$name.wave
  "$bin" render "$f" -o "$work/$name.json" -q
  WAVE_EXPORT_BAKE=1 "$bin" render "$f" -o "$work/$name.baked.json" -q
  "$bin" render "$f" -o "$work/$name.svg" -q
  WAVE_EXPORT_BAKE=1 "$bin" render "$f" -o "$work/$name.baked.svg" -q
  "$bin" render "$f" -o "$work/$name.gif" -q
  lj=$(size "$work/$name.json"); lb=$(size "$work/$name.baked.json")
  sj=$(size "$work/$name.svg"); sb=$(size "$work/$name.baked.svg")
  lr=$(ratio "$lj" "$lb"); sr=$(ratio "$sj" "$sb")
  awk -v a="$lr" -v b="$sr" 'BEGIN { exit !(a > 2 || b > 2) }' && over=1
  echo "| $name | $lj | $lb | $lr | $sj | $sb | $sr | $(size "$work/$name.gif") |"
done
exit $over
