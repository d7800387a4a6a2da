"""A real editor: headless Neovim 0.7 attaches `wave lsp` to an example with a mistake,
and the diagnostics Neovim received are `wave check`'s."""
import json
import os
import shutil
import subprocess

import pytest

from wave_helpers import EXAMPLES, ROOT, check_diagnostics, wave_binary, with_mistake

NVIM = shutil.which("nvim")


def neovim_diagnostics(path, tmp_path):
    out = tmp_path / "diagnostics.json"
    env = {**os.environ, "WAVE_BIN": os.path.abspath(wave_binary()), "WAVE_NVIM_FILE": str(path),
           "WAVE_NVIM_OUT": str(out), "XDG_STATE_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path)}
    script = ROOT / "Tests/clients/nvim_diagnostics.lua"
    r = subprocess.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {script}"],
                       env=env, capture_output=True, text=True, timeout=90, stdin=subprocess.DEVNULL)
    assert out.exists(), f"Neovim wrote nothing (exit {r.returncode}): {r.stdout} {r.stderr}"
    return json.loads(out.read_text())


# scripts/client-tests installs Neovim and sets WAVE_REQUIRE_NVIM, so CI never skips this.
@pytest.mark.skipif(NVIM is None and not os.environ.get("WAVE_REQUIRE_NVIM"),
                    reason="nvim is not installed (scripts/client-tests installs it)")
@pytest.mark.parametrize("example", [p for p in EXAMPLES if p.name in ("sonar.wave", "progress-ball.wave")], ids=lambda p: p.name)
def test_neovim_receives_wave_checks_diagnostics(example, tmp_path):
    path = tmp_path / example.name
    path.write_text(with_mistake(example.read_text()) + "var spare = 1\n")
    expected = check_diagnostics(path)
    assert any(d[2] == "error" for d in expected) and any(d[2] == "warning" for d in expected)

    got = neovim_diagnostics(path, tmp_path)
    assert got["arrived"], got
    severity = {1: "error", 2: "warning"}
    received = sorted((d["lnum"], d["col"], severity[d["severity"]], d["code"], d["message"]) for d in got["diagnostics"])
    assert received == sorted(expected)
    assert all(d["source"] == "wave" for d in got["diagnostics"])
