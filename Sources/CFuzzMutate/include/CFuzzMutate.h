#include <stddef.h>
#include <stdint.h>

/// libFuzzer's own mutator when the program runs under libFuzzer; otherwise it leaves the
/// data as it is and returns `size`, so targets built without the fuzzer still link.
size_t wave_fuzzer_mutate(uint8_t *data, size_t size, size_t max_size);
