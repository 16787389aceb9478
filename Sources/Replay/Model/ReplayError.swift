// scrolltrace — what a replay refuses.

public import TraceCore

/// An input the replay cannot apply: a scene edit or scroll target that does not exist in the
/// scene, at a trace time.
public struct ReplayError: CodedError {
  /// What kind of problem this is.
  public typealias Code = ErrorCode<ReplayError>

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

  /// Where the problem is.
  public var location: [String] {
    let sign = timestamp < 0 ? "-" : ""
    let magnitude = timestamp.magnitude
    let fraction = String(magnitude % 1_000_000_000)
    return [
      "event at \(sign)\(magnitude / 1_000_000_000).\(String(repeating: "0", count: 9 - fraction.count))\(fraction) s"
    ]
  }

  /// The reason says what kind of problem it is.
  public static var namesCode: Bool { false }
}

extension ErrorCode where Owner == ReplayError {
  /// A scene edit names a section or item the scene does not have.
  public static let invalidEdit = Self(rawValue: "invalidEdit")
  /// A programmatic scroll names an item the scene does not have.
  public static let invalidScrollTarget = Self(rawValue: "invalidScrollTarget")
  /// A scene or an edit would hold more items than ``SceneContent/maximumItems``.
  public static let sceneTooLarge = Self(rawValue: "sceneTooLarge")
  /// The engine does not lay out this kind of scene.
  public static let unsupportedScene = Self(rawValue: "unsupportedScene")
  /// An edit or scroll to an item arrived before any scene.
  public static let noScene = Self(rawValue: "noScene")
  /// Two consecutive events are further apart than `ReaderEvents.maximumGap`.
  public static let eventGap = Self(rawValue: "eventGap")
  /// The replay would render more frames than ``ReplayLimits`` allow for the trace's events
  /// (``ReplayLimits/frameAllowance``).
  public static let frameLimit = Self(rawValue: "frameLimit")
  /// The replay's frames would report more items than ``ReplayLimits`` allow for the trace's
  /// events (``ReplayLimits/itemAllowance``).
  public static let itemLimit = Self(rawValue: "itemLimit")
}
