// scrolltrace — the values a device description may hold, checked wherever one is read or made.

extension DeviceInfo {
  /// The display refresh rates a trace may declare, in hertz: 1 (an always-on display,
  /// ProMotion's floor) to 1000.
  ///
  /// A slower rate would make the frame interval (`10⁹ / rate` ns) overflow the replay's integer
  /// nanoseconds: a header's `1e-10` Hz trapped the frame clock.
  public static let refreshRateRange: ClosedRange<Double> = 1...1000
  /// The touch sample rates a trace may declare, in hertz (0: unknown, as an imported log says).
  public static let touchSampleRateRange: ClosedRange<Double> = 0...10_000
  /// The screen scales a trace may declare, in pixels per point (0.75 is Android's ldpi; 4 the
  /// densest phone; 100 leaves room).
  public static let scaleRange: ClosedRange<Double> = 0.1...100
  /// The screen sizes a trace may declare, per side, in points.
  public static let screenSideRange: ClosedRange<Double> = 0...100_000

  /// Why the device cannot be replayed, or nil: each value finite and within its range
  /// (``refreshRateRange``, ``touchSampleRateRange``, ``scaleRange``, ``screenSideRange``).
  ///
  /// The
  /// header codec refuses such a header, and `synth` such a script, with this reason.
  public var problem: (field: String, reason: String)? {
    func outside(_ value: Double, _ range: ClosedRange<Double>) -> Bool {
      !value.isFinite || !range.contains(value)
    }
    if outside(refreshRate, Self.refreshRateRange) {
      return ("refreshRate", "must be within 1...1000 Hz, not \(refreshRate)")
    }
    if outside(touchSampleRate, Self.touchSampleRateRange) {
      return ("touchSampleRate", "must be within 0...10000 Hz, not \(touchSampleRate)")
    }
    if outside(scale, Self.scaleRange) {
      return ("scale", "must be within 0.1...100 pixels per point, not \(scale)")
    }
    if outside(screenSize.width, Self.screenSideRange)
      || outside(screenSize.height, Self.screenSideRange)
    {
      return ("screen", "each side must be within 0...100000 points, not \(screenSize)")
    }
    return nil
  }
}
