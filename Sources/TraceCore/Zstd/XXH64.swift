// scrolltrace — XXH64, the checksum a zstd frame ends with.

/// XXH64, the 64-bit xxHash (Yann Collet's specification, "xxHash fast digest algorithm",
/// https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md), which zstd frames use as their
/// `Content_Checksum`: the hash's low 32 bits, seed 0 (RFC 8878, §3.1.1.1.1.4).
///
/// One pass over bytes in memory; a chunk is at most a few MiB.
package enum XXH64 {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

  /// The hash of `bytes` with `seed`.
  package static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    let count = bytes.count
    var position = 0
    var accumulator: UInt64
    if count >= 32 {
      var lanes = (
        seed &+ prime1 &+ prime2, seed &+ prime2, seed, seed &- prime1
      )
      while position + 32 <= count {
        lanes.0 = round(lanes.0, word(bytes, position))
        lanes.1 = round(lanes.1, word(bytes, position + 8))
        lanes.2 = round(lanes.2, word(bytes, position + 16))
        lanes.3 = round(lanes.3, word(bytes, position + 24))
        position += 32
      }
      accumulator =
        rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
      for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
        accumulator = (accumulator ^ round(0, lane)) &* prime1 &+ prime4
      }
    } else {
      accumulator = seed &+ prime5
    }
    accumulator &+= UInt64(count)
    while position + 8 <= count {
      accumulator ^= round(0, word(bytes, position))
      accumulator = rotate(accumulator, 27) &* prime1 &+ prime4
      position += 8
    }
    if position + 4 <= count {
      accumulator ^= UInt64(halfWord(bytes, position)) &* prime1
      accumulator = rotate(accumulator, 23) &* prime2 &+ prime3
      position += 4
    }
    while position < count {
      accumulator ^= UInt64(bytes[position]) &* prime5
      accumulator = rotate(accumulator, 11) &* prime1
      position += 1
    }
    accumulator ^= accumulator >> 33
    accumulator &*= prime2
    accumulator ^= accumulator >> 29
    accumulator &*= prime3
    accumulator ^= accumulator >> 32
    return accumulator
  }

  private static func round(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
    rotate(accumulator &+ lane &* prime2, 31) &* prime1
  }

  private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    value << count | value >> (64 - count)
  }

  private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  private static func halfWord(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
    UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }
}
