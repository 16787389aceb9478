// scrolltrace — a report as the results store keeps it.

/// A JSON report kept in a results store, with what it was stored under.
public struct StoredReport: Sendable, Hashable {
  /// What a stored report is.
  public enum Kind: String, Sendable, Hashable {
    /// One of a named baseline's reports (`baseline save`).
    case baseline
    /// A run of a branch's history (`history add`).
    case history
  }

  /// Its row in the store.
  public var id: Int64
  /// A baseline's report or a history's run.
  public var kind: Kind
  /// The baseline's name, or the history's branch.
  public var name: String
  /// The revision the report was made at (a commit, a release).
  public var revision: String
  /// When that revision was built, in seconds since the Unix epoch.
  public var time: Int64
  /// The engine replayed (`cardfeed@2`).
  public var engine: String
  /// The report, as `scrolltrace replay --format json` wrote it.
  public var json: String

  /// Creates a stored report.
  public init(
    id: Int64, kind: Kind, name: String, revision: String, time: Int64, engine: String,
    json: String
  ) {
    self.id = id
    self.kind = kind
    self.name = name
    self.revision = revision
    self.time = time
    self.engine = engine
    self.json = json
  }
}

/// A named baseline: its reports, and when and at what revision it was saved.
public struct BaselineSummary: Sendable, Hashable {
  /// The baseline's name.
  public var name: String
  /// The revision it was saved at.
  public var revision: String
  /// When, in seconds since the Unix epoch.
  public var time: Int64
  /// The engines of its reports, in order.
  public var engines: [String]
  /// Its traces, over all its reports.
  public var traces: Int
  /// Whether it was saved with a budget (``ResultStore/baselineBudget(_:)``).
  public var hasBudget = false
}

/// A run of a history, without its report: what `history list` shows.
public struct RunSummary: Sendable, Hashable {
  /// The branch.
  public var branch: String
  /// The revision the run was made at.
  public var revision: String
  /// When that revision was built, in seconds since the Unix epoch.
  public var time: Int64
  /// The engine the run is kept under.
  public var engine: String
  /// The tool, machine and runner that made the run's report (empty before schema version 2).
  public var provenance: RunProvenance

  /// Creates a summary.
  public init(
    branch: String, revision: String, time: Int64, engine: String,
    provenance: RunProvenance = RunProvenance()
  ) {
    self.branch = branch
    self.revision = revision
    self.time = time
    self.engine = engine
    self.provenance = provenance
  }
}

/// A run to record in a branch's history (``ResultStore/addRuns(_:)``).
public struct NewRun: Sendable {
  /// The JSON report.
  public var json: [UInt8]
  /// What messages call it: its file.
  public var label: String
  /// The branch.
  public var branch: String
  /// The revision it was made at.
  public var revision: String
  /// When that revision was built, in seconds since the Unix epoch.
  public var time: Int64
  /// The engine to keep it under; the report's when nil.
  public var engine: String?
  /// The tool, machine and runner that made it.
  public var provenance: RunProvenance

  /// A run of `branch` at `revision`, built at `time`.
  public init(
    json: [UInt8], label: String, branch: String, revision: String, time: Int64,
    engine: String? = nil, provenance: RunProvenance = RunProvenance()
  ) {
    self.json = json
    self.label = label
    self.branch = branch
    self.revision = revision
    self.time = time
    self.engine = engine
    self.provenance = provenance
  }
}
