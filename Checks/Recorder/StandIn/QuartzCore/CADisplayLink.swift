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
}
