// Shared helpers of the codec shim: buffers, pixel conversion, CRC, APNG frame data.
#include "codecs_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

void imagecodecs_buffer_free(imagecodecs_buffer *buffer) {
    if (!buffer) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}

void imagecodecs_image_free(imagecodecs_image *image) {
    if (!image) return;
    free(image->pixels);
    image->pixels = NULL;
}

int imagecodecs_buffer_append(imagecodecs_buffer *buffer, const uint8_t *bytes, size_t length) {
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->size + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->data, capacity);
        if (!grown) return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
    return 1;
}

void imagecodecs_set_message(char *message, const char *text) {
    if (message) snprintf(message, IMAGECODECS_MESSAGE_LENGTH, "%s", text);
}

void imagecodecs_unpremultiply_row(const uint32_t *argb, uint32_t width, int write_alpha, uint8_t *out) {
    // Two loops, so the alpha choice is not made per pixel, and an opaque pixel (nearly every
    // pixel of a page) is one shift-and-mask and one 4-byte store: the byte-at-a-time loop
    // was 20 instructions a pixel, 10 M of a W1 invoice's PNG.
    if (!write_alpha) {
        for (uint32_t x = 0; x < width; x++) {
            uint32_t p = argb[x];
            out[0] = (uint8_t)(p >> 16);
            out[1] = (uint8_t)(p >> 8);
            out[2] = (uint8_t)p;
            out += 3;
        }
        return;
    }
    for (uint32_t x = 0; x < width; x++) {
        uint32_t p = argb[x];
        uint32_t a = p >> 24;
        uint8_t rgba[4];
        if (a == 0xff) {
            rgba[0] = (uint8_t)(p >> 16);
            rgba[1] = (uint8_t)(p >> 8);
            rgba[2] = (uint8_t)p;
            rgba[3] = 0xff;
        } else if (a == 0) {
            rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
        } else {
            // Rounded inverse of premultiplication, so premultiplying again gives the same bytes.
            uint32_t r = (((p >> 16) & 0xff) * 255 + a / 2) / a;
            uint32_t g = (((p >> 8) & 0xff) * 255 + a / 2) / a;
            uint32_t b = ((p & 0xff) * 255 + a / 2) / a;
            rgba[0] = (uint8_t)(r > 255 ? 255 : r);
            rgba[1] = (uint8_t)(g > 255 ? 255 : g);
            rgba[2] = (uint8_t)(b > 255 ? 255 : b);
            rgba[3] = (uint8_t)a;
        }
        memcpy(out, rgba, 4);
        out += 4;
    }
}

int imagecodecs_premultiply_rgba(uint8_t *pixels, uint32_t width, uint32_t height, size_t stride) {
    int opaque = 1;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * stride;
        uint32_t *out = (uint32_t *)row;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t r = row[4 * x], g = row[4 * x + 1], b = row[4 * x + 2], a = row[4 * x + 3];
            if (a != 0xff) {
                opaque = 0;
                r = imagecodecs_muldiv255(r, a);
                g = imagecodecs_muldiv255(g, a);
                b = imagecodecs_muldiv255(b, a);
            }
            out[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
    return opaque;
}

uint32_t imagecodecs_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
    if (!bytes || length == 0) return crc;  // crc32(_, NULL, _) would reset to 0
    return (uint32_t)crc32(crc, bytes, (uInt)length);
}

int imagecodecs_png_frame_data(const uint8_t *argb, uint32_t width, uint32_t height, size_t stride, int write_alpha,
                               int level, imagecodecs_buffer *out, char *message) {
    size_t channels = write_alpha ? 4 : 3;
    size_t row_bytes = 1 + (size_t)width * channels;
    size_t raw_size = row_bytes * height;
    uint8_t *raw = malloc(raw_size ? raw_size : 1);
    if (!raw) {
        imagecodecs_set_message(message, "out of memory for APNG frame");
        return IMAGECODECS_ERROR;
    }
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = raw + row_bytes * y;
        row[0] = 0;  // filter type None: fastest and smallest for document pages (toolchain notes §5)
        imagecodecs_unpremultiply_row((const uint32_t *)(argb + stride * y), width, write_alpha, row + 1);
    }
    uLongf bound = compressBound((uLong)raw_size);
    out->data = malloc(bound);
    if (!out->data) {
        free(raw);
        imagecodecs_set_message(message, "out of memory for APNG frame");
        return IMAGECODECS_ERROR;
    }
    out->capacity = bound;
    int status = compress2(out->data, &bound, raw, (uLong)raw_size, level);
    free(raw);
    if (status != Z_OK) {
        imagecodecs_buffer_free(out);
        snprintf(message, IMAGECODECS_MESSAGE_LENGTH, "zlib compress2 failed (%d)", status);
        return IMAGECODECS_ERROR;
    }
    out->size = bound;
    return IMAGECODECS_OK;
}
