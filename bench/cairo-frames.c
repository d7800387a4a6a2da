/* The reference frames of `wave bench --compare`, drawn with cairo the way an ordinary
 * program would: every frame is drawn from scratch, masks are clips set per frame.
 *
 *   cairo-frames time SCENE TICK W H N     CPU seconds per frame over N frames (stdout)
 *                                          TICK -1: ticks 0..N-1 of the animation
 *   cairo-frames png SCENE TICK W H OUT    one frame as PNG
 *   cairo-frames strokes DIR               the stroke goldens of GoldenGeometryTests as PAM
 *   cairo-frames psnr A B                  PSNR in dB of two PNG or PAM images (RGBA)
 *
 * SCENE is progress-ball, du-fill or stickman (the scripts in examples/). The scene is
 * fitted into W x H as `wave bench --size WxH` does. Build: see bench/compare.sh. */
#include <cairo.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
/* The every-tick handlers run at every tick, tick 0 included, before the frame is drawn. */

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void rgb(cairo_t *cr, int r, int g, int b, double a) {
    cairo_set_source_rgba(cr, r / 255.0, g / 255.0, b / 255.0, a);
}

/* --- progress-ball.wave ------------------------------------------------------------ */

struct ball { double v, level, amplitude, phase; int growing, bound, stopped; };

static void ball_init(struct ball *s) {
    s->v = 1.6; s->growing = 0; s->level = 200; s->phase = 0; s->bound = 1; s->stopped = 0;
    s->amplitude = 5 * s->v;
}

static void ball_step(struct ball *s) {
    if (s->stopped) return;
    if (s->level > 200 * (1 - 0.7)) {
        s->v += s->growing ? 0.01 : -0.01;
        if (s->v <= 1.0) s->growing = 1;
        if (s->v >= 1.6) s->growing = 0;
        s->level -= 1;
    } else {
        s->bound = 0;
        s->amplitude -= 0.066;
        if (s->amplitude <= 0) { s->stopped = 1; }
    }
    if (s->bound) s->amplitude = 5 * s->v;
    if (!s->stopped) s->phase += 0.4 / M_PI;
}

/* The closed area under y = level + A sin(kx + phase), sampled every unit, down to bottom. */
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

static void draw_ball(cairo_t *cr, const struct ball *s) {
    rgb(cr, 255, 255, 255, 1);
    cairo_paint(cr);
    cairo_new_path(cr);
    cairo_arc(cr, 100, 100, 96, 0, 2 * M_PI);
    rgb(cr, 0x69, 0xc0, 0x9a, 1);
    cairo_set_line_width(cr, 3);
    cairo_stroke(cr);
    cairo_save(cr);
    cairo_arc(cr, 100, 100, 94, 0, 2 * M_PI);
    cairo_clip(cr);
    /* The water: the wave's area filled with the gradient, inside the ball. */
    cairo_pattern_t *g = cairo_pattern_create_linear(100, 0, 100, 200);
    cairo_pattern_add_color_stop_rgb(g, 0, 164 / 255.0, 216 / 255.0, 222 / 255.0);
    cairo_pattern_add_color_stop_rgb(g, 1, 105 / 255.0, 192 / 255.0, 154 / 255.0);
    cairo_set_source(cr, g);
    wave_path(cr, s->amplitude, 200 / 0.83, s->phase, s->level, 0, 200, 200);
    cairo_fill(cr);
    cairo_pattern_destroy(g);
    cairo_restore(cr);
}

/* --- du-fill.wave ------------------------------------------------------------------- */

static FT_Library ft;
static FT_Face bold;
static cairo_font_face_t *bold_face;
static cairo_glyph_t du_glyphs[2];

static void du_setup(void) {
    const char *file = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
    if (FT_Init_FreeType(&ft) || FT_New_Face(ft, file, 0, &bold)) { fprintf(stderr, "cannot open %s\n", file); exit(1); }
    bold_face = cairo_ft_font_face_create_for_ft_face(bold, FT_LOAD_NO_HINTING);
    /* Pen positions in font units, as wave lays them out: advances plus 'kern' pairs. */
    double size = 150, scale = size / bold->units_per_EM;
    FT_UInt d = FT_Get_Char_Index(bold, 'd'), u = FT_Get_Char_Index(bold, 'u');
    FT_Load_Glyph(bold, d, FT_LOAD_NO_SCALE);
    long pen = bold->glyph->metrics.horiAdvance;
    FT_Vector kern = {0, 0};
    if (FT_HAS_KERNING(bold)) FT_Get_Kerning(bold, d, u, FT_KERNING_UNSCALED, &kern);
    long upen = pen + kern.x;
    FT_Load_Glyph(bold, u, FT_LOAD_NO_SCALE);
    double width = (upen + bold->glyph->metrics.horiAdvance) * scale;
    double ascent = bold->ascender * scale, descent = -bold->descender * scale;
    /* Anchor (0.5, 0.5) of the line box at (180, 100). */
    double ox = 180 - width / 2, baseline = 100 - (-ascent + (ascent + descent) / 2);
    du_glyphs[0] = (cairo_glyph_t){d, ox, baseline};
    du_glyphs[1] = (cairo_glyph_t){u, ox + upen * scale, baseline};
}

static void du_text_path(cairo_t *cr) {
    cairo_set_font_face(cr, bold_face);
    cairo_set_font_size(cr, 150);
    cairo_glyph_path(cr, du_glyphs, 2);
}

/* Ease-in-out (cubic-bezier(0.42, 0, 0.58, 1)) at t, by bisection on x. */
static double ease_in_out(double t) {
    double lo = 0, hi = 1, s = t;
    for (int i = 0; i < 60; i++) {
        s = (lo + hi) / 2;
        double x = 3 * (1 - s) * (1 - s) * s * 0.42 + 3 * (1 - s) * s * s * 0.58 + s * s * s;
        if (x < t) lo = s; else hi = s;
    }
    return 3 * (1 - s) * s * s + s * s * s;
}

static void draw_du(cairo_t *cr, int tick) {
    double t = tick >= 300 ? 1 : tick / 300.0;
    double level = 190 + (0 - 190) * ease_in_out(t);
    double phase = (tick + 1) * 8 * M_PI / 180;
    rgb(cr, 255, 255, 255, 1);
    cairo_paint(cr);
    cairo_new_path(cr);
    du_text_path(cr);
    rgb(cr, 0x3a, 0x7b, 0xd5, 1);
    cairo_set_line_width(cr, 2);
    cairo_stroke(cr);
    for (int w = 0; w < 2; w++) {
        cairo_save(cr);
        du_text_path(cr);
        cairo_clip(cr);
        wave_path(cr, 6, 360 / 1.5, phase + (w == 0 ? M_PI / 2 : 0), level, 0, 360, 200);
        rgb(cr, 0x3a, 0x7b, 0xd5, w == 0 ? 0.5 : 1);
        cairo_fill(cr);
        cairo_restore(cr);
    }
}

/* --- stickman.wave ------------------------------------------------------------------ */

static void draw_stickman(cairo_t *cr) {
    rgb(cr, 255, 255, 255, 1);
    cairo_paint(cr);
    cairo_new_path(cr);
    cairo_new_sub_path(cr);
    cairo_arc(cr, 150, 60, 25, 0, 2 * M_PI);
    cairo_close_path(cr);
    cairo_move_to(cr, 150, 85);  cairo_line_to(cr, 150, 160);
    cairo_move_to(cr, 150, 160); cairo_line_to(cr, 115, 230);
    cairo_move_to(cr, 150, 160); cairo_line_to(cr, 185, 230);
    cairo_move_to(cr, 100, 110); cairo_line_to(cr, 200, 110);
    rgb(cr, 147, 231, 182, 1);
    cairo_set_line_width(cr, 5);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_stroke(cr);
}

/* --- frames ------------------------------------------------------------------------- */

struct scene { const char *name; int width, height; };
static const struct scene scenes[] = {{"progress-ball", 200, 200}, {"du-fill", 360, 200}, {"stickman", 300, 260}};

static const struct scene *find_scene(const char *name) {
    for (size_t i = 0; i < sizeof scenes / sizeof *scenes; i++)
        if (!strcmp(scenes[i].name, name)) return &scenes[i];
    fprintf(stderr, "unknown scene %s\n", name);
    exit(64);
}

static void draw(cairo_t *cr, const struct scene *sc, int tick, struct ball *ball, double scale) {
    cairo_identity_matrix(cr);
    cairo_scale(cr, scale, scale);
    if (sc == &scenes[0]) draw_ball(cr, ball);
    else if (sc == &scenes[1]) draw_du(cr, tick);
    else draw_stickman(cr);
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
        fprintf(stderr, "usage: cairo-frames time|png SCENE TICK W H N|OUT, strokes DIR, psnr A B\n");
        return 64;
    }
    const struct scene *sc = find_scene(argv[2]);
    int tick = atoi(argv[3]), w = atoi(argv[4]), h = atoi(argv[5]);
    du_setup();
    double scale;
    cairo_surface_t *surface = frame_surface(sc, w, h, &scale);
    cairo_t *cr = cairo_create(surface);
    struct ball ball;
    ball_init(&ball);
    if (!strcmp(argv[1], "png")) {
        for (int t = 0; t <= tick; t++) ball_step(&ball);
        draw(cr, sc, tick, &ball, scale);
        cairo_surface_flush(surface);
        return cairo_surface_write_to_png(surface, argv[6]) == CAIRO_STATUS_SUCCESS ? 0 : 74;
    }
    int n = atoi(argv[6]);
    if (tick >= 0) for (int t = 0; t <= tick; t++) ball_step(&ball);
    double start = cpu_seconds();
    for (int i = 0; i < n; i++) {
        if (tick < 0) ball_step(&ball);
        draw(cr, sc, tick < 0 ? i : tick, &ball, scale);
        cairo_surface_flush(surface);
    }
    printf("%.9f\n", (cpu_seconds() - start) / n);
    return 0;
}
