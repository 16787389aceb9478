// scrolltrace — many traces named in a file, as xargs users give them.

import ArgumentParser
import Pipeline
import TraceFormat

/// `--files-from FILE`: the traces listed in a file, or on standard input with `-`, one a line (or
/// separated by NUL bytes, as `find -print0` writes them), after those on the command line.
///
/// For thousands of traces: swift-argument-parser takes time quadratic in the number of
/// arguments (measured: 3 000 paths parse in 0.2 s, 30 000 in 21 s, in its `ParsedValues.update`
/// and `SplitArguments.remove`), while a list is read in one pass.
struct FileListOptions: ParsableArguments {
  @Option(
    name: .customLong("files-from"),
    help: ArgumentHelp(
      "Also take the traces listed in this file (- for standard input): one a line, or NUL-separated as find -print0 writes them. For thousands of traces.",
      valueName: "file"),
    completion: .file())
  var filesFrom: String?

  /// The most a list may hold: 64 MiB, half a million paths of 128 bytes.
  static let limit: Int64 = 64 << 20

  /// `given` and the paths the list names, in that order.
  ///
  /// - Throws: ``InputFailure`` when the list cannot be read or names no path and none is given.
  func paths(_ given: [String]) throws -> [String] {
    guard let filesFrom else { return given }
    let bytes: [UInt8]
    do {
      bytes = try WholeFile.read(
        filesFrom == "-" ? "/dev/stdin" : filesFrom, limit: Self.limit, what: "list of traces")
    } catch {
      throw InputFailure(error.description)
    }
    let separator: UInt8 = bytes.contains(0) ? 0 : UInt8(ascii: "\n")
    let listed = bytes.split(separator: separator, omittingEmptySubsequences: true).map { line in
      // A line may end in CR (a list written on Windows).
      PathName.string(fromBytes: line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...])
    }
    let all = given + listed
    guard !all.isEmpty else { throw InputFailure("\(filesFrom): the list names no trace") }
    return all
  }
}
