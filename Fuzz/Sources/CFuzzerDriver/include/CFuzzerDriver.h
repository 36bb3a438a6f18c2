#ifndef SCREENKIT_CFUZZERDRIVER_H
#define SCREENKIT_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver (the command line, the corpus, the loop) over this executable's
/// `LLVMFuzzerTestOneInput`; returns the process's exit status.
int ScreenKitFuzzerMain(int argc, char **argv);

#endif
