// Measured frame pacing against hand-computed cases: Apple's hitch definition, Sentry's slow and
// frozen frames, ProMotion's variable rate, Android's frame-timing records, every frame accounted.

import Analyze
import Replay
import TestSupport
import Testing
import TraceIngest

@Suite struct MeasuredFrameAnalyzerTests {
  /// A display-link observation at `time` whose target is `interval` later.
  static func displayLink(
    _ index: Int64, at time: Int64, interval: Int64, busy: Int64? = nil, tracking: Bool = true,
    offset: Double = 0
  ) -> ReplayFrame {
    ReplayFrame(
      index: index, time: time, contentOffset: Point(x: 0, y: offset),
      boundsSize: Size(width: 390, height: 844), contentSize: Size(width: 390, height: 9000),
      adjustedContentInset: EdgeInsets(), phase: tracking ? .dragging : .idle, velocity: .zero,
      isTracking: tracking,
      observed: ObservedFrame(
        targetTimestamp: time + interval, contentOffset: Point(x: 0, y: offset),
        contentSize: Size(width: 390, height: 9000), busyDuration: busy))
  }

  /// Apple's example (frame-metrics reference, §4): at 60 Hz over 2.0 s of scrolling, three frames
  /// each one vsync late give 50 ms of hitch time and a ratio of 25.0 ms/s — critical by WWDC20,
  /// a warning by Xcode's bands.
  @Test func threeFramesOneVsyncLateInTwoSecondsIsTwentyFiveMillisecondsPerSecond() throws {
    let interval: Int64 = 16_666_667
    var analyzer = MeasuredFrameAnalyzer(refreshRate: 60)
    // 120 intervals from the first callback to the last; three callbacks missed (frames 30, 60,
    // 90 each displayed one vsync late), so 117 observations.
    var time: Int64 = 1_000_000_000
    var index: Int64 = 0
    for vsync in 0...120 where ![31, 61, 91].contains(vsync) {
      time = 1_000_000_000 + Int64(vsync) * interval
      analyzer.consume(Self.displayLink(index, at: time, interval: interval, offset: Double(vsync)))
      index += 1
    }
    let m = try #require(analyzer.summary(bands: .wwdc20))
    #expect(m.hitches == 3)
    #expect(m.hitchTime == 3 * interval)
    #expect(m.scrollingTime == 120 * interval)
    #expect(abs(m.hitchTimeRatio - 25.0) < 1e-6)
    #expect(m.band == .critical)
    #expect(try #require(analyzer.summary(bands: .xcode)).band == .warning)
    // Every observation accounted for: 117 paced but the last, whose successor never came.
    #expect(m.frames == 118)
    #expect(m.paced == 117 && m.presentationUnknown == 1)
    #expect(m.frames == m.outliers + m.paced + m.presentationUnknown)
  }

  /// The model lays a scene out from scratch at a scene change (a rotation) and its estimate
  /// leaves that frame out, but the device drew it: a late rotation frame is the device's hitch,
  /// counted like any other, not hidden because the model started over there.
  @Test func aDeviceFrameAtTheModelsFirstLayoutIsJudged() throws {
    let interval: Int64 = 16_666_667
    var analyzer = MeasuredFrameAnalyzer(refreshRate: 60)
    var rotation = Self.displayLink(0, at: 0, interval: interval, busy: 3 * interval, offset: 0)
    rotation.events = [.sceneChange]
    #expect(rotation.isFirstLayout)
    analyzer.consume(rotation)
    // The next callback came three vsyncs later: the rotation frame was two vsyncs late.
    analyzer.consume(Self.displayLink(1, at: 3 * interval, interval: interval, offset: 10))
    analyzer.consume(Self.displayLink(2, at: 4 * interval, interval: interval, offset: 20))
    let m = try #require(analyzer.summary(bands: .wwdc20))
    #expect(m.frames == 3 && m.paced == 2 && m.presentationUnknown == 1 && m.outliers == 0)
    #expect(m.hitches == 1)
    #expect(m.hitchTime == 2 * interval)
    #expect(m.timedFrames == 1 && m.framesOverBudget == 1)
  }

  /// Sentry's frames tracker: slow above 1 / (fps − 1) seconds between callbacks (16.949 ms at 60
  /// fps), frozen above 700 ms.
  @Test func slowAndFrozenAsSentryCountsThem() throws {
    let interval: Int64 = 16_666_667
    var analyzer = MeasuredFrameAnalyzer(refreshRate: 60)
    let gaps: [Int64] = [interval, 16_949_000, 16_950_000, 700_000_000, 700_000_001, interval]
    var time: Int64 = 0
    analyzer.consume(Self.displayLink(0, at: time, interval: interval))
    for (k, gap) in gaps.enumerated() {
      time += gap
      analyzer.consume(Self.displayLink(Int64(k + 1), at: time, interval: interval))
    }
    let m = try #require(analyzer.summary(bands: .wwdc20))
    // 16.949 ms is under 1/59 s (16.9492 ms); 16.950 ms and 700 ms are slow; 700.000001 ms frozen.
    #expect(m.slowFrames == 2)
    #expect(m.frozenFrames == 1)
    // Sentry's frames delay: each of the three ran past the threshold (⌊1e9 / (fps − 1)⌋ =
    // 16,949,152 ns at this target) by 848 ns, 683,050,848 ns and 683,050,849 ns.
    #expect(m.framesDelay == 848 + 683_050_848 + 683_050_849)
  }

  /// Chrome's scroll jank v3 (`cc/metrics/scroll_jank_dropped_frame_tracker.cc`): a frame
  /// presented more than 1.5 vsyncs after the one before it while scrolling is delayed, and misses
  /// `(Δ − vsync / 2) / vsync` vsyncs; shares per 64 frames and per scroll.
  @Test func delayedFramesAsChromeCountsThem() throws {
    let interval: Int64 = 16_666_667
    var analyzer = MeasuredFrameAnalyzer(refreshRate: 60)
    // Callbacks at every vsync from 0 to 140 but 10, 40 and 41, the finger down throughout: each
    // frame is presented at the next callback, so the frame of vsync 9 arrives 2 vsyncs after the
    // one before it (one missed) and that of vsync 39 arrives 3 after (two missed).
    var index: Int64 = 0
    for vsync in 0...140 where ![10, 40, 41].contains(vsync) {
      analyzer.consume(
        Self.displayLink(index, at: Int64(vsync) * interval, interval: interval))
      index += 1
    }
    // Then the finger lifts and the content rests: the scroll ends.
    analyzer.consume(
      Self.displayLink(index, at: 141 * interval, interval: interval, tracking: false))
    let m = try #require(analyzer.summary(bands: .wwdc20)).delayedFrames
    // 138 callbacks while scrolling, presented all; the first of the scroll has no frame before it.
    #expect(m.presented == 137)
    #expect(m.delayed == 2)
    #expect(m.missedVsyncs == 3)
    #expect(abs(m.percentage - 200.0 / 137) < 1e-9)
    // Both delays fall in the first window of 64; the second window has none; 9 frames left over.
    #expect(m.windows == 2)
    #expect(m.worstWindowPercentage == 200.0 / 64)
    #expect(m.scrolls == 1)
    #expect(abs(m.worstScrollPercentage - 200.0 / 137) < 1e-9)
  }

  /// A frame exactly 1.5 vsyncs after the one before it is on time (Chrome's `>`); a frame at
  /// rest is not judged and ends the scroll, so the gap after it is no delay.
  @Test func delayedFramesAtTheBoundaryAndAcrossARest() throws {
    var delayed = DelayedFrames()
    delayed.record(presentation: 0, interval: 10, scrolling: true)
    delayed.record(presentation: 15, interval: 10, scrolling: true)
    delayed.record(presentation: 31, interval: 10, scrolling: true)
    delayed.record(presentation: 100, interval: 10, scrolling: false)
    delayed.record(presentation: 200, interval: 10, scrolling: true)
    delayed.record(presentation: 210, interval: 10, scrolling: true)
    delayed.endScroll()
    #expect(delayed.presented == 3)
    #expect(delayed.delayed == 1)
    // (16 − 5) / 10: one vsync missed.
    #expect(delayed.missedVsyncs == 1)
    #expect(delayed.scrolls == 2)
    #expect(delayed.worstScrollPercentage == 50)
    #expect(delayed.windows == 0 && delayed.worstWindowPercentage == 0)
  }

  /// ProMotion: each frame is judged at its own refresh interval, read from its target.
  @Test func variableRefreshRateIsReadFrameByFrame() throws {
    var analyzer = MeasuredFrameAnalyzer(refreshRate: 120)
    let fast: Int64 = 8_333_333
    let slow: Int64 = 16_666_667
    // At 60 Hz a 16.67 ms step is on time; at 120 Hz it is one refresh late.
    analyzer.consume(Self.displayLink(0, at: 0, interval: slow))
    analyzer.consume(Self.displayLink(1, at: slow, interval: fast))
    analyzer.consume(Self.displayLink(2, at: slow + slow, interval: fast))
    analyzer.consume(Self.displayLink(3, at: slow + slow + fast, interval: fast))
    let m = try #require(analyzer.summary(bands: .wwdc20))
    #expect(m.hitches == 1)
    #expect(m.hitchTime == slow - fast)
    #expect(m.intervalRange == fast...slow)
  }

  /// Work the device measured: percentiles, and frames over their own interval.
  @Test func measuredWorkAgainstEachFramesInterval() throws {
    var analyzer = MeasuredFrameAnalyzer(refreshRate: 60)
    let interval: Int64 = 16_666_667
    let busy: [Int64] = [2_000_000, 4_000_000, 20_000_000, 3_000_000]
    for (k, work) in busy.enumerated() {
      analyzer.consume(
        Self.displayLink(Int64(k), at: Int64(k) * interval, interval: interval, busy: work))
    }
    let m = try #require(analyzer.summary(bands: .wwdc20))
    #expect(m.framesOverBudget == 1)
    #expect(m.timedFrames == 4)
    let time = try #require(m.measuredFrameTime)
    #expect(abs(time.max - 20_000_000) <= 20_000)
    #expect(abs(time.mean - 7_250_000) < 1)
    #expect(m.worst?.frame == 2)
  }

  /// Android's frame-timing records: a frame is late against the previous frame's latency, so a
  /// pipeline that deepens costs one hitch, and outliers and unknown presentations are counted
  /// apart.
  @Test func frameTimelineRecordsAreJudgedAgainstThePreviousLatency() throws {
    let period: Int64 = 16_666_667
    var analyzer = MeasuredFrameAnalyzer(refreshRate: 60)
    // Latencies in periods: 3, 3, 5 (two late), 5, 4, 3; then one without a presentation, one
    // flagged.
    let latencies: [Int64?] = [3, 3, 5, 5, 4, 3, nil, 3]
    for (k, latency) in latencies.enumerated() {
      let vsync = 1_000_000_000 + Int64(k) * period
      let frame = ReplayFrame(
        index: Int64(k), time: vsync, contentOffset: .zero, boundsSize: Size(width: 1, height: 1),
        contentSize: .zero, adjustedContentInset: EdgeInsets(), phase: .dragging, velocity: .zero,
        isTracking: true,
        observed: ObservedFrame(
          targetTimestamp: vsync + period, contentOffset: nil, contentSize: nil,
          busyDuration: 5_000_000, presentationTimestamp: latency.map { vsync + $0 * period },
          source: .frameTimeline, isOutlier: k == 7))
      analyzer.consume(frame)
    }
    let m = try #require(analyzer.summary(bands: .wwdc20))
    #expect(m.hitches == 1)
    #expect(m.hitchTime == 2 * period)
    #expect(m.paced == 6 && m.presentationUnknown == 1 && m.outliers == 1)
    #expect(m.frames == 8)
    // Presented at vsyncs 3, 4, 7, 8, 8, 8: the third is delayed (3 vsyncs, two missed); the last
    // two, at the time of the one before, are out of order and not judged (Chrome's rule).
    #expect(m.delayedFrames.presented == 3 && m.delayedFrames.delayed == 1)
    #expect(m.delayedFrames.missedVsyncs == 2)
    // Every frame's work (5 ms) is within its interval: no frames delay.
    #expect(m.framesDelay == 0)
    #expect(m.frames == m.outliers + m.paced + m.presentationUnknown)
  }

  /// Android's own rule at 120 Hz.
  ///
  /// A pipeline that keeps a frame queued (every frame's work 10 ms,
  /// past its 8.33 ms interval) makes every frame slow by its own interval, yet Android's
  /// JankTracker calls janky only the frame where the queue deepens (frame 0: its GPU finished
  /// after its deadline) and the three that were late even so (30 ms at frames 30, 60, 90). The
  /// others finish before the deadline a stuffed queue allows, one refresh later. The overrun is
  /// Macrobenchmark's: 10 − 8.33 = 1.67 ms a frame, 30 − 8.33 = 21.67 ms the late ones.
  @Test func androidsDeadlineRuleAt120Hz() throws {
    let interval: Int64 = 8_333_333
    let start: Int64 = 1_000_000_000_000
    var rows: [String] = []
    for index in 0..<120 {
      let vsync = start + Int64(index) * interval
      let work: Int64 = [30, 60, 90].contains(index) ? 30_000_000 : 10_000_000
      rows.append(
        "0,\(9000 + index),\(vsync),\(vsync),\(vsync + interval),\(vsync + work),"
          + "\(vsync + work + 100_000),\(interval),")
    }
    let text =
      "Window: app\n---PROFILEDATA---\n"
      + "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,FrameDeadline,GpuCompleted,FrameCompleted,FrameInterval,\n"
      + rows.joined(separator: "\n") + "\n---PROFILEDATA---\n"
    let frames = try FrameStatsFrames(
      try FrameStatsDump(bytes: Array(text.utf8), path: "120hz.txt"), path: "120hz.txt",
      placement: .init())
    #expect(frames.summary.deadlines == 120 && frames.summary.missedDeadlines == 4)
    var analyzer = MeasuredFrameAnalyzer(refreshRate: 120)
    var missed: [Int] = []
    for (index, event) in frames.events.enumerated() {
      guard case .observedFrame(let observed) = event.payload else { continue }
      if observed.deadline?.isMissed == true { missed.append(index) }
      analyzer.consume(
        ReplayFrame(
          index: Int64(index), time: event.timestamp, contentOffset: .zero,
          boundsSize: Size(width: 1, height: 1), contentSize: .zero,
          adjustedContentInset: EdgeInsets(), phase: .dragging, velocity: .zero, isTracking: true,
          observed: observed))
    }
    #expect(missed == [0, 30, 60, 90])
    let m = try #require(analyzer.summary(bands: .wwdc20))
    #expect(m.slowFrames == 120)
    #expect(m.deadlineFrames == 120 && m.missedDeadlines == 4)
    let overrun = try #require(m.frameOverrun)
    #expect(overrun.p50 == 1_666_667 && overrun.p95 == 1_666_667)
    #expect(overrun.max == 21_666_667)
    // p99 by Macrobenchmark's index, 0.99 · 119 = 117.81: between the 118th and 119th sorted
    // values, both late ones (the sorted 117th to 119th).
    #expect(overrun.p99 == 21_666_667)
    // A display link has no platform deadline: no such figure.
    #expect(m.displayLinkFrames == 0)
  }

  /// Macrobenchmark's percentiles are linearly interpolated: 1…10 gives p50 5.5, p90 9.1, p95
  /// 9.55, p99 9.91 (androidx `MetricResult.getPercentile`).
  @Test func frameOverrunPercentilesAsMacrobenchmark() throws {
    var analyzer = MeasuredFrameAnalyzer(refreshRate: 60)
    for index in 0..<10 {
      let vsync = 1_000_000_000 + Int64(index) * 16_666_667
      analyzer.consume(
        ReplayFrame(
          index: Int64(index), time: vsync, contentOffset: .zero,
          boundsSize: Size(width: 1, height: 1), contentSize: .zero,
          adjustedContentInset: EdgeInsets(), phase: .dragging, velocity: .zero, isTracking: true,
          observed: ObservedFrame(
            targetTimestamp: vsync + 16_666_667, contentOffset: nil, contentSize: nil,
            source: .frameTimeline,
            deadline: .init(overrun: Int64(10 - index) * 1_000_000, isMissed: index < 2))))
    }
    let m = try #require(analyzer.summary(bands: .wwdc20))
    let overrun = try #require(m.frameOverrun)
    #expect(abs(overrun.p50 - 5.5e6) < 1e-3 && abs(overrun.p90 - 9.1e6) < 1e-3)
    #expect(abs(overrun.p95 - 9.55e6) < 1e-3 && abs(overrun.p99 - 9.91e6) < 1e-3)
    #expect(overrun.max == 10e6 && m.missedDeadlines == 2)
  }

  /// No observed frame, no measured side: `nil`, never zeros that read as a perfect score.
  @Test func aReplayWithoutObservationsHasNoMeasuredSide() {
    var analyzer = MeasuredFrameAnalyzer(refreshRate: 60)
    var b = FrameBuilder()
    for _ in 0..<10 { analyzer.consume(b.next()) }
    #expect(analyzer.summary(bands: .wwdc20) == nil)
  }
}
