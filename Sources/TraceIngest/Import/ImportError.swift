// scrolltrace — the one error type of the touch-log importers.

/// An error importing a touch log: the file, the line, and what was expected.
///
/// Equality compares the code only, as `TraceFormatError` does.
public struct ImportError: CodedError {
  /// What kind of problem this is.
  public typealias Code = ErrorCode<ImportError>

  /// What kind of problem this is.
  public var code: Code
  /// One sentence saying what was expected and what was found.
  public var reason: String
  /// The one-based line number the problem is on, when it is on a line.
  public var line: Int?
  /// The file's path.
  public var path: String?

  /// Creates an error.
  public init(_ code: Code, _ reason: String, line: Int? = nil, path: String? = nil) {
    self.code = code
    self.reason = reason
    self.line = line
    self.path = path
  }

  /// Where the problem is.
  public var location: [String] {
    var location: [String] = []
    if let path { location.append(path) }
    if let line { location.append("line \(line)") }
    return location
  }
}

extension ErrorCode where Owner == ImportError {
  /// A line does not have the shape its format requires.
  public static let malformedLine = Self(rawValue: "malformedLine")
  /// A timestamp is earlier than the one before it.
  public static let timeWentBackwards = Self(rawValue: "timeWentBackwards")
  /// The touches in the log contradict each other (a move of a finger that is not down, say).
  public static let inconsistentTouch = Self(rawValue: "inconsistentTouch")
  /// A value is outside what the format or the device allows (a slot number, a timestamp).
  public static let outOfRange = Self(rawValue: "outOfRange")
  /// The touchscreen's axis ranges, which the mapping to points needs, are neither in the log
  /// nor in ``ImportOptions/axisRanges``.
  public static let missingAxisRanges = Self(rawValue: "missingAxisRanges")
  /// The screen, which the mapping to points needs, is neither in the log nor in
  /// ``ImportOptions/screen``.
  public static let missingScreen = Self(rawValue: "missingScreen")
  /// A CSV holds several recordings and ``ImportOptions/selection`` names none.
  public static let severalRecordings = Self(rawValue: "severalRecordings")
  /// The log holds no touches at all.
  public static let noTouches = Self(rawValue: "noTouches")
  /// The file could not be opened or read.
  public static let io = Self(rawValue: "io")
  /// A frame-timing dump the device failed to take (`Failure while dumping the app`).
  public static let failedDump = Self(rawValue: "failedDump")
  /// A frame-timing dump without timestamps, or not a framestats dump at all.
  public static let unsupportedDump = Self(rawValue: "unsupportedDump")
  /// A frame-timing dump whose frames the touch log cannot be matched with: several windows to
  /// choose from, none with frames, or frames outside the touches' time.
  public static let unmatchedFrames = Self(rawValue: "unmatchedFrames")
}
