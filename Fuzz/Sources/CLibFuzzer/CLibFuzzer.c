// The declaration in include/CLibFuzzer.h is all this target holds; libFuzzer itself comes from
// `-sanitize=fuzzer`.
#include "CLibFuzzer.h"
