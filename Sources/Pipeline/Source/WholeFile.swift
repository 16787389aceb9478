// scrolltrace — reading a whole input file, with a limit on its size.

import SystemPackage
import TraceFormat

/// Whole-file reads of inputs (a trace to compare, a script, a budget), with a size limit so a
/// wrong path cannot fill memory.
package enum WholeFile {
  /// The bytes of the file at `path`, which holds a `what` (for messages), read once.
  ///
  /// - Throws: ``PipelineError`` naming the file: ``PipelineError/Code/unreadable`` when it cannot
  ///   be opened or read, ``PipelineError/Code/tooLarge`` when it holds more than `limit` bytes.
  package static func read(_ path: String, limit: Int64, what: String) throws(PipelineError)
    -> [UInt8]
  {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(PathName.filePath(path), .readOnly)
    } catch {
      throw PipelineError(.unreadable, "cannot open the \(what): \(error)", path: path)
    }
    defer { try? descriptor.close() }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do {
        count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
      } catch {
        throw PipelineError(
          .unreadable, "cannot read the \(what) at byte \(bytes.count): \(error)", path: path)
      }
      if count == 0 { return bytes }
      guard Int64(bytes.count) + Int64(count) <= limit else {
        throw PipelineError(
          .tooLarge, "a \(what) larger than \(limit) bytes is refused", path: path)
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}
