// scrolltrace — the software keyboard's frame over the scroll view (format 1.5).

/// The keyboard's frame changed: shown, hidden, resized, or moved by the finger during an
/// interactive dismissal (`keyboardDismissMode = .interactive`).
///
/// It records what the app's `keyboardWillChangeFrameNotification` carries
/// (`UIResponder.keyboardFrameEndUserInfoKey`, `keyboardAnimationDurationUserInfoKey`,
/// `keyboardAnimationCurveUserInfoKey`), reduced to what a scroll view sees: how far the keyboard's
/// end frame covers the scroll view from its bottom edge. The change applies from the event's
/// timestamp, as the notification arrives before the animation starts.
public struct KeyboardChange: Sendable, Hashable {
  /// How far the keyboard's end frame covers the scroll view, measured up from the scroll view's
  /// bottom edge, in points: the scroll view's `frame.maxY` less the keyboard frame's `minY`, both
  /// in the window, and 0 when the keyboard ends below the scroll view (hidden).
  public var overlap: Double
  /// How long the system animates the keyboard, in nanoseconds; 0 when it follows the finger.
  public var animationDuration: Int64
  /// The animation curve's raw value (`UIView.AnimationCurve`, ``Curve``).
  public var curve: Curve
  /// Whether the keyboard follows a finger (an interactive dismissal) rather than animating.
  public var isInteractive: Bool

  /// Creates a keyboard change.
  public init(
    overlap: Double, animationDuration: Int64 = 0, curve: Curve = .keyboard,
    isInteractive: Bool = false
  ) {
    self.overlap = overlap
    self.animationDuration = animationDuration
    self.curve = curve
    self.isInteractive = isInteractive
  }

  /// A keyboard animation curve: `UIView.AnimationCurve`'s raw values, and 7, the undocumented
  /// value the keyboard's notifications carry (Apple documents `keyboardAnimationCurveUserInfoKey`
  /// as holding a `UIView.AnimationCurve`, whose cases run 0…3; the keyboard's 7 is reported in
  /// rdar://14872290, "UIKeyboard NSNotifications provide an invalid animation curve value").
  public struct Curve: RawRepresentable, Sendable, Hashable {
    /// The raw value as the notification carries it.
    public var rawValue: UInt8

    /// Creates a curve from its raw value; unknown values are kept.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `UIView.AnimationCurve.easeInOut`.
    public static let easeInOut = Curve(rawValue: 0)
    /// `UIView.AnimationCurve.easeIn`.
    public static let easeIn = Curve(rawValue: 1)
    /// `UIView.AnimationCurve.easeOut`.
    public static let easeOut = Curve(rawValue: 2)
    /// `UIView.AnimationCurve.linear`.
    public static let linear = Curve(rawValue: 3)
    /// The keyboard's own curve, 7.
    public static let keyboard = Curve(rawValue: 7)

    /// The curve's name as `dump` and scripts write it ("keyboard", "easeInOut"…), or its number.
    public var name: String {
      switch rawValue {
      case 0: "easeInOut"
      case 1: "easeIn"
      case 2: "easeOut"
      case 3: "linear"
      case 7: "keyboard"
      default: "\(rawValue)"
      }
    }

    /// The curve named `name` (``name``, or a raw value's digits), or nil.
    public init?(name: String) {
      if let raw = UInt8(name) {
        self.init(rawValue: raw)
        return
      }
      let known: [Curve] = [.easeInOut, .easeIn, .easeOut, .linear, .keyboard]
      guard let curve = known.first(where: { $0.name == name }) else { return nil }
      self = curve
    }
  }
}
