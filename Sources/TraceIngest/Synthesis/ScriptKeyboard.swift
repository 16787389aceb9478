// scrolltrace — a keyboard step of a gesture script.

/// A `keyboard` step as a script writes it:
/// `{"overlap": 336, "duration": 0.25, "curve": "keyboard", "interactive": false}`.
///
/// The duration (0 or more seconds) is required unless the keyboard follows a finger
/// (`interactive`, duration 0); the curve defaults to the keyboard's own.
struct ScriptKeyboard: Decodable {
  /// The keyboard change the step makes.
  var change: KeyboardChange

  private enum Key: String, CodingKey { case overlap, duration, curve, interactive }

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    let overlap = try c.decode(Double.self, forKey: .overlap)
    guard overlap.isFinite, overlap >= 0, overlap <= 100_000 else {
      throw DecodingError.dataCorruptedError(
        forKey: .overlap, in: c, debugDescription: "overlap must be within 0...100000 points")
    }
    let interactive = try c.decodeIfPresent(Bool.self, forKey: .interactive) ?? false
    let curveName = try c.decodeIfPresent(String.self, forKey: .curve) ?? "keyboard"
    guard let curve = KeyboardChange.Curve(name: curveName) else {
      throw DecodingError.dataCorruptedError(
        forKey: .curve, in: c,
        debugDescription: "expected keyboard, easeInOut, easeIn, easeOut, linear or a number")
    }
    var seconds = 0.0
    if !interactive || c.contains(.duration) {
      seconds = try c.decode(Double.self, forKey: .duration)
      guard seconds.isFinite, seconds >= 0, seconds <= Step.longestStep else {
        throw DecodingError.dataCorruptedError(
          forKey: .duration, in: c,
          debugDescription: "duration must be 0 or more seconds, at most \(Int(Step.longestStep))")
      }
    }
    change = KeyboardChange(
      overlap: overlap, animationDuration: Synthesizer.State.nanoseconds(seconds), curve: curve,
      isInteractive: interactive)
  }
}
