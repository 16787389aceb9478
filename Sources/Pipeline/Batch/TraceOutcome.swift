// scrolltrace — what became of one trace of several: replayed, skipped or failed.

public import Analyze
import Replay
import TraceIngest

/// What became of one trace of several: replayed, or skipped because the engine does not lay out
/// its scene or, when a run keeps going, because it could not be read or replayed.
public enum TraceOutcome: Sendable {
  /// Replayed and analysed, with the trace's plots when they were asked for.
  case replayed(TraceReplay, plot: PlotSeries?)
  /// Not replayed: the engine does not lay out its kind of scene, or the trace failed.
  case skipped(SkippedTrace)

  /// The outcome of `replay` on the trace at `path`.
  ///
  /// With `skipping`, a scene the engine does not lay out is a skip rather than an error; with
  /// `keepingGoing`, so is a trace that cannot be read or replayed (a failure, with the error's
  /// line as its reason).
  init(
    path: String, skipping: Bool, keepingGoing: Bool,
    _ replay: () throws -> (TraceReplay, PlotSeries?)
  ) throws {
    do {
      let (replayed, plot) = try replay()
      self = .replayed(replayed, plot: plot)
    } catch let error as PipelineError where skipping && error.code == .unsupportedScene {
      self = .skipped(SkippedTrace(path: path, reason: error.replayError?.reason ?? error.reason))
    } catch let error as PipelineError where keepingGoing {
      self = .skipped(SkippedTrace(path: path, reason: error.description, isFailure: true))
    } catch let error as TraceFormatError where keepingGoing {
      self = .skipped(SkippedTrace(path: path, reason: error.description, isFailure: true))
    }
  }
}
