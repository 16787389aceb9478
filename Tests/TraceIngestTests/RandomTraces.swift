// Random events of every kind, from a seeded generator, for property tests.

@testable import TraceCore
@testable import TraceIngest

/// Random, valid events of every kind, including extreme values, reproducible from a seed.
struct RandomTraces {
  var random: SeededGenerator

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

  /// A length: usually ordinary, sometimes zero, huge or subnormal.
  mutating func length() -> Double {
    switch int(0...9) {
    case 0: return 0
    case 1: return .greatestFiniteMagnitude
    case 2: return .leastNonzeroMagnitude
    default: return Double(int(0...4_000_000)) / 7
    }
  }

  mutating func finite() -> Double { int(0...1) == 0 ? -length() : length() }

  /// A location on the 1/256 pt grid, up to the format's ±2^44 pt.
  mutating func coordinate() -> Double {
    let limit = Int64(EventEncoder.maximumLocationMagnitude * 256)
    let raw =
      int(0...4) == 0
      ? Int64.random(in: -limit...limit, using: &random) : Int64(int(-300_000...300_000))
    return Double(raw) / 256
  }

  mutating func insets() -> EdgeInsets {
    EdgeInsets(top: finite(), left: finite(), bottom: finite(), right: finite())
  }

  mutating func items() -> [SceneItem] {
    let identifiers = ["cell", "card", "photo", "", "ü-🃏"]
    return (0..<int(0...40)).map { _ in
      SceneItem(
        length: int(0...2) == 0 ? 44 : length(), reuseIdentifier: identifiers[int(0...4)],
        estimatedLength: int(0...3) == 0 ? length() : nil,
        widthDivisor: int(0...5) == 0 ? int(2...SceneItem.maximumWidthDivisor) : 1)
    }
  }

  /// A batch update of every kind of change (format 1.4), indexes not checked against any list.
  mutating func batchUpdate() -> BatchUpdate {
    var update = BatchUpdate(
      section: int(0...9), isAnimated: int(0...1) == 0, duration: Int64(int(0...1_000_000_000)))
    update.deletes = (0..<int(0...5)).map { _ in int(0...99) }
    update.reloads = items().prefix(3).map { BatchUpdate.Reload(index: int(0...99), item: $0) }
    update.moves = (0..<int(0...3)).map { _ in BatchUpdate.Move(from: int(0...99), to: int(0...99))
    }
    let start = int(0...Int(Int32.max) - 100)
    update.inserts = items().enumerated().map {
      // Runs of consecutive positions, and jumps between them.
      BatchUpdate.Insertion(index: start + $0.offset + ($0.offset > 5 ? 7 : 0), item: $0.element)
    }
    return update
  }

  mutating func payload() -> EventPayload {
    switch int(0...9) {
    case 0, 1, 2:
      return .touch(
        TouchSample(
          touchID: UInt32.random(in: int(0...3) == 0 ? 0...UInt32.max : 0...4, using: &random),
          phase: TouchSample.Phase.allCases[int(0...4)],
          location: Point(x: coordinate(), y: coordinate()),
          force: int(0...1) == 0 ? nil : length(), majorRadius: int(0...1) == 0 ? nil : length()))
    case 3:
      return .viewport(
        ViewportChange(
          size: Size(width: length(), height: length()), safeAreaInsets: insets(),
          transitionDuration: Int64(int(0...Int(Int32.max))),
          frameInWindow: int(0...1) == 0
            ? nil : Rect(x: coordinate(), y: coordinate(), width: length(), height: length())))
    case 4:
      return .content(
        ContentGeometry(
          contentSize: Size(width: length(), height: length()), contentInset: insets(),
          adjustmentBehavior: ContentInsetAdjustmentBehavior.allCases[int(0...3)],
          adjustedContentInset: int(0...1) == 0 ? nil : insets()))
    case 5:
      let axis = Axis.allCases[int(0...1)]
      switch int(0...2) {
      case 0: return .scene(Scene(axis: axis, layout: .pages(count: int(0...Int(Int32.max)))))
      case 1: return .scene(Scene(axis: axis, layout: .list(items())))
      default:
        let children = (0..<int(0...5)).map { _ in
          ContainerChild(
            int(0...1) == 0
              ? .view(length: length()) : .list(items: items(), contentInset: insets()),
            isHidden: int(0...1) == 0)
        }
        return .scene(Scene(axis: axis, layout: .container(spacing: length(), children: children)))
      }
    case 6:
      switch int(0...6) {
      case 0:
        return .sceneEdit(
          .insert(section: int(0...9), index: int(0...Int(Int32.max)), items: items()))
      case 5:
        return .sceneEdit(
          .sizeResolved(section: int(0...9), index: int(0...99), length: length()))
      case 1:
        return .sceneEdit(.delete(section: int(0...9), index: int(0...99), count: int(0...99)))
      case 2: return .sceneEdit(.resize(section: int(0...9), index: int(0...99), length: length()))
      case 3: return .sceneEdit(.batchUpdate(batchUpdate()))
      case 4: return .sceneEdit(.reloadData(section: int(0...9)))
      default: return .sceneEdit(.setHidden(section: int(0...9), isHidden: int(0...1) == 0))
      }
    case 7:
      let target: ProgrammaticScroll.Target =
        int(0...1) == 0
        ? .offset(Point(x: finite(), y: finite()))
        : .item(
          section: int(0...9), index: int(0...999),
          position: ProgrammaticScroll.ItemPosition.allCases[int(0...2)])
      return .programmaticScroll(ProgrammaticScroll(target: target, isAnimated: int(0...1) == 0))
    case 8:
      if int(0...2) == 0 {
        // The target as a delta from the event's timestamp: `events(count:start:)` rebases it.
        // Format 1.3's fields too: a presentation time, a frame-timing record without geometry,
        // an outlier; and 1.7's deadline. Times as deltas from the event's timestamp, rebased below.
        let hasGeometry = int(0...3) != 0
        return .observedFrame(
          ObservedFrame(
            targetTimestamp: Int64(int(0...50_000_000)),
            contentOffset: hasGeometry ? Point(x: finite(), y: finite()) : nil,
            contentSize: hasGeometry ? Size(width: length(), height: length()) : nil,
            busyDuration: int(0...1) == 0 ? nil : Int64(int(0...Int(Int32.max))),
            presentationTimestamp: int(0...1) == 0 ? nil : Int64(int(0...200_000_000)),
            source: int(0...1) == 0 ? .displayLink : .frameTimeline,
            isOutlier: int(0...4) == 0,
            // Format 1.7's deadline: an overrun either side of it, and the platform's verdict.
            deadline: int(0...2) == 0
              ? ObservedFrame.Deadline(
                overrun: Int64(int(0...40_000_000)) - 20_000_000, isMissed: int(0...1) == 0)
              : nil))
      }
      return int(0...1) == 0
        ? .frameTick
        : .marker(["", "step 1", "ünïcødé ✓", String(repeating: "x", count: 300)][int(0...3)])
    default:
      if int(0...2) == 0 {
        // Format 1.9's scroll with no finger: any phase, source and finite translation.
        return .scroll(
          ScrollInput(
            phase: ScrollInput.Phase.allCases[int(0...3)],
            source: ScrollInput.Source.allCases[int(0...1)],
            translation: Point(x: finite(), y: finite())))
      }
      if int(0...1) == 0 {
        // Format 1.5's keyboard: any overlap the format holds, any curve byte.
        return .keyboard(
          KeyboardChange(
            overlap: min(length(), 1_000_000), animationDuration: Int64(int(0...Int(Int32.max))),
            curve: KeyboardChange.Curve(rawValue: UInt8(int(0...255))),
            isInteractive: int(0...1) == 0))
      }
      return .unknown(
        kind: UInt8(int(12...255)), payload: (0..<int(0...20)).map { _ in UInt8(int(0...255)) })
    }
  }

  /// `count` events with non-decreasing timestamps, sometimes far apart, sometimes equal.
  mutating func events(count: Int, start: Int64 = 0) -> [TraceEvent] {
    var time = start
    return (0..<count).map { _ in
      switch int(0...9) {
      case 0: break
      case 1: time += Int64(int(0...Int(Int32.max))) * 1000
      default: time += Int64(int(1...20_000_000))
      }
      var payload = payload()
      if case .observedFrame(var frame) = payload {
        frame.targetTimestamp += time
        frame.presentationTimestamp = frame.presentationTimestamp.map { $0 + time }
        payload = .observedFrame(frame)
      }
      return TraceEvent(timestamp: time, payload)
    }
  }
}

let sampleHeader = TraceHeader(
  device: DeviceInfo(
    name: "Test Phone", screenSize: Size(width: 390, height: 844), scale: 3, refreshRate: 120,
    touchSampleRate: 120),
  clock: .monotonic, creationTime: 1_700_000_000_000_000_000,
  metadata: ["build": "42", "test": "round trip"])

/// Reads every event of `bytes` in `mode`.
func readAll(_ bytes: [UInt8], mode: TraceReader.Mode = .strict, limits: DecodeLimits = .default)
  throws -> (TraceReader, [TraceEvent])
{
  let reader = try TraceReader(bytes: bytes, name: "test.sctrace", mode: mode, limits: limits)
  var events: [TraceEvent] = []
  while let event = try reader.next() { events.append(event) }
  return (reader, events)
}
