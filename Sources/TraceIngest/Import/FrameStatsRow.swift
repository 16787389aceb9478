// scrolltrace — one frame of a framestats block.

/// One row of a framestats block: a frame the app rendered, its timestamps in nanoseconds on
/// `System.nanoTime()`'s clock (CLOCK_MONOTONIC, as `getevent -t` stamps touches).
public struct FrameStatsRow: Sendable, Hashable {
  /// `Flags`: non-zero for a frame Android's guidance leaves out of jank figures (a window's
  /// first frame, a layout change, a frame skipped).
  public var flags: Int64
  /// `IntendedVsync`: the vsync the frame was meant to start at.
  public var intendedVsync: Int64
  /// `FrameCompleted`: when the frame's work was done.
  ///
  /// Real dumps hold rows whose value precedes `IntendedVsync` (a stale time): see
  /// ``completion``.
  public var frameCompleted: Int64
  /// `FrameTimelineVsyncId` (Android 12 and later).
  public var vsyncID: Int64?
  /// `FrameDeadline` (Android 12 and later).
  public var frameDeadline: Int64?
  /// `Vsync`: the vsync the frame did start at (later than `IntendedVsync` when it started late).
  public var vsync: Int64?
  /// `GpuCompleted` (Android 12 and later): when the GPU finished the frame; 0 when not known.
  public var gpuCompleted: Int64?
  /// The vsync period, in nanoseconds, read from the column of `FrameInterval` and
  /// `FrameStartTime` whose value is one (1 ms to 200 ms): Android 12–14 print the two names
  /// swapped, so the name is not trusted (Android 12 and later).
  public var period: Int64?
  /// `DisplayPresentTime` (Android 12 and later): when the frame reached the display; 0 when not
  /// known.
  public var displayPresentTime: Int64?

  /// A period read from a row is within this range, in nanoseconds (1000 Hz to 5 Hz).
  public static let plausiblePeriods: ClosedRange<Int64> = 1_000_000...200_000_000

  /// Why a row cannot be read.
  struct Malformed: Error {
    var reason: String
  }

  /// The row `line` under `columns`.
  init(_ line: Substring, columns: FrameStatsColumns) throws(Malformed) {
    var fields = line.split(separator: ",", omittingEmptySubsequences: false)
    if fields.last?.trimmingBlanks == "" { fields.removeLast() }
    guard fields.count == columns.count else {
      throw Malformed(
        reason:
          "a framestats row has \(fields.count) fields where its header names \(columns.count)")
    }
    var values: [Int64] = []
    values.reserveCapacity(fields.count)
    for (index, field) in fields.enumerated() {
      guard let value = TextFields.decimal(Array(field.trimmingBlanks.utf8)[...]) else {
        throw Malformed(
          reason: "field \(index + 1) of a framestats row is not an integer: \(field.prefix(40))")
      }
      values.append(value)
    }
    flags = values[columns.flags]
    intendedVsync = values[columns.intendedVsync]
    frameCompleted = values[columns.frameCompleted]
    vsyncID = columns.vsyncID.map { values[$0] }
    frameDeadline = columns.frameDeadline.map { values[$0] }
    vsync = columns.vsync.map { values[$0] }
    gpuCompleted = columns.gpuCompleted.map { values[$0] }
    period = columns.periodCandidates.map { values[$0] }.first {
      Self.plausiblePeriods.contains($0)
    }
    displayPresentTime = columns.displayPresentTime.map { values[$0] }
    guard intendedVsync > 0 else {
      throw Malformed(reason: "a framestats row's IntendedVsync is \(intendedVsync), not a time")
    }
  }

  /// The longest work a frame is taken to have done, in nanoseconds: a minute.
  ///
  /// A `FrameCompleted` further from its `IntendedVsync` is a clock gone wrong (a real dump held one 288 million
  /// seconds on), not a frame; Android's own frozen frames are those over 700 ms.
  public static let longestPlausibleFrame: Int64 = 60_000_000_000

  /// Drops the times that cannot be this frame's, and returns how many it dropped.
  ///
  /// A `FrameCompleted`, `DisplayPresentTime` or `GpuCompleted` after `uptime` (nanoseconds, when
  /// the dump was taken) or more than ``longestPlausibleFrame`` after `IntendedVsync` cannot be. A
  /// dropped completion reads as stale (no work time), a dropped presentation or GPU completion as
  /// unknown.
  mutating func refuseTimes(after uptime: Int64?) -> Int {
    let (latest, overflow) = intendedVsync.addingReportingOverflow(Self.longestPlausibleFrame)
    let limit = min(overflow ? .max : latest, uptime ?? .max)
    var refused = 0
    if frameCompleted > limit {
      frameCompleted = 0
      refused += 1
    }
    if let present = displayPresentTime, present > limit {
      displayPresentTime = 0
      refused += 1
    }
    if let gpu = gpuCompleted, gpu > limit {
      gpuCompleted = 0
      refused += 1
    }
    return refused
  }

  /// `FrameCompleted` when it is a time at or after `IntendedVsync`; `nil` for a stale one.
  public var completion: Int64? { frameCompleted >= intendedVsync ? frameCompleted : nil }

  /// `DisplayPresentTime` when it is a presentation: at or after the frame's vsync and completion.
  ///
  /// `nil` for 0 (not known) and for an earlier, stale time.
  public var presentation: Int64? {
    guard let present = displayPresentTime, present > 0,
      present >= max(intendedVsync, completion ?? intendedVsync)
    else { return nil }
    return present
  }
}
