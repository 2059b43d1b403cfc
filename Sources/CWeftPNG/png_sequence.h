#ifndef WEFT_PNG_SEQUENCE_INTERNAL_H
#define WEFT_PNG_SEQUENCE_INTERNAL_H

// What weft_png.c's pass over the rows and png_sequence.c's frames of a sequence share. Not part
// of the module's interface.

#include "weft_png_sequence.h"

#include "png_deflate.h"
#include "png_internal.h"

#define TABLE_LENGTHS (SYMBOLS + DISTANCE_SYMBOLS)

/// Where one row's coded bits lie in a frame's deflate stream (bits from the stream's first byte,
/// low bit first), and the Adler-32 of its filter byte and filtered bytes alone.
typedef struct {
    uint64_t bit;
    uint32_t bits;
    uint32_t adler;
} png_row_t;

struct weft_png_table {
    uint8_t lengths[TABLE_LENGTHS];
};

struct weft_png_coded {
    uint8_t *png;
    size_t count;
    // The offset in `png` of the deflate stream's first byte (after the zlib header).
    size_t stream;
    size_t width, height, bpp;
    uint8_t lengths[TABLE_LENGTHS];
    png_row_t *rows;
};

/// How weft_png.c's encode codes a frame of a sequence (NULL: a lone image, tables fitted to it).
typedef struct {
    // In: the code lengths (literal/length, then distance) to use; NULL fits them to the image and,
    // with `fit_only`, stops there, writing them to `fitted`.
    const uint8_t *lengths;
    int fit_only;
    uint8_t fitted[TABLE_LENGTHS];
    const weft_png_reference *reference;
    // In: where each row lies (NULL: `pixels` + y × `stride`).
    const uint8_t *const *pixel_rows;
    // Out: one entry per row (the caller's array of `height`), the rows copied, the bytes per
    // pixel written, and the offset of the deflate stream in the file.
    png_row_t *rows;
    size_t reused;
    size_t bpp;
    size_t stream;
} png_plan_t;

/// weft_png_encode with a plan (NULL: weft_png_encode itself).
int weft_png_encode_planned(const uint8_t *pixels, size_t size, size_t width, size_t height, size_t stride, int flags,
                            png_plan_t *plan, const uint8_t **png, size_t *count);

/// zlib's adler32_combine: the Adler-32 of A then B from A's, B's and B's length.
static inline uint32_t weft_adler32_combine(uint32_t a, uint32_t b, size_t b_length) {
    const uint64_t base = 65521;
    uint64_t rem = b_length % base;
    uint64_t sum1 = a & 0xFFFF;
    uint64_t sum2 = (rem * sum1) % base;
    sum1 += (b & 0xFFFF) + base - 1;
    sum2 += ((a >> 16) & 0xFFFF) + ((b >> 16) & 0xFFFF) + base - rem;
    if (sum1 >= base) sum1 -= base;
    if (sum1 >= base) sum1 -= base;
    if (sum2 >= (base << 1)) sum2 -= (base << 1);
    if (sum2 >= base) sum2 -= base;
    return (uint32_t)(sum1 | (sum2 << 16));
}

/// Appends `count` bits of `source`, from bit `start` (low bit first), to the coder's stream.
/// `source` must be readable 8 bytes past the last byte holding those bits.
static inline void copy_bits(coder_t *c, const uint8_t *source, uint64_t start, uint64_t count) {
    const uint8_t *p = source + (start >> 3);
    unsigned skip = (unsigned)(start & 7);
    while (count > 0) {
        // At most 56 bits at a time: with at most 7 pending after a flush they fit in 64.
        unsigned take = count > 56 ? 56 : (unsigned)count;
        uint64_t v = (load64(p) >> skip) & ((UINT64_C(1) << take) - 1);
        put_bits(c, v, take);
        flush_bits(c);
        unsigned advance = skip + take;
        p += advance >> 3;
        skip = advance & 7;
        count -= take;
    }
}

#endif
