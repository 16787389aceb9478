// scrolltrace — one of a run's standard streams: the process's own descriptor, or memory.

import Synchronization
import TraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a run of the tool writes its standard output or standard error: the process's own
/// descriptor (the shipped tool), or memory (the tool run inside another program: a test).
package final class ToolStream: Sendable {
  private enum Target {
    case descriptor(Int32)
    case memory
  }

  private let target: Target
  private let captured = Mutex<[UInt8]>([])

  private init(_ target: Target) { self.target = target }

  /// The process's own descriptor `descriptor` (1 or 2).
  package static func descriptor(_ descriptor: Int32) -> ToolStream {
    ToolStream(.descriptor(descriptor))
  }

  /// A stream kept in memory, read back with ``text``.
  package static func memory() -> ToolStream { ToolStream(.memory) }

  /// Whether the stream is a terminal (never, in memory).
  package var isTerminal: Bool {
    guard case .descriptor(let descriptor) = target else { return false }
    return isatty(descriptor) != 0
  }

  /// Whether the stream is the process's own descriptor, whose reader can go away (`| head`).
  package var isDescriptor: Bool {
    if case .descriptor = target { return true }
    return false
  }

  /// What was written, for a stream in memory (a name's raw bytes as it would reach a file).
  package var text: String { String(decoding: captured.withLock { $0 }, as: UTF8.self) }

  /// Writes all of `bytes`.
  ///
  /// - Throws: the `errno` of a write that failed (`EPIPE` when the reader went away).
  func write(_ bytes: [UInt8]) throws(SystemError) {
    switch target {
    case .memory:
      captured.withLock { $0.append(contentsOf: bytes) }
    case .descriptor(let descriptor):
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer in
          Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
        }
        if written < 0 {
          if errno == EINTR { continue }
          throw SystemError(errno)
        }
        offset += written
      }
    }
  }
}
