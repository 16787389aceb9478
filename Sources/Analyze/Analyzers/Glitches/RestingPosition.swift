// scrolltrace — how far a resting viewport is from where its component means it to rest.

public import Replay
public import TraceCore

/// A viewport judged by a `RestingRule`: how far it is from the nearest position the rule allows,
/// and the items in view.
public struct RestingPosition: Sendable, Hashable {
  /// The distance to the nearest allowed position, in points (0 when allowed).
  public var misalignment: Double
  /// The items in view, by position, at most two: `(section, index)`.
  public var items: [ItemID]

  /// The axes along which `frame`'s content, with its adjusted insets, overflows the bounds by more
  /// than `tolerance` points.
  public static func scrollableAxes(of frame: ReplayFrame, tolerance: Double) -> Set<Axis> {
    let overflows = overflows(of: frame, tolerance: tolerance)
    var axes: Set<Axis> = []
    if overflows.x { axes.insert(.horizontal) }
    if overflows.y { axes.insert(.vertical) }
    return axes
  }

  /// ``scrollableAxes(of:tolerance:)`` as a flag per axis, without building a set: what the
  /// boundary-glitch analyzer asks at every rest and every frame of a transition.
  static func overflows(of frame: borrowing ReplayFrame, tolerance: Double) -> (x: Bool, y: Bool) {
    let inset = frame.adjustedContentInset
    return (
      frame.contentSize.width + inset.left + inset.right > frame.boundsSize.width + tolerance,
      frame.contentSize.height + inset.top + inset.bottom > frame.boundsSize.height + tolerance
    )
  }

  /// An item's identity.
  public struct ItemID: Sendable, Hashable {
    /// The section.
    public var section: Int
    /// The index in the section.
    public var index: Int

    /// Creates an identity.
    public init(section: Int, index: Int) {
      self.section = section
      self.index = index
    }
  }

  /// Judges `viewport` (content coordinates, points) with the items `visibleItems` by `rule`, on
  /// the axes `scrollableAxes` (where the content overflows the model's bounds); overlaps of at
  /// most `tolerance` points do not put an item in view.
  ///
  /// - The page grid: on each scrollable axis, the distance from the offset to the nearest whole
  ///   multiple of the viewport's length.
  /// - One item: with two or more items in view, the smaller move that aligns the first one's
  ///   trailing edge with the viewport's or the second one's leading edge with it; with one item,
  ///   the viewport length it leaves uncovered.
  /// - A snap offset: on each scrollable axis, the distance from the viewport's origin to
  ///   `restingOffset` (0 without one).
  public init(
    judging viewport: Rect, scrollableAxes: Set<Axis>, visibleItems: [EngineFrame.VisibleItem],
    by rule: RestingRule,
    restingOffset: Point? = nil, tolerance: Double
  ) {
    self.init(
      judging: viewport,
      overflows: (scrollableAxes.contains(.horizontal), scrollableAxes.contains(.vertical)),
      visibleItems: visibleItems, by: rule, restingOffset: restingOffset, tolerance: tolerance)
  }

  /// ``init(judging:scrollableAxes:visibleItems:by:restingOffset:tolerance:)`` with the scrollable
  /// axes as a flag per axis (``overflows(of:tolerance:)``).
  init(
    judging viewport: Rect, overflows: (x: Bool, y: Bool),
    visibleItems: [EngineFrame.VisibleItem], by rule: RestingRule, restingOffset: Point? = nil,
    tolerance: Double
  ) {
    let overflowsX = overflows.x
    let overflowsY = overflows.y
    let axis: Axis = overflowsY || !overflowsX ? .vertical : .horizontal
    func span(_ r: Rect) -> (min: Double, max: Double) {
      axis == .vertical ? (r.minY, r.maxY) : (r.minX, r.maxX)
    }
    let view = span(viewport)
    let inView = visibleItems.filter { item in
      let s = span(item.frame)
      return min(s.max, view.max) - max(s.min, view.min) > tolerance
        && item.frame.intersects(viewport)
    }.sorted { span($0.frame).min < span($1.frame).min }
    items = inView.prefix(2).map { ItemID(section: $0.section, index: $0.index) }
    switch rule {
    case .anywhere:
      misalignment = 0
    case .pageGrid:
      func offGrid(_ offset: Double, _ page: Double) -> Double {
        guard page > 0 else { return 0 }
        return abs(offset - (offset / page).rounded() * page)
      }
      misalignment = max(
        overflowsX ? offGrid(viewport.minX, viewport.size.width) : 0,
        overflowsY ? offGrid(viewport.minY, viewport.size.height) : 0)
    case .snapOffset:
      guard let target = restingOffset else {
        misalignment = 0
        return
      }
      misalignment = max(
        overflowsX ? abs(viewport.minX - target.x) : 0,
        overflowsY ? abs(viewport.minY - target.y) : 0)
    case .singleItem:
      guard overflowsX || overflowsY, let first = inView.first.map({ span($0.frame) }) else {
        misalignment = 0
        return
      }
      if inView.count >= 2 {
        let second = span(inView[1].frame)
        misalignment = min(abs(view.max - first.max), abs(second.min - view.min))
      } else {
        misalignment = max(0, first.min - view.min) + max(0, view.max - first.max)
      }
    }
  }
}
