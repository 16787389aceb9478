// The release-velocity estimator against real recorded flings and the velocities their upstream
// tests expect (Recordings/ at the repository root; licences there).

import Foundation
import Replay
import Testing

@Suite struct VelocityTrackerTests {
  static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Recordings")

  /// Rows of a CSV file with a header line, as dictionaries.
  static func rows(_ path: String) throws -> [[String: String]] {
    let text = try String(contentsOf: recordings.appendingPathComponent(path), encoding: .utf8)
    var lines = text.split(whereSeparator: \.isNewline).map(String.init)
    let keys = lines.removeFirst().split(separator: ",").map(String.init)
    return lines.map { line in
      Dictionary(
        uniqueKeysWithValues: zip(
          keys, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
    }
  }

  /// Flutter's 13 strokes: down and move samples go in, the velocity is read at `up` (as
  /// velocity_tracker_test.dart does).
  ///
  /// Same estimator as Flutter's, so expected within 0.1 %.
  @Test func flutterRecordedStrokes() throws {
    let samples = try Self.rows("flutter-velocity-tracker-data/flutter_velocity_tracker_data.csv")
    let expected = try Self.rows("flutter-velocity-tracker-data/flutter_expected_velocities.csv")
    var tracker = VelocityTracker()
    var results: [(Double, Double)] = []
    for row in samples {
      let time = try #require(Int64(row["t_ms"] ?? "")) * 1_000_000
      let x = try #require(Double(row["x_lp"] ?? ""))
      let y = try #require(Double(row["y_lp"] ?? ""))
      switch row["phase"] {
      case "down":
        tracker.reset()
        tracker.add((x, y), at: time)
      case "move":
        tracker.add((x, y), at: time)
      default:
        results.append(tracker.velocity())
      }
    }
    try #require(results.count == expected.count)
    var report = ["stroke  expected vx, vy (lp/s)      ours vx, vy                   error"]
    for (index, row) in expected.enumerated() {
      let ex = try #require(Double(row["expected_vx_lp_per_s"] ?? ""))
      let ey = try #require(Double(row["expected_vy_lp_per_s"] ?? ""))
      let (vx, vy) = results[index]
      let error = Self.relativeError((vx, vy), (ex, ey))
      report.append(
        String(
          format: "%6d  %10.3f, %10.3f   %10.3f, %10.3f   %.5f%%", index + 1, ex, ey, vx, vy,
          error * 100))
      #expect(error < 0.001, "stroke \(index + 1): \(vx), \(vy) versus \(ex), \(ey)")
    }
    print(report.joined(separator: "\n"))
  }

  /// AOSP's 19 recorded flings (the last ~100 ms before lift-off): every sample goes in (the
  /// harness's repeated ACTION_UP sample included, as the AOSP test feeds it), and the estimate must
  /// be within AOSP's own tolerance, 20 %, of the LSQ2 velocity the test asserts.
  ///
  /// Where the test
  /// has only an IMPULSE value (SwordfishFlingDown), a different estimator, the fling axis is held
  /// to 20 % and the small cross-axis component is reported only (ours 374 px/s against
  /// IMPULSE's 624 px/s: 40 % of a component 16 times smaller than the fling).
  @Test func aospRecordedFlings() throws {
    let samples = try Self.rows("aosp-velocitytracker-flings/aosp_velocitytracker_flings.csv")
    let expected = try Self.rows("aosp-velocitytracker-flings/aosp_expected_velocities.csv")
    var ours: [String: (x: Double, y: Double)] = [:]
    var tracker = VelocityTracker()
    var gesture = ""
    for row in samples {
      let name = row["gesture"] ?? ""
      if name != gesture {
        tracker.reset()
        gesture = name
      }
      let time = try #require(Int64(row["t_ns"] ?? ""))
      tracker.add(
        (try #require(Double(row["x_px"] ?? "")), try #require(Double(row["y_px"] ?? ""))), at: time
      )
      if row["phase"] == "up" { ours[name] = tracker.velocity() }
    }
    var checked = 0
    var report = ["gesture                      axis strategy   expected px/s   ours px/s    error"]
    let lsq2 = Set(
      expected.filter { $0["strategy"] == "LSQ2" }.map {
        "\($0["gesture"] ?? "")/\($0["axis"] ?? "")"
      })
    for row in expected {
      let name = row["gesture"] ?? ""
      let axis = row["axis"] ?? ""
      let strategy = row["strategy"] ?? ""
      let key = "\(name)/\(axis)"
      guard strategy == "LSQ2" || !lsq2.contains(key) else { continue }
      let value = try #require(Double(row["expected_velocity_px_per_s"] ?? ""))
      let velocity = try #require(ours[name])
      let mine = axis == "X" ? velocity.x : velocity.y
      let error = abs(mine - value) / abs(value)
      report.append(
        String(
          format: "%-28@ %4@ %-8@ %14.1f %12.1f   %5.1f%%", name, axis, strategy, value, mine,
          error * 100))
      if strategy == "LSQ2" || abs(value) > 1000 {
        #expect(error <= 0.2, "\(key) \(strategy): \(mine) versus \(value)")
        checked += 1
      }
    }
    print(report.joined(separator: "\n"))
    #expect(checked == 28)
  }

  @Test func tooFewOrStaleSamplesGiveZero() {
    var tracker = VelocityTracker()
    #expect(tracker.velocity() == (0, 0))
    tracker.add((0, 0), at: 0)
    tracker.add((10, 0), at: 8_000_000)
    #expect(tracker.velocity() == (0, 0))
    tracker.add((20, 0), at: 16_000_000)
    #expect(abs(tracker.velocity().x - 1250) < 1e-6)
    // A pause longer than 40 ms means the finger stopped.
    tracker.add((20, 0), at: 100_000_000)
    #expect(tracker.velocity() == (0, 0))
  }

  @Test func constantVelocityIsExact() {
    var tracker = VelocityTracker()
    for i in 0..<40 { tracker.add((Double(i) * 12.5, -Double(i) * 5), at: Int64(i) * 8_333_333) }
    let v = tracker.velocity()
    #expect(abs(v.x - 12.5 / 0.008333333) < 1e-3)
    #expect(abs(v.y + 5 / 0.008333333) < 1e-3)
  }

  static func relativeError(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
    let dx = a.0 - b.0
    let dy = a.1 - b.1
    return (dx * dx + dy * dy).squareRoot() / max((b.0 * b.0 + b.1 * b.1).squareRoot(), 1e-9)
  }
}
