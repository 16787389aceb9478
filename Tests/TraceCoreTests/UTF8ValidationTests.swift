// The core's UTF-8 check agrees with the standard library's on every kind of malformed input.

import Testing

@testable import TraceCore

@Suite struct UTF8ValidationTests {
  @Test func agreesWithTheStandardLibrary() {
    var state: UInt64 = 42
    func next() -> UInt8 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    // Published malformed forms (Unicode 15, Table 3-7 and §3.9): overlong, surrogate, beyond
    // U+10FFFF, truncated, stray continuation; then random bytes, mostly ASCII and lead bytes.
    var cases: [[UInt8]] = [
      [], Array("ünïcødé ✓ 🃏".utf8), [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80],
      [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xF0, 0x9F, 0x83], [0xFF],
    ]
    for _ in 0..<2_000 {
      cases.append((0..<Int(next() % 12)).map { _ in next() % 3 == 0 ? next() : next() % 0x80 })
    }
    for bytes in cases {
      #expect(String(utf8Validating: bytes) == String(validating: bytes, as: UTF8.self), "\(bytes)")
    }
  }
}
