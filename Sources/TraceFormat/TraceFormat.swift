// scrolltrace — the trace format with libzstd: everything `TraceCore` holds, chunks compressed
// and decompressed by libzstd, touch-log importers and the gesture-script synthesizer.

@_exported public import TraceCore
