// libwebp's encoder and its animation encoder (WebPAnimEncoder, in libwebpmux).
// Debian: libwebp-dev. The version-checked initialisers are static inline functions
// in the headers; they are wrapped here so that Swift calls plain functions.
#include <webp/encode.h>
#include <webp/mux.h>

static inline int wave_webp_config_init(WebPConfig *config) { return WebPConfigInit(config); }
static inline int wave_webp_picture_init(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline int wave_webp_anim_options_init(WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *wave_webp_anim_encoder_new(int width, int height,
                                                         const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
