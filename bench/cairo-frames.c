/* The reference frames of bench/compare.sh, drawn with cairo the way an ordinary program
 * would: every frame is drawn from scratch, masks are clips set per frame, text goes
 * through cairo-ft. Each scene follows its script in examples/ (handlers, animations,
 * springs and text effects as grammar.md defines them), so its frames agree with
 * `wave render` of the same tick and size (bench/compare.sh checks the PSNR).
 *
 *   cairo-frames time SCENE TICK W H N     CPU seconds per frame over N frames (stdout)
 *                                          TICK -1: ticks 0..N-1 of the animation
 *   cairo-frames png SCENE TICK W H OUT    one frame as PNG
 *   cairo-frames scenes                    the scene names, one a line
 *   cairo-frames strokes DIR               the stroke goldens of GoldenGeometryTests as PAM
 *   cairo-frames psnr A B                  PSNR in dB of two PNG or PAM images (RGBA)
 *
 * SCENE is the name of a script in examples/, or fresh/NAME for bench/fresh/NAME.wave. The
 * scene is fitted into W x H as `wave bench --size WxH` does; W and H 0 draw it at its own
 * size. Build: see bench/compare.sh. */
#include <cairo.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Conventions: a scene's step(tick) runs that tick's handlers (timers, `every tick`); it is
 * called for every tick from 0 in order, before draw(tick) draws the frame. Animations and
 * bindings are functions of the tick, evaluated in draw. 60 ticks a second. */

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ==== shared helpers =================================================================== */

static double deg(double d) { return d * M_PI / 180; }
static double clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

/* A colour written #rrggbb, with an alpha 0-1. */
static void hex(cairo_t *cr, unsigned c, double a) {
    cairo_set_source_rgba(cr, (c >> 16 & 255) / 255.0, (c >> 8 & 255) / 255.0, (c & 255) / 255.0, a);
}

static void hex_stop(cairo_pattern_t *p, double at, unsigned c) {
    cairo_pattern_add_color_stop_rgb(p, at, (c >> 16 & 255) / 255.0, (c >> 8 & 255) / 255.0, (c & 255) / 255.0);
}

static void paint_background(cairo_t *cr, unsigned c) {
    hex(cr, c, 1);
    cairo_paint(cr);
    cairo_new_path(cr);
}

/* A CSS cubic-bezier(x1, y1, x2, y2) timing curve at x in 0..1: the curve's parameter by
 * bisection on x (to 1e-15), then y. */
static double bezier_ease(double x1, double y1, double x2, double y2, double x) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double lo = 0, hi = 1, s = x;
    for (int i = 0; i < 60; i++) {
        s = (lo + hi) / 2;
        double bx = 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s;
        if (bx < x) lo = s; else hi = s;
    }
    return 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s;
}
static double ease_in(double x) { return bezier_ease(0.42, 0, 1, 1, x); }
static double ease_out(double x) { return bezier_ease(0, 0, 0.58, 1, x); }
static double ease_in_out(double x) { return bezier_ease(0.42, 0, 0.58, 1, x); }

/* A damped spring from 0 to 1 (mass m, stiffness k, damping c, at rest at 0): its position
 * t seconds after the start, from the closed-form solution of m x'' + c x' + k (x - 1) = 0. */
struct spring { double m, k, c; int ticks; };

static double spring_at(const struct spring *s, double t) {
    if (t <= 0) return 0;
    double w0 = sqrt(s->k / s->m), zeta = s->c / (2 * sqrt(s->k * s->m)), y;
    if (zeta < 1 - 1e-12) {
        double wd = w0 * sqrt(1 - zeta * zeta);
        y = exp(-zeta * w0 * t) * (-cos(wd * t) - zeta * w0 / wd * sin(wd * t));
    } else if (zeta <= 1 + 1e-12) {
        y = (-1 - w0 * t) * exp(-w0 * t);
    } else {
        double r = sqrt(zeta * zeta - 1), r1 = -w0 * (zeta - r), r2 = -w0 * (zeta + r);
        double c1 = r2 / (r1 - r2);
        y = c1 * exp(r1 * t) + (-1 - c1) * exp(r2 * t);
    }
    return 1 + y;
}

/* The spring's length in ticks: up to the last tick (of the first minute) at which it is
 * 0.001 or more away from its target, plus one. From then on it shows the target. */
static void spring_settle(struct spring *s) {
    int last = 0;
    for (int n = 0; n <= 3600; n++)
        if (fabs(1 - spring_at(s, n / 60.0)) >= 0.001) last = n;
    s->ticks = last + 1;
}

/* A settled spring given as SwiftUI does: mass 1, stiffness (2 pi / response)^2, damping
 * 4 pi zeta / response (zeta the damping fraction). */
static struct spring spring_response(double response, double zeta) {
    struct spring s = {1, pow(2 * M_PI / response, 2), 4 * M_PI * zeta / response, 0};
    spring_settle(&s);
    return s;
}

static double spring_value(const struct spring *s, int ticks) {
    return ticks >= s->ticks ? 1 : spring_at(s, ticks / 60.0);
}

/* SplitMix64, the generator behind the scripts' random numbers. */
static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double splitmix_unit(uint64_t *state) { return (splitmix(state) >> 11) * 0x1.0p-53; }

/* A rectangle with rounded corners (radius clamped to half the shorter side). */
static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r) {
    r = fmin(r, fmin(w, h) / 2);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

/* The closed area under y = level + A sin(2 pi x / lambda + phase), sampled every unit from
 * x0 to x1, down to bottom: a `wave` layer. */
static void wave_path(cairo_t *cr, double A, double lambda, double phase, double level,
                      double x0, double x1, double bottom) {
    double k = 2 * M_PI / lambda;
    int steps = (int)ceil(x1 - x0);
    for (int i = 0; i <= steps; i++) {
        double x = fmin(x1, x0 + i);
        double y = level + A * sin(k * x + phase);
        if (i == 0) cairo_move_to(cr, x, y); else cairo_line_to(cr, x, y);
    }
    cairo_line_to(cr, x1, bottom);
    cairo_line_to(cr, x0, bottom);
    cairo_close_path(cr);
}

/* Scales about a point (a layer's anchor): what `scale` does to a layer. */
static void scale_about(cairo_t *cr, double cx, double cy, double s) {
    cairo_translate(cr, cx, cy);
    cairo_scale(cr, s, s);
    cairo_translate(cr, -cx, -cy);
}

/* ---- text: one line laid out as wave lays it out (unhinted outlines, advances and 'kern'
 * pairs in font units), drawn with cairo-ft ------------------------------------------- */

struct font { FT_Face ft; cairo_font_face_t *face; };
static FT_Library ft;
static struct font sans, sans_bold;

static void open_font(struct font *f, const char *file) {
    if ((!ft && FT_Init_FreeType(&ft)) || FT_New_Face(ft, file, 0, &f->ft)) {
        fprintf(stderr, "cannot open %s\n", file);
        exit(1);
    }
    f->face = cairo_ft_font_face_create_for_ft_face(f->ft, FT_LOAD_NO_HINTING);
}

static void open_fonts(void) {
    if (sans.ft) return;
    open_font(&sans, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
    open_font(&sans_bold, "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf");
}

#define MAX_CHARS 32
struct line {
    const struct font *font;
    double size;
    int n;
    unsigned long glyph[MAX_CHARS];
    double pen[MAX_CHARS], advance[MAX_CHARS];     /* pixels from the line's origin */
    double width, ascent, descent, line_height;
    double x, baseline;                             /* where the origin lands */
};

/* Lays out ASCII text at size px with its anchor (ax, ay) in the line box (x from 0 to
 * the width, y from -ascent to +descent) placed at (px, py), as a text layer is placed. */
static void layout(struct line *l, const struct font *f, const char *text, double size,
                   double px, double py, double ax, double ay) {
    FT_Face face = f->ft;
    double scale = size / face->units_per_EM;
    long pen = 0;
    FT_UInt previous = 0;
    l->font = f;
    l->size = size;
    l->n = (int)strlen(text);
    for (int i = 0; i < l->n; i++) {
        FT_UInt g = FT_Get_Char_Index(face, (unsigned char)text[i]);
        if (i > 0 && FT_HAS_KERNING(face)) {
            FT_Vector kern = {0, 0};
            FT_Get_Kerning(face, previous, g, FT_KERNING_UNSCALED, &kern);
            pen += kern.x;
        }
        FT_Load_Glyph(face, g, FT_LOAD_NO_SCALE);
        l->glyph[i] = g;
        l->pen[i] = pen * scale;
        l->advance[i] = face->glyph->metrics.horiAdvance * scale;
        pen += face->glyph->metrics.horiAdvance;
        previous = g;
    }
    l->width = pen * scale;
    l->ascent = face->ascender * scale;
    l->descent = -face->descender * scale;
    l->line_height = face->height * scale;
    l->x = px - ax * l->width;
    l->baseline = py - (-l->ascent + ay * (l->ascent + l->descent));
}

static void use_font(cairo_t *cr, const struct line *l) {
    cairo_set_font_face(cr, l->font->face);
    cairo_set_font_size(cr, l->size);
}

/* Glyph i of the line (or another glyph in its place), moved by (dx, dy). */
static cairo_glyph_t glyph_at(const struct line *l, int i, unsigned long glyph, double dx, double dy) {
    return (cairo_glyph_t){glyph, l->x + l->pen[i] + dx, l->baseline + dy};
}

/* The whole line as a path (to clip to or stroke). */
static void line_path(cairo_t *cr, const struct line *l) {
    cairo_glyph_t g[MAX_CHARS];
    for (int i = 0; i < l->n; i++) g[i] = glyph_at(l, i, l->glyph[i], 0, 0);
    use_font(cr, l);
    cairo_glyph_path(cr, g, l->n);
}

/* Fills one glyph with the current source: as a path, so its edges are exact where
 * wave's are (cairo_show_glyphs would snap it to whole pixels). */
static void fill_glyph(cairo_t *cr, const struct line *l, int i, unsigned long glyph, double dx, double dy) {
    cairo_glyph_t g = glyph_at(l, i, glyph, dx, dy);
    use_font(cr, l);
    cairo_glyph_path(cr, &g, 1);
    cairo_fill(cr);
}

/* ==== audio-meter.wave ================================================================= */

static double meter_peak;

/* The bar heights at tick n: h_i = 20 + amp_i |sin(t speed_i + i)| (the script's lets). */
static void meter_heights(int tick, double h[8]) {
    static const double amp[8] = {60, 90, 110, 120, 100, 80, 60, 40};
    static const double speed[8] = {3.1, 2.3, 1.7, 2.9, 3.7, 2.1, 4.3, 5.1};
    double t = tick / 60.0;
    for (int i = 0; i < 8; i++) h[i] = 20 + amp[i] * fabs(sin(t * speed[i] + i));
}

static void meter_step(int tick) {
    double h[8];
    if (tick == 0) meter_peak = 0;
    meter_heights(tick, h);
    double peak = meter_peak - 0.8;
    for (int i = 0; i < 8; i++) peak = fmax(peak, h[i]);
    meter_peak = peak;
}

static void meter_draw(cairo_t *cr, int tick) {
    const double base = 160;
    double h[8];
    meter_heights(tick, h);
    paint_background(cr, 0x101418);
    for (int i = 0; i < 8; i++) {
        /* mix(#2ecc71, #e74c3c, h / 140), per channel */
        double f = h[i] / 140, r = clamp01((46 + (231 - 46) * f) / 255),
               g = clamp01((204 + (76 - 204) * f) / 255), b = clamp01((113 + (60 - 113) * f) / 255);
        rounded_rect(cr, 20 + 36 * i, base - h[i], 26, h[i], 3);
        cairo_set_source_rgb(cr, r, g, b);
        cairo_fill(cr);
    }
    cairo_move_to(cr, 16, base - meter_peak);
    cairo_line_to(cr, 304, base - meter_peak);
    hex(cr, 0xffffff, 0xa0 / 255.0);
    cairo_set_line_width(cr, 2);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_stroke(cr);
}

/* ==== du-fill.wave ===================================================================== */

static struct line du;

static void du_setup(void) {
    open_fonts();
    du = (struct line){0};
    layout(&du, &sans_bold, "du", 150, 180, 100, 0.5, 0.5);
}

static void du_draw(cairo_t *cr, int tick) {
    double level = 190 + (0 - 190) * ease_in_out(fmin(1, tick / 300.0));
    double phase = (tick + 1) * deg(8);
    paint_background(cr, 0xffffff);
    line_path(cr, &du);
    hex(cr, 0x3a7bd5, 1);
    cairo_set_line_width(cr, 2);
    cairo_stroke(cr);
    for (int w = 0; w < 2; w++) {   /* back (the cosine, half opaque), then front */
        cairo_save(cr);
        line_path(cr, &du);
        cairo_clip(cr);
        wave_path(cr, 6, 360 / 1.5, phase + (w == 0 ? deg(90) : 0), level, 0, 360, 200);
        hex(cr, 0x3a7bd5, w == 0 ? 0.5 : 1);
        cairo_fill(cr);
        cairo_restore(cr);
    }
}

/* ==== label-effects.wave =============================================================== */

enum { L_TYPEWRITER, L_SHINE, L_FADE, L_WAVE, L_SCRAMBLE, L_SLIDE, L_BOUNCE, L_COUNT };
static struct line labels[L_COUNT];
static const unsigned label_colour[L_COUNT] = {0x222222, 0xd4a017, 0x3a7bd5, 0x2a9d8f, 0x6a4c93, 0xe76f51, 0x264653};
static const int label_begin[L_COUNT] = {0, 30, 60, 90, 0, 30, 60};       /* ticks (delays) */
static const int label_total[L_COUNT] = {120, 120, 120, 150, 120, 90, 90}; /* ticks */
static uint64_t label_seed[L_COUNT];
static double shine_delay[MAX_CHARS], shine_duration[MAX_CHARS];
static const char scramble_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789#%&*+=?";
static unsigned long scramble_glyph[sizeof scramble_alphabet];

static void labels_setup(void) {
    open_fonts();
    const char *text[L_COUNT] = {"typewriter", "shine", "fade", "wave", "scramble", "slide", "bounce"};
    for (int i = 0; i < L_COUNT; i++) {
        int left = i < L_SCRAMBLE;
        layout(&labels[i], left ? &sans_bold : &sans, text[i], left ? 34 : 26,
               left ? 20 : 420, 45 + 70 * (left ? i : i - L_SCRAMBLE), left ? 0 : 1, 0.5);
    }
    /* Without a `seed`, each effect statement draws one number from the scene's generator
     * (seed 7), in the order the statements run. */
    uint64_t scene = 7;
    for (int i = 0; i < L_COUNT; i++) label_seed[i] = splitmix(&scene);
    uint64_t s = label_seed[L_SHINE];
    double total = label_total[L_SHINE];
    for (int i = 0; i < labels[L_SHINE].n; i++) {
        shine_delay[i] = splitmix_unit(&s) * total / 2;
        shine_duration[i] = fmax(1, (total - shine_delay[i]) * (0.25 + 0.75 * splitmix_unit(&s)));
    }
    for (size_t i = 0; i + 1 < sizeof scramble_alphabet; i++)
        scramble_glyph[i] = FT_Get_Char_Index(sans.ft, (unsigned char)scramble_alphabet[i]);
}

static double letter_progress(double tau, double delay, double duration) {
    return clamp01((tau - delay) / duration);
}

/* Each letter rises from one line-height below into place, clipped to the line box. */
static void typewriter_draw(cairo_t *cr, const struct line *l, double tau, double total) {
    double d = total / l->n;
    if (tau < 0) return;
    cairo_save(cr);
    cairo_rectangle(cr, l->x, l->baseline - l->ascent, l->width, l->ascent + l->descent);
    cairo_clip(cr);
    for (int i = 0; i < l->n; i++) {
        if (tau < i * d) continue;
        double p = letter_progress(tau, i * d, d);
        fill_glyph(cr, l, i, l->glyph[i], 0, (1 - p) * l->line_height);
    }
    cairo_restore(cr);
}

/* The text filled by a rising sine wave: the level climbs from the bottom of the line box
 * to above its top, the phase moves 0.1 a tick, the amplitude breathes by 2 % a tick. */
static void wave_text_draw(cairo_t *cr, const struct line *l, double tau, double total) {
    if (tau < 0) return;
    int cycle = (int)tau % 20;
    double zoom = 1 + 0.02 * (cycle <= 10 ? cycle : 20 - cycle);
    double amplitude = zoom * fmax(1, l->line_height * 0.06);
    double top = -l->ascent - amplitude * 1.5, bottom = l->descent;
    double level = bottom + (top - bottom) * fmin(1, tau / total);
    double k = 2 * M_PI / fmax(1, l->width / 1.5), phase = 0.1 * tau;
    cairo_save(cr);
    line_path(cr, l);
    cairo_clip(cr);
    cairo_translate(cr, l->x, l->baseline);
    for (double x = 0;; x = fmin(l->width, x + 1)) {
        double y = level + amplitude * sin(k * x + phase);
        if (x == 0) cairo_move_to(cr, x, y); else cairo_line_to(cr, x, y);
        if (x >= l->width) break;
    }
    cairo_line_to(cr, l->width, bottom + amplitude);
    cairo_line_to(cr, 0, bottom + amplitude);
    cairo_close_path(cr);
    cairo_fill(cr);
    cairo_restore(cr);
}

static void labels_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0xffffff);
    for (int e = 0; e < L_COUNT; e++) {
        const struct line *l = &labels[e];
        double tau = tick - label_begin[e], total = label_total[e], n = l->n;
        unsigned colour = label_colour[e];
        hex(cr, colour, 1);
        switch (e) {
        case L_TYPEWRITER: typewriter_draw(cr, l, tau, total); break;
        case L_WAVE: wave_text_draw(cr, l, tau, total); break;
        case L_SHINE:
        case L_FADE:
            for (int i = 0; i < l->n; i++) {
                double delay = e == L_SHINE ? shine_delay[i] : i * total / n;
                double alpha = letter_progress(tau, delay, e == L_SHINE ? shine_duration[i] : total - delay);
                if (alpha <= 0) continue;
                hex(cr, colour, alpha);
                fill_glyph(cr, l, i, l->glyph[i], 0, 0);
            }
            break;
        case L_SCRAMBLE:
            /* Random letters (changing every 3 ticks) until each settles. */
            for (int i = 0; i < l->n; i++) {
                double delay = i * total / (2 * n);
                if (letter_progress(tau, delay, total / 2) >= 1) { fill_glyph(cr, l, i, l->glyph[i], 0, 0); continue; }
                uint64_t s = label_seed[e] ^ ((uint64_t)i * 0x9E3779B9ull) ^ ((uint64_t)((int)tau / 3) * 0xC2B2AE3D27D4EB4Full);
                size_t k = splitmix(&s) % (sizeof scramble_alphabet - 1);
                hex(cr, colour, tau >= delay ? 1 : 0.35);
                fill_glyph(cr, l, i, scramble_glyph[k], 0, 0);
                hex(cr, colour, 1);
            }
            break;
        case L_SLIDE:
            /* Each letter slides in from one line-height to the left, easing out, fading in. */
            for (int i = 0; i < l->n; i++) {
                double p = ease_out(letter_progress(tau, i * total / (2 * n), total / 2));
                if (p <= 0) continue;
                hex(cr, colour, p);
                fill_glyph(cr, l, i, l->glyph[i], -(1 - p) * l->line_height, 0);
            }
            break;
        case L_BOUNCE: {
            /* Each letter grows from 0 about its foot on a spring (stiffness 300, damping 12). */
            struct spring sp = {1, 300, 12, 0};
            for (int i = 0; i < l->n; i++) {
                double elapsed = (tau - i * total / (2 * n)) / 60;
                if (elapsed < 0) continue;
                double s = spring_at(&sp, elapsed);
                if (fabs(s) < 1e-9) continue;
                cairo_save(cr);
                scale_about(cr, l->x + l->pen[i] + l->advance[i] / 2, l->baseline, s);
                fill_glyph(cr, l, i, l->glyph[i], 0, 0);
                cairo_restore(cr);
            }
            break;
        }
        }
    }
}

/* ==== logo-spring.wave ================================================================= */

static struct line logo_word;
static struct spring badge_spring;

static void logo_setup(void) {
    open_fonts();
    layout(&logo_word, &sans_bold, "wave", 48, 150, 100, 0, 0.5);
    badge_spring = spring_response(0.6, 0.45);
}

static void logo_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0xf6f4ef);
    /* The ring: `pop` runs 0 -> 1 (ease-out, 48 ticks) from tick 72 (after 1.2 s). */
    double pop = tick < 72 ? 0 : tick >= 120 ? 1 : ease_out((tick - 72) / 48.0);
    double ring_opacity = pop > 0 ? 1 - pop : 0;
    if (ring_opacity > 0) {
        cairo_arc(cr, 90, 100, 40 + 30 * pop, 0, 2 * M_PI);
        hex(cr, 0xe4572e, ring_opacity);
        cairo_set_line_width(cr, 3);
        cairo_stroke(cr);
    }
    /* The badge springs from scale 0 to 1 about the disc's centre. */
    double s = spring_value(&badge_spring, tick);
    if (fabs(s) > 1e-9) {
        cairo_save(cr);
        scale_about(cr, 90, 100, s);
        cairo_arc(cr, 90, 100, 44, 0, 2 * M_PI);
        hex(cr, 0xe4572e, 1);
        cairo_fill(cr);
        cairo_move_to(cr, 70, 112);
        cairo_line_to(cr, 84, 84);
        cairo_line_to(cr, 98, 104);
        cairo_line_to(cr, 112, 78);
        hex(cr, 0xffffff, 1);
        cairo_set_line_width(cr, 7);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_stroke(cr);
        cairo_restore(cr);
    }
    /* The word slides in letter by letter: effect slide over 1 s, delay 0.3 s. */
    const struct line *l = &logo_word;
    double tau = tick - 18, total = 60;
    for (int i = 0; i < l->n; i++) {
        double p = ease_out(letter_progress(tau, i * total / (2 * l->n), total / 2));
        if (p <= 0) continue;
        hex(cr, 0x1d3557, p);
        fill_glyph(cr, l, i, l->glyph[i], -(1 - p) * l->line_height, 0);
    }
}

/* ==== ocean.wave ======================================================================= */

static void ocean_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0x000000);
    cairo_pattern_t *sky = cairo_pattern_create_linear(200, 0, 200, 240);
    hex_stop(sky, 0, 0x1b2a4a);
    hex_stop(sky, 0.65, 0xc0607a);
    hex_stop(sky, 1, 0xf7b267);
    cairo_rectangle(cr, 0, 0, 400, 240);
    cairo_set_source(cr, sky);
    cairo_fill(cr);
    cairo_pattern_destroy(sky);
    /* The sun sinks 60 px over 6 s, easing in. */
    double cy = 140 + 60 * ease_in(fmin(1, tick / 360.0));
    cairo_pattern_t *sun = cairo_pattern_create_radial(270, cy, 0, 270, cy, 34);
    hex_stop(sun, 0, 0xfff3c4);
    hex_stop(sun, 0.7, 0xffb347);
    hex_stop(sun, 1, 0xff8c42);
    cairo_arc(cr, 270, cy, 34, 0, 2 * M_PI);
    cairo_set_source(cr, sun);
    cairo_fill(cr);
    cairo_pattern_destroy(sun);
    /* Three waves; the every-tick handler has moved their phases tick + 1 times. */
    double n = tick + 1;
    wave_path(cr, 3, 90, n * deg(1.5), 150, 0, 400, 240);
    hex(cr, 0x3d5a80, 1);
    cairo_fill(cr);
    wave_path(cr, 6, 160, 1 - n * deg(2.5), 170, 0, 400, 240);
    hex(cr, 0x2b4162, 1);
    cairo_fill(cr);
    wave_path(cr, 10, 260, 2 + n * deg(4), 196, 0, 400, 240);
    hex(cr, 0x14213d, 1);
    cairo_fill(cr);
}

/* ==== progress-ball.wave and progress-ball-two-waves.wave ============================== */

struct ball { double v, level, amplitude, phase; int growing, bound, stopped; };
static struct ball ball;

/* Both scripts run the same handler: rise while above 70 %, breathing; then calm down and
 * stop. In progress-ball the amplitude is bound to 5 v until the handler first assigns it. */
static void ball_step(int tick) {
    struct ball *s = &ball;
    if (tick == 0) *s = (struct ball){.v = 1.6, .level = 200, .amplitude = 8, .bound = 1};
    if (s->stopped) return;
    if (s->level > 200 * (1 - 0.7)) {
        s->v += s->growing ? 0.01 : -0.01;
        if (s->v <= 1.0) s->growing = 1;
        if (s->v >= 1.6) s->growing = 0;
        s->amplitude = 5 * s->v;
        s->level -= 1;
    } else {
        s->bound = 0;
        s->amplitude -= 0.066;
        if (s->amplitude <= 0) { s->stopped = 1; return; }
    }
    s->phase += 0.4 / M_PI;
}

static cairo_pattern_t *water_gradient(void) {
    cairo_pattern_t *g = cairo_pattern_create_linear(100, 0, 100, 200);
    cairo_pattern_add_color_stop_rgb(g, 0, 164 / 255.0, 216 / 255.0, 222 / 255.0);
    cairo_pattern_add_color_stop_rgb(g, 1, 105 / 255.0, 192 / 255.0, 154 / 255.0);
    return g;
}

static void ball_outline(cairo_t *cr) {
    paint_background(cr, 0xffffff);
    cairo_arc(cr, 100, 100, 96, 0, 2 * M_PI);
    hex(cr, 0x69c09a, 1);
    cairo_set_line_width(cr, 3);
    cairo_stroke(cr);
}

static void ball_draw(cairo_t *cr, int tick) {
    (void)tick;
    ball_outline(cr);
    cairo_save(cr);
    cairo_arc(cr, 100, 100, 94, 0, 2 * M_PI);
    cairo_clip(cr);
    cairo_pattern_t *g = water_gradient();
    cairo_set_source(cr, g);
    wave_path(cr, ball.amplitude, 200 / 0.83, ball.phase, ball.level, 0, 200, 200);
    cairo_fill(cr);
    cairo_pattern_destroy(g);
    cairo_restore(cr);
}

/* The back wave is the cosine, its water 45 % opaque; the front wave the sine. */
static void two_waves_draw(cairo_t *cr, int tick) {
    (void)tick;
    ball_outline(cr);
    cairo_pattern_t *g = water_gradient();
    for (int w = 0; w < 2; w++) {
        cairo_save(cr);
        cairo_arc(cr, 100, 100, 94, 0, 2 * M_PI);
        cairo_clip(cr);
        wave_path(cr, ball.amplitude, 200 / 0.83, ball.phase + (w == 0 ? deg(90) : 0), ball.level, 0, 200, 200);
        cairo_clip(cr);
        cairo_set_source(cr, g);
        cairo_paint_with_alpha(cr, w == 0 ? 0.45 : 1);
        cairo_restore(cr);
    }
    cairo_pattern_destroy(g);
}

/* ==== sonar.wave ======================================================================= */

/* A ring is spawned every 36 ticks from tick 0, below the button; over 108 ticks it grows
 * from 1x to 4x about its centre while fading from 0.75 to 0, and is then removed. */
static void sonar_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0x101418);
    for (int born = tick - tick % 36 - 72; born <= tick; born += 36) {
        int age = tick - born;
        if (born < 0 || age >= 108) continue;
        double f = age / 108.0;
        cairo_save(cr);
        scale_about(cr, 120, 120, 1 + 3 * f);
        rounded_rect(cr, 90, 105, 60, 30, 15);
        cairo_restore(cr);
        hex(cr, 0x22c064, 0.75 * (1 - f));
        cairo_fill(cr);
    }
    rounded_rect(cr, 90, 105, 60, 30, 15);
    hex(cr, 0x22c064, 1);
    cairo_fill(cr);
}

/* ==== spinner.wave ===================================================================== */

static void spinner_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0x1d1f27);
    /* The group turns once every 72 ticks about its anchor, the centre of its bounds. wave
     * takes a group's bounds from its children's path points, Bézier control points
     * included: the arc's two cubics (60° each) reach outside the circle, which moves the
     * pivot off the ring's centre. The same box here: */
    double x0 = 40, y0 = 40, x1 = 160, y1 = 160, k = 4.0 / 3 * tan(deg(60) / 4);
    for (int i = 0; i < 2; i++) {
        double a0 = deg(-90 + 60 * i), a1 = a0 + deg(60);
        double px[] = {cos(a0) - k * sin(a0), cos(a1) + k * sin(a1), cos(a1)};
        double py[] = {sin(a0) + k * cos(a0), sin(a1) - k * cos(a1), sin(a1)};
        for (int j = 0; j < 3; j++) {
            x0 = fmin(x0, 100 + 60 * px[j]); x1 = fmax(x1, 100 + 60 * px[j]);
            y0 = fmin(y0, 100 + 60 * py[j]); y1 = fmax(y1, 100 + 60 * py[j]);
        }
    }
    double ax = (x0 + x1) / 2, ay = (y0 + y1) / 2;
    cairo_save(cr);
    cairo_translate(cr, ax, ay);
    cairo_rotate(cr, 2 * M_PI * (tick % 72) / 72.0);
    cairo_translate(cr, -ax, -ay);
    cairo_set_line_width(cr, 6);
    double dash[] = {4, 8};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_arc(cr, 100, 100, 60, 0, 2 * M_PI);
    hex(cr, 0xffffff, 0x30 / 255.0);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    cairo_arc(cr, 100, 100, 60, deg(-90), deg(30));
    hex(cr, 0x61dafb, 1);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_stroke(cr);
    cairo_restore(cr);
    /* The dot: scale through [1, 1.4, 1] over 48 ticks (ease-in-out on the whole list),
     * opacity 1 -> 0.4 over 24 ticks and back. */
    double e = ease_in_out((tick % 48) / 48.0);
    double s = e < 0.5 ? 1 + 0.4 * e / 0.5 : 1.4 - 0.4 * (e - 0.5) / 0.5;
    int c = tick % 48;
    double opacity = 1 - 0.6 * (c <= 24 ? c : 48 - c) / 24.0;
    cairo_arc(cr, 100, 100, 10 * s, 0, 2 * M_PI);
    hex(cr, 0x61dafb, opacity);
    cairo_fill(cr);
}

/* ==== spring-sheet.wave ================================================================ */

static struct spring sheet_edge, sheet_middle;

static void sheet_setup(void) {
    sheet_edge = (struct spring){1, 300, 40, 0};
    sheet_middle = (struct spring){1, 100, 7, 0};
    spring_settle(&sheet_edge);
    spring_settle(&sheet_middle);
}

static void sheet_draw(cairo_t *cr, int tick) {
    double edge = 120 * spring_value(&sheet_edge, tick), middle = 120 * spring_value(&sheet_middle, tick);
    paint_background(cr, 0xffffff);
    cairo_move_to(cr, 0, 0);
    cairo_line_to(cr, 320, 0);
    cairo_line_to(cr, 320, edge);
    /* quad to (0, edge) with control (160, middle), as a cubic */
    cairo_curve_to(cr, 320 + 2.0 / 3 * (160 - 320), edge + 2.0 / 3 * (middle - edge),
                   0 + 2.0 / 3 * (160 - 0), edge + 2.0 / 3 * (middle - edge), 0, edge);
    cairo_close_path(cr);
    hex(cr, 0x4a90e2, 1);
    cairo_fill(cr);
}

/* ==== stickman.wave ==================================================================== */

static void stickman_draw(cairo_t *cr, int tick) {
    (void)tick;
    paint_background(cr, 0xffffff);
    cairo_new_sub_path(cr);
    cairo_arc(cr, 150, 60, 25, 0, 2 * M_PI);
    cairo_close_path(cr);
    cairo_move_to(cr, 150, 85);  cairo_line_to(cr, 150, 160);
    cairo_move_to(cr, 150, 160); cairo_line_to(cr, 115, 230);
    cairo_move_to(cr, 150, 160); cairo_line_to(cr, 185, 230);
    cairo_move_to(cr, 100, 110); cairo_line_to(cr, 200, 110);
    hex(cr, 0x93e7b6, 1);
    cairo_set_line_width(cr, 5);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_stroke(cr);
}

/* The other examples' scenes (trimmed strokes, replicators, particles, shadows, images,
 * 3D, morphs), kept in their own file. */
#include "cairo-scenes-more.c"

/* ==== frames =========================================================================== */

struct scene {
    const char *name;
    int width, height;
    void (*setup)(void);           /* once, before tick 0 (may be NULL) */
    void (*step)(int tick);        /* the tick's handlers (may be NULL) */
    void (*draw)(cairo_t *, int tick);
};
static const struct scene scenes[] = {
    {"activity-indicator", 120, 120, NULL, NULL, activity_draw},
    {"audio-meter", 320, 180, NULL, meter_step, meter_draw},
    {"badge-image", 240, 200, badge_setup, NULL, badge_draw},
    {"card-flip", 320, 200, card_setup, NULL, card_draw},
    {"checkmark", 200, 200, checkmark_setup, NULL, checkmark_draw},
    {"confetti", 320, 240, NULL, confetti_step, confetti_draw},
    {"du-fill", 360, 200, du_setup, NULL, du_draw},
    {"glow-heart", 320, 240, NULL, NULL, heart_draw},
    {"grid-wave", 320, 200, NULL, NULL, grid_wave_draw},
    {"label-effects", 440, 300, labels_setup, NULL, labels_draw},
    {"logo-spring", 320, 200, logo_setup, NULL, logo_draw},
    {"morph", 200, 200, morph_setup, NULL, morph_draw},
    {"ocean", 400, 240, NULL, NULL, ocean_draw},
    {"paper-plane", 320, 200, plane_setup, NULL, plane_draw},
    {"progress-ball-two-waves", 200, 200, NULL, ball_step, two_waves_draw},
    {"progress-ball", 200, 200, NULL, ball_step, ball_draw},
    {"shimmer", 320, 140, NULL, NULL, shimmer_draw},
    {"sonar", 240, 240, NULL, NULL, sonar_draw},
    {"sparks", 320, 240, sparks_setup, sparks_step, sparks_draw},
    {"spinner", 200, 200, NULL, NULL, spinner_draw},
    {"spring-sheet", 320, 240, sheet_setup, NULL, sheet_draw},
    {"stickman", 300, 260, NULL, NULL, stickman_draw},
    {"typing", 360, 80, typing_setup, NULL, typing_draw},
};
#define SCENE_COUNT (sizeof scenes / sizeof *scenes)

/* The scenes of bench/fresh/ (bench/fresh-frames.sh), named fresh/NAME; not listed by
 * `scenes`, which lists the examples. */
#include "cairo-scenes-fresh.c"

static const struct scene *find_scene(const char *name) {
    for (size_t i = 0; i < SCENE_COUNT; i++)
        if (!strcmp(scenes[i].name, name)) return &scenes[i];
    for (size_t i = 0; i < FRESH_COUNT; i++)
        if (!strcmp(fresh_scenes[i].name, name)) return &fresh_scenes[i];
    fprintf(stderr, "unknown scene %s\n", name);
    exit(64);
}

static void step(const struct scene *sc, int tick) {
    if (sc->step) sc->step(tick);
}

/* One frame: the scene's coordinates scaled into the surface, drawn from scratch. */
static void draw(cairo_t *cr, const struct scene *sc, int tick, double scale) {
    cairo_identity_matrix(cr);
    cairo_scale(cr, scale, scale);
    cairo_new_path(cr);
    sc->draw(cr, tick);
}

static cairo_surface_t *frame_surface(const struct scene *sc, int w, int h, double *scale) {
    *scale = fmin((double)w / sc->width, (double)h / sc->height);
    int fw = (int)fmax(1, round(sc->width * *scale)), fh = (int)fmax(1, round(sc->height * *scale));
    return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, fw, fh);
}

/* --- images: PNG through cairo, PAM as wave's goldens store them ---------------------- */

static unsigned char *read_rgba(const char *path, int *w, int *h) {
    size_t n = strlen(path);
    if (n > 4 && !strcmp(path + n - 4, ".pam")) {
        FILE *f = fopen(path, "rb");
        if (!f) return NULL;
        char line[256];
        *w = *h = 0;
        while (fgets(line, sizeof line, f) && strncmp(line, "ENDHDR", 6)) {
            sscanf(line, "WIDTH %d", w);
            sscanf(line, "HEIGHT %d", h);
        }
        unsigned char *px = malloc((size_t)*w * *h * 4);
        if (fread(px, 4, (size_t)*w * *h, f) != (size_t)*w * *h) { free(px); px = NULL; }
        fclose(f);
        return px;
    }
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(s)) return NULL;
    *w = cairo_image_surface_get_width(s);
    *h = cairo_image_surface_get_height(s);
    unsigned char *px = malloc((size_t)*w * *h * 4), *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < *h; y++)
        for (int x = 0; x < *w; x++) {
            unsigned v = *(unsigned *)(data + y * stride + x * 4);
            unsigned char *o = px + (y * *w + x) * 4;
            o[0] = v >> 16; o[1] = v >> 8; o[2] = v; o[3] = v >> 24;   /* premultiplied */
        }
    cairo_surface_destroy(s);
    return px;
}

static void write_pam(cairo_surface_t *s, const char *path) {
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    unsigned char *data = cairo_image_surface_get_data(s);
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); exit(74); }
    fprintf(f, "P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA_PREMULTIPLIED\nENDHDR\n", w, h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned v = *(unsigned *)(data + y * stride + x * 4);
            unsigned char o[4] = {v >> 16, v >> 8, v, v >> 24};
            fwrite(o, 1, 4, f);
        }
    fclose(f);
}

/* The strokes of GoldenGeometryTests on a transparent 48 x 48 canvas, ink (0.1, 0.2, 0.5). */
static void strokes(const char *dir) {
    struct { const char *name; double w; int cap, join; double limit, opacity; int dash; int shape; } s[] = {
        {"cap-butt", 8, CAIRO_LINE_CAP_BUTT, CAIRO_LINE_JOIN_MITER, 10, 1, 0, 0},
        {"cap-round", 8, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_JOIN_MITER, 10, 1, 0, 0},
        {"cap-square", 8, CAIRO_LINE_CAP_SQUARE, CAIRO_LINE_JOIN_MITER, 10, 1, 0, 0},
        {"join-miter", 8, CAIRO_LINE_CAP_BUTT, CAIRO_LINE_JOIN_MITER, 10, 1, 0, 1},
        {"join-round", 8, CAIRO_LINE_CAP_BUTT, CAIRO_LINE_JOIN_ROUND, 10, 1, 0, 1},
        {"join-bevel", 8, CAIRO_LINE_CAP_BUTT, CAIRO_LINE_JOIN_BEVEL, 10, 1, 0, 1},
        {"join-miter-limit", 6, CAIRO_LINE_CAP_BUTT, CAIRO_LINE_JOIN_MITER, 2, 1, 0, 2},
        {"dash-phase", 4, CAIRO_LINE_CAP_BUTT, CAIRO_LINE_JOIN_MITER, 10, 1, 1, 3},
        {"hairline", 1, CAIRO_LINE_CAP_BUTT, CAIRO_LINE_JOIN_MITER, 10, 0.5, 0, 4},
    };
    for (size_t i = 0; i < sizeof s / sizeof *s; i++) {
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 48, 48);
        cairo_t *cr = cairo_create(surface);
        switch (s[i].shape) {
        case 0: cairo_move_to(cr, 14, 24); cairo_line_to(cr, 34, 24); break;
        case 1: cairo_move_to(cr, 12, 36); cairo_line_to(cr, 12, 12); cairo_line_to(cr, 36, 12); break;
        case 2: cairo_move_to(cr, 8, 40); cairo_line_to(cr, 24, 10); cairo_line_to(cr, 40, 40); break;
        case 3: cairo_move_to(cr, 4, 24); cairo_line_to(cr, 44, 24); break;
        case 4: cairo_move_to(cr, 4.5, 40.5); cairo_line_to(cr, 43.5, 8.5); break;
        }
        if (s[i].dash) { double d[] = {6, 4}; cairo_set_dash(cr, d, 2, 3); }
        cairo_set_line_width(cr, s[i].w);
        cairo_set_line_cap(cr, s[i].cap);
        cairo_set_line_join(cr, s[i].join);
        cairo_set_miter_limit(cr, s[i].limit);
        cairo_set_source_rgba(cr, 0.1, 0.2, 0.5, s[i].opacity);
        cairo_stroke(cr);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.pam", dir, s[i].name);
        cairo_surface_flush(surface);
        write_pam(surface, path);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
    }
}

int main(int argc, char **argv) {
    if (argc == 2 && !strcmp(argv[1], "scenes")) {
        for (size_t i = 0; i < SCENE_COUNT; i++) puts(scenes[i].name);
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "strokes")) { strokes(argv[2]); return 0; }
    if (argc == 4 && !strcmp(argv[1], "psnr")) {
        int w1, h1, w2, h2;
        unsigned char *a = read_rgba(argv[2], &w1, &h1), *b = read_rgba(argv[3], &w2, &h2);
        if (!a || !b || w1 != w2 || h1 != h2) { fprintf(stderr, "cannot compare %s and %s\n", argv[2], argv[3]); return 65; }
        double se = 0;
        for (long i = 0; i < (long)w1 * h1 * 4; i++) { double d = (double)a[i] - b[i]; se += d * d; }
        double mse = se / ((double)w1 * h1 * 4);
        printf("%.1f\n", mse == 0 ? 99.0 : 10 * log10(255.0 * 255.0 / mse));
        return 0;
    }
    if (argc != 7 || (strcmp(argv[1], "time") && strcmp(argv[1], "png"))) {
        fprintf(stderr, "usage: cairo-frames time|png SCENE TICK W H N|OUT, scenes, strokes DIR, psnr A B\n");
        return 64;
    }
    const struct scene *sc = find_scene(argv[2]);
    int tick = atoi(argv[3]), w = atoi(argv[4]), h = atoi(argv[5]);
    if (w <= 0 || h <= 0) { w = sc->width; h = sc->height; }   /* 0 0: the scene's own size */
    if (sc->setup) sc->setup();
    double scale;
    cairo_surface_t *surface = frame_surface(sc, w, h, &scale);
    cairo_t *cr = cairo_create(surface);
    if (!strcmp(argv[1], "png")) {
        for (int t = 0; t <= tick; t++) step(sc, t);
        draw(cr, sc, tick, scale);
        cairo_surface_flush(surface);
        return cairo_surface_write_to_png(surface, argv[6]) == CAIRO_STATUS_SUCCESS ? 0 : 74;
    }
    int n = atoi(argv[6]);
    if (tick >= 0) for (int t = 0; t <= tick; t++) step(sc, t);
    double start = cpu_seconds();
    for (int i = 0; i < n; i++) {
        if (tick < 0) step(sc, i);
        draw(cr, sc, tick < 0 ? i : tick, scale);
        cairo_surface_flush(surface);
    }
    printf("%.9f\n", (cpu_seconds() - start) / n);
    if (cairo_status(cr)) { fprintf(stderr, "cairo: %s\n", cairo_status_to_string(cairo_status(cr))); return 70; }
    return 0;
}
