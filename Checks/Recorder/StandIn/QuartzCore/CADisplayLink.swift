// A stand-in for the QuartzCore declarations the recorder's UIKit adapter uses, so that the
// adapter's own source type-checks on Linux. Never part of a product: on Apple platforms the
// adapter builds against the real framework. Each signature follows Apple's documentation, cited.

/// Apple's documentation: https://developer.apple.com/documentation/quartzcore/cadisplaylink.
@MainActor
open class CADisplayLink {
  /// Apple's documentation: https://developer.apple.com/documentation/quartzcore/cadisplaylink/timestamp.
  ///
  /// A `CFTimeInterval`, which is `Double`.
  open var timestamp: Double { 0 }
  /// Apple's documentation: https://developer.apple.com/documentation/quartzcore/cadisplaylink/targettimestamp.
  open var targetTimestamp: Double { 0 }
  /// Apple's documentation: https://developer.apple.com/documentation/quartzcore/cadisplaylink/invalidate().
  open func invalidate() {}
  /// Apple's documentation: https://developer.apple.com/documentation/quartzcore/cadisplaylink/preferredframeraterange
  /// (iOS 15, tvOS 15, visionOS 1).
  @available(iOS 15, tvOS 15, visionOS 1, *)
  open var preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}

/// Apple's documentation: https://developer.apple.com/documentation/quartzcore/caframeraterange
/// (iOS 15, tvOS 15, visionOS 1).
@available(iOS 15, tvOS 15, visionOS 1, *)
public struct CAFrameRateRange: Sendable, Hashable {
  /// Apple's documentation: https://developer.apple.com/documentation/quartzcore/caframeraterange/minimum.
  public var minimum: Float
  /// Apple's documentation: https://developer.apple.com/documentation/quartzcore/caframeraterange/maximum.
  public var maximum: Float
  /// Apple's documentation: https://developer.apple.com/documentation/quartzcore/caframeraterange/preferred.
  public var preferred: Float?

  /// Apple's documentation: https://developer.apple.com/documentation/quartzcore/caframeraterange/init(minimum:maximum:preferred:).
  public init(minimum: Float, maximum: Float, preferred: Float?) {
    self.minimum = minimum
    self.maximum = maximum
    self.preferred = preferred
  }
}

/// Apple's documentation: https://developer.apple.com/documentation/quartzcore/1395996-cacurrentmediatime:
/// `mach_absolute_time()` in seconds, the clock of `UITouch.timestamp` and `CADisplayLink`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CACurrentMediaTime() -> Double { 0 }
