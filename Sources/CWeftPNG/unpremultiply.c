// cairo's un-premultiply rule (weft_unpremultiply.h): the table and the row conversion that the
// single-pass encoder's RGBA rows, the libdeflate path and raw RGBA frames all go through, so the
// three cannot drift apart.

#include "weft_unpremultiply.h"

#include "png_internal.h"

#include <pthread.h>

// Written once under `table_once`, read-only after: pthread_once orders the writes before every
// reader that passed through it.
static uint8_t table[256 * 256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void make_table(void) {
    for (int a = 1; a < 256; a++) {
        for (int c = 0; c < 256; c++) table[a << 8 | c] = c > a ? 255 : (uint8_t)((c * 255 + a / 2) / a);
    }
}

const uint8_t *weft_unpremultiply_table(void) {
    pthread_once(&table_once, make_table);
    return table;
}

// Pixels `from` to `width`, one at a time through the table.
static inline void unpremultiply_tail(const uint8_t *t, const uint8_t *argb, uint8_t *rgba, size_t from, size_t width) {
    for (size_t x = from; x < width; x++) {
        uint32_t v = load32(argb + 4 * x);
        uint32_t a = v >> 24, r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF;
        if (a != 0xFF) {
            const uint8_t *row = t + (a << 8);
            r = row[r];
            g = row[g];
            b = row[b];
        }
        rgba[4 * x] = (uint8_t)r;
        rgba[4 * x + 1] = (uint8_t)g;
        rgba[4 * x + 2] = (uint8_t)b;
        rgba[4 * x + 3] = (uint8_t)a;
    }
}

#if WEFT_X86
// Eight pixels at a time: a block whose alpha bytes are all 255 needs only its bytes reordered
// (B, G, R, A to R, G, B, A on this little-endian CPU); any other block goes through the table.
// UI frames are mostly opaque even where some pixels are not, so most blocks take the shuffle.
// In vector extensions, not intrinsics, so that it stays fast at -O0 (see png_internal.h).
__attribute__((target("avx2"))) void weft_unpremultiply_avx2(const uint8_t *argb, uint8_t *rgba, size_t width) {
    const uint8_t *t = weft_unpremultiply_table();
    size_t x = 0;
    for (; x + 8 <= width; x += 8) {
        weft_u8x32 v = WEFT_LOAD_U8X32(argb + 4 * x);
        if (weft_all_opaque_u32x8((weft_u32x8)v)) {
            WEFT_STORE_U8X32(rgba + 4 * x, __builtin_shufflevector(v, v, 2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15, 18, 17, 16, 19,
                                                                   22, 21, 20, 23, 26, 25, 24, 27, 30, 29, 28, 31));
        } else {
            unpremultiply_tail(t, argb, rgba, x, x + 8);
        }
    }
    unpremultiply_tail(t, argb, rgba, x, width);
}
#endif

void weft_unpremultiply_portable(const uint8_t *argb, uint8_t *rgba, size_t width) {
    unpremultiply_tail(weft_unpremultiply_table(), argb, rgba, 0, width);
}

void weft_unpremultiply_rgba(const uint8_t *argb, uint8_t *rgba, size_t width) {
#if WEFT_X86
    if (weft_cpu_has_avx2()) {
        weft_unpremultiply_avx2(argb, rgba, width);
        return;
    }
#endif
    weft_unpremultiply_portable(argb, rgba, width);
}
