// Animated WebP through libwebp, loaded when first used. wave builds without libwebp's
// headers (then WebP output says how to get it), and runs without libwebp's libraries
// until a WebP is asked for: neither is needed to build or test the rest.
#ifndef WAVE_WEBP_H
#define WAVE_WEBP_H
#include <stddef.h>
#include <stdint.h>

typedef struct wave_webp wave_webp;

/// NULL when libwebp can be used; else why not, in words for a message.
const char *wave_webp_unavailable(void);

/// A new animation of w x h: lossless (exact colours, also under alpha 0) when quality < 0,
/// else lossy at quality 0-100; loop_count 0 = forever. NULL on failure, with `error` set.
wave_webp *wave_webp_new(int w, int h, int quality, int loop_count, char *error, size_t error_size);

/// Adds a frame of straight-alpha RGBA (w * 4 bytes a row) starting at `timestamp_ms`.
int wave_webp_add(wave_webp *enc, const uint8_t *rgba, int timestamp_ms, char *error, size_t error_size);

/// Ends the animation at `end_ms` and assembles the file into `*bytes` (free it with
/// wave_webp_free_bytes). Returns 1 on success.
int wave_webp_finish(wave_webp *enc, int end_ms, uint8_t **bytes, size_t *size, char *error, size_t error_size);

void wave_webp_free_bytes(uint8_t *bytes);
void wave_webp_delete(wave_webp *enc);
#endif
