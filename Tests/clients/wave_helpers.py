"""What the client tests share: where the wave binary and the examples are, and what
`wave check` prints for a script (the oracle the server's diagnostics must match)."""
import os
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.wave"))


def wave_binary() -> str:
    """$WAVE_BIN, else the release build, else the debug build."""
    if os.environ.get("WAVE_BIN"):
        return os.environ["WAVE_BIN"]
    for candidate in (ROOT / ".build/release/wave", ROOT / ".build/debug/wave"):
        if candidate.exists():
            return str(candidate)
    raise RuntimeError("no wave binary: build it or set WAVE_BIN")


HEAD = re.compile(r"^(.*):(\d+):(\d+): (error|warning)\[(\w+)\]: (.*)$")


def check_diagnostics(path) -> list:
    """`wave check PATH`'s diagnostics as (line, column, severity, code, message), zero-based
    line and column (columns in characters, as the BMP scripts here count in UTF-16 too)."""
    r = subprocess.run([wave_binary(), "check", str(path)], capture_output=True, text=True,
                       env={**os.environ, "NO_COLOR": "1"})
    out = []
    for line in r.stderr.splitlines():
        m = HEAD.match(line)
        if m and m.group(1) == str(path):
            out.append((int(m.group(2)) - 1, int(m.group(3)) - 1, m.group(4), m.group(5), m.group(6)))
    return out


def with_mistake(text: str) -> str:
    """The script with a typo in the first property name of a one-line layer body (outside
    comments), or with such a layer added."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        code = re.split(r"#(?![0-9a-fA-F]{3,8}\b)|//", line)[0]
        if not re.match(r"\s*(layer|template)\b", code) or "{" not in code:
            continue
        for word in ("radius", "fill", "frame", "amplitude", "stroke", "position", "opacity", "center", "size"):
            m = re.search(r"(?<=[{ ])" + word + r"(?= )", code[code.index("{"):])
            if m:
                at = code.index("{") + m.start()
                lines[i] = line[:at] + word[:-1] + line[at + len(word):]
                return "\n".join(lines)
    # No one-line layer body: add a layer with a typo.
    return text + "\nlayer typo: circle { radus 3 }\n"
