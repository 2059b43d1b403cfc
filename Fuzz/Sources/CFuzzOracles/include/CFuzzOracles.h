// Reference decoders for the fuzz targets' pixel oracles: libpng and TurboJPEG called directly,
// not through Weft.
#ifndef CFUZZORACLES_H
#define CFUZZORACLES_H
#include <stddef.h>
#include <stdint.h>
#include <turbojpeg.h>

/// Decodes `size` bytes of PNG with libpng, transformed as cairo 1.16's reader (Weft's PNG
/// decoder) transforms them: palette and grey expanded to RGB, tRNS to alpha, 16 bits stripped to
/// 8, interlacing undone, opaque pixels given alpha 255. Returns width × height × 4 bytes of RGBA,
/// not premultiplied (free() them), or NULL when libpng fails or the image has more than
/// `max_pixels` pixels. Warnings are ignored (cairo fails on some; the targets compare only what
/// both decoders decode).
uint8_t *oracle_png_decode_rgba(const uint8_t *data, size_t size, size_t max_pixels, uint32_t *width, uint32_t *height);

#endif
