/* The scenes of bench/fresh/ (bench/fresh-frames.sh), drawn with cairo as in
 * bench/cairo-frames.c, which includes this file: every shape moves or changes colour
 * every tick, so every frame is drawn fresh. Each follows its script; t = tick / 60. */

static void rgb255(cairo_t *cr, double r, double g, double b, double a) {
    cairo_set_source_rgba(cr, r / 255, g / 255, b / 255, a);
}

static void rgb255_stop(cairo_pattern_t *p, double at, double r, double g, double b) {
    cairo_pattern_add_color_stop_rgb(p, at, r / 255, g / 255, b / 255);
}

static void fresh_gradient_draw(cairo_t *cr, int tick) {
    double s = sin(deg(180) * tick / 60.0);
    cairo_pattern_t *g = cairo_pattern_create_linear(0, 0, 480, 270);
    rgb255_stop(g, 0, 30, 60, 114);
    rgb255_stop(g, 0.5, 128 + 100 * s, 90, 200 - 60 * s);
    rgb255_stop(g, 1, 42, 82, 152);
    paint_background(cr, 0x000000);
    cairo_rectangle(cr, 0, 0, 480, 270);
    cairo_set_source(cr, g);
    cairo_fill(cr);
    cairo_pattern_destroy(g);
}

static void fresh_radial_draw(cairo_t *cr, int tick) {
    double s = sin(deg(180) * tick / 60.0);
    cairo_pattern_t *g = cairo_pattern_create_radial(240, 135, 0, 240, 135, 240);
    rgb255_stop(g, 0, 255, 200 - 80 * s, 80);
    rgb255_stop(g, 0.5, 60, 40, 120);
    rgb255_stop(g, 1, 10, 10, 30);
    paint_background(cr, 0x000000);
    cairo_rectangle(cr, 0, 0, 480, 270);
    cairo_set_source(cr, g);
    cairo_fill(cr);
    cairo_pattern_destroy(g);
}

static void fresh_shapes_draw(cairo_t *cr, int tick) {
    double t = tick / 60.0;
    paint_background(cr, 0x101418);
    for (int i = 0; i < 120; i++) {
        double x = 30 + (i * 37) % 420 + 20 * sin(deg(90) * t + i * deg(20));
        double y = 30 + (i * 53) % 210 + 15 * cos(deg(120) * t + i * deg(30));
        cairo_new_sub_path(cr);
        cairo_arc(cr, x, y, 6 + (i % 5) * 3, 0, 2 * M_PI);
        rgb255(cr, 40 + (i * 47) % 200, 40 + (i * 91) % 200, 40 + (i * 13) % 200, 0.85);
        cairo_fill(cr);
    }
    for (int i = 0; i < 80; i++) {
        double x = 10 + (i * 43) % 400 + 25 * cos(deg(60) * t + i * deg(15));
        double y = 10 + (i * 31) % 220 + 10 * sin(deg(150) * t + i * deg(25));
        rounded_rect(cr, x, y, 30 + (i * 7) % 30, 18 + (i * 11) % 20, 5);
        rgb255(cr, 40 + (i * 71) % 200, 40 + (i * 23) % 200, 40 + (i * 59) % 200, 0.85);
        cairo_fill(cr);
    }
}

static void fresh_strokes_draw(cairo_t *cr, int tick) {
    double t = tick / 60.0;
    paint_background(cr, 0xffffff);
    cairo_set_line_width(cr, 3);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (int i = 0; i < 124; i++) {
        double x = 20 + (i * 41) % 400, y = 20 + (i * 67) % 200;
        double a = i * deg(29) + deg(60) * t, b = deg(90) * t + i * deg(10);
        cairo_move_to(cr, x, y);
        cairo_curve_to(cr, x + 30, y - 40 * sin(b), x + 30 + 30 * cos(a), y + 40 * cos(b),
                       x + 60 * cos(a), y + 40 * sin(a));
        rgb255(cr, (i * 47) % 200, (i * 91) % 200, (i * 13) % 200, 1);
        cairo_stroke(cr);
    }
}

static const struct scene fresh_scenes[] = {
    {"fresh/gradient", 480, 270, NULL, NULL, fresh_gradient_draw},
    {"fresh/radial", 480, 270, NULL, NULL, fresh_radial_draw},
    {"fresh/shapes", 480, 270, NULL, NULL, fresh_shapes_draw},
    {"fresh/strokes", 480, 270, NULL, NULL, fresh_strokes_draw},
};
#define FRESH_COUNT (sizeof fresh_scenes / sizeof *fresh_scenes)
