// scrolltrace — readers that decompress with libzstd: every trace, however it was compressed.

extension TraceReader {
  /// Opens the trace at `path` and reads its header (and its index, when it has one); chunks
  /// are decompressed by libzstd.
  ///
  /// - Throws: `TraceFormatError`: `io` when the file cannot be opened; in `.strict` mode any
  ///   damage to the header or index.
  public convenience init(
    path: String, mode: Mode = .strict, limits: DecodeLimits = .default
  ) throws {
    try self.init(path: path, mode: mode, limits: limits, decompressor: ZstdDecompressor())
  }

  /// Reads a trace held in memory, decompressing its chunks with libzstd; `name` stands for the
  /// path in error messages.
  ///
  /// - Throws: `TraceFormatError`, as ``init(path:mode:limits:)``.
  public convenience init(
    bytes: [UInt8], name: String = "<memory>", mode: Mode = .strict,
    limits: DecodeLimits = .default
  ) throws {
    try self.init(
      bytes: bytes, name: name, mode: mode, limits: limits, decompressor: ZstdDecompressor())
  }
}
