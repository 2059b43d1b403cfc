// cairo's un-premultiply rule (weft_unpremultiply.h): the table and the row conversion that the
// single-pass encoder's RGBA rows, the libdeflate path and raw RGBA frames all go through, so the
// three cannot drift apart.

#include "weft_unpremultiply.h"

#include "png_internal.h"

#include <pthread.h>

#if WEFT_X86
#include <immintrin.h>
#endif

// Written once under `table_once`, read-only after: pthread_once orders the writes before every
// reader that passed through it.
static uint8_t table[256 * 256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void make_table(void) {
    for (int a = 1; a < 256; a++) {
        for (int c = 0; c < 256; c++) table[a << 8 | c] = c > a ? 255 : (uint8_t)((c * 255 + a / 2) / a);
    }
}

const uint8_t *weft_unpremultiply_table(void) {
    pthread_once(&table_once, make_table);
    return table;
}

// Pixels `from` to `width`, one at a time through the table.
static inline void unpremultiply_tail(const uint8_t *t, const uint8_t *argb, uint8_t *rgba, size_t from, size_t width) {
    for (size_t x = from; x < width; x++) {
        uint32_t v = load32(argb + 4 * x);
        uint32_t a = v >> 24, r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF;
        if (a != 0xFF) {
            const uint8_t *row = t + (a << 8);
            r = row[r];
            g = row[g];
            b = row[b];
        }
        rgba[4 * x] = (uint8_t)r;
        rgba[4 * x + 1] = (uint8_t)g;
        rgba[4 * x + 2] = (uint8_t)b;
        rgba[4 * x + 3] = (uint8_t)a;
    }
}

#if WEFT_X86
// Eight pixels at a time: a block whose alpha bytes are all 255 needs only its bytes reordered
// (B, G, R, A to R, G, B, A on this little-endian CPU); any other block goes through the table.
// UI frames are mostly opaque even where some pixels are not, so most blocks take the shuffle.
__attribute__((target("avx2"))) void weft_unpremultiply_avx2(const uint8_t *argb, uint8_t *rgba, size_t width) {
    const uint8_t *t = weft_unpremultiply_table();
    const __m256i order = _mm256_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15, 2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14,
                                           13, 12, 15);
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
    size_t x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(argb + 4 * x));
        if (_mm256_testc_si256(v, alpha)) {
            _mm256_storeu_si256((__m256i *)(rgba + 4 * x), _mm256_shuffle_epi8(v, order));
        } else {
            unpremultiply_tail(t, argb, rgba, x, x + 8);
        }
    }
    unpremultiply_tail(t, argb, rgba, x, width);
}
#endif

void weft_unpremultiply_portable(const uint8_t *argb, uint8_t *rgba, size_t width) {
    unpremultiply_tail(weft_unpremultiply_table(), argb, rgba, 0, width);
}

void weft_unpremultiply_rgba(const uint8_t *argb, uint8_t *rgba, size_t width) {
#if WEFT_X86
    if (weft_cpu_has_avx2()) {
        weft_unpremultiply_avx2(argb, rgba, width);
        return;
    }
#endif
    weft_unpremultiply_portable(argb, rgba, width);
}
