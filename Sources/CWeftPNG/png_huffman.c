// Huffman code lengths (length-limited) and canonical codes for the single-pass encoder.

#include "png_internal.h"

#include <stdlib.h>

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
void weft_png_huffman_lengths(const uint32_t *weights, int count, int limit, uint8_t *lengths) {
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
void weft_png_canonical_codes(const uint8_t *lengths, int count, uint32_t *codes) {
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
