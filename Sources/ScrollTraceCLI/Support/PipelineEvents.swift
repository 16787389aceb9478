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
      note("scrolltrace: note: skipped \(trace.path): \(trace.reason)")
    case .failed(let trace):
      note("scrolltrace: error: \(trace.reason) (--keep-going: going on)")
    case .lost(let path, let loss):
      note("scrolltrace: warning: \(path): \(loss)")
    }
  }

  /// Shows a comparison's progress, and prints its notes on standard error.
  mutating func tell(_ event: EngineComparison.Event) {
    switch event {
    case .progress(let trace, let path, let fraction):
      update(trace: trace, path: path, fraction: fraction)
    case .skipped(let trace, let side):
      note("scrolltrace: note: \(side) skipped \(trace.path): \(trace.reason)")
    case .lost(let path, let loss):
      note("scrolltrace: warning: \(path): \(loss)")
    }
  }

  /// Prints `message` on standard error, under the bar.
  private mutating func note(_ message: String) {
    finish()
    StandardError.print(message)
  }
}
