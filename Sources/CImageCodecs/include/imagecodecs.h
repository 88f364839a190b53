#ifndef GALLEY_IMAGECODECS_H
#define GALLEY_IMAGECODECS_H
// PNG, JPEG and TIFF codecs for GalleyRender. libpng and libjpeg report errors with setjmp/longjmp,
// and libtiff through printf-style handlers, none of which Swift can express, so every call into
// them happens here; Swift sees plain status codes and an error message buffer. Pixels are cairo's ARGB32: premultiplied, one native
// uint32 per pixel.
#include <stddef.h>
#include <stdint.h>

enum {
    IMAGECODECS_OK = 0,
    IMAGECODECS_ERROR = 1,
    /// The header names more pixels than the caller allows (nothing was allocated).
    IMAGECODECS_TOO_LARGE = 2,
    /// The codec's library (libtiff, loaded on first use) cannot be loaded; the message says why.
    IMAGECODECS_UNAVAILABLE = 3,
};

#define IMAGECODECS_MESSAGE_LENGTH 200

/// Bytes allocated by this library; release with imagecodecs_buffer_free.
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} imagecodecs_buffer;

/// A decoded image: premultiplied ARGB32 rows `stride` bytes apart (malloc'd).
typedef struct {
    uint8_t *pixels;
    uint32_t width;
    uint32_t height;
    size_t stride;
    int opaque;
    /// JPEG only: the file stores CMYK or YCCK (converted to RGB here), which a PDF cannot
    /// show as-is without a /Decode array for Adobe's inverted values.
    int cmyk;
} imagecodecs_image;

void imagecodecs_buffer_free(imagecodecs_buffer *buffer);
void imagecodecs_image_free(imagecodecs_image *image);

/// Encodes ARGB32 rows as an 8-bit PNG (RGBA when `write_alpha`, else RGB), un-premultiplying,
/// with zlib `level` and no row filter. Returns IMAGECODECS_OK or IMAGECODECS_ERROR.
int imagecodecs_png_encode(const uint8_t *argb, uint32_t width, uint32_t height, size_t stride, int write_alpha,
                           int level, imagecodecs_buffer *out, char *message);

/// The zlib stream of an image's filter-0 scanlines (an IDAT/fdAT payload for APNG frames).
int imagecodecs_png_frame_data(const uint8_t *argb, uint32_t width, uint32_t height, size_t stride, int write_alpha,
                               int level, imagecodecs_buffer *out, char *message);

/// The CRC-32 that PNG chunks carry, continued from `crc` (start with 0).
uint32_t imagecodecs_crc32(uint32_t crc, const uint8_t *bytes, size_t length);

/// Decodes any PNG (palette, gray, 16-bit, tRNS, interlaced) to premultiplied ARGB32. Fails with
/// IMAGECODECS_TOO_LARGE before allocating pixels when width*height > max_pixels; `out` then
/// holds the header's width and height.
int imagecodecs_png_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels, imagecodecs_image *out,
                           char *message);

/// Decodes a baseline or progressive JPEG (gray, YCbCr, RGB, CMYK, YCCK) to opaque ARGB32,
/// with the same size guard as imagecodecs_png_decode. Corrupt or truncated data is an error
/// (libjpeg's data warnings fail the decode), CMYK becomes RGB as Pillow converts it, and
/// `out->cmyk` says the file was CMYK or YCCK. Never calls exit().
int imagecodecs_jpeg_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels, imagecodecs_image *out,
                            char *message);

/// Decodes the first page of a TIFF (any photometric libtiff's RGBA interface reads: grey, palette,
/// RGB, CMYK with 8-bit inks, YCbCr; strips or tiles; any compression libtiff was built with) to
/// ARGB32 with the same size guard as imagecodecs_png_decode. Any libtiff error fails the decode
/// with its message; `out->cmyk` says the file was CMYK.
int imagecodecs_tiff_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels, imagecodecs_image *out,
                            char *message);

/// Inflates gzip data (an .svgz) into `out`; IMAGECODECS_TOO_LARGE as soon as the output would pass
/// `max_size` bytes, IMAGECODECS_ERROR (with zlib's message) for corrupt or truncated data.
int imagecodecs_gunzip(const uint8_t *bytes, size_t length, size_t max_size, imagecodecs_buffer *out,
                       char *message);

/// Straight RGBA bytes → premultiplied ARGB32, in place (rows `stride` bytes apart), rounding as
/// Pillow and pixman do; returns whether every alpha is 255.
int imagecodecs_premultiply_rgba(uint8_t *pixels, uint32_t width, uint32_t height, size_t stride);

/// Writes an ARGB32 image as shown in EXIF `orientation` (1...8: 1 as stored, 6 turned 90°
/// clockwise, ...) into `out`; orientations 5...8 swap width and height.
void imagecodecs_orient(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int orientation,
                        uint8_t *out, size_t out_stride);

/// Writes a premultiplied ARGB32 image shrunk to `out_width` x `out_height` (each at most the
/// original) into `out`, by area averaging: each output pixel is the mean of the source area it
/// covers. Fails only when out of memory or given a size it cannot shrink to.
int imagecodecs_downscale(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, uint8_t *out,
                          uint32_t out_width, uint32_t out_height, size_t out_stride, char *message);
#endif
