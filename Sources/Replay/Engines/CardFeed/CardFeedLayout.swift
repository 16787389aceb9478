// scrolltrace — what both card feeds share: the setup, the cards of a scene, their minimum height.

public import TraceCore

/// The card feed's fixed setup and card sizes, the same in CardScrollView (cardfeed@1) and the
/// fixed feed (cardfeed@2): `decelerationRate = .fast`, `isDirectionalLockEnabled = true`, content
/// width 0, and cards at least `viewport + separatorHeight` tall (`NikolaySohryakov/CardScrollView` @
/// 017e6132).
public enum CardFeedLayout {
  /// The cards a trace without a scene replays on: the mix of the `cardfeed-mixed` sample
  /// (Traces/scripts/cardfeed-mixed.json), short text cards between tall photo and long-form
  /// cards whose estimates differ from their laid-out heights, 20 cards in all.
  public static let stockCards: Scene = {
    let runs: [(Double, String, Int)] = [
      (500, "text", 1), (1400, "photo", 1), (600, "text", 1), (900, "photo", 1),
      (2000, "longform", 1),
      (400, "text", 3), (1200, "photo", 1), (700, "text", 1), (1600, "longform", 1),
      (500, "text", 4),
      (1000, "photo", 2),
    ]
    let items = runs.flatMap { length, reuse, count in
      Array(repeating: SceneItem(length: length, reuseIdentifier: reuse), count: count)
    }
    return Scene(axis: .vertical, layout: .list(items))
  }()

  /// The separator added to the viewport for the minimum card height, in points: the deliberate +1
  /// so that a card of minimum height never exactly fills the viewport.
  public static let separatorHeight = 1.0

  /// Applies the feed's scroll-view setup.
  public static func configure(_ scrollView: inout ScrollView) {
    scrollView.configuration.decelerationRate = .fast
    scrollView.configuration.isDirectionalLockEnabled = true
    scrollView.configuration.isPagingEnabled = false
  }

  /// The content size of `scene`'s cards in `geometry`: width 0, every card at least the minimum.
  public static func contentSize(of scene: SceneContent, in geometry: ScrollGeometry) -> Size {
    let minimum = geometry.boundsSize.height + separatorHeight
    return Size(
      width: 0, height: items(of: scene, in: geometry).reduce(0) { $0 + max($1.length, minimum) })
  }

  /// The cards of a list scene (none for other kinds, which the feeds refuse).
  public static func items(of scene: SceneContent, in geometry: ScrollGeometry) -> [SceneItem] {
    if case .list(let items) = scene.scene.layout { return items }
    return []
  }
}
