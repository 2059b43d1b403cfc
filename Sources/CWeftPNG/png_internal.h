#ifndef WEFT_PNG_INTERNAL_H
#define WEFT_PNG_INTERNAL_H

// What the single-pass encoder's files share. Not part of the module's interface.

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <libdeflate.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define WEFT_X86 1
#endif

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

// PNG's framing, shared by both encoders (weft_png.c, png_libdeflate.c).

static inline uint8_t *put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
    return p + 4;
}

// A chunk whose data is already at `start + 8`: writes its length and type before, its CRC after.
static inline uint8_t *finish_chunk(uint8_t *start, const char type[4], size_t length) {
    put32(start, (uint32_t)length);
    memcpy(start + 4, type, 4);
    uint32_t crc = libdeflate_crc32(0, start + 4, 4 + length);
    return put32(start + 8 + length, crc);
}

// 32-byte vectors in clang's vector extensions, for AVX2 code that must stay fast unoptimised:
// at -O0 (SwiftPM's debug builds) every intrinsic is a wrapper whose operands go through the
// stack, while a vector operation or `__builtin_shufflevector` is one instruction. Only for
// functions marked `target("avx2")` (a 32-byte vector crosses a call only where AVX is on), which
// x86 builds call after `weft_cpu_has_avx2()`.
#if WEFT_X86
typedef uint8_t weft_u8x32 __attribute__((vector_size(32)));
typedef uint32_t weft_u32x8 __attribute__((vector_size(32)));
// The same bytes at any alignment, allowed to alias anything (as immintrin.h's `__m256i_u`): a
// load or store through it is one unaligned move even at -O0. Macros, not functions: at -O0 a
// vector handed to even an always-inline function is copied in 8-byte pieces and read back whole,
// a stalled store-to-load forward per call.
typedef uint8_t weft_u8x32_unaligned __attribute__((vector_size(32), aligned(1), may_alias));
#define WEFT_LOAD_U8X32(p) (*(const weft_u8x32_unaligned *)(p))
#define WEFT_STORE_U8X32(p, v) (*(weft_u8x32_unaligned *)(p) = (v))

/// True when every lane of `all` (pixels ANDed together) has alpha 255.
__attribute__((target("avx2"), always_inline)) static inline int weft_all_opaque_u32x8(weft_u32x8 all) {
    uint32_t a = all[0] & all[1] & all[2] & all[3] & all[4] & all[5] & all[6] & all[7];
    return a >> 24 == 0xFF;
}
#endif

// cpu.c

/// True when this CPU runs AVX2 code (asked once).
int weft_cpu_has_avx2(void);

// unpremultiply.c: weft_unpremultiply_rgba's two versions, for callers that choose themselves
// (the encoder's WEFT_PNG_PORTABLE flag). Same bytes.
void weft_unpremultiply_portable(const uint8_t *argb, uint8_t *rgba, size_t width);
#if WEFT_X86
void weft_unpremultiply_avx2(const uint8_t *argb, uint8_t *rgba, size_t width);
#endif

// The filters: a row filtered three ways (Sub, Up, Paeth) into `sub`, `up` and `paeth`, with
// each version's cost (the sum of its bytes read as signed magnitudes, libpng's heuristic).

/// png_rows.c: `cur` filtered against `prev`, both already PNG bytes (each with `bpp` zero bytes
/// before it, in the same buffer: the first pixel's left neighbours). The translucent (RGBA) path.
void weft_png_filter(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                     uint64_t cost[3]);
/// png_rgb_rows.c: `width` cairo ARGB32 pixels of `cur` filtered as RGB against the row `prev`
/// (NULL: zeros, above the first row), read straight from the frame: no conversion pass, no copy.
/// Returns 1 when every pixel of `cur` is opaque (else the bytes are not an RGB image's).
int weft_png_filter_rgb(const uint8_t *cur, const uint8_t *prev, size_t width, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                        uint64_t cost[3]);
#if WEFT_X86
void weft_png_filter_avx2(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                          uint64_t cost[3]);
int weft_png_filter_rgb_avx2(const uint8_t *cur, const uint8_t *prev, size_t width, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                             uint64_t cost[3]);
#endif

// png_libdeflate.c: one row of cairo ARGB32 pixels as `PNGEncoder()` writes it, without its filter
// byte: RGB when `opaque` (returns 0 at a pixel that is not, else 1), else un-premultiplied RGBA
// through `scratch` (width × 4 bytes with 4 zero bytes before it). Filtered with Sub when `sub`,
// else None. `out` needs 32 bytes of slack after the row.
int weft_png_deflate_row(const uint8_t *row, size_t width, int sub, int opaque, uint8_t *scratch, uint8_t *out, int avx2);

// What the portable and AVX2 filters share, so that both choose by the same numbers.
static inline uint8_t weft_paeth_predict(int a, int b, int c) {
    int pa = b > c ? b - c : c - b, pb = a > c ? a - c : c - a, pc = a + b - 2 * c;
    if (pc < 0) pc = -pc;
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    return (uint8_t)(pb <= pc ? b : c);
}

static inline uint64_t weft_magnitude(uint8_t v) { return v < 128 ? v : 256u - v; }

/// Byte `i` of the three filtered versions: `x` with its left, upper and upper-left neighbours.
static inline void weft_filter_byte(uint8_t x, uint8_t a, uint8_t b, uint8_t c, size_t i, uint8_t *sub, uint8_t *up, uint8_t *paeth,
                                    uint64_t cost[3]) {
    sub[i] = (uint8_t)(x - a);
    up[i] = (uint8_t)(x - b);
    paeth[i] = (uint8_t)(x - weft_paeth_predict(a, b, c));
    cost[0] += weft_magnitude(sub[i]);
    cost[1] += weft_magnitude(up[i]);
    cost[2] += weft_magnitude(paeth[i]);
}

#if WEFT_X86
#include <immintrin.h>

/// Paeth's predictor for 32 bytes, in bytes (no widening), after fpnge: with a = min(left, top)
/// and b = max(left, top), the distances are b − c and c − a saturated, and the third their
/// difference. It picks what the portable predictor picks, ties included (checked for all 2^24
/// inputs when it was written): where left and top differ but are equally far from c, c lies between
/// them and is nearer still.
__attribute__((target("avx2"))) static inline __m256i weft_paeth8(__m256i left, __m256i top, __m256i c) {
    __m256i a = _mm256_min_epu8(left, top), b = _mm256_max_epu8(left, top);
    __m256i pa = _mm256_subs_epu8(b, c), pb = _mm256_subs_epu8(c, a);
    __m256i min_pab = _mm256_min_epu8(pa, pb);
    __m256i pc = _mm256_sub_epi8(_mm256_max_epu8(pa, pb), min_pab);
    __m256i min_pabc = _mm256_min_epu8(min_pab, pc);
    __m256i use_a = _mm256_cmpeq_epi8(min_pabc, pa), use_b = _mm256_cmpeq_epi8(min_pabc, pb);
    return _mm256_blendv_epi8(_mm256_blendv_epi8(c, b, use_b), a, use_a);
}
#endif

// png_huffman.c

/// Code lengths of at most `limit` bits for `count` symbols (count ≤ 320).
void weft_png_huffman_lengths(const uint32_t *weights, int count, int limit, uint8_t *lengths);
/// Canonical codes for `lengths`, bit-reversed for deflate's bit order.
void weft_png_canonical_codes(const uint8_t *lengths, int count, uint32_t *codes);

#endif
