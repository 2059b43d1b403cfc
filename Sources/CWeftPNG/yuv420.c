// ARGB32 to yuv420p for mp4 (weft_yuv420.h): one pair of rows at a time, portable C or AVX2,
// the same integer arithmetic in both so that the bytes never depend on the CPU.
//
// Why C: the conversion runs on every pixel of every frame (3 Mpx a frame at 1170×2532) on the
// frame driver's workers, while ffmpeg's x264 threads want the same two cores; the scalar Swift
// loop it replaces was half of Weft's processor time in an mp4 run.

#include "weft_yuv420.h"

#include "png_internal.h"

#if WEFT_X86
#include <immintrin.h>
#endif

#define LUMA_ROUND ((16 << 16) + (1 << 15))
#define CHROMA_ROUND ((128 << 18) + (1 << 17))

static inline uint8_t luma(uint32_t p) {
    int r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
    return (uint8_t)((11966 * r + 40254 * g + 4064 * b + LUMA_ROUND) >> 16);
}

// Pixels `from` to `width` (even) of the rows `top` and `bottom`, in the portable arithmetic.
static void rows_portable(const uint8_t *top, const uint8_t *bottom, size_t from, size_t width, uint8_t *y0, uint8_t *y1, uint8_t *cb,
                          uint8_t *cr) {
    for (size_t x = from; x < width; x += 2) {
        uint32_t p0 = load32(top + 4 * x), p1 = load32(top + 4 * x + 4), p2 = load32(bottom + 4 * x), p3 = load32(bottom + 4 * x + 4);
        y0[x] = luma(p0);
        y0[x + 1] = luma(p1);
        y1[x] = luma(p2);
        y1[x + 1] = luma(p3);
        int r = (int)(((p0 >> 16) & 0xFF) + ((p1 >> 16) & 0xFF) + ((p2 >> 16) & 0xFF) + ((p3 >> 16) & 0xFF));
        int g = (int)(((p0 >> 8) & 0xFF) + ((p1 >> 8) & 0xFF) + ((p2 >> 8) & 0xFF) + ((p3 >> 8) & 0xFF));
        int b = (int)((p0 & 0xFF) + (p1 & 0xFF) + (p2 & 0xFF) + (p3 & 0xFF));
        // Never negative: the smallest sum is −(6596 + 22188) × 1020 + (128 << 18) > 0.
        cb[x / 2] = (uint8_t)((-6596 * r - 22188 * g + 28784 * b + CHROMA_ROUND) >> 18);
        cr[x / 2] = (uint8_t)((28784 * r - 26145 * g - 2639 * b + CHROMA_ROUND) >> 18);
    }
}

#if WEFT_X86
// Sixteen pixels a row at a time. Each 32-bit pixel B, G, R, A (little-endian) is split once into
// two 16-bit pairs, (B, R) and (G, A), which both luma and chroma use; `_mm256_madd_epi16`
// multiplies a pair by two signed 16-bit coefficients and adds, exactly, into 32 bits. Every
// coefficient fits a signed 16-bit word but luma's 40254 for G, which is applied as 20127 × G
// doubled. Chroma adds each column's two rows, then neighbouring columns (32-bit lanes of two
// 16-bit sums, at most 1020 each, so no carry crosses between them), then multiplies once.

// Y of eight pixels as 32-bit words, from their (B, R) and (G, A) pairs.
__attribute__((target("avx2"))) static inline __m256i luma8(__m256i br, __m256i ga) {
    const __m256i bR = _mm256_set1_epi32((11966 << 16) | 4064), g = _mm256_set1_epi32(20127);
    __m256i green = _mm256_madd_epi16(ga, g);
    __m256i sum = _mm256_add_epi32(_mm256_madd_epi16(br, bR), _mm256_add_epi32(green, green));
    return _mm256_srli_epi32(_mm256_add_epi32(sum, _mm256_set1_epi32(LUMA_ROUND)), 16);
}

// Sixteen 32-bit words (each 0–255) as sixteen bytes, in order.
__attribute__((target("avx2"))) static inline __m128i bytes16(__m256i a, __m256i b) {
    __m256i words = _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8);
    return _mm_packus_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
}

// One chroma plane's eight samples from the 2×2 sums of eight pixel blocks, in order (`br`: B
// and R, `ga`: G and A, 16-bit each), coefficients `cBR` (B low, R high) and `cG`.
__attribute__((target("avx2"))) static inline __m128i chroma8(__m256i br, __m256i ga, __m256i cBR, __m256i cG) {
    __m256i sums = _mm256_add_epi32(_mm256_madd_epi16(br, cBR), _mm256_madd_epi16(ga, cG));
    __m256i v = _mm256_srai_epi32(_mm256_add_epi32(sums, _mm256_set1_epi32(CHROMA_ROUND)), 18);
    __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return _mm_packus_epi16(words, words);
}

__attribute__((target("avx2"))) static void rows_avx2(const uint8_t *top, const uint8_t *bottom, size_t width, uint8_t *y0, uint8_t *y1,
                                                     uint8_t *cb, uint8_t *cr) {
    const __m256i lowBytes = _mm256_set1_epi32(0x00FF00FF);
    const __m256i cbBR = _mm256_set1_epi32((int)((uint32_t)(-6596 & 0xFFFF) << 16 | 28784)), cbG = _mm256_set1_epi32(-22188 & 0xFFFF);
    const __m256i crBR = _mm256_set1_epi32((int)((uint32_t)28784 << 16 | (uint32_t)(-2639 & 0xFFFF))), crG = _mm256_set1_epi32(-26145 & 0xFFFF);
    size_t x = 0;
    for (; x + 16 <= width; x += 16) {
        __m256i t0 = _mm256_loadu_si256((const __m256i *)(top + 4 * x)), t1 = _mm256_loadu_si256((const __m256i *)(top + 4 * x + 32));
        __m256i b0 = _mm256_loadu_si256((const __m256i *)(bottom + 4 * x)), b1 = _mm256_loadu_si256((const __m256i *)(bottom + 4 * x + 32));
        __m256i brT0 = _mm256_and_si256(t0, lowBytes), gaT0 = _mm256_and_si256(_mm256_srli_epi32(t0, 8), lowBytes);
        __m256i brT1 = _mm256_and_si256(t1, lowBytes), gaT1 = _mm256_and_si256(_mm256_srli_epi32(t1, 8), lowBytes);
        __m256i brB0 = _mm256_and_si256(b0, lowBytes), gaB0 = _mm256_and_si256(_mm256_srli_epi32(b0, 8), lowBytes);
        __m256i brB1 = _mm256_and_si256(b1, lowBytes), gaB1 = _mm256_and_si256(_mm256_srli_epi32(b1, 8), lowBytes);
        _mm_storeu_si128((__m128i *)(y0 + x), bytes16(luma8(brT0, gaT0), luma8(brT1, gaT1)));
        _mm_storeu_si128((__m128i *)(y1 + x), bytes16(luma8(brB0, gaB0), luma8(brB1, gaB1)));
        // Columns: the two rows added. Blocks: neighbouring columns added (per 128-bit half, the
        // first vector's two blocks then the second's), reordered to blocks 0–7.
        __m256i br = _mm256_hadd_epi32(_mm256_add_epi16(brT0, brB0), _mm256_add_epi16(brT1, brB1));
        __m256i ga = _mm256_hadd_epi32(_mm256_add_epi16(gaT0, gaB0), _mm256_add_epi16(gaT1, gaB1));
        br = _mm256_permute4x64_epi64(br, 0xD8);
        ga = _mm256_permute4x64_epi64(ga, 0xD8);
        _mm_storel_epi64((__m128i *)(cb + x / 2), chroma8(br, ga, cbBR, cbG));
        _mm_storel_epi64((__m128i *)(cr + x / 2), chroma8(br, ga, crBR, crG));
    }
    rows_portable(top, bottom, x, width, y0, y1, cb, cr);
}
#endif

int weft_yuv420_has_avx2(void) { return weft_cpu_has_avx2(); }

void weft_yuv420(const uint8_t *argb, size_t stride, size_t width, size_t height, uint8_t *y, uint8_t *cb, uint8_t *cr, int flags) {
    // The rows' addresses, a band of them at a time, for the conversion below.
    const uint8_t *rows[256];
    for (size_t first = 0; first < height; first += 256) {
        size_t count = height - first < 256 ? height - first : 256;
        for (size_t r = 0; r < count; r++) rows[r] = argb + (first + r) * stride;
        weft_yuv420_rows(rows, width, count, y + first * width, cb + first / 2 * (width / 2), cr + first / 2 * (width / 2), flags);
    }
}

void weft_yuv420_rows(const uint8_t *const *rows, size_t width, size_t height, uint8_t *y, uint8_t *cb, uint8_t *cr, int flags) {
    int simd = 0;
#if WEFT_X86
    simd = !(flags & WEFT_YUV420_PORTABLE) && weft_cpu_has_avx2();
#endif
    (void)flags;
    size_t half = width / 2;
    for (size_t pair = 0; pair < height / 2; pair++) {
        const uint8_t *top = rows[2 * pair], *bottom = rows[2 * pair + 1];
        uint8_t *y0 = y + 2 * pair * width, *y1 = y0 + width, *u = cb + pair * half, *v = cr + pair * half;
#if WEFT_X86
        if (simd) {
            rows_avx2(top, bottom, width, y0, y1, u, v);
            continue;
        }
#endif
        (void)simd;
        rows_portable(top, bottom, 0, width, y0, y1, u, v);
    }
}
