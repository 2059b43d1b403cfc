// A PNG encoder for rendered UI frames: one pass over the rows, each filtered and entropy-coded
// while it is in cache. Written for Weft from the PNG (RFC 2083) and deflate (RFC 1951) specs,
// after the approach of fast PNG encoders such as fpnge: cheap per-row filter choice, Huffman
// tables fitted to a sample of the frame, and repeated bytes as deflate matches. The match finder
// looks first where rendered UI repeats itself: one pixel back (the flat areas UI is made of,
// after filtering) and the row above shifted by at most a pixel (gradients at an angle, whose
// filtered rows repeat so); then, once per group of literals, at the last place within 32 KB
// whose next 4 bytes hashed the same (repeated glyphs and icons), without chains or lazy search.
// This file holds the per-thread buffers and the pass over the image; png_rgb_rows.c the opaque
// rows' filters (straight from cairo's words), png_rows.c the translucent rows' (after
// unpremultiply.c), png_huffman.c the code tables, png_deflate.h the row coder.

#include "weft_png.h"

#include "png_deflate.h"
#include "png_internal.h"
#include "png_sequence.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Bytes of zeros before each converted (RGBA) row (the "pixel to the left" of the first pixel,
// which the filters read through a pointer into them), and of slack after every buffer, for SIMD
// stores and the bit writer's 8-byte stores.
#define PAD 32
#define SLACK 64
#define NEEDS_ALPHA (-1)
// The file around the IDAT data: signature, IHDR, sRGB, the zlib header, the code tables (at most
// 512 bytes), the end-of-block code, Adler-32, the IDAT and IEND chunks' framing.
#define HEADERS (8 + 25 + 13 + 8 + 2 + 512 + 15 + 4 + 4 + 12)
// One IDAT chunk holds at most 2^31 − 1 bytes; this leaves room for the headers.
#define MAX_IDAT 0x7FFF0000u

// ---------------------------------------------------------------------------------------------
// Sizes, in arithmetic that saturates at SIZE_MAX instead of wrapping: no buffer can be that
// large, so one comparison with a limit catches every step that would have wrapped.

static inline size_t add_sat(size_t a, size_t b) {
    size_t r;
    return __builtin_add_overflow(a, b, &r) ? SIZE_MAX : r;
}

static inline size_t mul_sat(size_t a, size_t b) {
    size_t r;
    return __builtin_mul_overflow(a, b, &r) ? SIZE_MAX : r;
}

// The worst-case IDAT data of `height` rows of `n` bytes and their filter bytes: 15 bits a byte.
static inline size_t worst_idat(size_t height, size_t n) { return mul_sat(mul_sat(height, add_sat(n, 1)) / 8, 15); }

// Why weft_png_encode refuses an image (its size check failed; see there).
static int refusal(size_t width, size_t height, size_t stride) {
    if (width == 0 || height == 0) return WEFT_PNG_BAD_SIZE;
    if (width > 0x7FFFFFFF || height > 0x7FFFFFFF || worst_idat(height, mul_sat(width, 4)) > MAX_IDAT) return WEFT_PNG_TOO_LARGE;
    if (stride < mul_sat(width, 4)) return WEFT_PNG_BAD_STRIDE;
    return WEFT_PNG_SHORT_BUFFER;
}

// ---------------------------------------------------------------------------------------------
// Setup shared by all threads: the key of each thread's buffers.

static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static pthread_key_t scratch_key;

typedef struct {
    uint8_t *out;
    size_t out_capacity;
    uint8_t *work;
    size_t work_capacity;
    // The filtered image as coded, for matches.
    uint8_t *history;
    size_t history_capacity;
    uint8_t *hash;
    size_t hash_capacity;
} scratch_t;

static void free_scratch(void *pointer) {
    scratch_t *scratch = pointer;
    free(scratch->out);
    free(scratch->work);
    free(scratch->history);
    free(scratch->hash);
    free(scratch);
}

static void setup(void) { pthread_key_create(&scratch_key, free_scratch); }

int weft_png_has_avx2(void) { return weft_cpu_has_avx2(); }

// Grows `*buffer` to at least `need` bytes, keeping none of its contents. A buffer far larger
// than needed is given back, so one huge image does not pin its memory to the thread forever.
static int reserve(uint8_t **buffer, size_t *capacity, size_t need) {
    if (*capacity >= need && !(*capacity > ((size_t)64 << 20) && need < *capacity / 4)) return 1;
    free(*buffer);
    *buffer = malloc(need);
    *capacity = *buffer ? need : 0;
    return *buffer != NULL;
}

// ---------------------------------------------------------------------------------------------
// The file.

typedef void (*convert_fn)(const uint8_t *, uint8_t *, size_t);
typedef void (*filter_fn)(const uint8_t *, const uint8_t *, size_t, int, uint8_t *, uint8_t *, uint8_t *, uint64_t[3]);
typedef int (*filter_rgb_fn)(const uint8_t *, const uint8_t *, size_t, uint8_t *, uint8_t *, uint8_t *, uint64_t[3]);

// No row: above the first.
#define NO_ROW SIZE_MAX

typedef struct {
    const uint8_t *pixels;
    // Where each row lies, for a frame whose rows lie apart (NULL: `pixels` + y × `stride`).
    const uint8_t *const *rows;
    size_t width, height, stride, bpp, n;
    // RGB: the filters that read cairo's words.
    filter_rgb_fn filter_rgb;
    // RGBA: each row un-premultiplied once into one of two slots (the row and the one above),
    // then filtered; `zeros` is the row above the first.
    convert_fn convert;
    filter_fn filter;
    uint8_t *slots[2];
    size_t slot_row[2];
    const uint8_t *zeros;
    // Where the three filtered versions go; the one guessed to win is written straight to its
    // place in the coded image instead, so only a wrong guess costs a copy.
    uint8_t *candidates[3];
    int guess;
} image_t;

static const uint8_t filter_types[3] = {1, 2, 4};  // Sub, Up, Paeth

static inline const uint8_t *pixel_row(const image_t *im, size_t y) { return im->rows ? im->rows[y] : im->pixels + y * im->stride; }

// Row `y` of an RGBA image un-premultiplied, in a slot other than `keep` (-1: any) unless it is there.
static const uint8_t *converted(image_t *im, size_t y, int keep, int *slot) {
    for (int k = 0; k < 2; k++) {
        if (im->slot_row[k] == y) {
            *slot = k;
            return im->slots[k];
        }
    }
    int k = keep == 0 ? 1 : 0;
    im->convert(pixel_row(im, y), im->slots[k], im->width);
    im->slot_row[k] = y;
    *slot = k;
    return im->slots[k];
}

// Filters row `y` against row `above` (or NO_ROW) into `target` (n bytes, with writable slack
// after) and sets `*filter`; returns NULL when an RGB pass meets a pixel that is not opaque.
static const uint8_t *filter_row(image_t *im, size_t y, size_t above, uint8_t *target, uint8_t *filter) {
    uint8_t *out[3] = {im->candidates[0], im->candidates[1], im->candidates[2]};
    out[im->guess] = target;
    uint64_t cost[3];
    if (im->bpp == 3) {
        const uint8_t *prev = above == NO_ROW ? NULL : pixel_row(im, above);
        if (!im->filter_rgb(pixel_row(im, y), prev, im->width, out[0], out[1], out[2], cost)) return NULL;
    } else {
        int slot = -1;
        const uint8_t *prev = above == NO_ROW ? im->zeros : converted(im, above, -1, &slot);
        const uint8_t *cur = converted(im, y, slot, &slot);
        im->filter(cur, prev, im->n, 4, out[0], out[1], out[2], cost);
    }
    int best = 1;  // Up first, then Sub, then Paeth on ties.
    if (cost[0] < cost[best]) best = 0;
    if (cost[2] < cost[best]) best = 2;
    *filter = filter_types[best];
    if (best != im->guess) {
        memcpy(target, out[best], im->n);
        // Neighbouring rows mostly choose alike: guess this row's choice for the next.
        im->guess = best;
    }
    return target;
}

static int code_sequence_rows(image_t *im, coder_t *coder, uint8_t *history, const uint32_t distance_bits_code[4],
                              const uint8_t distance_bits_length[4], int rows_match, png_plan_t *plan, const uint8_t *stream,
                              uint32_t *adler);

static int encode(scratch_t *scratch, const uint8_t *pixels, size_t width, size_t height, size_t stride, size_t bpp, int avx2,
                  png_plan_t *plan, const uint8_t **png, size_t *count) {
    image_t im;
    memset(&im, 0, sizeof im);
    im.pixels = pixels;
    im.rows = plan ? plan->pixel_rows : NULL;
    im.width = width;
    im.height = height;
    im.stride = stride;
    im.bpp = bpp;
    im.n = width * bpp;
    im.filter_rgb = weft_png_filter_rgb;
    im.convert = weft_unpremultiply_portable;
    im.filter = weft_png_filter;
#if WEFT_X86
    if (avx2) {
        im.filter_rgb = weft_png_filter_rgb_avx2;
        im.convert = weft_unpremultiply_avx2;
        im.filter = weft_png_filter_avx2;
    }
#else
    (void)avx2;
#endif
    // Six rows' buffers: three for RGBA rows (two un-premultiplied, one of zeros, each with zeros
    // before it), three for the filtered versions.
    size_t n = im.n, row_capacity = add_sat(n, SLACK), work_bytes = add_sat(mul_sat(6, row_capacity), 3 * PAD);
    // At most 15 bits for every byte of the filtered image, plus the headers.
    size_t bound = add_sat(worst_idat(height, n), HEADERS + SLACK);
    // The filtered image, and the sampling pass's window of two rows.
    size_t history_bytes = add_sat(mul_sat(add_sat(height, 2), add_sat(n, 1)), SLACK);
    // Unreachable after weft_png_encode's check where size_t has 64 bits; kept so that no size can wrap anywhere.
    if (work_bytes == SIZE_MAX || bound == SIZE_MAX || history_bytes == SIZE_MAX) return WEFT_PNG_TOO_LARGE;
    if (!reserve(&scratch->work, &scratch->work_capacity, work_bytes)) return WEFT_PNG_NO_MEMORY;
    uint8_t *rows[3];
    for (int k = 0; k < 3; k++) {
        rows[k] = scratch->work + (size_t)k * (PAD + row_capacity) + PAD;
        memset(rows[k] - PAD, 0, PAD);
    }
    im.slots[0] = rows[0];
    im.slots[1] = rows[1];
    im.slot_row[0] = im.slot_row[1] = NO_ROW;
    if (bpp == 4) memset(rows[2], 0, n);
    im.zeros = rows[2];
    uint8_t *rest = scratch->work + 3 * (PAD + row_capacity);
    for (int k = 0; k < 3; k++) im.candidates[k] = rest + (size_t)k * row_capacity;
    im.guess = 1;
    // Deflate reaches 32 KB back: wider rows match only a pixel back.
    int rows_match = n + 1 + bpp <= 32768;
    if (!reserve(&scratch->out, &scratch->out_capacity, bound)) return WEFT_PNG_NO_MEMORY;
    size_t hash_bytes = sizeof(uint32_t) << HASH_BITS;
    if (!reserve(&scratch->history, &scratch->history_capacity, history_bytes) ||
        !reserve(&scratch->hash, &scratch->hash_capacity, hash_bytes)) {
        return WEFT_PNG_NO_MEMORY;
    }
    uint8_t *history = scratch->history;
    uint32_t *hash = (uint32_t *)scratch->hash;
    memset(hash, 0, hash_bytes);

    coder_t coder;
    // Distances: a pixel back, and the row above shifted a pixel left, not at all, or a pixel right.
    unsigned distances[4] = {(unsigned)bpp, (unsigned)(n + 1 + bpp), (unsigned)(n + 1), (unsigned)(n + 1 - bpp)};
    int symbols[4];
    for (int k = 0; k < 4; k++) symbols[k] = distance_symbol(distances[k]);
    coder.distance_symbol[PIXEL_BACK] = symbols[0];

    // 1. Fit the Huffman tables to every eighth row (every row of a small image), each filtered
    // and matched against the row above as the full pass will; a sequence's frame takes its run's.
    uint8_t distance_length[DISTANCE_SYMBOLS];
    uint32_t histogram[SYMBOLS] = {0}, distance_histogram[DISTANCE_SYMBOLS] = {0};
    coder.hash = hash;
    coder.hash_floor = 0;
    if (plan && plan->lengths) {
        memcpy(coder.literal_length, plan->lengths, SYMBOLS);
        memcpy(distance_length, plan->lengths + SYMBOLS, DISTANCE_SYMBOLS);
    } else {
        coder.histogram = histogram;
        coder.distance_histogram = distance_histogram;
        size_t step = height > 64 ? 8 : 1;
        for (size_t y = 0; y < height; y += step) {
            uint8_t filter;
            const uint8_t *row_above = NULL;
            // A window of this row and the one above, at positions no other sample uses, so the hash
            // finds matches within it only: [0] 0, the row above as coded (or zeros), this row's filter
            // byte, this row.
            uint32_t start = 1 + (uint32_t)(y / step) * 2 * (uint32_t)(n + 1);
            memset(history, 0, n + 1);
            if (y >= 1 && rows_match) {
                // Row y − 1 filtered against y − 2 (or nothing), into the window.
                if (!filter_row(&im, y - 1, y >= 2 ? y - 2 : NO_ROW, history + 1, &filter)) return NEEDS_ALPHA;
                history[n + 1] = 0;
                row_above = history + 1;
            }
            for (size_t j = 1; j + 4 <= n + 1; j += 4) hash[hash4(load32(history + j))] = start + (uint32_t)j + 1;
            const uint8_t *f = filter_row(&im, y, y >= 1 ? y - 1 : NO_ROW, history + n + 2, &filter);
            if (!f) return NEEDS_ALPHA;
            history[n + 1] = filter;
            coder.window = history;
            coder.window_start = start;
            coder.hash_floor = start;
            coder.row_position = start + (uint32_t)(n + 1);
            long shift;
            if (!row_matching(f, row_above, n, bpp, &shift)) row_above = NULL;
            coder.distance_symbol[ROW_ABOVE] = symbols[2 + (int)(shift / (long)bpp)];
            count_row(&coder, filter, f, row_above, shift, n, bpp);
        }
        memset(hash, 0, hash_bytes);
        // Every symbol gets a code, so the rows not sampled can use any of them.
        for (int s = 0; s < SYMBOLS; s++) histogram[s] += 1;
        weft_png_huffman_lengths(histogram, SYMBOLS, 15, coder.literal_length);
        // Every distance gets a code: the hash finds matches at any.
        for (int d = 0; d < DISTANCE_SYMBOLS; d++) distance_histogram[d] += 1;
        weft_png_huffman_lengths(distance_histogram, DISTANCE_SYMBOLS, 15, distance_length);
        if (plan && plan->fit_only) {
            memcpy(plan->fitted, coder.literal_length, SYMBOLS);
            memcpy(plan->fitted + SYMBOLS, distance_length, DISTANCE_SYMBOLS);
            plan->bpp = bpp;
            return WEFT_PNG_OK;
        }
    }
    weft_png_canonical_codes(coder.literal_length, SYMBOLS, coder.literal_code);
    uint32_t distance_codes[DISTANCE_SYMBOLS];
    weft_png_canonical_codes(distance_length, DISTANCE_SYMBOLS, distance_codes);
    int hdist = DISTANCE_SYMBOLS;
    while (hdist > 1 && distance_length[hdist - 1] == 0) hdist--;
    // Each distance's code and extra bits: [0] a pixel back, [1…3] the row above by shift.
    uint32_t distance_bits_code[4];
    uint8_t distance_bits_length[4];
    for (int k = 0; k < 4; k++) {
        int d = symbols[k];
        distance_bits_code[k] = distance_codes[d] | ((distances[k] - distance_base[d]) << distance_length[d]);
        distance_bits_length[k] = (uint8_t)(distance_length[d] + distance_extra[d]);
    }
    for (int d = 0; d < DISTANCE_SYMBOLS; d++) {
        coder.any_distance_code[d] = distance_codes[d];
        coder.any_distance_length[d] = distance_length[d];
    }
    coder.distance_code[PIXEL_BACK] = distance_bits_code[0];
    coder.distance_bits[PIXEL_BACK] = distance_bits_length[0];
    for (unsigned length = 3; length <= 258; length++) {
        int ls = length_symbol(length);
        unsigned huffman = coder.literal_length[257 + ls];
        coder.length_code[length] = coder.literal_code[257 + ls] | ((length - length_base[ls]) << huffman);
        coder.length_bits[length] = (uint8_t)(huffman + length_extra[ls]);
    }

    // 2. The header and the block's code tables.
    uint8_t *out = scratch->out, *p = out;
    memcpy(p, "\x89PNG\r\n\x1a\n", 8);
    p += 8;
    uint8_t *chunk = p;
    p = put32(chunk + 8, (uint32_t)width);
    p = put32(p, (uint32_t)height);
    p[0] = 8;
    p[1] = bpp == 3 ? 2 : 6;  // 8 bits, RGB or RGBA, deflate, adaptive filters, no interlace
    p[2] = p[3] = p[4] = 0;
    p = finish_chunk(chunk, "IHDR", 13);
    chunk = p;
    chunk[8] = 0;  // sRGB, perceptual intent
    p = finish_chunk(chunk, "sRGB", 1);
    uint8_t *idat = p;
    coder.out = idat + 8;
    coder.out[0] = 0x78;  // zlib: deflate, 32 KB window, fastest
    coder.out[1] = 0x01;
    coder.out += 2;
    coder.bits = 0;
    coder.count = 0;

    uint8_t lengths[SYMBOLS + DISTANCE_SYMBOLS];
    int length_count = SYMBOLS + hdist;
    memcpy(lengths, coder.literal_length, SYMBOLS);
    memcpy(lengths + SYMBOLS, distance_length, (size_t)hdist);
    uint32_t length_weights[19] = {0};
    for (int s = 0; s < length_count; s++) length_weights[lengths[s]]++;
    // The code-length code must be a complete tree, so it needs two symbols at least.
    int used = 0;
    for (int v = 0; v < 19; v++) used += length_weights[v] != 0;
    if (used < 2) length_weights[length_weights[0] ? 1 : 0] = 1;
    uint8_t cl_length[19];
    uint32_t cl_code[19];
    weft_png_huffman_lengths(length_weights, 19, 7, cl_length);
    weft_png_canonical_codes(cl_length, 19, cl_code);
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int hclen = 19;
    while (hclen > 4 && cl_length[order[hclen - 1]] == 0) hclen--;
    put_bits(&coder, 1, 1);  // final block
    put_bits(&coder, 2, 2);  // dynamic Huffman codes
    put_bits(&coder, SYMBOLS - 257, 5);
    put_bits(&coder, (uint64_t)(hdist - 1), 5);
    put_bits(&coder, (uint64_t)(hclen - 4), 4);
    flush_bits(&coder);
    for (int k = 0; k < hclen; k++) {
        put_bits(&coder, cl_length[order[k]], 3);
        flush_bits(&coder);
    }
    for (int s = 0; s < length_count; s++) {
        put_bits(&coder, cl_code[lengths[s]], cl_length[lengths[s]]);
        flush_bits(&coder);
    }

    // 3. Every row, filtered and coded while it is in cache.
    uint32_t adler = 1;
    coder.window = history;
    coder.window_start = 0;
    coder.hash_floor = 0;
    if (plan) {
        int status = code_sequence_rows(&im, &coder, history, distance_bits_code, distance_bits_length, rows_match, plan,
                                        idat + 10, &adler);
        if (status != WEFT_PNG_OK) return status;
        plan->bpp = bpp;
        plan->stream = (size_t)(idat + 10 - out);
    }
    for (size_t y = 0; y < height && !plan; y++) {
        uint8_t filter;
        uint32_t position = (uint32_t)(y * (n + 1));
        // Filtered in place in the coded image (the previous row's SIMD stores may have spilled
        // into this row's filter byte, so it is set after).
        const uint8_t *f = filter_row(&im, y, y > 0 ? y - 1 : NO_ROW, history + position + 1, &filter);
        if (!f) return NEEDS_ALPHA;
        history[position] = filter;
        coder.row_position = position;
        // The row above as coded is the one before this in the image.
        const uint8_t *row_above = y > 0 && rows_match ? f - (n + 1) : NULL;
        long shift;
        if (!row_matching(f, row_above, n, bpp, &shift)) row_above = NULL;
        int k = 2 + (int)(shift / (long)bpp);
        coder.distance_code[ROW_ABOVE] = distance_bits_code[k];
        coder.distance_bits[ROW_ABOVE] = distance_bits_length[k];
        emit_row(&coder, filter, f, row_above, shift, n, bpp);
        adler = libdeflate_adler32(adler, &filter, 1);
        adler = libdeflate_adler32(adler, f, n);
    }
    put_bits(&coder, coder.literal_code[256], coder.literal_length[256]);
    flush_bits(&coder);
    if (coder.count) {
        memcpy(coder.out, &coder.bits, 8);
        coder.out += 1;
    }
    coder.out = put32(coder.out, adler);
    size_t idat_length = (size_t)(coder.out - (idat + 8));
    p = finish_chunk(idat, "IDAT", idat_length);
    p = finish_chunk(p, "IEND", 0);
    *png = out;
    *count = (size_t)(p - out);
    return WEFT_PNG_OK;
}

// The rows of a sequence's frame (`plan`): each row's matches stay within it and the row above,
// so its bits depend on it and the two rows above alone (the filters read the row above, and the
// row above's filtered bytes are matched against), and rows that are, with those two, the
// reference's rows at the shifted place are copied from the reference's stream instead of coded.
// `stream` is where this frame's deflate stream starts; `*adler` is updated.
static int code_sequence_rows(image_t *im, coder_t *coder, uint8_t *history, const uint32_t distance_bits_code[4],
                              const uint8_t distance_bits_length[4], int rows_match, png_plan_t *plan, const uint8_t *stream,
                              uint32_t *adler) {
    size_t width = im->width, height = im->height, n = im->n, bpp = im->bpp;
    const weft_png_reference *reference = plan->reference;
    const weft_png_coded *earlier = reference ? reference->coded : NULL;
    // Rows equal to the reference's at row + shift (0 where there is no such row): a flag a row.
    uint8_t *same = NULL;
    long shift = 0;
    if (earlier && earlier->bpp == bpp && earlier->width == width && memcmp(earlier->lengths, plan->lengths, TABLE_LENGTHS) == 0) {
        same = calloc(height, 1);
        if (!same) return WEFT_PNG_NO_MEMORY;
        shift = reference->shift;
        for (size_t y = 0; y < height; y++) {
            long from = (long)y + shift;
            if (from < 0 || (size_t)from >= earlier->height) continue;
            // A row the caller copied from the reference is equal: 12 MB a frame not compared.
            if (reference->known && reference->known[y]) {
                same[y] = 1;
                continue;
            }
            const uint8_t *theirs = reference->rows ? reference->rows[from] : reference->pixels + (size_t)from * reference->stride;
            same[y] = memcmp(pixel_row(im, y), theirs, width * 4) == 0;
        }
    }
    const uint8_t *earlier_stream = earlier ? earlier->png + earlier->stream : NULL;
    // Rows 0 and 1 are filtered against fewer rows than the rest, so only rows from 2 on, taken
    // from rows from 2 on, are copied.
#define COPIES(y) (same && (y) >= 2 && (long)(y) + shift >= 2 && same[y] && same[(y) - 1] && same[(y) - 2])
    plan->reused = 0;
    // Whether the row above is filtered in `history` (a copied row is not).
    int above_filtered = 0;
    for (size_t y = 0; y < height;) {
        uint64_t start = (uint64_t)(coder->out - stream) * 8 + coder->count;
        if (COPIES(y)) {
            size_t end = y + 1;
            while (end < height && COPIES(end)) end++;
            // Consecutive rows' bits follow each other in the reference's stream.
            const png_row_t *first = earlier->rows + (size_t)((long)y + shift), *last = earlier->rows + (size_t)((long)end - 1 + shift);
            copy_bits(coder, earlier_stream, first->bit, last->bit + last->bits - first->bit);
            for (size_t k = y; k < end; k++) {
                const png_row_t *row = earlier->rows + (size_t)((long)k + shift);
                plan->rows[k] = (png_row_t){start + (row->bit - first->bit), row->bits, row->adler};
                *adler = weft_adler32_combine(*adler, row->adler, n + 1);
            }
            plan->reused += end - y;
            y = end;
            above_filtered = 0;
            continue;
        }
        uint32_t position = (uint32_t)(y * (n + 1));
        uint8_t filter;
        if (y > 0 && rows_match && !above_filtered) {
            // The row above was copied: filter it into its place, for this row's matches against it.
            if (!filter_row(im, y - 1, y >= 2 ? y - 2 : NO_ROW, history + position - n, &filter)) {
                free(same);
                return NEEDS_ALPHA;
            }
        }
        const uint8_t *f = filter_row(im, y, y > 0 ? y - 1 : NO_ROW, history + position + 1, &filter);
        if (!f) {
            free(same);
            return NEEDS_ALPHA;
        }
        history[position] = filter;
        coder->row_position = position;
        coder->hash_floor = position + 1;
        const uint8_t *row_above = y > 0 && rows_match ? f - (n + 1) : NULL;
        long row_shift;
        if (!row_matching(f, row_above, n, bpp, &row_shift)) row_above = NULL;
        int k = 2 + (int)(row_shift / (long)bpp);
        coder->distance_code[ROW_ABOVE] = distance_bits_code[k];
        coder->distance_bits[ROW_ABOVE] = distance_bits_length[k];
        emit_row(coder, filter, f, row_above, row_shift, n, bpp);
        uint32_t row_adler = libdeflate_adler32(libdeflate_adler32(1, &filter, 1), f, n);
        uint64_t end = (uint64_t)(coder->out - stream) * 8 + coder->count;
        plan->rows[y] = (png_row_t){start, (uint32_t)(end - start), row_adler};
        *adler = weft_adler32_combine(*adler, row_adler, n + 1);
        above_filtered = 1;
        y++;
    }
#undef COPIES
    free(same);
    return WEFT_PNG_OK;
}

int weft_png_encode(const uint8_t *pixels, size_t size, size_t width, size_t height, size_t stride, int flags,
                    const uint8_t **png, size_t *count) {
    return weft_png_encode_planned(pixels, size, width, height, stride, flags, NULL, png, count);
}

int weft_png_encode_planned(const uint8_t *pixels, size_t size, size_t width, size_t height, size_t stride, int flags,
                            png_plan_t *plan, const uint8_t **png, size_t *count) {
    pthread_once(&setup_once, setup);
    if (!pixels) size = 0;
    // Width and height 1 to 2^31 − 1 (PNG's limit; cairo's is far lower), a worst-case IDAT that
    // fits one chunk, rows within the stride, the pixels within `size`. Once that holds, height ×
    // (width × 4 + 1) is under 2^31, so the positions in the filtered image fit the coder's
    // uint32_t (the sampling pass uses up to twice that), and every buffer size is far from
    // wrapping. One condition, branched on here: the optimiser carries what it establishes into
    // encode's row loops, which run about 10 % faster so than behind a status code or a helper's
    // result (measured on a 1170 × 2532 frame).
    size_t row = mul_sat(width, 4);
    if (width == 0 || height == 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF || worst_idat(height, row) > MAX_IDAT ||
        stride < row || add_sat(mul_sat(height - 1, stride), row) > size) {
        return refusal(width, height, stride);
    }
    scratch_t *scratch = pthread_getspecific(scratch_key);
    if (!scratch) {
        scratch = calloc(1, sizeof(scratch_t));
        if (!scratch) return WEFT_PNG_NO_MEMORY;
        pthread_setspecific(scratch_key, scratch);
    }
    int avx2 = weft_cpu_has_avx2() && !(flags & WEFT_PNG_PORTABLE);
    int result = (flags & WEFT_PNG_RGBA) ? NEEDS_ALPHA : encode(scratch, pixels, width, height, stride, 3, avx2, plan, png, count);
    if (result == NEEDS_ALPHA) result = encode(scratch, pixels, width, height, stride, 4, avx2, plan, png, count);
    return result;
}
