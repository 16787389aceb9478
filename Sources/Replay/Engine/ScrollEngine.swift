// scrolltrace — what an engine is.

public import TraceCore

/// A kind of scroll view built on the ``ScrollView`` model: a tab pager, a card feed, a container
/// of scroll views, or the model alone.
///
/// Conform to it in your own package to replay traces
/// through your own component.
///
/// A ``ReplaySession`` drives an engine: it owns the scroll view and the scene, calls
/// ``prepare(_:for:)`` when a scene arrives, asks ``contentSize(of:in:)`` whenever the scene or the
/// viewport changes, and calls the ``ScrollViewDelegate`` hooks as the scroll view moves.
public protocol ScrollEngine: ScrollViewDelegate, Sendable {
  /// The engine's name, version and provenance.
  var descriptor: EngineDescriptor { get }

  /// The kinds of scene the engine lays out; a trace with another kind is refused.
  var supportedScenes: Set<SceneContent.Kind> { get }

  /// Sets up the scroll view for a new scene: paging, bounce flags, the resize policy.
  mutating func prepare(_ scrollView: inout ScrollView, for scene: SceneContent)

  /// The content size the engine gives the scroll view for `scene` in `geometry`, in points.
  func contentSize(of scene: SceneContent, in geometry: ScrollGeometry) -> Size

  /// The scene changed (a new scene, or `edit` applied to the current one); the scroll view
  /// already has the new content size.
  mutating func sceneDidChange(
    _ scene: SceneContent, edit: SceneEdit?, scrollView: inout ScrollView)

  /// The keyboard's frame changed at `time` (nanoseconds; format 1.5): the app around the
  /// component moves the bottom content inset, and may move the offset. The default answers as
  /// ``KeyboardHandling/insetOnly``.
  mutating func keyboardWillChangeFrame(
    _ keyboard: KeyboardChange, scrollView: inout ScrollView, at time: Int64)

  /// The engine's state and the work done since the previous report, at a frame; counts start
  /// again after each report.
  mutating func frameReport(_ scrollView: ScrollView) -> EngineFrame

  /// Writes the report of a frame (``frameReport(_:)``'s) into `report`, which is empty or holds
  /// an earlier report of this engine. The replay calls this one, handing back each frame's report
  /// once every analyzer has seen it: an engine that empties it (``EngineFrame/removeAll()``) and
  /// fills it in place reuses its lists' storage from frame to frame, where a new report allocates
  /// them on every frame. The default sets `report` to ``frameReport(_:)``; an engine implements
  /// either, and one that implements this can answer ``frameReport(_:)`` with
  /// ``newFrameReport(_:)``.
  mutating func frameReport(into report: inout EngineFrame, for scrollView: ScrollView)

  /// Whether the replay may advance frames at rest in bulk. `true` promises that while the scroll
  /// view is at rest and no event arrives, the engine's state changes only in its callbacks, so
  /// ``frameReport(_:)`` would return what it returned for the previous such frame: no timers,
  /// animations or deferred work of the engine's own that run on frames. The replay then hands such
  /// frames over as one run (``FrameRun``) without calling ``frameReport(_:)`` for each, and the
  /// reports are identical to stepping them. The default is `false`: every frame is stepped.
  var reportsAlikeAtRest: Bool { get }

  /// Whether the engine is the scroll-view model alone, with no views to lay out, show or report,
  /// as `plain` is.
  ///
  /// The default is `false`: an engine that over a whole trace with a scene lays
  /// out nothing, shows no item and reports no view fails the replay (``ReplayOutcome/isSilent``),
  /// since its hooks were most likely never called.
  var isModelOnly: Bool { get }

  /// Whether the engine may report its items' identities (``EngineFrame/VisibleItem/id``), as a
  /// diffable data source's identifiers. The content-shift analysis follows items by identity and
  /// applies only to such an engine; `false` promises that no report carries one, and the analysis
  /// is then not run at all (about 400 instructions a frame). The default is `true`.
  var reportsItemIdentities: Bool { get }

  /// Where the component means its content to come to rest, given the scroll view's setup.
  func restingRule(for scrollView: ScrollView) -> RestingRule

  /// The content laid out for a trace that brings none of its own (an imported touch log), on a
  /// screen of `screen` points: the content the component typically shows.
  func stockScene(for screen: Size) -> Scene
}

// MARK: - Default implementations

extension ScrollEngine {
  /// Every kind.
  public var supportedScenes: Set<SceneContent.Kind> { Set(SceneContent.Kind.allCases) }

  /// Leaves the scroll view as the trace and the flags set it up.
  public mutating func prepare(_ scrollView: inout ScrollView, for scene: SceneContent) {}

  /// The scene's own content size (``SceneContent/contentSize(in:)``).
  public func contentSize(of scene: SceneContent, in geometry: ScrollGeometry) -> Size {
    scene.contentSize(in: geometry)
  }

  public mutating func sceneDidChange(
    _ scene: SceneContent, edit: SceneEdit?, scrollView: inout ScrollView
  ) {}

  /// The bottom inset follows the keyboard; the offset stays (``KeyboardHandling/insetOnly``).
  public mutating func keyboardWillChangeFrame(
    _ keyboard: KeyboardChange, scrollView: inout ScrollView, at time: Int64
  ) {
    scrollView.setContentInsetBottom(
      scrollView.contentInsetBottom(clearing: keyboard), at: time, delegate: &self)
  }

  /// No views, no work.
  public mutating func frameReport(_ scrollView: ScrollView) -> EngineFrame { EngineFrame() }

  public mutating func frameReport(into report: inout EngineFrame, for scrollView: ScrollView) {
    report = frameReport(scrollView)
  }

  /// A new report written by ``frameReport(into:for:)``: ``frameReport(_:)`` for an engine that
  /// reports in place.
  public mutating func newFrameReport(_ scrollView: ScrollView) -> EngineFrame {
    var report = EngineFrame()
    frameReport(into: &report, for: scrollView)
    return report
  }

  /// `false`: every frame is stepped, as an engine with work of its own on frames needs.
  public var reportsAlikeAtRest: Bool { false }

  /// `false`: the engine lays out views, and a replay where it reports none fails.
  public var isModelOnly: Bool { false }

  /// `true`: the engine may report identities, and the content-shift analysis looks for them.
  public var reportsItemIdentities: Bool { true }

  /// A table of 1,000 rows of 44 points (UITableView's default row height).
  public func stockScene(for screen: Size) -> Scene {
    Scene(
      axis: .vertical,
      layout: .list(Array(repeating: SceneItem(length: 44, reuseIdentifier: "row"), count: 1000)))
  }

  /// The page grid when the scroll view pages (`isPagingEnabled`), anywhere otherwise.
  public func restingRule(for scrollView: ScrollView) -> RestingRule {
    scrollView.configuration.isPagingEnabled ? .pageGrid : .anywhere
  }
}

/// An engine's identity: `name@version`, a one-line summary and where its behaviour comes from.
public struct EngineDescriptor: Sendable, Hashable, CustomStringConvertible {
  /// The name users type, such as `paging`.
  public var name: String
  /// The version; higher versions fix what lower ones reproduce.
  public var version: Int
  /// One line on what the engine models.
  public var summary: String
  /// The article or code the behaviour follows.
  public var source: String
  /// A deliberate fault added to the engine for checking a gate (``EngineFault``), if any.
  public var fault: String?

  /// Creates a descriptor.
  public init(name: String, version: Int, summary: String, source: String) {
    self.name = name
    self.version = version
    self.summary = summary
    self.source = source
  }

  /// `name@version`, and `+fault` for an engine with an injected fault.
  public var description: String { "\(name)@\(version)" + (fault.map { "+\($0)" } ?? "") }
}
