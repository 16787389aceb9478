// scrolltrace — a step that happens during a gesture of a script.

/// A step that starts `after` seconds into a gesture (``Step/during(_:meanwhile:)``):
/// `{"after": 0.12, "step": {"rotate": {"duration": 0.3}}}`.
public struct TimedStep: Sendable, Hashable, Decodable {
  /// When it starts, in seconds after the gesture's first touch.
  public var after: Double
  /// What happens: a rotation, a resize, a programmatic scroll, an edit or a marker.
  public var step: Step

  /// Creates a timed step.
  public init(after: Double, step: Step) {
    self.after = after
    self.step = step
  }

  enum CodingKeys: String, CodingKey { case after, step }

  /// Decodes a timed step; refuses a negative time and a step that takes its own time or touches.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    after = try c.decode(Double.self, forKey: .after)
    guard after.isFinite, after >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .after, in: c, debugDescription: "after must be a number of 0 or more seconds")
    }
    step = try c.decode(Step.self, forKey: .step)
    guard step.happensAtOnce else {
      throw DecodingError.dataCorruptedError(
        forKey: .step, in: c,
        debugDescription:
          "meanwhile, a rotate, resize, scrollTo, insert, delete, resizeItem, sizeResolved, "
          + "setHidden, batchUpdate, prepend, reloadData, keyboard or marker")
    }
  }

  /// An array index as a coding key, for error paths.
  struct Index: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }
}
