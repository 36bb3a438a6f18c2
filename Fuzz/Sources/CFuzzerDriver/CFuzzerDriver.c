#include "CFuzzerDriver.h"

// Both come from the link: libFuzzer's public driver (linked by `-sanitize=fuzzer`) and the
// target's own Swift `@_cdecl("LLVMFuzzerTestOneInput")` function.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int ScreenKitFuzzerMain(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
