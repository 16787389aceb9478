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

  /// The trace's header: the script's device, the synthetic clock, creation time 0, and format
  /// 1.4 when the script needs it (``GestureScript/formatVersion``).
  public var header: TraceHeader {
    var metadata = script.metadata
    metadata["generator"] = "scrolltrace synth"
    return TraceHeader(
      version: max(script.formatVersion, .columns),
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
  public func events() throws -> [TraceEvent] {
    var events: [TraceEvent] = []
    do {
      try synthesize { events.append($0) }
    } catch let error as ScriptError {
      throw error
    } catch {
      throw ScriptError(path: "", message: "\(error)")  // `append` does not throw.
    }
    return events
  }

  /// The most events ``synthesize(maximumEvents:_:)`` makes by default: 100 million, a trace of
  /// about 500 MB.
  public static let defaultMaximumEvents = 100_000_000

  /// Checks the whole script against the format's limits, then calls `body` with each event in
  /// time order, frame ticks included when the script asks, without holding them: memory does not
  /// depend on the script's length.
  ///
  /// Nothing is passed to `body` when the script is refused.
  ///
  /// - Throws: `ScriptError` naming the step that cannot be synthesized (a rate out of range, a
  ///   script whose clock would overflow, more than `maximumEvents` events); whatever `body` throws.
  public func synthesize(
    maximumEvents: Int = defaultMaximumEvents, _ body: (TraceEvent) throws -> Void
  ) throws {
    guard script.device.touchRate > 0, script.device.touchRate <= 10_000 else {
      throw ScriptError(path: "device.touchRate", message: "must be within (0, 10000] Hz")
    }
    if let problem = header.device.problem {
      throw ScriptError(path: "device.\(problem.field)", message: problem.reason)
    }
    let planned = try plannedEventCount()
    guard planned <= Double(maximumEvents) else {
      throw ScriptError(
        .tooManyEvents, path: "steps",
        message:
          "the script would make \(Int(min(planned, 9e18))) events, more than the limit of \(maximumEvents)"
      )
    }
    try withoutActuallyEscaping(body) { body in
      var state = State(script: script, sink: body)
      try state.emit(
        0,
        .viewport(
          ViewportChange(size: state.viewport.size, safeAreaInsets: state.viewport.safeAreaInsets)))
      if let content = script.content {
        try state.emit(
          0,
          .content(
            ContentGeometry(
              contentSize: content.size, contentInset: content.inset,
              adjustmentBehavior: content.adjustment)))
      }
      try state.emit(0, .scene(script.scene))
      for (number, step) in script.steps.enumerated() {
        do {
          try state.perform(step)
        } catch let error as ScriptError {
          throw ScriptError(
            path: "steps[\(number)]" + (error.path.isEmpty ? "" : ".\(error.path)"),
            message: error.message)
        }
      }
      try state.finishTicks()
    }
  }

  /// The number of events the script makes, computed from its steps before any is made (in
  /// `Double`, so that no count overflows), after checking that its clock stays within `Int64`.
  private func plannedEventCount() throws(ScriptError) -> Double {
    let rate = script.device.touchRate
    var events = 2.0 + (script.content == nil ? 0 : 1)
    var clock: Int64 = 0
    for (number, step) in script.steps.enumerated() {
      func count(_ step: Step) -> Double {
        switch step {
        case .drag(_, _, let seconds, _, let fingers), .fling(_, _, let seconds, let fingers):
          Double(State.sampleCount(lasting: State.nanoseconds(seconds), touchRate: rate) + 1)
            * Double(fingers)
        case .hold(_, let seconds):
          Double(State.sampleCount(lasting: State.nanoseconds(seconds), touchRate: rate) + 1)
        case .wait: 0
        case .resize, .rotate, .scroll, .edit, .marker: 1
        case .during(let gesture, let meanwhile): count(gesture) + Double(meanwhile.count)
        }
      }
      events += count(step)
      let (next, overflow) = clock.addingReportingOverflow(State.nanoseconds(step.duration))
      guard !overflow else {
        throw ScriptError(
          path: "steps[\(number)]",
          message: "the script lasts longer than a trace's clock counts (292 years)")
      }
      clock = next
    }
    if script.frameTicks {
      events += (Double(clock) * script.device.refreshRate / 1e9).rounded(.down) + 1
    }
    return events
  }

  private struct State {
    let script: GestureScript
    let sink: (TraceEvent) throws -> Void
    var clock: Int64 = 0
    var viewport: ViewportChange
    var nextTouchID: UInt32 = 0
    var random: SeededGenerator
    /// The next frame tick to write, when the script asks for ticks.
    var nextTick: Int64 = 0

    init(script: GestureScript, sink: @escaping (TraceEvent) throws -> Void) {
      self.script = script
      self.sink = sink
      let spec = script.viewport
      viewport = ViewportChange(
        size: spec?.size ?? script.device.screen, safeAreaInsets: spec?.safeArea ?? .zero)
      random = SeededGenerator(seed: script.seed)
    }

    /// Writes the frame ticks at or before `time` (a tick sorts before other events of its time),
    /// then the event.
    mutating func emit(_ time: Int64, _ payload: EventPayload) throws {
      try writeTicks(through: time)
      try sink(TraceEvent(timestamp: time, payload))
    }

    /// Writes the ticks up to the end of the script (inclusive).
    mutating func finishTicks() throws { try writeTicks(through: clock) }

    private mutating func writeTicks(through time: Int64) throws {
      guard script.frameTicks else { return }
      while tickTime(nextTick) <= time {
        try sink(TraceEvent(timestamp: tickTime(nextTick), .frameTick))
        nextTick += 1
      }
    }

    /// Frame `frame`'s tick, in whole microseconds.
    private func tickTime(_ frame: Int64) -> Int64 {
      Int64((Double(frame) * 1e6 / script.device.refreshRate).rounded()) * 1000
    }

    /// The sample intervals of a gesture lasting `duration` nanoseconds at `touchRate` hertz (at
    /// least one); the gesture has one sample more.
    ///
    /// Durations are at most 24 hours, so it fits.
    static func sampleCount(lasting duration: Int64, touchRate: Double) -> Int {
      max(1, Int((Double(duration) / (1e9 / touchRate)).rounded()))
    }

    /// `seconds` as nanoseconds, in whole microseconds.
    ///
    /// A step lasts at most 24 hours
    /// (`Step.longestStep`), so the result fits easily; sums of them are checked.
    static func nanoseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e6).rounded()) * 1000 }

    mutating func perform(_ step: Step, meanwhile: [TimedStep] = []) throws {
      switch step {
      case .drag(let from, let translation, let duration, let velocity, let fingers):
        let profile = try TouchProfile.drag(
          translation: translation, releaseVelocity: velocity, duration: duration)
        try gesture(from: from, profile: profile, fingers: fingers, meanwhile: meanwhile)
      case .fling(let from, let velocity, let duration, let fingers):
        try gesture(
          from: from, profile: .fling(velocity: velocity, duration: duration), fingers: fingers,
          meanwhile: meanwhile)
      case .hold(let at, let duration):
        try gesture(
          from: at,
          profile: TouchProfile(translation: .zero, releaseVelocity: .zero, duration: duration),
          fingers: 1, meanwhile: meanwhile)
      case .wait(let duration):
        clock += Self.nanoseconds(duration)
      case .resize, .rotate, .scroll, .edit, .marker:
        try happen(step, at: clock)
        clock += Self.nanoseconds(step.duration)
      case .during(let gesture, let steps):
        try perform(gesture, meanwhile: steps)
      }
    }

    /// Writes the event of a step that happens at once (a rotation or resize starts its transition
    /// at `time`), without moving the clock.
    mutating func happen(_ step: Step, at time: Int64) throws {
      switch step {
      case .resize(let size, let safeArea, let duration):
        viewport = ViewportChange(
          size: size, safeAreaInsets: safeArea, transitionDuration: Self.nanoseconds(duration))
        try emit(time, .viewport(viewport))
      case .rotate(let duration, let safeArea):
        let old = viewport.safeAreaInsets
        let turned = EdgeInsets(top: old.left, left: old.bottom, bottom: old.right, right: old.top)
        viewport = ViewportChange(
          size: Size(width: viewport.size.height, height: viewport.size.width),
          safeAreaInsets: safeArea ?? turned, transitionDuration: Self.nanoseconds(duration))
        try emit(time, .viewport(viewport))
      case .scroll(let scroll):
        try emit(time, .programmaticScroll(scroll))
      case .edit(let edit):
        try emit(time, .sceneEdit(edit))
      case .marker(let text):
        try emit(time, .marker(text))
      case .drag, .fling, .hold, .wait, .during:
        // The decoder admits only steps that happen at once meanwhile.
        throw ScriptError(path: "meanwhile", message: "a step that takes its own time")
      }
    }

    /// Samples `fingers` fingers (40 pt apart horizontally) following `profile` from `from`; each of
    /// `meanwhile` happens at its time into the gesture, before the samples of that time.
    mutating func gesture(
      from: Point, profile: TouchProfile, fingers: Int, meanwhile: [TimedStep] = []
    ) throws {
      var pending = meanwhile.enumerated().sorted {
        ($0.element.after, $0.offset) < ($1.element.after, $1.offset)
      }.map(\.element)[...]
      let total = Self.nanoseconds(profile.duration)
      let samples = Self.sampleCount(lasting: total, touchRate: script.device.touchRate)
      let ids = (0..<fingers).map { _ in nextID() }
      let start = clock
      var previousTime = start
      for k in 0...samples {
        var time =
          start + Int64((Double(total / 1000) * Double(k) / Double(samples)).rounded()) * 1000
        if script.jitter.timing > 0 && k > 0 && k < samples {
          // Whole microseconds, as digitizer clocks report (Android getevent, iOS HID events).
          // Clamped in Double first: any finite jitter keeps the time between its neighbours.
          let shift = ((random.unit() * 2 - 1) * script.jitter.timing * 1e6).rounded() * 1000
          let shifted = min(
            max(Double(time) + shift, Double(previousTime + 1000)), Double(start + total - 1000))
          time = Int64(shifted)
        }
        previousTime = time
        while let next = pending.first, start + Self.nanoseconds(next.after) <= time {
          try happen(next.step, at: start + Self.nanoseconds(next.after))
          pending.removeFirst()
        }
        let displacement = profile.displacement(at: Double(k) / Double(samples))
        let phase: TouchSample.Phase =
          k == 0
          ? .began
          : k == samples
            ? .ended
            : (displacement == profile.displacement(at: Double(k - 1) / Double(samples))
              ? .stationary : .moved)
        for (finger, id) in ids.enumerated() {
          var location = Point(
            x: from.x + displacement.x + Double(finger) * 40, y: from.y + displacement.y)
          if script.jitter.position > 0 {
            // Noise, then the device's pixel grid (1/scale pt), where a digitizer reports touches.
            let scale = script.device.scale
            location.x =
              ((location.x + random.gaussian() * script.jitter.position) * scale).rounded() / scale
            location.y =
              ((location.y + random.gaussian() * script.jitter.position) * scale).rounded() / scale
          }
          // On the format's 1/256 pt grid, so that the trace reads back exactly as synthesized.
          let quantum = TouchSample.locationQuantum
          location = Point(
            x: (location.x / quantum).rounded() * quantum,
            y: (location.y / quantum).rounded() * quantum)
          try emit(time, .touch(TouchSample(touchID: id, phase: phase, location: location)))
        }
      }
      // Every step meanwhile is at most the gesture's duration in: none is left (kept in order).
      for next in pending { try happen(next.step, at: start + total) }
      clock = start + total
    }

    mutating func nextID() -> UInt32 {
      defer { nextTouchID &+= 1 }
      return nextTouchID
    }
  }
}
