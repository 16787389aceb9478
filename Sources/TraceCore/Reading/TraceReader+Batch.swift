// scrolltrace — the reader's batches: events decoded 512 at a time, and damage within a chunk.

extension TraceReader {
  func refuseReentry(_ call: String) throws(TraceFormatError) {
    guard !isIterating else {
      throw TraceFormatError(
        .invalidValue, "\(call) was called from the body of forEachEvent on the same reader",
        path: path)
    }
  }

  func nextEvent() throws(TraceFormatError) -> TraceEvent? {
    guard try hasBatchedEvent() else { return nil }
    return batch.next(at: &batchPosition)
  }

  /// Loads chunks and decodes ahead until the batch holds an event; `false` at the end of the trace.
  func hasBatchedEvent() throws(TraceFormatError) -> Bool {
    while batch.isExhausted(at: batchPosition) {
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
  var chunkHasEvents: Bool {
    if let columns { return columns.remainingEvents > 0 }
    return chunkPosition < chunkLength
  }

  /// Decodes up to ``batchSize`` events of the current chunk into `batch`.
  ///
  /// A damaged event ends
  /// the batch; it is kept in `batchFailure` and handled once the events before it are returned.
  func decodeBatch() {
    guard var state = chunk else { return }
    var events = batch
    batch = EventBatch()
    events.removeAll()
    var decoder = self.decoder
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
    if let first = events.firstTimestamp, let last = events.lastTimestamp {
      state.events += events.count
      if state.first == nil { state.first = first }
      state.last = last
      if let open = openTimeBoundLoss {
        losses[open].latestTimestamp = first
        openTimeBoundLoss = nil
      }
    }
    chunk = state
    self.decoder = decoder
    self.stats = stats
    chunkPosition = position
    self.columns = columns
    batch = events
    batchPosition = EventBatch.Position()
    if let failure {
      batchFailure = failure.located(byteOffset: state.fileOffset, chunk: state.number)
    }
  }

  /// Counts a decoded event (the last of `events`): in the stats, and its scene items in `items`.
  /// (`events` is `inout` only so that the call retains nothing.)
  @inline(__always)
  static func tally(
    _ kind: EventKind, _ timestamp: Int64, _ events: inout EventBatch, _ stats: inout DecodeStats,
    _ items: inout Int
  ) {
    stats.count(kind, at: timestamp)
    if kind != .touch { items += events.lastSceneItemCount }
  }

  /// Throws a damaged event's error, or in `.recover` mode records the rest of its chunk as lost.
  func handleDamagedEvent(_ located: TraceFormatError) throws(TraceFormatError) {
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
}
