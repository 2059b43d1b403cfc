// A PNG encoder for rendered UI frames: one pass over the rows, each filtered and entropy-coded
// while it is in cache. Written for Weft from the PNG (RFC 2083) and deflate (RFC 1951) specs,
// after the approach of fast PNG encoders such as fpnge: cheap per-row filter choice, Huffman
// tables fitted to a sample of the frame, and long runs of repeated pixels (the flat areas UI
// is made of) as deflate matches at a distance of one pixel. No general LZ77 search: the match
// finder looks only one pixel back, which is where rendered UI repeats itself after filtering.

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
} scratch_t;

static void free_scratch(void *pointer) {
    scratch_t *scratch = pointer;
    free(scratch->out);
    free(scratch->work);
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

#define SYMBOLS 286
// The one distance used, one pixel back, has the code of length 1 that canonical order gives
// to distance symbol 2 (bpp 3) or 3 (bpp 4); the other of the two is there to make the tree
// complete, which zlib's inflate requires.
#define DISTANCE_SYMBOLS 4

// Runs shorter than this stay literals: a match costs a length code, extra bits and a distance bit.
#define MIN_RUN 16

typedef struct {
    uint64_t bits;
    unsigned count;
    uint8_t *out;
    uint32_t *histogram;
    uint32_t literal_code[SYMBOLS];
    uint8_t literal_length[SYMBOLS];
    // A whole match of each length 3…258: length code, extra bits and distance code.
    uint32_t match_code[259];
    uint8_t match_length[259];
} coder_t;

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

static inline void code_run(coder_t *c, size_t run, int counting) {
    while (run > 0) {
        size_t length = run > 258 ? 258 : run;
        // Never leave 1 or 2 bytes: no match is that short.
        if (run - length > 0 && run - length < 3) length = run - 3;
        if (counting) {
            c->histogram[257 + length_symbol((unsigned)length)]++;
        } else {
            put_bits(c, c->match_code[length], c->match_length[length]);
            flush_bits(c);
        }
        run -= length;
    }
}

// One row: its filter byte, then literals, with every run of at least MIN_RUN bytes equal to the
// bytes one pixel before them coded as matches.
static inline __attribute__((always_inline)) void code_row(coder_t *c, uint8_t filter, const uint8_t *f, size_t n, size_t bpp,
                                                           int counting) {
    code_literals(c, &filter, 1, counting);
    size_t i = bpp < n ? bpp : n;
    code_literals(c, f, i, counting);
    while (i + 16 <= n) {
        uint64_t x0 = load64(f + i) ^ load64(f + i - bpp);
        uint64_t x1 = load64(f + i + 8) ^ load64(f + i + 8 - bpp);
        if ((x0 | x1) == 0) {
            size_t j = i + 16;
            for (;;) {
                if (j + 8 > n) {
                    while (j < n && f[j] == f[j - bpp]) j++;
                    break;
                }
                uint64_t x = load64(f + j) ^ load64(f + j - bpp);
                if (x) {
                    j += (size_t)__builtin_ctzll(x) >> 3;
                    break;
                }
                j += 8;
            }
            code_run(c, j - i, counting);
            i = j;
            continue;
        }
        // Literals up to the last differing byte, so a run starting inside these 16 is caught next.
        size_t last = x1 ? 8 + ((63 - (size_t)__builtin_clzll(x1)) >> 3) : (63 - (size_t)__builtin_clzll(x0)) >> 3;
        code_literals(c, f + i, last + 1, counting);
        i += last + 1;
    }
    code_literals(c, f + i, n - i, counting);
}

static void count_row(coder_t *c, uint8_t filter, const uint8_t *f, size_t n, size_t bpp) { code_row(c, filter, f, n, bpp, 1); }
static void emit_row(coder_t *c, uint8_t filter, const uint8_t *f, size_t n, size_t bpp) { code_row(c, filter, f, n, bpp, 0); }

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
    if (!reserve(&scratch->work, &scratch->work_capacity, 2 * row_capacity + 3 * (n + SLACK))) return WEFT_PNG_NO_MEMORY;
    uint8_t *rows[2] = {scratch->work + PAD, scratch->work + row_capacity + PAD};
    memset(rows[0] - PAD, 0, PAD);
    memset(rows[1] - PAD, 0, PAD);
    for (int k = 0; k < 3; k++) im.candidates[k] = scratch->work + 2 * row_capacity + (size_t)k * (n + SLACK);
    // At most 15 bits for every byte of the filtered image, plus the headers.
    size_t bound = 8 + 25 + 13 + 8 + 2 + 512 + (height * (n + 1) / 8) * 15 + 15 + 4 + 4 + 12 + SLACK;
    if (!reserve(&scratch->out, &scratch->out_capacity, bound)) return WEFT_PNG_NO_MEMORY;

    // 1. Fit the Huffman tables to every eighth row (every row of a small image).
    coder_t coder;
    uint32_t histogram[SYMBOLS] = {0};
    coder.histogram = histogram;
    size_t step = height > 64 ? 8 : 1;
    int ok = 1;
    for (size_t y = 0; y < height; y += step) {
        uint8_t *prev = rows[0], *cur = rows[1], filter;
        if (y == 0) {
            memset(prev, 0, n);
        } else if (!im.convert(pixels + (y - 1) * stride, prev, width)) {
            return NEEDS_ALPHA;
        }
        const uint8_t *f = prepare_row(&im, y, cur, prev, &filter, &ok);
        if (!ok) return NEEDS_ALPHA;
        count_row(&coder, filter, f, n, bpp);
    }
    // Every symbol gets a code, so the rows not sampled can use any of them.
    for (int s = 0; s < SYMBOLS; s++) histogram[s] += 1;
    huffman_lengths(histogram, SYMBOLS, 15, coder.literal_length);
    canonical_codes(coder.literal_length, SYMBOLS, coder.literal_code);
    uint8_t distance_length[DISTANCE_SYMBOLS] = {0, 0, 1, 1};
    uint32_t distance_code = bpp == 3 ? 0 : 1;
    for (unsigned length = 3; length <= 258; length++) {
        int s = length_symbol(length);
        unsigned huffman = coder.literal_length[257 + s], extra = length_extra[s];
        coder.match_code[length] = coder.literal_code[257 + s] | ((length - length_base[s]) << huffman) | (distance_code << (huffman + extra));
        coder.match_length[length] = (uint8_t)(huffman + extra + 1);
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
    memcpy(lengths, coder.literal_length, SYMBOLS);
    memcpy(lengths + SYMBOLS, distance_length, DISTANCE_SYMBOLS);
    uint32_t length_weights[19] = {0};
    for (int s = 0; s < SYMBOLS + DISTANCE_SYMBOLS; s++) length_weights[lengths[s]]++;
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
    put_bits(&coder, DISTANCE_SYMBOLS - 1, 5);
    put_bits(&coder, (uint64_t)(hclen - 4), 4);
    flush_bits(&coder);
    for (int k = 0; k < hclen; k++) {
        put_bits(&coder, cl_length[order[k]], 3);
        flush_bits(&coder);
    }
    for (int s = 0; s < SYMBOLS + DISTANCE_SYMBOLS; s++) {
        put_bits(&coder, cl_code[lengths[s]], cl_length[lengths[s]]);
        flush_bits(&coder);
    }

    // 3. Every row, filtered and coded while it is in cache.
    uint32_t adler = 1;
    memset(rows[0], 0, n);
    for (size_t y = 0; y < height; y++) {
        uint8_t *prev = rows[y & 1], *cur = rows[(y & 1) ^ 1], filter;
        const uint8_t *f = prepare_row(&im, y, cur, prev, &filter, &ok);
        if (!ok) return NEEDS_ALPHA;
        emit_row(&coder, filter, f, n, bpp);
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
