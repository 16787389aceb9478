// scrolltrace — a number read from `JSONSerialization`, never a Boolean in disguise.

import Foundation

/// Numbers in the JSON inputs Analyze reads with `JSONSerialization` (saved reports, budgets).
enum JSONNumber {
  /// `value` as a finite number; nil for anything else, `true` and `false` included (which
  /// Foundation hands back as `NSNumber` too).
  static func double(_ value: Any?) -> Double? {
    guard let number = value as? NSNumber else { return nil }
    let type = String(cString: number.objCType)
    guard type != "c", type != "B", number.doubleValue.isFinite else { return nil }
    return number.doubleValue
  }
}
