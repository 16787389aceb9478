// scrolltrace — a trace's events through an engine, frame by frame.

public import TraceCore

/// Replays a trace through an engine: applies each event to the scroll view and the scene, and
/// produces a ``ReplayFrame`` at each frame of the schedule.
///
/// No clocks, no randomness: the same steps give the same frames on every machine. Memory holds
/// the scene and the model, never the trace.
public struct ReplaySession<Engine: ScrollEngine>: Sendable {
  /// The scroll view.
  public private(set) var scrollView: ScrollView
  /// The engine.
  public private(set) var engine: Engine
  /// The current scene, once the trace has set one.
  public private(set) var scene: SceneContent?
  /// An explicit content size from the trace's `content` events, overriding the scene's.
  private var explicitContentSize: Size?
  private var markers: [String] = []
  private var events: FrameEvents = []
  /// What the device displayed at the next frame, from the trace's observed-frame event.
  private var observation: ObservedFrame?
  /// The settings the user chose, applied after the engine's own.
  private let overrides: ScrollViewOverrides
  /// The engine's stock scene, laid out at the first touch of a trace with no scene and no content.
  private var pendingStockScene: Scene?
  /// Which touches are the scroll view's (format 1.8's frame in the window).
  private var touches = TouchOwnership()

  /// A session for a trace with `header`: the viewport starts as the device's screen, without a
  /// safe area or content, and springs use the display scale's tolerance.
  ///
  /// `overrides` win over
  /// what the engine sets when a scene arrives. With `layingOutStockScene`, a trace that reaches
  /// its first touch or programmatic scroll without a scene or a content size (an imported touch
  /// log) gets the engine's ``ScrollEngine/stockScene(for:)`` at that moment, with a marker saying so.
  public init(
    header: TraceHeader, engine: Engine,
    configuration: ScrollViewConfiguration = ScrollViewConfiguration(),
    overrides: ScrollViewOverrides = ScrollViewOverrides(), layingOutStockScene: Bool = false
  ) {
    pendingStockScene = layingOutStockScene ? engine.stockScene(for: header.device.screenSize) : nil
    var configuration = configuration
    configuration.tolerance = Tolerance(displayScale: header.device.scale)
    overrides.apply(to: &configuration)
    self.overrides = overrides
    scrollView = ScrollView(
      geometry: ScrollGeometry(boundsSize: header.device.screenSize), configuration: configuration)
    self.engine = engine
  }

  /// Applies one step of a ``FrameSchedule``; returns the frame for a frame step.
  public mutating func step(_ step: ReplayStep) throws -> ReplayFrame? {
    switch step {
    case .event(let event):
      try apply(event)
      return nil
    case .frame(let index, let time):
      return frame(index: index, at: time)
    }
  }

  /// Applies one event at its timestamp.
  ///
  /// - Throws: ``ReplayError`` for an edit or scroll target the scene does not have.
  public mutating func apply(_ event: borrowing TraceEvent) throws {
    let time = event.timestamp
    // Touch samples, nearly every event, are read in place without building a payload; an event
    // keeps every touch inline, so the payloads below are never touches.
    if let sample = event.touch {
      try apply(sample, at: time)
      return
    }
    let payload = event.payload
    if let stock = pendingStockScene {
      switch payload {
      case .scene, .content:
        pendingStockScene = nil
      case .programmaticScroll, .scroll:
        try layOutStockScene(stock, at: time)
      default:
        break
      }
    }
    switch payload {
    case .viewport: events.insert(.resize)
    case .content: events.insert(.contentChange)
    case .scene: events.insert(.sceneChange)
    case .sceneEdit(.sizeResolved):
      events.insert(.sizeResolved)
    case .sceneEdit(let edit):
      events.insert(.sceneEdit)
      switch edit {
      case .batchUpdate: events.insert(.batchUpdate)
      case .reloadData: events.insert(.reloadData)
      default: break
      }
    case .programmaticScroll: events.insert(.programmaticScroll)
    case .keyboard: events.insert(.keyboard)
    case .scroll: events.insert(.touch)
    case .touch, .marker, .frameTick, .observedFrame, .unknown: break
    }
    switch payload {
    case .viewport(let change):
      touches.frame = change.frameInWindow
      var geometry = scrollView.geometry
      geometry.boundsSize = change.size
      geometry.safeAreaInsets = change.safeAreaInsets
      updateGeometry(geometry, transitionDuration: change.transitionDuration, at: time)
    case .content(let content):
      var geometry = scrollView.geometry
      geometry.contentInset = content.contentInset
      geometry.adjustmentBehavior = content.adjustmentBehavior
      // 1.8: what the device added to the inset, kept as an addition so a later inset change
      // (the keyboard) keeps it; a content event without it returns to the behaviour's model.
      geometry.recordedInsetAdjustment = content.adjustedContentInset.map { adjusted in
        EdgeInsets(
          top: adjusted.top - content.contentInset.top,
          left: adjusted.left - content.contentInset.left,
          bottom: adjusted.bottom - content.contentInset.bottom,
          right: adjusted.right - content.contentInset.right)
      }
      explicitContentSize = content.contentSize == .zero ? nil : content.contentSize
      updateGeometry(geometry, at: time)
    case .scene(let new):
      let content = try SceneContent(checking: new, at: time)
      guard engine.supportedScenes.contains(content.kind) else {
        let kinds = SceneContent.Kind.allCases.filter(engine.supportedScenes.contains).map(
          \.rawValue
        ).joined(separator: " or ")
        throw ReplayError(
          .unsupportedScene,
          "\(engine.descriptor) lays out \(kinds) scenes; this trace has a \(content.kind.rawValue) scene",
          at: time)
      }
      scene = content
      engine.prepare(&scrollView, for: content)
      overrides.apply(to: &scrollView.configuration)
      updateGeometry(scrollView.geometry, at: time)
      engine.sceneDidChange(content, edit: nil, scrollView: &scrollView)
    case .sceneEdit(let edit):
      guard scene != nil else {
        throw ReplayError(.noScene, "a scene edit before any scene", at: time)
      }
      // Edited where it is: a copy would share the items with `scene` and copy them all, which
      // made a long conversation's every message cost its whole length.
      try scene?.apply(edit, at: time)
      guard let content = scene else { return }
      updateGeometry(scrollView.geometry, at: time)
      engine.sceneDidChange(content, edit: edit, scrollView: &scrollView)
    case .programmaticScroll(let scroll):
      let target = try contentOffset(for: scroll.target, at: time)
      scrollView.setContentOffset(target, animated: scroll.isAnimated, at: time, delegate: &engine)
    case .marker(let text):
      markers.append(text)
    case .observedFrame(let observed):
      observation = observed
    case .keyboard(let keyboard):
      let inset = scrollView.geometry.contentInset
      engine.keyboardWillChangeFrame(keyboard, scrollView: &scrollView, at: time)
      if scrollView.geometry.contentInset != inset { events.insert(.contentChange) }
    case .scroll(let scroll):
      scrollView.handle(scroll, at: time, delegate: &engine)
    case .touch, .frameTick, .unknown:
      break
    }
  }

  /// Applies a touch sample at `time` (nanoseconds): what ``apply(_:)`` does with a touch event,
  /// for a replay that reads touches by column (`TraceReader.forEachEvent(touches:otherEvents:)`).
  ///
  /// A touch that began outside the scroll view's recorded frame in the window is another view's,
  /// and is left out (`ViewportChange.frameInWindow`, format 1.8).
  ///
  /// - Throws: nothing but what laying out the engine's stock scene at the first touch throws.
  @inline(__always)
  public mutating func apply(_ sample: TouchSample, at time: Int64) throws {
    guard touches.receives(sample) else { return }
    if let stock = pendingStockScene { try layOutStockScene(stock, at: time) }
    events.insert(.touch)
    scrollView.handle(sample, at: time, delegate: &engine)
  }

  /// Lays out the engine's stock scene at the first touch or programmatic scroll of a trace that
  /// has none.
  private mutating func layOutStockScene(_ stock: Scene, at time: Int64) throws {
    pendingStockScene = nil
    try apply(TraceEvent(timestamp: time, .scene(stock)))
    events.insert(.stockScene)
    markers.append("stock scene of \(engine.descriptor): the trace has none")
  }

  /// Advances to the frame `index` presented at `time` (nanoseconds) and reports it.
  public mutating func frame(index: Int64, at time: Int64) -> ReplayFrame {
    var frame = ReplayFrame.blank
    write(into: &frame, index: index, at: time)
    return frame
  }

  /// Advances to `time` and writes frame `index` over `frame`, field by field: the replay's one
  /// frame, written where its consumers read it, never moved (docs/performance.md, round six).
  ///
  /// The engine writes its report over `frame`'s previous one
  /// (``ScrollEngine/frameReport(into:for:)``); lists something else still holds are copied
  /// before they are written.
  mutating func write(into frame: inout ReplayFrame, index: Int64, at time: Int64) {
    scrollView.advance(to: time, delegate: &engine)
    // The scroll view is read in place, not copied: it is large, and this runs every frame.
    let now = scrollView.time
    frame.transition = scrollView.transition.map { t in
      let shown = t.presentation(at: now)
      return (t.progress(at: now), shown.size, shown.offset)
    }
    engine.frameReport(into: &frame.engine, for: scrollView)
    let geometry = scrollView.geometry
    frame.index = index
    frame.time = now
    frame.contentOffset = scrollView.contentOffset
    frame.boundsSize = geometry.boundsSize
    frame.contentSize = geometry.contentSize
    frame.adjustedContentInset = geometry.adjustedContentInset
    frame.phase = scrollView.phase
    frame.velocity = scrollView.velocity
    frame.isTracking = scrollView.isTracking
    frame.touchLocation = scrollView.touchLocation
    frame.inputDisplacement = scrollView.inputDisplacement
    frame.events = events
    frame.restingRule = engine.restingRule(for: scrollView)
    frame.markers = markers
    frame.observed = observation
    markers = []
    events = []
    observation = nil
    scrollView.inputDisplacement = .zero
  }

  /// Whether frames until the next event would repeat `frame` but for index and time: `frame`
  /// showed no event and no marker, the scroll view is idle (``ScrollView/isIdle``), and the engine
  /// promises alike reports at rest (``ScrollEngine/reportsAlikeAtRest``).
  func isIdle(after frame: ReplayFrame) -> Bool {
    engine.reportsAlikeAtRest && frame.events.isEmpty && frame.markers.isEmpty
      && frame.observed == nil && frame.transition == nil
      && frame.time == scrollView.time && scrollView.isIdle
  }

  /// Advances an idle session (``isIdle(after:)``) to the frame at `time` without reporting the
  /// frames before it: the scroll view's clock moves, and nothing else changes.
  mutating func skipIdleFrames(through time: Int64) {
    scrollView.advance(to: time, delegate: &engine)
  }

  /// Gives `geometry` the content size for the current scene and applies it.
  private mutating func updateGeometry(
    _ geometry: ScrollGeometry, transitionDuration: Int64 = 0, at time: Int64
  ) {
    var geometry = geometry
    if let explicitContentSize {
      geometry.contentSize = explicitContentSize
    } else if let scene {
      geometry.contentSize = engine.contentSize(of: scene, in: geometry)
    }
    scrollView.setGeometry(
      geometry, transitionDuration: transitionDuration, at: time, delegate: &engine)
  }

  private func contentOffset(for target: ProgrammaticScroll.Target, at time: Int64)
    throws(ReplayError) -> Point
  {
    switch target {
    case .offset(let point):
      return point
    case .item(let section, let index, let position):
      guard let scene else {
        throw ReplayError(.noScene, "a scroll to an item before any scene", at: time)
      }
      guard let span = scene.span(section: section, index: index, in: scrollView.geometry) else {
        throw ReplayError(
          .invalidScrollTarget, "no item \(index) in section \(section) to scroll to", at: time)
      }
      return scrollView.contentOffset(
        showing: span.start, length: span.length, along: scene.axis, at: position)
    }
  }
}
