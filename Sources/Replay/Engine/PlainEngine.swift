// scrolltrace — the scroll-view model alone.

import TraceCore

/// The scroll view over the scene's content with nothing on top: no views, no reuse.
///
/// A page scene
/// turns paging on; sizes change by UIKit's default policy. The baseline every engine builds on.
public struct PlainEngine: ScrollEngine, Hashable {
  /// `plain@1`.
  public let descriptor = EngineDescriptor(
    name: "plain", version: 1,
    summary: "The UIScrollView model alone over the scene's content (paging on for page scenes).",
    source: "Lobanov, \"How UIScrollView works\" (super-ultra/ScrollMechanics); UIKit documentation"
  )

  /// Creates the engine.
  public init() {}

  /// Turns paging on for a page scene.
  public mutating func prepare(_ scrollView: inout ScrollView, for scene: SceneContent) {
    if case .pages = scene.scene.layout {
      scrollView.configuration.isPagingEnabled = true
    } else {
      scrollView.configuration.isPagingEnabled = false
    }
  }

  /// `true`: the component changes only in scroll-view callbacks and scene changes, never on a
  /// frame of its own, so frames at rest advance in bulk (``FrameRun``).
  public var reportsAlikeAtRest: Bool { true }

  /// `false`: its items are followed by section and index, never by identity.
  public var reportsItemIdentities: Bool { false }

  /// `true`: the model alone, with no views; a replay that reports none is what it is.
  public var isModelOnly: Bool { true }
}
