// PNG through libpng. Errors longjmp back to the setjmp in each entry point; the error
// callback copies libpng's message for Swift first.
#include "codecs_internal.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

static void on_error(png_structp png, png_const_charp text) {
    char *message = png_get_error_ptr(png);
    imagecodecs_set_message(message, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;  // warnings (bad ancillary chunks, sRGB profiles) never fail a render
}

static void write_to_buffer(png_structp png, png_bytep bytes, png_size_t length) {
    imagecodecs_buffer *buffer = png_get_io_ptr(png);
    if (!imagecodecs_buffer_append(buffer, bytes, length)) png_error(png, "out of memory while encoding PNG");
}

static void flush_nothing(png_structp png) { (void)png; }

int imagecodecs_png_encode(const uint8_t *argb, uint32_t width, uint32_t height, size_t stride, int write_alpha,
                           int level, imagecodecs_buffer *out, char *message) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, message, on_error, on_warning);
    if (!png) {
        imagecodecs_set_message(message, "png_create_write_struct failed");
        return IMAGECODECS_ERROR;
    }
    png_infop info = png_create_info_struct(png);
    uint8_t *row = malloc((size_t)width * 4 + 1);
    if (!info || !row) {
        free(row);
        png_destroy_write_struct(&png, info ? &info : NULL);
        imagecodecs_set_message(message, "out of memory for PNG encoder");
        return IMAGECODECS_ERROR;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(row);
        png_destroy_write_struct(&png, &info);
        imagecodecs_buffer_free(out);
        return IMAGECODECS_ERROR;
    }
    png_set_write_fn(png, out, write_to_buffer, flush_nothing);
    png_set_compression_level(png, level);
    // No row filter: on flat, antialiased document pages it is both faster and smaller.
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_set_IHDR(png, info, width, height, 8, write_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        imagecodecs_unpremultiply_row((const uint32_t *)(argb + stride * y), width, write_alpha, row);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    free(row);
    png_destroy_write_struct(&png, &info);
    return IMAGECODECS_OK;
}

typedef struct {
    const uint8_t *bytes;
    size_t length;
    size_t position;
} read_state;

static void read_from_memory(png_structp png, png_bytep bytes, png_size_t length) {
    read_state *state = png_get_io_ptr(png);
    if (length > state->length - state->position) png_error(png, "PNG data ends early (truncated file)");
    memcpy(bytes, state->bytes + state->position, length);
    state->position += length;
}

int imagecodecs_png_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels, imagecodecs_image *out,
                           char *message) {
    memset(out, 0, sizeof *out);
    if (length < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        imagecodecs_set_message(message, "not a PNG file (bad signature)");
        return IMAGECODECS_ERROR;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, message, on_error, on_warning);
    if (!png) {
        imagecodecs_set_message(message, "png_create_read_struct failed");
        return IMAGECODECS_ERROR;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        imagecodecs_set_message(message, "out of memory for PNG decoder");
        return IMAGECODECS_ERROR;
    }
    read_state state = {bytes, length, 0};
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(pixels);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return IMAGECODECS_ERROR;
    }
    png_set_read_fn(png, &state, read_from_memory);
    // Our own pixel limit below replaces libpng's fixed 1,000,000-pixel-per-side default.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    out->width = width;
    out->height = height;
    if ((uint64_t)width * height > max_pixels) {
        png_destroy_read_struct(&png, &info, NULL);
        return IMAGECODECS_TOO_LARGE;
    }
    int color_type = png_get_color_type(png, info);
    png_set_expand(png);  // palette → RGB, gray < 8 bits → 8 bits, tRNS → alpha
    png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected PNG row layout");
    size_t stride = (size_t)width * 4;
    pixels = malloc(stride * height ? stride * height : 1);
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!pixels || !rows) png_error(png, "out of memory for PNG pixels");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + stride * y;
    png_read_image(png, rows);
    free(rows);
    rows = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    out->opaque = imagecodecs_premultiply_rgba(pixels, width, height, stride);
    out->pixels = pixels;
    out->stride = stride;
    return IMAGECODECS_OK;
}
