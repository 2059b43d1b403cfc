// Whole-image passes over cairo ARGB32 pixels that Swift asks of every snapshot: whether an image
// is opaque (which picks RGB or RGBA for its PNG) and what a PNG round trip does to it (what a
// golden comparison compares). In C so that a debug build runs them at a release build's speed.

#include "weft_argb.h"

#include "png_internal.h"
#include "weft_unpremultiply.h"

static int row_is_opaque(const uint8_t *row, size_t from, size_t width) {
    uint32_t all = 0xFFFFFFFFu;
    for (size_t x = from; x < width; x++) all &= load32(row + 4 * x);
    return all >> 24 == 0xFF;
}

#if WEFT_X86
// In vector extensions, not intrinsics, so that it stays fast at -O0 (see png_internal.h).
__attribute__((target("avx2"))) static int row_is_opaque_avx2(const uint8_t *row, size_t width) {
    weft_u32x8 all = ~(weft_u32x8){0};
    size_t x = 0;
    for (; x + 8 <= width; x += 8) all &= (weft_u32x8)WEFT_LOAD_U8X32(row + 4 * x);
    return weft_all_opaque_u32x8(all) && row_is_opaque(row, x, width);
}
#endif

int weft_argb_is_opaque(const uint8_t *pixels, size_t stride, size_t width, size_t height) {
    if (width == 0 || height == 0) return 1;
#if WEFT_X86
    int avx2 = weft_cpu_has_avx2();
#endif
    for (size_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + y * stride;
#if WEFT_X86
        if (avx2) {
            if (!row_is_opaque_avx2(row, width)) return 0;
            continue;
        }
#endif
        if (!row_is_opaque(row, 0, width)) return 0;
    }
    return 1;
}

// cairo's reader (cairo-png.c, `multiply_alpha`).
static inline uint32_t multiply_alpha(uint32_t alpha, uint32_t color) {
    uint32_t t = alpha * color + 0x80;
    return (t + (t >> 8)) >> 8;
}

void weft_argb_png_round_trip(const uint8_t *source, size_t source_stride, uint8_t *target, size_t target_stride, size_t width,
                              size_t height) {
    const uint8_t *table = weft_unpremultiply_table();
    for (size_t y = 0; y < height; y++) {
        const uint8_t *in = source + y * source_stride;
        uint8_t *out = target + y * target_stride;
        for (size_t x = 0; x < width; x++) {
            uint32_t v = load32(in + 4 * x);
            uint32_t a = v >> 24;
            if (a != 0xFF) {
                if (a == 0) {
                    v = 0;
                } else {
                    const uint8_t *straight = table + (a << 8);
                    uint32_t r = multiply_alpha(a, straight[(v >> 16) & 0xFF]);
                    uint32_t g = multiply_alpha(a, straight[(v >> 8) & 0xFF]);
                    uint32_t b = multiply_alpha(a, straight[v & 0xFF]);
                    v = a << 24 | r << 16 | g << 8 | b;
                }
            }
            memcpy(out + 4 * x, &v, 4);
        }
    }
}
