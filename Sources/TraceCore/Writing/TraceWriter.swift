// scrolltrace — the streaming trace writer.

/// Writes a trace as it is recorded: the header at once, then each chunk as soon as it is full
/// (or `flush()` is called), then the index on `close()`.
///
/// Each chunk reaches the file in one `write`, so a process killed mid-recording leaves a file
/// whose complete chunks all read back (`TraceReader` in `.recover` mode reports the lost tail).
/// Identical header, events, options and compressor give identical bytes (with libzstd, for the
/// same libzstd version).
///
/// Chunks are compressed by the writer's ``ChunkCompressor``: ``StoredFrames`` stores them as
/// they are, in Swift (what an app without libzstd writes); `TraceIngest` adds the initializers
/// without a compressor, which compress with libzstd at ``Options/compressionLevel``.
public final class TraceWriter {
  /// How a writer chunks and compresses.
  public struct Options: Sendable, Hashable {
    /// The zstd compression level, 1…19.
    ///
    /// Default 3 (zstd's default).
    public var compressionLevel: Int
    /// The most decompressed bytes in one chunk.
    ///
    /// Default 256 KiB; at most
    /// `DecodeLimits.default.maximumChunkSize`.
    public var maximumChunkSize: Int
    /// How each chunk lays out its events.
    ///
    /// Default ``ChunkLayout/columns`` (format 1.1, about a
    /// third smaller); ``ChunkLayout/rows`` writes chunks that readers older than 1.1 read.
    public var chunkLayout: ChunkLayout

    /// Creates options.
    public init(
      compressionLevel: Int = 3, maximumChunkSize: Int = 256 << 10,
      chunkLayout: ChunkLayout = .columns
    ) {
      self.compressionLevel = compressionLevel
      self.maximumChunkSize = maximumChunkSize
      self.chunkLayout = chunkLayout
    }
  }

  private enum Sink {
    case file(SystemFile, path: String)
    case memory
  }

  private var builder: ChunkBuilder
  private var sink: Sink
  private var memory: [UInt8] = []
  private var isClosed = false

  /// Creates (or truncates) the file at `path` and writes the header; chunks are compressed by
  /// `compressor`.
  ///
  /// - Throws: `TraceFormatError`: `io` when the file cannot be created, `invalidValue` for a
  ///   header the format cannot hold.
  public init(
    path: String, header: TraceHeader, options: Options = Options(),
    compressor: any ChunkCompressor
  ) throws {
    builder = try ChunkBuilder(options: options, compressor: compressor)
    let frame = try builder.headerFrame(header)
    let descriptor: SystemFile
    do {
      descriptor = try SystemFile.open(path, .writeTruncating(mode: 0o644))
    } catch {
      throw TraceFormatError(.io, "cannot create the file: \(error)", path: path)
    }
    sink = .file(descriptor, path: path)
    try write(frame)
  }

  /// Creates a writer that keeps the trace in memory, its chunks compressed by `compressor`;
  /// `close()` returns the bytes.
  public init(
    header: TraceHeader, options: Options = Options(), compressor: any ChunkCompressor
  ) throws {
    builder = try ChunkBuilder(options: options, compressor: compressor)
    sink = .memory
    try write(try builder.headerFrame(header))
  }

  deinit {
    if case .file(let descriptor, _) = sink { try? descriptor.close() }
  }

  /// The number of bytes written so far.
  public var bytesWritten: Int64 { builder.offset }

  /// Appends an event.
  ///
  /// - Throws: `TraceFormatError.invalidValue` for an event the format cannot hold (nothing is
  ///   written for it); `io` when the file cannot be written.
  public func append(_ event: TraceEvent) throws {
    precondition(!isClosed, "TraceWriter.append after close()")  // Programmer error, not input.
    if let frame = try builder.append(event) { try write(frame) }
  }

  /// Ends the current chunk and writes it, so that everything appended so far survives a crash.
  public func flush() throws {
    if let frame = try builder.finishChunk() { try write(frame) }
  }

  /// Writes the last chunk and the index, and closes the file.
  ///
  /// - Returns: the trace's bytes for a writer created without a path; otherwise empty.
  @discardableResult
  public func close() throws -> [UInt8] {
    guard !isClosed else { return [] }
    try flush()
    try write(builder.indexFrame())
    isClosed = true
    switch sink {
    case .memory:
      return memory
    case .file(let descriptor, let path):
      do {
        try descriptor.close()
      } catch {
        throw TraceFormatError(.io, "cannot close the file: \(error)", path: path)
      }
      sink = .memory
      return []
    }
  }

  private func write(_ bytes: [UInt8]) throws(TraceFormatError) {
    switch sink {
    case .memory:
      memory.append(contentsOf: bytes)
    case .file(let descriptor, let path):
      do {
        _ = try bytes.withUnsafeBytes { try descriptor.writeAll($0) }
      } catch {
        throw TraceFormatError(.io, "cannot write: \(error)", path: path)
      }
    }
  }
}

@available(*, unavailable)
extension TraceWriter: Sendable {}

extension TraceWriter {
  /// Encodes a whole trace in memory, its chunks compressed by `compressor`.
  ///
  /// - Throws: `TraceFormatError.invalidValue` for a header or event the format cannot hold.
  public static func encode(
    header: TraceHeader, events: some Sequence<TraceEvent>, options: Options = Options(),
    compressor: any ChunkCompressor
  ) throws -> [UInt8] {
    let writer = try TraceWriter(header: header, options: options, compressor: compressor)
    for event in events { try writer.append(event) }
    return try writer.close()
  }
}
