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
  public private(set) var header: TraceHeader
  /// The trailing index, when the file has an intact one.
  public private(set) var index: TraceIndex?
  /// What was decoded so far.
  public private(set) var stats = DecodeStats()
  /// What a recovering reader skipped so far, in file order.
  public private(set) var losses: [TraceLoss] = []

  private var window: InputWindow
  private let descriptor: SystemFile?
  private let decompressor: any ChunkDecompressor
  private var decoder: EventDecoder
  private var indexFrameOffset: Int64?
  private var chunkBytes: [UInt8] = []
  private var chunkLength = 0
  private var chunkPosition = 0
  /// The streams of the current chunk when it is laid out by column; `nil` for rows.
  private var columns: ColumnCursor?
  private var chunk: ChunkState?
  private var chunksFound = 0
  private var isFinished = false
  private var pendingLoss: PendingLoss?
  private var openTimeBoundLoss: Int?
  private var batch = EventBatch()
  private var touchRuns = TouchRunScratch()
  private var batchIndex = 0
  private var batchFailure: TraceFormatError?
  private var isIterating = false

  private struct ChunkState {
    var number: Int
    var fileOffset: Int64
    var compressedSize: Int
    var events = 0
    var first: Int64?
    var last: Int64?
  }

  private struct PendingLoss {
    var part: TraceLoss.Part
    var start: Int64
    var reason: String
  }

  /// Opens the trace at `path` and reads its header (and its index, when it has one), with
  /// `decompressor` for its chunks.
  ///
  /// `TraceFormat` adds `init(path:mode:limits:)`, which decompresses with libzstd; an app
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

  private init(
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
    batchIndex = 0
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
      var index = batchIndex
      defer { batchIndex = index }
      try events.forEach(from: &index, body)
    }
  }

  private func refuseReentry(_ call: String) throws(TraceFormatError) {
    guard !isIterating else {
      throw TraceFormatError(
        .invalidValue, "\(call) was called from the body of forEachEvent on the same reader",
        path: path)
    }
  }

  private func nextEvent() throws(TraceFormatError) -> TraceEvent? {
    guard try hasBatchedEvent() else { return nil }
    defer { batchIndex += 1 }
    return batch[batchIndex]
  }

  /// Loads chunks and decodes ahead until the batch holds an event; `false` at the end of the trace.
  private func hasBatchedEvent() throws(TraceFormatError) -> Bool {
    while batchIndex >= batch.count {
      if let failure = batchFailure {
        batchFailure = nil
        try handleDamagedEvent(failure)
        continue
      }
      if chunk != nil, chunkHasEvents {
        decodeBatch()
        continue
      }
      if chunk != nil { try finishChunk() }
      if isFinished { return false }
      try loadNextChunk()
    }
    return true
  }

  /// Events decoded ahead into ``batch``: decoding a run of events in one loop over local state
  /// costs a fraction of decoding each on demand (docs/performance.md).
  static let batchSize = 512

  /// The most scene items (pages excepted: they take no memory) decoded ahead in one batch.
  ///
  /// A
  /// batch ends at the event that reaches it, so what is decoded ahead is bounded by size, not
  /// only by count: at most this many items plus one event's `maximumSceneItems`.
  static let batchItemBudget = 1 << 16

  /// Whether the current chunk has events left to decode.
  private var chunkHasEvents: Bool {
    if let columns { return columns.remainingEvents > 0 }
    return chunkPosition < chunkLength
  }

  /// Decodes up to ``batchSize`` events of the current chunk into `batch`.
  ///
  /// A damaged event ends
  /// the batch; it is kept in `batchFailure` and handled once the events before it are returned.
  private func decodeBatch() {
    guard var state = chunk else { return }
    var events = batch
    batch = EventBatch()
    events.removeAll(reservingCapacity: Self.batchSize)
    var decoder = self.decoder
    var touchRuns = self.touchRuns
    var stats = self.stats
    var position = chunkPosition
    var columns = self.columns
    let length = chunkLength
    var failure: TraceFormatError?
    var items = 0
    chunkBytes.withUnsafeBytes { raw in
      let content = UnsafeRawBufferPointer(rebasing: raw[0..<length])
      if var cursor = columns {
        var readers = cursor.readers(content)
        while events.count < Self.batchSize, items < Self.batchItemBudget,
          cursor.remainingEvents > 0
        {
          // Touches in a row, nearly all of a chunk, a stream at a time; anything else one by one.
          let touches = decoder.decodeTouchRun(
            &readers, limit: min(Self.batchSize - events.count, cursor.remainingEvents),
            scratch: &touchRuns,
            appendingTo: &events, stats: &stats)
          if touches > 0 {
            cursor.decodedEvents += touches
            continue
          }
          do throws(TraceFormatError) {
            let (kind, timestamp) = try decoder.decode(
              &readers, event: cursor.decodedEvents, appendingTo: &events)
            cursor.decodedEvents += 1
            Self.tally(kind, timestamp, &events, &stats, &items)
          } catch {
            failure = error
            break
          }
        }
        if failure == nil, cursor.remainingEvents == 0 { failure = readers.leftover() }
        cursor.save(readers)
        columns = cursor
        return
      }
      var reader = ByteReader(content, position: position)
      while events.count < Self.batchSize, items < Self.batchItemBudget, reader.position < length {
        do throws(TraceFormatError) {
          let (kind, timestamp) = try decoder.decode(&reader, appendingTo: &events)
          Self.tally(kind, timestamp, &events, &stats, &items)
        } catch {
          failure = error
          break
        }
      }
      position = reader.position
    }
    if let first = events.slots.first, let last = events.slots.last {
      state.events += events.count
      if state.first == nil { state.first = first.timestamp }
      state.last = last.timestamp
      if let open = openTimeBoundLoss {
        losses[open].latestTimestamp = first.timestamp
        openTimeBoundLoss = nil
      }
    }
    chunk = state
    self.decoder = decoder
    self.touchRuns = touchRuns
    self.stats = stats
    chunkPosition = position
    self.columns = columns
    batch = events
    batchIndex = 0
    if let failure {
      batchFailure = failure.located(byteOffset: state.fileOffset, chunk: state.number)
    }
  }

  /// Counts a decoded event (the last of `events`): in the stats, and its scene items in `items`.
  /// (`events` is `inout` only so that the call retains nothing.)
  @inline(__always)
  private static func tally(
    _ kind: EventKind, _ timestamp: Int64, _ events: inout EventBatch, _ stats: inout DecodeStats,
    _ items: inout Int
  ) {
    stats.count(kind, at: timestamp)
    if kind != .touch { items += events.lastSceneItemCount }
  }

  /// Throws a damaged event's error, or in `.recover` mode records the rest of its chunk as lost.
  private func handleDamagedEvent(_ located: TraceFormatError) throws(TraceFormatError) {
    guard mode == .recover, let state = chunk else { throw located }
    // Both measured in the file, not decoded.
    let end = state.fileOffset &+ Int64(state.compressedSize)
    losses.append(
      TraceLoss(
        part: .chunkTail, byteRange: state.fileOffset..<end, chunks: state.number...state.number,
        reason: located.reason))
    chunkPosition = chunkLength
    columns = nil
  }

  // MARK: - Frames

  private func loadNextChunk() throws(TraceFormatError) {
    while true {
      let frameOffset = window.offset
      let available = try window.require(4)
      if available == 0 {
        try finishFile()
        return
      }
      do throws(TraceFormatError) {
        guard available >= 4 else {
          throw TraceFormatError(.truncated, "the file ends inside a frame's magic number")
        }
        let magic = window.uint32(at: 0)
        if magic == WireLayout.zstdFrameMagic {
          try loadChunk(at: frameOffset)
          return
        }
        guard WireLayout.isSkippable(magic) else {
          throw TraceFormatError(
            .badMagic,
            "expected a zstd frame (28 B5 2F FD) or a skippable frame, found \(hex(count: 4))")
        }
        try skipFrame(at: frameOffset, magic: magic)
      } catch {
        let located = error.located(
          byteOffset: frameOffset, chunk: error.chunk ?? chunkNumber(at: frameOffset))
        guard mode == .recover, error.code != .io else { throw located }
        try resynchronize(after: frameOffset, reason: located)
      }
    }
  }

  private func skipFrame(at frameOffset: Int64, magic: UInt32) throws(TraceFormatError) {
    guard try window.require(8) >= 8 else {
      throw TraceFormatError(.truncated, "the file ends inside a skippable frame's header")
    }
    let total = 8 + Int64(window.uint32(at: 4))
    if let size = window.sourceSize, frameOffset + total > size {
      throw TraceFormatError(
        .truncated, "a frame of \(total) bytes runs past the end of the file (\(size) bytes)")
    }
    if magic == WireLayout.indexFrameMagic && frameOffset != indexFrameOffset {
      // An index the footer did not lead to: check it too, in strict mode.
      let content = try readFrameContent(size: Int(total) - 8, what: "index")
      let found = try IndexCodec.decode(content, frameSize: Int(total))
      if mode == .strict && found.chunks.count != chunksFound {
        throw TraceFormatError(
          .malformedIndex,
          "the index lists \(found.chunks.count) chunks, the file has \(chunksFound)")
      }
    } else if magic != WireLayout.indexFrameMagic {
      stats.unknownFramesSkipped += 1
    }
    closePendingLoss(at: frameOffset)
    try window.advance(by: Int(total))
  }

  private func loadChunk(at frameOffset: Int64) throws(TraceFormatError) {
    let number = chunkNumber(at: frameOffset)
    let headerBytes = try window.require(WireLayout.zstdFrameHeaderMaxSize)
    let declared: Int
    switch window.withAvailableBytes({ ZstdFrameHeader.probe($0) }) {
    case .needMoreBytes:
      throw TraceFormatError(
        .truncated, "the file ends inside a chunk's zstd frame header (\(headerBytes) bytes)",
        chunk: number)
    case .invalid:
      throw TraceFormatError(.decompressionFailed, "invalid zstd frame header", chunk: number)
    case .unknownContentSize:
      throw TraceFormatError(
        .malformedChunk, "the chunk's zstd frame does not declare its content size", chunk: number)
    case .contentSize(let size, let hasChecksum):
      guard size <= UInt64(limits.maximumChunkSize) else {
        throw TraceFormatError(
          .limitExceeded,
          "the chunk declares \(size) bytes of content, more than the limit of \(limits.maximumChunkSize); refused without allocating it",
          chunk: number)
      }
      guard hasChecksum || mode == .recover else {
        throw TraceFormatError(
          .missingChecksum,
          "the chunk's zstd frame has no content checksum (scrolltrace writes one; a strict read requires it)",
          chunk: number)
      }
      declared = Int(size)
    }
    let maximumFrame = ZstdFrameHeader.maximumFrameSize(forContentSize: declared)
    var frameSize: Int?
    while frameSize == nil {
      do {
        frameSize = try window.withAvailableBytes { bytes throws(ZstdFrameError) in
          try ZstdFrameHeader.frameSize(
            UnsafeRawBufferPointer(rebasing: bytes.prefix(maximumFrame)))
        }
      } catch {
        throw TraceFormatError(.decompressionFailed, "zstd: \(error)", chunk: number)
      }
      if frameSize != nil { break }
      if window.isAtEndOfSource {
        throw TraceFormatError(
          .truncated, "the file ends \(window.available) bytes into the chunk's zstd frame",
          chunk: number)
      }
      guard window.available < maximumFrame else {
        throw TraceFormatError(
          .decompressionFailed, "the zstd frame is larger than \(declared) bytes of content can be",
          chunk: number)
      }
      _ = try window.require(min(window.available + InputWindow.readSize, maximumFrame))
    }
    let size = frameSize ?? 0
    // The frame's block headers bound what it can decompress to: a header that claims more is
    // refused before anything is allocated, so memory follows the bytes actually present.
    let bound = window.withAvailableBytes {
      ZstdFrameBound.upperBound(UnsafeRawBufferPointer(rebasing: $0.prefix(size)))
    }
    guard let bound, declared <= bound else {
      throw TraceFormatError(
        .decompressionFailed,
        bound.map {
          "the chunk declares \(declared) bytes of content, but its \(size)-byte zstd frame can hold at most \($0)"
        } ?? "the chunk's zstd frame has a malformed block", chunk: number)
    }
    if chunkBytes.count < declared {
      chunkBytes.append(contentsOf: repeatElement(0, count: declared - chunkBytes.count))
    }
    let decompressor = self.decompressor
    let written: Int
    do {
      written = try window.withAvailableBytes { source throws in
        try chunkBytes.withMutableBytes { destination throws in
          try decompressor.decompress(
            UnsafeRawBufferPointer(rebasing: source.prefix(size)),
            into: UnsafeMutableRawBufferPointer(rebasing: destination.prefix(declared)))
        }
      }
    } catch {
      throw TraceFormatError(.decompressionFailed, "zstd: \(error)", chunk: number)
    }
    guard written == declared else {
      throw TraceFormatError(
        .decompressionFailed, "the chunk decompressed to \(written) bytes but declares \(declared)",
        chunk: number)
    }
    let columns = try chunkBytes.withBytes { raw throws(TraceFormatError) in
      try ColumnCursor(content: UnsafeRawBufferPointer(rebasing: raw[0..<declared]))
    }
    closePendingLoss(at: frameOffset)
    try window.advance(by: size)
    chunk = ChunkState(number: number, fileOffset: frameOffset, compressedSize: size)
    self.columns = columns
    chunkLength = declared
    chunkPosition = 0
    chunksFound = number + 1
    decoder.reset()
    stats.chunks += 1
    stats.rawBytes += Int64(declared)
    stats.compressedBytes += Int64(size)
  }

  private func finishChunk() throws(TraceFormatError) {
    guard let state = chunk else { return }
    chunk = nil
    chunkLength = 0
    chunkPosition = 0
    columns = nil
    guard mode == .strict, let index else { return }
    guard index.chunks.indices.contains(state.number) else {
      throw TraceFormatError(
        .malformedIndex, "the index lists \(index.chunks.count) chunks, the file has more",
        byteOffset: state.fileOffset, chunk: state.number)
    }
    let entry = index.chunks[state.number]
    let found = TraceIndex.Chunk(
      fileOffset: state.fileOffset, compressedSize: state.compressedSize, rawSize: entry.rawSize,
      eventCount: state.events, firstTimestamp: state.first ?? entry.firstTimestamp,
      lastTimestamp: state.last ?? entry.lastTimestamp)
    guard found == entry else {
      throw TraceFormatError(
        .malformedIndex,
        "the index entry disagrees with the chunk (index \(entry), chunk \(found))",
        byteOffset: state.fileOffset, chunk: state.number)
    }
  }

  private func finishFile() throws(TraceFormatError) {
    isFinished = true
    closePendingLoss(at: window.offset)
    if mode == .strict, let index, chunksFound != index.chunks.count {
      throw TraceFormatError(
        .malformedIndex, "the index lists \(index.chunks.count) chunks, the file has \(chunksFound)"
      )
    }
  }

  private func chunkNumber(at offset: Int64) -> Int {
    guard let index else { return chunksFound }
    let found = index.firstChunk(atOrAfter: offset)
    return found < index.chunks.count ? found : chunksFound
  }

  // MARK: - Recovery

  private func resynchronize(after badOffset: Int64, reason: TraceFormatError)
    throws(TraceFormatError)
  {
    if pendingLoss == nil {
      pendingLoss = PendingLoss(
        part: .chunks, start: badOffset, reason: "\(reason.code): \(reason.reason)")
    }
    if let index {
      // The next chunk, else the index frame — only forward: a frame that ran past the index's
      // start (a skippable frame's crafted size) must not lead back to bytes already passed.
      let next = index.firstChunk(atOrAfter: badOffset + 1)
      let target = next < index.chunks.count ? index.chunks[next].fileOffset : nil
      let forward = [target, indexFrameOffset].compactMap { $0 }.first { $0 > badOffset }
      try window.seek(to: forward ?? max(window.sourceSize ?? 0, badOffset + 1))
      return
    }
    // No index: scan for the next zstd frame magic or an index frame.
    try window.seek(to: badOffset + 1)
    while true {
      let available = try window.require(4)
      if available < 4 {
        try window.advance(by: available)
        return
      }
      let found = window.withAvailableBytes { bytes -> Int? in
        var i = 0
        while i + 4 <= bytes.count {
          if (bytes[i] == 0x28 && bytes[i + 1] == 0xB5 && bytes[i + 2] == 0x2F
            && bytes[i + 3] == 0xFD)
            || (bytes[i] == 0x5E && bytes[i + 1] == 0x2A && bytes[i + 2] == 0x4D
              && bytes[i + 3] == 0x18)
          {
            return i
          }
          i += 1
        }
        return nil
      }
      if let found {
        try window.advance(by: found)
        return
      }
      if !window.isSeekable, window.offset - badOffset > Int64(Self.longestScan) {
        throw TraceFormatError(
          .limitExceeded,
          "no frame in \(Self.longestScan >> 20) MiB of a pipe or device after the damage at byte \(badOffset); giving up",
          byteOffset: badOffset)
      }
      try window.advance(by: available - 3)
    }
  }

  /// How far recovery scans a pipe or device for the next frame before it gives up (a regular
  /// file is scanned to its end): endless input such as `/dev/zero` ends in bounded time.
  static let longestScan = 64 << 20

  private func closePendingLoss(at goodOffset: Int64) {
    guard let pending = pendingLoss else { return }
    pendingLoss = nil
    // Reading only moves forward after a loss (`resynchronize`), so `goodOffset` is past the start.
    let end = max(goodOffset, pending.start)
    var loss = TraceLoss(part: pending.part, byteRange: pending.start..<end, reason: pending.reason)
    if let index {
      let lost = index.firstChunk(atOrAfter: pending.start)..<index.firstChunk(atOrAfter: end)
      if let first = lost.first, let last = lost.last {
        loss.chunks = first...last
        loss.eventCount = lost.reduce(0) { $0 + index.chunks[$1].eventCount }
        loss.earliestTimestamp = index.chunks[first].firstTimestamp
        loss.latestTimestamp = index.chunks[last].lastTimestamp
      }
    } else {
      loss.earliestTimestamp = stats.lastTimestamp
    }
    losses.append(loss)
    if index == nil { openTimeBoundLoss = losses.count - 1 }
  }

  // MARK: - Header and index

  private func readHeader() throws(TraceFormatError) {
    do throws(TraceFormatError) {
      guard try window.require(8) >= 8 else {
        throw TraceFormatError(
          .truncated, "the file is too short to hold a trace header", byteOffset: 0)
      }
      let magic = window.uint32(at: 0)
      guard magic == WireLayout.headerFrameMagic else {
        throw TraceFormatError(
          .badMagic,
          "not a scrolltrace trace: expected the header frame (50 2A 4D 18), found \(hex(count: 4))",
          byteOffset: 0)
      }
      let size = Int(window.uint32(at: 4))
      let content = try readFrameContent(size: size, what: "header")
      header = try HeaderCodec.decode(content)
      decoder.quantum = header.timestampQuantum
      try window.advance(by: 8 + size)
    } catch {
      guard mode == .recover, error.code != .io, error.code != .unsupportedVersion else {
        throw error.located(byteOffset: 0)
      }
      header = .fallback
      pendingLoss = PendingLoss(part: .header, start: 0, reason: "\(error.code): \(error.reason)")
      try resynchronize(after: 0, reason: error)
    }
  }

  private func readIndex() throws(TraceFormatError) {
    guard let size = window.sourceSize, size >= Int64(8 + WireLayout.footerSize) else { return }
    defer { try? window.seek(to: 0) }
    try window.seek(to: size - Int64(WireLayout.footerSize))
    guard try window.require(WireLayout.footerSize) >= WireLayout.footerSize,
      (4..<8).map({ window.byte(at: $0) }) == WireLayout.footerMagic
    else { return }
    let total = Int64(window.uint32(at: 0))
    let start = size - total
    do throws(TraceFormatError) {
      guard total >= Int64(8 + WireLayout.footerSize), start >= 8,
        total - 8 <= Int64(limits.maximumMetadataFrameSize)
      else {
        throw TraceFormatError(
          .malformedIndex, "the footer gives an impossible index size (\(total) bytes)",
          byteOffset: size - 8)
      }
      try window.seek(to: start)
      guard try window.require(8) >= 8, window.uint32(at: 0) == WireLayout.indexFrameMagic,
        Int64(window.uint32(at: 4)) == total - 8
      else {
        throw TraceFormatError(
          .malformedIndex, "the footer does not lead to an index frame", byteOffset: start)
      }
      try window.advance(by: 8)
      let content = try readFrameContent(size: Int(total) - 8, skip: 0, what: "index")
      let found = try IndexCodec.decode(content, frameSize: Int(total))
      // A CRC proves the index intact, not sane: every offset and size must lie in the file.
      var previousEnd: Int64 = 8
      for (number, entry) in found.chunks.enumerated() {
        guard entry.fileOffset >= previousEnd, entry.compressedSize > 0 else {
          throw TraceFormatError(
            .malformedIndex, "index entries overlap or are out of order (entry \(number))",
            byteOffset: start)
        }
        let (end, overflow) = entry.fileOffset.addingReportingOverflow(Int64(entry.compressedSize))
        guard !overflow, end <= start else {
          throw TraceFormatError(
            .malformedIndex,
            "index entry \(number) runs past the index (chunk at byte \(entry.fileOffset), \(entry.compressedSize) bytes)",
            byteOffset: start)
        }
        previousEnd = end
      }
      index = found
      indexFrameOffset = start
    } catch {
      let located = error.located(byteOffset: start)
      guard mode == .recover, error.code != .io else { throw located }
      losses.append(
        TraceLoss(
          part: .index, byteRange: max(start, 0)..<size, reason: located.description))
    }
  }

  /// Returns the `size` content bytes of the frame whose content starts `skip` bytes into the window.
  private func readFrameContent(size: Int, skip: Int = 8, what: String) throws(TraceFormatError)
    -> [UInt8]
  {
    guard size <= limits.maximumMetadataFrameSize else {
      throw TraceFormatError(
        .limitExceeded,
        "the \(what) frame declares \(size) bytes, more than the limit of \(limits.maximumMetadataFrameSize)"
      )
    }
    guard try window.require(skip + size) >= skip + size else {
      throw TraceFormatError(
        .truncated, "the file ends inside the \(what) frame (\(size) bytes expected)")
    }
    return window.withAvailableBytes { Array($0[skip..<(skip + size)]) }
  }

  private func hex(count: Int) -> String {
    (0..<min(count, window.available)).map {
      let byte = window.byte(at: $0)
      return (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }.joined(separator: " ")
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
