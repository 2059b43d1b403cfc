#ifndef WEFT_UNPREMULTIPLY_H
#define WEFT_UNPREMULTIPLY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// cairo's un-premultiply rule, the one place Weft implements it: each colour c of a pixel with
/// alpha a becomes 0 when a = 0, 255 when c > a, c when a = 255, else (c × 255 + a / 2) / a in
/// integer arithmetic (cairo's `unpremultiply_data`, libpng's reading of what cairo writes).
///
/// `weft_unpremultiply_rgba` turns `width` cairo ARGB32 pixels (premultiplied, native-endian words,
/// at any alignment) into `width × 4` bytes R, G, B, A with straight alpha. `argb` and `rgba` may be
/// the same buffer (each pixel is read before it is written) but must not overlap otherwise.
/// Thread-safe; uses AVX2 for runs of opaque pixels where the CPU has it (same bytes).
void weft_unpremultiply_rgba(const uint8_t *argb, uint8_t *rgba, size_t width);

/// The rule as a table of 256 × 256 bytes indexed by a << 8 | c (row 0 all zeros), built once.
/// Thread-safe.
const uint8_t *weft_unpremultiply_table(void);

#ifdef __cplusplus
}
#endif

#endif
