// scrolltrace — the flags byte of an observed frame (docs/trace-format.md, "Events").

/// The bits of an observed frame's `u8` flags: which optional fields follow, and what kind of
/// observation it is.
///
/// Bit 0 is format 1.2's; bits 1–4 are 1.3's; bit 5 is 1.7's. A reader ignores bits it does not know, as it
/// ignores trailing payload bytes: a later minor version adds only bits an older reader may pass
/// over, and marks anything an older reader must not misread so that it refuses it (as
/// ``noGeometry`` does with NaN).
struct ObservedFrameFlags: OptionSet {
  let rawValue: UInt8

  /// A `varint` busy duration (ns) follows the flags.
  static let busyDuration = ObservedFrameFlags(rawValue: 1 << 0)
  /// A `varint` presentation time (ns after the event's timestamp) follows the busy duration.
  static let presentationTimestamp = ObservedFrameFlags(rawValue: 1 << 1)
  /// The observation is a frame-timing record (``ObservedFrame/Source/frameTimeline``).
  static let frameTimeline = ObservedFrameFlags(rawValue: 1 << 2)
  /// The device reported no scroll geometry: the offset and size hold ``absentGeometry``.
  static let noGeometry = ObservedFrameFlags(rawValue: 1 << 3)
  /// The platform marked the frame as an outlier (``ObservedFrame/isOutlier``).
  static let outlier = ObservedFrameFlags(rawValue: 1 << 4)
  /// The platform's deadline follows the presentation time (``ObservedFrame/deadline``).
  ///
  /// An `svarint` overrun (ns) and a `u8` verdict (0 met, 1 missed). Format 1.7.
  static let deadline = ObservedFrameFlags(rawValue: 1 << 5)

  /// What stands in the offset and size of an observation without geometry: the quiet NaN
  /// `0x7FF8000000000000`, which a 1.2 reader refuses as not finite.
  static let absentGeometry = Double(bitPattern: 0x7FF8_0000_0000_0000)
}
