// scrolltrace — touches in a row of a trace, a column per field.

/// Touches in a row of a trace, a column per field, read where the reader decoded them: what
/// ``TraceReader/forEachEvent(touches:otherEvents:)`` hands its consumer instead of an event per
/// touch.
///
/// Index every column with ``indices`` (the columns are slices of the reader's batch, so they
/// do not start at 0). Timestamps are in nanoseconds, locations in points; a touch's force and
/// major radius, which few traces record, come with ``subscript(_:)``.
///
/// A run is a value: kept past the call that handed it, it keeps its touches, and the reader
/// decodes its next batch into new storage.
public struct TouchRun: Sendable {
  /// The positions of the run's touches in each column, in trace order.
  public let indices: Range<Int>
  /// Each touch's timestamp, in nanoseconds on the header's clock.
  public let timestamps: ArraySlice<Int64>
  /// Each touch's ``TouchSample/touchID``.
  public let touchIDs: ArraySlice<UInt32>
  /// Each touch's phase.
  public let phases: ArraySlice<TouchSample.Phase>
  /// Each touch's x in the window, in points.
  public let x: ArraySlice<Double>
  /// Each touch's y in the window, in points.
  public let y: ArraySlice<Double>
  /// Each touch's wire flags, force and major radius (``TouchColumns``).
  let flags: ArraySlice<UInt8>
  let force: ArraySlice<Double>
  let majorRadius: ArraySlice<Double>

  // The slices are made once a run: a column read through a computed slice would retain and
  // release its array at every touch.
  init(_ columns: TouchColumns, _ indices: Range<Int>) {
    self.indices = indices
    timestamps = columns.timestamps[indices]
    touchIDs = columns.touchIDs[indices]
    phases = columns.phases[indices]
    x = columns.x[indices]
    y = columns.y[indices]
    flags = columns.flags[indices]
    force = columns.force[indices]
    majorRadius = columns.majorRadius[indices]
  }

  /// The number of touches.
  public var count: Int { indices.count }

  /// The touch at `index`, one of ``indices``, as a sample: the event `forEachEvent(_:)` gives
  /// for it holds the same.
  public subscript(index: Int) -> TouchSample {
    TouchColumns.sample(
      touchIDs[index], phases[index], x[index], y[index], flags[index], force[index],
      majorRadius[index])
  }
}
