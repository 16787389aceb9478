// scrolltrace — a whole small input file read into memory, with a limit on its size.

/// Reads a whole input file (a script, a budget, a report, a frame-timing dump, a list of traces)
/// once: the one whole-file read of the package.
///
/// A file larger than `limit` is refused before more than it is held: a wrong path (a trace,
/// `/dev/zero`) cannot fill memory. A FIFO or `/dev/stdin` reads as a file does.
package enum WholeFile {
  /// Why a file could not be read whole: a ``CodedError`` naming the file.
  package struct Failure: CodedError {
    /// What kind of problem this is.
    package var code: ErrorCode<Failure>
    /// What is wrong.
    package var reason: String
    /// The file.
    package var path: String
    /// The file.
    package var location: [String] { [path] }
    /// The reason says what kind of problem it is.
    package static var namesCode: Bool { false }
  }

  /// The bytes of the file at `path`, which holds a `what` (for messages), at most `limit` of them.
  ///
  /// - Throws: ``Failure`` naming the file: `unreadable` when it cannot be opened or read,
  ///   `tooLarge` when it holds more than `limit` bytes.
  package static func read(_ path: String, limit: Int64, what: String) throws(Failure) -> [UInt8] {
    let file: SystemFile
    do {
      file = try SystemFile.open(path, .readOnly)
    } catch {
      throw Failure(code: .unreadable, reason: "cannot open the \(what): \(error)", path: path)
    }
    defer { try? file.close() }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do {
        count = try chunk.withUnsafeMutableBytes { (buffer) throws(SystemError) -> Int in
          try file.read(into: buffer)
        }
      } catch {
        throw Failure(
          code: .unreadable, reason: "cannot read the \(what) at byte \(bytes.count): \(error)",
          path: path)
      }
      if count == 0 { return bytes }
      guard Int64(bytes.count) + Int64(count) <= limit else {
        throw Failure(
          code: .tooLarge, reason: "a \(what) larger than \(limit) bytes is refused", path: path)
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}

extension ErrorCode where Owner == WholeFile.Failure {
  /// The file cannot be opened or read.
  package static let unreadable = Self(rawValue: "unreadable")
  /// The file holds more than the limit.
  package static let tooLarge = Self(rawValue: "tooLarge")
}
