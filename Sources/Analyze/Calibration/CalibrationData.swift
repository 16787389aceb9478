// scrolltrace — frames' counted work beside the times a device measured, grouped by work.

/// What a calibration fits: for each frame, the work the replay counted and the work time the
/// device measured for it (`ObservedFrame.busyDuration`), in microseconds.
///
/// Frames that did the same work are kept together (a replay has a few hundred kinds of frame at
/// most), so memory is 8 bytes per frame plus one entry per kind, and a fit's passes cost one
/// multiplication per frame.
public struct CalibrationData: Sendable, Hashable {
  /// The measured times, in microseconds, by the work their frames did, in the order added.
  private var groups: [WorkTotals: [Double]] = [:]
  /// Frames added.
  public private(set) var frames = 0

  /// No frames.
  public init() {}

  /// Adds a frame that did `work` and took `measured` microseconds on the device.
  public mutating func add(work: WorkTotals, measured: Double) {
    groups[work, default: []].append(measured)
    frames += 1
  }

  /// Adds another set's frames after this one's.
  public mutating func merge(_ other: CalibrationData) {
    for (work, times) in other.groups { groups[work, default: []] += times }
    frames += other.frames
  }

  /// Each kind of frame with its times, in a fixed order (by the work's counts), so that sums run
  /// in the same order on every machine.
  var sortedGroups: [(work: WorkTotals, times: [Double])] {
    groups.map { ($0.key, $0.value) }.sorted { a, b in
      a.work.entries.map(\.value).lexicographicallyPrecedes(b.work.entries.map(\.value))
    }
  }

  /// Whether any frame performed `operation`.
  func performs(_ operation: CostModel.Operation) -> Bool {
    groups.keys.contains { operation.count(in: $0) != 0 }
  }
}
