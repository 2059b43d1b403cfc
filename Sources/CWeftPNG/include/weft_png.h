#ifndef WEFT_PNG_H
#define WEFT_PNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Results of `weft_png_encode`.
enum {
    WEFT_PNG_OK = 0,
    /// Width or height is 0.
    WEFT_PNG_BAD_SIZE = 1,
    /// The calling thread's buffers could not grow.
    WEFT_PNG_NO_MEMORY = 2,
    /// Width or height over 2^31 − 1 (PNG's limit), or an image whose worst-case file (15 bits for
    /// each of its height × (width × 4 + 1) filtered bytes) would not fit one IDAT chunk (2^31 − 1
    /// bytes); every size the encoder computes is checked, none wraps.
    WEFT_PNG_TOO_LARGE = 3,
    /// `stride` is less than width × 4 bytes.
    WEFT_PNG_BAD_STRIDE = 4,
    /// `size` is less than (height − 1) × stride + width × 4 bytes: the rows would pass the pixels' end.
    WEFT_PNG_SHORT_BUFFER = 5,
};

/// Flags for `weft_png_encode`.
enum {
    /// Use the portable C code even where the CPU has AVX2 (the output is byte-identical).
    WEFT_PNG_PORTABLE = 1,
    /// Write RGBA even when every pixel is opaque: an APNG's frames share one colour type, so a
    /// sequence that may hold transparent frames codes its opaque ones as RGBA too.
    WEFT_PNG_RGBA = 2,
};

/// Encodes cairo ARGB32 pixels (premultiplied, native-endian words, `stride` bytes a row, `size`
/// bytes in all) as a whole PNG file in one pass over the rows: each row filtered (Sub, Up or
/// Paeth, whichever looks cheapest), then Huffman-coded with tables fitted to a sample of the
/// frame's rows, runs of repeated pixels coded as deflate matches. Fully opaque images are written
/// as RGB, filtered straight from cairo's words (no conversion pass, no copy); others as RGBA
/// un-premultiplied by cairo's rule (weft_unpremultiply.h): each colour c of a pixel with alpha a
/// becomes 0 when a = 0, 255 when c > a, else (c × 255 + a / 2) / a in integer arithmetic. The
/// opacity check is part of the filter pass.
///
/// On success `*png` points at `*count` bytes in a buffer owned by the calling thread, valid
/// until that thread's next call (the buffer is reused, so no frame pays for fresh memory).
/// Thread-safe: each thread has its own buffers.
int weft_png_encode(const uint8_t *pixels, size_t size, size_t width, size_t height, size_t stride, int flags,
                    const uint8_t **png, size_t *count);

/// True when this CPU runs the AVX2 code.
int weft_png_has_avx2(void);

#ifdef __cplusplus
}
#endif

#endif
