#ifndef WEFT_PNG_SEQUENCE_H
#define WEFT_PNG_SEQUENCE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Code tables for the frames of one run of a sequence: the single-pass encoder's Huffman code
/// lengths, fitted to one frame (the run's first) by `weft_png_table_fit` and shared by every
/// frame of the run, so that a row coded in one frame is the same bits in the next. Immutable
/// once made; read from any thread.
typedef struct weft_png_table weft_png_table;

/// A frame coded with a table, kept so that later frames can take its rows' bits: the PNG file,
/// and for each row where its bits lie in the deflate stream and the row's Adler-32. Immutable once
/// made; read from any thread.
typedef struct weft_png_coded weft_png_coded;

/// Fits a table to `pixels` (cairo ARGB32, as `weft_png_encode` takes them), sampling the rows as
/// `weft_png_encode` does. Returns a `weft_png_encode` status; on success `*table` is the caller's,
/// freed with `weft_png_table_free`.
int weft_png_table_fit(const uint8_t *pixels, size_t size, size_t width, size_t height, size_t stride, int flags,
                       weft_png_table **table);
void weft_png_table_free(weft_png_table *table);

/// An earlier frame whose coded rows a frame may take: `coded` and the pixels it was coded from
/// (`size` bytes, `stride` a row). Row y of the frame being coded is looked for at row y + `shift`
/// of the earlier one (a scroll moves content up by `shift` rows). `known` (NULL: none) is one
/// flag a row of the frame being coded: a row flagged is, by how it was made, the earlier frame's
/// row y + `shift` (copied from it), so it is taken as equal without comparing; the other rows
/// are compared. `rows` (NULL: none), when given, is where each of the earlier frame's rows lies
/// (`coded`'s height of them, `width` × 4 bytes each), and `pixels`, `size` and `stride` are not read.
typedef struct {
    const weft_png_coded *coded;
    const uint8_t *pixels;
    size_t size;
    size_t stride;
    long shift;
    const uint8_t *known;
    const uint8_t *const *rows;
} weft_png_reference;

/// Encodes `pixels` as `weft_png_encode` does (same PNG framing, opacity rule and filters), but
/// with `table`'s codes and each row's deflate symbols depending on that row and the two above it
/// alone: no match reaches past the row above. A row whose pixels, and the two rows' above, equal
/// the reference's at the shifted place is not filtered or coded: the reference's bits for it are
/// copied (bit-aligned) and its Adler-32 combined. Copied and freshly coded rows are the same
/// bits, so the file does not depend on which reference, if any, is given: frames are the same
/// bytes whatever order threads code them in. `reference` may be NULL, and is used only where its
/// table, width and colour type are this frame's.
///
/// On success `*coded` is the caller's (freed with `weft_png_coded_free`) and `*reused` (if not
/// NULL) the number of rows copied. Thread-safe: each thread has its own working buffers.
int weft_png_encode_coded(const weft_png_table *table, const uint8_t *pixels, size_t size, size_t width, size_t height,
                          size_t stride, int flags, const weft_png_reference *reference, weft_png_coded **coded,
                          size_t *reused);

/// `weft_png_encode_coded` for a frame whose rows lie apart: row y is `rows[y]` (`width` × 4
/// bytes, cairo ARGB32), as a frame made of rows copied from earlier frames and rows composited
/// anew holds them.
int weft_png_encode_coded_rows(const weft_png_table *table, const uint8_t *const *rows, size_t width, size_t height, int flags,
                               const weft_png_reference *reference, weft_png_coded **coded, size_t *reused);

/// The PNG file of a coded frame: `*count` bytes, owned by `coded`.
const uint8_t *weft_png_coded_bytes(const weft_png_coded *coded, size_t *count);
void weft_png_coded_free(weft_png_coded *coded);

#ifdef __cplusplus
}
#endif

#endif
