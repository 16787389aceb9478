// scrolltrace — raw digitizer units to points.

/// The range one absolute axis reports, as `EVIOCGABS`, `getevent -p` and evemu's `A:` lines give it.
public struct AxisRange: Sendable, Hashable, CustomStringConvertible {
  /// The smallest value the axis reports.
  public var minimum: Int32
  /// The largest value the axis reports.
  public var maximum: Int32
  /// Units per millimetre, 0 when the device does not say.
  public var resolution: Int32

  /// Creates a range.
  public init(minimum: Int32, maximum: Int32, resolution: Int32 = 0) {
    self.minimum = minimum
    self.maximum = maximum
    self.resolution = resolution
  }

  /// The number of distinct values, `maximum − minimum + 1` (Android's `RawAbsoluteAxisInfo`
  /// width, which its touch mapper divides the display by).
  public var width: Double { Double(maximum) - Double(minimum) + 1 }

  /// "min:max", the form `--axis-range` takes.
  public var description: String { "\(minimum):\(maximum)" }

  /// Parses "min:max".
  public init?(parsing text: some StringProtocol) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let minimum = Int32(parts[0]), let maximum = Int32(parts[1]),
      minimum < maximum
    else {
      return nil
    }
    self.init(minimum: minimum, maximum: maximum)
  }
}

/// The screen a recording was made on, in pixels, with its scale (pixels per point).
public struct ScreenSpec: Sendable, Hashable, CustomStringConvertible {
  /// The width in pixels, in the orientation the digitizer's x axis runs along.
  public var pixelWidth: Double
  /// The height in pixels.
  public var pixelHeight: Double
  /// Pixels per point (Android: density / 160; UIKit: `UIScreen.scale`).
  public var scale: Double

  /// Creates a screen.
  public init(pixelWidth: Double, pixelHeight: Double, scale: Double) {
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.scale = scale
  }

  /// The size in points.
  public var size: Size { Size(width: pixelWidth / scale, height: pixelHeight / scale) }

  /// "WxH@S", the form `--screen` takes.
  public var description: String {
    "\(ScreenSpec.format(pixelWidth))x\(ScreenSpec.format(pixelHeight))@\(ScreenSpec.format(scale))"
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// Parses "WxH@S" (pixels and pixels per point, such as "1080x1920@3").
  ///
  /// The scale is required: a phone at 2.625 pixels a point read as 1 would make every distance
  /// and velocity 2.6 times too large.
  public init?(parsing text: some StringProtocol) {
    let scaleParts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard scaleParts.count == 2 else { return nil }
    let sizeParts = scaleParts[0].split(separator: "x", omittingEmptySubsequences: false)
    guard sizeParts.count == 2, let width = Double(sizeParts[0]), let height = Double(sizeParts[1])
    else { return nil }
    let scale = Double(scaleParts[1])
    guard let scale, width.isFinite, height.isFinite, scale.isFinite, width > 0, height > 0,
      scale > 0,
      width <= 100_000, height <= 100_000, scale <= 100
    else { return nil }
    self.init(pixelWidth: width, pixelHeight: height, scale: scale)
  }
}

/// Maps raw digitizer units to points in the window, as Android's touch mapper does:
/// `x_px = (raw − min) · displayWidth / (max − min + 1)` (AOSP
/// `services/inputflinger/reader/mapper/TouchInputMapper.cpp`, `mXScale = float(mRawSurfaceWidth) /
/// rawWidth` with `rawWidth = getRawWidth()`; code-read), then divided by the screen's scale.
public struct DigitizerMapping: Sendable, Hashable {
  /// The x axis's range.
  public var x: AxisRange
  /// The y axis's range.
  public var y: AxisRange
  /// The screen the axes span.
  public var screen: ScreenSpec

  /// Creates a mapping.
  public init(x: AxisRange, y: AxisRange, screen: ScreenSpec) {
    self.x = x
    self.y = y
    self.screen = screen
  }

  /// The point in the window for a raw position.
  public func location(x rawX: Int32, y rawY: Int32) -> Point {
    location(x: Double(rawX), y: Double(rawY))
  }

  /// The point in the window for a raw position given as a number (CSV rows).
  public func location(x rawX: Double, y rawY: Double) -> Point {
    Point(
      x: (Double(rawX) - Double(x.minimum)) * screen.pixelWidth / x.width / screen.scale,
      y: (Double(rawY) - Double(y.minimum)) * screen.pixelHeight / y.width / screen.scale)
  }
}
