#ifndef WEFT_ARGB_H
#define WEFT_ARGB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// True when every one of `width` × `height` cairo ARGB32 pixels (`stride` bytes a row) has
/// alpha 255; true for an image with no pixels. Thread-safe: only reads.
int weft_argb_is_opaque(const uint8_t *pixels, size_t stride, size_t width, size_t height);

/// What writing the pixels as a PNG file (`weft_png_encode_libdeflate`, `weft_png_encode`) and
/// reading it back with cairo's reader does to them: each pixel un-premultiplied by cairo's rule
/// (`weft_unpremultiply_rgba`), then premultiplied again as cairo's reader does (alpha 0 gives a
/// zero pixel; otherwise each colour c becomes t = a × c + 128, (t + (t >> 8)) >> 8, unless
/// a = 255). `width` pixels of each of `height` rows go from `source` (`source_stride` bytes a
/// row) to `target` (`target_stride`); the two may be the same buffer with the same stride.
/// Opaque pixels come out unchanged. Thread-safe: reads `source`, writes `target`.
void weft_argb_png_round_trip(const uint8_t *source, size_t source_stride, uint8_t *target, size_t target_stride, size_t width,
                              size_t height);

#ifdef __cplusplus
}
#endif

#endif
