// scrolltrace — gesture scripts into traces.

/// Turns a `GestureScript` into a header and time-ordered events, deterministically: the same
/// script gives the same events on every machine.
///
/// Touch samples come at the device's touch rate; the last sample of a gesture is its `ended`
/// sample, at the gesture's end. Optional jitter comes from a seeded generator.
public struct Synthesizer: Sendable {
  /// The script.
  public let script: GestureScript

  /// Creates a synthesizer for `script`.
  public init(script: GestureScript) { self.script = script }

  /// The trace's header: the script's device, the synthetic clock, creation time 0.
  public var header: TraceHeader {
    var metadata = script.metadata
    metadata["generator"] = "scrolltrace synth"
    return TraceHeader(
      device: DeviceInfo(
        name: script.device.name, screenSize: script.device.screen, scale: script.device.scale,
        refreshRate: script.device.refreshRate, touchSampleRate: script.device.touchRate),
      clock: .synthetic, creationTime: 0, metadata: metadata,
      timestampQuantum: Self.quantum)
  }

  /// Synthesized times are whole microseconds, as digitizer clocks report them.
  static let quantum: Int64 = 1000

  /// Every event of the trace, in time order, frame ticks included when the script asks.
  ///
  /// - Throws: `ScriptError` naming the step that cannot be synthesized.
  public func events() throws(ScriptError) -> [TraceEvent] {
    guard script.device.touchRate > 0, script.device.touchRate <= 10_000 else {
      throw ScriptError(path: "device.touchRate", message: "must be within (0, 10000] Hz")
    }
    guard script.device.refreshRate > 0, script.device.refreshRate <= 1000 else {
      throw ScriptError(path: "device.refreshRate", message: "must be within (0, 1000] Hz")
    }
    var state = State(script: script)
    state.emit(0, .viewport(ViewportChange(size: state.viewport.size, safeAreaInsets: state.viewport.safeAreaInsets)))
    if let content = script.content {
      state.emit(0, .content(ContentGeometry(contentSize: content.size, contentInset: content.inset, adjustmentBehavior: content.adjustment)))
    }
    state.emit(0, .scene(script.scene))
    for (number, step) in script.steps.enumerated() {
      do {
        try state.perform(step)
      } catch {
        throw ScriptError(path: "steps[\(number)]" + (error.path.isEmpty ? "" : ".\(error.path)"), message: error.message)
      }
    }
    guard script.frameTicks else { return state.events }
    return Self.interleavingFrameTicks(state.events, refreshRate: script.device.refreshRate, until: state.clock)
  }

  /// `events` with a frame tick at every refresh from 0 to `end` (inclusive), a tick sorting
  /// before other events of the same time.
  static func interleavingFrameTicks(_ events: [TraceEvent], refreshRate: Double, until end: Int64) -> [TraceEvent] {
    var merged: [TraceEvent] = []
    var frame: Int64 = 0
    func tickTime(_ frame: Int64) -> Int64 { Int64((Double(frame) * 1e6 / refreshRate).rounded()) * 1000 }
    for event in events {
      while tickTime(frame) <= event.timestamp {
        merged.append(TraceEvent(timestamp: tickTime(frame), .frameTick))
        frame += 1
      }
      merged.append(event)
    }
    while tickTime(frame) <= end {
      merged.append(TraceEvent(timestamp: tickTime(frame), .frameTick))
      frame += 1
    }
    return merged
  }

  private struct State {
    let script: GestureScript
    var clock: Int64 = 0
    var events: [TraceEvent] = []
    var viewport: ViewportChange
    var nextTouchID: UInt32 = 0
    var random: SeededGenerator

    init(script: GestureScript) {
      self.script = script
      let spec = script.viewport
      viewport = ViewportChange(size: spec?.size ?? script.device.screen, safeAreaInsets: spec?.safeArea ?? .zero)
      random = SeededGenerator(seed: script.seed)
    }

    mutating func emit(_ time: Int64, _ payload: EventPayload) {
      events.append(TraceEvent(timestamp: time, payload))
    }

    /// `seconds` as nanoseconds, in whole microseconds.
    static func nanoseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e6).rounded()) * 1000 }

    mutating func perform(_ step: Step) throws(ScriptError) {
      switch step {
      case .drag(let from, let translation, let duration, let velocity, let fingers):
        let profile = try TouchProfile.drag(translation: translation, releaseVelocity: velocity, duration: duration)
        gesture(from: from, profile: profile, fingers: fingers)
      case .fling(let from, let velocity, let duration, let fingers):
        gesture(from: from, profile: .fling(velocity: velocity, duration: duration), fingers: fingers)
      case .hold(let at, let duration):
        gesture(from: at, profile: TouchProfile(translation: .zero, releaseVelocity: .zero, duration: duration), fingers: 1)
      case .wait(let duration):
        clock += Self.nanoseconds(duration)
      case .resize(let size, let safeArea, let duration):
        viewport = ViewportChange(size: size, safeAreaInsets: safeArea, transitionDuration: Self.nanoseconds(duration))
        emit(clock, .viewport(viewport))
        clock += Self.nanoseconds(duration)
      case .rotate(let duration, let safeArea):
        let old = viewport.safeAreaInsets
        let turned = EdgeInsets(top: old.left, left: old.bottom, bottom: old.right, right: old.top)
        viewport = ViewportChange(
          size: Size(width: viewport.size.height, height: viewport.size.width),
          safeAreaInsets: safeArea ?? turned, transitionDuration: Self.nanoseconds(duration))
        emit(clock, .viewport(viewport))
        clock += Self.nanoseconds(duration)
      case .scroll(let scroll):
        emit(clock, .programmaticScroll(scroll))
      case .edit(let edit):
        emit(clock, .sceneEdit(edit))
      case .marker(let text):
        emit(clock, .marker(text))
      }
    }

    /// Samples `fingers` fingers (40 pt apart horizontally) following `profile` from `from`.
    mutating func gesture(from: Point, profile: TouchProfile, fingers: Int) {
      let interval = 1e9 / script.device.touchRate
      let total = Self.nanoseconds(profile.duration)
      let samples = max(1, Int((Double(total) / interval).rounded()))
      let ids = (0..<fingers).map { _ in nextID() }
      let start = clock
      var previousTime = start
      for k in 0...samples {
        var time = start + Int64((Double(total / 1000) * Double(k) / Double(samples)).rounded()) * 1000
        if script.jitter.timing > 0 && k > 0 && k < samples {
          // Whole microseconds, as digitizer clocks report (Android getevent, iOS HID events).
          let shift = ((random.unit() * 2 - 1) * script.jitter.timing * 1e6).rounded() * 1000
          time = min(max(time + Int64(shift), previousTime + 1000), start + total - 1000)
        }
        previousTime = time
        let displacement = profile.displacement(at: Double(k) / Double(samples))
        let phase: TouchSample.Phase =
          k == 0 ? .began : k == samples ? .ended : (displacement == profile.displacement(at: Double(k - 1) / Double(samples)) ? .stationary : .moved)
        for (finger, id) in ids.enumerated() {
          var location = Point(x: from.x + displacement.x + Double(finger) * 40, y: from.y + displacement.y)
          if script.jitter.position > 0 {
            // Noise, then the device's pixel grid (1/scale pt), where a digitizer reports touches.
            let scale = script.device.scale
            location.x = ((location.x + random.gaussian() * script.jitter.position) * scale).rounded() / scale
            location.y = ((location.y + random.gaussian() * script.jitter.position) * scale).rounded() / scale
          }
          // On the format's 1/256 pt grid, so that the trace reads back exactly as synthesized.
          let quantum = TouchSample.locationQuantum
          location = Point(x: (location.x / quantum).rounded() * quantum, y: (location.y / quantum).rounded() * quantum)
          emit(time, .touch(TouchSample(touchID: id, phase: phase, location: location)))
        }
      }
      clock = start + total
    }

    mutating func nextID() -> UInt32 {
      defer { nextTouchID &+= 1 }
      return nextTouchID
    }
  }
}
