// scrolltrace — how traces come in: chunks compressed and decompressed by libzstd, touch logs and
// Android's frame timing imported, gesture scripts synthesized. Re-exports `TraceCore`, the format
// itself.

@_exported public import TraceCore
