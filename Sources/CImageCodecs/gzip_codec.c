// gzip decompression for SVGZ images: GalleyRender inflates an .svgz itself, within a size limit, so
// that the SVG text can be checked (VectorImage) and a gzip bomb stops at the limit instead of in
// librsvg.
#include "codecs_internal.h"

#include <string.h>
#include <zlib.h>

int imagecodecs_gunzip(const uint8_t *bytes, size_t length, size_t max_size, imagecodecs_buffer *out,
                       char *message) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    // 16 + MAX_WBITS: a gzip header and trailer around the deflate data.
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) {
        imagecodecs_set_message(message, "cannot start zlib");
        return IMAGECODECS_ERROR;
    }
    stream.next_in = (Bytef *)bytes;
    uint8_t chunk[65536];
    size_t remaining = length;
    for (;;) {
        if (stream.avail_in == 0 && remaining > 0) {
            // avail_in is 32 bits: a larger input goes in pieces.
            uInt piece = remaining > 0x40000000u ? 0x40000000u : (uInt)remaining;
            stream.avail_in = piece;
            remaining -= piece;
        }
        stream.next_out = chunk;
        stream.avail_out = sizeof chunk;
        int status = inflate(&stream, Z_NO_FLUSH);
        if (status == Z_BUF_ERROR && stream.avail_in == 0 && remaining == 0) {
            // No input left and the stream has not ended.
            imagecodecs_set_message(message, "the gzip data ends early");
            inflateEnd(&stream);
            return IMAGECODECS_ERROR;
        }
        if (status != Z_OK && status != Z_STREAM_END) {
            imagecodecs_set_message(message, stream.msg ? stream.msg : "corrupt gzip data");
            inflateEnd(&stream);
            return IMAGECODECS_ERROR;
        }
        size_t produced = sizeof chunk - stream.avail_out;
        if (out->size + produced > max_size) {
            inflateEnd(&stream);
            return IMAGECODECS_TOO_LARGE;
        }
        if (produced > 0 && !imagecodecs_buffer_append(out, chunk, produced)) {
            imagecodecs_set_message(message, "out of memory");
            inflateEnd(&stream);
            return IMAGECODECS_ERROR;
        }
        if (status == Z_STREAM_END) break;
    }
    inflateEnd(&stream);
    return IMAGECODECS_OK;
}
