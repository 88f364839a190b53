#ifndef GALLEY_CZLIB_SHIM_H
#define GALLEY_CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit is a macro; Swift calls this instead.
static inline int galley_deflate_init(z_streamp stream, int level) {
    return deflateInit(stream, level);
}
#endif
