#!/usr/bin/env bash
# Frames drawn fresh: wave with its caches off against Blend2D and cairo, in CPU time of one
# thread, from interleaved rounds, with the ratios measured in the same run; then wave's
# instructions per frame (callgrind), which stay comparable on a busy machine.
#
#   bench/fresh-frames.sh [ROUNDS] [SCENE ...]     (default 5 rounds, every scene)
#       WAVE=path/to/wave (default .build/release/wave), ACCEL=WAVE_ACCEL setting for wave
#       (default no-caches,no-reuse: nothing kept from earlier frames), SIZES (default
#       "640x480 1920x1080"), CALLGRIND=0 to skip the instruction counts, TIMES=0 to
#       skip the times (instruction counts only)
#
# Scenes: fresh/gradient, fresh/radial, fresh/shapes, fresh/strokes (bench/fresh/*.wave:
# a full-canvas linear and radial gradient, 120 circles and 80 rounded rectangles, 124
# stroked curves, all changing every tick), progress-ball and stickman (examples/).
#
# wave: `wave bench SCRIPT --size S --frames N --cpu` (stepping and rendering ticks 0..N).
# cairo: bench/cairo-frames.c, every frame from scratch (needs libcairo2-dev).
# Blend2D: bench/fresh-frames.py with PyPI's blend2d-python in .venv-bench (make it with
#   python3 -m venv .venv-bench && .venv-bench/bin/pip install blend2d-python numpy);
#   paths and paints are built before the clock and the cost of the Python calls, measured
#   on a context clipped to nothing, is subtracted. Without the venv the Blend2D column is
#   left out. Before timing, each scene's frame N/2 is compared between wave and the others
#   (PSNR in dB).
# Under valgrind the processor shows no AVX-512, so the instruction counts are those of
# wave's portable kernels (WAVE_KERNELS=portable); the times use the wide ones where the
# machine has them.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
shift || true
wave=${WAVE:-.build/release/wave}
accel=${ACCEL:-no-caches,no-reuse}
sizes=${SIZES:-640x480 1920x1080}
python=.venv-bench/bin/python
[ -x "$wave" ] || { echo "build wave first: swift build -c release" >&2; exit 64; }
if [ $# -gt 0 ]; then scenes=("$@"); else
    scenes=(fresh/gradient fresh/radial fresh/shapes fresh/strokes progress-ball stickman)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cairo="$tmp/cairo-frames"
cc -O2 -o "$cairo" bench/cairo-frames.c $(pkg-config --cflags --libs cairo cairo-ft freetype2) -lm
blend2d=1
"$python" -c 'import blend2d, numpy' 2>/dev/null || { blend2d=0; echo "(no Blend2D: $python with blend2d-python and numpy not found)"; }

script() { case $1 in fresh/*) echo "bench/$1.wave" ;; *) echo "examples/$1.wave" ;; esac; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
frames_at() { [ "$1" = 1920x1080 ] && echo 20 || echo 60; }
. bench/machine.sh

if [ "${TIMES:-1}" != 0 ]; then
machine
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); wave: $wave, WAVE_ACCEL=$accel; cairo $(pkg-config --modversion cairo)$([ $blend2d = 1 ] && "$python" -c 'import blend2d; print("; Blend2D", ".".join(map(str, blend2d.BL_VERSION)), "(blend2d-python)")')"
echo "CPU ms a frame, one thread, medians of $rounds interleaved rounds of N frames (60 at 640x480, 20 at 1920x1080)"
printf '%-16s %-10s %9s %9s %9s %8s %8s %11s\n' scene size "wave" "Blend2D" "cairo" "÷Blend2D" "÷cairo" "PSNR B2D/c"
for size in $sizes; do
    w=${size%x*}; h=${size#*x}
    n=$(frames_at "$size")
    for scene in "${scenes[@]}"; do
        file=$(script "$scene")
        mid=$((n / 2))
        "$wave" render "$file" -o "$tmp/w.png" --frame "$mid" --size "$size" >/dev/null 2>&1
        "$cairo" png "$scene" "$mid" "$w" "$h" "$tmp/c.png"
        pc=$("$cairo" psnr "$tmp/w.png" "$tmp/c.png")
        pb=-
        if [ $blend2d = 1 ]; then
            "$python" bench/fresh-frames.py png "$scene" "$mid" "$w" "$h" "$tmp/b.pam"
            pb=$("$cairo" psnr "$tmp/w.png" "$tmp/b.pam")
        fi
        : >"$tmp/w"; : >"$tmp/c"; : >"$tmp/b"
        for _ in $(seq "$rounds"); do
            WAVE_ACCEL=$accel "$wave" bench "$file" --size "$size" --frames "$n" --cpu 2>/dev/null >>"$tmp/w"
            [ $blend2d = 1 ] && "$python" bench/fresh-frames.py time "$scene" "$w" "$h" "$n" >>"$tmp/b"
            "$cairo" time "$scene" -1 "$w" "$h" "$n" >>"$tmp/c"
        done
        wm=$(median <"$tmp/w"); cm=$(median <"$tmp/c"); bm=$([ $blend2d = 1 ] && median <"$tmp/b" || echo 0)
        awk -v n="$scene" -v s="$size" -v a="$wm" -v b="$bm" -v c="$cm" -v pb="$pb" -v pc="$pc" 'BEGIN {
            rb = b > 0 ? sprintf("%.2f", a / b) : "-"; bs = b > 0 ? sprintf("%.3f", b * 1000) : "-"
            printf "%-16s %-10s %9.3f %9s %9.3f %8s %8.2f %5s/%-5s\n", n, s, a * 1000, bs, c * 1000, rb, a / c, pb, pc }'
    done
done
machine
fi

[ "${CALLGRIND:-1}" = 0 ] && exit 0
command -v valgrind >/dev/null || { echo "(valgrind not installed: no instruction counts)"; exit 0; }
echo
echo "wave's instructions a frame (callgrind, libc __mem* left out, WAVE_ACCEL=$accel):"
echo "(run of N frames − run of 1 frame) / (N − 1); N = 60 at 640x480, 20 at 1920x1080"
# valgrind cannot read the debug info of Swift 6.3 release binaries: count a stripped copy.
cp "$wave" "$tmp/wave" && strip "$tmp/wave"
count() {
    WAVE_ACCEL=$accel valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$@" >/dev/null 2>&1
    callgrind_annotate --inclusive=no --threshold=100 "$tmp/cg.out" 2>/dev/null | awk '
        /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
        /__mem/ { gsub(",", "", $1); mem += $1 }
        END { if (!total) exit 1; print total - mem }'
}
printf '%-16s %-10s %14s\n' scene size "instructions"
for size in $sizes; do
    n=$(frames_at "$size")
    for scene in "${scenes[@]}"; do
        file=$(script "$scene")
        one=$(count "$tmp/wave" bench "$file" --size "$size" --frames 1 --cpu)
        many=$(count "$tmp/wave" bench "$file" --size "$size" --frames "$n" --cpu)
        awk -v name="$scene" -v s="$size" -v a="$one" -v b="$many" -v n="$n" \
            'BEGIN { printf "%-16s %-10s %13.2fM\n", name, s, (b - a) / (n - 1) / 1e6 }'
    done
done
