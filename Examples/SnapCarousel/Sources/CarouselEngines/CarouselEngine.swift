// CarouselEngines — the app's carousel as a scrolltrace engine, in two versions.

import CarouselLayout
import Foundation
public import Replay
public import TraceCore

/// The carousel of ``CarouselLayout`` in a scroll view: cards from a reuse queue, snapping in
/// `scrollViewWillEndDragging`, a card centred at rest.
///
/// - **carousel@1** is the carousel as first shipped: on a rotation it keeps UIKit's offset, so the
///   carousel rests between two cards until the next swipe.
/// - **carousel@2** keeps the centred card across a size change, as `viewWillTransition(to:with:)`
///   does in the app with ``CarouselLayout/contentOffset(keepingCard:in:)``.
public struct CarouselEngine: ScrollEngine {
  /// 1 (as shipped) or 2 (keeps the card across a rotation).
  public let version: Int
  private var layout = CarouselLayout(cardCount: 0)
  private var identifiers: [String] = []
  /// The card centred when scrolling last ended.
  private var centredCard = 0
  /// Card index → the view showing it.
  private var views: [Int: Int] = [:]
  private var pool = ReusePool(strategy: .keyed)
  private var work = WorkCounters()

  /// A carousel of the given version.
  public init(version: Int) {
    self.version = version
  }

  public var descriptor: EngineDescriptor {
    EngineDescriptor(
      name: "carousel", version: version,
      summary: version == 1
        ? "Snapping card carousel as first shipped: a rotation keeps the offset and rests between two cards."
        : "Snapping card carousel that keeps the centred card across a rotation (viewWillTransition).",
      source: "Examples/SnapCarousel: CarouselLayout, shared with the app")
  }

  /// `decelerationRate = .fast`, as snapping carousels set it: a fling ends on its card quickly.
  public mutating func prepare(_ scrollView: inout ScrollView, for scene: SceneContent) {
    scrollView.configuration.decelerationRate = .fast
  }

  /// Lists: each item is a card, its reuse identifier the cell's.
  public var supportedScenes: Set<SceneContent.Kind> { [.list] }

  /// Twelve cards, for traces without a scene of their own.
  public func stockScene(for screen: Size) -> Scene {
    Scene(
      axis: .horizontal,
      layout: .list(Array(repeating: SceneItem(length: 0, reuseIdentifier: "card"), count: 12)))
  }

  /// The carousel's own layout decides the content size; the items' lengths are not used.
  public func contentSize(of scene: SceneContent, in geometry: ScrollGeometry) -> Size {
    Size(Self.layout(of: scene).contentSize(in: geometry.boundsSize.cgSize))
  }

  /// `reloadData()`: every card view goes back to the queue; the visible ones are laid out again.
  public mutating func sceneDidChange(
    _ scene: SceneContent, edit: SceneEdit?, scrollView: inout ScrollView
  ) {
    layout = Self.layout(of: scene)
    if case .list(let items) = scene.scene.layout { identifiers = items.map(\.reuseIdentifier) }
    for view in views.values.sorted() { pool.enqueue(view) }
    views = [:]
    centredCard = min(centredCard, max(layout.cardCount - 1, 0))
    layoutCards(scrollView)
  }

  /// A card is centred at rest (what the boundary-glitch analysis checks).
  public func restingRule(for scrollView: ScrollView) -> RestingRule { .snapOffset }

  public mutating func frameReport(_ scrollView: ScrollView) -> EngineFrame {
    newFrameReport(scrollView)
  }

  /// The report, written over the previous one so that its lists keep their storage: `restart`
  /// empties it and takes the work and the pool's view events, as `EngineFrame(taking:from:)` does.
  public mutating func frameReport(into report: inout EngineFrame, for scrollView: ScrollView) {
    report.restart(taking: &work, from: &pool)
    report.liveViews = views.count
    let bounds = scrollView.geometry.boundsSize.cgSize
    for index in views.keys.sorted() {
      report.visibleItems.append(
        EngineFrame.VisibleItem(
          section: 0, index: index, frame: Rect(layout.frame(ofCard: index, in: bounds))))
    }
    // Where the carousel would rest from here: the card nearest the centre, centred.
    let nearest = layout.card(nearest: scrollView.contentOffset.cgPoint, in: bounds)
    report.restingOffset = Point(layout.contentOffset(centering: nearest, in: bounds))
    report.values.append(EngineFrame.NamedValue("centredCard", Double(centredCard)))
  }

  private mutating func layoutCards(_ scrollView: ScrollView) {
    let bounds = scrollView.geometry.boundsSize.cgSize
    let viewport = CGRect(origin: scrollView.contentOffset.cgPoint, size: bounds)
    let wanted = layout.cards(in: viewport, bounds: bounds).clamped(to: 0..<identifiers.count)
    for index in views.keys.sorted() where !wanted.contains(index) {
      if let view = views.removeValue(forKey: index) { pool.enqueue(view) }
    }
    for index in wanted {
      if views[index] == nil {
        let view = pool.dequeue(identifiers[index]).view
        pool.configure(view)
        views[index] = view
      }
      work.framesSet += 1
    }
  }

  /// Scrolling ended: remember the card in the centre.
  private mutating func settle(_ scrollView: ScrollView) {
    centredCard = layout.card(
      nearest: scrollView.contentOffset.cgPoint, in: scrollView.geometry.boundsSize.cgSize)
  }

  private static func layout(of scene: SceneContent) -> CarouselLayout {
    guard case .list(let items) = scene.scene.layout else { return CarouselLayout(cardCount: 0) }
    return CarouselLayout(cardCount: items.count)
  }
}

// MARK: - ScrollViewDelegate

// The hooks sit in an extension that declares the conformance itself: there, the compiler warns
// of a hook whose name or labels nearly match the protocol's (UIKit's
// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`, say), which would otherwise
// compile as a method of its own and never be called.
extension CarouselEngine: ScrollViewDelegate {
  /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: snap to a card.
  public mutating func scrollViewWillEndDragging(
    _ scrollView: inout ScrollView, velocity: Point, targetContentOffset: inout Point
  ) {
    let target = layout.targetContentOffset(
      forProposed: targetContentOffset.cgPoint, from: scrollView.contentOffset.cgPoint,
      in: scrollView.geometry.boundsSize.cgSize)
    targetContentOffset = Point(target)
  }

  public mutating func scrollViewDidEndDecelerating(_ scrollView: inout ScrollView) {
    settle(scrollView)
  }
  public mutating func scrollViewDidEndScrollingAnimation(_ scrollView: inout ScrollView) {
    settle(scrollView)
  }
  public mutating func scrollViewDidEndDragging(
    _ scrollView: inout ScrollView, willDecelerate: Bool
  ) {
    if !willDecelerate { settle(scrollView) }
  }

  /// Version 2: `viewWillTransition(to:with:)` keeps the centred card.
  public mutating func scrollViewWillTransition(
    _ scrollView: inout ScrollView, to geometry: ScrollGeometry, targetContentOffset: inout Point
  ) {
    guard version >= 2 else { return }
    targetContentOffset = Point(
      layout.contentOffset(keepingCard: centredCard, in: geometry.boundsSize.cgSize))
  }

  /// `layoutSubviews`: cards coming into view are dequeued and configured; cards leaving go back.
  public mutating func layoutSubviews(_ scrollView: inout ScrollView) {
    work.layoutPasses += 1
    layoutCards(scrollView)
  }
}
