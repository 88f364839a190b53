// Whole-image pixel transforms on ARGB32 bitmaps: EXIF orientation and area-averaging
// downscaling. Plain loops over native uint32 pixels; they live here rather than in Swift
// because a 3000x3000 photo is 9 million pixels and these run on every decode.
#include "codecs_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void imagecodecs_orient(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int orientation,
                        uint8_t *out, size_t out_stride) {
    int swaps = orientation >= 5;  // 5...8 turn the image a quarter: width and height swap
    uint32_t out_width = swaps ? height : width, out_height = swaps ? width : height;
    for (uint32_t y = 0; y < out_height; y++) {
        uint32_t *row = (uint32_t *)(out + out_stride * y);
        for (uint32_t x = 0; x < out_width; x++) {
            // The stored pixel shown at (x, y), per the EXIF 2.3 orientation table.
            uint32_t sx, sy;
            switch (orientation) {
            case 2: sx = width - 1 - x; sy = y; break;                 // mirrored left-right
            case 3: sx = width - 1 - x; sy = height - 1 - y; break;    // turned 180°
            case 4: sx = x; sy = height - 1 - y; break;                // mirrored top-bottom
            case 5: sx = y; sy = x; break;                             // transposed
            case 6: sx = y; sy = height - 1 - x; break;                // turned 90° clockwise
            case 7: sx = width - 1 - y; sy = height - 1 - x; break;    // transversed
            case 8: sx = width - 1 - y; sy = x; break;                 // turned 90° anticlockwise
            default: sx = x; sy = y; break;                            // 1: as stored
            }
            row[x] = ((const uint32_t *)(pixels + stride * sy))[sx];
        }
    }
}

/// Adds `weight` times a row resampled to `out_width` columns into `sums` (4 floats a pixel):
/// each output column averages the source columns its interval covers, partial ones weighted
/// by the covered fraction.
static void add_resampled_row(const uint32_t *row, uint32_t width, uint32_t out_width, double weight, double *sums) {
    double scale = (double)width / out_width;
    for (uint32_t x = 0; x < out_width; x++) {
        double start = x * scale, end = start + scale;
        uint32_t first = (uint32_t)start, last = (uint32_t)ceil(end);
        if (last > width) last = width;
        double a = 0, r = 0, g = 0, b = 0;
        for (uint32_t sx = first; sx < last; sx++) {
            double covered = fmin(end, sx + 1.0) - fmax(start, (double)sx);
            uint32_t p = row[sx];
            a += covered * (p >> 24);
            r += covered * ((p >> 16) & 0xff);
            g += covered * ((p >> 8) & 0xff);
            b += covered * (p & 0xff);
        }
        double w = weight / scale;
        sums[4 * x] += a * w;
        sums[4 * x + 1] += r * w;
        sums[4 * x + 2] += g * w;
        sums[4 * x + 3] += b * w;
    }
}

static uint32_t channel(double value) {
    long rounded = lround(value);
    return rounded < 0 ? 0 : rounded > 255 ? 255 : (uint32_t)rounded;
}

int imagecodecs_downscale(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, uint8_t *out,
                          uint32_t out_width, uint32_t out_height, size_t out_stride, char *message) {
    if (out_width == 0 || out_height == 0 || out_width > width || out_height > height) {
        imagecodecs_set_message(message, "downscale: the new size must be at least 1x1 and no larger");
        return IMAGECODECS_ERROR;
    }
    double *sums = malloc(sizeof(double) * 4 * out_width);
    if (!sums) {
        imagecodecs_set_message(message, "out of memory for a downscaled row");
        return IMAGECODECS_ERROR;
    }
    // Averaging premultiplied values is what makes translucent edges come out right.
    double scale = (double)height / out_height;
    for (uint32_t y = 0; y < out_height; y++) {
        memset(sums, 0, sizeof(double) * 4 * out_width);
        double start = y * scale, end = start + scale;
        uint32_t first = (uint32_t)start, last = (uint32_t)ceil(end);
        if (last > height) last = height;
        for (uint32_t sy = first; sy < last; sy++) {
            double covered = fmin(end, sy + 1.0) - fmax(start, (double)sy);
            add_resampled_row((const uint32_t *)(pixels + stride * sy), width, out_width, covered / scale, sums);
        }
        uint32_t *row = (uint32_t *)(out + out_stride * y);
        for (uint32_t x = 0; x < out_width; x++) {
            uint32_t a = channel(sums[4 * x]);
            uint32_t r = channel(sums[4 * x + 1]), g = channel(sums[4 * x + 2]), b = channel(sums[4 * x + 3]);
            // Premultiplied colour never exceeds alpha; rounding must not make it.
            if (r > a) r = a;
            if (g > a) g = a;
            if (b > a) b = a;
            row[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
    free(sums);
    return IMAGECODECS_OK;
}
