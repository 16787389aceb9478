// scrolltrace — the display link's target: Apple platforms only.

// Target-action (`#selector`, `@objc`) exists only with the Objective-C runtime, so this file is
// not type-checked on Linux against the stand-in; it only forwards.
#if canImport(UIKit) && canImport(ObjectiveC)
import Foundation
import QuartzCore

/// The display link's target: forwards each callback to a closure, and invalidates the link once
/// the closure says its recording is gone (the display link retains its target, which holds
/// nothing back), so that a link can never outlive what it records.
@MainActor
final class DisplayLinkProxy: NSObject {
  private let onFrame: (CADisplayLink) -> Bool

  private init(onFrame: @escaping (CADisplayLink) -> Bool) { self.onFrame = onFrame }

  @objc private func tick(_ link: CADisplayLink) {
    if !onFrame(link) { link.invalidate() }
  }

  /// A display link on the main run loop's common modes (it fires while a scroll view tracks),
  /// asking for `range` (``DisplayCadence/preferredFrameRateRange(maximumFramesPerSecond:)``)
  /// where given, calling `onFrame` once per frame until it returns `false`.
  static func start(
    range: (minimum: Float, maximum: Float, preferred: Float)?,
    _ onFrame: @escaping (CADisplayLink) -> Bool
  ) -> CADisplayLink {
    let link = CADisplayLink(
      target: DisplayLinkProxy(onFrame: onFrame), selector: #selector(tick(_:)))
    if let range {
      link.preferredFrameRateRange = CAFrameRateRange(
        minimum: range.minimum, maximum: range.maximum, preferred: range.preferred)
    }
    link.add(to: .main, forMode: .common)
    return link
  }
}
#endif
