// scrolltrace — a sliding window over the bytes of a file or an array.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sliding window over a trace's bytes, refilled from a file descriptor (or fixed, for bytes in
/// memory).
///
/// It holds at most one frame plus one read's worth of bytes, so memory does not grow
/// with the file.
struct InputWindow {
  private enum Source {
    case file(SystemFile)
    case memory
  }

  private var source: Source
  /// The window's bytes; `bytes[start..<end]` are valid.
  private(set) var bytes: [UInt8]
  private(set) var start = 0
  private(set) var end = 0
  /// The absolute file offset of `bytes[start]`.
  private(set) var offset: Int64 = 0
  /// Whether the source has no more bytes past `end`.
  private(set) var isAtEndOfSource = false
  /// The total size of the source, in bytes, when known: a regular file's or an array's.
  ///
  /// A pipe,
  /// FIFO or device has none, and is read once, in order.
  let sourceSize: Int64?
  /// The hash of the bytes read so far from a source without a size, which is only ever read in
  /// order (``TraceReader/contentHash()``).
  private(set) var streamHash = ContentHash()

  /// How much to read from a file at once.
  static let readSize = 256 << 10

  init(file: SystemFile) {
    source = .file(file)
    bytes = [UInt8](repeating: 0, count: Self.readSize)
    // /dev/zero says 0, a pipe nothing: read such sources in order, once.
    sourceSize = file.regularFileSize
  }

  /// Whether the source is a regular file or bytes in memory, which can be read at any offset.
  var isSeekable: Bool { sourceSize != nil }

  init(bytes: [UInt8]) {
    source = .memory
    self.bytes = bytes
    end = bytes.count
    isAtEndOfSource = true
    sourceSize = Int64(bytes.count)
  }

  /// The number of valid bytes in the window.
  var available: Int { end - start }

  /// Makes at least `count` bytes available if the source has them, and returns how many are.
  mutating func require(_ count: Int) throws(TraceFormatError) -> Int {
    while available < count && !isAtEndOfSource { try fill(atLeast: count) }
    return available
  }

  /// Consumes `count` bytes; skips past the window by seeking when needed.
  mutating func advance(by count: Int) throws(TraceFormatError) {
    if count <= available {
      start += count
      offset += Int64(count)
      return
    }
    try seek(to: offset + Int64(count))
  }

  /// Moves to absolute offset `target`.
  ///
  /// A target within the window just moves the window's
  /// start; a source without a size reads and discards up to a later target and cannot go back.
  mutating func seek(to target: Int64) throws(TraceFormatError) {
    if target >= offset, target - offset <= Int64(available) {
      let step = Int(target - offset)
      start += step
      offset = target
      return
    }
    if !isSeekable {
      guard target > offset else {
        throw TraceFormatError(
          .io,
          "cannot go back to byte \(target) of a pipe or device (read a regular file for this)",
          byteOffset: target)
      }
      while offset < target {
        let step = Int(min(Int64(available), target - offset))
        start += step
        offset += Int64(step)
        if offset == target || isAtEndOfSource { return }
        try fill(atLeast: Int(min(target - offset, Int64(Self.readSize))))
      }
      return
    }
    switch source {
    case .memory:
      let clamped = Int(min(max(target, 0), Int64(bytes.count)))
      start = clamped
      offset = Int64(clamped)
    case .file(let descriptor):
      do {
        try descriptor.seek(toOffset: target)
      } catch {
        throw TraceFormatError(.io, "cannot seek to byte \(target): \(error)", byteOffset: target)
      }
      start = 0
      end = 0
      offset = target
      isAtEndOfSource = sourceSize.map { target >= $0 } ?? false
    }
  }

  /// Calls `body` with the valid bytes of the window.
  func withAvailableBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E)
    -> R
  {
    try bytes.withBytes { raw throws(E) -> R in
      try body(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
    }
  }

  /// Calls `body` with every byte of an in-memory source.
  func withWholeBytes(_ body: (UnsafeRawBufferPointer) -> Void) {
    bytes.withUnsafeBytes { body($0) }
  }

  /// Reads the byte at `index` past the window start; the caller made it available.
  func byte(at index: Int) -> UInt8 { bytes[start + index] }

  /// Reads a little-endian u32 at `index` past the window start; the caller made it available.
  func uint32(at index: Int) -> UInt32 {
    var value: UInt32 = 0
    for i in (0..<4).reversed() { value = value << 8 | UInt32(bytes[start + index + i]) }
    return value
  }

  private mutating func fill(atLeast count: Int) throws(TraceFormatError) {
    guard case .file(let descriptor) = source else {
      isAtEndOfSource = true
      return
    }
    // Slide the valid bytes to the front, then grow if one frame needs more room.
    if start > 0 {
      let (from, count) = (start, available)
      bytes.withUnsafeMutableBytes { raw in
        if count > 0, let base = raw.baseAddress {
          base.copyMemory(from: base + from, byteCount: count)
        }
      }
      end -= start
      start = 0
    }
    let wanted = max(count, end + Self.readSize)
    if bytes.count < wanted {
      bytes.append(contentsOf: repeatElement(0, count: wanted - bytes.count))
    }
    let read: Int
    do {
      let from = end
      read = try bytes.withUnsafeMutableBytes { raw in
        try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[from...]))
      }
    } catch {
      throw TraceFormatError(.io, "cannot read: \(error)", byteOffset: offset + Int64(available))
    }
    if read == 0 { isAtEndOfSource = true }
    if !isSeekable {
      let from = end
      bytes.withUnsafeBytes {
        streamHash.update(UnsafeRawBufferPointer(rebasing: $0[from..<(from + read)]))
      }
    }
    end += read
  }
}
