// The frames of a sequence: one table for a run of frames, and rows copied, as coded bits, from
// an earlier frame of the run where the scroll moved them unchanged (png_sequence.h; the pass over
// the rows is weft_png.c's).

#include "png_sequence.h"

#include "weft_png.h"

#include <stdlib.h>
#include <string.h>

int weft_png_table_fit(const uint8_t *pixels, size_t size, size_t width, size_t height, size_t stride, int flags,
                       weft_png_table **table) {
    *table = NULL;
    png_plan_t plan;
    memset(&plan, 0, sizeof plan);
    plan.fit_only = 1;
    const uint8_t *png;
    size_t count;
    int status = weft_png_encode_planned(pixels, size, width, height, stride, flags, &plan, &png, &count);
    if (status != WEFT_PNG_OK) return status;
    *table = malloc(sizeof(weft_png_table));
    if (!*table) return WEFT_PNG_NO_MEMORY;
    memcpy((*table)->lengths, plan.fitted, TABLE_LENGTHS);
    return WEFT_PNG_OK;
}

void weft_png_table_free(weft_png_table *table) { free(table); }

static int encode_coded(const weft_png_table *table, const uint8_t *pixels, const uint8_t *const *pixel_rows, size_t size,
                        size_t width, size_t height, size_t stride, int flags, const weft_png_reference *reference,
                        weft_png_coded **coded, size_t *reused);

int weft_png_encode_coded(const weft_png_table *table, const uint8_t *pixels, size_t size, size_t width, size_t height,
                          size_t stride, int flags, const weft_png_reference *reference, weft_png_coded **coded,
                          size_t *reused) {
    return encode_coded(table, pixels, NULL, size, width, height, stride, flags, reference, coded, reused);
}

int weft_png_encode_coded_rows(const weft_png_table *table, const uint8_t *const *rows, size_t width, size_t height, int flags,
                               const weft_png_reference *reference, weft_png_coded **coded, size_t *reused) {
    *coded = NULL;
    if (reused) *reused = 0;
    if (!rows) return WEFT_PNG_SHORT_BUFFER;
    for (size_t y = 0; y < height; y++) {
        if (!rows[y]) return WEFT_PNG_SHORT_BUFFER;
    }
    // The size checks see rows of `width` × 4 bytes: each lies apart, `width` × 4 bytes long.
    size_t row = width * 4;
    return encode_coded(table, rows[0], rows, height * row, width, height, row, flags, reference, coded, reused);
}

static int encode_coded(const weft_png_table *table, const uint8_t *pixels, const uint8_t *const *pixel_rows, size_t size,
                        size_t width, size_t height, size_t stride, int flags, const weft_png_reference *reference,
                        weft_png_coded **coded, size_t *reused) {
    *coded = NULL;
    if (reused) *reused = 0;
    // A reference whose pixels do not cover its rows is not used (a caller's bug, not this frame's).
    if (reference && (!reference->coded || reference->coded->height == 0 ||
                      (reference->rows ? 0
                                       : (!reference->pixels || reference->stride < width * 4 ||
                                          (reference->coded->height - 1) * reference->stride + width * 4 > reference->size)))) {
        reference = NULL;
    }
    // One entry per row; the sizes are checked by weft_png_encode_planned before the rows are written.
    png_row_t *rows = height > 0 && height <= 0x7FFFFFFF ? malloc(height * sizeof(png_row_t)) : NULL;
    if (height > 0 && height <= 0x7FFFFFFF && !rows) return WEFT_PNG_NO_MEMORY;
    png_plan_t plan;
    memset(&plan, 0, sizeof plan);
    plan.lengths = table->lengths;
    plan.reference = reference;
    plan.rows = rows;
    plan.pixel_rows = pixel_rows;
    const uint8_t *png;
    size_t count;
    int status = weft_png_encode_planned(pixels, size, width, height, stride, flags, &plan, &png, &count);
    if (status != WEFT_PNG_OK) {
        free(rows);
        return status;
    }
    weft_png_coded *result = malloc(sizeof(weft_png_coded));
    // 8 bytes past the file, for copy_bits' 8-byte loads of a later frame.
    uint8_t *bytes = malloc(count + 8);
    if (!result || !bytes) {
        free(result);
        free(bytes);
        free(rows);
        return WEFT_PNG_NO_MEMORY;
    }
    memcpy(bytes, png, count);
    memset(bytes + count, 0, 8);
    result->png = bytes;
    result->count = count;
    result->stream = plan.stream;
    result->width = width;
    result->height = height;
    result->bpp = plan.bpp;
    memcpy(result->lengths, table->lengths, TABLE_LENGTHS);
    result->rows = rows;
    *coded = result;
    if (reused) *reused = plan.reused;
    return WEFT_PNG_OK;
}

const uint8_t *weft_png_coded_bytes(const weft_png_coded *coded, size_t *count) {
    *count = coded->count;
    return coded->png;
}

void weft_png_coded_free(weft_png_coded *coded) {
    if (!coded) return;
    free(coded->png);
    free(coded->rows);
    free(coded);
}
