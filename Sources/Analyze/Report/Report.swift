// scrolltrace — what `scrolltrace replay` reports: one section per trace, a total, host timings.

public import Replay
public import TraceCore

/// The report of replaying traces through one engine: the settings, a section per trace, the
/// total over all traces, and the host timings kept apart (docs/report-schema.md).
public struct Report: Sendable, Hashable {
  /// The report schema's version: readers refuse a newer major version.
  public static let schemaVersion = 2
  /// The engine replayed.
  public var engine: EngineDescriptor
  /// The analyzers' settings.
  public var settings: AnalysisSettings
  /// The model options given explicitly, as `flag: value` in the order given.
  public var modelOptions: [ModelOption]
  /// One section per trace, in the order replayed.
  public var traces: [TraceReport]
  /// The total over every trace.
  public var total: AnalysisSummary
  /// Host timings over every trace.
  public var hostTotal: HostTimingSummary
  /// Traces given in a folder or a list that the engine cannot lay out, not replayed.
  public var skipped: [SkippedTrace]
  /// The delegate hooks the replays called, and those the protocol's defaults answered: which
  /// hooks the engine implements itself.
  public var delegateHooks = DelegateHookLog()
  /// Whether the engine replayed a short trace of its own, unrecorded, before the timed replays
  /// (the host timings are then not a cold start's).
  public var hostWarmedUp = false

  /// Creates a report.
  public init(
    engine: EngineDescriptor, settings: AnalysisSettings, modelOptions: [ModelOption],
    traces: [TraceReport],
    total: AnalysisSummary, hostTotal: HostTimingSummary, skipped: [SkippedTrace] = []
  ) {
    self.engine = engine
    self.settings = settings
    self.modelOptions = modelOptions
    self.traces = traces
    self.total = total
    self.hostTotal = hostTotal
    self.skipped = skipped
  }

  /// A model option given on the command line.
  public struct ModelOption: Sendable, Hashable {
    /// The option's name, such as `resizePolicy`.
    public var name: String
    /// Its value as given.
    public var value: String

    /// Creates an option.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }
}

/// A trace not replayed: the engine cannot lay out its scene (a kind the engine does not take),
/// skipped because it came with others — a folder of mixed recordings replays what the engine can —
/// or, with `replay --keep-going`, a trace that could not be read or replayed (a failure).
public struct SkippedTrace: Sendable, Hashable {
  /// The path as given.
  public var path: String
  /// Why, as the replay said it (`paging@2 lays out pages scenes; this trace has a list scene`), or
  /// for a failure the error's one line.
  public var reason: String
  /// Whether the trace failed (damaged, foreign, over a limit) rather than being of a scene the
  /// engine does not lay out.
  public var isFailure: Bool

  /// Creates a skipped trace.
  public init(path: String, reason: String, isFailure: Bool = false) {
    self.path = path
    self.reason = reason
    self.isFailure = isFailure
  }
}

/// One trace's section of a report.
public struct TraceReport: Sendable, Hashable {
  /// Which trace.
  public var identity: TraceIdentity
  /// What the analyzers found.
  public var summary: AnalysisSummary
  /// How long this machine took (not deterministic).
  public var host: HostTimingSummary

  /// Creates a section.
  public init(identity: TraceIdentity, summary: AnalysisSummary, host: HostTimingSummary) {
    self.identity = identity
    self.summary = summary
    self.host = host
  }
}

/// A trace's identity: where it was read, a hash of its bytes, and what its header says.
public struct TraceIdentity: Sendable, Hashable {
  /// The path as given.
  public var path: String
  /// `fnv1a64:` and the 64-bit FNV-1a hash of the file's bytes in hex: equal files, equal hashes.
  public var contentHash: String
  /// The file's size, in bytes.
  public var fileSize: Int64
  /// Events read.
  public var events: Int
  /// The header's device.
  public var device: DeviceInfo
  /// Chunks a recovering reader skipped (0 when strict or intact).
  public var losses: Int
  /// The header's free metadata (app version, build, test name…), as the recorder wrote it.
  public var metadata: [String: String]

  /// Creates an identity.
  public init(
    path: String, contentHash: String, fileSize: Int64, events: Int, device: DeviceInfo,
    losses: Int,
    metadata: [String: String] = [:]
  ) {
    self.path = path
    self.contentHash = contentHash
    self.fileSize = fileSize
    self.events = events
    self.device = device
    self.losses = losses
    self.metadata = metadata
  }
}
