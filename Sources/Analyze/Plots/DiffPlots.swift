// scrolltrace — a diff's pictures: baseline and candidate on the same axes, per trace.

import TraceCore

/// The plot series of both sides of a diff of two engines, by trace path (both replay the same
/// traces); saved reports carry none.
public struct DiffPlots: Sendable {
  /// The baseline engine's series, by trace path.
  public var baseline: [String: PlotSeries] = [:]
  /// The candidate engine's series, by trace path.
  public var candidate: [String: PlotSeries] = [:]

  /// No series yet.
  public init() {}
}
