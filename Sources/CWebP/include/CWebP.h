#ifndef GALLEY_CWEBP_H
#define GALLEY_CWEBP_H
// libwebp's encoder and decoder, libwebpmux's animation encoder (WebPAnimEncoder) and libwebpdemux's animation
// decoder (WebPAnimDecoder, for an animation's first frame). GalleyRender's WebPAnimationWriter and WebPDecoder are
// the only users. Loaded on first use (dlopen, lazy_library.h), as two libraries: libwebpmux for encoding
// (galley_webp_encoder_load), libwebpdemux for decoding (galley_webp_decoder_load); each brings libwebp, and its
// symbols are looked up through it. A user calls the load function first, then the galley_ stubs below.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

#include <lazy_library.h>

// WebPConfigInit, WebPPictureInit, WebPAnimEncoderOptionsInit, WebPAnimEncoderNew and WebPDataClear are inline
// functions of the headers that call the *Internal entry points with the headers' ABI versions (or WebPFree): their
// stubs, declared below, do the same through the loaded library.
#define GALLEY_WEBP_ENCODER_FUNCTIONS(F, V, S)                                                                 \
    S(WebPConfigInitInternal)                                                                               \
    S(WebPPictureInitInternal)                                                                              \
    S(WebPAnimEncoderOptionsInitInternal)                                                                   \
    S(WebPAnimEncoderNewInternal)                                                                           \
    S(WebPFree)                                                                                             \
    F(int, WebPValidateConfig, (const WebPConfig *config), (config))                                        \
    V(WebPPictureFree, (WebPPicture * picture), (picture))                                                  \
    F(int, WebPPictureImportBGRA, (WebPPicture * picture, const uint8_t *bgra, int bgra_stride),            \
      (picture, bgra, bgra_stride))                                                                         \
    F(int, WebPAnimEncoderAdd,                                                                              \
      (WebPAnimEncoder * enc, struct WebPPicture *frame, int timestamp_ms, const struct WebPConfig *config), \
      (enc, frame, timestamp_ms, config))                                                                   \
    F(int, WebPAnimEncoderAssemble, (WebPAnimEncoder * enc, WebPData *webp_data), (enc, webp_data))         \
    F(const char *, WebPAnimEncoderGetError, (WebPAnimEncoder * enc), (enc))                                \
    V(WebPAnimEncoderDelete, (WebPAnimEncoder * enc), (enc))

// WebPGetFeatures, WebPAnimDecoderOptionsInit and WebPAnimDecoderNew: inline, as above.
#define GALLEY_WEBP_DECODER_FUNCTIONS(F, V, S)                                                                 \
    S(WebPGetFeaturesInternal)                                                                              \
    S(WebPAnimDecoderOptionsInitInternal)                                                                   \
    S(WebPAnimDecoderNewInternal)                                                                           \
    F(uint8_t *, WebPDecodeRGBAInto,                                                                        \
      (const uint8_t *data, size_t data_size, uint8_t *output_buffer, size_t output_buffer_size,            \
       int output_stride),                                                                                  \
      (data, data_size, output_buffer, output_buffer_size, output_stride))                                  \
    F(int, WebPAnimDecoderGetInfo, (const WebPAnimDecoder *dec, WebPAnimInfo *info), (dec, info))           \
    F(int, WebPAnimDecoderGetNext, (WebPAnimDecoder * dec, uint8_t **buf, int *timestamp), (dec, buf, timestamp)) \
    V(WebPAnimDecoderDelete, (WebPAnimDecoder * dec), (dec))

GALLEY_WEBP_ENCODER_FUNCTIONS(GALLEY_LAZY_DECLARE, GALLEY_LAZY_DECLARE_VOID, GALLEY_LAZY_DECLARE_NONE)
GALLEY_WEBP_DECODER_FUNCTIONS(GALLEY_LAZY_DECLARE, GALLEY_LAZY_DECLARE_VOID, GALLEY_LAZY_DECLARE_NONE)

/// WebPConfigInit through the loaded libwebp (the header's defaults: WEBP_PRESET_DEFAULT, quality 75).
int galley_WebPConfigInit(WebPConfig *config);
/// WebPPictureInit through the loaded libwebp.
int galley_WebPPictureInit(WebPPicture *picture);
/// WebPAnimEncoderOptionsInit through the loaded libwebpmux.
int galley_WebPAnimEncoderOptionsInit(WebPAnimEncoderOptions *enc_options);
/// WebPAnimEncoderNew through the loaded libwebpmux.
WebPAnimEncoder *galley_WebPAnimEncoderNew(int width, int height, const WebPAnimEncoderOptions *enc_options);
/// WebPDataClear through the loaded libwebp (frees the bytes with WebPFree).
void galley_WebPDataClear(WebPData *webp_data);
/// WebPGetFeatures through the loaded libwebp.
VP8StatusCode galley_WebPGetFeatures(const uint8_t *data, size_t data_size, WebPBitstreamFeatures *features);
/// WebPAnimDecoderOptionsInit through the loaded libwebpdemux.
int galley_WebPAnimDecoderOptionsInit(WebPAnimDecoderOptions *dec_options);
/// WebPAnimDecoderNew through the loaded libwebpdemux.
WebPAnimDecoder *galley_WebPAnimDecoderNew(const WebPData *webp_data, const WebPAnimDecoderOptions *dec_options);

/// Loads libwebpmux and libwebp (once; thread-safe): NULL when they are loaded, else why not (lazy_library.h).
const char *galley_webp_encoder_load(void);
/// Loads libwebpdemux and libwebp (once; thread-safe): NULL when they are loaded, else why not (lazy_library.h).
const char *galley_webp_decoder_load(void);
#endif
