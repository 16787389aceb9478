// The cost model fitted to measured work times: known costs recovered from a synthetic device with
// noise, outliers that sway least squares but not Huber's loss, and refusals by name.

import Analyze
import Testing
import TraceCore

@Suite struct CostCalibrationTests {
  /// The device's true costs, in microseconds.
  static let truth = CostModel(
    frame: 1200, layoutPass: 180, frameSet: 9, itemConfigured: 650, viewCreated: 2400,
    poolScanStep: 4)

  /// The package's seeded generator (SplitMix64), so the data are the same on every run.
  struct Random {
    var generator: SeededGenerator
    init(state: UInt64) { generator = SeededGenerator(seed: state) }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(generator.next() % UInt64(range.count))
    }
    /// A standard normal value (Irwin–Hall: the sum of twelve uniforms, less six).
    mutating func normal() -> Double { (0..<12).reduce(0) { sum, _ in sum + generator.unit() } - 6 }
  }

  /// Frames of varied work (as a feed's: most lay out and move a few views, some configure and
  /// create), each measured as `truth` prices it with `noise` (a fraction, Gaussian), and
  /// `outliers` of them 20 ms longer (the main thread busy with something else).
  static func device(frames: Int, noise: Double, outliers: Int = 0, seed: UInt64 = 7)
    -> CalibrationData
  {
    var random = Random(state: seed)
    var data = CalibrationData()
    for k in 0..<frames {
      var work = WorkTotals()
      work.layoutPasses = random.int(0...2)
      work.framesSet = work.layoutPasses == 0 ? 0 : random.int(0...8)
      work.itemsConfigured = random.int(0...9) < 2 ? random.int(1...3) : 0
      work.viewsCreated = random.int(0...19) == 0 ? random.int(1...2) : 0
      work.poolScanSteps = work.itemsConfigured * random.int(0...6)
      var measured = truth.frameTime(work) / 1000 * (1 + noise * random.normal())
      if k < outliers { measured += 20_000 }
      data.add(work: work, measured: measured)
    }
    return data
  }

  /// With 2 % noise over 3 000 frames, every cost comes back within 3 % or 1.5 µs, within three
  /// standard errors; the fit explains nearly all the variance.
  @Test func recoversKnownCostsFromANoisyDevice() throws {
    let fit = try CostCalibration.fit(Self.device(frames: 3000, noise: 0.02), options: .init())
    for operation in CostModel.Operation.allCases {
      let fitted = fit.model[operation]
      let expected = Self.truth[operation]
      let error = try #require(fit.standardErrors[operation])
      #expect(abs(fitted - expected) <= max(0.03 * expected, 1.5), "\(operation.key) \(fitted)")
      #expect(abs(fitted - expected) <= 3 * error + 0.5, "\(operation.key) ± \(error)")
    }
    #expect(try #require(fit.quality.rSquared) > 0.98)
    #expect(fit.quality.frames == 3000)
  }

  /// The standard errors cover the truth at their stated rate: on 120 simulated devices whose
  /// noise is proportional to each frame's work (8 %, as a device's is), each cost lies within
  /// 1.96 standard errors of the truth in close to 95 % of the fits (at least 88 %, three binomial
  /// standard deviations below), and not far more often (at most 99 %: errors not inflated).
  @Test func standardErrorsCoverTheTruthAtTheirStatedRate() throws {
    var covered: [CostModel.Operation: Int] = [:]
    let devices = 120
    for seed in 0..<devices {
      let fit = try CostCalibration.fit(
        Self.device(frames: 800, noise: 0.08, seed: UInt64(1_000 + seed)), options: .init())
      for operation in CostModel.Operation.allCases {
        let error = try #require(fit.standardErrors[operation], "\(operation.key)")
        if abs(fit.model[operation] - Self.truth[operation]) <= 1.96 * error {
          covered[operation, default: 0] += 1
        }
      }
    }
    for operation in CostModel.Operation.allCases {
      let rate = Double(covered[operation, default: 0]) / Double(devices)
      #expect(rate >= 0.88 && rate <= 0.99, "\(operation.key): \(rate)")
    }
  }

  /// Two percent of frames 20 ms long: least squares drags the fixed cost up by about 400 µs;
  /// Huber's loss stays within 3 %.
  @Test func huberResistsOutlyingFrames() throws {
    let data = Self.device(frames: 3000, noise: 0.02, outliers: 60)
    let squares = try CostCalibration.fit(data, options: .init(method: .nnls))
    let huber = try CostCalibration.fit(data, options: .init(method: .huber))
    #expect(abs(squares.model.frame - Self.truth.frame) > 200)
    #expect(abs(huber.model.frame - Self.truth.frame) < 0.03 * Self.truth.frame)
    #expect(abs(huber.model.viewCreated - Self.truth.viewCreated) < 0.05 * Self.truth.viewCreated)
    #expect(huber.rounds > 1)
  }

  /// A cost held fixed is not fitted, and the rest absorb nothing of it.
  @Test func aFixedCostIsHeld() throws {
    let fit = try CostCalibration.fit(
      Self.device(frames: 2000, noise: 0.01), options: .init(fixed: [.poolScanStep: 4]))
    #expect(fit.model.poolScanStep == 4)
    #expect(fit.standardErrors[.poolScanStep] == nil)
    #expect(abs(fit.model.viewCreated - 2400) < 0.03 * 2400)
  }

  /// No frame created a view: its cost is refused by name, never guessed.
  @Test func refusesACostNoFrameDetermines() {
    var data = CalibrationData()
    for k in 0..<100 {
      var work = WorkTotals()
      work.layoutPasses = k % 2
      work.framesSet = k % 5
      work.itemsConfigured = k % 3
      work.poolScanSteps = k % 7
      data.add(work: work, measured: Self.truth.frameTime(work) / 1000)
    }
    #expect {
      try CostCalibration.fit(data, options: .init())
    } throws: { error in
      (error as? AnalyzeError).map { $0.code == .calibration && $0.key == "viewCreated_us" }
        ?? false
    }
    // Held at a value, the rest is fitted.
    #expect(
      (try? CostCalibration.fit(data, options: .init(fixed: [.viewCreated: 1500]))) != nil)
  }

  /// A layout pass in every frame cannot be told from the frame's own cost: refused by name.
  @Test func refusesCostsTheFramesCannotTellApart() {
    var data = CalibrationData()
    for k in 0..<100 {
      var work = WorkTotals()
      work.layoutPasses = 1
      work.framesSet = k % 5
      work.itemsConfigured = k % 3
      work.viewsCreated = k % 4 == 0 ? 1 : 0
      work.poolScanSteps = k % 7
      data.add(work: work, measured: Self.truth.frameTime(work) / 1000)
    }
    #expect {
      try CostCalibration.fit(data, options: .init())
    } throws: { error in
      guard let error = error as? AnalyzeError, error.code == .calibration else { return false }
      return ["frame_us", "layoutPass_us"].contains(error.key ?? "")
    }
  }

  /// Frames priced by `truth` with 2 % noise, whose pool-scan steps `scans` gives from the frame's
  /// index and items configured.
  static func confounded(scans: (Int, Int) -> Int, firstItems: Int? = nil) -> CalibrationData {
    var random = Random(state: 11)
    var data = CalibrationData()
    for k in 0..<900 {
      var work = WorkTotals()
      work.layoutPasses = random.int(0...2)
      work.framesSet = work.layoutPasses == 0 ? 0 : random.int(0...8)
      work.itemsConfigured = k == 0 ? firstItems ?? random.int(0...3) : random.int(0...3)
      work.viewsCreated = random.int(0...19) == 0 ? random.int(1...2) : 0
      work.poolScanSteps = scans(k, work.itemsConfigured)
      data.add(
        work: work, measured: Self.truth.frameTime(work) / 1000 * (1 + 0.02 * random.normal()))
    }
    return data
  }

  /// The refusal of `data`'s fit.
  static func refusal(_ data: CalibrationData) throws -> AnalyzeError {
    var refusal: AnalyzeError?
    do { _ = try CostCalibration.fit(data, options: .init()) } catch {
      refusal = error as? AnalyzeError
    }
    return try #require(refusal)
  }

  /// Counts that one frame alone tells apart are refused.
  ///
  /// Each dequeue configures one item and scans the pool once, except at the first layout (twelve
  /// items, an empty pool): the two counts move together in every frame but one, which alone
  /// tells them apart (issue 50's case: a 0.4 µs pool-scan step fitted at 580 ± 99 µs). Refused,
  /// naming both, not fitted; held at a value, the rest is fitted.
  @Test func refusesCostsOneFrameAloneTellsApart() throws {
    let data = Self.confounded(scans: { k, items in k == 0 ? 0 : items }, firstItems: 12)
    let error = try Self.refusal(data)
    #expect(["itemConfigured_us", "poolScanStep_us"].contains(error.key ?? ""))
    #expect(error.reason.contains("items configured"), "\(error.reason)")
    #expect(error.reason.contains("reuse-pool search steps"), "\(error.reason)")
    #expect(error.reason.contains("one frame holds"))
    let held = try CostCalibration.fit(data, options: .init(fixed: [.poolScanStep: 4]))
    #expect(abs(held.model.itemConfigured - 650) < 0.05 * 650)
  }

  /// Counts that nearly move together across many frames are refused.
  ///
  /// Ten pool-scan steps for each item configured, one more in one frame of fifty: a condition
  /// index far above Belsley, Kuh and Welsch's 30. Refused, naming both.
  @Test func refusesCostsThatNearlyMoveTogether() throws {
    let error = try Self.refusal(
      Self.confounded(scans: { k, items in 10 * items + (k % 50 == 0 ? 1 : 0) }))
    #expect(["itemConfigured_us", "poolScanStep_us"].contains(error.key ?? ""))
    #expect(error.reason.contains("items configured"), "\(error.reason)")
    #expect(error.reason.contains("condition index"), "\(error.reason)")
  }

  /// Fewer frames than costs: refused.
  @Test func refusesTooFewFrames() {
    var data = CalibrationData()
    var work = WorkTotals()
    work.layoutPasses = 1
    data.add(work: work, measured: 1000)
    #expect(throws: AnalyzeError.self) { try CostCalibration.fit(data, options: .init()) }
  }

  /// The same data, the same fit, whatever order the frames came in (sums run in a fixed order).
  @Test func theFitIsDeterministic() throws {
    let a = try CostCalibration.fit(
      Self.device(frames: 500, noise: 0.05, seed: 3), options: .init())
    let b = try CostCalibration.fit(
      Self.device(frames: 500, noise: 0.05, seed: 3), options: .init())
    #expect(a == b)
  }
}
