// scrolltrace — a non-copying cursor over bytes.

/// A cursor over borrowed bytes, little-endian.
///
/// `read…` advances and returns `nil` on short input,
/// leaving the position unchanged (swift-nio's `ByteBuffer.readInteger` convention).
///
/// The bytes must outlive the reader: create it inside `withUnsafeBytes`.
struct ByteReader {
  private let base: UnsafeRawBufferPointer
  /// The index of the next byte to read.
  private(set) var position: Int

  init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
    self.base = bytes
    self.position = position
  }

  /// The number of bytes left.
  var remaining: Int { base.count - position }
  /// Whether every byte was read.
  var isAtEnd: Bool { position >= base.count }

  @inline(__always)
  mutating func readUInt8() -> UInt8? {
    guard position < base.count else { return nil }
    defer { position += 1 }
    return base[position]
  }

  mutating func readUInt16() -> UInt16? { readLittleEndian(UInt16.self) }
  mutating func readUInt32() -> UInt32? { readLittleEndian(UInt32.self) }
  mutating func readUInt64() -> UInt64? { readLittleEndian(UInt64.self) }

  mutating func readInt64() -> Int64? { readUInt64().map { Int64(bitPattern: $0) } }

  mutating func readFloat64() -> Double? { readUInt64().map { Double(bitPattern: $0) } }

  /// Reads an unsigned LEB128 varint; `nil` on short input, over-long or non-minimal encodings.
  @inline(__always)
  mutating func readVarint() -> UInt64? {
    // Most varints of a trace (deltas, ids, lengths) are one byte; a touch's time and x deltas
    // are two in nearly every event. Both are read without the loop (a non-minimal second byte,
    // 0, takes the loop, which refuses it): from one little-endian word when eight bytes are
    // left, one bounds check for both bytes, else byte by byte.
    if position &+ 8 <= base.count, let start = base.baseAddress {
      if let (value, length) = Self.shortVarint(
        UInt64(littleEndian: start.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
      {
        position &+= length
        return value
      }
    } else if position < base.count {
      let first = base[position]
      if first < 0x80 {
        position += 1
        return UInt64(first)
      }
      if position + 1 < base.count {
        let second = base[position + 1]
        if second < 0x80, second != 0 {
          position += 2
          return UInt64(first & 0x7F) | UInt64(second) << 7
        }
      }
    }
    var result: UInt64 = 0
    var shift: UInt64 = 0
    var index = position
    while index < base.count {
      let byte = base[index]
      index += 1
      // The tenth byte may only carry the top bit of a 64-bit value.
      if shift == 63 && byte > 1 { return nil }
      result |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 {
        // Canonical form: no trailing zero groups (0x80 0x00 is a non-minimal 0).
        if byte == 0 && index - position > 1 { return nil }
        position = index
        return result
      }
      shift += 7
      if shift > 63 { return nil }
    }
    return nil
  }

  /// Reads up to `count` varints, handing each to `accept` with its number from 0.
  ///
  /// Stops before the first that is malformed or that `accept` refuses, and returns how many
  /// were accepted.
  ///
  /// The varints of a touch's fields are one or two bytes nearly always: those are read from one
  /// little-endian word, the cursor in a register and the bounds checked once a value. A longer,
  /// non-minimal or last-eight-bytes varint goes through ``readVarint()``, which refuses what it
  /// refuses.
  @inline(__always)
  mutating func readVarints(count: Int, _ accept: (_ index: Int, _ value: UInt64) -> Bool) -> Int {
    var index = 0
    var cursor = position
    defer { position = cursor }
    while index < count {
      if let start = base.baseAddress {
        let last = base.count &- 8
        while index < count, cursor <= last {
          guard
            let (value, length) = Self.shortVarint(
              UInt64(littleEndian: start.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)))
          else { break }
          guard accept(index, value) else { return index }
          cursor &+= length
          index &+= 1
        }
      }
      guard index < count else { break }
      var reader = self
      reader.position = cursor
      guard let value = reader.readVarint(), accept(index, value) else { return index }
      cursor = reader.position
      index &+= 1
    }
    return index
  }

  /// Reads up to `count` pairs of bytes, handing each to `accept` with its number from 0.
  ///
  /// Stops before the first pair that is short or that `accept` refuses, and returns how many
  /// were accepted. The bounds are checked once for all of them.
  @inline(__always)
  mutating func readBytePairs(
    count: Int, _ accept: (_ index: Int, _ first: UInt8, _ second: UInt8) -> Bool
  ) -> Int {
    let available = min(count, remaining / 2)
    guard available > 0, let start = base.baseAddress else { return 0 }
    let pairs = start + position
    var index = 0
    while index < available {
      let offset = index &* 2
      guard
        accept(
          index, pairs.load(fromByteOffset: offset, as: UInt8.self),
          pairs.load(fromByteOffset: offset &+ 1, as: UInt8.self))
      else { break }
      index &+= 1
    }
    position &+= index &* 2
    return index
  }

  /// The varint at the start of `word` (eight bytes, little-endian) when it is one byte or two
  /// (minimal: a second byte of zero is not), with its length; `nil` otherwise.
  @inline(__always)
  private static func shortVarint(_ word: UInt64) -> (value: UInt64, length: Int)? {
    if word & 0x80 == 0 { return (word & 0x7F, 1) }
    if word & 0x8000 == 0, word & 0xFF00 != 0 { return (word & 0x7F | word &>> 1 & 0x3F80, 2) }
    return nil
  }

  /// A zigzag-encoded value decoded (0, 1, 2, 3 … become 0, −1, 1, −2 …).
  @inline(__always)
  static func signed(_ zigzag: UInt64) -> Int64 {
    Int64(bitPattern: (zigzag &>> 1) ^ (0 &- (zigzag & 1)))
  }

  /// Reads a zigzag-encoded signed varint.
  @inline(__always)
  mutating func readSignedVarint() -> Int64? {
    readVarint().map(Self.signed)
  }

  /// How many of the next bytes, at most `limit`, equal `byte` (none is read).
  @inline(__always)
  func leadingCount(of byte: UInt8, limit: Int) -> Int {
    let end = position + min(base.count - position, max(limit, 0))
    var index = position
    while index < end, base[index] == byte { index += 1 }
    return index - position
  }

  /// Reads `count` bytes as an array.
  mutating func readBytes(_ count: Int) -> [UInt8]? {
    guard count >= 0, count <= remaining else { return nil }
    defer { position += count }
    return Array(UnsafeRawBufferPointer(rebasing: base[position..<(position + count)]))
  }

  /// Returns a reader over the next `count` bytes and skips them.
  @inline(__always)
  mutating func readSlice(_ count: Int) -> ByteReader? {
    guard count >= 0, count <= remaining else { return nil }
    defer { position += count }
    return ByteReader(UnsafeRawBufferPointer(rebasing: base[position..<(position + count)]))
  }

  /// Skips `count` bytes; `false` on short input.
  mutating func skip(_ count: Int) -> Bool {
    guard count >= 0, count <= remaining else { return false }
    position += count
    return true
  }

  private mutating func readLittleEndian<T: FixedWidthInteger>(_: T.Type) -> T? {
    let size = MemoryLayout<T>.size
    guard size <= remaining else { return nil }
    defer { position += size }
    return T(littleEndian: base.loadUnaligned(fromByteOffset: position, as: T.self))
  }
}
