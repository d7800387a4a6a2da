"""The scenes of bench/fresh-frames.sh drawn with Blend2D (PyPI's blend2d-python).

    python bench/fresh-frames.py time SCENE W H N      CPU seconds a frame over ticks 0..N-1
    python bench/fresh-frames.py png SCENE TICK W H OUT.pam

SCENE: fresh/gradient, fresh/radial, fresh/shapes, fresh/strokes (bench/fresh/*.wave),
progress-ball, stickman (examples/). Each follows its script, as bench/cairo-frames.c does.

`time` builds every frame's paths and paints before the clock, so the clock sees only the
calls that draw. The Python cost of those calls is measured by running the same calls on a
context clipped to nothing, and subtracted: what is left is Blend2D's own work. Blend2D
renders synchronously here (no worker threads), one thread, like wave bench --cpu and cairo.
"""
import math
import sys
import time

import blend2d as bl

DEG = math.pi / 180


def rgb(r, g, b, a=1.0):
    return (r / 255, g / 255, b / 255, a)


def hexrgb(c, a=1.0):
    return rgb(c >> 16 & 255, c >> 8 & 255, c & 255, a)


def gradient(kind, coords, stops):
    g = bl.create_linear_gradient(*coords) if kind == "linear" else bl.create_radial_gradient(*coords)
    for at, colour in stops:
        g.add_stop(at, colour)
    return g


def rect_path(x, y, w, h, corner=0):
    p = bl.BLPath()
    if corner:
        p.add_round_rect(bl.BLRect(x, y, w, h), corner)
    else:
        p.add_rect(bl.BLRect(x, y, w, h))
    return p


# A frame is (background colour, [(op, paint, path)]), op "fill" or "stroke".

def fresh_gradient(tick):
    s = math.sin(180 * DEG * tick / 60)
    g = gradient("linear", (0, 0, 480, 270),
                 [(0, rgb(30, 60, 114)), (0.5, rgb(128 + 100 * s, 90, 200 - 60 * s)), (1, rgb(42, 82, 152))])
    return hexrgb(0), [("fill", g, rect_path(0, 0, 480, 270))]


def fresh_radial(tick):
    s = math.sin(180 * DEG * tick / 60)
    g = gradient("radial", (240, 135, 240, 135, 240),
                 [(0, rgb(255, 200 - 80 * s, 80)), (0.5, rgb(60, 40, 120)), (1, rgb(10, 10, 30))])
    return hexrgb(0), [("fill", g, rect_path(0, 0, 480, 270))]


def fresh_shapes(tick):
    t = tick / 60
    ops = []
    for i in range(120):
        p = bl.BLPath()
        p.add_circle(30 + (i * 37) % 420 + 20 * math.sin(90 * DEG * t + i * 20 * DEG),
                     30 + (i * 53) % 210 + 15 * math.cos(120 * DEG * t + i * 30 * DEG), 6 + (i % 5) * 3)
        ops.append(("fill", rgb(40 + (i * 47) % 200, 40 + (i * 91) % 200, 40 + (i * 13) % 200, 0.85), p))
    for i in range(80):
        p = rect_path(10 + (i * 43) % 400 + 25 * math.cos(60 * DEG * t + i * 15 * DEG),
                      10 + (i * 31) % 220 + 10 * math.sin(150 * DEG * t + i * 25 * DEG),
                      30 + (i * 7) % 30, 18 + (i * 11) % 20, 5)
        ops.append(("fill", rgb(40 + (i * 71) % 200, 40 + (i * 23) % 200, 40 + (i * 59) % 200, 0.85), p))
    return hexrgb(0x101418), ops


def fresh_strokes(tick):
    t = tick / 60
    ops = []
    for i in range(124):
        x, y = 20 + (i * 41) % 400, 20 + (i * 67) % 200
        a, b = i * 29 * DEG + 60 * DEG * t, 90 * DEG * t + i * 10 * DEG
        p = bl.BLPath()
        p.move_to(x, y)
        p.cubic_to(x + 30, y - 40 * math.sin(b), x + 30 + 30 * math.cos(a), y + 40 * math.cos(b),
                   x + 60 * math.cos(a), y + 40 * math.sin(a))
        ops.append(("stroke", rgb((i * 47) % 200, (i * 91) % 200, (i * 13) % 200), p))
    return hexrgb(0xFFFFFF), ops


class Ball:
    """progress-ball.wave's every-tick handler (bench/cairo-frames.c's ball_step)."""

    def __init__(self):
        self.v, self.level, self.amplitude, self.phase = 1.6, 200.0, 8.0, 0.0
        self.growing = self.stopped = False

    def step(self):
        if self.stopped:
            return
        if self.level > 200 * (1 - 0.7):
            self.v += 0.01 if self.growing else -0.01
            if self.v <= 1.0:
                self.growing = True
            if self.v >= 1.6:
                self.growing = False
            self.amplitude = 5 * self.v
            self.level -= 1
        else:
            self.amplitude -= 0.066
            if self.amplitude <= 0:
                self.stopped = True
                return
        self.phase += 0.4 / math.pi


def progress_ball(ball):
    """Blend2D clips only to rectangles, so the water (circle ∩ below the wave) is drawn as
    the gradient circle with the area above the wave painted white over it, then the ring."""
    water = gradient("linear", (100, 0, 100, 200), [(0, rgb(164, 216, 222)), (1, rgb(105, 192, 154))])
    inside = bl.BLPath()
    inside.add_circle(100, 100, 94)
    above = bl.BLPath()
    k = 2 * math.pi / (200 / 0.83)
    for x in range(201):
        y = ball.level + ball.amplitude * math.sin(k * x + ball.phase)
        above.move_to(x, y) if x == 0 else above.line_to(x, y)
    above.line_to(200, 0)
    above.line_to(0, 0)
    above.close()
    ring = bl.BLPath()
    ring.add_circle(100, 100, 96)
    ring_style = ("ring", hexrgb(0x69C09A), ring)
    return hexrgb(0xFFFFFF), [("fill", water, inside), ("fill", hexrgb(0xFFFFFF), above), ring_style]


def stickman(_tick):
    p = bl.BLPath()
    p.add_circle(150, 60, 25)
    for (x0, y0), (x1, y1) in [((150, 85), (150, 160)), ((150, 160), (115, 230)),
                               ((150, 160), (185, 230)), ((100, 110), (200, 110))]:
        p.move_to(x0, y0)
        p.line_to(x1, y1)
    return hexrgb(0xFFFFFF), [("figure", hexrgb(0x93E7B6), p)]


SCENES = {
    "fresh/gradient": (480, 270, fresh_gradient),
    "fresh/radial": (480, 270, fresh_radial),
    "fresh/shapes": (480, 270, fresh_shapes),
    "fresh/strokes": (480, 270, fresh_strokes),
    "progress-ball": (200, 200, None),
    "stickman": (300, 260, stickman),
}


def frames(name, ticks):
    """The frames of the given ticks (a range from 0, or one tick in a list)."""
    width, height, build = SCENES[name]
    if name == "progress-ball":
        ball, out = Ball(), []
        for tick in range(max(ticks) + 1):
            ball.step()
            if tick in ticks:
                out.append(progress_ball(ball))
        return width, height, out
    return width, height, [build(t) for t in ticks]


def draw(ctx, scale, frame):
    background, ops = frame
    ctx.reset_transform()
    ctx.scale(scale, scale)
    ctx.set_fill_style(background)
    ctx.fill_all()
    for op, paint, path in ops:
        if op == "fill":
            ctx.set_fill_style(paint)
            ctx.fill_path(path)
        else:
            ctx.set_stroke_style(paint)
            ctx.stroke_width = {"stroke": 3, "ring": 3, "figure": 5}[op]
            ctx.set_stroke_caps(bl.BLStrokeCap.CAP_ROUND if op != "ring" else bl.BLStrokeCap.CAP_BUTT)
            ctx.stroke_join = bl.BLStrokeJoin.JOIN_ROUND if op == "figure" else bl.BLStrokeJoin.JOIN_MITER_CLIP
            ctx.stroke_path(path)


def canvas(name, w, h):
    sw, sh, _ = SCENES[name]
    scale = min(w / sw, h / sh)
    return bl.BLImage(max(1, round(sw * scale)), max(1, round(sh * scale))), scale


def run(ctx, scale, all_frames):
    start = time.process_time()
    for frame in all_frames:
        draw(ctx, scale, frame)
    ctx.flush()
    return time.process_time() - start


def main(argv):
    if len(argv) == 6 and argv[1] == "time":
        name, w, h, n = argv[2], int(argv[3]), int(argv[4]), int(argv[5])
        _, _, all_frames = frames(name, range(n))
        image, scale = canvas(name, w, h)
        empty_image, _ = canvas(name, w, h)
        ctx, empty = bl.BLContext(image), bl.BLContext(empty_image)
        empty.clip_to_rect(bl.BLRect(0, 0, 0, 0))
        calls = run(empty, scale, all_frames)
        total = run(ctx, scale, all_frames)
        print(f"{max(0.0, total - calls) / n:.9f}")
        return 0
    if len(argv) == 7 and argv[1] == "png":
        name, tick, w, h, out = argv[2], int(argv[3]), int(argv[4]), int(argv[5]), argv[6]
        _, _, (frame,) = frames(name, [tick])
        image, scale = canvas(name, w, h)
        ctx = bl.BLContext(image)
        draw(ctx, scale, frame)
        ctx.flush()
        pixels = image.getDataAsNumPy()   # RGBA, premultiplied
        with open(out, "wb") as f:
            f.write(f"P7\nWIDTH {image.width}\nHEIGHT {image.height}\nDEPTH 4\nMAXVAL 255\n"
                    "TUPLTYPE RGB_ALPHA_PREMULTIPLIED\nENDHDR\n".encode())
            f.write(pixels.tobytes())
        return 0
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
