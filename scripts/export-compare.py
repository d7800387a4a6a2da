"""The comparisons of scripts/export-check: schema, rlottie and Chromium against wave.

Usage: export-compare.py WAVE_BINARY WORKDIR EXAMPLE...  (WORKDIR holds NAME.json,
NAME.svg, NAME.lottie, NAME.report.json and NAME.svg.report.json for each example; an
EXAMPLE is a name in examples/ or a path to a .wave file, whose stem is its NAME). Prints a table of PSNR per
example and format; exits 1 when a file is invalid or an exact export (empty report)
scores under 30 dB at a sampled tick.
"""
import io, json, math, os, subprocess, sys, zipfile
import jsonschema, lottie_specs
from PIL import Image
from rlottie_python import LottieAnimation
from selenium import webdriver

# EXPORT_MIN_DB lowers the bar for scenes too small for 30 dB (scripts/export-property).
LIMIT = float(os.environ.get("EXPORT_MIN_DB", "30"))
wave, work, args = sys.argv[1], sys.argv[2], sys.argv[3:]
scripts = {os.path.basename(a)[:-5] if a.endswith(".wave") else a: a if a.endswith(".wave") else f"examples/{a}.wave" for a in args}
names = list(scripts)
schema = json.load(open(os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")))
validator = jsonschema.Draft202012Validator(schema)


def psnr(a, b):
    """PSNR of two RGB images of one size, both flattened onto black."""
    a = a.convert("RGB"); b = b.convert("RGB")
    pa, pb = a.tobytes(), b.tobytes()
    se = sum((x - y) * (x - y) for x, y in zip(pa, pb))
    mse = se / len(pa)
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def flatten(img):
    img = img.convert("RGBA")
    bg = Image.new("RGBA", img.size, (0, 0, 0, 255))
    return Image.alpha_composite(bg, img)


def flatten_premultiplied(img):
    """rlottie's frames are premultiplied (its ARGB32 buffer, read as RGBA): their colour
    channels are already the picture over black."""
    r, g, b, _ = img.convert("RGBA").split()
    return Image.merge("RGBA", (r, g, b, Image.new("L", img.size, 255)))


opts = webdriver.ChromeOptions()
for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1", "--hide-scrollbars"]:
    opts.add_argument(a)
service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver")
browser = webdriver.Chrome(options=opts, service=service)
failed = False
print(f"{'example':20} {'ticks':>5} {'svg dB':>8} {'lottie dB':>9} {'svg':>9} {'json':>9} {'lottie':>9} {'gif':>9}  report")
try:
    for name in names:
        doc = json.load(open(f"{work}/{name}.json"))
        errors = list(validator.iter_errors(doc))
        if errors:
            print(f"{name}: the Lottie JSON does not validate: {errors[0].message} at {list(errors[0].absolute_path)}")
            failed = True
        with zipfile.ZipFile(f"{work}/{name}.lottie") as z:
            manifest = json.loads(z.read("manifest.json"))
            inner = z.read(f"animations/{manifest['animations'][0]['id']}.json")
            assert json.loads(inner) == doc, "the dotLottie animation differs from the JSON export"
        report = json.load(open(f"{work}/{name}.report.json"))
        svg_report = json.load(open(f"{work}/{name}.svg.report.json"))
        exact, svg_exact = report["exact"], svg_report["exact"]
        ticks = int(doc["op"])
        samples = sorted({0, ticks // 7, ticks // 3, ticks // 2, (2 * ticks) // 3, ticks - 1})
        anim = LottieAnimation.from_data(json.dumps(doc))
        w, h = doc["w"], doc["h"]
        browser.set_window_size(w + 200, h + 300)
        browser.get("file://" + os.path.abspath(f"{work}/{name}.svg"))
        # The page behind a transparent scene is black, as `flatten` puts the others on.
        browser.execute_script("document.documentElement.style.background = '#000';")
        worst_svg = worst_lottie = 99.0
        for t in samples:
            png = f"{work}/{name}-{t}.png"
            subprocess.run([wave, "render", scripts[name], "-o", png, "--frame", str(t), "-q"], check=True)
            ref = flatten(Image.open(png))
            lot = flatten_premultiplied(anim.render_pillow_frame(frame_num=t).resize(ref.size))
            worst_lottie = min(worst_lottie, psnr(ref, lot))
            browser.execute_script(f"const s=document.querySelector('svg'); s.pauseAnimations(); s.setCurrentTime({t}/60);")
            shot = Image.open(io.BytesIO(browser.get_screenshot_as_png())).crop((0, 0, ref.size[0], ref.size[1]))
            worst_svg = min(worst_svg, psnr(ref, flatten(shot)))
        sizes = [os.path.getsize(f"{work}/{name}.{ext}") for ext in ("svg", "json", "lottie", "gif")]
        def note_of(r):
            return "exact" if r["exact"] else "; ".join(f"{e['construct']} {e['action']}" for e in r["entries"] if e["action"] != "baked")
        note = note_of(report) if note_of(report) == note_of(svg_report) else f"svg: {note_of(svg_report)}; lottie: {note_of(report)}"
        print(f"{name:20} {ticks:5} {worst_svg:8.1f} {worst_lottie:9.1f} " + " ".join(f"{s:9}" for s in sizes) + f"  {note}")
        if (svg_exact and worst_svg < LIMIT) or (exact and worst_lottie < LIMIT):
            print(f"{name}: PSNR under {LIMIT} dB on an exact export")
            failed = True
finally:
    browser.quit()
sys.exit(1 if failed else 0)
