// A PNG encoder for rendered UI frames: one pass over the rows, each filtered and entropy-coded
// while it is in cache. Written for Weft from the PNG (RFC 2083) and deflate (RFC 1951) specs,
// after the approach of fast PNG encoders such as fpnge: cheap per-row filter choice, Huffman
// tables fitted to a sample of the frame, and repeated bytes as deflate matches. The match finder
// looks first where rendered UI repeats itself: one pixel back (the flat areas UI is made of,
// after filtering) and the row above shifted by at most a pixel (gradients at an angle, whose
// filtered rows repeat so); then, once per group of literals, at the last place within 32 KB
// whose next 4 bytes hashed the same (repeated glyphs and icons), without chains or lazy search.

#include "weft_png.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define WEFT_X86 1
#endif

// Bytes of zeros before each converted row (the "pixel to the left" of the first pixel), and of
// slack after every buffer, for SIMD stores and the bit writer's 8-byte stores.
#define PAD 32
#define SLACK 64
#define NEEDS_ALPHA (-1)

// ---------------------------------------------------------------------------------------------
// Setup shared by all threads: the CPU check and cairo's un-premultiply table.

static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static pthread_key_t scratch_key;
static int cpu_avx2;
// cairo's rule, (c × 255 + a / 2) / a, indexed by a << 8 | c; 0 for a = 0.
static uint8_t unpremultiply[256 * 256];

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

static void setup(void) {
    pthread_key_create(&scratch_key, free_scratch);
#if WEFT_X86
    __builtin_cpu_init();
    cpu_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
#endif
    for (int a = 1; a < 256; a++) {
        for (int c = 0; c < 256; c++) {
            unpremultiply[a << 8 | c] = c > a ? 255 : (uint8_t)((c * 255 + a / 2) / a);
        }
    }
}

int weft_png_has_avx2(void) {
    pthread_once(&setup_once, setup);
    return cpu_avx2;
}

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
// Rows: cairo ARGB32 words to PNG RGB or un-premultiplied RGBA bytes.

static inline uint32_t load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint64_t load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

// Returns 1 when every pixel of the row is opaque.
static int convert_rgb_portable(const uint8_t *src, uint8_t *dst, size_t width) {
    uint32_t alpha = 0xFF;
    for (size_t x = 0; x < width; x++) {
        uint32_t v = load32(src + 4 * x);
        dst[3 * x] = (uint8_t)(v >> 16);
        dst[3 * x + 1] = (uint8_t)(v >> 8);
        dst[3 * x + 2] = (uint8_t)v;
        alpha &= v >> 24;
    }
    return alpha == 0xFF;
}

static int convert_rgba(const uint8_t *src, uint8_t *dst, size_t width) {
    for (size_t x = 0; x < width; x++) {
        uint32_t v = load32(src + 4 * x);
        uint32_t a = v >> 24, r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF;
        if (a != 0xFF) {
            const uint8_t *table = unpremultiply + (a << 8);
            r = table[r];
            g = table[g];
            b = table[b];
        }
        dst[4 * x] = (uint8_t)r;
        dst[4 * x + 1] = (uint8_t)g;
        dst[4 * x + 2] = (uint8_t)b;
        dst[4 * x + 3] = (uint8_t)a;
    }
    return 1;
}

// ---------------------------------------------------------------------------------------------
// Filters. Each row is filtered three ways (Sub, Up, Paeth) in one pass; the cost of each is the
// sum of its bytes read as signed magnitudes (libpng's heuristic), and the cheapest wins, ties
// going to Up, then Sub. The portable and AVX2 versions compute the same bytes and costs, so the
// files are identical on every CPU.

static inline uint8_t paeth_predict(int a, int b, int c) {
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    return (uint8_t)(pb <= pc ? b : c);
}

static inline uint64_t magnitude(uint8_t v) { return v < 128 ? v : 256u - v; }

static void filter_tail(const uint8_t *cur, const uint8_t *prev, size_t from, size_t n, int bpp, uint8_t *sub, uint8_t *up,
                        uint8_t *paeth, uint64_t cost[3]) {
    for (size_t i = from; i < n; i++) {
        uint8_t x = cur[i], a = cur[i - bpp], b = prev[i], c = prev[i - bpp];
        sub[i] = (uint8_t)(x - a);
        up[i] = (uint8_t)(x - b);
        paeth[i] = (uint8_t)(x - paeth_predict(a, b, c));
        cost[0] += magnitude(sub[i]);
        cost[1] += magnitude(up[i]);
        cost[2] += magnitude(paeth[i]);
    }
}

static void filter_portable(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                            uint64_t cost[3]) {
    cost[0] = cost[1] = cost[2] = 0;
    filter_tail(cur, prev, 0, n, bpp, sub, up, paeth, cost);
}

#if WEFT_X86
__attribute__((target("avx2"))) static int convert_rgb_avx2(const uint8_t *src, uint8_t *dst, size_t width) {
    const __m256i shuffle = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14,
                                             13, 12, -1, -1, -1, -1);
    __m256i all = _mm256_set1_epi8(-1);
    size_t x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(src + 4 * x));
        all = _mm256_and_si256(all, v);
        __m256i rgb = _mm256_shuffle_epi8(v, shuffle);
        // 12 bytes from each lane; the second store overwrites the first's 4 spare bytes, and the
        // last one's spill past the row into the slack.
        _mm_storeu_si128((__m128i *)(dst + 3 * x), _mm256_castsi256_si128(rgb));
        _mm_storeu_si128((__m128i *)(dst + 3 * x + 12), _mm256_extracti128_si256(rgb, 1));
    }
    uint32_t mask = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(all, _mm256_set1_epi8(-1)));
    int opaque = (mask & 0x88888888u) == 0x88888888u;
    return convert_rgb_portable(src + 4 * x, dst + 3 * x, width - x) && opaque;
}

__attribute__((target("avx2"))) static inline __m256i paeth16(__m256i a, __m256i b, __m256i c) {
    __m256i bc = _mm256_sub_epi16(b, c), ac = _mm256_sub_epi16(a, c);
    __m256i pa = _mm256_abs_epi16(bc), pb = _mm256_abs_epi16(ac), pc = _mm256_abs_epi16(_mm256_add_epi16(bc, ac));
    __m256i not_a = _mm256_or_si256(_mm256_cmpgt_epi16(pa, pb), _mm256_cmpgt_epi16(pa, pc));
    __m256i b_or_c = _mm256_blendv_epi8(b, c, _mm256_cmpgt_epi16(pb, pc));
    return _mm256_blendv_epi8(a, b_or_c, not_a);
}

__attribute__((target("avx2"))) static void filter_avx2(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *sub,
                                                        uint8_t *up, uint8_t *paeth, uint64_t cost[3]) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i s0 = zero, s1 = zero, s2 = zero;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(cur + i));
        __m256i a = _mm256_loadu_si256((const __m256i *)(cur + i - bpp));
        __m256i b = _mm256_loadu_si256((const __m256i *)(prev + i));
        __m256i c = _mm256_loadu_si256((const __m256i *)(prev + i - bpp));
        __m256i fs = _mm256_sub_epi8(x, a), fu = _mm256_sub_epi8(x, b);
        __m256i lo = paeth16(_mm256_unpacklo_epi8(a, zero), _mm256_unpacklo_epi8(b, zero), _mm256_unpacklo_epi8(c, zero));
        __m256i hi = paeth16(_mm256_unpackhi_epi8(a, zero), _mm256_unpackhi_epi8(b, zero), _mm256_unpackhi_epi8(c, zero));
        __m256i fp = _mm256_sub_epi8(x, _mm256_packus_epi16(lo, hi));
        _mm256_storeu_si256((__m256i *)(sub + i), fs);
        _mm256_storeu_si256((__m256i *)(up + i), fu);
        _mm256_storeu_si256((__m256i *)(paeth + i), fp);
        s0 = _mm256_add_epi64(s0, _mm256_sad_epu8(_mm256_abs_epi8(fs), zero));
        s1 = _mm256_add_epi64(s1, _mm256_sad_epu8(_mm256_abs_epi8(fu), zero));
        s2 = _mm256_add_epi64(s2, _mm256_sad_epu8(_mm256_abs_epi8(fp), zero));
    }
    uint64_t lanes[4];
    __m256i sums[3] = {s0, s1, s2};
    for (int k = 0; k < 3; k++) {
        _mm256_storeu_si256((__m256i *)lanes, sums[k]);
        cost[k] = lanes[0] + lanes[1] + lanes[2] + lanes[3];
    }
    filter_tail(cur, prev, i, n, bpp, sub, up, paeth, cost);
}
#endif

// ---------------------------------------------------------------------------------------------
// Huffman codes.

typedef struct {
    uint32_t weight;
    uint16_t symbol;
} leaf_t;

static int compare_leaves(const void *x, const void *y) {
    const leaf_t *a = x, *b = y;
    if (a->weight != b->weight) return a->weight < b->weight ? -1 : 1;
    return a->symbol < b->symbol ? -1 : 1;
}

// Code lengths of at most `limit` bits for `count` symbols (count ≤ 320). A tree that is too deep
// is rebuilt from halved weights until it fits: not optimal, but deterministic and rare.
static void huffman_lengths(const uint32_t *weights, int count, int limit, uint8_t *lengths) {
    uint32_t w[320];
    memcpy(w, weights, sizeof(uint32_t) * (size_t)count);
    for (;;) {
        leaf_t leaves[320];
        int m = 0;
        memset(lengths, 0, (size_t)count);
        for (int s = 0; s < count; s++) {
            if (w[s]) leaves[m++] = (leaf_t){w[s], (uint16_t)s};
        }
        if (m == 0) return;
        if (m == 1) {
            lengths[leaves[0].symbol] = 1;
            return;
        }
        qsort(leaves, (size_t)m, sizeof(leaf_t), compare_leaves);
        uint64_t node[640];
        int parent[640], depth[640];
        for (int i = 0; i < m; i++) node[i] = leaves[i].weight;
        // Two queues: sorted leaves, and internal nodes made in nondecreasing order of weight.
        int next_leaf = 0, next_internal = m, made = m;
        while (made < 2 * m - 1) {
            int pick[2];
            for (int k = 0; k < 2; k++) {
                if (next_leaf < m && (next_internal >= made || node[next_leaf] <= node[next_internal])) {
                    pick[k] = next_leaf++;
                } else {
                    pick[k] = next_internal++;
                }
            }
            node[made] = node[pick[0]] + node[pick[1]];
            parent[pick[0]] = parent[pick[1]] = made;
            made++;
        }
        depth[2 * m - 2] = 0;
        int deepest = 0;
        for (int i = 2 * m - 3; i >= 0; i--) {
            depth[i] = depth[parent[i]] + 1;
            if (i < m && depth[i] > deepest) deepest = depth[i];
        }
        if (deepest <= limit) {
            for (int i = 0; i < m; i++) lengths[leaves[i].symbol] = (uint8_t)depth[i];
            return;
        }
        for (int s = 0; s < count; s++) {
            if (w[s]) w[s] = 1 + (w[s] >> 1);
        }
    }
}

// Canonical codes (RFC 1951 3.2.2), bit-reversed because deflate packs bits from the low end.
static void canonical_codes(const uint8_t *lengths, int count, uint32_t *codes) {
    uint32_t per_length[16] = {0}, next[16] = {0};
    for (int s = 0; s < count; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    uint32_t code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int s = 0; s < count; s++) {
        int len = lengths[s];
        codes[s] = 0;
        if (!len) continue;
        uint32_t c = next[len]++, reversed = 0;
        for (int k = 0; k < len; k++) reversed |= ((c >> k) & 1) << (len - 1 - k);
        codes[s] = reversed;
    }
}

// ---------------------------------------------------------------------------------------------
// Deflate: a bit writer, and the coder that turns a filtered row into literals and matches.

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
    uint32_t *hash;
    const uint8_t *window;
    uint32_t window_start, row_position;
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
            if (candidate > c->window_start && position + 1 - candidate <= 32768) {
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

static void count_row(coder_t *c, uint8_t filter, const uint8_t *f, const uint8_t *above, long shift, size_t n, size_t bpp) {
    code_row(c, filter, f, above, shift, n, bpp, 1);
}
static void emit_row(coder_t *c, uint8_t filter, const uint8_t *f, const uint8_t *above, long shift, size_t n, size_t bpp) {
    code_row(c, filter, f, above, shift, n, bpp, 0);
}

// Whether to match `f` against the row above, and at which shift (−bpp, 0 or +bpp bytes): the one
// at which most of their 8-byte words agree, if 7 in 8 of the row's words do. Rows that agree less
// code better with literals and runs a pixel back alone (measured on the feed samples: matching
// rows that agree only half-way made the files 3 % larger).
static int row_matching(const uint8_t *f, const uint8_t *above, size_t n, size_t bpp, long *shift) {
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

// ---------------------------------------------------------------------------------------------
// The file.

static inline uint8_t *put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
    return p + 4;
}

// A chunk whose data is already at `start + 8`: writes its length and type before, its CRC after.
static uint8_t *finish_chunk(uint8_t *start, const char type[4], size_t length) {
    put32(start, (uint32_t)length);
    memcpy(start + 4, type, 4);
    uint32_t crc = libdeflate_crc32(0, start + 4, 4 + length);
    return put32(start + 8 + length, crc);
}

typedef int (*convert_fn)(const uint8_t *, uint8_t *, size_t);
typedef void (*filter_fn)(const uint8_t *, const uint8_t *, size_t, int, uint8_t *, uint8_t *, uint8_t *, uint64_t[3]);

typedef struct {
    const uint8_t *pixels;
    size_t width, height, stride, bpp, n;
    convert_fn convert;
    filter_fn filter;
    uint8_t *candidates[3];
} image_t;

static const uint8_t filter_types[3] = {1, 2, 4};  // Sub, Up, Paeth

// Converts row `y` into `cur` (returns 0 if an RGB pass meets a pixel that is not opaque), then
// filters it against `prev` and returns the chosen filter's bytes.
static const uint8_t *prepare_row(image_t *im, size_t y, uint8_t *cur, const uint8_t *prev, uint8_t *filter, int *ok) {
    *ok = im->convert(im->pixels + y * im->stride, cur, im->width);
    if (!*ok) return NULL;
    uint64_t cost[3];
    im->filter(cur, prev, im->n, (int)im->bpp, im->candidates[0], im->candidates[1], im->candidates[2], cost);
    int best = 1;  // Up first, then Sub, then Paeth on ties.
    if (cost[0] < cost[best]) best = 0;
    if (cost[2] < cost[best]) best = 2;
    *filter = filter_types[best];
    return im->candidates[best];
}

static int encode(scratch_t *scratch, const uint8_t *pixels, size_t width, size_t height, size_t stride, size_t bpp, int avx2,
                  const uint8_t **png, size_t *count) {
    image_t im = {pixels, width, height, stride, bpp, width * bpp, NULL, NULL, {NULL, NULL, NULL}};
    im.convert = bpp == 4 ? convert_rgba : convert_rgb_portable;
    im.filter = filter_portable;
#if WEFT_X86
    if (avx2) {
        if (bpp == 3) im.convert = convert_rgb_avx2;
        im.filter = filter_avx2;
    }
#else
    (void)avx2;
#endif
    size_t n = im.n, row_capacity = PAD + n + SLACK;
    if (!reserve(&scratch->work, &scratch->work_capacity, 3 * row_capacity + 4 * (n + SLACK))) return WEFT_PNG_NO_MEMORY;
    uint8_t *rows[3];
    for (int k = 0; k < 3; k++) {
        rows[k] = scratch->work + (size_t)k * row_capacity + PAD;
        memset(rows[k] - PAD, 0, PAD);
    }
    for (int k = 0; k < 3; k++) im.candidates[k] = scratch->work + 3 * row_capacity + (size_t)k * (n + SLACK);
    // The previous row as filtered and coded, for matches with the row above.
    uint8_t *above = scratch->work + 3 * row_capacity + 3 * (n + SLACK);
    // Deflate reaches 32 KB back: wider rows match only a pixel back.
    int rows_match = n + 1 + bpp <= 32768;
    // At most 15 bits for every byte of the filtered image, plus the headers.
    size_t bound = 8 + 25 + 13 + 8 + 2 + 512 + (height * (n + 1) / 8) * 15 + 15 + 4 + 4 + 12 + SLACK;
    if (!reserve(&scratch->out, &scratch->out_capacity, bound)) return WEFT_PNG_NO_MEMORY;
    size_t hash_bytes = sizeof(uint32_t) << HASH_BITS;
    if (!reserve(&scratch->history, &scratch->history_capacity, height * (n + 1) + 2 * (n + 1) + SLACK) ||
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
    // and matched against the row above as the full pass will.
    uint32_t histogram[SYMBOLS] = {0}, distance_histogram[DISTANCE_SYMBOLS] = {0};
    coder.histogram = histogram;
    coder.distance_histogram = distance_histogram;
    coder.hash = hash;
    size_t step = height > 64 ? 8 : 1;
    int ok = 1;
    for (size_t y = 0; y < height; y += step) {
        uint8_t filter;
        const uint8_t *row_above = NULL;
        if (y >= 1 && rows_match) {
            // Row y − 1 filtered against y − 2 (or nothing).
            if (y >= 2) {
                if (!im.convert(pixels + (y - 2) * stride, rows[0], width)) return NEEDS_ALPHA;
            } else {
                memset(rows[0], 0, n);
            }
            const uint8_t *f = prepare_row(&im, y - 1, rows[1], rows[0], &filter, &ok);
            if (!ok) return NEEDS_ALPHA;
            memcpy(above, f, n);
            row_above = above;
        } else if (y >= 1) {
            if (!im.convert(pixels + (y - 1) * stride, rows[1], width)) return NEEDS_ALPHA;
        } else {
            memset(rows[1], 0, n);
        }
        const uint8_t *filtered = prepare_row(&im, y, rows[2], rows[1], &filter, &ok);
        if (!ok) return NEEDS_ALPHA;
        // A window of this row and the one above, at positions no other sample uses, so the hash
        // finds matches within it only.
        uint32_t start = 1 + (uint32_t)(y / step) * 2 * (uint32_t)(n + 1);
        memset(history, 0, n + 1);
        if (row_above) memcpy(history + 1, row_above, n);
        for (size_t j = 1; j + 4 <= n + 1; j += 4) hash[hash4(load32(history + j))] = start + (uint32_t)j + 1;
        history[n + 1] = filter;
        memcpy(history + n + 2, filtered, n);
        const uint8_t *f = history + n + 2;
        coder.window = history;
        coder.window_start = start;
        coder.row_position = start + (uint32_t)(n + 1);
        long shift;
        if (!row_matching(f, row_above, n, bpp, &shift)) row_above = NULL;
        coder.distance_symbol[ROW_ABOVE] = symbols[2 + (int)(shift / (long)bpp)];
        count_row(&coder, filter, f, row_above, shift, n, bpp);
    }
    memset(hash, 0, hash_bytes);
    // Every symbol gets a code, so the rows not sampled can use any of them.
    for (int s = 0; s < SYMBOLS; s++) histogram[s] += 1;
    huffman_lengths(histogram, SYMBOLS, 15, coder.literal_length);
    canonical_codes(coder.literal_length, SYMBOLS, coder.literal_code);
    // Every distance gets a code: the hash finds matches at any.
    for (int d = 0; d < DISTANCE_SYMBOLS; d++) distance_histogram[d] += 1;
    uint8_t distance_length[DISTANCE_SYMBOLS];
    uint32_t distance_codes[DISTANCE_SYMBOLS];
    huffman_lengths(distance_histogram, DISTANCE_SYMBOLS, 15, distance_length);
    canonical_codes(distance_length, DISTANCE_SYMBOLS, distance_codes);
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
    huffman_lengths(length_weights, 19, 7, cl_length);
    canonical_codes(cl_length, 19, cl_code);
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
    memset(rows[0], 0, n);
    coder.window = history;
    coder.window_start = 0;
    for (size_t y = 0; y < height; y++) {
        uint8_t *prev = rows[y & 1], *cur = rows[(y & 1) ^ 1], filter;
        const uint8_t *filtered = prepare_row(&im, y, cur, prev, &filter, &ok);
        if (!ok) return NEEDS_ALPHA;
        uint32_t position = (uint32_t)(y * (n + 1));
        history[position] = filter;
        memcpy(history + position + 1, filtered, n);
        const uint8_t *f = history + position + 1;
        coder.row_position = position;
        const uint8_t *row_above = y > 0 && rows_match ? above : NULL;
        long shift;
        if (!row_matching(f, row_above, n, bpp, &shift)) row_above = NULL;
        int k = 2 + (int)(shift / (long)bpp);
        coder.distance_code[ROW_ABOVE] = distance_bits_code[k];
        coder.distance_bits[ROW_ABOVE] = distance_bits_length[k];
        emit_row(&coder, filter, f, row_above, shift, n, bpp);
        adler = libdeflate_adler32(adler, &filter, 1);
        adler = libdeflate_adler32(adler, f, n);
        if (rows_match) memcpy(above, f, n);
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

int weft_png_encode(const uint8_t *pixels, size_t width, size_t height, size_t stride, int flags, const uint8_t **png,
                    size_t *count) {
    pthread_once(&setup_once, setup);
    // PNG's limit is 2^31 − 1 a side; cairo's is far lower. The IDAT chunk must stay under 2^31 bytes.
    if (width == 0 || height == 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF || stride < width * 4 ||
        (height * (width * 4 + 1) / 8) * 15 > 0x7FFF0000u) {
        return WEFT_PNG_BAD_SIZE;
    }
    scratch_t *scratch = pthread_getspecific(scratch_key);
    if (!scratch) {
        scratch = calloc(1, sizeof(scratch_t));
        if (!scratch) return WEFT_PNG_NO_MEMORY;
        pthread_setspecific(scratch_key, scratch);
    }
    int avx2 = cpu_avx2 && !(flags & WEFT_PNG_PORTABLE);
    int result = encode(scratch, pixels, width, height, stride, 3, avx2, png, count);
    if (result == NEEDS_ALPHA) result = encode(scratch, pixels, width, height, stride, 4, avx2, png, count);
    return result;
}
