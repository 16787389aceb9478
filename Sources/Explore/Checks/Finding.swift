// scrolltrace — one piece of trouble a replay showed.

/// One piece of trouble a check found in a replay: its signature, when, how large, and what
/// happened in words.
public struct Finding: Sendable, Hashable {
  /// What it is (the check, the event before it, the motion then).
  public var signature: Signature
  /// Its frame's time, in nanoseconds since the trace's start; nil for a finding of the whole
  /// replay (views alive, a regressed metric).
  public var time: Int64?
  /// How large, in the unit of its kind: points (a glitch's misalignment, a jump, a drift),
  /// views per scrolling second, views, or the metric's unit; nil for a count of one.
  public var size: Double?
  /// What happened, in a sentence.
  public var detail: String
  /// The limit of the check that found it (``Check/limit``), when it has one.
  public var limit: Double?

  /// A finding from its parts.
  public init(
    signature: Signature, time: Int64? = nil, size: Double? = nil, detail: String,
    limit: Double? = nil
  ) {
    self.signature = signature
    self.time = time
    self.size = size
    self.detail = detail
    self.limit = limit
  }
}
