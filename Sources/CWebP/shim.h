#ifndef GALLEY_CWEBP_SHIM_H
#define GALLEY_CWEBP_SHIM_H
// libwebp's encoder and libwebpmux's animation encoder (WebPAnimEncoder). Their *Init/*New entry points are
// static inline wrappers that pass the ABI version; Swift imports and calls them as they are.
// GalleyRender's WebPAnimationWriter is the only user.
#include <webp/encode.h>
#include <webp/mux.h>
#endif
