// scrolltrace — the replay's frame clock.

public import TraceFormat

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
    precondition(refreshRate.isFinite && refreshRate > 0, "FrameClock needs a positive refresh rate")  // Unreachable from input: every header read or written passes HeaderCodec.validate (refresh rate in (0, 1000] Hz) and a damaged one is replaced by the 60 Hz fallback.
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
  /// Saturates at the ends of `Int64` (only a hostile trace gets there).
  public func time(ofFrame frame: Int64) -> Int64 {
    let offset = (Double(frame) * 1e9 / refreshRate).rounded()
    guard abs(offset) < 9.2e18 else { return offset > 0 ? .max : .min }
    let (time, overflow) = origin.addingReportingOverflow(Int64(offset))
    return overflow ? (offset > 0 ? .max : .min) : time
  }

  /// The first frame presented at or after `timestamp` (nanoseconds).
  public func frame(atOrAfter timestamp: Int64) -> Int64 {
    let estimate = ((Double(timestamp) - Double(origin)) * refreshRate / 1e9).rounded(.down)
    var frame = Int64(min(max(estimate, -9e15), 9e15))
    while time(ofFrame: frame) < timestamp { frame += 1 }
    while frame > Int64.min && time(ofFrame: frame - 1) >= timestamp { frame -= 1 }
    return frame
  }
}
