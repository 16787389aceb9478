// scrolltrace — writers that compress with libzstd, at the options' compression level.

extension TraceWriter {
  /// Creates (or truncates) the file at `path` and writes the header; chunks are compressed by
  /// libzstd at `options.compressionLevel`.
  ///
  /// - Throws: `TraceFormatError`: `io` when the file cannot be created, `invalidValue` for a
  ///   header the format cannot hold, `compressionFailed` for a level libzstd refuses.
  public convenience init(path: String, header: TraceHeader, options: Options = Options()) throws {
    try self.init(
      path: path, header: header, options: options,
      compressor: ZstdCompressor(level: options.compressionLevel))
  }

  /// Creates a writer that keeps the trace in memory, compressed by libzstd; `close()` returns
  /// the bytes.
  ///
  /// - Throws: as ``init(path:header:options:)``.
  public convenience init(header: TraceHeader, options: Options = Options()) throws {
    try self.init(
      header: header, options: options, compressor: ZstdCompressor(level: options.compressionLevel))
  }

  /// Encodes a whole trace in memory, compressed by libzstd.
  ///
  /// - Throws: `TraceFormatError.invalidValue` for a header or event the format cannot hold.
  public static func encode(
    header: TraceHeader, events: some Sequence<TraceEvent>, options: Options = Options()
  ) throws -> [UInt8] {
    try encode(
      header: header, events: events, options: options,
      compressor: ZstdCompressor(level: options.compressionLevel))
  }
}
