#ifndef WEFT_PNG_INTERNAL_H
#define WEFT_PNG_INTERNAL_H

// What the single-pass encoder's files share. Not part of the module's interface.

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define WEFT_X86 1
#endif

static inline uint32_t load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint64_t load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

// png_rows.c: cairo ARGB32 rows to PNG bytes, and the three filters.

/// cairo's un-premultiply rule, (c × 255 + a / 2) / a, indexed by a << 8 | c; 0 for a = 0.
extern uint8_t weft_png_unpremultiply[256 * 256];
void weft_png_make_unpremultiply_table(void);
/// One row as RGB; returns 1 when every pixel of it is opaque.
int weft_png_convert_rgb(const uint8_t *src, uint8_t *dst, size_t width);
/// One row as un-premultiplied RGBA; returns 1.
int weft_png_convert_rgba(const uint8_t *src, uint8_t *dst, size_t width);
/// `cur` filtered against `prev` (each with `bpp` zero bytes before it, in the same buffer: the first
/// pixel's left neighbours) as Sub, Up and Paeth, with each version's cost (the sum of its bytes
/// read as signed magnitudes).
void weft_png_filter(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                     uint64_t cost[3]);
#if WEFT_X86
int weft_png_convert_rgb_avx2(const uint8_t *src, uint8_t *dst, size_t width);
void weft_png_filter_avx2(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                          uint64_t cost[3]);
#endif

// png_huffman.c

/// Code lengths of at most `limit` bits for `count` symbols (count ≤ 320).
void weft_png_huffman_lengths(const uint32_t *weights, int count, int limit, uint8_t *lengths);
/// Canonical codes for `lengths`, bit-reversed for deflate's bit order.
void weft_png_canonical_codes(const uint8_t *lengths, int count, uint32_t *codes);

#endif
