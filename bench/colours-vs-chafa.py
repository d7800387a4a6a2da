#!/usr/bin/env python3
"""Colour reduction, wave beside chafa, on every example (issue 20 item 2).

For each example, the frame at tick 30 is drawn in half-block cells three times by each
tool: in 24-bit colour, in the xterm 256-colour palette and in the 16 ANSI colours.
wave draws the scene itself (`wave play --width W --height H --color MODE`, stdout not a
terminal, so it writes frames of escape codes); chafa draws the PNG `wave render` made of
the same frame (`chafa --symbols vhalf --colors full|256|16 --size WxH --stretch`), on the
same grid of cells as wave's picture. Each tool's reduced screens are compared with its own
24-bit screen, so only the colour reduction is measured, not how each scales the picture.

The metric is the one `ColourReductionExampleTests` uses: ΔE in OKLab between 4x4-pixel
patches (2 cells wide, 2 rows of cells tall: half blocks are 1x2 pixels), each patch's
colour averaged in linear light, as the eye mixes neighbouring cells. The palette colours
are xterm's (the 6x6x6 cube, the grey ramp, and xterm's 16 defaults), as in ColorReducer.

A second table (issue 52 item 1) keeps hue apart from the mean: in 16 and 8 colours, of the
patches with chroma (C_OK >= 0.04 in the tool's 24-bit screen), the share drawn grey (chroma
below a third of the truth's) and the mean hue error in degrees.

Usage: python3 bench/colours-vs-chafa.py [path/to/wave] [columns rows]
(default .build/debug/wave, 100x40: the picture fitted into 100 columns and 39 rows).
Prints a Markdown table.
"""
import os
import re
import subprocess
import sys
import tempfile

WAVE = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/wave"
COLUMNS = int(sys.argv[2]) if len(sys.argv) > 2 else 100
ROWS = int(sys.argv[3]) if len(sys.argv) > 3 else 40
TICK = 30

ANSI16 = [0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
          0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
CUBE = [0, 95, 135, 175, 215, 255]


def xterm256(i):
    if i < 16:
        return ANSI16[i]
    if i >= 232:
        v = 8 + 10 * (i - 232)
        return v << 16 | v << 8 | v
    i -= 16
    return CUBE[i // 36] << 16 | CUBE[i // 6 % 6] << 8 | CUBE[i % 6]


DEFAULT_FG, DEFAULT_BG = 0xE5E5E5, 0x000000   # a dark terminal's default colours
UPPER, LOWER, FULL = "\u2580", "\u2584", "\u2588"


def screen(data, columns, rows):
    """The last picture the escape codes leave on a columns x rows screen: per cell
    (character, foreground, background) as 0xRRGGBB, or None where nothing was drawn."""
    grid = [[None] * columns for _ in range(rows)]
    x = y = 0
    fg, bg, reverse = None, None, False
    i, n = 0, len(data)
    while i < n:
        c = data[i]
        if c == "\x1b":
            m = re.compile(r"\x1b\[([?0-9;]*)([A-Za-z])").match(data, i)
            if not m:
                i += 2 if i + 1 < n and data[i + 1] in "78" else 1
                continue
            params, final = m.group(1), m.group(2)
            i = m.end()
            if params.startswith("?"):
                continue
            p = [int(v) if v else 0 for v in params.split(";")] if params else []
            if final == "H":
                y = (p[0] if p else 1) - 1
                x = (p[1] if len(p) > 1 else 1) - 1
            elif final == "C":
                x += p[0] if p and p[0] else 1
            elif final == "J" and p and p[0] == 2:
                grid = [[None] * columns for _ in range(rows)]
            elif final == "m":
                p = p or [0]
                k = 0
                while k < len(p):
                    v = p[k]
                    if v == 0:
                        fg, bg, reverse = None, None, False
                    elif v == 7:
                        reverse = True
                    elif v == 27:
                        reverse = False
                    elif v in (38, 48):
                        if p[k + 1] == 2:
                            color = p[k + 2] << 16 | p[k + 3] << 8 | p[k + 4]
                            k += 4
                        else:
                            color = xterm256(p[k + 2])
                            k += 2
                        if v == 38:
                            fg = color
                        else:
                            bg = color
                    elif v == 39:
                        fg = None
                    elif v == 49:
                        bg = None
                    elif 30 <= v <= 37:
                        fg = ANSI16[v - 30]
                    elif 90 <= v <= 97:
                        fg = ANSI16[v - 90 + 8]
                    elif 40 <= v <= 47:
                        bg = ANSI16[v - 40]
                    elif 100 <= v <= 107:
                        bg = ANSI16[v - 100 + 8]
                    k += 1
            continue
        i += 1
        if c == "\r":
            x = 0
        elif c == "\n":   # a terminal's output newline (onlcr): to the next row's start
            y += 1
            x = 0
        elif c >= " ":
            if 0 <= y < rows and 0 <= x < columns:
                f = DEFAULT_FG if fg is None else fg
                b = DEFAULT_BG if bg is None else bg
                grid[y][x] = (c, b, f) if reverse else (c, f, b)
            x += 1
    return grid


def pixels(grid):
    """Two pixels per cell (half blocks), as rows of 0xRRGGBB; and the count of cells whose
    character is not a half block, full block or space."""
    out, other = [], 0
    for row in grid:
        top, bottom = [], []
        for cell in row:
            ch, f, b = cell if cell else (" ", DEFAULT_FG, DEFAULT_BG)
            if ch == UPPER:
                t, u = f, b
            elif ch == LOWER:
                t, u = b, f
            elif ch == FULL:
                t, u = f, f
            else:
                if ch != " ":
                    other += 1
                t, u = b, b
            top.append(t)
            bottom.append(u)
        out += [top, bottom]
    return out, other


def linear(c):
    def ch(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return ch(c >> 16 & 255), ch(c >> 8 & 255), ch(c & 255)


def oklab(r, g, b):
    l = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3)
    m = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3)
    s = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) ** (1 / 3)
    return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717670 * m - 0.8086757660 * s)


def mean_delta_e(truth, shown):
    """Mean ΔE_OK of 4x4-pixel patches averaged in linear light."""
    pairs = list(patches(truth, shown))
    return sum(sum((a[k] - b[k]) ** 2 for k in range(3)) ** 0.5 for a, b in pairs) / max(1, len(pairs))


def patches(truth, shown):
    """(truth, shown) OKLab pairs of the 4x4-pixel patches, each averaged in linear light."""
    height, width = len(truth), len(truth[0])
    for py in range(0, height - 3, 4):
        for px in range(0, width - 3, 4):
            t, s = [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]
            for y in range(py, py + 4):
                for x in range(px, px + 4):
                    for k, v in enumerate(linear(truth[y][x])):
                        t[k] += v / 16
                    for k, v in enumerate(linear(shown[y][x])):
                        s[k] += v / 16
            yield oklab(*t), oklab(*s)


def hue_kept(truth, shown):
    """Of the chromatic patches: the share drawn grey (%) and the mean hue error (degrees);
    None without ten of them."""
    import math
    n = grey = 0
    hue = 0.0
    for a, b in patches(truth, shown):
        ct, cs = math.hypot(a[1], a[2]), math.hypot(b[1], b[2])
        if ct < 0.04:
            continue
        n += 1
        grey += cs < ct / 3
        d = abs(math.degrees(math.atan2(a[2], a[1]) - math.atan2(b[2], b[1])))
        hue += 360 - d if d > 180 else d
    return None if n < 10 else (100 * grey / n, hue / n)


def run(args, **kw):
    return subprocess.run(args, check=True, capture_output=True, **kw).stdout.decode("utf-8", "replace")


def wave_screen(example, mode):
    data = run([WAVE, "play", example, "--ticks", str(TICK + 1), "--width", str(COLUMNS),
                "--height", str(ROWS), "--color", mode])
    return screen(data, COLUMNS, ROWS)


def picture_box(grid):
    """The cells wave drew: rows and columns with any cell set."""
    ys = [y for y, row in enumerate(grid) if any(row)]
    xs = [x for x in range(len(grid[0])) if any(row[x] for row in grid)]
    return ys[0], ys[-1] + 1, xs[0], xs[-1] + 1


def crop(grid, box):
    y0, y1, x0, x1 = box
    return [row[x0:x1] for row in grid[y0:y1]]


def chafa_screen(png, mode, columns, rows):
    data = run(["chafa", "--format", "symbols", "--symbols", "vhalf", "--colors", mode, "--size",
                f"{columns}x{rows}", "--stretch", "--animate", "off", "--polite", "on", png])
    return screen(data, columns, rows)


def main():
    examples = sorted(f for f in os.listdir("examples") if f.endswith(".wave"))
    print("| example | cells | wave 256 | chafa 256 | wave 16 | chafa 16 |")
    print("|---|---|---|---|---|---|")
    sums = [0.0] * 4
    notes = 0
    hues = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in examples:
            example = os.path.join("examples", name)
            truth = wave_screen(example, "truecolor")
            box = picture_box(truth)
            columns, rows = box[3] - box[2], box[1] - box[0]
            # The PNG chafa reads: the same frame, scaled to 1 pixel per half block.
            png = os.path.join(tmp, name + ".png")
            run([WAVE, "render", example, "-o", png, "--frame", str(TICK), "--size", f"{columns * 4}x{rows * 8}"])
            truth_px, other = pixels(crop(truth, box))
            row = []
            chafa_truth_px, o = pixels(chafa_screen(png, "full", columns, rows))
            other += o
            for mode, chafa_mode in (("256", "256"), ("16", "16")):
                wave_px, o1 = pixels(crop(wave_screen(example, mode), box))
                chafa_px, o2 = pixels(chafa_screen(png, chafa_mode, columns, rows))
                other += o1 + o2
                row += [mean_delta_e(truth_px, wave_px), mean_delta_e(chafa_truth_px, chafa_px)]
            hue_row = []
            for mode in ("16", "8"):
                wave_px, _ = pixels(crop(wave_screen(example, mode), box))
                chafa_px, _ = pixels(chafa_screen(png, mode, columns, rows))
                hue_row += [hue_kept(truth_px, wave_px), hue_kept(chafa_truth_px, chafa_px)]
            hues.append((name, hue_row))
            notes += other
            sums = [s + v for s, v in zip(sums, row)]
            print(f"| {name} | {columns}x{rows} | " + " | ".join(f"{v:.4f}" for v in row) + " |")
        print("| **mean** | | " + " | ".join(f"**{s / len(examples):.4f}**" for s in sums) + " |")
    print("\nChromatic patches drawn grey, and mean hue error:\n")
    print("| example | wave 16 | chafa 16 | wave 8 | chafa 8 |")
    print("|---|---|---|---|---|")
    for name, row in hues:
        if any(row):
            print(f"| {name} | " + " | ".join("–" if v is None else f"{v[0]:.0f} % {v[1]:.1f}°" for v in row) + " |")
    if notes:
        print(f"\n({notes} cells held characters other than half blocks and spaces: text drawn as cells, counted as their background)")


if __name__ == "__main__":
    main()
