// libwebpdemux (and through it libwebp's decoder), loaded on first use (include/CWebP.h, lazy_library.h).
#include "CWebP.h"

GALLEY_LAZY_LIBRARY(webp_decoder, "libwebpdemux.so.2", "libwebpdemux2", GALLEY_WEBP_DECODER_FUNCTIONS)

// The headers' inline functions, each calling what it calls through the loaded library.

GALLEY_LAZY_SAME_TYPE(WebPGetFeatures)
VP8StatusCode galley_WebPGetFeatures(const uint8_t *data, size_t data_size, WebPBitstreamFeatures *features) {
    galley_lazy_require(&galley_lazy_state);
    return GALLEY_LAZY_FUNCTION(WebPGetFeaturesInternal)(data, data_size, features, WEBP_DECODER_ABI_VERSION);
}

GALLEY_LAZY_SAME_TYPE(WebPAnimDecoderOptionsInit)
int galley_WebPAnimDecoderOptionsInit(WebPAnimDecoderOptions *dec_options) {
    galley_lazy_require(&galley_lazy_state);
    return GALLEY_LAZY_FUNCTION(WebPAnimDecoderOptionsInitInternal)(dec_options, WEBP_DEMUX_ABI_VERSION);
}

GALLEY_LAZY_SAME_TYPE(WebPAnimDecoderNew)
WebPAnimDecoder *galley_WebPAnimDecoderNew(const WebPData *webp_data, const WebPAnimDecoderOptions *dec_options) {
    galley_lazy_require(&galley_lazy_state);
    return GALLEY_LAZY_FUNCTION(WebPAnimDecoderNewInternal)(webp_data, dec_options, WEBP_DEMUX_ABI_VERSION);
}
