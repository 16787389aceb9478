// Frame cost on hand-built timelines: the cost model, the budget, hitches and Apple's bands.

import Analyze
import Replay
import TestSupport
import Testing
import TraceIngest

@Suite struct FrameCostAnalyzerTests {
  /// 1 ms a frame, 10 ms a new view, at 100 Hz (a 10 ms budget).
  let model = CostModel(
    frame: 1000, layoutPass: 0, frameSet: 0, itemConfigured: 0, viewCreated: 10_000, poolScanStep: 0
  )

  @Test func estimatesBudgetAndHitches() throws {
    var b = FrameBuilder()
    b.rate = 100
    var analyzer = FrameCostAnalyzer(costModel: model, refreshRate: 100)
    analyzer.consume(b.next())  // idle, 1 ms
    b.phase = .decelerating
    b.viewsCreated = 1
    analyzer.consume(b.next())  // 11 ms: one interval late
    b.viewsCreated = 4
    analyzer.consume(b.next())  // 31 ms: three intervals late
    analyzer.consume(b.next())  // 1 ms
    let s = analyzer.summary(bands: .wwdc20)
    #expect(s.frames == 4)
    #expect(s.budget == 10_000_000)
    #expect(s.framesOverBudget == 2)
    #expect(s.hitches == 2)
    #expect(s.hitchTime == 40_000_000)
    #expect(s.scrollingTime == 30_000_000)
    #expect(abs(s.hitchTimeRatio - 40 / 0.03) < 1e-9)
    #expect(s.band == .critical)
    #expect(s.work.viewsCreated == 4)
    #expect(s.workPerFrameMaximum.viewsCreated == 3)
    let worst = try #require(s.worstFrame)
    #expect(worst.frame == 2 && worst.estimatedTime == 31_000_000)
    // HDR percentiles: within 0.1 % (3 significant digits).
    #expect(abs(s.estimatedFrameTime.max - 31_000_000) <= 31_000)
    #expect(abs(s.estimatedFrameTime.p50 - 1_000_000) <= 1_000)
  }

  /// Flutter counts a budget miss strictly: a frame of exactly the budget is not over it.
  @Test func exactlyTheBudgetIsNotOver() {
    var b = FrameBuilder()
    b.rate = 100
    var analyzer = FrameCostAnalyzer(costModel: CostModel(frame: 10_000), refreshRate: 100)
    analyzer.consume(b.next())
    #expect(analyzer.summary(bands: .wwdc20).framesOverBudget == 0)
    #expect(analyzer.summary(bands: .wwdc20).hitches == 0)
  }

  /// Apple's hitch time ratio (WWDC20 session 10077): at 60 Hz over 2.0 s of scrolling, three frames
  /// each one refresh late give 25 ms/s — critical by WWDC20, a warning by the Xcode documentation.
  @Test func applesWorkedExample() {
    var b = FrameBuilder()
    b.phase = .dragging
    b.isTracking = true
    var analyzer = FrameCostAnalyzer(
      costModel: CostModel(frame: 1000, viewCreated: 20_000), refreshRate: 60)
    for frame in 0..<120 {
      if [10, 50, 90].contains(frame) { b.viewsCreated += 1 }
      analyzer.consume(b.next())
    }
    let s = analyzer.summary(bands: .wwdc20)
    #expect(s.hitches == 3)
    #expect(abs(s.hitchTimeRatio - 25) < 1e-3)
    #expect(s.band == .critical)
    #expect(analyzer.summary(bands: .xcode).band == .warning)
  }

  @Test func bandsFollowTheirSources() {
    #expect(HitchBands.wwdc20.band(of: 5) == .good)
    #expect(HitchBands.wwdc20.band(of: 5.01) == .warning)
    #expect(HitchBands.wwdc20.band(of: 10) == .critical)
    #expect(HitchBands.xcode.band(of: 10) == .good)
    #expect(HitchBands.xcode.band(of: 25) == .warning)
    #expect(HitchBands.xcode.band(of: 25.1) == .critical)
  }

  @Test func costModelJSONOverridesSomeKeysAndNamesBadOnes() throws {
    let model = try CostModel(json: Array(#"{"viewCreated_us": 800, "frame_us": 1500.5}"#.utf8))
    #expect(model.viewCreated == 800 && model.frame == 1500.5)
    #expect(model.layoutPass == CostModel.default.layoutPass)
    for (text, key) in [
      (#"{"viewCreated_us": "fast"}"#, "viewCreated_us"), (#"{"viewCreated": 1}"#, "viewCreated"),
      (#"{"frame_us": -1}"#, "frame_us"), (#"{"frame_us": true}"#, "frame_us"),
    ] {
      #expect(throws: AnalyzeError.self, "\(text)") { try CostModel(json: Array(text.utf8)) }
      do {
        _ = try CostModel(json: Array(text.utf8))
      } catch {
        #expect((error as? AnalyzeError)?.key == key, "\(text): \(error)")
      }
    }
    do {
      _ = try CostModel(json: Array("[1, 2]".utf8))
      Issue.record("an array is not a cost model")
    } catch {
      #expect(error is AnalyzeError && (error as? AnalyzeError)?.key == nil)
    }
  }

  @Test func theMetricCatalogHasUniqueKeysAndReadsEverySummary() {
    let keys = Metric.catalog.map(\.key)
    #expect(Set(keys).count == keys.count)
    var analysis = TraceAnalysis(settings: AnalysisSettings(), refreshRate: 60)
    var b = FrameBuilder()
    analysis.consume(b.next())
    let summary = analysis.summary
    // Without dequeues there is no hit rate; without observed frames no measured side or fidelity;
    // without item identities no content shift, which a report leaves out.
    #expect(
      Metric.catalog.filter { $0.value(in: summary) == nil }.map(\.key).filter {
        !$0.hasPrefix("measured.") && !$0.hasPrefix("fidelity.") && !$0.hasPrefix("contentShift.")
      } == ["reuse.hitRate"])
    #expect(
      Metric.catalog.filter(\.isOmittedWhenAbsent).map(\.key).allSatisfy {
        $0.hasPrefix("contentShift.")
      })
    #expect(Metric.named("boundaryGlitches.count")?.unit == "count")
  }
}
