/* More scenes of bench/cairo-frames.c (included by it, before its scene table): the
 * examples that need stroke trimming, replicators, gradients, motion along a path,
 * particles, shadows, images, 3D and path morphing. Same conventions as there. */

/* ---- more shared helpers ------------------------------------------------------------- */

/* Replaces the current path by the part of it from arc length from·L to to·L (L its total
 * length, sub-paths measured one after another), as stroke-start and stroke-end trim an
 * outline: the path is flattened first; a closed sub-path wholly inside stays closed, one
 * the stretch cuts becomes open (so the stroke caps its cut ends). */
static void trim_path(cairo_t *cr, double from, double to) {
    from = clamp01(from), to = clamp01(to);
    if (from >= to) { cairo_new_path(cr); return; }
    if (from <= 0 && to >= 1) return;
    cairo_path_t *p = cairo_copy_path_flat(cr);
    cairo_new_path(cr);
    /* pass 0 measures, pass 1 draws */
    double total = 0;
    for (int pass = 0; pass < 2; pass++) {
        double a = from * total, b = to * total, at = 0;   /* at: length before this point */
        double sx = 0, sy = 0, px = 0, py = 0;              /* sub-path start, current point */
        int open = 0, whole = 0;                            /* pen down; sub-path drawn whole */
        for (int i = 0; i < p->num_data; i += p->data[i].header.length) {
            cairo_path_data_t *d = &p->data[i];
            double qx, qy;
            if (d->header.type == CAIRO_PATH_MOVE_TO) {
                px = sx = d[1].point.x, py = sy = d[1].point.y;
                open = 0;
                /* is this sub-path wholly inside [a, b]? measure it ahead */
                double len = 0, x = px, y = py;
                int j = i + d->header.length;
                for (; j < p->num_data && p->data[j].header.type != CAIRO_PATH_MOVE_TO; j += p->data[j].header.length) {
                    double nx = sx, ny = sy;
                    if (p->data[j].header.type == CAIRO_PATH_LINE_TO) nx = p->data[j + 1].point.x, ny = p->data[j + 1].point.y;
                    len += hypot(nx - x, ny - y);
                    x = nx, y = ny;
                }
                whole = pass == 1 && len > 0 && at >= a && at + len <= b;
                if (whole) cairo_move_to(cr, px, py);
                continue;
            }
            if (d->header.type == CAIRO_PATH_LINE_TO) qx = d[1].point.x, qy = d[1].point.y;
            else qx = sx, qy = sy;                          /* close: back to the start */
            double len = hypot(qx - px, qy - py);
            if (pass == 1 && whole) {
                if (d->header.type == CAIRO_PATH_CLOSE_PATH) cairo_close_path(cr); else cairo_line_to(cr, qx, qy);
            } else if (pass == 1 && len > 0 && at + len > a && at < b) {
                double t0 = fmax(0, (a - at) / len), t1 = fmin(1, (b - at) / len);
                if (!open) { cairo_move_to(cr, px + (qx - px) * t0, py + (qy - py) * t0); open = 1; }
                cairo_line_to(cr, px + (qx - px) * t1, py + (qy - py) * t1);
            }
            at += len;
            px = qx, py = qy;
        }
        total = at;
        if (total <= 0) break;
    }
    cairo_path_destroy(p);
}

/* ---- shadows: cairo has no blur, so a layer's alpha is drawn into an A8 surface, blurred
 * there by three box passes each way (a Gaussian's usual stand-in), and painted through as
 * a mask in the shadow's colour ------------------------------------------------------- */

/* An A8 surface the size of cr's target, and a context on it with cr's transform. */
static cairo_t *alpha_context(cairo_t *cr) {
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_t *a8 = cairo_image_surface_create(CAIRO_FORMAT_A8, cairo_image_surface_get_width(target),
                                                     cairo_image_surface_get_height(target));
    cairo_t *ac = cairo_create(a8);
    cairo_surface_destroy(a8);
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    cairo_set_matrix(ac, &m);
    return ac;
}

/* One box pass of odd width w along each row of a width x h float image (zero beyond the
 * ends). */
static void box_rows(float *v, float *tmp, int width, int h, int w) {
    int r = w / 2;
    double inv = 1.0 / w;
    for (int y = 0; y < h; y++) {
        float *row = v + (long)y * width;
        double sum = 0;
        memcpy(tmp, row, sizeof *tmp * width);
        for (int i = 0; i < r && i < width; i++) sum += tmp[i];
        for (int i = 0; i < width; i++) {
            if (i + r < width) sum += tmp[i + r];
            if (i - r - 1 >= 0) sum -= tmp[i - r - 1];
            row[i] = (float)(sum * inv);
        }
    }
}

/* The same down the columns, a row at a time (sums kept per column). */
static void box_columns(float *v, float *tmp, double *sum, int width, int h, int w) {
    int r = w / 2;
    double inv = 1.0 / w;
    memcpy(tmp, v, sizeof *tmp * width * h);
    memset(sum, 0, sizeof *sum * width);
    for (int y = 0; y < r && y < h; y++)
        for (int x = 0; x < width; x++) sum[x] += tmp[(long)y * width + x];
    for (int y = 0; y < h; y++) {
        const float *in = y + r < h ? tmp + (long)(y + r) * width : NULL;
        const float *out = y - r - 1 >= 0 ? tmp + (long)(y - r - 1) * width : NULL;
        float *row = v + (long)y * width;
        for (int x = 0; x < width; x++) {
            if (in) sum[x] += in[x];
            if (out) sum[x] -= out[x];
            row[x] = (float)(sum[x] * inv);
        }
    }
}

/* Blurs an A8 surface by (nearly) a Gaussian of standard deviation sigma pixels: three
 * box passes along each axis, their odd widths chosen so that the variances add up to
 * sigma^2 as closely as whole widths allow. Only the box round the drawn pixels, grown by
 * the blur's reach, is worked on (outside it everything stays 0). */
static void blur_a8(cairo_surface_t *a8, double sigma) {
    if (sigma <= 0) return;
    int boxes[3], reach = 0;
    int lo = (int)floor(sqrt(12 * sigma * sigma / 3 + 1));
    if (lo % 2 == 0) lo--;
    int m = (int)round((12 * sigma * sigma - 3.0 * lo * lo - 12.0 * lo - 9) / (-4.0 * lo - 4));
    for (int i = 0; i < 3; i++) boxes[i] = i < m ? lo : lo + 2, reach += boxes[i] / 2;
    cairo_surface_flush(a8);
    int sw = cairo_image_surface_get_width(a8), sh = cairo_image_surface_get_height(a8);
    int stride = cairo_image_surface_get_stride(a8);
    unsigned char *data = cairo_image_surface_get_data(a8);
    int x0 = sw, y0 = sh, x1 = -1, y1 = -1;
    for (int y = 0; y < sh; y++)
        for (int x = 0; x < sw; x++)
            if (data[(long)y * stride + x]) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                y1 = y;
            }
    if (x1 < 0) return;
    x0 = x0 - reach < 0 ? 0 : x0 - reach, y0 = y0 - reach < 0 ? 0 : y0 - reach;
    x1 = x1 + reach >= sw ? sw - 1 : x1 + reach, y1 = y1 + reach >= sh ? sh - 1 : y1 + reach;
    int w = x1 - x0 + 1, h = y1 - y0 + 1;
    float *v = malloc(sizeof *v * w * h), *tmp = malloc(sizeof *tmp * w * h);
    double *sum = malloc(sizeof *sum * w);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) v[(long)y * w + x] = data[(long)(y0 + y) * stride + x0 + x] / 255.0f;
    for (int b = 0; b < 3; b++) {
        box_rows(v, tmp, w, h, boxes[b]);
        box_columns(v, tmp, sum, w, h, boxes[b]);
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float a = v[(long)y * w + x];
            data[(long)(y0 + y) * stride + x0 + x] = a >= 1 ? 255 : a <= 0 ? 0 : (unsigned char)(a * 255 + 0.5f);
        }
    cairo_surface_mark_dirty(a8);
    free(v);
    free(tmp);
    free(sum);
}

/* Blurs the alpha drawn on ac by the shadow radius (in scene units; sigma = radius / 2, the
 * radius at most 100 device pixels) and paints it on cr, moved by (dx, dy) scene units, in
 * the colour at the opacity; ac is destroyed. */
static void paint_shadow(cairo_t *cr, cairo_t *ac, double radius, double dx, double dy, unsigned colour, double opacity) {
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    double scale = m.xx;                         /* the frame's scale (no turn at this point) */
    cairo_surface_t *a8 = cairo_surface_reference(cairo_get_target(ac));
    cairo_destroy(ac);
    blur_a8(a8, fmin(100, radius * scale) / 2);
    cairo_save(cr);
    cairo_identity_matrix(cr);
    hex(cr, colour, opacity);
    cairo_mask_surface(cr, a8, dx * scale, dy * scale);
    cairo_restore(cr);
    cairo_surface_destroy(a8);
}

/* ==== checkmark.wave =================================================================== */

static struct spring check_spring;

static void checkmark_setup(void) {
    check_spring = spring_response(0.35, 0.35);
}

static void checkmark_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0xffffff);
    /* The ring draws over 42 ticks (ease-in-out), then the check over 24 (ease-out). */
    double ring_end = ease_in_out(fmin(1, tick / 42.0));
    double check_end = tick < 42 ? 0 : ease_out(fmin(1, (tick - 42) / 24.0));
    /* At tick 66 the badge scales to 1.15 over 7 ticks (ease-out), then springs back to 1. */
    double s = 1;
    if (tick >= 73) s = 1.15 - 0.15 * spring_value(&check_spring, tick - 73);
    else if (tick >= 66) s = 1 + 0.15 * ease_out((tick - 66) / 7.0);
    cairo_save(cr);
    scale_about(cr, 100, 100, s);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    hex(cr, 0x22c064, 1);
    /* the circle starts at 3 o'clock, turned -90deg: at 12 o'clock, clockwise */
    cairo_arc(cr, 100, 100, 60, -M_PI / 2, 3 * M_PI / 2);
    cairo_close_path(cr);
    trim_path(cr, 0, ring_end);
    cairo_set_line_width(cr, 8);
    cairo_stroke(cr);
    cairo_move_to(cr, 72, 102);
    cairo_line_to(cr, 92, 122);
    cairo_line_to(cr, 130, 82);
    trim_path(cr, 0, check_end);
    cairo_set_line_width(cr, 9);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
    cairo_restore(cr);
}

/* ==== activity-indicator.wave ========================================================== */

/* A replicator of 12 bars: copy k is turned k·30° about (60, 60), and its fade (1 -> 0.15
 * over 72 ticks, repeating) runs 6k ticks behind copy 0's; started a whole cycle in (delay
 * -72 ticks), every copy is already fading at tick 0. */
static void activity_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0x101418);
    for (int k = 0; k < 12; k++) {
        int local = (tick - 6 * k + 72) % 72;
        double opacity = 1 - 0.85 * local / 72.0;
        cairo_save(cr);
        cairo_translate(cr, 60, 60);
        cairo_rotate(cr, deg(30 * k));
        cairo_translate(cr, -60, -60);
        rounded_rect(cr, 56, 12, 8, 26, 4);
        cairo_restore(cr);
        hex(cr, 0xffffff, opacity);
        cairo_fill(cr);
    }
}

/* ==== shimmer.wave ===================================================================== */

/* The sheen, a 320-wide gradient whose end points sweep from (-0.4, 0)-(0, 0) to
 * (1, 0)-(1.4, 0) of its box every 90 ticks (ease-in-out), shows through the bones. */
static void shimmer_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0xffffff);
    double p = ease_in_out((tick % 90) / 90.0), x0 = 320 * (-0.4 + 1.4 * p);
    cairo_pattern_t *g = cairo_pattern_create_linear(x0, 0, x0 + 0.4 * 320, 0);
    hex_stop(g, 0, 0xdde0e5);
    hex_stop(g, 0.5, 0xfafbfc);
    hex_stop(g, 1, 0xdde0e5);
    cairo_new_sub_path(cr);
    cairo_arc(cr, 50, 50, 26, 0, 2 * M_PI);
    cairo_close_path(cr);
    rounded_rect(cr, 92, 30, 180, 16, 8);
    rounded_rect(cr, 92, 58, 120, 12, 6);
    rounded_rect(cr, 24, 92, 272, 12, 6);
    rounded_rect(cr, 24, 114, 196, 12, 6);
    cairo_set_source(cr, g);
    cairo_fill(cr);
    cairo_pattern_destroy(g);
}

/* ==== grid-wave.wave =================================================================== */

/* Dot k, in column k mod 10 and row k / 10, scales about its centre by
 * 0.55 + 0.45 sin(360° t - column·36° - row·18°). */
static void grid_wave_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0x000000);
    double t = tick / 60.0;
    for (int k = 0; k < 60; k++) {
        int col = k % 10, row = k / 10;
        double s = 0.55 + 0.45 * sin(2 * M_PI * t - deg(36) * col - deg(18) * row);
        cairo_new_sub_path(cr);
        cairo_arc(cr, 25 + 30 * col, 25 + 30 * row, 11 * s, 0, 2 * M_PI);
    }
    hex(cr, 0xffffff, 1);
    cairo_fill(cr);
}

/* ==== paper-plane.wave ================================================================= */

/* The route: four cubics, each (start, control 1, control 2, end). */
static const double route[4][4][2] = {
    {{160, 100}, {200, 40}, {280, 40}, {280, 100}},
    {{280, 100}, {280, 160}, {200, 160}, {160, 100}},
    {{160, 100}, {120, 40}, {40, 40}, {40, 100}},
    {{40, 100}, {40, 160}, {120, 160}, {160, 100}},
};
#define ROUTE_SAMPLES 2048
static double route_length[4][ROUTE_SAMPLES + 1];   /* arc length from the path's start */

static void cubic_at(const double c[4][2], double t, double p[2], double d[2]) {
    double u = 1 - t;
    for (int k = 0; k < 2; k++) {
        p[k] = u * u * u * c[0][k] + 3 * u * u * t * c[1][k] + 3 * u * t * t * c[2][k] + t * t * t * c[3][k];
        d[k] = 3 * u * u * (c[1][k] - c[0][k]) + 6 * u * t * (c[2][k] - c[1][k]) + 3 * t * t * (c[3][k] - c[2][k]);
    }
}

/* Measures the route on a dense sampling of each cubic. */
static void plane_setup(void) {
    double at = 0, p[2], d[2], last[2] = {route[0][0][0], route[0][0][1]};
    for (int s = 0; s < 4; s++)
        for (int i = 0; i <= ROUTE_SAMPLES; i++) {
            cubic_at(route[s], (double)i / ROUTE_SAMPLES, p, d);
            at += hypot(p[0] - last[0], p[1] - last[1]);
            route_length[s][i] = at;
            last[0] = p[0], last[1] = p[1];
        }
}

static void plane_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0xafd7ff);
    cairo_move_to(cr, route[0][0][0], route[0][0][1]);
    for (int s = 0; s < 4; s++)
        cairo_curve_to(cr, route[s][1][0], route[s][1][1], route[s][2][0], route[s][2][1], route[s][3][0], route[s][3][1]);
    double dash[] = {6, 6};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_set_line_width(cr, 2);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    hex(cr, 0x5f87af, 1);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    /* Paced: the plane covers the same length every tick, a lap every 240 ticks; its nose
     * (+x) along the tangent. */
    double want = (tick % 240) / 240.0 * route_length[3][ROUTE_SAMPLES];
    int s = 0, i = 1;
    while (s < 3 && route_length[s][ROUTE_SAMPLES] < want) s++;
    while (i < ROUTE_SAMPLES && route_length[s][i] < want) i++;
    double l0 = route_length[s][i - 1];
    double f = route_length[s][i] > l0 ? (want - l0) / (route_length[s][i] - l0) : 0;
    double p[2], d[2];
    cubic_at(route[s], (i - 1 + clamp01(f)) / ROUTE_SAMPLES, p, d);
    cairo_save(cr);
    cairo_translate(cr, p[0], p[1]);
    cairo_rotate(cr, atan2(d[1], d[0]));
    cairo_move_to(cr, 14, 0);
    cairo_line_to(cr, -14, -11);
    cairo_line_to(cr, -8, 0);
    cairo_line_to(cr, -14, 11);
    cairo_close_path(cr);
    hex(cr, 0xffffff, 1);
    cairo_fill_preserve(cr);
    hex(cr, 0x2b4c7e, 1);
    cairo_set_line_width(cr, 1.5);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
    cairo_move_to(cr, 14, 0);
    cairo_line_to(cr, -8, 0);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_stroke(cr);
    cairo_restore(cr);
}

/* ==== sparks.wave ====================================================================== */

/* Two emitters (seed 11), their particles alive in the order they were born. Each tick the
 * ember emitter spawns, then the star emitter; each birth draws the particle's parameters
 * from the scene's generator in a fixed order. A particle born at tick b is drawn at ticks
 * b .. b + life - 1, at age t = (tick - b) / 60 s, from its closed form. */
struct particle {
    int star, born, life;
    double x0, y0, vx, vy, spin, scale, r, g, b;
};
#define MAX_PARTICLES 1024
static struct particle sparks[MAX_PARTICLES];
static int spark_count;
static uint64_t sparks_rng;
static struct line star_glyph;

static double random_in(uint64_t *rng, double a, double b) { return a + (b - a) * splitmix_unit(rng); }

static void sparks_setup(void) {
    open_fonts();
    layout(&star_glyph, &sans_bold, "*", 22, 0, 0, 0.5, 0.5);
}

static void spawn_ember(int tick) {
    struct particle p = {.star = 0, .born = tick};
    uint64_t *rng = &sparks_rng;
    p.life = (int)round((1.6 + random_in(rng, -0.4, 0.4)) * 60);
    p.x0 = 160 + random_in(rng, -60, 60);                       /* shape line, 120 wide */
    p.y0 = 225;
    double dir = deg(-90) + random_in(rng, -deg(22), deg(22)), v = 190 + random_in(rng, -40, 40);
    p.vx = v * cos(dir), p.vy = v * sin(dir);
    p.spin = deg(360) + random_in(rng, -deg(240), deg(240));
    p.scale = 1 + random_in(rng, -0.3, 0.3);
    p.r = clamp01(1 + random_in(rng, -0.05, 0.05));             /* #ffb347 ± (0.05, 0.25, 0.1) */
    p.g = clamp01(0xb3 / 255.0 + random_in(rng, -0.25, 0.25));
    p.b = clamp01(0x47 / 255.0 + random_in(rng, -0.1, 0.1));
    if (spark_count < MAX_PARTICLES) sparks[spark_count++] = p;
}

static void spawn_star(int tick) {
    struct particle p = {.star = 1, .born = tick, .life = 120};
    uint64_t *rng = &sparks_rng;
    double a = random_in(rng, 0, 2 * M_PI), rr = 30 * sqrt(random_in(rng, 0, 1));   /* disc of 60 */
    p.x0 = 160 + rr * cos(a), p.y0 = 90 + rr * sin(a);
    double dir = random_in(rng, -M_PI, M_PI);
    p.vx = 25 * cos(dir), p.vy = 25 * sin(dir);
    p.spin = deg(90);
    p.scale = 0.6;
    if (spark_count < MAX_PARTICLES) sparks[spark_count++] = p;
}

/* Births at emitter tick m (from its begin): C(m) - C(m - 1), C(m) = floor(m rate / 60) + 1. */
static int births(int m, double rate) {
    if (m < 0) return 0;
    return m == 0 ? 1 : (int)(floor(m * rate / 60) - floor((m - 1) * rate / 60));
}

static void sparks_step(int tick) {
    if (tick == 0) spark_count = 0, sparks_rng = 11;
    int kept = 0;                                   /* the dead remove themselves */
    for (int i = 0; i < spark_count; i++)
        if (tick - sparks[i].born < sparks[i].life) sparks[kept++] = sparks[i];
    spark_count = kept;
    for (int n = births(tick, 60); n > 0; n--) spawn_ember(tick);
    for (int n = births(tick - 30, 6); n > 0; n--) spawn_star(tick);
}

static void sparks_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0x101418);
    for (int i = 0; i < spark_count; i++) {
        const struct particle *p = &sparks[i];
        double t = (tick - p->born) / 60.0;
        double x = p->x0 + p->vx * t, y = p->y0 + p->vy * t + (p->star ? 0 : 0.5 * t * t * 160);
        double s = fmax(0, p->scale + (p->star ? 0.5 * t : 0));
        double opacity = clamp01(1 - (p->star ? 0.45 : 0.55) * t);
        if (s == 0 || opacity == 0) continue;
        cairo_save(cr);
        cairo_translate(cr, x, y);
        cairo_rotate(cr, p->spin * t);
        cairo_scale(cr, s, s);
        if (p->star) {
            hex(cr, 0x9ad1ff, opacity);
            fill_glyph(cr, &star_glyph, 0, star_glyph.glyph[0], 0, 0);
        } else {
            rounded_rect(cr, -3, -1.5, 6, 3, 1);
            cairo_set_source_rgba(cr, p->r, p->g, p->b, opacity);
            cairo_fill(cr);
        }
        cairo_restore(cr);
    }
}

/* ==== typing.wave ====================================================================== */

static struct font mono;
static struct line caption;

static void typing_setup(void) {
    if (!mono.ft) open_font(&mono, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf");
    layout(&caption, &mono, "Hello wave. Typing at 80 ms.", 18, 20, 40, 0, 0.5);
}

/* The first min(t / 0.08 s, 28) characters show (rounded down) in the whole line's box;
 * the caret stands 2 px after their advance, shown in the first half of every second. */
static void typing_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0x1d1f27);
    double t = tick / 60.0;
    int n = (int)floor(fmin(t / 0.08, caption.n));
    cairo_glyph_t g[MAX_CHARS];
    for (int i = 0; i < n; i++) g[i] = glyph_at(&caption, i, caption.glyph[i], 0, 0);
    use_font(cr, &caption);
    cairo_glyph_path(cr, g, n);
    hex(cr, 0xe6e6e6, 1);
    cairo_fill(cr);
    if (fmod(t, 1) < 0.5) {
        double advance = n > 0 ? caption.pen[n - 1] + caption.advance[n - 1] : 0;
        cairo_rectangle(cr, 22 + advance, 40 - 12, 2, 24);
        hex(cr, 0x61dafb, 1);
        cairo_fill(cr);
    }
}

/* ==== glow-heart.wave ================================================================== */

static void heart_path(cairo_t *cr) {
    cairo_move_to(cr, 160, 92);
    cairo_curve_to(cr, 146, 62, 100, 64, 100, 112);
    cairo_curve_to(cr, 100, 146, 138, 164, 160, 184);
    cairo_curve_to(cr, 182, 164, 220, 146, 220, 112);
    cairo_curve_to(cr, 220, 64, 174, 62, 160, 92);
    cairo_close_path(cr);
}

/* Scale 1 -> 1.12, shadow radius 18 -> 36 and shadow opacity 0.8 -> 1, each over 24 ticks
 * (ease-in-out) and back, for ever. The heart scales about the centre of its points'
 * bounds (control points included): (160, 123). Its glow is its own shadow. */
static void heart_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0x1b1020);
    int c = tick % 48;
    double e = ease_in_out((c < 24 ? c : 48 - c) / 24.0);
    double s = 1 + 0.12 * e, radius = 18 + 18 * e, opacity = 0.8 + 0.2 * e;
    cairo_save(cr);
    scale_about(cr, 160, 123, s);
    cairo_t *ac = alpha_context(cr);
    heart_path(ac);
    cairo_fill(ac);
    cairo_restore(cr);
    paint_shadow(cr, ac, radius, 0, 0, 0xff5577, opacity);
    cairo_save(cr);
    scale_about(cr, 160, 123, s);
    heart_path(cr);
    hex(cr, 0xff3b5c, 1);
    cairo_fill(cr);
    cairo_restore(cr);
}

/* ==== badge-image.wave ================================================================= */

static cairo_surface_t *badge_png;
static struct spring badge_pop;

static void badge_setup(void) {
    if (!badge_png) {
        badge_png = cairo_image_surface_create_from_png("examples/badge-image.png");   /* run from the repository */
        if (cairo_surface_status(badge_png)) { fprintf(stderr, "cannot read examples/badge-image.png\n"); exit(66); }
    }
    badge_pop = spring_response(0.5, 0.55);
}

/* The group's transform: scale, then turn, about the centre of its children's bounds. */
static void badge_transform(cairo_t *cr, double s, double angle) {
    cairo_translate(cr, 120, 96);
    cairo_rotate(cr, angle);
    cairo_scale(cr, s, s);
    cairo_translate(cr, -120, -96);
}

/* The group's content: the photo (its 96 px filling the 112 px frame, bilinear, edges
 * extended) inside the disc, then the white ring. */
static void badge_content(cairo_t *cr, int alpha_only) {
    cairo_save(cr);
    cairo_rectangle(cr, 64, 40, 112, 112);
    cairo_clip(cr);
    cairo_arc(cr, 120, 96, 56, 0, 2 * M_PI);
    cairo_clip(cr);
    if (alpha_only) {
        cairo_paint(cr);
    } else {
        cairo_translate(cr, 64, 40);
        cairo_scale(cr, 112.0 / cairo_image_surface_get_width(badge_png), 112.0 / cairo_image_surface_get_height(badge_png));
        cairo_set_source_surface(cr, badge_png, 0, 0);
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR);
        cairo_paint(cr);
    }
    cairo_restore(cr);
    cairo_arc(cr, 120, 96, 56, 0, 2 * M_PI);
    if (!alpha_only) hex(cr, 0xffffff, 1);
    cairo_set_line_width(cr, 5);
    cairo_stroke(cr);
}

/* The badge springs from scale 0 to 1 and turns -8° -> 8° over 60 ticks (ease-in-out) and
 * back, for ever; the group casts one shadow (black, 0.45, radius 10, 8 px down). */
static void badge_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0xeef1f5);
    double s = spring_value(&badge_pop, tick);
    if (fabs(s) < 1e-9) return;
    int c = tick % 120;
    double angle = deg(-8 + 16 * ease_in_out((c < 60 ? c : 120 - c) / 60.0));
    cairo_save(cr);
    badge_transform(cr, s, angle);
    cairo_t *ac = alpha_context(cr);
    badge_content(ac, 1);
    cairo_restore(cr);
    paint_shadow(cr, ac, 10, 0, 8, 0x000000, 0.45);
    cairo_save(cr);
    badge_transform(cr, s, angle);
    badge_content(cr, 0);
    cairo_restore(cr);
}

/* ==== confetti.wave ==================================================================== */

/* 90 pieces spawned at tick 0 (seed 7; each draws its angle, speed, spin and hue in that
 * order); from tick 0 every tick each piece's handler integrates: vy += 0.05, position +=
 * (vx, vy), rotation += spin, opacity -= 1/150, removed at opacity 0. */
struct piece { double vx, vy, spin, x, y, rotation, opacity, r, g, b; };
static struct piece pieces[90];

/* hsl(h, s, l) with h in radians, as wave converts it. */
static void hsl_rgb(double h, double s, double l, double *r, double *g, double *b) {
    double hue = fmod(fmod(h / (2 * M_PI), 1) + 1, 1) * 6;
    double c = (1 - fabs(2 * l - 1)) * s, x = c * (1 - fabs(fmod(hue, 2) - 1)), m = l - c / 2;
    double rgb[6][3] = {{c, x, 0}, {x, c, 0}, {0, c, x}, {0, x, c}, {x, 0, c}, {c, 0, x}};
    int k = (int)hue;
    if (k > 5) k = 5;
    *r = clamp01(rgb[k][0] + m), *g = clamp01(rgb[k][1] + m), *b = clamp01(rgb[k][2] + m);
}

static void confetti_step(int tick) {
    if (tick == 0) {
        uint64_t rng = 7;
        for (int i = 0; i < 90; i++) {
            struct piece *p = &pieces[i];
            double angle = random_in(&rng, 0, deg(360)), speed = random_in(&rng, 0.5, 3);
            *p = (struct piece){.vx = speed * cos(angle), .vy = speed * sin(angle) - 1.5, .opacity = 1};
            p->spin = random_in(&rng, -deg(12), deg(12));
            hsl_rgb(random_in(&rng, 0, deg(360)), 0.85, 0.6, &p->r, &p->g, &p->b);
        }
    }
    for (int i = 0; i < 90; i++) {
        struct piece *p = &pieces[i];
        if (p->opacity <= 0) continue;               /* removed */
        p->vy += 0.05;
        p->x += p->vx, p->y += p->vy;
        p->rotation += p->spin;
        p->opacity -= 1.0 / 150;
    }
}

static void confetti_draw(cairo_t *cr, int tick) {
    (void)tick;
    paint_background(cr, 0x101418);
    for (int i = 0; i < 90; i++) {
        const struct piece *p = &pieces[i];
        if (p->opacity <= 0) continue;
        cairo_save(cr);
        cairo_translate(cr, p->x + 160, p->y + 120);  /* turned about the rect's centre */
        cairo_rotate(cr, p->rotation);
        rounded_rect(cr, -5, -3, 10, 6, 1);
        cairo_restore(cr);
        cairo_set_source_rgba(cr, p->r, p->g, p->b, p->opacity);
        cairo_fill(cr);
    }
}

/* ==== card-flip.wave =================================================================== */

/* cairo's transforms are affine, so a face seen in perspective is drawn as a program would:
 * its outlines are built and flattened in the face's own plane (on a scratch context),
 * each point projected, and the projected polygons filled. The card turns by theta about
 * its vertical axis through (160, 100), seen from 400 px: a point (x, y) of a face (the
 * back one mirrored first, its own rotation-y 180°) lands at
 * (160 + x cos theta / w, 100 + y / w), w = 1 + x sin theta / 400. */
struct card_view { double c, s; int mirror; };
static cairo_t *scratch;
static struct line card_text[2];

static void card_setup(void) {
    open_fonts();
    layout(&card_text[0], &sans_bold, "FRONT", 28, 0, 0, 0.5, 0.5);
    layout(&card_text[1], &sans_bold, "BACK", 28, 0, 0, 0.5, 0.5);
    if (!scratch) {
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
        scratch = cairo_create(s);
        cairo_surface_destroy(s);
    }
}

/* Starts a path on the scratch context, flattened finely for a frame of this scale. */
static cairo_t *plane_begin(double scale) {
    cairo_new_path(scratch);
    cairo_identity_matrix(scratch);
    cairo_scale(scratch, 2 * scale, 2 * scale);
    cairo_set_tolerance(scratch, 0.05);
    return scratch;
}

/* Appends the scratch context's path, projected, to cr's path. */
static void plane_project(cairo_t *cr, const struct card_view *v) {
    cairo_path_t *p = cairo_copy_path_flat(scratch);
    for (int i = 0; i < p->num_data; i += p->data[i].header.length) {
        cairo_path_data_t *d = &p->data[i];
        if (d->header.type == CAIRO_PATH_CLOSE_PATH) { cairo_close_path(cr); continue; }
        double x = v->mirror ? -d[1].point.x : d[1].point.x, y = d[1].point.y;
        double w = 1 + x * v->s / 400, px = 160 + x * v->c / w, py = 100 + y / w;
        if (d->header.type == CAIRO_PATH_MOVE_TO) cairo_move_to(cr, px, py); else cairo_line_to(cr, px, py);
    }
    cairo_path_destroy(p);
    cairo_new_path(scratch);
}

/* One face: the rounded rect (a colour or the back's gradient), its 3 px white border
 * (outlined in the plane: the ring between corners 13.5 and 10.5), then its word. */
static void card_face(cairo_t *cr, const struct card_view *v, int back, double scale) {
    rounded_rect(plane_begin(scale), -90, -55, 180, 110, 12);
    plane_project(cr, v);
    if (back) {
        /* the gradient from (0, 0) to (1, 1) of the face's box: its end points mapped by
         * the projection's tangent at the box's centre (x scaled by -cos theta), its colour
         * lines perpendicular on screen */
        double k = v->mirror ? -v->c : v->c;
        cairo_pattern_t *g = cairo_pattern_create_linear(160 - 90 * k, 100 - 55, 160 + 90 * k, 100 + 55);
        hex_stop(g, 0, 0xf0a03a);
        hex_stop(g, 1, 0xe0503a);
        cairo_set_source(cr, g);
        cairo_pattern_destroy(g);
    } else {
        hex(cr, 0x3a6df0, 1);
    }
    cairo_fill(cr);
    cairo_t *s = plane_begin(scale);
    rounded_rect(s, -91.5, -56.5, 183, 113, 13.5);
    rounded_rect(s, -88.5, -53.5, 177, 107, 10.5);
    plane_project(cr, v);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    hex(cr, 0xffffff, 1);
    cairo_fill(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    line_path(plane_begin(scale), &card_text[back]);
    plane_project(cr, v);
    cairo_fill(cr);
}

/* The card turns 0 -> 360° every 120 ticks (ease-in-out); each face shows only while its
 * front is towards the viewer. */
static void card_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0x1d1f27);
    double theta = deg(360) * ease_in_out((tick % 120) / 120.0);
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    struct card_view v = {cos(theta), sin(theta), 0};
    if (v.c > 1e-9) card_face(cr, &v, 0, m.xx);
    v.mirror = 1;
    if (v.c < -1e-9) card_face(cr, &v, 1, m.xx);
}

/* ==== morph.wave ======================================================================= */

/* The icon's two four-cornered shapes, as play and as pause. */
static const double play_icon[8][2] = {{75, 55}, {112, 78}, {112, 122}, {75, 145},
                                       {110, 76}, {150, 100}, {150, 100}, {110, 124}};
static const double pause_icon[8][2] = {{68, 55}, {94, 55}, {94, 145}, {68, 145},
                                        {106, 55}, {132, 55}, {132, 145}, {106, 145}};
static struct spring morph_spring;

static void morph_setup(void) {
    morph_spring = spring_response(0.6, 0.5);
}

/* At tick 30 every point springs from play to pause; at tick 150 (the first spring long
 * settled: it lasts morph_spring.ticks < 120) back to play. A spring's overshoot carries
 * the points past their targets. */
static void morph_draw(cairo_t *cr, int tick) {
    paint_background(cr, 0x20242c);
    cairo_arc(cr, 100, 100, 80, 0, 2 * M_PI);
    hex(cr, 0x2f3542, 1);
    cairo_fill(cr);
    const double (*from)[2] = play_icon, (*to)[2] = pause_icon;
    double f = 0;
    if (tick >= 150) from = pause_icon, to = play_icon, f = spring_value(&morph_spring, tick - 150);
    else if (tick >= 30) f = spring_value(&morph_spring, tick - 30);
    for (int i = 0; i < 8; i++) {
        double x = from[i][0] + (to[i][0] - from[i][0]) * f, y = from[i][1] + (to[i][1] - from[i][1]) * f;
        if (i % 4 == 0) cairo_move_to(cr, x, y); else cairo_line_to(cr, x, y);
        if (i % 4 == 3) cairo_close_path(cr);
    }
    hex(cr, 0xf5f6fa, 1);
    cairo_fill(cr);
}
