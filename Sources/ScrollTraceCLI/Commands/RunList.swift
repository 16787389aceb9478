// scrolltrace — the runs of a back-filled history, listed one a line.

import ResultStore
import TraceCore

/// `history add --runs FILE`: a run a line, `REVISION<TAB>TIME<TAB>REPORT`, as a script that walks
/// older builds writes them (`git log --format='%h%x09%ct'` and the report each left).
///
/// `TIME` is what `--time` takes (seconds since the Unix epoch, or ISO 8601); `REPORT` a JSON
/// report's path, relative to the current directory. Empty lines and lines that begin with `#` are
/// passed over; a line may end in CR, and the list begin with a byte-order mark. The list is at
/// most ``listLimit`` and the reports it names at most ``reportsLimit`` in all: memory holds them
/// until the one transaction that records them.
struct RunList {
  /// The most a list may hold: 16 MiB.
  static let listLimit: Int64 = 16 << 20
  /// The most the reports of one call may hold together: 256 MiB.
  static let reportsLimit = 256 << 20

  /// One line: a revision, a time, a report.
  struct Line {
    var number: Int
    var revision: String
    var time: Int64
    var report: String
  }

  /// The runs the list names, in order.
  var lines: [Line] = []

  /// The list at `path` (`-` for standard input).
  ///
  /// - Throws: ``InputFailure`` naming the list and the line: a line without three fields, a time
  ///   that is none, no run at all.
  init(path: String) throws {
    let bytes = try WholeFile.read(
      path == "-" ? "/dev/stdin" : path, limit: Self.listLimit, what: "list of runs")
    for (index, raw) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated()
    {
      var line = String(decoding: raw, as: UTF8.self)
      if line.hasSuffix("\r") { line.removeLast() }
      // A byte-order mark before the first line (a list saved by a Windows editor).
      if index == 0, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 3, !fields[0].isEmpty, !fields[2].isEmpty else {
        throw InputFailure(
          "\(path):\(index + 1): expected REVISION<TAB>TIME<TAB>REPORT, found \(TextFormat.tail(line, 80))"
        )
      }
      let time: Int64
      do {
        time = try RunStamp.seconds(fields[1])
      } catch {
        throw InputFailure(
          "\(path):\(index + 1): the time '\(TextFormat.tail(fields[1], 40))' is neither seconds since the Unix epoch nor an ISO 8601 time"
        )
      }
      lines.append(Line(number: index + 1, revision: fields[0], time: time, report: fields[2]))
    }
    guard !lines.isEmpty else { throw InputFailure("\(path): no run listed") }
  }

  /// The runs of `branch`, each report read, under `engine` and made as `provenance` says.
  ///
  /// - Throws: ``InputFailure`` for a report that cannot be read, or reports over
  ///   ``reportsLimit`` in all.
  func runs(branch: String, engine: String?, provenance: RunProvenance, list path: String) throws
    -> [NewRun]
  {
    var total = 0
    return try lines.map { line in
      let json = try InputFile.report.read(line.report)
      total += json.count
      guard total <= Self.reportsLimit else {
        throw InputFailure(
          "\(path):\(line.number): the reports listed up to here hold over \(Self.reportsLimit >> 20) MiB; split the list"
        )
      }
      return NewRun(
        json: json, label: "\(line.report) (\(path):\(line.number))", branch: branch,
        revision: line.revision, time: line.time, engine: engine, provenance: provenance)
    }
  }
}
