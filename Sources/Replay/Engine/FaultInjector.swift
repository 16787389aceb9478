// scrolltrace — a regression added on purpose, to check that a gate catches one.

/// A session whose frames carry an injected fault (``EngineRegistry/Fault``).
struct FaultInjector: FrameProducer {
  var base: any FrameProducer
  private var injection: FaultInjection

  init(base: any FrameProducer, fault: EngineRegistry.Fault) {
    self.base = base
    injection = FaultInjection(fault: fault)
  }

  mutating func step(_ step: ReplayStep) throws(ReplayError) -> ReplayFrame? {
    guard var frame = try base.step(step) else { return nil }
    injection.inject(into: &frame)
    return frame
  }
}

/// The fault's effect on a session's frames, in frame order.
struct FaultInjection {
  let fault: EngineRegistry.Fault
  private var leaked = 0

  init(fault: EngineRegistry.Fault) { self.fault = fault }

  /// Adds the fault to the next frame.
  mutating func inject(into frame: inout ReplayFrame) {
    switch fault {
    case .viewPerFrame:
      leaked += 1
      frame.engine.dequeuesCreated += 1
      frame.engine.viewsCreated += leaked
      frame.engine.liveViews += leaked
      frame.engine.work.itemsConfigured += 1
      frame.engine.work.framesSet += 1
    }
  }
}
