// scrolltrace — progress of a run counted in attempts (explore, reduce), only on a terminal.

import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress count on standard error — `210/500 scripts · 3 found · 0:37 left` — drawn
/// only when standard error is a terminal, as ``ProgressBar`` is.
struct CountProgress {
  /// The run's standard error, taken when the count is made.
  private let stream = ToolRun.current.standardError
  private let isEnabled = ToolRun.current.standardError.isTerminal
  private let total: Int?
  private let unit: String
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var isDrawn = false

  /// A count of `unit` out of `total` (nil: no total, no time left).
  init(total: Int?, unit: String) {
    self.total = total
    self.unit = unit
    start = clock.now
  }

  /// Shows `done` so far, and `note` after it.
  mutating func tell(_ done: Int, note: String = "") {
    guard isEnabled else { return }
    var parts = [total.map { "\(done)/\($0) \(unit)" } ?? "\(done) \(unit)"]
    if !note.isEmpty { parts.append(note) }
    let (seconds, attoseconds) = (clock.now - start).components
    let elapsed = Double(seconds) + Double(attoseconds) / 1e18
    if let total, done > 0, done < total, elapsed >= 1 {
      parts.append(
        ProgressBar.clockText(elapsed * Double(total - done) / Double(done)) + " left")
    }
    write("\r\u{1B}[2K" + parts.joined(separator: " · "))
    isDrawn = true
  }

  /// Erases the line.
  mutating func finish() {
    guard isDrawn else { return }
    write("\r\u{1B}[2K")
    isDrawn = false
  }

  private func write(_ text: String) {
    let bytes = Array(text.utf8)
    try? stream.write(bytes)
  }
}
