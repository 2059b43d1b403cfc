// The Sub, Up and Paeth filters of rows already in PNG's bytes (the translucent frames' RGBA rows,
// un-premultiplied by unpremultiply.c), in portable C and in AVX2. Opaque frames take
// png_rgb_rows.c, which reads cairo's words directly.

#include "png_internal.h"

#include <stdlib.h>

#if WEFT_X86
#include <immintrin.h>
#endif

// ---------------------------------------------------------------------------------------------
// Filters. Each row is filtered three ways (Sub, Up, Paeth) in one pass; the cost of each is the
// sum of its bytes read as signed magnitudes (libpng's heuristic), and the cheapest wins, ties
// going to Up, then Sub. The portable and AVX2 versions compute the same bytes and costs, so the
// files are identical on every CPU.

// The left neighbours are read through `cur - bpp` and `prev - bpp`, formed once: those point into
// the zero bytes before each row (see png_internal.h), inside the rows' buffer. Indexing
// `cur[i - bpp]` instead, as this did, wraps `i - bpp` around SIZE_MAX for the first pixel and forms
// `cur + (SIZE_MAX - k)`: undefined behaviour even unread (UBSan's pointer-overflow check).
static void filter_tail(const uint8_t *cur, const uint8_t *prev, size_t from, size_t n, int bpp, uint8_t *sub, uint8_t *up,
                        uint8_t *paeth, uint64_t cost[3]) {
    const uint8_t *left = cur - bpp, *up_left = prev - bpp;
    for (size_t i = from; i < n; i++) {
        weft_filter_byte(cur[i], left[i], prev[i], up_left[i], i, sub, up, paeth, cost);
    }
}

void weft_png_filter(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                     uint64_t cost[3]) {
    cost[0] = cost[1] = cost[2] = 0;
    filter_tail(cur, prev, 0, n, bpp, sub, up, paeth, cost);
}

#if WEFT_X86
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
        __m256i fp = _mm256_sub_epi8(x, weft_paeth8(a, b, c));
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
