#ifndef WEFT_PNG_DEFLATE_H
#define WEFT_PNG_DEFLATE_H

// Deflate for the single-pass encoder: a bit writer, and the coder that turns a filtered row into
// literals and matches, counting symbols (to fit the tables) or writing their codes. Inline
// functions, so that each row loop is compiled whole.

#include "png_internal.h"

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

static const uint16_t distance_base[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                           193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

#define SYMBOLS 286
#define DISTANCE_SYMBOLS 30

// Runs shorter than this stay literals: a match costs a length code, extra bits and a distance code.
#define MIN_RUN 12
#define ROW_RUN 24

// The two places a run can repeat: the pixel before (flat areas after filtering), and the row
// above, shifted by `row_shift` bytes (a pixel left, none or a pixel right, chosen per row): the
// filtered rows of a gradient at an angle repeat so, shifted.
enum { PIXEL_BACK = 0, ROW_ABOVE = 1 };

typedef struct {
    uint64_t bits;
    unsigned count;
    uint8_t *out;
    uint32_t *histogram;
    uint32_t *distance_histogram;
    uint32_t literal_code[SYMBOLS];
    uint8_t literal_length[SYMBOLS];
    // Length code and extra bits of a match of each length 3…258.
    uint32_t length_code[259];
    uint8_t length_bits[259];
    // Distance code with extra bits, and distance symbol, of PIXEL_BACK and of ROW_ABOVE at the
    // current row's shift.
    uint32_t distance_code[2];
    uint8_t distance_bits[2];
    int distance_symbol[2];
    // Any other distance: its Huffman code and length by distance symbol.
    uint32_t any_distance_code[DISTANCE_SYMBOLS];
    uint8_t any_distance_length[DISTANCE_SYMBOLS];
    // The last position (plus 1; 0 is none) of each hash of 4 bytes, and the bytes coded so far
    // from position `window_start` on; `row_position` is the position of the row's filter byte.
    // Only positions past `hash_floor` are matched (a sequence's frames set it to the row's start,
    // so that a row's bits depend on that row and the row above alone).
    uint32_t *hash;
    const uint8_t *window;
    uint32_t window_start, row_position, hash_floor;
} coder_t;

#define HASH_BITS 15
// Matches found through the hash must be at least this long: shorter ones, at the distances the
// hash finds, cost more bits than the literals they replace (measured on the feed samples).
#define HASH_MIN 16

static inline uint32_t hash4(uint32_t v) { return (v * 0x9E3779B1u) >> (32 - HASH_BITS); }

static inline void put_bits(coder_t *c, uint64_t bits, unsigned count) {
    c->bits |= bits << c->count;
    c->count += count;
}

// Writes the whole bytes out; at most 7 bits stay. Needs 8 writable bytes at `out`.
static inline void flush_bits(coder_t *c) {
    memcpy(c->out, &c->bits, 8);
    unsigned bytes = c->count >> 3;
    c->out += bytes;
    c->bits >>= bytes << 3;
    c->count &= 7;
}

static inline void code_literals(coder_t *c, const uint8_t *bytes, size_t count, int counting) {
    if (counting) {
        for (size_t j = 0; j < count; j++) c->histogram[bytes[j]]++;
        return;
    }
    uint64_t bits = c->bits;
    unsigned used = c->count;
    uint8_t *out = c->out;
    size_t j = 0;
    // Three codes of at most 15 bits on top of at most 7 pending bits fit in 64.
    for (; j + 3 <= count; j += 3) {
        uint8_t x = bytes[j], y = bytes[j + 1], z = bytes[j + 2];
        bits |= (uint64_t)c->literal_code[x] << used;
        used += c->literal_length[x];
        bits |= (uint64_t)c->literal_code[y] << used;
        used += c->literal_length[y];
        bits |= (uint64_t)c->literal_code[z] << used;
        used += c->literal_length[z];
        memcpy(out, &bits, 8);
        out += used >> 3;
        bits >>= (used >> 3) << 3;
        used &= 7;
    }
    for (; j < count; j++) {
        uint8_t x = bytes[j];
        bits |= (uint64_t)c->literal_code[x] << used;
        used += c->literal_length[x];
        memcpy(out, &bits, 8);
        out += used >> 3;
        bits >>= (used >> 3) << 3;
        used &= 7;
    }
    c->bits = bits;
    c->count = used;
    c->out = out;
}

static inline int length_symbol(unsigned length) {
    if (length == 258) return 28;
    int s = 27;
    while (length_base[s] > length) s--;
    return s;
}

static inline int distance_symbol(unsigned distance) {
    int s = 29;
    while (distance_base[s] > distance) s--;
    return s;
}

// `run` bytes as matches at distance `which` (an index into the coder's distance tables).
static inline void code_run(coder_t *c, size_t run, int which, int counting) {
    while (run > 0) {
        size_t length = run > 258 ? 258 : run;
        // Never leave 1 or 2 bytes: no match is that short.
        if (run - length > 0 && run - length < 3) length = run - 3;
        if (counting) {
            c->histogram[257 + length_symbol((unsigned)length)]++;
            c->distance_histogram[c->distance_symbol[which]]++;
        } else {
            // At most 15 + 5 + 15 + 13 bits, on top of at most 7 pending.
            put_bits(c, c->length_code[length] | ((uint64_t)c->distance_code[which] << c->length_bits[length]),
                     (unsigned)c->length_bits[length] + c->distance_bits[which]);
            flush_bits(c);
        }
        run -= length;
    }
}

// A match of `length` (3…258) bytes at `distance` (1…32768) back.
static inline void code_match(coder_t *c, size_t length, uint32_t distance, int counting) {
    int d = distance_symbol(distance);
    if (counting) {
        c->histogram[257 + length_symbol((unsigned)length)]++;
        c->distance_histogram[d]++;
        return;
    }
    uint64_t distance_bits = c->any_distance_code[d] | ((uint64_t)(distance - distance_base[d]) << c->any_distance_length[d]);
    put_bits(c, c->length_code[length] | (distance_bits << c->length_bits[length]),
             (unsigned)c->length_bits[length] + c->any_distance_length[d] + distance_extra[d]);
    flush_bits(c);
}

// How far the bytes from `a` and `b` agree, up to `limit`.
static inline size_t agreement(const uint8_t *a, const uint8_t *b, size_t limit) {
    size_t j = 0;
    while (j + 8 <= limit) {
        uint64_t x = load64(a + j) ^ load64(b + j);
        if (x) return j + ((size_t)__builtin_ctzll(x) >> 3);
        j += 8;
    }
    while (j < limit && a[j] == b[j]) j++;
    return j;
}

// The last of 8 bytes from `a` and `b` that differ, or -1.
static inline int last_difference(const uint8_t *a, const uint8_t *b) {
    uint64_t x = load64(a) ^ load64(b);
    return x ? (63 - __builtin_clzll(x)) >> 3 : -1;
}

// One row: its filter byte, then literals, with every run of at least MIN_RUN bytes equal to the
// bytes a pixel before them, or to the row above (filtered, shifted by `shift` bytes; `above` is
// NULL when there is none to use), coded as matches.
static inline __attribute__((always_inline)) void code_row(coder_t *c, uint8_t filter, const uint8_t *f, const uint8_t *above,
                                                           long shift, size_t n, size_t bpp, int counting) {
    code_literals(c, &filter, 1, counting);
    size_t i = bpp < n ? bpp : n;
    code_literals(c, f, i, counting);
    // Row matches stay inside the row above: from max(0, -shift) to n - max(0, shift).
    size_t row_from = shift < 0 ? (size_t)(-shift) : 0, row_to = shift > 0 ? n - (size_t)shift : n;
    while (i + 8 <= n) {
        int pixel = last_difference(f + i, f + i - bpp);
        if (pixel < 0) {
            size_t run = 8 + agreement(f + i + 8, f + i + 8 - bpp, n - i - 8);
            if (run >= MIN_RUN) {
                code_run(c, run, PIXEL_BACK, counting);
                i += run;
                continue;
            }
            pixel = 0;
        }
        int row = 7;
        if (above && i >= row_from && i + ROW_RUN <= row_to) {
            row = last_difference(f + i, above + i + shift);
            // A row match costs about 20 bits (its distance has 10 extra), so it must be longer.
            if (row < 0 && agreement(f + i + 8, above + i + shift + 8, ROW_RUN - 8) == ROW_RUN - 8) {
                size_t run = ROW_RUN + agreement(f + i + ROW_RUN, above + i + shift + ROW_RUN, row_to - i - ROW_RUN);
                code_run(c, run, ROW_ABOVE, counting);
                i += run;
                continue;
            }
            if (row < 0) row = 0;
        }
        // Anything else seen within 32 KB, found through the hash of the next 4 bytes.
        if (c->hash) {
            uint32_t position = c->row_position + 1 + (uint32_t)i, v = load32(f + i);
            uint32_t *slot = &c->hash[hash4(v)], candidate = *slot;
            *slot = position + 1;
            if (candidate > c->hash_floor && position + 1 - candidate <= 32768) {
                const uint8_t *match = c->window + (candidate - 1 - c->window_start);
                if (load32(match) == v) {
                    size_t limit = n - i < 258 ? n - i : 258;
                    size_t length = 4 + agreement(f + i + 4, match + 4, limit - 4);
                    if (length >= HASH_MIN) {
                        code_match(c, length, position + 1 - candidate, counting);
                        i += length;
                        continue;
                    }
                }
            }
        }
        // Literals up to the first byte after which a run could start.
        size_t literals = (size_t)(pixel < row ? pixel : row) + 1;
        code_literals(c, f + i, literals, counting);
        i += literals;
    }
    code_literals(c, f + i, n - i, counting);
}

static inline void count_row(coder_t *c, uint8_t filter, const uint8_t *f, const uint8_t *above, long shift, size_t n, size_t bpp) {
    code_row(c, filter, f, above, shift, n, bpp, 1);
}
static inline void emit_row(coder_t *c, uint8_t filter, const uint8_t *f, const uint8_t *above, long shift, size_t n, size_t bpp) {
    code_row(c, filter, f, above, shift, n, bpp, 0);
}

// Whether to match `f` against the row above, and at which shift (−bpp, 0 or +bpp bytes): the one
// at which most of their 8-byte words agree, if 7 in 8 of the row's words do. Rows that agree less
// code better with literals and runs a pixel back alone (measured on the feed samples: matching
// rows that agree only half-way made the files 3 % larger).
static inline int row_matching(const uint8_t *f, const uint8_t *above, size_t n, size_t bpp, long *shift) {
    *shift = 0;
    if (!above || n < 2 * bpp + 16) return 0;
    size_t best_count = 0, words = 0;
    const long shifts[3] = {0, -(long)bpp, (long)bpp};
    for (int k = 0; k < 3; k++) {
        size_t count = 0;
        words = 0;
        for (size_t i = bpp; i + 8 + bpp <= n; i += 8, words++) count += load64(f + i) == load64(above + i + shifts[k]);
        if (count > best_count) {
            *shift = shifts[k];
            best_count = count;
        }
    }
    return best_count * 8 >= words * 7;
}

#endif
