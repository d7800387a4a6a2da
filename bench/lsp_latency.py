#!/usr/bin/env python3
"""Typing latency of `wave lsp`: how long after the last keystroke the diagnostics of a
1,000-line script arrive. It opens the script, then types bursts of keystrokes (one
didChange per key, 30 ms apart, as an editor sends them) and times, for each burst, the
gap from the last keystroke's message to the publishDiagnostics for that version.

    python3 bench/lsp_latency.py [WAVE_BINARY] [BURSTS]    (default .build/release/wave, 20)

Prints each figure and a closing line: median and worst, in milliseconds.
"""
import json
import os
import statistics
import subprocess
import sys
import time


def script(units: int = 100) -> str:
    """A valid script of 10 lines a unit (plus the header): variables, layers, handlers, animations."""
    lines = ["scene 640x480 { background #101418  duration 10s }"]
    for i in range(units):
        lines += [
            f"var phase{i} = {i}deg",
            f"layer ball{i}: circle {{",
            f"  center ({i % 40 * 16}, {i // 40 * 16 + 20})  radius 6",
            f"  fill #3a7bd5  stroke #ffffff  width 1",
            "}",
            "every tick {",
            f"  phase{i} += 3deg",
            f"  ball{i}.radius = 6 + 2 * sin(phase{i})",
            "}",
            f"animate ball{i}.opacity from 1 to 0.5 over 2s ease ease-in-out",
        ]
    return "\n".join(lines[:1000]) + "\n"


class Server:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += self.p.stdout.read(1)
        length = int(header.split(b":")[1].split(b"\r")[0])
        return json.loads(self.p.stdout.read(length))

    def diagnostics_for(self, version):
        while True:
            m = self.receive()
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version:
                return m["params"]["diagnostics"]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/wave"
    bursts = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    text = script()
    assert text.count("\n") == 1000
    server = Server(binary)
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    server.receive()
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = "file:///bench/typing.wave"
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "wave", "version": 1, "text": text}}})
    assert server.diagnostics_for(1) == [], "the bench script must be clean"
    version, figures = 1, []
    lines = text.split("\n")
    for burst in range(bursts):
        # Type "radius 6" → "radius 612" on one line, then delete back, key by key.
        row = 3 + 10 * (burst % 100)
        for k, typed in enumerate(("61", "612", "61", "6")):
            version += 1
            lines[row] = lines[row].replace("radius 6", "radius " + typed, 1) if typed != "6" else \
                lines[row].split("radius ")[0] + "radius 6"
            server.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                         "params": {"textDocument": {"uri": uri, "version": version},
                                    "contentChanges": [{"text": "\n".join(lines)}]}})
            last = time.perf_counter()
            if k < 3:
                time.sleep(0.03)
        diagnostics = server.diagnostics_for(version)
        figures.append((time.perf_counter() - last) * 1000)
        assert diagnostics == [], diagnostics
    server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.p.wait()
    print(" ".join(f"{f:.1f}" for f in figures))
    print(f"lsp latency, 1000-line script, {bursts} bursts: median {statistics.median(figures):.1f} ms, "
          f"worst {max(figures):.1f} ms after the last keystroke (load {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
