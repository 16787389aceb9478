// scrolltrace — small, stable finger numbers for UIKit's touch objects.

public import TraceCore

/// Gives each finger a small number, stable from `began` to `ended` or `cancelled`, as the format
/// expects (`TouchSample.touchID`): the lowest number no finger down holds.
///
/// UIKit keeps one `UITouch` object per finger for the whole touch, so the adapter identifies a
/// finger by that object's identity (`ObjectIdentifier`); this never holds the object itself.
public struct TouchIdentities: Sendable {
  private var numbers: [ObjectIdentifier: UInt32] = [:]

  /// The most fingers tracked at once; a touch object beyond it (a leak of `ended` phases) frees
  /// every number, as a new touch sequence would.
  public static let maximumFingers = 32

  /// Creates an empty table.
  public init() {}

  /// The number of the finger `key` in `phase`; an `ended` or `cancelled` phase frees it after.
  public mutating func number(for key: ObjectIdentifier, phase: TouchSample.Phase) -> UInt32 {
    if let number = numbers[key] {
      if phase == .ended || phase == .cancelled { numbers[key] = nil }
      return number
    }
    if numbers.count >= Self.maximumFingers { numbers.removeAll() }
    let taken = Set(numbers.values)
    var number: UInt32 = 0
    while taken.contains(number) { number += 1 }
    if phase != .ended && phase != .cancelled { numbers[key] = number }
    return number
  }

  /// The fingers down.
  public var count: Int { numbers.count }
}
