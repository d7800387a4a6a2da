#!/usr/bin/env bash
# What one REPL input costs as the session grows: types N declarations of one kind (layers,
# vars, lets, funcs) into `wave repl` (not a terminal, so no preview) for N = 2500, 5000 and
# 10000, and prints the CPU seconds and microseconds per input. When an input costs what it
# adds, the last column stays flat as N grows.
#   bench/repl-inputs.sh [BIN]      (BIN: a release build, .build/release/wave by default)
set -euo pipefail
bin=${1:-.build/release/wave}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '| typed | N | CPU seconds | µs an input |\n|---|---:|---:|---:|\n'
for kind in layer var let func; do
  for n in 2500 5000 10000; do
    python3 - "$kind" "$n" > "$dir/in.txt" <<'PY'
import sys
kind, n = sys.argv[1], int(sys.argv[2])
print("scene 200x200")
for i in range(n):
    print({"layer": f"layer l{i}: circle {{ center ({i % 200}, {i // 200}) radius 3 }}",
           "var": f"var v{i} = {i}", "let": f"let k{i} = {i} * 2",
           "func": f"func f{i}(x) = x + {i}"}[kind])
PY
    /usr/bin/time -f '%U %S' -o "$dir/t" "$bin" repl < "$dir/in.txt" > /dev/null
    read -r user sys < "$dir/t"
    awk -v k="$kind" -v n="$n" -v u="$user" -v s="$sys" 'BEGIN { t = u + s; printf "| %s | %d | %.2f | %.0f |\n", k, n, t, t / n * 1e6 }'
  done
done
