// The byte layer: CRC-32's check value, varints, zigzag.

import Testing

@testable import TraceCore
@testable import TraceIngest

@Suite struct WireTests {
  @Test func crc32MatchesThePublishedCheckValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
  }

  @Test(arguments: [
    UInt64(0), 1, 127, 128, 300, 16_383, 16_384, UInt64(UInt32.max), UInt64.max - 1, UInt64.max,
  ])
  func varintRoundTrips(_ value: UInt64) {
    #expect(Self.roundTrip(value, { $0.writeVarint($1) }, { $0.readVarint() }))
  }

  @Test(arguments: [Int64.min, -1, 0, 1, 63, -64, 64, Int64.max])
  func zigzagRoundTrips(_ value: Int64) {
    #expect(Self.roundTrip(value, { $0.writeSignedVarint($1) }, { $0.readSignedVarint() }))
  }

  /// Writes `value`, reads it back, and checks that the reader consumed every byte.
  static func roundTrip<T: Equatable>(
    _ value: T, _ write: (inout ByteWriter, T) -> Void, _ read: (inout ByteReader) -> T?
  ) -> Bool {
    var writer = ByteWriter()
    write(&writer, value)
    return writer.bytes.withUnsafeBytes { raw in
      var reader = ByteReader(raw)
      return read(&reader) == value && reader.isAtEnd
    }
  }

  @Test func zigzagKeepsSmallMagnitudesShort() {
    for value: Int64 in [-64, 63] {
      var writer = ByteWriter()
      writer.writeSignedVarint(value)
      #expect(writer.count == 1)
    }
  }

  /// Every pair of bytes reads as LEB128 says, through the two-byte path and the loop alike:
  /// a one-byte value, a two-byte value (its second byte not 0, which would be non-minimal), or
  /// nothing (a continuation with no end).
  @Test func everyTwoBytePrefixReadsAsLEB128Says() {
    for first in 0...255 {
      for second in 0...255 {
        let bytes: [UInt8] = [UInt8(first), UInt8(second)]
        let expected: (value: UInt64, length: Int)? =
          first < 0x80
          ? (UInt64(first), 1)
          : (second == 0 || second >= 0x80 ? nil : (UInt64(first & 0x7F) | UInt64(second) << 7, 2))
        bytes.withUnsafeBytes { raw in
          var reader = ByteReader(raw)
          let value = reader.readVarint()
          #expect(value == expected?.value && reader.position == (expected?.length ?? 0))
        }
      }
    }
  }

  @Test(arguments: [
    [0x80, 0x00], [0xFF, 0x80, 0x00], [0x80], Array(repeating: 0xFF, count: 10) + [0x01],
    Array(repeating: 0x80, count: 9) + [0x02],
  ])
  func nonCanonicalOrOverlongVarintsAreRejected(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var reader = ByteReader(raw)
      #expect(reader.readVarint() == nil)
      #expect(reader.position == 0)
    }
  }
}
