// scrolltrace — a failing script shrunk to the few steps that still show its finding.

public import TraceIngest

/// Shrinks a script to a minimal one that still shows a finding, by its ``Signature``: first
/// ddmin over the steps (`ddmin`), then simpler versions of each step and of the
/// script's settings (`Simplifications`) while the finding holds, then ddmin once more.
///
/// Every candidate is tried in full (synthesized, replayed, checked), so the result is valid by
/// construction and shows the finding; a candidate whose touches leave the screen (a rotation
/// dropped before a touch in landscape) is not tried, when the script's own touches stay on it. Deterministic: the same script, engine and signature give
/// the same result. Trials are cached by the candidate's JSON, and capped at ``maximumTrials``.
public struct ScriptReducer: Sendable {
  /// How candidates are tried.
  public var runner: TrialRunner
  /// The findings to keep: every one must still show.
  public var keep: [Signature]
  /// The most trials a reduction makes; past it, the smallest script so far is the result.
  public var maximumTrials: Int

  /// A reducer keeping every finding of `keep`, trying candidates with `runner`.
  public init(runner: TrialRunner, keep: [Signature], maximumTrials: Int = 4000) {
    self.runner = runner
    self.keep = keep
    self.maximumTrials = maximumTrials
  }

  /// What a reduction gave.
  public struct Reduction: Sendable {
    /// The smallest script found that shows the finding.
    public var script: GestureScript
    /// The first finding kept, as the smallest script shows it.
    public var finding: Finding
    /// Its trace.
    public var trace: [UInt8]
    /// The trials made.
    public var trials: Int
  }

  /// Reduces `script`; `progress` hears the trials made and the steps left.
  ///
  /// - Throws: ``ExploreError`` `notShown` when `script` does not show the finding; what a trial
  ///   throws that is no finding.
  public func reduce(_ script: GestureScript, progress: (Int, Int) -> Void = { _, _ in }) throws
    -> Reduction
  {
    var cache: [String: Bool] = [:]
    var trials = 0
    func holds(_ candidate: GestureScript) throws -> Bool {
      let key = candidate.json
      if let known = cache[key] { return known }
      guard trials < maximumTrials, candidate.touchesStayOnScreen || !script.touchesStayOnScreen
      else { return false }
      trials += 1
      let trial: TrialRunner.Trial
      do {
        trial = try runner.run(candidate, name: "reduce.sctrace")
      } catch is ScriptError {
        cache[key] = false
        return false
      }
      let shows = Self.shows(keep, in: trial.findings)
      cache[key] = shows
      progress(trials, candidate.steps.count)
      return shows
    }
    guard try holds(script) else {
      let shown = try runner.run(script, name: "reduce.sctrace").findings.map(
        \.signature.description)
      throw ExploreError(
        .notShown,
        "the script does not show '\(Self.text(keep))'"
          + (shown.isEmpty ? "; it shows nothing" : "; it shows: " + shown.joined(separator: "; ")))
    }
    var current = script
    func minimizeSteps() throws {
      let steps = try ddmin(current.steps) { steps in
        var candidate = current
        candidate.steps = steps
        return try holds(candidate)
      }
      current.steps = steps
    }
    try minimizeSteps()
    var changed = true
    while changed, trials < maximumTrials {
      changed = false
      for candidate in Simplifications.of(current) where try holds(candidate) {
        current = candidate
        changed = true
      }
      for index in current.steps.indices {
        var improved = true
        while improved {
          improved = false
          for simpler in Simplifications.of(current.steps[index]) {
            var candidate = current
            candidate.steps[index] = simpler
            if try holds(candidate) {
              current = candidate
              changed = true
              improved = true
              break
            }
          }
        }
      }
    }
    try minimizeSteps()
    // Every script accepted showed the finding; the last one's trial gives its trace and details.
    let trial = try runner.run(current, name: "reduce.sctrace")
    guard Self.shows(keep, in: trial.findings),
      let finding = trial.findings.first(where: { $0.signature == keep.first })
    else {
      throw ExploreError(.notShown, "the reduced script no longer shows '\(Self.text(keep))'")
    }
    return Reduction(script: current, finding: finding, trace: trial.trace, trials: trials + 1)
  }

  /// Whether `findings` show every signature of `keep` (and `keep` is not empty).
  static func shows(_ keep: [Signature], in findings: [Finding]) -> Bool {
    !keep.isEmpty && keep.allSatisfy { wanted in findings.contains { $0.signature == wanted } }
  }

  /// The signatures, joined for a message.
  static func text(_ keep: [Signature]) -> String {
    keep.map(\.description).joined(separator: "' and '")
  }
}
