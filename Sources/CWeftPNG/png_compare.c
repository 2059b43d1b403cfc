// A passing snapshot comparison without decoding the reference. Decoding a 1170×2532 px reference
// (libpng and zlib, then premultiplying) cost more than rendering the snapshot in a debug build;
// inflating its data with libdeflate and filtering the rendering's rows as the file's rows were
// filtered (the encoder's own row code) decides equality for a fraction of that. Anything this
// does not read answers 0, and the caller decodes as before.

#include "weft_png_compare.h"

#include "png_internal.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

#define SLACK 32

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

// Chunks that leave cairo's reading of the pixels as it is. Any other (gAMA, cHRM, iCCP, tRNS,
// PLTE, sBIT, unknown ones) sends the file to the decoder.
static int chunk_is_harmless(const uint8_t *type) {
    static const char *const names[] = {"sRGB", "pHYs", "tEXt", "zTXt", "iTXt", "tIME"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (memcmp(type, names[i], 4) == 0) return 1;
    }
    return 0;
}

// The file's IDAT data, in place when it is one chunk, else joined into `*joined` (freed by the
// caller). NULL when the file's structure is not one this reads.
static const uint8_t *image_data(const uint8_t *png, size_t size, size_t width, size_t height, int *opaque, size_t *length,
                                 uint8_t **joined) {
    static const uint8_t signature[8] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A};
    *joined = NULL;
    if (size < 8 || memcmp(png, signature, 8) != 0) return NULL;
    const uint8_t *first = NULL;
    size_t total = 0, chunks = 0;
    int header = 0, end = 0;
    // Two passes: the first checks every chunk and sums the data, the second joins it if needed.
    for (size_t offset = 8; offset < size && !end;) {
        if (size - offset < 12) return NULL;
        size_t count = be32(png + offset);
        const uint8_t *type = png + offset + 4;
        if (count > size - offset - 12) return NULL;
        if (libdeflate_crc32(0, type, 4 + count) != be32(type + 4 + count)) return NULL;
        const uint8_t *data = type + 4;
        if (!header) {
            if (memcmp(type, "IHDR", 4) != 0 || count != 13) return NULL;
            if (be32(data) != width || be32(data + 4) != height || data[8] != 8) return NULL;
            if ((data[9] != 2 && data[9] != 6) || data[10] != 0 || data[11] != 0 || data[12] != 0) return NULL;
            *opaque = data[9] == 2;
            header = 1;
        } else if (memcmp(type, "IDAT", 4) == 0) {
            if (!first) first = data;
            if (__builtin_add_overflow(total, count, &total)) return NULL;
            chunks++;
        } else if (memcmp(type, "IEND", 4) == 0) {
            end = 1;
        } else if (!chunk_is_harmless(type)) {
            return NULL;
        }
        offset += 12 + count;
    }
    if (!end || chunks == 0) return NULL;
    *length = total;
    if (chunks == 1) return first;
    uint8_t *buffer = malloc(total);
    if (!buffer) return NULL;
    size_t at = 0;
    for (size_t offset = 8; at < total;) {
        size_t count = be32(png + offset);
        if (memcmp(png + offset + 4, "IDAT", 4) == 0) {
            memcpy(buffer + at, png + offset + 8, count);
            at += count;
        }
        offset += 12 + count;
    }
    *joined = buffer;
    return buffer;
}

int weft_png_holds_argb(const uint8_t *png, size_t size, const uint8_t *pixels, size_t width, size_t height, size_t stride) {
    if (!png || !pixels || width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu || stride / 4 < width) return 0;
    int opaque = 0;
    size_t length = 0;
    uint8_t *joined = NULL;
    const uint8_t *data = image_data(png, size, width, height, &opaque, &length, &joined);
    if (!data) return 0;
    size_t channels = opaque ? 3 : 4;
    size_t row_bytes = width * channels + 1, raw_count;
    uint8_t *raw = NULL, *row = NULL, *scratch = NULL;
    struct libdeflate_decompressor *inflater = NULL;
    int same = 0;
    if (__builtin_mul_overflow(row_bytes, height, &raw_count)) goto done;
    raw = malloc(raw_count);
    row = malloc(row_bytes + SLACK);
    scratch = opaque ? NULL : calloc(1, width * 4 + 4 + SLACK);
    inflater = libdeflate_alloc_decompressor();
    if (!raw || !row || (!opaque && !scratch) || !inflater) goto done;
    size_t inflated = 0;
    if (libdeflate_zlib_decompress(inflater, data, length, raw, raw_count, &inflated) != LIBDEFLATE_SUCCESS || inflated != raw_count) {
        goto done;
    }
    int avx2 = weft_cpu_has_avx2();
    for (size_t y = 0; y < height; y++) {
        const uint8_t *expected = raw + y * row_bytes;
        if (expected[0] > 1) goto done;
        if (!weft_png_deflate_row(pixels + y * stride, width, expected[0] == 1, opaque, opaque ? NULL : scratch + 4, row, avx2)) goto done;
        if (memcmp(row, expected + 1, row_bytes - 1) != 0) goto done;
    }
    same = 1;
done:
    if (inflater) libdeflate_free_decompressor(inflater);
    free(scratch);
    free(row);
    free(raw);
    free(joined);
    return same;
}
