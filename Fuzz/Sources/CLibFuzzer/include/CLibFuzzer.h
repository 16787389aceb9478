// scrolltrace fuzz suite — libFuzzer's driver, called from each harness's own entry symbol.
//
// SwiftPM links an executable target with `main` defined as `<Target>_main`, so a harness cannot
// use libFuzzer's own `main`. Each harness defines `<Target>_main` instead and hands its input
// callback to LLVMFuzzerRunDriver (https://llvm.org/docs/LibFuzzer.html#using-libfuzzer-as-a-library).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
