// scrolltrace — the state a synthesis keeps: the clock, touches and frame ticks, step by step.

extension Synthesizer {
  /// What a synthesis keeps as it goes: the clock, the viewport, touch ids, the jitter's
  /// generator, the next frame tick, and where events go.
  struct State {
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
      case .trackpad(let translation, let duration, let velocity, let source):
        let profile = try TouchProfile.drag(
          translation: translation, releaseVelocity: velocity, duration: duration)
        try scroll(profile, source: source)
      case .resize, .rotate, .scroll, .edit, .marker, .keyboard:
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
      case .keyboard(let change):
        try emit(time, .keyboard(change))
      case .drag, .fling, .hold, .wait, .during, .trackpad:
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

    /// Scroll events of a trackpad (or a wheel) following `profile`, at the touch rate: the pan's
    /// translation since the scroll began, on the format's 1/256 pt grid of touches.
    mutating func scroll(_ profile: TouchProfile, source: ScrollInput.Source) throws {
      let total = Self.nanoseconds(profile.duration)
      let samples = Self.sampleCount(lasting: total, touchRate: script.device.touchRate)
      let start = clock
      let quantum = TouchSample.locationQuantum
      for k in 0...samples {
        let time =
          start + Int64((Double(total / 1000) * Double(k) / Double(samples)).rounded()) * 1000
        let displacement = profile.displacement(at: Double(k) / Double(samples))
        let phase: ScrollInput.Phase = k == 0 ? .began : k == samples ? .ended : .changed
        let translation = Point(
          x: (displacement.x / quantum).rounded() * quantum,
          y: (displacement.y / quantum).rounded() * quantum)
        try emit(
          time, .scroll(ScrollInput(phase: phase, source: source, translation: translation)))
      }
      clock = start + total
    }

    mutating func nextID() -> UInt32 {
      defer { nextTouchID &+= 1 }
      return nextTouchID
    }
  }
}
