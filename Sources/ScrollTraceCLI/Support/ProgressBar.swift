// scrolltrace — progress of a long run on standard error, only when it is a terminal.

import SystemPackage
import TraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar on standard error for a run over several traces: the overall fraction
/// (by file size, so a large trace counts for more), the trace being read, and an estimate of the
/// time left.
///
/// Quiet when standard error is not a terminal (CI logs, pipes), so logs stay clean.
struct ProgressBar {
  private let isEnabled: Bool
  /// The run's standard error, taken when the bar is made (its events may come from other
  /// threads).
  private let stream = ToolRun.current.standardError
  /// Each trace's weight: its size in bytes, or the mean of the known sizes for a pipe.
  private let weights: [Double]
  private let totalWeight: Double
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var shown: String?
  private var isDrawn = false

  /// A bar over `traces` (their sizes weigh them) that draws only if standard error is a terminal.
  init(traces: [String]) {
    isEnabled = ToolRun.current.standardError.isTerminal
    let sizes = traces.map(Self.size(of:))
    let known = sizes.compactMap { $0 }
    let mean = known.isEmpty ? 1 : max(1, Double(known.reduce(0, +)) / Double(known.count))
    weights = sizes.map { $0.map { max(1, Double($0)) } ?? mean }
    totalWeight = max(1, weights.reduce(0, +))
    start = clock.now
  }

  /// Shows trace `index` (from 0), at `path`, `fraction` (0–1) read; the traces before it are done.
  mutating func update(trace index: Int, path: String, fraction: Double) {
    guard isEnabled, weights.indices.contains(index) else { return }
    let done = weights[..<index].reduce(0, +) + weights[index] * min(max(fraction, 0), 1)
    let elapsed = Self.seconds(clock.now - start)
    let text = Self.line(
      fraction: done / totalWeight, elapsed: elapsed, trace: index, count: weights.count, path: path
    )
    guard text != shown else { return }
    shown = text
    write("\r\u{1B}[2K" + text)
    isDrawn = true
  }

  /// The bar's text: `███···· 42% · trace 3/12 · 0:37 left · …name.sctrace`.
  ///
  /// The time left is
  /// `elapsed·(1 − f)/f`, shown once a second has passed and 2 % is done.
  static func line(fraction: Double, elapsed: Double, trace index: Int, count: Int, path: String)
    -> String
  {
    let fraction = min(max(fraction.isFinite ? fraction : 0, 0), 1)
    let percent = Int(fraction * 100)
    let width = 24
    let filled = percent * width / 100
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    var parts = ["\(bar) \(percent)%", "trace \(index + 1)/\(count)"]
    if elapsed >= 1, fraction >= 0.02, fraction < 1 {
      parts.append(clockText(elapsed * (1 - fraction) / fraction) + " left")
    }
    parts.append(path.count > 32 ? "…" + String(path.suffix(31)) : path)
    return parts.joined(separator: " · ")
  }

  /// `m:ss`, or `h:mm:ss` from an hour.
  static func clockText(_ seconds: Double) -> String {
    let total = Int(min(max(seconds, 0), 359_999).rounded(.up))
    let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
  }

  /// Erases the bar.
  mutating func finish() {
    guard isDrawn else { return }
    write("\r\u{1B}[2K")
    isDrawn = false
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// The size of a regular file, nil for anything else (a pipe, a device, a missing file).
  private static func size(of path: String) -> Int64? {
    var info = stat()
    guard PathName.withCString(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG
    else { return nil }
    return Int64(info.st_size)
  }

  private func write(_ text: String) {
    let bytes = Array(text.utf8)
    try? stream.write(bytes)
  }
}
