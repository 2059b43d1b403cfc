// Rows for the single-pass encoder: cairo ARGB32 words to PNG RGB or un-premultiplied RGBA bytes,
// and the Sub, Up and Paeth filters, in portable C and in AVX2.

#include "png_internal.h"

#include <stdlib.h>

#if WEFT_X86
#include <immintrin.h>
#endif

uint8_t weft_png_unpremultiply[256 * 256];

void weft_png_make_unpremultiply_table(void) {
    for (int a = 1; a < 256; a++) {
        for (int c = 0; c < 256; c++) {
            weft_png_unpremultiply[a << 8 | c] = c > a ? 255 : (uint8_t)((c * 255 + a / 2) / a);
        }
    }
}

// Returns 1 when every pixel of the row is opaque.
int weft_png_convert_rgb(const uint8_t *src, uint8_t *dst, size_t width) {
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

int weft_png_convert_rgba(const uint8_t *src, uint8_t *dst, size_t width) {
    for (size_t x = 0; x < width; x++) {
        uint32_t v = load32(src + 4 * x);
        uint32_t a = v >> 24, r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF;
        if (a != 0xFF) {
            const uint8_t *table = weft_png_unpremultiply + (a << 8);
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

// The left neighbours are read through `cur - bpp` and `prev - bpp`, formed once: those point into
// the zero bytes before each row (see png_internal.h), inside the rows' buffer. Indexing
// `cur[i - bpp]` instead, as this did, wraps `i - bpp` around SIZE_MAX for the first pixel and forms
// `cur + (SIZE_MAX - k)`: undefined behaviour even unread (UBSan's pointer-overflow check).
static void filter_tail(const uint8_t *cur, const uint8_t *prev, size_t from, size_t n, int bpp, uint8_t *sub, uint8_t *up,
                        uint8_t *paeth, uint64_t cost[3]) {
    const uint8_t *left = cur - bpp, *up_left = prev - bpp;
    for (size_t i = from; i < n; i++) {
        uint8_t x = cur[i], a = left[i], b = prev[i], c = up_left[i];
        sub[i] = (uint8_t)(x - a);
        up[i] = (uint8_t)(x - b);
        paeth[i] = (uint8_t)(x - paeth_predict(a, b, c));
        cost[0] += magnitude(sub[i]);
        cost[1] += magnitude(up[i]);
        cost[2] += magnitude(paeth[i]);
    }
}

void weft_png_filter(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                     uint64_t cost[3]) {
    cost[0] = cost[1] = cost[2] = 0;
    filter_tail(cur, prev, 0, n, bpp, sub, up, paeth, cost);
}

#if WEFT_X86
__attribute__((target("avx2"))) int weft_png_convert_rgb_avx2(const uint8_t *src, uint8_t *dst, size_t width) {
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
    return weft_png_convert_rgb(src + 4 * x, dst + 3 * x, width - x) && opaque;
}

__attribute__((target("avx2"))) static inline __m256i paeth16(__m256i a, __m256i b, __m256i c) {
    __m256i bc = _mm256_sub_epi16(b, c), ac = _mm256_sub_epi16(a, c);
    __m256i pa = _mm256_abs_epi16(bc), pb = _mm256_abs_epi16(ac), pc = _mm256_abs_epi16(_mm256_add_epi16(bc, ac));
    __m256i not_a = _mm256_or_si256(_mm256_cmpgt_epi16(pa, pb), _mm256_cmpgt_epi16(pa, pc));
    __m256i b_or_c = _mm256_blendv_epi8(b, c, _mm256_cmpgt_epi16(pb, pc));
    return _mm256_blendv_epi8(a, b_or_c, not_a);
}

__attribute__((target("avx2"))) void weft_png_filter_avx2(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *sub,
                                                        uint8_t *up, uint8_t *paeth, uint64_t cost[3]) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i s0 = zero, s1 = zero, s2 = zero;
    // As in filter_tail: the neighbours through pointers into the zeros before the rows.
    const uint8_t *left = cur - bpp, *up_left = prev - bpp;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(cur + i));
        __m256i a = _mm256_loadu_si256((const __m256i *)(left + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(prev + i));
        __m256i c = _mm256_loadu_si256((const __m256i *)(up_left + i));
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
