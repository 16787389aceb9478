// scrolltrace — the order every comparison measures its two sides in: a warm-up, A B / B A, and a
// second measure of what looks changed.

/// The schedule of a comparison's measurements, whatever a measurement is: one trace replayed by
/// an engine in this process (``EngineComparison``), or every trace replayed by another build of
/// the tool (``BuildComparison``).
///
/// - **Warm-up.** With more than one repetition, each side is measured once unrecorded first:
///   the first measurement in a process, or of a process, pays for cold caches (XCTest discards
///   its first iteration too).
/// - **A B, B A.** Then `repetitions` measurements a side, in the order A B, B A, A B…:
///   consecutive measurements are of different sides, so a burst of load falls on both, and each
///   side goes first as often as the other, so a load that rises or falls through the run favours
///   neither.
/// - **Re-measure.** When the recorded samples look changed (`changed`: a host timing significant
///   and beyond the noise floor), each side is measured `repetitions` times more, in the same
///   order, and the change stands only if the second samples say the same: a false change then
///   needs two in a row.
package struct InterleavedMeasurement: Sendable {
  /// What a measurement is for.
  package enum Phase: Sendable, Hashable {
    /// The unrecorded first measurement of a side.
    case warmUp
    /// A recorded measurement.
    case recorded
    /// A measurement of the second sample, after the first looked changed.
    case remeasure
  }

  /// Recorded measurements a side (1: no warm-up, no second sample).
  package var repetitions: Int
  /// Whether a change the first sample shows is measured again.
  package var remeasures: Bool

  /// A schedule of `repetitions` measurements a side.
  package init(repetitions: Int, remeasures: Bool = true) {
    self.repetitions = max(1, repetitions)
    self.remeasures = remeasures
  }

  /// The sides in the order of repetition `index` (A B, B A, A B…).
  package static func order(_ index: Int) -> [Int] { index % 2 == 0 ? [0, 1] : [1, 0] }

  /// Measures the sides that are `present` (baseline, candidate) in this schedule.
  ///
  /// `measure(side, phase)` takes one measurement; what it returns for a recorded or second
  /// measurement is kept, per side, in order. `changed` reads the recorded samples and says whether
  /// to measure a second sample (only with more than one repetition, when ``remeasures``).
  ///
  /// - Returns: each side's recorded samples, and its second samples when they were measured.
  package func run<Sample>(
    present: [Bool], measure: (_ side: Int, _ phase: Phase) throws -> Sample,
    changed: (_ recorded: [[Sample]]) -> Bool = { _ in false }
  ) rethrows -> (recorded: [[Sample]], remeasured: [[Sample]]?) {
    func pass(_ phase: Phase, count: Int) throws -> [[Sample]] {
      var samples: [[Sample]] = [[], []]
      for index in 0..<count {
        for side in Self.order(index) where present.indices.contains(side) && present[side] {
          let sample = try measure(side, phase)
          if phase != .warmUp { samples[side].append(sample) }
        }
      }
      return samples
    }
    if repetitions > 1 { _ = try pass(.warmUp, count: 1) }
    let recorded = try pass(.recorded, count: repetitions)
    guard remeasures, repetitions > 1, changed(recorded) else { return (recorded, nil) }
    return (recorded, try pass(.remeasure, count: repetitions))
  }
}
