#ifndef GALLEY_IMAGECODECS_INTERNAL_H
#define GALLEY_IMAGECODECS_INTERNAL_H
#include "include/imagecodecs.h"

int imagecodecs_buffer_append(imagecodecs_buffer *buffer, const uint8_t *bytes, size_t length);
void imagecodecs_set_message(char *message, const char *text);
/// Premultiplied ARGB32 → straight RGB(A) bytes.
void imagecodecs_unpremultiply_row(const uint32_t *argb, uint32_t width, int write_alpha, uint8_t *out);
/// a * b / 255, rounded (pixman's and Pillow's MULDIV255).
static inline uint32_t imagecodecs_muldiv255(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 0x80;
    return ((t >> 8) + t) >> 8;
}
#endif
