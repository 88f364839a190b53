// JPEG through libjpeg-turbo, with an error manager that longjmps back here instead of
// calling exit() (libjpeg's default).
#include "codecs_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
} error_state;

static void on_error_exit(j_common_ptr info) {
    error_state *state = (error_state *)info->err;
    char text[JMSG_LENGTH_MAX];
    info->err->format_message(info, text);
    imagecodecs_set_message(state->message, text);
    longjmp(state->jump, 1);
}

static void on_output_message(j_common_ptr info) { (void)info; }  // no stderr chatter

int imagecodecs_jpeg_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels, imagecodecs_image *out,
                            char *message) {
    memset(out, 0, sizeof *out);
    struct jpeg_decompress_struct info;
    error_state errors;
    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = on_error_exit;
    errors.manager.output_message = on_output_message;
    errors.message = message;
    uint8_t *volatile pixels = NULL;
    if (setjmp(errors.jump)) {
        free(pixels);
        jpeg_destroy_decompress(&info);
        return IMAGECODECS_ERROR;
    }
    jpeg_CreateDecompress(&info, JPEG_LIB_VERSION, sizeof info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    out->width = info.image_width;
    out->height = info.image_height;
    if ((uint64_t)info.image_width * info.image_height > max_pixels) {
        jpeg_destroy_decompress(&info);
        return IMAGECODECS_TOO_LARGE;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    J_COLOR_SPACE native = JCS_EXT_BGRA;  // bytes B,G,R,A = ARGB32 on little-endian
#else
    J_COLOR_SPACE native = JCS_EXT_ARGB;
#endif
    info.out_color_space = cmyk ? JCS_CMYK : native;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    pixels = malloc(stride * info.output_height ? stride * info.output_height : 1);
    if (!pixels) {
        imagecodecs_set_message(message, "out of memory for JPEG pixels");
        free(pixels);
        jpeg_destroy_decompress(&info);
        return IMAGECODECS_ERROR;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    if (cmyk) {
        // Adobe writes CMYK inverted: each stored value is 255 - ink, so channel = value * K.
        for (size_t i = 0; i < (size_t)info.output_width * info.output_height; i++) {
            uint8_t *p = pixels + 4 * i;
            uint32_t k = p[3];
            uint32_t r = p[0] * k / 255, g = p[1] * k / 255, b = p[2] * k / 255;
            ((uint32_t *)pixels)[i] = 0xff000000u | (r << 16) | (g << 8) | b;
        }
    }
    out->width = info.output_width;
    out->height = info.output_height;
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    out->pixels = pixels;
    out->stride = stride;
    out->opaque = 1;
    return IMAGECODECS_OK;
}
