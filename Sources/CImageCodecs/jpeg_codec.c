// JPEG through libjpeg-turbo, with an error manager that longjmps back here instead of
// calling exit() (libjpeg's default). Warnings about corrupt data count as errors: libjpeg
// would otherwise fill a truncated image with grey and report success.
#include "codecs_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/// More progressive scans than any encoder writes (cjpeg's default script has 10): each scan
/// re-reads the whole coefficient buffer, so a small file of thousands of tiny scans would
/// decode for minutes. TurboJPEG's limit for untrusted files (TJFLAG_LIMITSCANS) is 500 too.
#define MAX_SCANS 500

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

/// Level -1 is a warning. Every libjpeg warning but two reports corrupt or missing data
/// ("Premature end of JPEG file", a bad Huffman code...), after which libjpeg fills the rest of
/// the image with grey; those fail the decode. The two kept are about metadata Galley does not
/// read (a future JFIF version number, a malformed ICC profile marker).
static void on_emit_message(j_common_ptr info, int level) {
    if (level >= 0) return;  // trace messages
    int code = info->err->msg_code;
    if (code == JWRN_JFIF_MAJOR || code == JWRN_BOGUS_ICC) return;
    on_error_exit(info);
}

static void on_progress(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > MAX_SCANS) {
        error_state *state = (error_state *)info->err;
        imagecodecs_set_message(state->message, "too many progressive scans (more than 500): refusing to decode");
        longjmp(state->jump, 1);
    }
}

int imagecodecs_jpeg_decode(const uint8_t *bytes, size_t length, uint64_t max_pixels, imagecodecs_image *out,
                            char *message) {
    memset(out, 0, sizeof *out);
    struct jpeg_decompress_struct info;
    struct jpeg_progress_mgr progress;
    error_state errors;
    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = on_error_exit;
    errors.manager.output_message = on_output_message;
    errors.manager.emit_message = on_emit_message;
    errors.message = message;
    uint8_t *volatile pixels = NULL;
    if (setjmp(errors.jump)) {
        free(pixels);
        jpeg_destroy_decompress(&info);
        return IMAGECODECS_ERROR;
    }
    jpeg_CreateDecompress(&info, JPEG_LIB_VERSION, sizeof info);
    progress.progress_monitor = on_progress;
    info.progress = &progress;
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
    info.out_color_space = cmyk ? JCS_CMYK : native;  // libjpeg turns YCCK into CMYK
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    pixels = malloc(stride * info.output_height ? stride * info.output_height : 1);
    if (!pixels) {
        imagecodecs_set_message(message, "out of memory for JPEG pixels");
        jpeg_destroy_decompress(&info);
        return IMAGECODECS_ERROR;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    if (cmyk) {
        // Adobe's applications write CMYK inverted (each value is 255 - ink). Like Pillow and the
        // browsers, take every CMYK JPEG that way, APP14 marker or not: the others are too rare
        // to tell apart. Then the naive CMYK → RGB Pillow uses: channel = (255 - K) - C * (255 - K)
        // / 255, with its rounding; without a colour profile it is what viewers agree on.
        for (size_t i = 0; i < (size_t)info.output_width * info.output_height; i++) {
            uint8_t *p = pixels + 4 * i;
            uint32_t ink[4] = {255u - p[0], 255u - p[1], 255u - p[2], 255u - p[3]};
            uint32_t white = 255 - ink[3];
            uint32_t r = white - imagecodecs_muldiv255(ink[0], white);
            uint32_t g = white - imagecodecs_muldiv255(ink[1], white);
            uint32_t b = white - imagecodecs_muldiv255(ink[2], white);
            ((uint32_t *)pixels)[i] = 0xff000000u | (r << 16) | (g << 8) | b;
        }
    }
    out->width = info.output_width;
    out->height = info.output_height;
    // Reads up to the EOI marker, so a file cut short after its last scanline still fails.
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    out->pixels = pixels;
    out->stride = stride;
    out->opaque = 1;
    out->cmyk = cmyk;
    return IMAGECODECS_OK;
}
