#!/usr/bin/env bash
# Compares wave's stroke goldens with cairo's rendering of the same strokes (PSNR, dB):
# the geometry goldens of Tests/WaveGraphicsTests/Goldens and the golden frames of every
# example (bench/cairo-frames.c draws them all). Fails below 40 dB. Needs cairo's development
# headers (Debian: apt-get install -y libcairo2-dev).
set -euo pipefail
cd "$(dirname "$0")/.."
min=${WAVE_MIN_PSNR:-40}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/cairo-frames" bench/cairo-frames.c $(pkg-config --cflags --libs cairo cairo-ft freetype2) -lm
mkdir "$tmp/strokes"
"$tmp/cairo-frames" strokes "$tmp/strokes"
status=0
check() {   # name, cairo image, wave image
    local db
    db=$("$tmp/cairo-frames" psnr "$2" "$3")
    printf '%-34s %6s dB\n' "$1" "$db"
    if awk -v d="$db" -v m="$min" 'BEGIN { exit !(d < m) }'; then status=1; fi
}
for f in "$tmp"/strokes/*.pam; do
    name=$(basename "$f" .pam)
    check "$name" "$f" "Tests/WaveGraphicsTests/Goldens/$name.pam"
done
for scene in $("$tmp/cairo-frames" scenes); do
    for golden in goldens/$scene/*.png; do
        [ -f "$golden" ] || continue
        tick=$((10#$(basename "$golden" .png)))
        "$tmp/cairo-frames" png "$scene" "$tick" 0 0 "$tmp/frame.png"
        check "$scene tick $tick" "$tmp/frame.png" "$golden"
    done
done
[ $status = 0 ] && echo "all at or above $min dB" || echo "some below $min dB"
exit $status
