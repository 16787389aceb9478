// scrolltrace — diagnostics on standard error.

import SystemPackage

/// Writes diagnostics to standard error, unbuffered.
enum StandardError {
  /// Writes `message` and a newline to standard error.
  static func print(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = try? line.withUnsafeBytes { try FileDescriptor.standardError.writeAll($0) }
  }
}
