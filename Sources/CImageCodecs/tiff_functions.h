#ifndef GALLEY_TIFF_FUNCTIONS_H
#define GALLEY_TIFF_FUNCTIONS_H
// libtiff, loaded when a TIFF is first decoded (dlopen, lazy_library.h): imagecodecs_tiff_decode calls
// galley_tiff_load() first, then the galley_ stubs of the functions below.
#include <stdarg.h>
#include <tiffio.h>

#include <lazy_library.h>

// TIFFGetField and TIFFGetFieldDefaulted take varargs: their stubs (below) pass them on as a va_list to
// TIFFVGetField and TIFFVGetFieldDefaulted.
#define GALLEY_TIFF_FUNCTIONS(F, V, S)                                                                         \
    S(TIFFVGetField)                                                                                        \
    S(TIFFVGetFieldDefaulted)                                                                               \
    F(TIFFOpenOptions *, TIFFOpenOptionsAlloc, (void), ())                                                  \
    V(TIFFOpenOptionsFree, (TIFFOpenOptions * opts), (opts))                                                \
    V(TIFFOpenOptionsSetMaxSingleMemAlloc, (TIFFOpenOptions * opts, tmsize_t max_single_mem_alloc),         \
      (opts, max_single_mem_alloc))                                                                         \
    V(TIFFOpenOptionsSetErrorHandlerExtR,                                                                   \
      (TIFFOpenOptions * opts, TIFFErrorHandlerExtR handler, void *errorhandler_user_data),                 \
      (opts, handler, errorhandler_user_data))                                                              \
    V(TIFFOpenOptionsSetWarningHandlerExtR,                                                                 \
      (TIFFOpenOptions * opts, TIFFErrorHandlerExtR handler, void *warnhandler_user_data),                  \
      (opts, handler, warnhandler_user_data))                                                               \
    F(TIFF *, TIFFClientOpenExt,                                                                            \
      (const char *name, const char *mode, thandle_t clientdata, TIFFReadWriteProc readproc,                \
       TIFFReadWriteProc writeproc, TIFFSeekProc seekproc, TIFFCloseProc closeproc, TIFFSizeProc sizeproc,  \
       TIFFMapFileProc mapproc, TIFFUnmapFileProc unmapproc, TIFFOpenOptions *opts),                        \
      (name, mode, clientdata, readproc, writeproc, seekproc, closeproc, sizeproc, mapproc, unmapproc, opts)) \
    V(TIFFClose, (TIFF * tif), (tif))                                                                       \
    F(int, TIFFRGBAImageOK, (TIFF * tif, char emsg[1024]), (tif, emsg))                                     \
    F(int, TIFFReadRGBAImageOriented,                                                                       \
      (TIFF * tif, uint32_t rwidth, uint32_t rheight, uint32_t *raster, int orientation, int stop),         \
      (tif, rwidth, rheight, raster, orientation, stop))

GALLEY_TIFF_FUNCTIONS(GALLEY_LAZY_DECLARE, GALLEY_LAZY_DECLARE_VOID, GALLEY_LAZY_DECLARE_NONE)

/// TIFFGetField through the loaded libtiff.
int galley_TIFFGetField(TIFF *tif, uint32_t tag, ...);
/// TIFFGetFieldDefaulted through the loaded libtiff.
int galley_TIFFGetFieldDefaulted(TIFF *tif, uint32_t tag, ...);

/// Loads libtiff (once; thread-safe): NULL when it is loaded, else why not (see lazy_library.h).
const char *galley_tiff_load(void);
#endif
