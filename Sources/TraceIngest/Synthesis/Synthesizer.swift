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
        case .hold(_, let seconds), .trackpad(_, let seconds, _, _):
          Double(State.sampleCount(lasting: State.nanoseconds(seconds), touchRate: rate) + 1)
        case .wait: 0
        case .resize, .rotate, .scroll, .edit, .marker, .keyboard: 1
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
}
