// The HTML report's pictures from hand-built frames: round-number ticks, the frame time over time
// (worst frame per bucket), the longest frame, and the windows up close.

import Replay
import TestSupport
import Testing
import TraceIngest

@testable import Analyze
@testable import Presentation

@Suite struct PlotTests {
  @Test func ticksFallOnNiceNumbers() {
    let time = AxisTicks.nice(0, 7.475, count: 9)
    #expect(time.values == [0, 1, 2, 3, 4, 5, 6, 7, 8])
    #expect(time.label(3) == "3")
    let offset = AxisTicks.nice(-150, 852, count: 6)
    #expect(offset.values == [-200, 0, 200, 400, 600, 800, 1000])
    let views = AxisTicks.nice(0, 3, count: 5, integers: true)
    #expect(views.values == [0, 1, 2, 3])
    let fine = AxisTicks.nice(0, 1, count: 5)
    #expect(fine.values.map(fine.label) == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
    // A frame-time axis ticks at whole refresh intervals: the budget is a tick.
    let budget = 1000 / 120.0
    let frames = AxisTicks.multiples(of: budget, 0, 4.5 * budget)
    #expect(frames.values.contains(budget) && frames.values.contains(2 * budget))
    #expect(frames.label(budget) == "8.3")
    // Too many intervals for the axis: coarser multiples, still of the interval.
    let long = AxisTicks.multiples(of: budget, 0, 60 * budget)
    #expect(long.values.count <= 8)
    #expect(long.values.allSatisfy { abs($0 / budget - ($0 / budget).rounded()) < 1e-9 })
    #expect(SVGPlot.countTicks(upTo: 897).values == [1, 10, 100, 1000])
  }

  static let model = CostModel(
    frame: 1000, layoutPass: 0, frameSet: 0, itemConfigured: 0, viewCreated: 10_000, poolScanStep: 0
  )

  /// Frames at 100 Hz, idle and quick; views are created at the frames of `slow` (cumulative count),
  /// each frame `isFinding` where `findings` holds it.
  static func series(frames: Int, slow: [Int: Int], findings: Set<Int> = []) -> PlotSeries {
    var b = FrameBuilder()
    b.rate = 100
    var series = PlotSeries(refreshRate: 100, costModel: model)
    for i in 0..<frames {
      if let created = slow[i] { b.viewsCreated += created }
      b.phase = slow[i] != nil ? .decelerating : .idle
      series.consume(b.next(), isFinding: findings.contains(i))
    }
    series.finish()
    return series
  }

  @Test func frameTimesKeepTheWorstFrameOfEachBucket() throws {
    let series = Self.series(frames: 3000, slow: [1234: 9, 2000: 2])
    #expect(series.frameTimes.count <= PlotSeries.frameTimeCapacity)
    #expect(series.framesPerBucket == 8)
    #expect(series.frameTimes.reduce(0) { $0 + $1.frames } == 3000)
    // The 91 ms frame survives every merge as its bucket's worst.
    #expect(series.frameTimes.map(\.worst).max() == 91_000_000)
    let longest = try #require(series.longest)
    #expect(longest.frame == 1234 && longest.estimate == 91_000_000)
    #expect(series.frameTimes.filter { $0.worst > 10_000_000 }.count == 2)
  }

  @Test func windowsUpCloseHoldTheWorstHitchesAndTheFirstFindings() throws {
    // Five hitches of growing cost, seconds apart; six findings, seconds apart.
    let slow = [200: 1, 500: 2, 800: 3, 1100: 4, 1400: 5]
    let series = Self.series(
      frames: 2400, slow: slow, findings: [1500, 1700, 1900, 2100, 2200, 2300])
    let hitches = series.zoomWindows.filter { $0.kind == .hitch }
    #expect(hitches.map(\.frame) == [800, 1100, 1400])
    let findings = series.zoomWindows.filter { $0.kind == .finding }
    #expect(findings.map(\.frame) == [1500, 1700, 1900])
    // ±0.5 s at 100 Hz: 50 frames before, the frame, 50 after, every frame kept.
    for window in series.zoomWindows {
      #expect(window.samples.count == 101)
      #expect(window.samples[50].time == Int64(window.frame) * 10_000_000)
      #expect(
        zip(window.samples, window.samples.dropFirst()).allSatisfy {
          $1.time - $0.time == 10_000_000
        })
    }
    // A finding inside an open window shares it.
    let close = Self.series(frames: 400, slow: [:], findings: [100, 120])
    #expect(close.zoomWindows.map(\.frame) == [100])
  }
}
