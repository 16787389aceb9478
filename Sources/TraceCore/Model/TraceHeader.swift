// scrolltrace — the metadata at the start of every trace.

/// The recording device: what the finger touched and how often the display refreshed.
public struct DeviceInfo: Sendable, Hashable {
  /// A human-readable device name, such as "iPhone 15 Pro".
  public var name: String
  /// The screen size in points, in the orientation the recording started in.
  public var screenSize: Size
  /// Pixels per point (UIKit's `UIScreen.scale`), such as 3.
  public var scale: Double
  /// The display refresh rate in hertz; without frame-tick events it drives the replay's frame clock.
  public var refreshRate: Double
  /// The touch digitizer's sample rate in hertz (120 on most current iPhones); 0 when unknown.
  public var touchSampleRate: Double

  /// Creates a device description.
  public init(
    name: String, screenSize: Size, scale: Double, refreshRate: Double, touchSampleRate: Double
  ) {
    self.name = name
    self.screenSize = screenSize
    self.scale = scale
    self.refreshRate = refreshRate
    self.touchSampleRate = touchSampleRate
  }
}

/// The clock that the trace's timestamps were read from.
public struct TraceClock: RawRepresentable, Sendable, Hashable {
  /// The clock's name as stored in the file.
  public var rawValue: String

  /// Creates a clock from its stored name; unknown names are kept as they are.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A monotonic clock that does not advance during sleep (`CLOCK_MONOTONIC`, `mach_absolute_time`).
  public static let monotonic = TraceClock(rawValue: "monotonic")
  /// A monotonic clock that advances during sleep (`CLOCK_BOOTTIME`).
  public static let boottime = TraceClock(rawValue: "boottime")
  /// Wall-clock time (`CLOCK_REALTIME`), nanoseconds since the Unix epoch.
  public static let realtime = TraceClock(rawValue: "realtime")
  /// Time made up by a generator such as `scrolltrace synth`, starting at zero.
  public static let synthetic = TraceClock(rawValue: "synthetic")
}

/// Everything a trace says about itself before its first event.
public struct TraceHeader: Sendable, Hashable {
  /// The format version the file was written with.
  ///
  /// A ``TraceWriter`` writes the oldest version that reads what it writes: the version of its
  /// chunk layout (``ChunkLayout/formatVersion``), or the later version this one asks for, up to
  /// the current: ``FormatVersion/contentChanges`` for a trace whose content changes under the
  /// finger, ``FormatVersion/keyboard`` for one with a keyboard (`synth` asks for them when a
  /// script needs them, `convert` when its input declared them). A trace without 1.4's content is
  /// a 1.3 file, byte for byte as a 1.3 writer made it.
  public var version: FormatVersion
  /// The recording device.
  public var device: DeviceInfo
  /// The clock the event timestamps come from.
  public var clock: TraceClock
  /// When the trace was created, in nanoseconds since the Unix epoch; 0 when unknown.
  public var creationTime: Int64
  /// Free key/value metadata (app version, build, test name…); stored sorted by key.
  public var metadata: [String: String]
  /// The resolution of the timestamps, in nanoseconds: every event's timestamp is a multiple of
  /// it, and the file stores time deltas in these units.
  ///
  /// 1 (the default) keeps full nanosecond
  /// resolution; 1000 suits recorders with microsecond clocks (getevent, evemu) and makes jittered
  /// touch streams markedly smaller.
  public var timestampQuantum: Int64

  /// Creates a header.
  public init(
    version: FormatVersion = .columns, device: DeviceInfo, clock: TraceClock = .monotonic,
    creationTime: Int64 = 0, metadata: [String: String] = [:], timestampQuantum: Int64 = 1
  ) {
    self.version = version
    self.device = device
    self.clock = clock
    self.creationTime = creationTime
    self.metadata = metadata
    self.timestampQuantum = timestampQuantum
  }
}

/// A format version: readers refuse a newer major version and accept any minor version.
public struct FormatVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Incremented for changes an older reader cannot read.
  public var major: UInt16
  /// Incremented for additions an older reader can skip (new event kinds, new fields).
  public var minor: UInt16

  /// Creates a version.
  public init(major: UInt16, minor: UInt16) {
    self.major = major
    self.minor = minor
  }

  /// The version this library writes.
  ///
  /// 1.1 added chunks laid out by column (``ChunkLayout/columns``); a 1.1 file may hold chunks of
  /// either layout. A reader of 1.0 accepts the header and refuses a column chunk
  /// (`malformedEvent` at its first byte); this reader still reads every 1.0 file. 1.2 added the
  /// observed-frame event (``EventKind/observedFrame``), which a 1.1 reader skips as an unknown
  /// kind. 1.3 added observed frames' presentation times, frame-timing records without scroll
  /// geometry (which a 1.2 reader refuses rather than misreads) and outliers. 1.4 added content
  /// that changes: items with an estimated length (a scene layout, a container child kind and an
  /// insert operation of their own), batch updates and `reloadData`, all of which a 1.3 reader
  /// refuses as `malformedEvent` rather than replaying content it cannot model. 1.5 added the
  /// keyboard event (``EventKind/keyboard``), which a 1.4 reader skips as an unknown kind. 1.6
  /// added items that share a row (``SceneItem/widthDivisor``: a scene layout, a container child
  /// kind, an insert operation and a batch update of their own), which a 1.5 reader refuses as
  /// `malformedEvent`. 1.7 added the platform's deadline to an observed frame
  /// (``ObservedFrame/deadline``), which a 1.6 reader passes over as a flag and trailing bytes it
  /// does not know. 1.8 added the device's adjusted content inset to a content event
  /// (``ContentGeometry/adjustedContentInset``) and the scroll view's frame in its window to a
  /// viewport event (``ViewportChange/frameInWindow``), which a 1.7 reader passes over as
  /// trailing bytes. 1.9 added the size a device resolved a self-sizing item to
  /// (``SceneEdit/sizeResolved(section:index:length:)``, an edit operation of its own), which a
  /// 1.8 reader refuses as `malformedEvent`, and the scroll event (``EventKind/scroll``: a
  /// trackpad, a mouse wheel), which a 1.8 reader skips as an unknown kind.
  public static let current = FormatVersion(major: 1, minor: 9)

  /// 1.3: the version of a file laid out by column that holds none of 1.4's content.
  public static let columns = FormatVersion(major: 1, minor: 3)

  /// 1.4: the version a file with content that changes declares — items with estimates, batch
  /// updates, `reloadData` (``Scene/formatVersion``, ``SceneEdit/formatVersion``).
  public static let contentChanges = FormatVersion(major: 1, minor: 4)

  /// 1.5: the version a file with a keyboard event declares (``EventKind/keyboard``).
  public static let keyboard = FormatVersion(major: 1, minor: 5)

  /// 1.6: the version a file with items that share a row declares (``SceneItem/widthDivisor``).
  public static let rows = FormatVersion(major: 1, minor: 6)

  /// 1.7: the version a file whose observed frames hold the platform's deadline declares
  /// (``ObservedFrame/deadline``: Android's framestats from Android 12).
  public static let deadlines = FormatVersion(major: 1, minor: 7)

  /// 1.8: the version a file whose content events hold the device's adjusted content inset
  /// (``ContentGeometry/adjustedContentInset``) or whose viewport events hold the scroll view's
  /// frame in its window (``ViewportChange/frameInWindow``) declares: the iOS recorder's.
  public static let adjustedInsets = FormatVersion(major: 1, minor: 8)

  /// 1.9: the version a file with a size a device resolved declares
  /// (``SceneEdit/sizeResolved(section:index:length:)``): the iOS recorder's, for a self-sizing
  /// list.
  public static let resolvedSizes = FormatVersion(major: 1, minor: 9)

  /// 1.9: the version a file with a scroll that no finger made declares (``EventKind/scroll``: a
  /// trackpad, a mouse wheel).
  ///
  /// The same version as ``resolvedSizes``: both came in 1.9.
  public static let scrollInput = FormatVersion(major: 1, minor: 9)

  /// Orders versions by major, then minor.
  public static func < (lhs: FormatVersion, rhs: FormatVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }

  /// The version as "major.minor".
  public var description: String { "\(major).\(minor)" }
}
