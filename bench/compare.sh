#!/usr/bin/env bash
# wave ÷ cairo on the reference frames, in CPU time of one thread, from interleaved rounds.
#
#   bench/compare.sh [ROUNDS]        (default 5; WAVE=path/to/wave, default .build/release/wave)
#
# Builds bench/cairo-frames.c (needs cairo's development headers: on Debian
# `apt-get install -y libcairo2-dev`), then for every case and size runs wave and cairo
# alternately ROUNDS times and prints the medians of the CPU seconds per frame and their
# ratio. cairo draws each frame from scratch, setting its clips per frame, as an ordinary
# program would; wave keeps what did not change between frames (see README, Performance).
# With valgrind installed it also prints instructions per frame from callgrind, without
# libc's __mem* functions (valgrind counts rep movs/stos one per byte). Prints the CPU
# model and load average first: the machine is shared, so prefer the instruction counts
# for comparisons.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
wave=${WAVE:-.build/release/wave}
[ -x "$wave" ] || { echo "build wave first: swift build -c release" >&2; exit 64; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cairo="$tmp/cairo-frames"
cc -O2 -o "$cairo" bench/cairo-frames.c $(pkg-config --cflags --libs cairo cairo-ft freetype2) -lm

echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), cores: $(nproc), load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wave: $wave; cairo: $(pkg-config --modversion cairo); $rounds interleaved rounds, CPU ms per frame (medians)"
# name, scene, tick (-1: ticks 0 to frames-1), frames
cases=("progress-ball 600 ticks|progress-ball|-1|600"
       "progress-ball tick 60|progress-ball|60|300"
       "du-fill 360 ticks|du-fill|-1|360"
       "du-fill tick 150|du-fill|150|200"
       "stickman|stickman|0|600")
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-24s %-10s %10s %10s %8s\n' case size "wave ms" "cairo ms" "ratio"
for size in 640x480 1920x1080; do
    w=${size%x*}; h=${size#*x}
    for c in "${cases[@]}"; do
        IFS='|' read -r name scene tick frames <<<"$c"
        [ "$size" = 1920x1080 ] && frames=$((frames / 4))
        : >"$tmp/w"; : >"$tmp/c"
        for _ in $(seq "$rounds"); do
            if [ "$tick" -lt 0 ]; then
                "$wave" bench "examples/$scene.wave" --size "$size" --frames "$frames" --cpu 2>/dev/null >>"$tmp/w"
            else
                "$wave" bench "examples/$scene.wave" --size "$size" --frames "$frames" --tick "$tick" --cpu 2>/dev/null >>"$tmp/w"
            fi
            "$cairo" time "$scene" "$tick" "$w" "$h" "$frames" >>"$tmp/c"
        done
        wm=$(median <"$tmp/w"); cm=$(median <"$tmp/c")
        awk -v n="$name" -v s="$size" -v a="$wm" -v b="$cm" \
            'BEGIN { printf "%-24s %-10s %10.3f %10.3f %8.2f\n", n, s, a * 1000, b * 1000, a / b }'
    done
done

command -v valgrind >/dev/null || { echo "(valgrind not installed: no instruction counts)"; exit 0; }
echo
echo "instructions per frame at 640x480 (callgrind, libc __mem* left out; (N frames - 1 frame) / (N - 1);"
echo "animations: their first 120 ticks; one tick: 30 frames)"
# Instructions of a run without __mem*: total minus the self cost of those functions.
count() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$@" >/dev/null 2>&1
    callgrind_annotate --inclusive=no --threshold=100 "$tmp/cg.out" 2>/dev/null | awk '
        /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
        /__mem/ { gsub(",", "", $1); mem += $1 }
        END { print total - mem }'
}
printf '%-24s %12s %12s %8s\n' case "wave" "cairo" "ratio"
for c in "${cases[@]}"; do
    IFS='|' read -r name scene tick frames <<<"$c"
    n=30
    if [ "$tick" -lt 0 ]; then
        w1=$(count "$wave" bench "examples/$scene.wave" --size 640x480 --frames 1 --cpu)
        wn=$(count "$wave" bench "examples/$scene.wave" --size 640x480 --frames 120 --cpu)
        c1=$(count "$cairo" time "$scene" -1 640 480 1)
        cn=$(count "$cairo" time "$scene" -1 640 480 120)
        n=120
    else
        w1=$(count "$wave" bench "examples/$scene.wave" --size 640x480 --frames 1 --tick "$tick" --cpu)
        wn=$(count "$wave" bench "examples/$scene.wave" --size 640x480 --frames "$n" --tick "$tick" --cpu)
        c1=$(count "$cairo" time "$scene" "$tick" 640 480 1)
        cn=$(count "$cairo" time "$scene" "$tick" 640 480 "$n")
    fi
    awk -v name="$name" -v w1="$w1" -v wn="$wn" -v c1="$c1" -v cn="$cn" -v n="$n" 'BEGIN {
        a = (wn - w1) / (n - 1); b = (cn - c1) / (n - 1)
        printf "%-24s %11.2fM %11.2fM %8.2f\n", name, a / 1e6, b / 1e6, a / b }'
done
