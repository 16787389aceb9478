// scrolltrace — an append-only byte buffer.

/// An append-only byte buffer, little-endian; the inverse of `ByteReader`.
struct ByteWriter {
  /// The bytes written so far.
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  var count: Int { bytes.count }

  mutating func removeAll(keepingCapacity: Bool = true) {
    bytes.removeAll(keepingCapacity: keepingCapacity)
  }

  /// Forgets the bytes after the first `count`.
  mutating func truncate(to count: Int) {
    bytes.removeLast(max(bytes.count - max(count, 0), 0))
  }

  /// The bytes ``writeVarint(_:)`` takes for `value`: 1 to 10.
  static func varintSize(_ value: UInt64) -> Int {
    (64 - value.leadingZeroBitCount + 6) / 7 + (value == 0 ? 1 : 0)
  }

  mutating func writeUInt8(_ value: UInt8) { bytes.append(value) }
  mutating func writeUInt16(_ value: UInt16) { writeLittleEndian(value) }
  mutating func writeUInt32(_ value: UInt32) { writeLittleEndian(value) }
  mutating func writeUInt64(_ value: UInt64) { writeLittleEndian(value) }
  mutating func writeInt64(_ value: Int64) { writeLittleEndian(UInt64(bitPattern: value)) }
  mutating func writeFloat64(_ value: Double) { writeLittleEndian(value.bitPattern) }

  /// Writes an unsigned LEB128 varint in its minimal form.
  mutating func writeVarint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// Writes a signed value as a zigzag varint (0, −1, 1, −2 … become 0, 1, 2, 3 …).
  mutating func writeSignedVarint(_ value: Int64) {
    writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  mutating func writeBytes<C: Collection>(_ other: C) where C.Element == UInt8 {
    bytes.append(contentsOf: other)
  }

  /// Writes a UTF-8 string prefixed by its byte count as a varint.
  mutating func writeString(_ string: String) {
    let utf8 = Array(string.utf8)
    writeVarint(UInt64(utf8.count))
    bytes.append(contentsOf: utf8)
  }

  /// Overwrites four bytes at `offset` with a little-endian value.
  mutating func setUInt32(_ value: UInt32, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { raw in
      for (i, byte) in raw.enumerated() { bytes[offset + i] = byte }
    }
  }

  private mutating func writeLittleEndian<T: FixedWidthInteger>(_ value: T) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
}
