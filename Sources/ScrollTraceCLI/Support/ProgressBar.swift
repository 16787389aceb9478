// scrolltrace — progress of a long run on standard error, only when it is a terminal.

import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line progress bar on standard error, redrawn in place when the shown percentage changes.
/// Quiet when standard error is not a terminal (CI logs, pipes), so logs stay clean.
struct ProgressBar {
  private let isEnabled: Bool
  private var shown: (trace: Int, percent: Int)?
  private var isDrawn = false

  /// A bar that draws only if standard error is a terminal.
  init() { isEnabled = isatty(2) != 0 }

  /// Shows trace `index` (from 0) of `count`, at `path`, `fraction` (0–1) done.
  mutating func update(trace index: Int, of count: Int, path: String, fraction: Double) {
    guard isEnabled else { return }
    let percent = Int(min(max(fraction, 0), 1) * 100)
    guard shown.map({ $0.trace != index || $0.percent != percent }) ?? true else { return }
    shown = (index, percent)
    let width = 30
    let filled = percent * width / 100
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    let name = path.count > 36 ? "…" + String(path.suffix(35)) : path
    write("\r\u{1B}[2K\(bar) \(percent)% trace \(index + 1)/\(count) \(name)")
    isDrawn = true
  }

  /// Erases the bar.
  mutating func finish() {
    guard isDrawn else { return }
    write("\r\u{1B}[2K")
    isDrawn = false
  }

  private func write(_ text: String) {
    let bytes = Array(text.utf8)
    _ = try? bytes.withUnsafeBytes { try FileDescriptor.standardError.writeAll($0) }
  }
}
