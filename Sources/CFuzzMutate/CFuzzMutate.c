#include "CFuzzMutate.h"

// Weak: defined by libFuzzer when the target is built with -sanitize=fuzzer, absent otherwise.
extern size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));

size_t wave_fuzzer_mutate(uint8_t *data, size_t size, size_t max_size) {
    if (LLVMFuzzerMutate) return LLVMFuzzerMutate(data, size, max_size);
    return size;
}
