// scrolltrace — many traces named in a file, as xargs users give them.

import ArgumentParser
import Pipeline
import TraceIngest

/// `--files-from FILE`: the traces listed in a file, or on standard input with `-`, one a line (or
/// separated by NUL bytes, as `find -print0` writes them), after those on the command line.
///
/// Paths given on the command line past ``ManyPaths/threshold`` arguments are split out before
/// parsing (``ManyPaths``) and come back here, after the first, in the order given.
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

  /// The paths given on the command line: `positional` as parsed, and those ``ManyPaths`` took
  /// out before parsing.
  static func given(_ positional: [String]) -> [String] {
    ManyPaths.spilled.isEmpty ? positional : positional + ManyPaths.spilled
  }

  /// The paths given on the command line (``given(_:)``) and those the list names, in that order.
  ///
  /// - Throws: ``InputFailure`` when the list cannot be read or names no path and none is given.
  func paths(_ positional: [String]) throws -> [String] {
    try Self.paths(positional, filesFrom: filesFrom)
  }

  /// The paths given on the command line (``given(_:)``) and those the list `filesFrom` names,
  /// in that order.
  ///
  /// - Throws: ``InputFailure`` when the list cannot be read or names no path and none is given.
  static func paths(_ positional: [String], filesFrom: String?) throws -> [String] {
    let given = Self.given(positional)
    guard let filesFrom else { return given }
    let bytes = try WholeFile.read(
      filesFrom == "-" ? "/dev/stdin" : filesFrom, limit: Self.limit, what: "list of traces")
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
