// scrolltrace — what makes two findings the same: their kind, the event behind them, the motion.

/// What a finding is, for telling findings apart: its kind (with a detail — a jump's cause, a
/// metric, a lifecycle problem, an error's code), the event that preceded it (a resize, an edit,
/// touches…) and what the scroll view was doing when that event came (dragging, decelerating…).
///
/// Written `KIND[:DETAIL] after TRIGGER while STATE` (`glitch after resize while decelerating`),
/// or `KIND[:DETAIL]` for a finding not tied to a frame (`live`, `regression:work.viewsCreated`).
/// `reduce --keep` takes this text.
public struct Signature: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The check that found it.
  public var kind: Check.Kind
  /// What kind of that kind: a jump's cause, a regressed metric, a lifecycle problem, an error's
  /// code; empty when the kind has no detail.
  public var detail: String
  /// The kind of event last applied at or before the finding's frame (`resize`, `sceneEdit`,
  /// `sceneChange`, `contentChange`, `programmaticScroll`, `touch`, a jump's `engineLayout`), or
  /// empty for a finding not tied to a frame.
  public var trigger: String
  /// The scroll view's phase in the frame before that event (`idle`, `tracking`, `dragging`,
  /// `decelerating`, `bouncing`, `animating`), or empty.
  public var state: String

  /// A signature from its parts.
  public init(kind: Check.Kind, detail: String = "", trigger: String = "", state: String = "") {
    self.kind = kind
    self.detail = detail
    self.trigger = trigger
    self.state = state
  }

  /// `KIND[:DETAIL] after TRIGGER while STATE`, or `KIND[:DETAIL]`.
  public var description: String {
    let name = detail.isEmpty ? kind.rawValue : "\(kind.rawValue):\(detail)"
    guard !trigger.isEmpty else { return name }
    return "\(name) after \(trigger)" + (state.isEmpty ? "" : " while \(state)")
  }

  /// The signature `text` writes (as ``description`` writes it); nil when it is not one.
  public init?(_ text: String) {
    let words = text.split(separator: " ").map(String.init)
    guard let first = words.first else { return nil }
    let head = first.split(separator: ":", maxSplits: 1).map(String.init)
    guard let kind = Check.Kind(rawValue: head[0]) else { return nil }
    self.init(kind: kind, detail: head.count == 2 ? head[1] : "")
    var rest = words.dropFirst()
    if rest.first == "after", rest.count >= 2 {
      trigger = rest[rest.startIndex + 1]
      rest = rest.dropFirst(2)
    }
    if rest.first == "while", rest.count >= 2 {
      state = rest[rest.startIndex + 1]
      rest = rest.dropFirst(2)
    }
    guard rest.isEmpty else { return nil }
  }

  /// Signatures in the order of their text.
  public static func < (a: Self, b: Self) -> Bool { a.description < b.description }
}
