// scrolltrace — the results store a verb reads or writes, and the revision and time of a run.

import ArgumentParser
import Foundation
import ResultStore

/// `--store FILE`: the SQLite results store (docs/history.md).
struct StoreOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The results store: a SQLite file (made when first written to).", valueName: "file"),
    completion: .file(extensions: ["sqlite", "db"]))
  var store: String

  /// Runs `body` with the store opened for `access` (reading verbs never create or change it),
  /// and closes it before returning: a signal is held only while the store is open.
  func with<T>(_ access: ResultStore.Access, _ body: (ResultStore) throws -> T) throws -> T {
    try Self.with(store, access, body)
  }

  /// Runs `body` with the store at `path` opened for `access`, and closes it before returning.
  static func with<T>(
    _ path: String, _ access: ResultStore.Access, _ body: (ResultStore) throws -> T
  ) throws -> T {
    let opened = try ResultStore(path: path, access: access)
    defer { opened.close() }
    return try body(opened)
  }
}

/// The revision and time a report is stored under.
struct RunStamp: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The revision the report was made at: a commit, a tag, a build number.",
      valueName: "revision"))
  var revision: String?

  @Option(
    help: ArgumentHelp(
      "When the revision was built: seconds since the Unix epoch (git show -s --format=%ct) or an ISO 8601 time such as 2026-11-26T09:00:00Z (default: now).",
      valueName: "time"))
  var time: String?

  @Option(
    help: ArgumentHelp(
      "The CI runner the report was made on, as the store records it (default: what GitHub Actions', GitLab CI's or Buildkite's environment names).",
      valueName: "text"))
  var runner: String?

  /// The tool, this machine, and the runner, as the store records them.
  var provenance: RunProvenance { RunProvenance.here(runner: runner) }

  func validate() throws {
    if let time { _ = try Self.seconds(time) }
  }

  /// The time given, in seconds since the Unix epoch, or now.
  func seconds() throws -> Int64 { try Self.seconds(time) }

  /// `text` in seconds since the Unix epoch, or now without it.
  static func seconds(_ text: String?) throws -> Int64 {
    guard let text else { return Int64(Date().timeIntervalSince1970) }
    return try seconds(text)
  }

  static func seconds(_ text: String) throws -> Int64 {
    if let seconds = Int64(text), ResultStore.times.contains(seconds) { return seconds }
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) {
      let seconds = date.timeIntervalSince1970
      if seconds.isFinite, seconds >= 0, seconds <= Double(ResultStore.times.upperBound) {
        return Int64(seconds)
      }
    }
    throw ValidationError(
      "--time '\(text)': expected seconds since the Unix epoch or an ISO 8601 time (2026-11-26T09:00:00Z)"
    )
  }
}
