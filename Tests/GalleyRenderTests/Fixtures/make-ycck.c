// Writes a 48x32 YCCK JPEG (Adobe APP14, transform 2, inverted CMYK as Adobe stores it):
// four ink patches on top, a black ramp below. Pillow cannot write YCCK, so this file is
// made once with libjpeg: cc make-ycck.c -ljpeg -o make-ycck && ./make-ycck > ycck.jpg
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

int main(void) {
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr errors;
    info.err = jpeg_std_error(&errors);
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, stdout);
    info.image_width = 48;
    info.image_height = 32;
    info.input_components = 4;
    info.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&info);
    jpeg_set_colorspace(&info, JCS_YCCK);  // writes the Adobe marker with transform 2
    jpeg_set_quality(&info, 95, TRUE);
    jpeg_start_compress(&info, TRUE);
    unsigned char row[48 * 4];
    for (int y = 0; y < 32; y++) {
        for (int x = 0; x < 48; x++) {
            int c = 0, m = 0, ye = 0, k = 0;  // ink, 0...255
            if (y < 16) {
                switch (x / 12) {
                case 0: c = 255; break;
                case 1: m = 255; break;
                case 2: ye = 255; break;
                default: c = 128; m = 64; k = 40; break;
                }
            } else {
                k = x * 255 / 47;
                c = 60;
            }
            // Adobe's convention: stored value = 255 - ink.
            row[4 * x] = 255 - c;
            row[4 * x + 1] = 255 - m;
            row[4 * x + 2] = 255 - ye;
            row[4 * x + 3] = 255 - k;
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}
