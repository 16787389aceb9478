// scrolltrace — a regression added on purpose, to check that a gate catches one.

/// A session whose frames carry an injected fault (``EngineRegistry/Fault``).
struct FaultInjector: FrameProducer {
  var base: any FrameProducer
  let fault: EngineRegistry.Fault
  private var leaked = 0

  init(base: any FrameProducer, fault: EngineRegistry.Fault) {
    self.base = base
    self.fault = fault
  }

  mutating func step(_ step: ReplayStep) throws(ReplayError) -> ReplayFrame? {
    guard var frame = try base.step(step) else { return nil }
    switch fault {
    case .viewPerFrame:
      leaked += 1
      frame.engine.dequeuesCreated += 1
      frame.engine.viewsCreated += leaked
      frame.engine.liveViews += leaked
      frame.engine.work.itemsConfigured += 1
      frame.engine.work.framesSet += 1
    }
    return frame
  }
}
