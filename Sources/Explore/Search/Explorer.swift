// scrolltrace — random, reproducible exploration: scripts drawn from a seed until trouble shows.

import Analyze
public import Pipeline
public import Replay
public import TraceIngest

/// Draws scripts from a grammar (``ScriptGrammar``) over a base (an engine's stock scene, or a
/// script of the user's), tries each on the engine (``TrialRunner``) and keeps the first script
/// that shows each distinct finding, by ``Signature``.
///
/// **Reproducible.** Attempt *i* of a run seeded *s* draws its script from a seed that depends on
/// *s* and *i* alone, and results are taken in attempt order whatever the threads' timing: the
/// same seed and count give the same findings, byte for byte, with any number of jobs. A time
/// budget stops at the end of a batch of attempts; the result says how many were tried, and that
/// count with the seed gives the same findings again.
///
/// ```swift
/// let explorer = Explorer(
///   runner: TrialRunner(engine: EngineRegistry.builtIn.entry(named: "paging@1")!),
///   base: Explorer.stockBase(for: EngineRegistry.builtIn.entry(named: "paging@1")!))
/// let result = try explorer.run(seed: 1, count: 200)
/// print(result.discoveries.map(\.finding.signature))
/// ```
public struct Explorer: Sendable {
  /// How scripts are tried.
  public var runner: TrialRunner
  /// What every script starts from: its device, viewport, content, scene and first steps.
  public var base: GestureScript
  /// How scripts are drawn.
  public var grammar: ScriptGrammar

  /// An explorer of `base` through `runner`, drawing with `grammar`.
  public init(runner: TrialRunner, base: GestureScript, grammar: ScriptGrammar = ScriptGrammar()) {
    self.runner = runner
    self.base = base
    self.grammar = grammar
  }

  /// The base of an engine's stock scene: an iPhone 15 Pro in portrait (393 × 852 pt, 3×, 120 Hz,
  /// the safe area of its Dynamic Island and home indicator) showing the scene the engine lays out
  /// for a trace that has none (`ScrollEngine.stockScene(for:)`).
  public static func stockBase(for engine: EngineRegistry.Entry) -> GestureScript {
    let screen = Size(width: 393, height: 852)
    return GestureScript(
      device: .init(
        name: "iPhone 15 Pro", screen: screen, scale: 3, refreshRate: 120, touchRate: 120),
      viewport: .init(size: screen, safeArea: EdgeInsets(top: 59, bottom: 34)),
      scene: engine.stockScene(for: screen), steps: [])
  }

  /// This explorer with its grammar fitted to its engine.
  ///
  /// When the engine rests the base's content on a rule (`RestingRule`: a pager's grid, one card
  /// at a time, a snap offset), the app's scrolls to an item put it at its start only
  /// (``ScriptGrammar/itemPositions``), where the rule rests it. A centre or an end off the rule
  /// is where the app put the content, which the glitch check would otherwise report as the
  /// engine's. `explore` runs this; it replays the base, with a moment of stillness, once.
  ///
  /// - Throws: What replaying the base throws (``TrialRunner/run(_:name:)``).
  public func fittingItsEngine() throws -> Explorer {
    var probe = base
    probe.steps.append(.wait(duration: 0.1))
    let trial = try runner.run(probe, name: "the base")
    let rules = trial.replay?.analysis.summary.boundaryGlitches.rules ?? []
    guard rules.contains(where: { $0 != .anywhere }) else { return self }
    var fitted = self
    fitted.grammar.itemPositions = [.start]
    return fitted
  }

  /// The script attempt `attempt` of a run seeded `seed` draws.
  public func script(seed: UInt64, attempt: Int) -> GestureScript {
    grammar.script(seed: Draw.attemptSeed(seed, attempt), base: base)
  }

  /// A script that showed a finding first.
  public struct Discovery: Sendable {
    /// The attempt that drew it (0 is the first).
    public var attempt: Int
    /// The script.
    public var script: GestureScript
    /// Its trace.
    public var trace: [UInt8]
    /// The finding.
    public var finding: Finding
    /// The engine's replay of the trace, when it did not fail.
    public var replay: TraceReplay?
  }

  /// What a run found.
  public struct Result: Sendable {
    /// The attempts tried.
    public var tried: Int
    /// The first script of each signature, in the order found.
    public var discoveries: [Discovery]
    /// How many attempts showed each signature.
    public var counts: [Signature: Int]
  }

  /// Explores from `seed`: `count` attempts at most, on `jobs` threads, stopping at the end of the
  /// batch in which `deadline` passes (the first batch runs whatever the deadline); `progress`
  /// hears the attempts tried so far.
  ///
  /// - Throws: what a trial throws that is no finding: `ScriptError` for a base the grammar cannot
  ///   extend, `PipelineError` `unsupportedScene` for a scene the engine does not lay out.
  public func run(
    seed: UInt64, count: Int, jobs: Int = 1, deadline: ContinuousClock.Instant? = nil,
    progress: (Int) -> Void = { _ in }
  ) throws -> Result {
    var result = Result(tried: 0, discoveries: [], counts: [:])
    var known: Set<Signature> = []
    let batch = max(1, jobs) * 16
    while result.tried < count {
      // At least one batch, whatever the deadline: a run that tried nothing would pass unjudged.
      if let deadline, result.tried > 0, ContinuousClock.now >= deadline { break }
      let start = result.tried
      let size = min(batch, count - start)
      let runner = runner
      let grammar = grammar
      let base = base
      try forEachInOrder(count: size, threads: jobs) { offset in
        let attempt = start + offset
        // As script(seed:attempt:) draws it.
        let script = grammar.script(seed: Draw.attemptSeed(seed, attempt), base: base)
        return (script, try runner.run(script, name: "explore-\(seed)-\(attempt).sctrace"))
      } take: { offset, tried in
        let (script, trial) = tried
        for finding in trial.findings {
          result.counts[finding.signature, default: 0] += 1
          guard known.insert(finding.signature).inserted else { continue }
          result.discoveries.append(
            Discovery(
              attempt: start + offset, script: script, trace: trial.trace, finding: finding,
              replay: trial.replay))
        }
      }
      result.tried += size
      progress(result.tried)
    }
    return result
  }
}
