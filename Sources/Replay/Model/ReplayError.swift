// scrolltrace — what a replay refuses.

/// An input the replay cannot apply: a scene edit or scroll target that does not exist in the
/// scene, at a trace time.
public struct ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem.
  public struct Code: RawRepresentable, Sendable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A scene edit names a section or item the scene does not have.
    public static let invalidEdit = Code(rawValue: "invalidEdit")
    /// A programmatic scroll names an item the scene does not have.
    public static let invalidScrollTarget = Code(rawValue: "invalidScrollTarget")
    /// A scene or an edit would hold more items than ``SceneContent/maximumItems``.
    public static let sceneTooLarge = Code(rawValue: "sceneTooLarge")
    /// The engine does not lay out this kind of scene.
    public static let unsupportedScene = Code(rawValue: "unsupportedScene")
    /// An edit or scroll to an item arrived before any scene.
    public static let noScene = Code(rawValue: "noScene")
    /// Two consecutive events are further apart than `ReaderEvents.maximumGap`.
    public static let eventGap = Code(rawValue: "eventGap")
    /// The replay would render more frames than ``ReplayLimits`` allow for the trace's events
    /// (``ReplayLimits/frameAllowance``).
    public static let frameLimit = Code(rawValue: "frameLimit")
    /// The replay's frames would report more items than ``ReplayLimits`` allow for the trace's
    /// events (``ReplayLimits/itemAllowance``).
    public static let itemLimit = Code(rawValue: "itemLimit")
  }

  /// The kind of problem.
  public var code: Code
  /// What was wrong, in words.
  public var reason: String
  /// The trace time of the event, in nanoseconds.
  public var timestamp: Int64

  /// Creates an error.
  public init(_ code: Code, _ reason: String, at timestamp: Int64) {
    self.code = code
    self.reason = reason
    self.timestamp = timestamp
  }

  /// "event at 1.250000000 s: reason".
  public var description: String {
    let sign = timestamp < 0 ? "-" : ""
    let magnitude = timestamp.magnitude
    let fraction = String(magnitude % 1_000_000_000)
    return
      "event at \(sign)\(magnitude / 1_000_000_000).\(String(repeating: "0", count: 9 - fraction.count))\(fraction) s: \(reason)"
  }
}
