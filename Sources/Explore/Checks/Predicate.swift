// scrolltrace — a check of a team's own: a function from a replay's analysis to findings.

public import Analyze

/// A check a team adds to explore and reduce without changing scrolltrace: a name and a function
/// from a replay's analysis (and the log of what came before each frame) to findings.
///
/// ```swift
/// // More than 30 views created over a whole replay is trouble for this feed.
/// let views = Predicate(name: "views") { summary, log in
///   summary.reuse.viewsCreated > 30
///     ? [Finding(signature: Signature(kind: .churn, detail: "views"), size: Double(summary.reuse.viewsCreated),
///                detail: "\(summary.reuse.viewsCreated) views created")]
///     : []
/// }
/// let runner = TrialRunner(engine: myEngine, checks: [], predicates: [views])
/// ```
///
/// A finding's signature is what tells it apart (and what `reduce` keeps): give it a kind and a
/// detail of its own, and a trigger from `log.trigger(at:)` when it is tied to a frame.
public struct Predicate: Sendable {
  /// The predicate's name, for messages and summaries.
  public var name: String
  /// The findings of one replay.
  public var evaluate: @Sendable (AnalysisSummary, TriggerLog) -> [Finding]

  /// A predicate named `name` that `evaluate` computes.
  public init(
    name: String, evaluate: @escaping @Sendable (AnalysisSummary, TriggerLog) -> [Finding]
  ) {
    self.name = name
    self.evaluate = evaluate
  }
}
