# Sourced by the benchmarks: `machine` prints the CPU model, the core count and the load
# average, so every figure says what ran it and how busy the machine was.
machine() { echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), cores: $(nproc), load average: $(cut -d' ' -f1-3 /proc/loadavg)"; }
