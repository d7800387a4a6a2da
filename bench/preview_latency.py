#!/usr/bin/env python3
"""Scrub latency of `wave preview`: the time from a frame request to its last byte, for
ticks in random order over each example's timeline, with frames fitted into 640x480 (the
scale `wave render --size 640x480` would use).

    python3 bench/preview_latency.py [WAVE_BINARY] [REQUESTS]   (default .build/release/wave, 40)

For each example: starts `wave preview FILE --port 0 --scale S`, asks for the first frame
(not counted: it compiles nothing new but warms the process), then REQUESTS frames at ticks
drawn from a fixed seed, each one new (no cached frame), over one keep-alive connection.
Prints a row per example (median and worst, in milliseconds) and the overall figures.
"""
import http.client
import os
import random
import re
import statistics
import struct
import subprocess
import sys
import time

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/release/wave")
requests = int(sys.argv[2]) if len(sys.argv) > 2 else 40
examples = sorted(f for f in os.listdir(os.path.join(root, "examples")) if f.endswith(".wave"))
everything = []
print("| example | frame | median ms | worst ms |")
print("|---|---|---:|---:|")
for name in examples:
    path = os.path.join(root, "examples", name)
    checked = subprocess.run([binary, "check", path], capture_output=True, text=True).stdout
    w, h = map(int, re.search(r"(\d+)x(\d+)\)", checked).groups())
    scale = min(640 / w, 480 / h)
    server = subprocess.Popen([binary, "preview", path, "--port", "0", "--scale", repr(scale)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
    conn = http.client.HTTPConnection("127.0.0.1", port)

    def get(target):
        conn.request("GET", target, headers={"Host": f"127.0.0.1:{port}"})
        r = conn.getresponse()
        body = r.read()
        assert r.status == 200, (name, target, r.status, body[:200])
        return body

    info = get("/info")
    duration = int(re.search(rb'"durationTicks":(\d+)', info).group(1))
    first = get("/frame?tick=0")
    fw, fh = struct.unpack(">II", first[16:24])
    rng = random.Random(name)
    ticks = rng.sample(range(1, duration), min(requests, duration - 1))
    times = []
    for t in ticks:
        start = time.perf_counter()
        get(f"/frame?tick={t}")
        times.append((time.perf_counter() - start) * 1000)
    conn.close()
    server.terminate()
    server.wait()
    everything += times
    print(f"| {name[:-5]} | {fw}x{fh} | {statistics.median(times):.1f} | {max(times):.1f} |", flush=True)
print(f"\nall examples: median {statistics.median(everything):.1f} ms, worst {max(everything):.1f} ms, "
      f"{sum(t < 50 for t in everything)} of {len(everything)} under 50 ms")
