// scrolltrace — the recorder's clock: UIKit's seconds, the trace's nanoseconds.

import Foundation

/// Converts the times UIKit reports (`UITouch.timestamp`, `CADisplayLink.timestamp`: seconds
/// since boot, as `TimeInterval`) to the trace's nanoseconds, and reads that clock.
public enum RecorderClock {
  /// The time now on the clock UIKit's timestamps use, in seconds since boot
  /// (`ProcessInfo.systemUptime`, the clock of `UITouch.timestamp` and `CACurrentMediaTime()`).
  public static var now: Double { ProcessInfo.processInfo.systemUptime }

  /// `seconds` as whole nanoseconds, rounded; `nil` for a time that is not finite or does not
  /// fit 64 bits (the recorder rejects such an event instead of trapping).
  public static func nanoseconds(_ seconds: Double) -> Int64? {
    let value = (seconds * 1e9).rounded()
    guard value.isFinite, value >= -9.2e18, value <= 9.2e18 else { return nil }
    return Int64(value)
  }
}
