// scrolltrace — the reader's frames: the next chunk found, checked, decompressed and finished.

extension TraceReader {
  func loadNextChunk() throws(TraceFormatError) {
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

  func skipFrame(at frameOffset: Int64, magic: UInt32) throws(TraceFormatError) {
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

  func loadChunk(at frameOffset: Int64) throws(TraceFormatError) {
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

  func finishChunk() throws(TraceFormatError) {
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

  func finishFile() throws(TraceFormatError) {
    isFinished = true
    closePendingLoss(at: window.offset)
    if mode == .strict, let index, chunksFound != index.chunks.count {
      throw TraceFormatError(
        .malformedIndex, "the index lists \(index.chunks.count) chunks, the file has \(chunksFound)"
      )
    }
  }

  func chunkNumber(at offset: Int64) -> Int {
    guard let index else { return chunksFound }
    let found = index.firstChunk(atOrAfter: offset)
    return found < index.chunks.count ? found : chunksFound
  }
}
