// scrolltrace — reading a whole small input file (a script, a cost model, a budget).

import SystemPackage

/// Whole-file reads of small inputs, with a size limit so a wrong path cannot fill memory.
enum SmallFile {
  /// The bytes of the file at `path`, which holds a `what` (for messages).
  ///
  /// - Throws: ``InputFailure`` naming the file when it cannot be opened or read, or is larger
  ///   than `limit` bytes.
  static func read(_ path: String, limit: Int, what: String) throws -> [UInt8] {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(FilePath(path), .readOnly)
    } catch {
      throw InputFailure("\(path): cannot open the \(what): \(error)")
    }
    defer { try? descriptor.close() }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do {
        count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
      } catch {
        throw InputFailure("\(path): cannot read the \(what) at byte \(bytes.count): \(error)")
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      guard bytes.count <= limit else {
        throw InputFailure("\(path): a \(what) larger than \(limit) bytes is refused")
      }
    }
  }
}
