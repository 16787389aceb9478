// scrolltrace — a seeded random number generator: the same sequence on every machine (the
// synthesizer's jitter, exploration's draws, the tests' random inputs).

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
/// a seeded generator whose sequence is the same on every machine, unlike the system generator.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator starting from `seed`.
  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in [0, 1) with 53 random bits.
  package mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// A standard normal value (Box–Muller).
  package mutating func gaussian() -> Double {
    let u1 = max(unit(), 0x1p-53)
    let u2 = unit()
    return (-2 * _log(u1)).squareRoot() * _cos(2 * .pi * u2)
  }
}

// Foundation-free log and cos that give the same bits everywhere glibc does.
#if canImport(Glibc)
internal import Glibc
private func _log(_ x: Double) -> Double { Glibc.log(x) }
private func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#elseif canImport(Darwin)
internal import Darwin
private func _log(_ x: Double) -> Double { Darwin.log(x) }
private func _cos(_ x: Double) -> Double { Darwin.cos(x) }
#endif
