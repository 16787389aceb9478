// scrolltrace — the recovering reader: past damage to the next intact frame, each loss recorded.

extension TraceReader {
  func resynchronize(after badOffset: Int64, reason: TraceFormatError)
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

  func closePendingLoss(at goodOffset: Int64) {
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
}
