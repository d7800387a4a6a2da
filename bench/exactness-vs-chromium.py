"""Gradient exactness against headless Chromium: a gradient card in perspective, a conic pie
of hard stops and a hard linear stop on a 2000 px gradient, each drawn by `wave render` and
by Chromium from the same CSS.

Usage: exactness-vs-chromium.py WAVE_BINARY [WORKDIR]   (bench/exactness-vs-chromium.sh sets up Python)
Prints, per case, the PSNR of wave against Chromium and what the case measures: for the
card, the solid-fill twin's PSNR (the outline's share of the error); for the pie, the
pixels whose colour is off by more than 48 in a channel (a slice's colour where the
other slice's should be); for the stop, the first column of the second colour.
"""
import io, math, os, subprocess, sys, tempfile
import numpy as np
from PIL import Image
from selenium import webdriver

wave = sys.argv[1]
work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="wave-exactness-")
os.makedirs(work, exist_ok=True)

RAINBOW = "#ff595e, #ffca3a, #1982c4"
PIE = [("#ff595e", 0.0, 0.23), ("#ffca3a", 0.23, 0.41), ("#8ac926", 0.41, 0.6667), ("#1982c4", 0.6667, 0.88),
       ("#6a4c93", 0.88, 1.0)]


def pie_stops(css):
    out = []
    for colour, a, b in PIE:
        if css:
            out.append(f"{colour} {a * 100:.2f}% {b * 100:.2f}%")
        else:
            out += [f"{colour} {a * 100:.2f}%", f"{colour} {b * 100:.2f}%"]
    return ", ".join(out)


# name: (width, height, wave layers, CSS of one absolutely placed div per layer)
CASES = {
    "card": (240, 160,
             f"layer card: rect {{ frame (70, 45, 100, 70) fill linear-gradient(right, {RAINBOW}) rotation-y -60deg perspective 200 }}",
             [("left:70px;top:45px;width:100px;height:70px;"
               f"background:linear-gradient(to right, {RAINBOW});transform:perspective(200px) rotateY(-60deg)")]),
    "card-solid": (240, 160,
                   "layer card: rect { frame (70, 45, 100, 70) fill #ffca3a rotation-y -60deg perspective 200 }",
                   ["left:70px;top:45px;width:100px;height:70px;background:#ffca3a;"
                    "transform:perspective(200px) rotateY(-60deg)"]),
    "pie": (640, 640,
            f"layer pie: rect {{ frame (0, 0, 640, 640) fill conic-gradient({pie_stops(False)}) }}",
            [f"left:0;top:0;width:640px;height:640px;background:conic-gradient({pie_stops(True)})"]),
    "stop": (2000, 16,
             "layer bar: rect { frame (0, 0, 2000, 16) fill linear-gradient(right, #ff595e 33.37%, #1982c4 33.37%) }",
             ["left:0;top:0;width:2000px;height:16px;background:linear-gradient(to right, #ff595e 33.37%, #1982c4 33.37%)"]),
}


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


opts = webdriver.ChromeOptions()
for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1", "--hide-scrollbars"]:
    opts.add_argument(a)
browser = webdriver.Chrome(options=opts, service=webdriver.ChromeService(executable_path="/usr/bin/chromedriver"))
try:
    results = {}
    for name, (w, h, layers, divs) in CASES.items():
        src = os.path.join(work, f"{name}.wave")
        with open(src, "w") as f:
            f.write(f"scene {w}x{h} {{ background #ffffff }}\n{layers}\n")
        png = os.path.join(work, f"{name}.png")
        subprocess.run([wave, "render", src, "-o", png, "--frame", "0", "-q"], check=True)
        ours = np.asarray(Image.open(png).convert("RGB"))
        page = os.path.join(work, f"{name}.html")
        with open(page, "w") as f:
            f.write("<!doctype html><html><body style='margin:0;background:#fff'>"
                    + "".join(f"<div style='position:absolute;{d}'></div>" for d in divs) + "</body></html>")
        browser.set_window_size(w + 200, h + 300)
        browser.get("file://" + os.path.abspath(page))
        shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB").crop((0, 0, w, h))
        shot.save(os.path.join(work, f"{name}-chromium.png"))
        theirs = np.asarray(shot)
        results[name] = (psnr(ours, theirs), ours, theirs)
    card, solid = results["card"][0], results["card-solid"][0]
    print(f"card  {card:6.1f} dB   (the same card filled solid: {solid:.1f} dB)")
    _, ours, theirs = results["pie"]
    off = np.abs(ours.astype(int) - theirs.astype(int)).max(axis=2) > 48
    print(f"pie   {results['pie'][0]:6.1f} dB   {int(off.sum())} pixels of another slice's colour")
    _, ours, theirs = results["stop"]

    def first_blue(img):
        return int(np.argmax(img[8, :, 2].astype(int) > 128))
    print(f"stop  {results['stop'][0]:6.1f} dB   second colour from x = {first_blue(ours)} (Chromium {first_blue(theirs)}; "
          f"the stop is at x = {0.3337 * 2000:.1f})")
finally:
    browser.quit()
print(f"files in {work}")
