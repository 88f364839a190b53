#ifndef GALLEY_CWEBP_SHIM_H
#define GALLEY_CWEBP_SHIM_H
// libwebp's encoder and decoder, libwebpmux's animation encoder (WebPAnimEncoder) and libwebpdemux's animation
// decoder (WebPAnimDecoder, for an animation's first frame). Their *Init/*New entry points are static inline
// wrappers that pass the ABI version; Swift imports and calls them as they are.
// GalleyRender's WebPAnimationWriter and WebPDecoder are the only users.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
#endif
