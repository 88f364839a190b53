#ifndef GALLEY_CRSVG_SHIM_H
#define GALLEY_CRSVG_SHIM_H
// librsvg 2.54 (parses SVG once; draws it into any cairo context). Errors come back as GError values, no
// setjmp and no varargs, so Swift calls it directly; GalleyRender's VectorImage is the only user.
#include <librsvg/rsvg.h>

/// The GError's message (a function, because Swift sees `GError` through a typedef'd struct pointer).
static inline const char *galley_rsvg_error_message(const GError *error) {
    return error && error->message ? error->message : "unknown librsvg error";
}
#endif
