// The model against the device on hand-built timelines: a divergence seeded at a known frame is
// found there, named after what happened before it; rests and settle times on both sides.

import Analyze
import Replay
import Testing
import TraceIngest

@Suite struct FidelityAnalyzerTests {
  /// A frame whose model offset is `model` and device offset `device` (nil: not observed).
  static func frame(
    _ index: Int64, model: Double, device: Double?, tracking: Bool = false, moving: Bool = false,
    events: FrameEvents = []
  ) -> ReplayFrame {
    let time = index * 16_666_667
    return ReplayFrame(
      index: index, time: time, contentOffset: Point(x: 0, y: model),
      boundsSize: Size(width: 390, height: 844), contentSize: Size(width: 390, height: 9000),
      adjustedContentInset: EdgeInsets(),
      phase: moving ? .decelerating : (tracking ? .dragging : .idle),
      velocity: .zero, isTracking: tracking, events: events,
      observed: device.map {
        ObservedFrame(
          targetTimestamp: time + 16_666_667, contentOffset: Point(x: 0, y: $0),
          contentSize: Size(width: 390, height: 9000))
      })
  }

  /// A drag, a release and a deceleration on both sides; the device starts to lead by 2 pt at frame
  /// 37, six frames after the release: found there, after the release.
  @Test func aSeededDivergenceIsFoundAtItsExactFrame() throws {
    var analyzer = FidelityAnalyzer(threshold: 1, eventLimit: 10)
    for k: Int64 in 0..<60 {
      let tracking = k >= 5 && k < 31
      let moving = k >= 31 && k < 50
      let model = Double(min(k, 50)) * 10
      let device = model + (k >= 37 ? 2 : 0.25)
      analyzer.consume(
        Self.frame(k, model: model, device: device, tracking: tracking, moving: moving))
    }
    let f = try #require(analyzer.summary)
    let divergence = try #require(f.firstDivergence)
    #expect(divergence.frame == 37)
    #expect(abs(divergence.error - 2) < 1e-9)
    #expect(divergence.after?.kind == .release)
    #expect(divergence.after?.frame == 31)
    #expect(f.divergedFrames == 23)
    #expect(f.frames == 60)
    #expect(abs(f.offsetError.max - 2) < 1e-9)
    #expect(abs(f.offsetError.p50 - 0.25) < 1e-3)
  }

  /// After a release the model rests at frame 40; the device goes on 6 frames more and rests 30 pt
  /// further: one settle, 30 pt apart, 100 ms later.
  @Test func eachSettleIsComparedDeviceAgainstModel() throws {
    var analyzer = FidelityAnalyzer(threshold: 1, eventLimit: 10)
    for k: Int64 in 0..<70 {
      let tracking = k < 20
      let modelMoving = k >= 20 && k < 40
      let model = Double(min(k, 40)) * 5
      let device = Double(min(k, 46)) * 5
      analyzer.consume(
        Self.frame(k, model: model, device: device, tracking: tracking, moving: modelMoving))
    }
    let f = try #require(analyzer.summary)
    #expect(f.settleCount == 1)
    let settle = try #require(f.settles.first)
    #expect(settle.cause == .release)
    #expect(settle.modelRest?.time == Int64(40) * 16_666_667)
    #expect(settle.deviceRest?.time == Int64(46) * 16_666_667)
    #expect(abs((settle.distance ?? 0) - 30) < 1e-9)
    #expect(settle.settleTimeDifference == Int64(6) * 16_666_667)
    #expect(abs(f.worstRestDistance - 30) < 1e-9)
    #expect(f.worstSettleTimeDifference == Int64(6) * 16_666_667)
  }

  /// A device that still moves when the next gesture starts has no rest in that settle.
  @Test func aSettleInterruptedByATouchHasNoDeviceRest() throws {
    var analyzer = FidelityAnalyzer(threshold: 1, eventLimit: 10)
    for k: Int64 in 0..<40 {
      let tracking = k < 10 || k >= 30
      let model = Double(min(k, 20)) * 5
      let device = Double(k) * 5  // never stops before the touch at frame 30
      analyzer.consume(
        Self.frame(k, model: model, device: device, tracking: tracking, moving: k >= 10 && k < 20))
    }
    let settle = try #require(analyzer.summary?.settles.first)
    #expect(settle.modelRest != nil)
    #expect(settle.deviceRest == nil)
    #expect(settle.distance == nil && settle.settleTimeDifference == nil)
  }

  /// Frames without the device's offset compare nothing: no section, not a perfect score.
  @Test func noDeviceOffsetsNoFidelity() {
    var analyzer = FidelityAnalyzer(threshold: 1, eventLimit: 10)
    for k: Int64 in 0..<10 { analyzer.consume(Self.frame(k, model: 0, device: nil)) }
    #expect(analyzer.summary == nil)
  }
}
