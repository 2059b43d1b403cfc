// libpng's decode of a PNG, transformed as cairo 1.16's read_png transforms it (see the header).
// libpng reports errors by longjmp, which must stay in C: nothing here calls back into Swift.

#include "CFuzzOracles.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size, offset;
} reader_t;

static void read_bytes(png_structp png, png_bytep out, size_t length) {
    reader_t *reader = png_get_io_ptr(png);
    if (length > reader->size - reader->offset) png_error(png, "read past the end");
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

static void ignore_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

uint8_t *oracle_png_decode_rgba(const uint8_t *data, size_t size, size_t max_pixels, uint32_t *width, uint32_t *height) {
    reader_t reader = {data, size, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, ignore_warning);
    if (!png) return NULL;
    png_infop info = png_create_info_struct(png);
    // Set before a longjmp can land, read after: volatile, so the jump does not lose them.
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        free(pixels);
        free(rows);
        return NULL;
    }
    png_set_read_fn(png, &reader, read_bytes);
    png_read_info(png, info);
    png_uint_32 w, h;
    int depth, colour, interlace;
    png_get_IHDR(png, info, &w, &h, &depth, &colour, &interlace, NULL, NULL);
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colour == PNG_COLOR_TYPE_GRAY) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_strip_16(png);
    if (depth < 8) png_set_packing(png);
    if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (interlace != PNG_INTERLACE_NONE) png_set_interlace_handling(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    png_get_IHDR(png, info, &w, &h, &depth, &colour, &interlace, NULL, NULL);
    if (depth != 8 || (colour != PNG_COLOR_TYPE_RGB && colour != PNG_COLOR_TYPE_RGB_ALPHA) || w == 0 || h == 0 ||
        (size_t)w > max_pixels / h) {
        png_error(png, "not an 8-bit RGB(A) result, or too large");
    }
    pixels = malloc((size_t)w * h * 4);
    rows = malloc(sizeof(png_bytep) * h);
    if (!pixels || !rows) png_error(png, "no memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *width = w;
    *height = h;
    return pixels;
}
