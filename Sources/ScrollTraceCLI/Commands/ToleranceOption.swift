// scrolltrace — `--tolerance METRIC=N%,M`: how far a deterministic metric may move and be no change.

import Analyze
import ArgumentParser

/// The parsing of `--tolerance`, shared by `diff`, `gate` and `history check`.
enum ToleranceOption {
  /// The tolerances `texts` give (`METRIC=N%`, `METRIC=N` or `METRIC=N%,M`), by metric key.
  ///
  /// - Throws: `ValidationError` naming the value that is not one.
  static func overrides(_ texts: [String]) throws -> [String: Metric.Tolerance] {
    var overrides: [String: Metric.Tolerance] = [:]
    for text in texts {
      let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let metric = Metric.named(parts[0]), !metric.isHostTiming else {
        throw ValidationError(
          "--tolerance '\(text)': expected METRIC=N%, METRIC=N or METRIC=N%,M for a deterministic metric (scrolltrace metrics lists them)"
        )
      }
      var tolerance = Metric.Tolerance()
      for piece in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
        let isPercent = piece.hasSuffix("%")
        guard let value = Double(isPercent ? piece.dropLast() : piece), value.isFinite, value >= 0
        else {
          throw ValidationError(
            "--tolerance '\(text)': '\(piece)' is not a number of 0 or more (N% for percent of the baseline)"
          )
        }
        if isPercent { tolerance.relative = value / 100 } else { tolerance.absolute = value }
      }
      overrides[metric.key] = tolerance
    }
    return overrides
  }
}
