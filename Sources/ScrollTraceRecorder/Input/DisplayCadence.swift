// scrolltrace — the display link's rate, and what in the app decides it.

/// What the recorder asks of the display and records about it.
///
/// On an iPhone with ProMotion, a display link fires at most 60 times a second unless the app's
/// Info.plist holds `CADisableMinimumFrameDurationOnPhone` set to true, while UIKit's own
/// animations, scrolling among them, run at up to 120 Hz (Apple, "Optimizing ProMotion refresh
/// rates for iPhone 13 Pro and iPad Pro",
/// https://developer.apple.com/documentation/quartzcore/optimizing-promotion-refresh-rates-for-iphone-13-pro-and-ipad-pro).
/// Without the key a recording sees every other frame of a scroll; with it, and with the link's
/// `preferredFrameRateRange` set, it sees each one. iPads need no key.
public enum DisplayCadence {
  /// The Info.plist key that lets a display link on an iPhone run faster than 60 Hz.
  public static let infoPlistKey = "CADisableMinimumFrameDurationOnPhone"

  /// The frame-rate range the recorder's display link asks for on a display that refreshes up to
  /// `maximumFramesPerSecond` times a second: the display's maximum, at least 80 Hz on a
  /// ProMotion display (the range Apple's guide above gives for content that must run at its
  /// fastest), and the maximum alone on any other.
  ///
  /// - Returns: `CAFrameRateRange`'s minimum, maximum and preferred rates, in hertz.
  public static func preferredFrameRateRange(
    maximumFramesPerSecond: Int
  ) -> (minimum: Float, maximum: Float, preferred: Float) {
    let maximum = Float(min(max(maximumFramesPerSecond, 1), 1_000))
    return (minimum: maximum > 80 ? 80 : maximum, maximum: maximum, preferred: maximum)
  }

  /// The trace metadata that says what the display could do while recording: the Info.plist key
  /// (`"true"`, `"false"` or `"absent"`) and the display's maximum rate, in hertz.
  ///
  /// - Parameters:
  ///   - infoDictionary: the app's `Bundle.main.infoDictionary`.
  ///   - maximumFramesPerSecond: `UIScreen.maximumFramesPerSecond`.
  /// - Returns: the entries to merge into ``RecorderConfiguration/metadata``.
  public static func metadata(
    infoDictionary: [String: Any]?, maximumFramesPerSecond: Int
  ) -> [String: String] {
    let key: String
    switch infoDictionary?[infoPlistKey] {
    case let value as Bool: key = value ? "true" : "false"
    case nil: key = "absent"
    case let value?: key = "\(value)" == "1" ? "true" : "false"
    }
    return [infoPlistKey: key, "displayMaximumFramesPerSecond": "\(maximumFramesPerSecond)"]
  }
}
