#ifndef WEFT_PNG_LIBDEFLATE_H
#define WEFT_PNG_LIBDEFLATE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Results of `weft_png_encode_libdeflate`.
enum {
    WEFT_PNG_LIBDEFLATE_OK = 0,
    /// `stride` is less than width × 4 bytes, or `size` less than (height − 1) × stride + width × 4.
    WEFT_PNG_LIBDEFLATE_BAD_BUFFER = 1,
    /// The file's buffer or libdeflate's compressor could not be allocated, or the image is too
    /// large for one IDAT chunk.
    WEFT_PNG_LIBDEFLATE_NO_MEMORY = 2,
};

/// `PNGEncoder`'s `.deflate` method, whole: cairo ARGB32 pixels (premultiplied, native-endian
/// words, `stride` bytes a row, `size` bytes in all) as a PNG file whose rows all use `filter`
/// (0 None, 1 Sub), compressed in one zlib stream by libdeflate at `level` (0 to 12). Fully opaque
/// images are written as RGB (opacity checked during the row pass, not before it), others as RGBA
/// un-premultiplied by cairo's rule (`weft_unpremultiply_rgba`). Chunks: IHDR, sRGB (perceptual), one IDAT, IEND. An image
/// with no pixels gives the same chunks with an empty image's zlib stream.
///
/// On success `*png` is a buffer of `*count` bytes from malloc, which the caller frees.
/// Thread-safe: every call has its own compressor and buffers.
int weft_png_encode_libdeflate(const uint8_t *pixels, size_t size, size_t width, size_t height, size_t stride, int level, int filter,
                               uint8_t **png, size_t *count);

#ifdef __cplusplus
}
#endif

#endif
