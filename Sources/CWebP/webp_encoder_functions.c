// libwebpmux (and through it libwebp's encoder), loaded on first use (include/CWebP.h, lazy_library.h).
#include "CWebP.h"

GALLEY_LAZY_LIBRARY(webp_encoder, "libwebpmux.so.3", "libwebpmux3", GALLEY_WEBP_ENCODER_FUNCTIONS)

// The headers' inline functions, each calling what it calls through the loaded library.

GALLEY_LAZY_SAME_TYPE(WebPConfigInit)
int galley_WebPConfigInit(WebPConfig *config) {
    galley_lazy_require(&galley_lazy_state);
    return GALLEY_LAZY_FUNCTION(WebPConfigInitInternal)(config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION);
}

GALLEY_LAZY_SAME_TYPE(WebPPictureInit)
int galley_WebPPictureInit(WebPPicture *picture) {
    galley_lazy_require(&galley_lazy_state);
    return GALLEY_LAZY_FUNCTION(WebPPictureInitInternal)(picture, WEBP_ENCODER_ABI_VERSION);
}

GALLEY_LAZY_SAME_TYPE(WebPAnimEncoderOptionsInit)
int galley_WebPAnimEncoderOptionsInit(WebPAnimEncoderOptions *enc_options) {
    galley_lazy_require(&galley_lazy_state);
    return GALLEY_LAZY_FUNCTION(WebPAnimEncoderOptionsInitInternal)(enc_options, WEBP_MUX_ABI_VERSION);
}

GALLEY_LAZY_SAME_TYPE(WebPAnimEncoderNew)
WebPAnimEncoder *galley_WebPAnimEncoderNew(int width, int height, const WebPAnimEncoderOptions *enc_options) {
    galley_lazy_require(&galley_lazy_state);
    return GALLEY_LAZY_FUNCTION(WebPAnimEncoderNewInternal)(width, height, enc_options, WEBP_MUX_ABI_VERSION);
}

GALLEY_LAZY_SAME_TYPE(WebPDataClear)
void galley_WebPDataClear(WebPData *webp_data) {
    if (webp_data == NULL) return;
    galley_lazy_require(&galley_lazy_state);
    GALLEY_LAZY_FUNCTION(WebPFree)((void *)webp_data->bytes);
    WebPDataInit(webp_data);
}
