// scrolltrace — the touch logs the importer reads, and how.

/// A touch-log format ``TouchLogImporter`` reads.
public enum TouchLogFormat: String, Sendable, Hashable, CaseIterable {
  /// Android `getevent -lt` or `getevent -t` output, with or without `getevent -p` before it.
  case getevent
  /// An `evemu-record` recording, with its axes from its header or a `.desc` file.
  case evemu
  /// A CSV of touch samples with named columns (docs/import.md).
  case csv
}

/// How to import a touch log: the calibration the log lacks, and how strict to be.
public struct ImportOptions: Sendable, Hashable {
  /// The screen the digitizer spans, in pixels with a scale.
  ///
  /// Required: no log format records it.
  public var screen: ScreenSpec?
  /// The x and y axis ranges; they override those the log or its `.desc` gives.
  public var axisRanges: (x: AxisRange, y: AxisRange)?
  /// Skip malformed lines and impossible rows, and count them, instead of failing on the first.
  public var isLenient: Bool
  /// getevent: the device to import (`/dev/input/event2`) when the log watched several; by
  /// default the first device that reports a position.
  public var device: String?
  /// evemu: the device description with the axis ranges; by default the `.desc` beside the
  /// recording whose name starts the recording's name.
  public var descriptionPath: String?
  /// CSV: the value of the `file` or `gesture` column to import when the CSV holds several recordings.
  public var selection: String?
  /// The display refresh rate written into the trace's header, in hertz.
  public var refreshRate: Double
  /// The device name written into the header when the log does not name the device.
  public var deviceName: String?
  /// More metadata for the header (the frame-timing dump merged in), beside the import's own.
  public var metadata: [String: String] = [:]

  /// Creates options.
  public init(
    screen: ScreenSpec? = nil, axisRanges: (x: AxisRange, y: AxisRange)? = nil,
    isLenient: Bool = false,
    device: String? = nil, descriptionPath: String? = nil, selection: String? = nil,
    refreshRate: Double = 60,
    deviceName: String? = nil
  ) {
    self.screen = screen
    self.axisRanges = axisRanges
    self.isLenient = isLenient
    self.device = device
    self.descriptionPath = descriptionPath
    self.selection = selection
    self.refreshRate = refreshRate
    self.deviceName = deviceName
  }

  /// Compares every option.
  public static func == (lhs: ImportOptions, rhs: ImportOptions) -> Bool {
    lhs.screen == rhs.screen && lhs.axisRanges?.x == rhs.axisRanges?.x
      && lhs.axisRanges?.y == rhs.axisRanges?.y
      && lhs.isLenient == rhs.isLenient && lhs.device == rhs.device
      && lhs.descriptionPath == rhs.descriptionPath
      && lhs.selection == rhs.selection && lhs.refreshRate == rhs.refreshRate
      && lhs.metadata == rhs.metadata
      && lhs.deviceName == rhs.deviceName
  }

  /// Hashes every option.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(screen)
    hasher.combine(axisRanges?.x)
    hasher.combine(axisRanges?.y)
    hasher.combine(isLenient)
    hasher.combine(device)
    hasher.combine(descriptionPath)
    hasher.combine(selection)
    hasher.combine(refreshRate)
    hasher.combine(deviceName)
  }
}

/// What an import read and wrote.
public struct ImportSummary: Sendable, Hashable {
  /// Lines read.
  public var lines = 0
  /// Touch samples written.
  public var samples = 0
  /// Fingers that landed.
  public var contacts = 0
  /// Fingers still down when the log ended (a recording stopped mid-gesture).
  public var contactsLeftDown = 0
  /// Lines or rows skipped under `--lenient`.
  public var skippedLines = 0
  /// The first skipped line's error, with its line number.
  public var firstSkipped: ImportError?
  /// `SYN_DROPPED` reports: the kernel lost events there.
  public var droppedReports = 0
  /// Events of other devices in a getevent log of several devices.
  public var otherDeviceEvents = 0
  /// The time from the first touch sample to the last, in nanoseconds.
  public var duration: Int64 = 0
  /// The header written.
  public var header: TraceHeader?
  /// How positions became points: the axes and where they came from, the screen.
  public var calibration = ""
  /// The multitouch protocol the device spoke ("B (slots)", "A (SYN_MT_REPORT)", "single touch"), or "csv".
  public var protocolName = ""
  /// Observed frames merged in from a frame-timing dump.
  public var observedFrames = 0

  /// Creates an empty summary.
  public init() {}
}
