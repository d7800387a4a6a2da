#!/usr/bin/env bash
# wave ÷ cairo on every example, in CPU time of one thread, from interleaved rounds.
#
#   bench/compare.sh [ROUNDS]        (default 5; WAVE=path/to/wave, default .build/release/wave)
#
# Builds bench/cairo-frames.c (needs cairo's development headers: on Debian
# `apt-get install -y libcairo2-dev`), which draws each script of examples/ with cairo the
# way an ordinary C program would: every frame from scratch, clips set per frame. For
# every example and size it first checks that the two agree (PSNR of one frame, from
# `wave render`), then renders ticks 0..N-1 with wave and with cairo alternately, ROUNDS
# times and more until each side has run 0.5 s of CPU in all (at most 25 rounds), and
# prints the medians of the CPU seconds per frame and their ratio (1080p runs a quarter of
# the frames). With valgrind installed it then prints instructions per frame
# from callgrind at both sizes, without libc's __mem* functions (valgrind counts rep movs/stos
# one per byte). Prints the CPU model and load average first and last: the machine may be
# shared, so prefer the instruction counts for comparisons. About 14 minutes on 2 cores
# with 23 examples (7 timed, the rest callgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
wave=${WAVE:-.build/release/wave}
[ -x "$wave" ] || { echo "build wave first: swift build -c release" >&2; exit 64; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cairo="$tmp/cairo-frames"
cc -O2 -o "$cairo" bench/cairo-frames.c $(pkg-config --cflags --libs cairo cairo-ft freetype2) -lm

. bench/machine.sh
machine
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); wave: $wave; cairo: $(pkg-config --modversion cairo)"
echo "at least $rounds interleaved rounds, more until each side has run 0.5 s (at most 25); CPU ms per frame (medians) over ticks 0..N-1; PSNR of wave and cairo at tick N/2"
# Frames per example at 640x480: its duration in ticks, at most 240.
frames_of() {
    case $1 in
    activity-indicator) echo 72 ;;
    shimmer) echo 90 ;;
    glow-heart) echo 96 ;;
    badge-image | card-flip | grid-wave | stickman) echo 120 ;;
    checkmark) echo 150 ;;
    confetti | logo-spring | spring-sheet | typing) echo 180 ;;
    *) echo 240 ;;
    esac
}
# True when the per-frame times in file $1, FRAMES frames a round, add up to 0.5 s.
enough() { awk -v f="$frames" '{ s += $1 * f } END { exit !(s >= 0.5) }' "$1"; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
scenes=$("$cairo" scenes)
for s in $scenes; do [ -f "examples/$s.wave" ] || { echo "no examples/$s.wave" >&2; exit 65; }; done
for f in examples/*.wave; do
    grep -qx "$(basename "$f" .wave)" <<<"$scenes" || echo "warning: $f has no cairo version in bench/cairo-frames.c" >&2
done
above=0
printf '%-26s %-10s %6s %10s %10s %8s %7s\n' example size frames "wave ms" "cairo ms" ratio "PSNR"
for size in 640x480 1920x1080; do
    w=${size%x*}; h=${size#*x}
    for scene in $scenes; do
        frames=$(frames_of "$scene")
        [ "$size" = 1920x1080 ] && frames=$((frames / 4))
        mid=$((frames / 2))
        "$wave" render "examples/$scene.wave" -o "$tmp/w.png" --frame "$mid" --size "$size" 2>/dev/null
        "$cairo" png "$scene" "$mid" "$w" "$h" "$tmp/c.png"
        psnr=$("$cairo" psnr "$tmp/w.png" "$tmp/c.png")
        : >"$tmp/w"; : >"$tmp/c"
        # At least ROUNDS rounds, then more until each side has run half a second of CPU in
        # all (at most 25): a short scene's median is then not that of five 20 ms runs.
        n=0
        while :; do
            "$wave" bench "examples/$scene.wave" --size "$size" --frames "$frames" --cpu 2>/dev/null >>"$tmp/w"
            "$cairo" time "$scene" -1 "$w" "$h" "$frames" >>"$tmp/c"
            n=$((n + 1))
            [ "$n" -ge 25 ] && break
            [ "$n" -lt "$rounds" ] && continue
            enough "$tmp/w" && enough "$tmp/c" && break
        done
        wm=$(median <"$tmp/w"); cm=$(median <"$tmp/c")
        awk -v n="$scene" -v s="$size" -v f="$frames" -v a="$wm" -v b="$cm" -v p="$psnr" \
            'BEGIN { m = ""; if (a + 0 > b + 0) m = "  (above 1)"
                    printf "%-26s %-10s %6d %10.3f %10.3f %8.2f %4s dB%s\n", n, s, f, a * 1000, b * 1000, a / b, p, m }'
        awk -v a="$wm" -v b="$cm" 'BEGIN { exit !(a > b) }' && above=$((above + 1))
    done
done
echo "rows above 1.0: $above"
machine

command -v valgrind >/dev/null || { echo "(valgrind not installed: no instruction counts)"; exit 0; }
echo
echo "instructions per frame (callgrind, libc __mem* left out): (run of N frames - run of 1 frame)"
echo "/ (N - 1), so ticks 1..N-1 of each animation; N = 60 at 640x480, 20 at 1920x1080"
# Instructions of a run without __mem*: total minus the self cost of those functions.
count() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$@" >/dev/null 2>&1
    callgrind_annotate --inclusive=no --threshold=100 "$tmp/cg.out" 2>/dev/null | awk '
        /PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
        /__mem/ { gsub(",", "", $1); mem += $1 }
        END { print total - mem }'
}
printf '%-26s %-10s %12s %12s %8s\n' example size "wave" "cairo" "ratio"
for size in 640x480 1920x1080; do
    w=${size%x*}; h=${size#*x}
    n=60
    [ "$size" = 1920x1080 ] && n=20
    for scene in $scenes; do
        w1=$(count "$wave" bench "examples/$scene.wave" --size "$size" --frames 1 --cpu)
        wn=$(count "$wave" bench "examples/$scene.wave" --size "$size" --frames "$n" --cpu)
        c1=$(count "$cairo" time "$scene" -1 "$w" "$h" 1)
        cn=$(count "$cairo" time "$scene" -1 "$w" "$h" "$n")
        awk -v name="$scene" -v s="$size" -v w1="$w1" -v wn="$wn" -v c1="$c1" -v cn="$cn" -v n="$n" 'BEGIN {
            a = (wn - w1) / (n - 1); b = (cn - c1) / (n - 1)
            m = ""; if (a > b) m = "  (above 1)"
            printf "%-26s %-10s %11.2fM %11.2fM %8.2f%s\n", name, s, a / 1e6, b / 1e6, a / b, m }'
    done
done
