"""`wave preview` in a real browser (headless Chromium through chromedriver), against `wave render`.

    preview-check.py WAVE_BINARY SCREENSHOT.png

In a folder of its own holding copies of two examples it starts `wave preview FOLDER --port 0`
and checks, failing (exit 1) at the first miss:
- the canvas pixels at ticks 0 (Home), 37 (a real key press: → from 36), the last (End)
  and wherever a drag of the scrubber lands equal `wave render --frame N` exactly;
- a save re-renders the same tick within a second; a broken save keeps the old frame and
  shows the error located as file:line:col with its source line; fixing it clears the error;
- a second tab follows the first one's playhead; switching scripts shows the other's frame;
- a foreign Host header is refused (421), paths outside the folder or not used by the
  script (403), a WebSocket from another origin (403);
- Ctrl-C stops the server with exit 130 and frees the port.
It saves a screenshot of the page and prints the time from save to new frame.
"""
import base64
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

BIN, SHOT = sys.argv[1], sys.argv[2]
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
work = tempfile.mkdtemp(prefix="wave-preview-check-")
failures = 0


def check(ok, what):
    global failures
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures += 1


def rendered(script, tick):
    out = os.path.join(work, "render.png")
    subprocess.run([BIN, "render", os.path.join(work, script), "--frame", str(tick), "-o", out, "-q"], check=True)
    return Image.open(out).convert("RGBA").tobytes()


def canvas_pixels(d):
    b64 = d.execute_script("""
        const c = document.getElementById('frame');
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let s = '';
        for (let i = 0; i < data.length; i += 0x8000) s += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
        return btoa(s);""")
    return base64.b64decode(b64)


def state(d):
    return d.execute_script("return wavePreview.state")


def wait_for(d, predicate, what, timeout=10.0):
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        s = state(d)
        if predicate(s):
            return s, time.monotonic() - start
        time.sleep(0.02)
    s = state(d)
    check(False, f"{what} (waited {timeout} s; state {json.dumps(s)})")
    return s, None


def shown_at(d, script, tick, version):
    return wait_for(d, lambda s: s["shown"] == {"script": script, "tick": tick, "version": version} and not s["problems"].startswith("error"),
                    f"{script} shows tick {tick} of version {version}")


def raw_request(port, target, headers):
    """Status of GET `target` sent as written (no normalisation of the path)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    lines = [f"GET {target} HTTP/1.1"] + [f"{k}: {v}" for k, v in {"Connection": "close", **headers}.items()] + ["", ""]
    s.sendall("\r\n".join(lines).encode())
    data = b""
    while b"\r\n" not in data and (chunk := s.recv(65536)):
        data += chunk
    s.close()
    return int(data.split(b" ", 2)[1])


for name in ("sonar.wave", "spinner.wave"):
    shutil.copy(os.path.join(ROOT, "examples", name), work)
sonar = os.path.join(work, "sonar.wave")
original = open(sonar).read()

server = subprocess.Popen([BIN, "preview", work, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
line = server.stdout.readline()
url = line.split(" at ")[1].split(" ")[0]
port = int(url.rsplit(":", 1)[1].strip("/"))
print("server:", line.strip())

options = webdriver.ChromeOptions()
for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900", "--force-color-profile=srgb"):
    options.add_argument(a)
d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    d.get(url + "#script=sonar.wave&tick=0")
    shown_at(d, "sonar.wave", 0, 1)
    body = d.find_element(By.TAG_NAME, "body")

    # Ticks 0, 37 and the last, by the keys a user presses.
    body.send_keys(Keys.END)
    last = state(d)["last"]
    check(last == 359, f"the scrubber ends at the scene's last tick (359): {last}")
    shown_at(d, "sonar.wave", last, 1)
    check(canvas_pixels(d) == rendered("sonar.wave", last), f"tick {last} (End): canvas equals wave render --frame {last}")
    body.send_keys(Keys.HOME)
    shown_at(d, "sonar.wave", 0, 1)
    check(canvas_pixels(d) == rendered("sonar.wave", 0), "tick 0 (Home): canvas equals wave render --frame 0")
    d.execute_script("wavePreview.seek(36)")
    shown_at(d, "sonar.wave", 36, 1)
    body.send_keys(Keys.ARROW_RIGHT)
    shown_at(d, "sonar.wave", 37, 1)
    check(canvas_pixels(d) == rendered("sonar.wave", 37), "tick 37 (→ from 36): canvas equals wave render --frame 37")

    # A drag along the scrubber: wherever it lands, the frame is that tick's.
    scrub = d.find_element(By.ID, "scrub")
    ActionChains(d).click_and_hold(scrub).move_by_offset(-200, 0).move_by_offset(80, 0).release().perform()
    dragged = state(d)["tick"]
    shown_at(d, "sonar.wave", dragged, 1)
    check(dragged not in (36, 37) and canvas_pixels(d) == rendered("sonar.wave", dragged),
          f"a drag lands on tick {dragged}: canvas equals wave render --frame {dragged}")

    # A second tab follows the first one's playhead.
    first = d.current_window_handle
    d.switch_to.new_window("tab")
    d.get(url + "#script=sonar.wave&tick=5")
    shown_at(d, "sonar.wave", 5, 1)
    d.switch_to.window(first)
    d.execute_script("wavePreview.seek(37)")
    shown_at(d, "sonar.wave", 37, 1)
    d.switch_to.window(d.window_handles[1])
    s, _ = wait_for(d, lambda s: s["tick"] == 37, "the second tab follows to tick 37")
    check(s["tick"] == 37, "a second tab follows the first one's playhead to tick 37")
    d.close()
    d.switch_to.window(first)

    # Hot reload at the same tick.
    edited = original.replace("layer button: rect { frame (90, 105, 60, 30)  corner 15  fill #22c064 }",
                              "layer button: rect { frame (90, 105, 60, 30)  corner 15  fill #e8a317 }")
    check(edited != original, "the edit changes the script")
    with open(sonar, "w") as f:
        f.write(edited)
    s, took = shown_at(d, "sonar.wave", 37, 2)
    check(took is not None and took < 1.0, f"a save shows the new frame at tick 37 within a second: {took:.3f} s" if took else "a save shows the new frame")
    edited_37 = rendered("sonar.wave", 37)
    check(canvas_pixels(d) == edited_37, "after the save: canvas equals wave render --frame 37 of the new file")

    # A broken save: the old frame stays, the error shows located, with its source line.
    with open(sonar, "w") as f:
        f.write(edited.replace("corner 15  fill #e8a317 }", "corner 15  fill #e8a317", 1))
    s, _ = wait_for(d, lambda s: s["failed"], "a broken save is reported")
    check("sonar.wave:" in s["problems"] and "error" in s["problems"] and "layer button: rect" in s["problems"],
          "the error names sonar.wave:line:col and shows the source line:\n" + "\n".join("       " + l for l in s["problems"].splitlines()[:6]))
    check(s["shown"] == {"script": "sonar.wave", "tick": 37, "version": 2} and canvas_pixels(d) == edited_37,
          "the last good frame stays on the canvas")
    d.execute_script("wavePreview.plot('button.opacity'); document.querySelectorAll('details')[0].open = true;")
    time.sleep(0.5)
    d.save_screenshot(SHOT)
    with open(sonar, "w") as f:
        f.write(original)
    s, _ = shown_at(d, "sonar.wave", 37, 3)
    check(not s["failed"] and s["problems"] == "", "fixing the file clears the error")

    # Switching scripts.
    d.execute_script("wavePreview.open('spinner.wave', 20)")
    shown_at(d, "spinner.wave", 20, 1)
    check(canvas_pixels(d) == rendered("spinner.wave", 20), "switched to spinner.wave: canvas equals wave render --frame 20")
finally:
    d.quit()

# Refusals.
check(raw_request(port, "/", {"Host": f"evil.example:{port}"}) == 421, "a foreign Host header is refused (421)")
check(raw_request(port, "/", {"Host": f"127.0.0.1:{port}"}) == 200, "the server's own Host is answered (200)")
for target in ("/file/../../etc/passwd?script=sonar.wave", "/file/%2e%2e%2fetc%2fpasswd?script=sonar.wave",
               "/file//etc/passwd?script=sonar.wave", "/file/spinner.wave?script=sonar.wave"):
    check(raw_request(port, target, {"Host": f"127.0.0.1:{port}"}) == 403, f"{target} is refused (403)")
check(raw_request(port, "/file/sonar.wave?script=sonar.wave", {"Host": f"localhost:{port}"}) == 200, "the script itself is served (200)")
ws = {"Host": f"127.0.0.1:{port}", "Upgrade": "websocket", "Connection": "Upgrade",
      "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"}
check(raw_request(port, "/events", {**ws, "Origin": "http://evil.example"}) == 403, "a WebSocket from another origin is refused (403)")
check(raw_request(port, "/events", {**ws, "Origin": f"http://127.0.0.1:{port}"}) == 101, "a WebSocket from the page's origin is accepted (101)")

# Ctrl-C.
server.send_signal(signal.SIGINT)
code = server.wait(timeout=10)
check(code == 130, f"Ctrl-C stops the server with exit 130: {code}")
again = subprocess.Popen([BIN, "preview", work, "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
line = again.stdout.readline()
check(f":{port}/" in line, f"port {port} is free again: a new server listens on it")
again.send_signal(signal.SIGINT)
again.wait(timeout=10)
shutil.rmtree(work)
print(f"preview-check: {failures} failure(s)")
sys.exit(1 if failures else 0)
