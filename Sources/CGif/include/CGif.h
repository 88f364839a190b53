#ifndef GALLEY_CGIF_H
#define GALLEY_CGIF_H
// giflib 5 reports errors through return codes (no setjmp, no varargs), so Swift calls it directly; GalleyRender's
// GIFWriter and GIFDecoder are the only users. Loaded when a GIF is first read or written (dlopen,
// lazy_library.h): each user calls galley_gif_load() first, then the galley_ stubs of the functions below.
#include <gif_lib.h>

#include <lazy_library.h>

#define GALLEY_GIF_FUNCTIONS(F, V, S)                                                                          \
    F(GifFileType *, EGifOpen, (void *userPtr, OutputFunc writeFunc, int *Error), (userPtr, writeFunc, Error)) \
    V(EGifSetGifVersion, (GifFileType * GifFile, bool gif89), (GifFile, gif89))                            \
    F(int, EGifPutScreenDesc,                                                                              \
      (GifFileType * GifFile, int GifWidth, int GifHeight, int GifColorRes, int GifBackGround,              \
       const ColorMapObject *GifColorMap),                                                                 \
      (GifFile, GifWidth, GifHeight, GifColorRes, GifBackGround, GifColorMap))                             \
    F(int, EGifPutExtensionLeader, (GifFileType * GifFile, int GifExtCode), (GifFile, GifExtCode))         \
    F(int, EGifPutExtensionBlock, (GifFileType * GifFile, int GifExtLen, const void *GifExtension),        \
      (GifFile, GifExtLen, GifExtension))                                                                  \
    F(int, EGifPutExtensionTrailer, (GifFileType * GifFile), (GifFile))                                    \
    F(int, EGifPutExtension, (GifFileType * GifFile, int GifExtCode, int GifExtLen, const void *GifExtension), \
      (GifFile, GifExtCode, GifExtLen, GifExtension))                                                      \
    F(size_t, EGifGCBToExtension, (const GraphicsControlBlock *GCB, GifByteType *GifExtension),            \
      (GCB, GifExtension))                                                                                 \
    F(int, EGifPutImageDesc,                                                                               \
      (GifFileType * GifFile, int GifLeft, int GifTop, int GifWidth, int GifHeight, bool GifInterlace,     \
       const ColorMapObject *GifColorMap),                                                                 \
      (GifFile, GifLeft, GifTop, GifWidth, GifHeight, GifInterlace, GifColorMap))                          \
    F(int, EGifPutLine, (GifFileType * GifFile, GifPixelType * GifLine, int GifLineLen),                   \
      (GifFile, GifLine, GifLineLen))                                                                      \
    F(int, EGifCloseFile, (GifFileType * GifFile, int *ErrorCode), (GifFile, ErrorCode))                   \
    F(GifFileType *, DGifOpen, (void *userPtr, InputFunc readFunc, int *Error), (userPtr, readFunc, Error)) \
    F(int, DGifGetRecordType, (GifFileType * GifFile, GifRecordType * GifType), (GifFile, GifType))        \
    F(int, DGifGetExtension, (GifFileType * GifFile, int *GifExtCode, GifByteType **GifExtension),         \
      (GifFile, GifExtCode, GifExtension))                                                                 \
    F(int, DGifGetExtensionNext, (GifFileType * GifFile, GifByteType * *GifExtension), (GifFile, GifExtension)) \
    F(int, DGifExtensionToGCB,                                                                             \
      (size_t GifExtensionLength, const GifByteType *GifExtension, GraphicsControlBlock *GCB),             \
      (GifExtensionLength, GifExtension, GCB))                                                             \
    F(int, DGifGetImageDesc, (GifFileType * GifFile), (GifFile))                                           \
    F(int, DGifGetLine, (GifFileType * GifFile, GifPixelType * GifLine, int GifLineLen),                   \
      (GifFile, GifLine, GifLineLen))                                                                      \
    F(int, DGifCloseFile, (GifFileType * GifFile, int *ErrorCode), (GifFile, ErrorCode))                   \
    F(ColorMapObject *, GifMakeMapObject, (int ColorCount, const GifColorType *ColorMap), (ColorCount, ColorMap)) \
    V(GifFreeMapObject, (ColorMapObject * Object), (Object))                                               \
    F(const char *, GifErrorString, (int ErrorCode), (ErrorCode))

GALLEY_GIF_FUNCTIONS(GALLEY_LAZY_DECLARE, GALLEY_LAZY_DECLARE_VOID, GALLEY_LAZY_DECLARE_NONE)

/// Loads giflib (once; thread-safe): NULL when it is loaded, else why not (see lazy_library.h).
const char *galley_gif_load(void);
#endif
