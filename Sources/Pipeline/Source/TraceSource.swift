// scrolltrace — a trace to replay: a file, or bytes already read.

public import TraceIngest

/// A trace to replay: a file read as it is replayed, or a file's bytes already in memory.
///
/// A comparison replays each trace many times (two engines, repetitions), so it reads the file
/// once into memory (``loaded(_:limit:)``): a pipe or FIFO can be read only once, and a file that
/// changes between two reads would compare two different traces. A trace in memory costs its
/// compressed size, about 3 bytes an event.
public struct TraceSource: Sendable, Hashable {
  /// The path as given, used in reports and messages.
  public var path: String
  private var bytes: [UInt8]?

  /// The trace at `path`, read as it is replayed.
  public init(path: String) {
    self.path = path
    bytes = nil
  }

  /// A trace's bytes already read, named `path`.
  public init(bytes: [UInt8], path: String) {
    self.path = path
    self.bytes = bytes
  }

  /// Whether the trace's bytes are in memory.
  public var isLoaded: Bool { bytes != nil }

  /// The trace at `path` read whole into memory, once, with at most `limit` bytes.
  ///
  /// - Throws: ``PipelineError`` with `unreadable` when the file cannot be
  ///   opened or read, or `tooLarge` past `limit`.
  public static func loaded(_ path: String, limit: Int64) throws -> TraceSource {
    do {
      return TraceSource(bytes: try WholeFile.read(path, limit: limit, what: "trace"), path: path)
    } catch {
      throw PipelineError(
        error.code == .tooLarge ? .tooLarge : .unreadable, error.reason, path: path)
    }
  }

  /// A reader of the trace with `settings`' mode and limits.
  ///
  /// - Throws: the reader's `TraceFormatError`.
  public func open(_ settings: ReplaySettings) throws -> TraceReader {
    if let bytes {
      return try TraceReader(
        bytes: bytes, name: path, mode: settings.readMode, limits: settings.decodeLimits)
    }
    return try TraceReader(path: path, mode: settings.readMode, limits: settings.decodeLimits)
  }
}
