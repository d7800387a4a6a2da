"""A real terminal: `wave play` in xterm (under Xvfb) asks for xterm's colours (OSC 4, 10,
11) and matches its reduced colours to what xterm answered, recorded with --record."""
import collections
import json
import os
import re
import shutil
import subprocess

import pytest

from wave_helpers import wave_binary

XTERM = shutil.which("xterm") and shutil.which("xvfb-run")
needs_xterm = pytest.mark.skipif(not XTERM and not os.environ.get("WAVE_REQUIRE_XTERM"),
                                 reason="xterm and xvfb-run are not installed (scripts/client-tests installs them)")
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def play_in_xterm(tmp_path, script: str, *args, resources=()) -> collections.Counter:
    """The SGR codes `wave play` drew in a 40x20 xterm for 10 ticks, counted."""
    scene = tmp_path / "s.wave"
    scene.write_text(script)
    cast = tmp_path / "out.cast"
    xrm = [a for r in resources for a in ("-xrm", f"XTerm*{r}")]
    command = f"{wave_binary()} play {scene} --ticks 10 --no-status --record {cast} " + " ".join(args)
    r = subprocess.run(["xvfb-run", "-a", "xterm", *xrm, "-geometry", "40x20", "-e", command],
                       capture_output=True, text=True, timeout=120)
    assert cast.exists(), f"no recording (xterm exit {r.returncode}): {r.stderr}"
    lines = cast.read_text().splitlines()
    assert json.loads(lines[0])["version"] == 2
    shown = "".join(json.loads(line)[2] for line in lines[1:])
    return collections.Counter(SGR.findall(shown))


BLUE_SCENE = "scene 80x40 { background #268bd2 }\nlayer dot: circle { center (40, 20) radius 8 fill #dc322f }\n"
SOLARIZED = ("color4: #268bd2", "color1: #dc322f")


@needs_xterm
def test_a_themed_xterms_blue_is_drawn_flat(tmp_path):
    codes = play_in_xterm(tmp_path, BLUE_SCENE, "--color", "16", resources=SOLARIZED)
    # The sky is xterm's own colour 4 and the dot its colour 1, each one flat code.
    assert codes["44"] > 0 and codes["31"] + codes["41"] > 0, codes
    assert not any(c.startswith("9") or c.startswith("10") for c in codes), codes   # no bright dither dots


@needs_xterm
def test_without_asking_the_same_blue_is_dithered_from_xterms_defaults(tmp_path):
    codes = play_in_xterm(tmp_path, BLUE_SCENE, "--color", "16", "--palette", "xterm", resources=SOLARIZED)
    assert any(c.startswith("9") or c.startswith("10") for c in codes), codes


@needs_xterm
def test_a_transparent_scene_lies_over_xterms_background(tmp_path):
    scene = "scene 80x40 { background none }\nlayer dot: circle { center (40, 20) radius 8 fill #dc322f }\n"
    codes = play_in_xterm(tmp_path, scene, "--color", "truecolor", resources=("background: #fdf6e3",))
    assert any(c.endswith("48;2;253;246;227") for c in codes), codes
    assert not any(c.endswith("48;2;0;0;0") for c in codes), codes
