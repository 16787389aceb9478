// scrolltrace — the items a self-sizing engine reported, kept while what they show stays.

/// The visible and nearby items a ``SelfSizingEngine`` reported last, with what they were built
/// from: while the column, the width and the two ranges of items stay, the next frame reports
/// the same lists — the same storage, not a copy — and builds none.
///
/// A scroll changes the rows it shows every few frames, not every frame (a 90-point row passes in
/// four frames at 2,700 points per second and 120 Hz), and an item's frame is in content
/// coordinates, which the offset does not change.
struct ReportedItems: Sendable {
  /// What the lists were built from.
  struct Key: Sendable, Equatable {
    /// The column's ``SelfSizingColumn/generation``.
    var generation: Int
    /// The width of the bounds, in points.
    var width: Double
    /// The items shown, and the items a viewport either side.
    var shown: Range<Int>
    var nearby: Range<Int>
  }

  /// What ``visible`` and ``nearby`` were built from; nil before the first report.
  var key: Key?
  /// The items shown, in order.
  var visible: [EngineFrame.VisibleItem] = []
  /// The items a viewport either side of them, the shown ones left out, in order.
  var nearby: [EngineFrame.VisibleItem] = []
}
