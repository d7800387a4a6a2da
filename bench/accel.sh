#!/usr/bin/env bash
# What the accelerator earns: CPU milliseconds a frame for every example with the
# accelerator on, with it off (WAVE_ACCEL=off: the reference renderer alone), and with each
# of its parts left out in turn, then, per part, the most it saves on any example.
# A part that saves less than 10 % on every example does not pay for itself.
#
#   bench/accel.sh [ROUNDS] [EXAMPLE ...]
#       ROUNDS: interleaved rounds, the median is shown (default 3)
#       SIZE=WxH (default 640x480), FRAMES=N (default 300), WAVE=binary (default
#       .build/release/wave; build it with `swift build -c release`)
#
# Each figure is `wave bench FILE --size SIZE --frames FRAMES --cpu`: the process CPU time
# per frame of stepping and rendering ticks 0..FRAMES on one thread. The settings of one
# example run one after another within each round, so a busy moment of the machine falls
# on all of them. Prints a Markdown table (for docs/performance.md) after the machine's
# name.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
shift || true
wave=${WAVE:-.build/release/wave}
size=${SIZE:-640x480}
frames=${FRAMES:-300}
[ -x "$wave" ] || { echo "build wave first: swift build -c release" >&2; exit 64; }
if [ $# -gt 0 ]; then files=("$@"); else files=(examples/*.wave); fi
settings=(on off no-caches no-reuse no-effects no-sparse-shadows no-kernels)
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores, $(free -g | awk '/Mem:/ { print $2 }') GiB"
echo "Command: bench/accel.sh $rounds (SIZE=$size FRAMES=$frames), CPU ms a frame on one thread, median of $rounds rounds"
echo
for f in "${files[@]}"; do
    name=$(basename "$f" .wave)
    for r in $(seq "$rounds"); do
        for s in "${settings[@]}"; do
            WAVE_ACCEL=$s "$wave" bench "$f" --size "$size" --frames "$frames" --cpu >> "$tmp/$name.$s"
        done
    done
    printf '.' >&2
done
echo >&2

printf '| example | on | off | off ÷ on |'
for s in "${settings[@]:2}"; do printf ' %s ÷ on |' "$s"; done
printf '\n|---|---:|---:|---:|'
for s in "${settings[@]:2}"; do printf -- '---:|'; done
printf '\n'
for f in "${files[@]}"; do
    name=$(basename "$f" .wave)
    declare -A ms=()
    for s in "${settings[@]}"; do ms[$s]=$(median < "$tmp/$name.$s"); done
    on=${ms[on]}
    awk -v n="$name" -v a="$on" -v b="${ms[off]}" 'BEGIN { printf "| %s | %.3f | %.3f | %.2f |", n, a * 1000, b * 1000, b / a }'
    for s in "${settings[@]:2}"; do
        awk -v a="$on" -v b="${ms[$s]}" 'BEGIN { printf " %.2f |", b / a }'
        echo "$name ${ms[$s]} $on" >> "$tmp/part.$s"
    done
    printf '\n'
    unset ms
done
echo
echo "Most each part saves on one example (1 − on ÷ without it):"
for s in "${settings[@]:2}"; do
    awk -v part="${s#no-}" '{ save = 1 - $3 / $2; if (NR == 1 || save > best) { best = save; where = $1 } }
        END { verdict = ""; if (best < 0.10) verdict = "  (under 10 %: does not pay)"
              printf "- %s: %.1f %% (%s)%s\n", part, best * 100, where, verdict }' "$tmp/part.$s"
done
