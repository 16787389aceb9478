// scrolltrace — what `history add` is asked, and the run it records.

import Analyze
import ResultStore

/// What `history add` is asked: one report and its revision, or a list of runs; the store, the
/// branch, the engine name and the runner.
///
/// ``HistoryCommand/AddCommand`` makes one from argument-parser's parse (which has checked that
/// exactly one of a report and `--runs` is given, a revision with a report, and the time);
/// ``DirectInvocation`` makes the same from the common form without it.
struct HistoryAddRequest: Equatable {
  /// The JSON report recorded (without `--runs`).
  var report: String?
  /// The list of runs recorded (`--runs`).
  var runs: String?
  /// The results store.
  var store: String
  /// The branch the runs belong to.
  var branch: String
  /// The report's revision (with a report).
  var revision: String?
  /// The revision's time as given: seconds or ISO 8601; now without it.
  var time: String?
  /// The CI runner named (`--runner`).
  var runner: String?
  /// The engine name the runs are recorded under, in place of the report's.
  var engine: String?

  /// The request `command`'s options make.
  init(_ command: HistoryCommand.AddCommand) {
    self.init(
      report: command.report, runs: command.runs, store: command.store.store,
      branch: command.branch, revision: command.stamp.revision, time: command.stamp.time,
      runner: command.stamp.runner, engine: command.engine)
  }

  init(
    report: String?, runs: String? = nil, store: String, branch: String, revision: String?,
    time: String?, runner: String?, engine: String?
  ) {
    self.report = report
    self.runs = runs
    self.store = store
    self.branch = branch
    self.revision = revision
    self.time = time
    self.runner = runner
    self.engine = engine
  }

  /// Records the run (or the runs, in one transaction) and says so on standard output.
  func run() throws {
    let provenance = RunProvenance.here(runner: runner)
    if let runs {
      let list = try RunList(path: runs)
      let added = try list.runs(
        branch: branch, engine: engine, provenance: provenance, list: runs)
      let outcome = try StoreOptions.with(store, .create) { try $0.addRuns(added) }
      let replaced = outcome.filter(\.replaced).count
      try Output.stdout().line(
        "\(store): \(added.count) run\(added.count == 1 ? "" : "s") of \(branch) recorded"
          + (replaced > 0 ? " (\(replaced) replace earlier runs of their revisions)" : ""))
      return
    }
    guard let report else { return }
    let json = try InputFile.report.read(report)
    let revision = revision ?? ""
    let time = try RunStamp.seconds(time)
    let (_, replaced) = try StoreOptions.with(store, .create) {
      try $0.addRun(
        json, label: report, branch: branch, revision: revision, time: time, engine: engine,
        provenance: provenance)
    }
    try Output.stdout().line(
      "\(store): run \(revision) of \(branch) recorded"
        + (replaced ? " (it replaces the earlier run of \(revision))" : ""))
  }
}
