#ifndef GALLEY_CGIF_SHIM_H
#define GALLEY_CGIF_SHIM_H
// giflib 5 reports errors through return codes (no setjmp, no varargs), so Swift calls it directly;
// GalleyRender's GIFWriter is the only user.
#include <gif_lib.h>
#endif
