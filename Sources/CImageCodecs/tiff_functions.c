// libtiff, loaded on first use (tiff_functions.h, lazy_library.h).
#include "tiff_functions.h"

GALLEY_LAZY_LIBRARY(tiff, "libtiff.so.6", "libtiff6", GALLEY_TIFF_FUNCTIONS)

GALLEY_LAZY_SAME_TYPE(TIFFGetField)
int galley_TIFFGetField(TIFF *tif, uint32_t tag, ...) {
    galley_lazy_require(&galley_lazy_state);
    va_list arguments;
    va_start(arguments, tag);
    int found = GALLEY_LAZY_FUNCTION(TIFFVGetField)(tif, tag, arguments);
    va_end(arguments);
    return found;
}

GALLEY_LAZY_SAME_TYPE(TIFFGetFieldDefaulted)
int galley_TIFFGetFieldDefaulted(TIFF *tif, uint32_t tag, ...) {
    galley_lazy_require(&galley_lazy_state);
    va_list arguments;
    va_start(arguments, tag);
    int found = GALLEY_LAZY_FUNCTION(TIFFVGetFieldDefaulted)(tif, tag, arguments);
    va_end(arguments);
    return found;
}
