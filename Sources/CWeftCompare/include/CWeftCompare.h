#ifndef CWEFT_COMPARE_H
#define CWEFT_COMPARE_H

// Golden comparison over cairo ARGB32 pixels (premultiplied, native-endian words): the counts,
// the colour distance, the mask of differing pixels, the difference image's marks and the
// attribution of differing pixels to nodes' frames. WeftTesting's `GoldenComparison` calls it for
// `expectGolden` and for swift-snapshot-testing's strategies alike. In C so that a debug build,
// where tests usually run, compares at a release build's speed.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What `weft_compare` found.
typedef struct {
    /// Pixels that differ beyond the tolerance.
    size_t differing;
    /// The largest CIE94 ΔE between two pixels that are not equal (0 when all are).
    double largest_delta_e;
} weft_comparison;

/// Compares `width` × `height` pixels of `expected` and `actual` (`expected_stride` and
/// `actual_stride` bytes a row). A pair of unequal pixels counts as differing when `exact` is
/// nonzero, else when their ΔE (`weft_delta_e94`) is more than `maximum_delta_e`. When `mask` is
/// not NULL it gets `width` × `height` bytes, row after row: 1 for a differing pixel, else 0.
/// Thread-safe: reads the pixels, writes `mask` and `result`.
void weft_compare(const uint8_t *expected, size_t expected_stride, const uint8_t *actual, size_t actual_stride, size_t width,
                  size_t height, int exact, double maximum_delta_e, uint8_t *mask, weft_comparison *result);

/// The CIE 1994 colour distance (graphic arts weights) between two premultiplied ARGB32 pixels,
/// each composited over white and taken to Lab (D65), or the alpha difference on a 0–100 scale
/// when that is larger. Deterministic: the same doubles on every run and thread.
double weft_delta_e94(uint32_t a, uint32_t b);

/// Sets every pixel whose `mask` byte is nonzero to `color` (a premultiplied ARGB32 word) in
/// `pixels` (`stride` bytes a row, `width` × `height`). Thread-safe for distinct `pixels`.
void weft_compare_mark(uint8_t *pixels, size_t stride, const uint8_t *mask, size_t width, size_t height, uint32_t color);

/// Counts the differing pixels of `mask` (as `weft_compare` writes it) by region: a pixel at
/// (x, y) belongs to the last of `count` regions whose rectangle holds its centre ((x + 0.5) /
/// `scale`, (y + 0.5) / `scale`), a rectangle holding the points with min_x ≤ px < max_x and
/// min_y ≤ py < max_y; `rects` gives each region's min_x, min_y, max_x, max_y, in that order.
/// `counts` gets `count` + 1 numbers: each region's, then the pixels no region holds. Returns 0,
/// or −1 when its row buffer could not be allocated (then `counts` is all zeros).
/// Thread-safe: reads `mask` and `rects`, writes `counts`.
int weft_compare_attribute(const uint8_t *mask, size_t width, size_t height, double scale, const double *rects, size_t count,
                           size_t *counts);

#ifdef __cplusplus
}
#endif

#endif
