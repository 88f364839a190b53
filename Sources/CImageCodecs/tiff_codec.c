// TIFF through libtiff (loaded on first use: tiff_functions.h), read from memory. libtiff reports errors through
// printf-style handlers (a va_list), which Swift cannot take, so they are formatted here into the message buffer:
// the first error of a decode is the one reported. Warnings (an unknown tag, say) are dropped, as Pillow drops them.
#include "codecs_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tiff_functions.h"

typedef struct {
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    char *message;
    int failed;
} memory_file;

static tmsize_t read_proc(thandle_t handle, void *buffer, tmsize_t size) {
    memory_file *file = (memory_file *)handle;
    if (size <= 0 || file->offset >= file->length) return 0;
    size_t count = (size_t)size;
    if (count > file->length - file->offset) count = file->length - file->offset;
    memcpy(buffer, file->bytes + file->offset, count);
    file->offset += count;
    return (tmsize_t)count;
}

static tmsize_t write_proc(thandle_t handle, void *buffer, tmsize_t size) {
    (void)handle, (void)buffer, (void)size;
    return -1;  // read only
}

static toff_t seek_proc(thandle_t handle, toff_t offset, int whence) {
    memory_file *file = (memory_file *)handle;
    uint64_t base = whence == SEEK_CUR ? file->offset : whence == SEEK_END ? file->length : 0;
    uint64_t target = base + offset;
    if (target > file->length) target = file->length;  // reads past the end return 0 bytes
    file->offset = (size_t)target;
    return (toff_t)target;
}

static int close_proc(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t size_proc(thandle_t handle) { return (toff_t)((memory_file *)handle)->length; }

static int on_error(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    memory_file *file = (memory_file *)user;
    if (!file->failed) {
        char text[IMAGECODECS_MESSAGE_LENGTH];
        vsnprintf(text, sizeof text, format, arguments);
        if (module && *module) {
            snprintf(file->message, IMAGECODECS_MESSAGE_LENGTH, "%s: %s", module, text);
        } else {
            imagecodecs_set_message(file->message, text);
        }
    }
    file->failed = 1;
    return 1;  // handled: libtiff's default handler would print to stderr
}

static int on_warning(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff, (void)user, (void)module, (void)format, (void)arguments;
    return 1;
}

int imagecodecs_tiff_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels, imagecodecs_image *out,
                            char *message) {
    memset(out, 0, sizeof *out);
    imagecodecs_set_message(message, "");
    const char *unavailable = galley_tiff_load();
    if (unavailable) {
        imagecodecs_set_message(message, unavailable);
        return IMAGECODECS_UNAVAILABLE;
    }
    memory_file file = {bytes, length, 0, message, 0};
    TIFFOpenOptions *options = galley_TIFFOpenOptionsAlloc();
    if (!options) {
        imagecodecs_set_message(message, "out of memory opening a TIFF");
        return IMAGECODECS_ERROR;
    }
    galley_TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, &file);
    galley_TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, &file);
    // No single allocation inside libtiff over 256 MB (a strip size a corrupt header names).
    galley_TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)256 << 20);
    // "m": never memory-map (there is no file); the first directory (page) only.
    TIFF *tiff = galley_TIFFClientOpenExt("TIFF", "rm", (thandle_t)&file, read_proc, write_proc, seek_proc,
                                          close_proc, size_proc, NULL, NULL, options);
    galley_TIFFOpenOptionsFree(options);
    if (!tiff) {
        if (!file.failed) imagecodecs_set_message(message, "not a readable TIFF file");
        return IMAGECODECS_ERROR;
    }
    uint32_t width = 0, height = 0;
    galley_TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &width);
    galley_TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &height);
    out->width = width;
    out->height = height;
    if (width == 0 || height == 0) {
        if (!file.failed) imagecodecs_set_message(message, "the TIFF has no image width or height");
        galley_TIFFClose(tiff);
        return IMAGECODECS_ERROR;
    }
    if ((uint64_t)width * height > max_pixels) {
        galley_TIFFClose(tiff);
        return IMAGECODECS_TOO_LARGE;
    }
    char reason[1024] = "";
    if (!galley_TIFFRGBAImageOK(tiff, reason)) {
        snprintf(message, IMAGECODECS_MESSAGE_LENGTH, "unsupported TIFF: %s", reason);
        galley_TIFFClose(tiff);
        return IMAGECODECS_ERROR;
    }
    uint16_t photometric = 0;
    galley_TIFFGetFieldDefaulted(tiff, TIFFTAG_PHOTOMETRIC, &photometric);
    size_t stride = (size_t)width * 4;
    uint32_t *raster = malloc(stride * height);
    if (!raster) {
        imagecodecs_set_message(message, "out of memory for TIFF pixels");
        galley_TIFFClose(tiff);
        return IMAGECODECS_ERROR;
    }
    // stop_on_error 1: a strip that fails to decode fails the image (no rows left blank). libtiff turns CMYK
    // (separated, 8-bit inks) into RGB as (255 - K) * (255 - C) / 255, palettes and grey into RGB, and
    // unassociated alpha into premultiplied values, (v * a + 127) / 255.
    int ok = galley_TIFFReadRGBAImageOriented(tiff, width, height, raster, ORIENTATION_TOPLEFT, 1);
    galley_TIFFClose(tiff);
    if (!ok || file.failed) {
        if (!file.failed) imagecodecs_set_message(message, "the TIFF image data cannot be read");
        free(raster);
        return IMAGECODECS_ERROR;
    }
    // libtiff packs A<<24 | B<<16 | G<<8 | R; cairo wants A<<24 | R<<16 | G<<8 | B.
    int opaque = 1;
    for (size_t i = 0; i < (size_t)width * height; i++) {
        uint32_t p = raster[i];
        uint32_t a = p >> 24, b = (p >> 16) & 0xff, g = (p >> 8) & 0xff, r = p & 0xff;
        if (a != 0xff) opaque = 0;
        raster[i] = (a << 24) | (r << 16) | (g << 8) | b;
    }
    out->pixels = (uint8_t *)raster;
    out->stride = stride;
    out->opaque = opaque;
    out->cmyk = photometric == PHOTOMETRIC_SEPARATED;
    return IMAGECODECS_OK;
}
