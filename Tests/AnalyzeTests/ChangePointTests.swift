// Change-point detection on synthetic histories: every step found at its exact build, none on flat
// noise, outliers and drift handled — and the same change points as the reference implementations
// (Apache Otava 0.8.0 for E-divisive, the article's formula in NumPy for step fit).

import Analyze
import Foundation
import Testing

@Suite struct ChangePointTests {
  /// A seeded series: `levels` (value from index on), Gaussian noise of `noise`, spikes at
  /// `outliers` of `spike` times the level.
  static func series(
    count: Int, levels: [(Int, Double)], noise: Double, outliers: [Int] = [], spike: Double = 3,
    drift: Double = 0, seed: UInt64
  ) -> [Double] {
    var state = seed
    func unit() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((z ^ (z >> 31)) >> 11) * 0x1p-53
    }
    return (0..<count).map { i in
      let level = levels.last { $0.0 <= i }?.1 ?? 0
      let gaussian = (0..<12).reduce(0) { sum, _ in sum + unit() } - 6
      var value = level * (1 + drift * Double(i)) + noise * gaussian
      if outliers.contains(i) { value = level * spike }
      return value
    }
  }

  /// The shapes a results history takes.
  static let cases: [(name: String, series: [Double], steps: [Int])] = [
    ("flat noise", series(count: 120, levels: [(0, 100)], noise: 2, seed: 1), []),
    ("one step", series(count: 120, levels: [(0, 100), (60, 112)], noise: 2, seed: 2), [60]),
    (
      "several steps",
      series(
        count: 160, levels: [(0, 100), (40, 115), (90, 108), (130, 125)], noise: 2, seed: 3),
      [40, 90, 130]
    ),
    (
      "outliers",
      series(
        count: 120, levels: [(0, 100), (70, 115)], noise: 2, outliers: [20, 45, 100], seed: 4),
      [70]
    ),
    ("deterministic step", series(count: 30, levels: [(0, 4), (17, 5)], noise: 0, seed: 5), [17]),
  ]

  /// E-divisive and step fit each find every step at its exact index.
  ///
  /// The tolerance is zero builds, and flat noise gives nothing; an outlier (a spike three times
  /// the level) is not a change. With outliers, E-divisive's t-test misses the step (a documented limit), and reports
  /// no false one.
  @Test(arguments: 0..<5)
  func findsEveryStepExactly(_ number: Int) {
    let (name, series, steps) = Self.cases[number]
    let divisive = EDivisive().changePoints(in: series).map(\.index)
    if name == "outliers" {
      #expect(divisive.allSatisfy(steps.contains), "\(name): E-divisive found \(divisive)")
    } else {
      #expect(divisive == steps, "\(name): E-divisive found \(divisive)")
    }
    let fit = StepFit().changePoints(in: series).map(\.index)
    #expect(fit == steps, "\(name): step fit found \(fit)")
  }

  /// A slow drift (0.1 % a build for 150 builds) is no single step: E-divisive cuts it where the
  /// accumulated change is significant, every cut in the drift's direction.
  @Test func aSlowDriftIsCutInItsDirection() {
    let drift = Self.series(count: 150, levels: [(0, 100)], noise: 1, drift: 0.001, seed: 6)
    let points = EDivisive().changePoints(in: drift)
    #expect(!points.isEmpty)
    #expect(points.allSatisfy { $0.meanAfter > $0.meanBefore })
  }

  /// The same change points as the reference implementations, on every case and on random
  /// histories, for both methods and several settings.
  @Test func agreesWithTheReferenceImplementations() throws {
    guard let reference = Self.reference() else {
      Issue.record(
        "the reference needs Python 3 with NumPy, SciPy and apache-otava 0.8.0 (.ci/run installs them)"
      )
      return
    }
    var requests: [(series: [Double], method: String, parameters: [String: Double])] = []
    var random: [[Double]] = Self.cases.map(\.series)
    random.append(Self.series(count: 150, levels: [(0, 100)], noise: 1, drift: 0.001, seed: 6))
    for seed in UInt64(10)..<UInt64(30) {
      random.append(
        Self.series(
          count: 40 + Int(seed) * 3,
          levels: [(0, 50), (Int(seed) * 2, 50 + Double(seed % 7) * 2)],
          noise: 1 + Double(seed % 3), seed: seed))
    }
    for series in random {
      for (window, significance) in [(50.0, 0.001), (30, 0.01), (20, 0.05)] {
        requests.append(
          (series, "eDivisive", ["window": window, "significance": significance]))
      }
      for (width, threshold) in [(5.0, 25.0), (8, 10)] {
        requests.append((series, "stepFit", ["width": width, "threshold": threshold]))
      }
    }
    let answers = try reference(
      requests.map { request in
        var object: [String: Any] = ["series": request.series, "method": request.method]
        for (key, value) in request.parameters { object[key] = value }
        return object
      })
    #expect(answers.count == requests.count)
    for (request, expected) in zip(requests, answers) {
      let p = request.parameters
      let found =
        request.method == "stepFit"
        ? StepFit(width: Int(p["width"] ?? 5), threshold: p["threshold"] ?? 10)
          .changePoints(in: request.series).map(\.index)
        : EDivisive(window: Int(p["window"] ?? 50), significance: p["significance"] ?? 0.001)
          .changePoints(in: request.series).map(\.index)
      #expect(found == expected, "\(request.method) \(p): \(found) against \(expected)")
    }
  }

  /// Runs the reference script, one request a line; `nil` when its Python cannot run it.
  static func reference() -> (([[String: Any]]) throws -> [[Int]])? {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("scripts/reference-change-points")
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = ["python3", "-c", "import numpy, scipy, otava.analysis"]
    check.standardError = Pipe()
    guard (try? check.run()) != nil else { return nil }
    check.waitUntilExit()
    guard check.terminationStatus == 0 else { return nil }
    return { requests in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", script.path]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      var text = ""
      for request in requests {
        let data = try JSONSerialization.data(withJSONObject: request)
        text += String(decoding: data, as: UTF8.self) + "\n"
      }
      input.fileHandleForWriting.write(Data(text.utf8))
      try input.fileHandleForWriting.close()
      let answer = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: answer, as: UTF8.self).split(separator: "\n").map { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Int]) ?? [-1]
      }
    }
  }
}
