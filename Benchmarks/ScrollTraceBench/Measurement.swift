// scrolltrace-bench — repeated measurements and their median.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Prints `line` and flushes it at once: the suite runs for minutes, often into a pipe or a log.
func print(_ line: String = "") {
  Swift.print(line)
  fflush(nil)
}

/// Repeated timings of one thing, in nanoseconds.
struct Timings: Sendable {
  /// Every run's time, in run order.
  var runs: [UInt64] = []

  /// The median run (the lower middle one for an even count); 0 with no runs.
  var median: UInt64 {
    let sorted = runs.sorted()
    return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
  }

  /// The fastest run; 0 with no runs.
  var fastest: UInt64 { runs.min() ?? 0 }

  /// The slowest run; 0 with no runs.
  var slowest: UInt64 { runs.max() ?? 0 }

  /// The spread of the runs around the median, as "±N %" of it.
  var spread: String {
    guard median > 0 else { return "" }
    let half = Double(slowest - fastest) / 2 / Double(median) * 100
    return "±" + fixed(half, 0) + " %"
  }

  /// `count` per second at the median time.
  func rate(_ count: Double) -> Double {
    median == 0 ? 0 : count / (Double(median) / 1e9)
  }
}

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String {
  guard value.isFinite else { return "-" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (abs(value) * scale).rounded() / scale
  let whole = Int(rounded)
  var text = (value < 0 && rounded > 0 ? "-" : "") + "\(whole)"
  if digits > 0 {
    let fraction = Int(((rounded - Double(whole)) * scale).rounded())
    let digitsText = String(fraction)
    text += "." + String(repeating: "0", count: max(0, digits - digitsText.count)) + digitsText
  }
  return text
}

/// `value` in millions with two decimals, such as "5.21 M".
func millions(_ value: Double) -> String { fixed(value / 1e6, 2) + " M" }

/// A whole number with thousands separators, such as "10,000,000".
func grouped(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var out = ""
  for (offset, character) in digits.enumerated() {
    if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
    out.append(character)
  }
  return (value < 0 ? "-" : "") + out
}

/// `text` padded with spaces to `width` columns, on the right (or on the left for numbers).
func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  let fill = String(repeating: " ", count: max(0, width - text.count))
  return right ? fill + text : text + fill
}
