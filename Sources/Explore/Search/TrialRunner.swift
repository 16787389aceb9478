// scrolltrace — one script or trace tried: synthesized, replayed, checked.

import Analyze
public import Pipeline
public import Replay
public import TraceIngest

/// Tries scripts and traces on an engine: synthesizes a script into a trace (in memory), replays
/// it with every analyzer and a ``TriggerLog``, and runs the checks; with a baseline engine,
/// replays it there too for `regression`.
///
/// A trial holds one trace in memory: a generated script's is a few hundred kilobytes.
public struct TrialRunner: Sendable {
  /// The engine explored.
  public var engine: EngineRegistry.Entry
  /// The engine a `regression` compares with.
  public var baseline: EngineRegistry.Entry?
  /// What counts as trouble.
  public var checks: [Check]
  /// How traces are replayed and analysed.
  public var settings: ReplaySettings
  /// Checks of the team's own, run after `checks`.
  public var predicates: [Predicate]

  /// A runner; `checks` holds `regression` only when `baseline` is given.
  public init(
    engine: EngineRegistry.Entry, baseline: EngineRegistry.Entry? = nil,
    checks: [Check] = Check.standard, settings: ReplaySettings = ReplaySettings(),
    predicates: [Predicate] = []
  ) {
    self.engine = engine
    self.baseline = baseline
    self.checks = baseline == nil ? checks.filter { $0.kind != .regression } : checks
    self.settings = settings
    self.predicates = predicates
  }

  /// What one trial gave: its findings (one per signature, the earliest), its trace, and the
  /// engine's replay (nil when the replay failed).
  public struct Trial: Sendable {
    /// The findings, one per signature, in time order (whole-replay findings last).
    public var findings: [Finding]
    /// The trace replayed.
    public var trace: [UInt8]
    /// The replay, when it did not fail.
    public var replay: TraceReplay?
  }

  /// The trace of `script`, zstd-compressed as `synth` writes it.
  ///
  /// - Throws: `ScriptError` for a script that cannot be synthesized.
  public static func trace(of script: GestureScript) throws -> [UInt8] {
    let synthesizer = Synthesizer(script: script)
    let writer = try TraceWriter(header: synthesizer.header)
    try synthesizer.synthesize(maximumEvents: maximumEvents) { try writer.append($0) }
    return try writer.close()
  }

  /// The most events a tried script may make (a minute of touches is about 15 000).
  public static let maximumEvents = 2_000_000

  /// Tries `script`, naming its trace `name` in messages.
  ///
  /// - Throws: `ScriptError` for a script that cannot be synthesized; `PipelineError` with code
  ///   `unsupportedScene` when the engine does not lay out the script's scene.
  public func run(_ script: GestureScript, name: String) throws -> Trial {
    try run(trace: try Self.trace(of: script), name: name)
  }

  /// Tries the trace `bytes`, named `name` in messages.
  ///
  /// A replay that fails is an `error` finding (when that check is run; else no finding).
  ///
  /// - Throws: `PipelineError` with code `unsupportedScene` when the engine does not lay out the
  ///   trace's scene; the reader's `TraceFormatError` for bytes that are not a trace.
  public func run(trace bytes: [UInt8], name: String) throws -> Trial {
    let source = TraceSource(bytes: bytes, path: name)
    let replay: TraceReplay
    let log: TriggerLog
    do {
      (replay, log) = try TraceReplay.observed(
        source, engine: engine, settings: settings, observer: { _ in TriggerLog() })
    } catch let error as PipelineError where error.code != .unsupportedScene {
      // Without the `error` check a failed replay shows nothing (a reduction's candidate that
      // scrolls to an item it no longer inserts).
      guard checks.contains(where: { $0.kind == .error }) else {
        return Trial(findings: [], trace: bytes, replay: nil)
      }
      let finding = Finding(
        signature: Signature(kind: .error, detail: error.code.rawValue),
        detail: "the replay fails: \(error.reason)")
      return Trial(findings: [finding], trace: bytes, replay: nil)
    }
    var findings = Self.findings(replay.analysis.summary, log: log, checks: checks)
    for predicate in predicates { findings += predicate.evaluate(replay.analysis.summary, log) }
    if let baseline, checks.contains(where: { $0.kind == .regression }) {
      // A baseline that fails where the engine does not is no regression of the engine's.
      if let other = try? TraceReplay(source, engine: baseline, settings: settings) {
        findings += Self.regressions(
          replay.analysis.summary, against: other.analysis.summary, baseline: baseline)
      }
    }
    return Trial(findings: Self.firstOfEach(findings), trace: bytes, replay: replay)
  }

  /// The findings of an analysis: each check's, one per signature (the earliest).
  static func findings(_ summary: AnalysisSummary, log: TriggerLog, checks: [Check]) -> [Finding] {
    var found: [Finding] = []
    for check in checks {
      func add(
        _ kind: Check.Kind, _ detail: String, frame: Int64, time: Int64?, size: Double?,
        _ text: String
      ) {
        let (trigger, state) = log.trigger(at: frame)
        found.append(
          Finding(
            signature: Signature(kind: kind, detail: detail, trigger: trigger, state: state),
            time: time, size: size, detail: text, limit: check.limit))
      }
      switch check.kind {
      case .glitch:
        let shortest = (check.limit ?? 0) * 1e6
        for glitch in summary.boundaryGlitches.glitches where Double(glitch.restingTime) >= shortest
        {
          add(
            .glitch, "", frame: glitch.frame, time: glitch.time, size: glitch.misalignment,
            "rests \(Self.points(glitch.misalignment)) off its \(glitch.rule.rawValue) rule for \(Self.milliseconds(glitch.restingTime))"
          )
        }
      case .jump:
        for jump in summary.offsetJumps.jumps {
          add(
            .jump, jump.cause.rawValue, frame: jump.frame, time: jump.time, size: jump.size,
            "the content jumps \(Self.points(jump.size)) beyond the input (\(jump.cause.rawValue))")
        }
      case .shift:
        let limit = check.limit ?? 0
        for shift in summary.contentShift?.shifts ?? [] where shift.size > limit {
          add(
            .shift, shift.cause.rawValue, frame: shift.frame, time: shift.time, size: shift.size,
            "the content \(shift.whileTracking ? "under the finger " : "")shifts "
              + "\(Self.points(shift.size)) beyond the input (\(shift.cause.rawValue))")
        }
      case .bottom:
        let limit = check.limit ?? 0
        for leave in summary.contentShift?.bottomLeaves ?? [] where leave.gap > limit {
          add(
            .bottom, leave.cause.rawValue, frame: leave.frame, time: leave.time, size: leave.gap,
            "the list leaves the bottom by \(Self.points(leave.gap)) (\(leave.cause.rawValue))")
        }
      case .drift:
        let limit = check.limit ?? 0
        for drift in summary.offsetJumps.anchorDrifts where drift.distance > limit {
          add(
            .drift, "", frame: drift.frame, time: drift.time, size: drift.distance,
            "a resize moves the anchored content \(Self.points(drift.distance)), over \(Self.points(limit))"
          )
        }
      case .lifecycle:
        for violation in summary.reuse.lifecycle.violations.events {
          add(
            .lifecycle, violation.problem.rawValue, frame: violation.frame, time: nil, size: nil,
            "view \(violation.view) (\(violation.identifier)): \(violation.problem.rawValue)")
        }
      case .churn:
        // A rate over less than a second of scrolling (a jump to a far item) says little.
        let rate = summary.reuse.viewsCreatedPerScrollingSecond
        if let limit = check.limit, rate > limit,
          summary.reuse.scrollingTime >= Check.shortestChurnScrolling
        {
          found.append(
            Finding(
              signature: Signature(kind: .churn), size: rate,
              detail:
                "\(TextFormat.number(rate)) views created per scrolling second, over \(TextFormat.number(limit))",
              limit: limit))
        }
      case .live:
        let peak = Double(summary.reuse.peakLiveViews)
        if let limit = check.limit, peak > limit {
          found.append(
            Finding(
              signature: Signature(kind: .live), size: peak,
              detail: "\(Int(peak)) views alive at once, over \(TextFormat.number(limit))",
              limit: limit))
        }
      case .error, .regression:
        break
      }
    }
    return Self.firstOfEach(found)
  }

  /// The catalog metrics worse than the baseline's beyond their tolerance.
  static func regressions(
    _ summary: AnalysisSummary, against baseline: AnalysisSummary,
    baseline entry: EngineRegistry.Entry
  ) -> [Finding] {
    Metric.catalog.compactMap { metric in
      guard let value = metric.value(in: summary), let base = metric.value(in: baseline),
        metric.isImprovement(from: base, to: value) == false, !metric.tolerance.allows(base, value)
      else { return nil }
      return Finding(
        signature: Signature(kind: .regression, detail: metric.key), size: value,
        detail:
          "\(metric.key) is \(TextFormat.number(value)) \(metric.unit) against \(TextFormat.number(base)) on \(entry.descriptor)"
      )
    }
  }

  /// The earliest finding of each signature, frame-tied ones in time order first.
  static func firstOfEach(_ findings: [Finding]) -> [Finding] {
    var seen: Set<Signature> = []
    let ordered = findings.enumerated().sorted { a, b in
      switch (a.element.time, b.element.time) {
      case (let x?, let y?): return x != y ? x < y : a.offset < b.offset
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return a.offset < b.offset
      }
    }.map(\.element)
    return ordered.filter { seen.insert($0.signature).inserted }
  }

  static func points(_ value: Double) -> String { "\(TextFormat.number(value)) pt" }

  static func milliseconds(_ nanoseconds: Int64) -> String {
    "\(TextFormat.number(Double(nanoseconds) / 1e6)) ms"
  }
}
