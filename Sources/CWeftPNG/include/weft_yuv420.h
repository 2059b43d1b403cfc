#ifndef WEFT_YUV420_H
#define WEFT_YUV420_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Flags for `weft_yuv420`.
enum {
    /// Use the portable C code even where the CPU has AVX2 (the output is byte-identical).
    WEFT_YUV420_PORTABLE = 1,
};

/// Converts cairo ARGB32 pixels (premultiplied, native-endian words, `stride` bytes a row) to
/// planar yuv420p, BT.709 limited range: `y` gets `width` × `height` bytes (rows `width` apart),
/// `cb` and `cr` (`width` / 2) × (`height` / 2) each, every chroma sample the mean of its 2×2
/// pixels. Alpha is dropped: the premultiplied colour is the frame over black. `width` and
/// `height` must be even. Integer arithmetic with 16-bit coefficients, rounded to nearest:
///
///     Y  = (11966 R + 40254 G + 4064 B + (16 << 16) + (1 << 15)) >> 16
///     Cb = (−6596 r − 22188 g + 28784 b + (128 << 18) + (1 << 17)) >> 18
///     Cr = (28784 r − 26145 g − 2639 b + (128 << 18) + (1 << 17)) >> 18
///
/// where r, g, b are the sums of the four pixels' channels; so the same pixels give the same
/// bytes on every machine, with or without AVX2. Thread-safe: reads `argb`, writes the planes.
void weft_yuv420(const uint8_t *argb, size_t stride, size_t width, size_t height, uint8_t *y, uint8_t *cb, uint8_t *cr, int flags);

/// `weft_yuv420` with each row's pixels where `rows` says: `rows[r]` holds row r's `width`
/// pixels (r from 0 to `height` − 1), so rows may come from different images. The same bytes as
/// `weft_yuv420` on the same pixels. Thread-safe: reads the rows, writes the planes.
void weft_yuv420_rows(const uint8_t *const *rows, size_t width, size_t height, uint8_t *y, uint8_t *cb, uint8_t *cr, int flags);

/// True when this CPU runs the AVX2 conversion.
int weft_yuv420_has_avx2(void);

#ifdef __cplusplus
}
#endif

#endif
