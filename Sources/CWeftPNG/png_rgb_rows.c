// Opaque rows: cairo's ARGB32 words filtered straight to RGB. The Sub, Up and Paeth filters read
// the frame's pixels where cairo left them (the row, and the row above) and drop alpha as they
// store, so an opaque frame is never converted to RGB first nor copied: the conversion pass and
// its buffer cost a fifth of the encoder's time (measured on the bench feed at 1170×2532). Each
// byte and cost equals what png_rows.c computes on the converted row, so the files are the same.
// The opacity check is part of the same pass.

#include "png_internal.h"

// Pixels `from` to `width`: the portable code, and the AVX2 code's last pixels.
static inline int filter_rgb_tail(const uint8_t *cur, const uint8_t *prev, size_t from, size_t width, uint8_t *sub, uint8_t *up,
                                  uint8_t *paeth, uint64_t cost[3]) {
    // The pixel to the left of `from`, and the one above that (zeros before the first pixel and above
    // the first row, as PNG's filters define them).
    uint32_t left = from > 0 ? load32(cur + 4 * (from - 1)) : 0;
    uint32_t up_left = from > 0 && prev ? load32(prev + 4 * (from - 1)) : 0;
    uint32_t all = 0xFFFFFFFFu;
    for (size_t x = from; x < width; x++) {
        uint32_t v = load32(cur + 4 * x), above = prev ? load32(prev + 4 * x) : 0;
        all &= v;
        // R, G, B: the native-endian word's bits 16, 8 and 0, whatever the byte order.
        for (int k = 0; k < 3; k++) {
            int shift = 16 - 8 * k;
            weft_filter_byte((uint8_t)(v >> shift), (uint8_t)(left >> shift), (uint8_t)(above >> shift), (uint8_t)(up_left >> shift),
                             3 * x + (size_t)k, sub, up, paeth, cost);
        }
        left = v;
        up_left = above;
    }
    return all >> 24 == 0xFF;
}

int weft_png_filter_rgb(const uint8_t *cur, const uint8_t *prev, size_t width, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                        uint64_t cost[3]) {
    cost[0] = cost[1] = cost[2] = 0;
    return filter_rgb_tail(cur, prev, 0, width, sub, up, paeth, cost);
}

#if WEFT_X86
// Eight pixels, B, G, R, A bytes each on this little-endian CPU, filtered as they stand (every
// filter works byte by byte within a channel, so the layout does not change a byte), then reordered
// to R, G, B with alpha dropped. The shuffle zeros each lane's last 4 bytes, so the costs, summed
// after it, count no alpha.
typedef struct {
    __m256i order, s0, s1, s2, all;
} rgb_state_t;

__attribute__((target("avx2"))) static inline void filter_rgb_block(rgb_state_t *st, __m256i x, __m256i a, __m256i b, __m256i c,
                                                                   uint8_t *sub, uint8_t *up, uint8_t *paeth) {
    const __m256i zero = _mm256_setzero_si256();
    st->all = _mm256_and_si256(st->all, x);
    __m256i fs = _mm256_sub_epi8(x, a), fu = _mm256_sub_epi8(x, b);
    __m256i fp = _mm256_sub_epi8(x, weft_paeth8(a, b, c));
    fs = _mm256_shuffle_epi8(fs, st->order);
    fu = _mm256_shuffle_epi8(fu, st->order);
    fp = _mm256_shuffle_epi8(fp, st->order);
    // 12 bytes from each lane; the second store overwrites the first's 4 spare bytes, and the
    // block's last 4 spill past it: into the next block, or past the row (the buffers have slack,
    // and what follows a row is written after it).
    _mm_storeu_si128((__m128i *)sub, _mm256_castsi256_si128(fs));
    _mm_storeu_si128((__m128i *)(sub + 12), _mm256_extracti128_si256(fs, 1));
    _mm_storeu_si128((__m128i *)up, _mm256_castsi256_si128(fu));
    _mm_storeu_si128((__m128i *)(up + 12), _mm256_extracti128_si256(fu, 1));
    _mm_storeu_si128((__m128i *)paeth, _mm256_castsi256_si128(fp));
    _mm_storeu_si128((__m128i *)(paeth + 12), _mm256_extracti128_si256(fp, 1));
    st->s0 = _mm256_add_epi64(st->s0, _mm256_sad_epu8(_mm256_abs_epi8(fs), zero));
    st->s1 = _mm256_add_epi64(st->s1, _mm256_sad_epu8(_mm256_abs_epi8(fu), zero));
    st->s2 = _mm256_add_epi64(st->s2, _mm256_sad_epu8(_mm256_abs_epi8(fp), zero));
}

// The pixels before each of eight: the first block's left neighbours are a zero, then its own first
// seven pixels (no load before the row's start).
__attribute__((target("avx2"))) static inline __m256i shifted_in_zero(__m256i v) {
    __m256i shifted = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6));
    return _mm256_blend_epi32(shifted, _mm256_setzero_si256(), 0x01);
}

__attribute__((target("avx2"))) int weft_png_filter_rgb_avx2(const uint8_t *cur, const uint8_t *prev, size_t width, uint8_t *sub,
                                                           uint8_t *up, uint8_t *paeth, uint64_t cost[3]) {
    rgb_state_t st;
    st.order = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1,
                                -1, -1);
    st.s0 = st.s1 = st.s2 = _mm256_setzero_si256();
    st.all = _mm256_set1_epi8(-1);
    size_t x = 0;
    if (width >= 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)cur);
        __m256i b = prev ? _mm256_loadu_si256((const __m256i *)prev) : _mm256_setzero_si256();
        filter_rgb_block(&st, v, shifted_in_zero(v), b, shifted_in_zero(b), sub, up, paeth);
        x = 8;
    }
    // Two loops, so that the one for rows with a row above has no branch inside.
    if (prev) {
        for (; x + 8 <= width; x += 8) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(cur + 4 * x));
            __m256i a = _mm256_loadu_si256((const __m256i *)(cur + 4 * x - 4));
            __m256i b = _mm256_loadu_si256((const __m256i *)(prev + 4 * x));
            __m256i c = _mm256_loadu_si256((const __m256i *)(prev + 4 * x - 4));
            filter_rgb_block(&st, v, a, b, c, sub + 3 * x, up + 3 * x, paeth + 3 * x);
        }
    } else {
        const __m256i zero = _mm256_setzero_si256();
        for (; x + 8 <= width; x += 8) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(cur + 4 * x));
            __m256i a = _mm256_loadu_si256((const __m256i *)(cur + 4 * x - 4));
            filter_rgb_block(&st, v, a, zero, zero, sub + 3 * x, up + 3 * x, paeth + 3 * x);
        }
    }
    uint64_t lanes[4];
    __m256i sums[3] = {st.s0, st.s1, st.s2};
    for (int k = 0; k < 3; k++) {
        _mm256_storeu_si256((__m256i *)lanes, sums[k]);
        cost[k] = lanes[0] + lanes[1] + lanes[2] + lanes[3];
    }
    // Every alpha byte (the top of each word) 255 so far?
    int opaque = _mm256_testc_si256(st.all, _mm256_set1_epi32((int)0xFF000000u));
    return filter_rgb_tail(cur, prev, x, width, sub, up, paeth, cost) && opaque;
}
#endif
