// scrolltrace — what a whole replay says about the engine, once its last frame is out.

/// What a replay learnt of the engine over the whole trace, beside its frames: the hooks it
/// implements, and whether it laid out or showed anything at all.
public struct ReplayOutcome: Sendable, Hashable {
  /// The delegate hooks the scroll view called, and those the protocol's defaults answered.
  public var delegateHooks: DelegateHookLog
  /// Whether any frame's report held a visible item, a live view, a view event, engine values or
  /// work (a layout pass, a frame set, an item configured, a pool scan step).
  public var reportedAnything: Bool
  /// Whether the trace gave the engine a scene to lay out (its own, or the engine's stock scene).
  public var hadScene: Bool
  /// Whether the engine declares itself the scroll-view model alone
  /// (``ScrollEngine/isModelOnly``).
  public var isModelOnly: Bool
  /// Observed frames the replay could not present: at or before a frame already presented.
  public var droppedObservations = ObservationDrops()

  /// Creates an outcome.
  public init(
    delegateHooks: DelegateHookLog = DelegateHookLog(), reportedAnything: Bool = false,
    hadScene: Bool = false, isModelOnly: Bool = false
  ) {
    self.delegateHooks = delegateHooks
    self.reportedAnything = reportedAnything
    self.hadScene = hadScene
    self.isModelOnly = isModelOnly
  }

  /// Whether the engine was silent: it had a scene to lay out, it is not the model alone, and
  /// over the whole trace it reported nothing — no layout pass, no visible item, no view.
  ///
  /// Such an engine most likely implements its hooks under names the protocol does not declare,
  /// so the defaults answered every call: a report of it would read as a perfect score.
  public var isSilent: Bool { hadScene && !isModelOnly && !reportedAnything }
}

extension EngineFrame {
  /// Whether the report holds anything: a visible item, a live view, a view event, a value or
  /// any work.
  var isEmpty: Bool {
    visibleItems.isEmpty && liveViews == 0 && viewsCreated == 0 && viewEvents.isEmpty
      && values.isEmpty && work == WorkCounters() && restingOffset == nil
  }
}
