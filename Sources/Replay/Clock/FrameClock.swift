// scrolltrace — the replay's frame clock.

public import TraceCore

/// The display's frame clock: when each frame is presented, in nanoseconds on the trace's clock.
///
/// The replay advances in fixed steps, one per frame, never on wall time. Frame `n`'s time is
/// computed from `n` (`origin + round(n · 10⁹ / refreshRate)`), not accumulated, so a long trace
/// does not drift and the same trace gives the same frames on every machine.
public struct FrameClock: Sendable, Hashable {
  /// The display refresh rate, in hertz.
  public let refreshRate: Double
  /// The time of frame 0, in nanoseconds.
  public let origin: Int64

  /// Creates a clock ticking `refreshRate` times a second from `origin` (nanoseconds).
  ///
  /// - Precondition: `refreshRate` is finite and positive (a trace header guarantees it).
  public init(refreshRate: Double, origin: Int64 = 0) {
    // Unreachable from input: every header read or written is validated (the refresh rate in
    // DeviceInfo.refreshRateRange, 1…1000 Hz), and a damaged one is replaced by the 60 Hz fallback.
    precondition(
      refreshRate.isFinite && refreshRate > 0, "FrameClock needs a positive refresh rate")
    self.refreshRate = refreshRate
    self.origin = origin
  }

  /// A clock at the header's refresh rate, starting at `origin`.
  public init(header: TraceHeader, origin: Int64 = 0) {
    self.init(refreshRate: header.device.refreshRate, origin: origin)
  }

  /// The nominal frame interval, in nanoseconds.
  public var frameInterval: Double { 1e9 / refreshRate }

  /// The presentation time of frame `frame`, in nanoseconds.
  ///
  /// Saturates at the ends of `Int64`, and only where the true time lies beyond them (only a
  /// hostile trace gets there), so the time never decreases as the frame number grows.
  public func time(ofFrame frame: Int64) -> Int64 {
    let offset = (Double(frame) * 1e9 / refreshRate).rounded()
    // 2⁶³ is exact in Double: below it (and from −2⁶³ up) the conversion to Int64 cannot trap.
    guard offset < 0x1p63 else { return .max }
    guard offset >= -0x1p63 else { return .min }
    let (time, overflow) = origin.addingReportingOverflow(Int64(offset))
    return overflow ? (offset > 0 ? .max : .min) : time
  }

  /// The first frame presented at or after `timestamp` (nanoseconds).
  ///
  /// A closed-form estimate, then a galloping binary search from it over ``time(ofFrame:)``, which
  /// never decreases: a few steps however far `timestamp` lies, so a hostile trace whose times sit
  /// where the clock saturates costs no more than any other (a linear walk there took billions).
  public func frame(atOrAfter timestamp: Int64) -> Int64 {
    let estimate = ((Double(timestamp) - Double(origin)) * refreshRate / 1e9).rounded(.down)
    let start = Int64(min(max(estimate, -9e15), 9e15))
    // Bracket the answer: time(low) < timestamp ≤ time(high), or low at Int64.min.
    var low = start
    var high = start
    var step: Int64 = 1
    if time(ofFrame: start) < timestamp {
      // The estimate is early (time(low) < timestamp): gallop up from the frame after it.
      high = Self.adding(start, 1)
      step = 2
      while time(ofFrame: high) < timestamp, high < .max {
        low = high
        high = Self.adding(high, step)
        step = Self.adding(step, step)
      }
    } else {
      // The estimate is late enough (time(high) ≥ timestamp): gallop down from the frame before.
      low = Self.adding(start, -1)
      step = 2
      while low > .min, time(ofFrame: low) >= timestamp {
        high = low
        low = Self.adding(low, -step)
        step = Self.adding(step, step)
      }
      // Every frame down to Int64.min is late enough.
      if time(ofFrame: low) >= timestamp { return low }
    }
    while high > low &+ 1 {
      // high − low as UInt64 is exact for low < high, so the midpoint cannot overflow.
      let middle = low &+ Int64(UInt64(bitPattern: high &- low) / 2)
      if time(ofFrame: middle) < timestamp { low = middle } else { high = middle }
    }
    return high
  }

  /// `a + b`, saturating at the ends of `Int64`.
  private static func adding(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? .max : .min) : sum
  }
}
