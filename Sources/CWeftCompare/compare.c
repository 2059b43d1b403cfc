// Golden comparison (CWeftCompare.h). The colour distance is written to compute, operation by
// operation, what WeftTesting's Swift did before it moved here, so the ΔE figures in failure
// messages stay the same: no contraction into fused multiply-adds, the same libm calls.

#include "CWeftCompare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#pragma clang fp contract(off)

static inline uint32_t load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline double maximum(double x, double y) { return y >= x ? y : x; }

// sRGB channel `shift` of a premultiplied pixel over white, linearised.
static double channel(uint32_t pixel, double alpha, int shift) {
    double premultiplied = (double)((pixel >> shift) & 0xFF) / 255;
    double srgb = premultiplied + (1 - alpha);
    return srgb <= 0.04045 ? srgb / 12.92 : pow((srgb + 0.055) / 1.055, 2.4);
}

static inline double lab_f(double t) { return t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116; }

// Lab (D65) of a premultiplied pixel over white.
static void lab(uint32_t pixel, double out[3]) {
    double alpha = (double)(pixel >> 24) / 255;
    double r = channel(pixel, alpha, 16), g = channel(pixel, alpha, 8), b = channel(pixel, alpha, 0);
    double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    out[0] = 116 * lab_f(y) - 16;
    out[1] = 500 * (lab_f(x) - lab_f(y));
    out[2] = 200 * (lab_f(y) - lab_f(z));
}

double weft_delta_e94(uint32_t a, uint32_t b) {
    double p[3], q[3];
    lab(a, p);
    lab(b, q);
    double dL = p[0] - q[0];
    double c1 = sqrt(p[1] * p[1] + p[2] * p[2]), c2 = sqrt(q[1] * q[1] + q[2] * q[2]);
    double dC = c1 - c2;
    double dA = p[1] - q[1], dB = p[2] - q[2];
    double dH2 = maximum(0, dA * dA + dB * dB - dC * dC);
    double sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1;
    int alphaDifference = (int)(a >> 24) - (int)(b >> 24);
    double alphaPenalty = (double)(alphaDifference < 0 ? -alphaDifference : alphaDifference) / 255 * 100;
    return maximum(sqrt(dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)), alphaPenalty);
}

void weft_compare(const uint8_t *expected, size_t expected_stride, const uint8_t *actual, size_t actual_stride, size_t width,
                  size_t height, int exact, double maximum_delta_e, uint8_t *mask, weft_comparison *result) {
    size_t differing = 0;
    double largest = 0;
    if (mask) memset(mask, 0, width * height);
    for (size_t y = 0; y < height; y++) {
        const uint8_t *e = expected + y * expected_stride, *a = actual + y * actual_stride;
        // Equal rows, the usual case even in a failing comparison, are skipped whole.
        if (memcmp(e, a, width * 4) == 0) continue;
        for (size_t x = 0; x < width; x++) {
            uint32_t p = load32(e + 4 * x), q = load32(a + 4 * x);
            if (p == q) continue;
            double distance = weft_delta_e94(p, q);
            largest = maximum(largest, distance);
            if (exact || distance > maximum_delta_e) {
                if (mask) mask[y * width + x] = 1;
                differing++;
            }
        }
    }
    result->differing = differing;
    result->largest_delta_e = largest;
}

void weft_compare_mark(uint8_t *pixels, size_t stride, const uint8_t *mask, size_t width, size_t height, uint32_t color) {
    for (size_t y = 0; y < height; y++) {
        const uint8_t *m = mask + y * width;
        uint8_t *row = pixels + y * stride;
        for (size_t x = 0; x < width; x++) {
            if (m[x]) memcpy(row + 4 * x, &color, 4);
        }
    }
}

// The first of `n` pixels whose centre, (i + 0.5) / scale, is at least `bound`: estimated, then
// moved by the very comparison the regions use, so that rounding cannot put a pixel on the wrong side.
static size_t first_at_least(double bound, double scale, size_t n) {
    if (isnan(bound) || bound == INFINITY) return n;
    if (bound == -INFINITY) return 0;
    double estimate = ceil(bound * scale - 0.5);
    size_t i = estimate <= 0 ? 0 : estimate >= (double)n ? n : (size_t)estimate;
    while (i > 0 && ((double)(i - 1) + 0.5) / scale >= bound) i--;
    while (i < n && ((double)i + 0.5) / scale < bound) i++;
    return i;
}

int weft_compare_attribute(const uint8_t *mask, size_t width, size_t height, double scale, const double *rects, size_t count,
                           size_t *counts) {
    memset(counts, 0, (count + 1) * sizeof(size_t));
    // Each region's pixel columns [x0, x1) and rows [y0, y1).
    size_t *spans = malloc((count > 0 ? count : 1) * 4 * sizeof(size_t));
    // The region that owns each pixel of the current row: its index + 1, or 0 for none.
    size_t *owner = malloc((width > 0 ? width : 1) * sizeof(size_t));
    if (!spans || !owner) {
        free(spans);
        free(owner);
        return -1;
    }
    for (size_t r = 0; r < count; r++) {
        const double *rect = rects + 4 * r;
        spans[4 * r] = first_at_least(rect[0], scale, width);
        spans[4 * r + 1] = first_at_least(rect[2], scale, width);
        spans[4 * r + 2] = first_at_least(rect[1], scale, height);
        spans[4 * r + 3] = first_at_least(rect[3], scale, height);
    }
    for (size_t y = 0; y < height; y++) {
        const uint8_t *m = mask + y * width;
        if (!memchr(m, 1, width)) continue;
        memset(owner, 0, width * sizeof(size_t));
        // In drawing order, so the last region over a pixel owns it.
        for (size_t r = 0; r < count; r++) {
            if (y < spans[4 * r + 2] || y >= spans[4 * r + 3]) continue;
            for (size_t x = spans[4 * r]; x < spans[4 * r + 1]; x++) owner[x] = r + 1;
        }
        for (size_t x = 0; x < width; x++) {
            if (!m[x]) continue;
            if (owner[x]) counts[owner[x] - 1]++;
            else counts[count]++;
        }
    }
    free(spans);
    free(owner);
    return 0;
}
