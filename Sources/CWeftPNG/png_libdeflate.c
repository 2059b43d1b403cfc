// PNGEncoder's `.deflate` method: every row filtered one way (None or Sub), the whole image
// compressed by libdeflate. The rows are made here rather than in Swift so that a debug build,
// which compiles Swift's generic collection code unspecialised, encodes a snapshot as fast as a
// release build: C at -O0 over plain pointers (and AVX2 intrinsics, one instruction each even
// unoptimised) stays within a small factor of -O2.

#include "weft_png_libdeflate.h"

#include "png_internal.h"
#include "weft_unpremultiply.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

// Slack after the filtered rows: the AVX2 row writer stores 32 bytes where 24 are the row's.
#define SLACK 32

// ---------------------------------------------------------------------------------------------
// Opaque rows: R, G, B from cairo's words; Sub subtracts the previous pixel's bytes, which is
// the words' bytes subtracted, then reordered.

// Returns 1 when every pixel of the row is opaque (else the bytes are not an RGB image's).
static int rgb_row(const uint8_t *row, size_t from, size_t width, int sub, uint8_t *out) {
    uint32_t previous = from > 0 && sub ? load32(row + 4 * (from - 1)) : 0;
    uint32_t all = 0xFFFFFFFFu;
    for (size_t x = from; x < width; x++) {
        uint32_t v = load32(row + 4 * x);
        all &= v;
        out[3 * x] = (uint8_t)((v >> 16) - (previous >> 16));
        out[3 * x + 1] = (uint8_t)((v >> 8) - (previous >> 8));
        out[3 * x + 2] = (uint8_t)(v - previous);
        if (sub) previous = v;
    }
    return all >> 24 == 0xFF;
}

#if WEFT_X86
// Eight pixels a step: the words less their left neighbours' (Sub) in bytes, then their B, G, R
// reordered to R, G, B in the low 24 bytes, stored as 32 (the last 8 overwritten by the next
// store, or falling in the slack after the last row). The words are ANDed on the way, for the
// opacity check. Written with clang's vector extensions rather than intrinsics: unoptimised (a
// debug build compiles C at -O0), each intrinsic's wrapper moves its operands through the stack,
// and the same loop took 30 times as long; vector operations stay single instructions.
__attribute__((target("avx2"))) static int rgb_row_avx2(const uint8_t *row, size_t width, int sub, uint8_t *out) {
    weft_u32x8 all = ~(weft_u32x8){0};
    int opaque = 1;
    size_t x = 0;
    if (sub && width > 0) {
        opaque = rgb_row(row, 0, 1, sub, out);
        x = 1;
    }
    for (; x + 8 <= width; x += 8) {
        weft_u8x32 v = WEFT_LOAD_U8X32(row + 4 * x);
        all &= (weft_u32x8)v;
        if (sub) v -= WEFT_LOAD_U8X32(row + 4 * x - 4);
        weft_u8x32 rgb = __builtin_shufflevector(v, v, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, 18, 17, 16, 22, 21, 20, 26, 25, 24, 30, 29,
                                                 28, 0, 0, 0, 0, 0, 0, 0, 0);
        WEFT_STORE_U8X32(out + 3 * x, rgb);
    }
    opaque &= rgb_row(row, x, width, sub, out);
    return opaque && weft_all_opaque_u32x8(all);
}
#endif

// ---------------------------------------------------------------------------------------------
// Translucent rows: un-premultiplied into `scratch` (4 zero bytes before it: the first pixel's
// left neighbour), then copied or Sub-filtered from there.

static void rgba_sub_tail(const uint8_t *scratch, size_t from, size_t n, uint8_t *out) {
    // A signed index: for the first pixel `i - 4` reaches the zero bytes before `scratch`, and
    // an unsigned one would wrap (undefined for a pointer, even though the address comes out right).
    for (size_t i = from; i < n; i++) out[i] = (uint8_t)(scratch[i] - scratch[(ptrdiff_t)i - 4]);
}

#if WEFT_X86
__attribute__((target("avx2"))) static void rgba_sub_avx2(const uint8_t *scratch, size_t n, uint8_t *out) {
    size_t i = 0;
    for (; i + 32 <= n; i += 32) WEFT_STORE_U8X32(out + i, WEFT_LOAD_U8X32(scratch + i) - WEFT_LOAD_U8X32(scratch + i - 4));
    rgba_sub_tail(scratch, i, n, out);
}
#endif

static void rgba_row(const uint8_t *row, size_t width, int sub, uint8_t *scratch, uint8_t *out, int avx2) {
    size_t n = width * 4;
    if (!sub) {
        weft_unpremultiply_rgba(row, out, width);
        return;
    }
    weft_unpremultiply_rgba(row, scratch, width);
#if WEFT_X86
    if (avx2) {
        rgba_sub_avx2(scratch, n, out);
        return;
    }
#endif
    (void)avx2;
    rgba_sub_tail(scratch, 0, n, out);
}

// ---------------------------------------------------------------------------------------------

int weft_png_deflate_row(const uint8_t *row, size_t width, int sub, int opaque, uint8_t *scratch, uint8_t *out, int avx2) {
    if (!opaque) {
        rgba_row(row, width, sub, scratch, out, avx2);
        return 1;
    }
#if WEFT_X86
    if (avx2) return rgb_row_avx2(row, width, sub, out);
#endif
    (void)avx2;
    return rgb_row(row, 0, width, sub, out);
}

// The filtered rows in a buffer from malloc (`*raw`, `*count` bytes): RGB when `opaque`, else RGBA.
// For RGB, `*raw` is left NULL (and OK returned) when a pixel turns out not to be opaque.
static int make_rows(const uint8_t *pixels, size_t width, size_t height, size_t stride, int filter, int opaque, uint8_t **raw,
                     size_t *count) {
    *raw = NULL;
    size_t channels = opaque ? 3 : 4;
    size_t row_bytes, raw_count;
    if (__builtin_mul_overflow(width, channels, &row_bytes) || __builtin_add_overflow(row_bytes, (size_t)1, &row_bytes) ||
        __builtin_mul_overflow(row_bytes, height, &raw_count) || raw_count > 0x7FFF0000u) {
        return WEFT_PNG_LIBDEFLATE_NO_MEMORY;
    }
    uint8_t *rows = malloc(raw_count + SLACK);
    uint8_t *scratch = opaque ? NULL : calloc(1, width * 4 + 4 + SLACK);
    if (!rows || (!opaque && !scratch)) {
        free(rows);
        free(scratch);
        return WEFT_PNG_LIBDEFLATE_NO_MEMORY;
    }
    int sub = filter == 1;
    int avx2 = weft_cpu_has_avx2();
    for (size_t y = 0; y < height; y++) {
        // No pixels at all when the width is 0: then only the filter bytes are written.
        const uint8_t *row = width > 0 ? pixels + y * stride : pixels;
        uint8_t *out = rows + y * row_bytes;
        out[0] = (uint8_t)filter;
        if (!weft_png_deflate_row(row, width, sub, opaque, opaque ? NULL : scratch + 4, out + 1, avx2)) {
            free(rows);
            return WEFT_PNG_LIBDEFLATE_OK;
        }
    }
    free(scratch);
    *raw = rows;
    *count = raw_count;
    return WEFT_PNG_LIBDEFLATE_OK;
}

int weft_png_encode_libdeflate(const uint8_t *pixels, size_t size, size_t width, size_t height, size_t stride, int level, int filter,
                               uint8_t **png, size_t *count) {
    *png = NULL;
    *count = 0;
    size_t row_pixels;
    if (width > 0 && height > 0) {
        if (__builtin_mul_overflow(width, (size_t)4, &row_pixels) || stride < row_pixels || !pixels || size < row_pixels ||
            (height - 1) > (size - row_pixels) / stride) {
            return WEFT_PNG_LIBDEFLATE_BAD_BUFFER;
        }
    }
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    if (!compressor) return WEFT_PNG_LIBDEFLATE_NO_MEMORY;
    // RGB rows first, checking opacity on the way (no separate pass over the pixels); at the
    // first pixel that is not opaque, the rows are made again as RGBA.
    uint8_t *raw = NULL;
    size_t raw_count = 0;
    int opaque = 1;
    for (int attempt = 0; attempt < 2; attempt++) {
        int status = make_rows(pixels, width, height, stride, filter, opaque, &raw, &raw_count);
        if (status != WEFT_PNG_LIBDEFLATE_OK) {
            libdeflate_free_compressor(compressor);
            return status;
        }
        if (raw) break;
        opaque = 0;
    }

    // Signature, IHDR (25), sRGB (13), the IDAT chunk's framing (12), IEND (12).
    size_t bound = libdeflate_zlib_compress_bound(compressor, raw_count);
    uint8_t *file = malloc(8 + 25 + 13 + 12 + bound + 12);
    if (!file) {
        free(raw);
        libdeflate_free_compressor(compressor);
        return WEFT_PNG_LIBDEFLATE_NO_MEMORY;
    }
    static const uint8_t signature[8] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A};
    memcpy(file, signature, 8);
    uint8_t *p = file + 8;
    uint8_t *data = put32(put32(p + 8, (uint32_t)width), (uint32_t)height);
    // 8 bits, RGB or RGBA, deflate, adaptive filters, no interlace.
    const uint8_t header[5] = {8, opaque ? 2 : 6, 0, 0, 0};
    memcpy(data, header, 5);
    p = finish_chunk(p, "IHDR", 13);
    p[8] = 0;  // sRGB, perceptual intent
    p = finish_chunk(p, "sRGB", 1);
    size_t written = libdeflate_zlib_compress(compressor, raw, raw_count, p + 8, bound);
    free(raw);
    libdeflate_free_compressor(compressor);
    p = finish_chunk(p, "IDAT", written);
    p = finish_chunk(p, "IEND", 0);
    *png = file;
    *count = (size_t)(p - file);
    return WEFT_PNG_LIBDEFLATE_OK;
}
