// scrolltrace — which of the scroll view's pans are scrolls with no finger, and their steps.

public import TraceCore

/// Tells the scroll view's own pans that no finger makes (a trackpad, a mouse wheel) from those a
/// finger makes, and turns each of their steps into a `ScrollInput`.
///
/// The UIKit adapter is a target of the scroll view's `panGestureRecognizer`, which recognizes
/// scroll events with no touches (`allowedScrollTypesMask`, iOS 13.4). At each action it passes
/// the recognizer's state, its `numberOfTouches` and its `translation(in:)`. A pan that begins
/// with no touch is a scroll until it ends: its end, which has no touch either way, is told apart
/// by how it began. A finger's pan is left to the window's touches, which the recorder records as
/// touches.
public struct ScrollInputPhases: Sendable {
  /// Whether a pan that began with no touch goes on.
  public private(set) var isScrolling = false

  /// Creates a tracker with no pan in progress.
  public init() {}

  /// The step a pan's action reports, or nil for a finger's pan or a state that is no step.
  ///
  /// - Parameters:
  ///   - stateRawValue: `UIGestureRecognizer.State`'s raw value: 1 began, 2 changed, 3 ended,
  ///     4 cancelled, 5 failed (UIKit's `UIGestureRecognizerState`).
  ///   - numberOfTouches: the recognizer's `numberOfTouches`.
  ///   - translation: `translation(in:)` the scroll view, in points.
  ///   - source: what produced the scroll, where known; UIKit's pan does not say, so the adapter
  ///     passes `.continuous`.
  /// - Returns: the step of a scroll that began with no touch, or nil.
  public mutating func step(
    stateRawValue: Int, numberOfTouches: Int, translation: Point,
    source: ScrollInput.Source = .continuous
  ) -> ScrollInput? {
    let phase: ScrollInput.Phase
    switch stateRawValue {
    case 1:
      isScrolling = numberOfTouches == 0
      phase = .began
    case 2:
      phase = .changed
    case 3:
      phase = .ended
    case 4, 5:
      phase = .cancelled
    default:
      return nil
    }
    guard isScrolling, translation.x.isFinite, translation.y.isFinite else { return nil }
    if phase == .ended || phase == .cancelled { isScrolling = false }
    return ScrollInput(phase: phase, source: source, translation: translation)
  }
}
