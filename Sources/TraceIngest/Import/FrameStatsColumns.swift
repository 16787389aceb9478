// scrolltrace — a framestats block's header line: which column holds what.

/// The columns of a framestats block, from its header line (`Flags,FrameTimelineVsyncId,…,`).
///
/// Layouts differ by Android version: before Android 12 the header begins
/// `Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,…` (14 to 17
/// columns); Android 12–14 add `FrameTimelineVsyncId`, `FrameDeadline`, `FrameInterval`,
/// `FrameStartTime` and `DisplayPresentTime` (23 columns); Android 15 adds `WorkloadTarget`.
/// Columns are found by name, whatever their order; unknown ones are passed over.
struct FrameStatsColumns: Sendable, Hashable {
  /// The number of fields a row has (a trailing comma's empty field not counted).
  var count: Int
  var flags: Int
  var intendedVsync: Int
  var frameCompleted: Int
  var vsyncID: Int?
  var frameDeadline: Int?
  var vsync: Int?
  var gpuCompleted: Int?
  /// The two columns one of which holds the vsync period (`FrameInterval`, `FrameStartTime`).
  var periodCandidates: [Int]
  var displayPresentTime: Int?
  /// Whether the header names `FrameInterval` before `FrameStartTime`: Android 12–14's order,
  /// whose two names are swapped (the period sits under `FrameStartTime`).
  var periodNamesSwapped: Bool

  /// The columns of the header `line`.
  ///
  /// - Throws: ``ImportError`` when a required column (`Flags`, `IntendedVsync`,
  ///   `FrameCompleted`) is missing or a name repeats.
  init(header line: Substring, line number: Int, path: String) throws(ImportError) {
    var names = line.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingBlanks)
    if names.last == "" { names.removeLast() }
    func column(_ name: String) -> Int? { names.firstIndex(of: name) }
    // The header first (a block without one starts with a row of numbers), then its names.
    guard let flags = column("Flags"), let intended = column("IntendedVsync"),
      let completed = column("FrameCompleted")
    else {
      throw ImportError(
        .malformedLine,
        "expected a framestats header naming Flags, IntendedVsync and FrameCompleted after ---PROFILEDATA---, found \(line.prefix(120))",
        line: number, path: path)
    }
    guard Set(names).count == names.count else {
      throw ImportError(
        .malformedLine, "a framestats header names a column twice: \(line.prefix(120))",
        line: number, path: path)
    }
    count = names.count
    self.flags = flags
    intendedVsync = intended
    frameCompleted = completed
    vsyncID = column("FrameTimelineVsyncId")
    frameDeadline = column("FrameDeadline")
    vsync = column("Vsync")
    gpuCompleted = column("GpuCompleted")
    periodCandidates = [column("FrameInterval"), column("FrameStartTime")].compactMap { $0 }
    displayPresentTime = column("DisplayPresentTime")
    if let interval = column("FrameInterval"), let start = column("FrameStartTime") {
      periodNamesSwapped = interval < start
    } else {
      periodNamesSwapped = false
    }
  }
}
