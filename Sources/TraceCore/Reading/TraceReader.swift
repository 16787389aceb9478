// scrolltrace — the streaming trace reader.

/// Reads a trace chunk by chunk: the header first, then events one at a time with `next()`.
///
/// Memory is bounded by one chunk (`DecodeLimits.maximumChunkSize`) plus one compressed frame,
/// whatever the trace's length. In `.strict` mode any damage throws a `TraceFormatError` naming
/// the file, chunk and byte offset. In `.recover` mode the reader skips damaged frames, goes on
/// with the next intact chunk, and lists what it skipped in `losses`.
///
/// A reader owns a file descriptor and a zstd context: it is a final, non-`Sendable` class.
public final class TraceReader {
  /// How the reader treats damage.
  public enum Mode: Sendable, Hashable {
    /// Throw at the first damaged byte.
    case strict
    /// Skip damaged frames and record each in `losses`.
    case recover
  }

  /// The file's path, or a name for bytes in memory; used in error messages.
  public let path: String
  /// How the reader treats damage.
  public let mode: Mode
  /// The bounds applied to sizes read from the file.
  public let limits: DecodeLimits
  /// The trace's header (`TraceHeader.fallback` when a recovering reader found it damaged).
  public internal(set) var header: TraceHeader
  /// The trailing index, when the file has an intact one.
  public internal(set) var index: TraceIndex?
  /// What was decoded so far.
  public internal(set) var stats = DecodeStats()
  /// What a recovering reader skipped so far, in file order.
  public internal(set) var losses: [TraceLoss] = []

  var window: InputWindow
  let descriptor: SystemFile?
  let decompressor: any ChunkDecompressor
  var decoder: EventDecoder
  var indexFrameOffset: Int64?
  var chunkBytes: [UInt8] = []
  var chunkLength = 0
  var chunkPosition = 0
  /// The streams of the current chunk when it is laid out by column; `nil` for rows.
  var columns: ColumnCursor?
  var chunk: ChunkState?
  var chunksFound = 0
  var isFinished = false
  var pendingLoss: PendingLoss?
  var openTimeBoundLoss: Int?
  var batch = EventBatch()
  var batchPosition = EventBatch.Position()
  var batchFailure: TraceFormatError?
  var isIterating = false

  struct ChunkState {
    var number: Int
    var fileOffset: Int64
    var compressedSize: Int
    var events = 0
    var first: Int64?
    var last: Int64?
  }

  struct PendingLoss {
    var part: TraceLoss.Part
    var start: Int64
    var reason: String
  }

  /// Opens the trace at `path` and reads its header (and its index, when it has one), with
  /// `decompressor` for its chunks.
  ///
  /// `TraceIngest` adds `init(path:mode:limits:)`, which decompresses with libzstd; an app
  /// without libzstd reads the stored chunks it wrote with ``StoredFrames``.
  ///
  /// - Throws: `TraceFormatError`: `io` when the file cannot be opened; in `.strict` mode any
  ///   damage to the header or index.
  public convenience init(
    path: String, mode: Mode = .strict, limits: DecodeLimits = .default,
    decompressor: any ChunkDecompressor
  ) throws {
    let descriptor: SystemFile
    do {
      descriptor = try SystemFile.open(path, .readOnly)
    } catch {
      throw TraceFormatError(.io, "cannot open the file: \(error)", path: path)
    }
    do {
      try self.init(
        window: InputWindow(file: descriptor), descriptor: descriptor, path: path, mode: mode,
        limits: limits, decompressor: decompressor)
    } catch {
      try? descriptor.close()
      throw error
    }
  }

  /// Reads a trace held in memory, with `decompressor` for its chunks; `name` stands for the
  /// path in error messages.
  ///
  /// - Throws: `TraceFormatError`, as ``init(path:mode:limits:decompressor:)``.
  public convenience init(
    bytes: [UInt8], name: String = "<memory>", mode: Mode = .strict,
    limits: DecodeLimits = .default, decompressor: any ChunkDecompressor
  ) throws {
    try self.init(
      window: InputWindow(bytes: bytes), descriptor: nil, path: name, mode: mode, limits: limits,
      decompressor: decompressor)
  }

  init(
    window: InputWindow, descriptor: SystemFile?, path: String, mode: Mode,
    limits: DecodeLimits, decompressor: any ChunkDecompressor
  ) throws {
    self.decompressor = decompressor
    self.window = window
    self.descriptor = descriptor
    self.path = path
    self.mode = mode
    self.limits = limits
    self.header = .fallback
    self.decoder = EventDecoder(limits: limits)
    do throws(TraceFormatError) {
      try readIndex()
      try readHeader()
    } catch {
      throw error.located(path: path)
    }
  }

  deinit { try? descriptor?.close() }

  /// The size of the trace in bytes: a regular file's or the bytes in memory; `nil` for a pipe,
  /// FIFO or device, whose size is not known until it ends.
  public var fileSize: Int64? { window.sourceSize }

  /// The hash of the trace's bytes (`ContentHash`), computed without opening the file again:
  /// a regular file is read through the reader's descriptor at absolute offsets; a pipe, FIFO or
  /// device was hashed as it was read, so its hash is known once every event has been read.
  ///
  /// - Throws: `TraceFormatError`: `io` when the file cannot be read; `invalidValue` for a pipe
  ///   whose events have not all been read.
  public func contentHash() throws -> String {
    do throws(TraceFormatError) {
      guard let descriptor else {
        var hash = ContentHash()
        window.withWholeBytes { hash.update($0) }
        return hash.description
      }
      if window.isSeekable { return try ContentHash.of(descriptor, from: nil).description }
      guard window.isAtEndOfSource else {
        throw TraceFormatError(
          .invalidValue, "the pipe's hash is known only once every event has been read")
      }
      return window.streamHash.description
    } catch {
      throw error.located(path: path)
    }
  }

  // MARK: - Events

  /// Returns the next event, or `nil` at the end of the trace.
  ///
  /// - Throws: `TraceFormatError` naming the chunk and byte offset; in `.recover` mode only when
  ///   the file cannot be read at all (`io`).
  public func next() throws -> TraceEvent? {
    do {
      try refuseReentry("next()")
      return try nextEvent()
    } catch {
      throw error.located(path: path)
    }
  }

  /// Moves to the start of chunk `number`, using the index; `next()` continues from there.
  ///
  /// - Throws: `TraceFormatError.invalidValue` when the trace has no index or no such chunk.
  public func seek(toChunk number: Int) throws {
    try refuseReentry("seek")
    guard let index, index.chunks.indices.contains(number) else {
      throw TraceFormatError(
        .invalidValue,
        "cannot seek to chunk \(number): the trace has \(index == nil ? "no index" : "\(index?.chunks.count ?? 0) chunks")",
        path: path)
    }
    try window.seek(to: index.chunks[number].fileOffset)
    batch.removeAll()
    batchPosition = EventBatch.Position()
    batchFailure = nil
    chunk = nil
    columns = nil
    chunkLength = 0
    chunkPosition = 0
    chunksFound = number
    isFinished = false
  }

  /// Moves to the chunk that holds `timestamp` (nanoseconds), using the index; the first events
  /// `next()` returns may be earlier than `timestamp`, never later than the first event at or after it.
  ///
  /// - Throws: `TraceFormatError.invalidValue` when the trace has no index.
  public func seek(toTimestamp timestamp: Int64) throws {
    try seek(toChunk: index?.chunk(containing: timestamp) ?? -1)
  }

  /// Hands every remaining event to `body`, in order, borrowed from the reader's batch of decoded
  /// events: the borrowing loop.
  ///
  /// `next()` copies each event out of the batch; this copies none,
  /// which is most of what reading costs past decompression and decoding (docs/performance.md).
  ///
  /// It reads from the current position to the end of the trace, exactly the events `next()`
  /// would return, and leaves the reader at the end. When `body` throws, the events after the one
  /// it was given are still to be read.
  ///
  /// - Throws: the reader's `TraceFormatError`, as `next()`; whatever `body` throws; and
  ///   `invalidValue` when `body` calls `next()`, `seek` or `forEachEvent` on this reader.
  public func forEachEvent(_ body: (borrowing TraceEvent) throws -> Void) throws {
    try forEachBatch { events, position in try events.forEach(from: &position, body) }
  }

  /// Hands every remaining event to `touches` or `otherEvents`, in order: touches in a row as one
  /// ``TouchRun`` of columns, read where the reader decoded them, without an event per touch;
  /// every other event borrowed, as ``forEachEvent(_:)`` hands it.
  ///
  /// The events are exactly those of ``forEachEvent(_:)`` (and `next()`), from the same decoder;
  /// touches in a row may come as several runs (a run ends with the reader's batch). This is the
  /// read path of a replay: it costs the least a touch (docs/performance.md, "Round six").
  ///
  /// When `touches` throws, the touches after its run are still to be read; when `otherEvents`
  /// throws, the events after its event.
  ///
  /// - Throws: the reader's `TraceFormatError`, as `next()`; whatever the bodies throw; and
  ///   `invalidValue` when a body calls `next()`, `seek` or `forEachEvent` on this reader.
  public func forEachEvent(
    touches: (borrowing TouchRun) throws -> Void,
    otherEvents: (borrowing TraceEvent) throws -> Void
  ) throws {
    try forEachBatch { events, position in
      try events.forEachRun(
        from: &position, touches: { try touches(TouchRun($0, $1)) }, others: otherEvents)
    }
  }

  /// The loop both `forEachEvent`s run: refuses a call from a body, then hands `body` each batch
  /// and the position in it to go on from (where `next()` left off, at first), keeping the
  /// position `body` leaves, even when it throws.
  @inline(__always)
  private func forEachBatch(
    _ body: (EventBatch, inout EventBatch.Position) throws -> Void
  ) throws {
    try refuseReentry("forEachEvent")
    isIterating = true
    defer { isIterating = false }
    while true {
      do {
        guard try hasBatchedEvent() else { return }
      } catch {
        throw error.located(path: path)
      }
      let events = batch
      var position = batchPosition
      defer { batchPosition = position }
      try body(events, &position)
    }
  }
}

@available(*, unavailable)
extension TraceReader: Sendable {}

extension TraceHeader {
  /// The header a recovering reader uses when the file's own is damaged: an unknown 60 Hz device.
  public static let fallback = TraceHeader(
    device: DeviceInfo(
      name: "unknown", screenSize: .zero, scale: 1, refreshRate: 60, touchSampleRate: 0),
    clock: .monotonic)
}
