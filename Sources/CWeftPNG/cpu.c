// Which SIMD code this CPU runs: asked once, the same answer for every caller.

#include "png_internal.h"

#include <pthread.h>

static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;
// Written once under `cpu_once`, read-only after.
static int avx2;

static void ask_cpu(void) {
#if WEFT_X86
    __builtin_cpu_init();
    avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
#endif
}

int weft_cpu_has_avx2(void) {
    pthread_once(&cpu_once, ask_cpu);
    return avx2;
}
