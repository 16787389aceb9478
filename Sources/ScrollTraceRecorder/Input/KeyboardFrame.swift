// scrolltrace — the keyboard's frame as its notification gives it, as a trace records it.

public import TraceCore

extension KeyboardChange {
  /// The change a `keyboardWillChangeFrameNotification` describes, seen from one scroll view.
  ///
  /// The UIKit adapter converts the keyboard's end frame (`keyboardFrameEndUserInfoKey`, in the
  /// screen's coordinates) into the scroll view's and passes its top and the bounds' bottom; the
  /// overlap is their difference, 0 when the keyboard ends below the scroll view. Values a device
  /// should never give are made safe rather than refused, as a recorder must not stop the app: a
  /// non-finite overlap is 0 and one beyond the format's limit is that limit, a duration that is
  /// not a finite number of seconds is 0, and a curve outside a byte is the keyboard's own.
  ///
  /// - Parameters:
  ///   - keyboardMinY: the top of the keyboard's end frame, in the scroll view's coordinates
  ///     (points).
  ///   - scrollViewMaxY: the bottom of the scroll view's bounds, in the same coordinates (points).
  ///   - duration: `keyboardAnimationDurationUserInfoKey`, in seconds.
  ///   - curve: `keyboardAnimationCurveUserInfoKey`'s raw value.
  ///   - isInteractive: whether the keyboard follows a finger rather than animating.
  public init(
    keyboardMinY: Double, scrollViewMaxY: Double, duration: Double, curve: Int,
    isInteractive: Bool = false
  ) {
    let overlap = scrollViewMaxY - keyboardMinY
    self.init(
      overlap: overlap.isFinite ? min(max(overlap, 0), 1_000_000) : 0,
      animationDuration: max(RecorderClock.nanoseconds(duration) ?? 0, 0),
      curve: Curve(rawValue: UInt8(exactly: curve) ?? Curve.keyboard.rawValue),
      isInteractive: isInteractive)
  }
}
