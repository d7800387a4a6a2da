#!/usr/bin/env bash
# What one REPL input costs as the session grows: types N layer declarations into
# `wave repl` (not a terminal, so no preview) for N = 2500, 5000, 10000 and prints the CPU
# seconds and microseconds per input. Linear cost keeps the last column flat.
#   bench/repl-inputs.sh [BIN]      (BIN: a release build, .build/release/wave by default)
set -euo pipefail
bin=${1:-.build/release/wave}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '| layers typed | CPU seconds | µs an input |\n|---:|---:|---:|\n'
for n in 2500 5000 10000; do
  python3 - "$n" > "$dir/in.txt" <<'PY'
import sys
n = int(sys.argv[1])
print("scene 200x200")
for i in range(n):
    print(f"layer l{i}: circle {{ center ({i % 200}, {i // 200}) radius 3 }}")
PY
  /usr/bin/time -f '%U %S' -o "$dir/t" "$bin" repl < "$dir/in.txt" > /dev/null
  read -r user sys < "$dir/t"
  awk -v n="$n" -v u="$user" -v s="$sys" 'BEGIN { t = u + s; printf "| %d | %.2f | %.0f |\n", n, t, t / n * 1e6 }'
done
