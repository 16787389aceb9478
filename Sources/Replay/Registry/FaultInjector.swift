// scrolltrace — a regression added on purpose, to check that a gate catches one.

/// A regression to inject into any engine, for checking that a gate catches one
/// (`--engine cardfeed@2+viewPerFrame`, `--candidate mine@2+viewPerFrame`).
public enum EngineFault: String, Sendable, CaseIterable {
  /// Every frame creates, configures and keeps one more view, as a cell that is never enqueued.
  case viewPerFrame
}

/// A session whose frames carry an injected fault (``EngineFault``).
struct FaultInjector: FrameProducer {
  var base: any FrameProducer
  private var injection: FaultInjection

  init(base: any FrameProducer, fault: EngineFault) {
    self.base = base
    injection = FaultInjection(fault: fault)
  }

  mutating func step(_ step: ReplayStep) throws -> ReplayFrame? {
    guard var frame = try base.step(step) else { return nil }
    injection.inject(into: &frame)
    return frame
  }
}

/// The fault's effect on a session's frames, in frame order.
struct FaultInjection {
  let fault: EngineFault
  private var leaked = 0

  init(fault: EngineFault) { self.fault = fault }

  /// Adds the fault to the next frame.
  mutating func inject(into frame: inout ReplayFrame) {
    switch fault {
    case .viewPerFrame:
      leaked += 1
      // Views of their own identifier, numbered below 0 so they never share an engine view's number.
      frame.engine.record(ViewEvent(.created, view: -leaked, identifier: fault.rawValue))
      frame.engine.record(ViewEvent(.configured, view: -leaked, identifier: fault.rawValue))
      frame.engine.viewsCreated += leaked
      frame.engine.liveViews += leaked
      frame.engine.work.framesSet += 1
    }
  }
}
