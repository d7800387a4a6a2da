// See include/wave_webp.h. libwebp's initialisers are static inline functions in its
// headers that pass the headers' ABI versions to exported *Internal functions; those are
// looked up with dlsym and called with the same versions.
#include "wave_webp.h"
#include <stdio.h>
#include <stdlib.h>

#if __has_include(<webp/encode.h>) && __has_include(<webp/mux.h>)
#include <dlfcn.h>
#include <pthread.h>
#include <webp/encode.h>
#include <webp/mux.h>

static struct {
    int (*config_init)(WebPConfig *, WebPPreset, float, int);
    int (*lossless_preset)(WebPConfig *, int);
    int (*picture_init)(WebPPicture *, int);
    int (*import_rgba)(WebPPicture *, const uint8_t *, int);
    void (*picture_free)(WebPPicture *);
    void (*free_bytes)(void *);
    int (*options_init)(WebPAnimEncoderOptions *, int);
    WebPAnimEncoder *(*encoder_new)(int, int, const WebPAnimEncoderOptions *, int);
    int (*add)(WebPAnimEncoder *, WebPPicture *, int, const WebPConfig *);
    int (*assemble)(WebPAnimEncoder *, WebPData *);
    const char *(*get_error)(WebPAnimEncoder *);
    void (*delete_encoder)(WebPAnimEncoder *);
} lib;
static const char *load_problem = "libwebp has not been loaded";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *webp = dlopen("libwebp.so.7", RTLD_NOW | RTLD_GLOBAL);
    void *mux = webp ? dlopen("libwebpmux.so.3", RTLD_NOW | RTLD_GLOBAL) : NULL;
    if (!webp || !mux) {
        load_problem = "WebP output needs libwebp 1.x (libwebp.so.7 and libwebpmux.so.3): apt-get install libwebp7 libwebpmux3";
        return;
    }
#define FIND(field, handle, name) if (!(*(void **)&lib.field = dlsym(handle, name))) { load_problem = "libwebp lacks " name; return; }
    FIND(config_init, webp, "WebPConfigInitInternal")
    FIND(lossless_preset, webp, "WebPConfigLosslessPreset")
    FIND(picture_init, webp, "WebPPictureInitInternal")
    FIND(import_rgba, webp, "WebPPictureImportRGBA")
    FIND(picture_free, webp, "WebPPictureFree")
    FIND(free_bytes, webp, "WebPFree")
    FIND(options_init, mux, "WebPAnimEncoderOptionsInitInternal")
    FIND(encoder_new, mux, "WebPAnimEncoderNewInternal")
    FIND(add, mux, "WebPAnimEncoderAdd")
    FIND(assemble, mux, "WebPAnimEncoderAssemble")
    FIND(get_error, mux, "WebPAnimEncoderGetError")
    FIND(delete_encoder, mux, "WebPAnimEncoderDelete")
#undef FIND
    load_problem = NULL;
}

const char *wave_webp_unavailable(void) {
    pthread_once(&once, load);
    return load_problem;
}

struct wave_webp {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    int width, height;
};

static void say(char *error, size_t size, const char *what, const char *detail) {
    if (error && size) snprintf(error, size, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
}

wave_webp *wave_webp_new(int w, int h, int quality, int loop_count, char *error, size_t error_size) {
    const char *problem = wave_webp_unavailable();
    if (problem) { say(error, error_size, problem, NULL); return NULL; }
    wave_webp *e = calloc(1, sizeof *e);
    if (!e) { say(error, error_size, "out of memory", NULL); return NULL; }
    e->width = w;
    e->height = h;
    if (!lib.config_init(&e->config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION)) {
        free(e); say(error, error_size, "libwebp version mismatch", NULL); return NULL;
    }
    if (quality >= 0) {
        e->config.lossless = 0;
        e->config.quality = (float)(quality > 100 ? 100 : quality);
        e->config.method = 4;
    } else {
        // Level 4 of 9: lossless effort where files stop shrinking much on flat colours;
        // `exact` keeps colours under alpha 0 as given.
        if (!lib.lossless_preset(&e->config, 4)) { free(e); say(error, error_size, "libwebp refused the lossless preset", NULL); return NULL; }
        e->config.exact = 1;
    }
    WebPAnimEncoderOptions options;
    if (!lib.options_init(&options, WEBP_MUX_ABI_VERSION)) { free(e); say(error, error_size, "libwebp version mismatch", NULL); return NULL; }
    options.anim_params.loop_count = loop_count < 0 ? 0 : loop_count > 65535 ? 65535 : loop_count;
    options.anim_params.bgcolor = 0;   // transparent black
    options.allow_mixed = 0;
    e->encoder = lib.encoder_new(w, h, &options, WEBP_MUX_ABI_VERSION);
    if (!e->encoder) { free(e); say(error, error_size, "libwebp could not start the animation", NULL); return NULL; }
    return e;
}

int wave_webp_add(wave_webp *e, const uint8_t *rgba, int timestamp_ms, char *error, size_t error_size) {
    WebPPicture picture;
    if (!lib.picture_init(&picture, WEBP_ENCODER_ABI_VERSION)) { say(error, error_size, "libwebp version mismatch", NULL); return 0; }
    picture.width = e->width;
    picture.height = e->height;
    picture.use_argb = 1;
    if (!lib.import_rgba(&picture, rgba, e->width * 4)) {
        lib.picture_free(&picture);
        say(error, error_size, "libwebp could not take a frame (out of memory)", NULL);
        return 0;
    }
    int ok = lib.add(e->encoder, &picture, timestamp_ms, &e->config);
    lib.picture_free(&picture);
    if (!ok) say(error, error_size, "libwebp could not encode a frame", lib.get_error(e->encoder));
    return ok;
}

int wave_webp_finish(wave_webp *e, int end_ms, uint8_t **bytes, size_t *size, char *error, size_t error_size) {
    if (!lib.add(e->encoder, NULL, end_ms, NULL)) { say(error, error_size, "libwebp could not end the animation", lib.get_error(e->encoder)); return 0; }
    WebPData data = { NULL, 0 };
    if (!lib.assemble(e->encoder, &data)) { say(error, error_size, "libwebp could not assemble the file", lib.get_error(e->encoder)); return 0; }
    *bytes = (uint8_t *)data.bytes;
    *size = data.size;
    return 1;
}

void wave_webp_free_bytes(uint8_t *bytes) { if (bytes) lib.free_bytes(bytes); }

void wave_webp_delete(wave_webp *e) {
    if (!e) return;
    if (e->encoder) lib.delete_encoder(e->encoder);
    free(e);
}

#else  // built without libwebp's headers

const char *wave_webp_unavailable(void) {
    return "this wave was built without libwebp's headers: apt-get install libwebp-dev, then build wave again";
}
wave_webp *wave_webp_new(int w, int h, int quality, int loop_count, char *error, size_t error_size) {
    (void)w; (void)h; (void)quality; (void)loop_count;
    if (error && error_size) snprintf(error, error_size, "%s", wave_webp_unavailable());
    return NULL;
}
int wave_webp_add(wave_webp *e, const uint8_t *rgba, int t, char *error, size_t n) { (void)e; (void)rgba; (void)t; (void)error; (void)n; return 0; }
int wave_webp_finish(wave_webp *e, int end, uint8_t **b, size_t *s, char *error, size_t n) { (void)e; (void)end; (void)b; (void)s; (void)error; (void)n; return 0; }
void wave_webp_free_bytes(uint8_t *bytes) { (void)bytes; }
void wave_webp_delete(wave_webp *e) { (void)e; }
#endif
