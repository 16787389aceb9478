// scrolltrace — reading a whole input file, with a limit on its size.

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
    do {
      return try WholeFileRead.bytes(path, limit: limit)
    } catch {
      switch error {
      case .cannotOpen(let reason):
        throw PipelineError(.unreadable, "cannot open the \(what): \(reason)", path: path)
      case .cannotRead(let bytes, let reason):
        throw PipelineError(
          .unreadable, "cannot read the \(what) at byte \(bytes): \(reason)", path: path)
      case .tooLarge:
        throw PipelineError(
          .tooLarge, "a \(what) larger than \(limit) bytes is refused", path: path)
      }
    }
  }

}
