// scrolltrace — what the pipeline tells as it runs, on standard error.

import Analyze
import Pipeline

extension ProgressBar {
  /// Shows a batch's progress, and prints its notes on standard error: a skipped trace, a failure
  /// a run went on past, a recovering read's loss.
  mutating func tell(_ event: ReplayBatch.Event) {
    switch event {
    case .progress(let trace, let path, let fraction):
      update(trace: trace, path: path, fraction: fraction)
    case .skipped(let trace):
      note(.note, "skipped \(trace.path): \(trace.reason)")
    case .failed(let trace):
      note(.error, "\(trace.reason) (--keep-going: going on)")
    case .lost(let path, let loss):
      note(.warning, "\(path): \(loss)")
    case .warning(let path, let message):
      note(.warning, "\(path): \(message)")
    }
  }

  /// Shows a comparison's progress, and prints its notes on standard error.
  mutating func tell(_ event: EngineComparison.Event) {
    switch event {
    case .progress(let trace, let path, let fraction):
      update(trace: trace, path: path, fraction: fraction)
    case .skipped(let path, let sides, let reason):
      let whom = sides.count > 1 ? "both sides" : sides.joined()
      note(.note, "skipped \(path) on \(whom): \(reason)")
    case .lost(let path, let loss):
      note(.warning, "\(path): \(loss)")
    case .warning(let path, let message):
      note(.warning, "\(path): \(message)")
    }
  }

  private enum Level { case note, warning, error }

  /// Prints `message` on standard error, under the bar.
  private mutating func note(_ level: Level, _ message: String) {
    finish()
    switch level {
    case .note: StandardError.note(message)
    case .warning: StandardError.warning(message)
    case .error: StandardError.error(message)
    }
  }
}
