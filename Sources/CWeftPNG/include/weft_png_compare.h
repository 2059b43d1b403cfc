#ifndef WEFT_PNG_COMPARE_H
#define WEFT_PNG_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when the PNG file `png` (`size` bytes) holds exactly the pixels of the cairo ARGB32 bitmap
/// `pixels` (`width` × `height`, `stride` bytes a row) as `PNGEncoder()` writes them: the same size,
/// and every row's filtered bytes equal to the bitmap's row filtered the way the file's row is.
/// Decided without decoding the file to pixels: its data is inflated and compared row by row.
/// 0 when they differ, and also when the file is in a form this does not read (palette, grey,
/// 16 bits, interlaced, a filter other than None or Sub, a chunk that could change the pixels
/// such as gAMA or tRNS) or is damaged (a CRC, the zlib stream): the caller decodes it then.
int weft_png_holds_argb(const uint8_t *png, size_t size, const uint8_t *pixels, size_t width, size_t height, size_t stride);

#ifdef __cplusplus
}
#endif

#endif
