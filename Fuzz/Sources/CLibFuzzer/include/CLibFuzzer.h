// libFuzzer's entry for programs that keep their own main (SwiftPM gives every executable one).
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

typedef int (*LLVMFuzzerCallback)(const uint8_t *data, size_t size);
int LLVMFuzzerRunDriver(int *argc, char ***argv, LLVMFuzzerCallback callback);

#endif
