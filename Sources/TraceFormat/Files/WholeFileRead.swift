// scrolltrace — a whole small input file read into memory, with a limit on its size.

import SystemPackage

/// Reads a whole input file (a script, a budget, a frame-timing dump) once.
///
/// A file larger than a limit is refused before more than it is held: a wrong path (a trace,
/// `/dev/zero`) cannot fill memory. Each caller turns a failure into its own error type.
package enum WholeFileRead {
  /// Why a file could not be read whole.
  package enum Failure: Error {
    /// It could not be opened.
    case cannotOpen(any Error)
    /// Reading failed after `bytes` bytes.
    case cannotRead(bytes: Int, any Error)
    /// It holds more than the limit.
    case tooLarge
  }

  /// The bytes of the file at `path`, at most `limit` of them.
  package static func bytes(_ path: String, limit: Int64) throws(Failure) -> [UInt8] {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(PathName.filePath(path), .readOnly)
    } catch {
      throw .cannotOpen(error)
    }
    defer { try? descriptor.close() }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do {
        count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
      } catch {
        throw .cannotRead(bytes: bytes.count, error)
      }
      if count == 0 { return bytes }
      guard Int64(bytes.count) + Int64(count) <= limit else { throw .tooLarge }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}
