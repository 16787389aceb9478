// scrolltrace — the reader's header and trailing index, read before the first event.

extension TraceReader {
  func readHeader() throws(TraceFormatError) {
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

  func readIndex() throws(TraceFormatError) {
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
  func readFrameContent(size: Int, skip: Int = 8, what: String) throws(TraceFormatError)
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

  func hex(count: Int) -> String {
    (0..<min(count, window.available)).map {
      let byte = window.byte(at: $0)
      return (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }.joined(separator: " ")
  }
}
