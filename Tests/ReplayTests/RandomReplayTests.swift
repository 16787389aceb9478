// Property test: random traces with extreme values replay through every engine without a crash,
// and every reported number keeps its invariants.

import Replay
import Testing
import TraceIngest

@Suite struct RandomReplayTests {
  /// Random events that stress the model: extreme lengths and offsets, fingers landing and lifting
  /// in any order, scenes and edits that may not fit, resizes mid-gesture.
  struct Generator {
    var random: SeededGenerator
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func length() -> Double {
      switch int(0...9) {
      case 0: 0
      case 1: .greatestFiniteMagnitude
      case 2: .leastNonzeroMagnitude
      default: Double(int(0...4000))
      }
    }
    mutating func signed() -> Double { int(0...1) == 0 ? -length() : length() }
    mutating func items() -> [SceneItem] {
      (0..<int(0...30)).map { _ in
        SceneItem(
          length: int(0...2) == 0 ? 300 : length(), reuseIdentifier: ["a", "b", ""][int(0...2)])
      }
    }
    mutating func payload() -> EventPayload {
      switch int(0...12) {
      case 0...5:
        let big = int(0...20) == 0
        return .touch(
          TouchSample(
            touchID: UInt32(int(0...3)),
            phase: TouchSample.Phase.allCases[int(0...5) == 0 ? int(0...4) : 1],
            location: Point(
              x: big ? signed() : Double(int(0...400)), y: big ? signed() : Double(int(0...900)))))
      case 6:
        return .viewport(
          ViewportChange(
            size: int(0...3) == 0
              ? Size(width: length(), height: length())
              : Size(width: Double(int(200...900)), height: Double(int(200...900))),
            safeAreaInsets: EdgeInsets(
              top: signed(), left: 0, bottom: Double(int(0...40)), right: 0),
            transitionDuration: Int64(int(0...400_000_000))))
      case 7:
        return .content(
          ContentGeometry(
            contentSize: int(0...1) == 0 ? .zero : Size(width: length(), height: length()),
            contentInset: EdgeInsets(top: signed(), bottom: signed()),
            adjustmentBehavior: ContentInsetAdjustmentBehavior.allCases[int(0...3)],
            adjustedContentInset: int(0...2) == 0
              ? EdgeInsets(top: signed(), left: 0, bottom: signed(), right: 0) : nil))
      case 8:
        let axis = Axis.allCases[int(0...1)]
        switch int(0...2) {
        case 0:
          return .scene(
            Scene(axis: axis, layout: .pages(count: int(0...5) == 0 ? Int(Int32.max) : int(0...6))))
        case 1: return .scene(Scene(axis: axis, layout: .list(items())))
        default:
          let children = (0..<int(0...5)).map { _ in
            ContainerChild(
              int(0...1) == 0
                ? .view(length: length())
                : .list(items: items(), contentInset: EdgeInsets(top: signed(), bottom: signed())),
              isHidden: int(0...3) == 0)
          }
          return .scene(
            Scene(axis: axis, layout: .container(spacing: signed(), children: children)))
        }
      case 9:
        switch int(0...3) {
        case 0: return .sceneEdit(.insert(section: int(0...4), index: int(0...40), items: items()))
        case 1:
          return .sceneEdit(.delete(section: int(0...4), index: int(0...40), count: int(0...40)))
        case 2:
          return .sceneEdit(.resize(section: int(0...4), index: int(0...40), length: length()))
        default: return .sceneEdit(.setHidden(section: int(0...4), isHidden: int(0...1) == 0))
        }
      case 10:
        let target: ProgrammaticScroll.Target =
          int(0...1) == 0
          ? .offset(Point(x: signed(), y: signed()))
          : .item(section: int(0...4), index: int(0...40), position: .center)
        return .programmaticScroll(ProgrammaticScroll(target: target, isAnimated: int(0...1) == 0))
      default:
        return .marker("m")
      }
    }
  }

  static let engines = EngineRegistry.builtIn.entries

  @Test(arguments: 0..<24)
  func randomTracesReplayThroughEveryEngine(seed: Int) throws {
    var generator = Generator(random: SeededGenerator(seed: UInt64(seed) &* 7919))
    var time: Int64 = 0
    let events = (0..<400).map { _ in
      time += Int64(generator.int(0...30_000_000))
      return TraceEvent(timestamp: time, generator.payload())
    }
    let header = TraceHeader(
      device: DeviceInfo(
        name: "fuzz", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 60,
        touchSampleRate: 120))
    for entry in Self.engines {
      var session = entry.makeSession(header: header)
      var schedule = FrameSchedule(
        events: events.makeIterator(), refreshRate: 60, trailingFrames: 120)
      var frames = 0
      while let step = schedule.next() {
        do {
          guard let frame = try session.step(step) else { continue }
          frames += 1
          let report = frame.engine
          let queued = report.poolSizes.reduce(0) { $0 + $1.count }
          let accounted = report.liveViews + queued
          #expect(
            report.liveViews >= 0 && report.dequeuesCreated <= report.viewsCreated,
            "\(entry.descriptor)")
          #expect(report.poolSizes.allSatisfy { $0.count >= 0 }, "\(entry.descriptor)")
          #expect(accounted <= report.viewsCreated, "\(entry.descriptor) seed \(seed)")
        } catch let error as ReplayError {
          // A refused edit or scroll target is the expected outcome for some random events.
          #expect(
            [
              ReplayError.Code.invalidEdit, .invalidScrollTarget, .noScene, .sceneTooLarge,
              .unsupportedScene,
            ].contains(error.code))
        }
      }
      #expect(frames > 0)
    }
  }
}
