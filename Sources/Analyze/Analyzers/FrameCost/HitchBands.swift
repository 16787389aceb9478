// scrolltrace — Apple's bands for the hitch time ratio.

/// Where a hitch time ratio (ms/s) falls in Apple's guidance.
///
/// Apple's two published sets of
/// bands disagree (WWDC20 session 10077, "Eliminate animation hitches with XCTest", against Xcode's
/// "Understanding hitches in your app"), so both are offered and the report names the one used.
public struct HitchBands: Sendable, Hashable {
  /// The set's name in reports: `wwdc20` or `xcode`.
  public var name: String
  /// The highest ratio that is still good, in ms/s.
  public var good: Double
  /// The highest ratio that is a warning rather than critical, in ms/s.
  public var warning: Double

  /// WWDC20 session 10077, "Eliminate animation hitches with XCTest": good ≤ 5 ms/s, warning
  /// 5–10 ms/s, critical ≥ 10 ms/s.
  ///
  /// The default: it is the guidance for scroll tests.
  public static let wwdc20 = HitchBands(
    name: "wwdc20", good: 5, warning: 10, warningIsExclusive: true)
  /// Xcode's "Understanding hitches in your app" (Organizer): good ≤ 10 ms/s, warning ≤ 25 ms/s,
  /// critical above (above 50 ms/s "warrants immediate attention").
  public static let xcode = HitchBands(
    name: "xcode", good: 10, warning: 25, warningIsExclusive: false)

  /// Whether a ratio equal to ``warning`` is already critical (WWDC20's "≥ 10").
  public var warningIsExclusive: Bool

  /// Creates a set of bands.
  public init(name: String, good: Double, warning: Double, warningIsExclusive: Bool) {
    self.name = name
    self.good = good
    self.warning = warning
    self.warningIsExclusive = warningIsExclusive
  }

  /// The sets by name.
  public static let all = [wwdc20, xcode]

  /// The band of `ratio` (ms/s).
  public func band(of ratio: Double) -> HitchBand {
    if ratio <= good { return .good }
    if warningIsExclusive ? ratio < warning : ratio <= warning { return .warning }
    return .critical
  }

  /// The band of `ratio` (ms/s) in each of Apple's published sets, in ``all``'s order.
  ///
  /// The sets disagree (8 ms/s is a warning by WWDC20's and good by Xcode's; 20 ms/s critical and
  /// a warning), and a team compares with whichever its own dashboards use, so a report gives both.
  public static func bandsBySet(of ratio: Double) -> [(name: String, band: HitchBand)] {
    all.map { ($0.name, $0.band(of: ratio)) }
  }
}

/// A hitch time ratio's verdict.
public enum HitchBand: String, Sendable, Hashable {
  /// Within the good band.
  case good
  /// In the warning band.
  case warning
  /// Critical.
  case critical
}
