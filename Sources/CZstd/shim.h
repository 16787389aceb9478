// The only C surface scrolltrace uses: libzstd's stable API and its error codes.
#include <zstd.h>
#include <zstd_errors.h>
