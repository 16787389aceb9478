// scrolltrace — what a self-sizing layout does to the offset when its content changes.

public import TraceCore

/// What a layout does to `contentOffset` when an item resolves its size.
public enum SizeCompensation: Sendable, Hashable {
  /// Nothing: the offset stays, and content after the item moves on screen.
  case none
  /// The offset moves by this many points (`contentOffsetAdjustment` of the invalidation context).
  case offsetBy(Double)
  /// The offset moves by what keeps this anchor where it was: the anchor's offset after the change
  /// less its offset before.
  case keeping(TargetContentOffsetAnchor)
}

/// The decisions a self-sizing collection-view layout makes about the offset, the part of a
/// component ``SelfSizingEngine`` replays: conform to it to replay a layout of your own.
///
/// Everything else — which items are sized when, content size, reuse, what UIKit does around the
/// layout — is the engine's, the same for every layout.
public protocol SelfSizingPolicy: Sendable {
  /// The engine's name, version and provenance.
  var descriptor: EngineDescriptor { get }

  /// What the layout does when item `index` of `column` is about to go from its laid-out length to
  /// `length` (`invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`).
  mutating func compensation(
    resizing index: Int, to length: Double, in column: SelfSizingColumn,
    _ viewport: SelfSizingViewport
  ) -> SizeCompensation

  /// The anchor the layout restores after a batch update or a change of width
  /// (`targetContentOffset(forProposedContentOffset:)`); nil: the layout proposes nothing and
  /// UIKit keeps the offset.
  func anchor(in column: SelfSizingColumn, _ viewport: SelfSizingViewport)
    -> TargetContentOffsetAnchor?

  /// The layout's own record of sizes so far is thrown away: a batch update, `reloadData` or a
  /// change of width recreated its model.
  mutating func forgetSizing()

  /// What the layout keeps of the list as an update finds it, to place the offset after it: by
  /// default the anchor (``anchor(in:_:)``).
  associatedtype UpdateRecord: Sendable = TargetContentOffsetAnchor?

  /// Records what the offset after `edit` — a batch update, an insert or a delete — depends on,
  /// with `column` and `viewport` as the update finds them (`prepare(forCollectionViewUpdates:)`).
  ///
  /// The engine applies the update to the same column afterwards, in place: a layout keeps what it
  /// needs here rather than the column, which would copy every item per update. The default
  /// records ``anchor(in:_:)``.
  mutating func record(
    before edit: SceneEdit, in column: SelfSizingColumn, _ viewport: SelfSizingViewport
  ) -> UpdateRecord

  /// The offset after `edit` in points, or nil to keep UIKit's
  /// (`targetContentOffset(forProposedContentOffset:)` during the update).
  ///
  /// `record` is what ``record(before:in:_:)`` kept; `after` and `afterViewport` are the column and
  /// the scroll view as the update left them, items inserted or reloaded laid out at their
  /// estimates. The default restores the anchor recorded before the update, its item found by
  /// identity.
  mutating func targetContentOffset(
    after edit: SceneEdit, from record: UpdateRecord, to after: SelfSizingColumn,
    _ afterViewport: SelfSizingViewport
  ) -> Double?

  /// A layout pass ended: the collection view's update, if one was in progress, is finished
  /// (`finalizeCollectionViewUpdates()`). The default does nothing.
  mutating func layoutPassDidEnd()

  /// Whether the layout hands the collection view item `index` in the layout pass that finishes
  /// an update (`layoutAttributesForElements(in:)` between `prepare(forCollectionViewUpdates:)`
  /// and `finalizeCollectionViewUpdates()`), or after it.
  ///
  /// An item left out is not displayed, so not sized, until the pass after: the engine lays out
  /// again on the next frame. The default is true for every item.
  func laysOut(_ index: Int, in column: SelfSizingColumn, _ viewport: SelfSizingViewport) -> Bool

  /// Whether a change of width throws away every measured size, so that each item is laid out at
  /// its estimate until displayed again. The default is true (MagazineLayout, #11).
  var forgetsSizesOnWidthChange: Bool { get }

  /// What the screen around the layout does when the keyboard's frame changes. The default is
  /// ``KeyboardHandling/insetOnly``.
  var keyboardHandling: KeyboardHandling { get }

  /// Whether the layout sets `contentOffset` itself when the collection view ignores its target
  /// offset for an update (``UIKitBehavior/ignoresTargetContentOffsetWhileScrolling``, iOS 15.1).
  /// The default is false: the offset stays where UIKit keeps it.
  var setsIgnoredTargetContentOffset: Bool { get }
}

extension SelfSizingPolicy where UpdateRecord == TargetContentOffsetAnchor? {
  /// The anchor (``anchor(in:_:)``).
  public mutating func record(
    before edit: SceneEdit, in column: SelfSizingColumn, _ viewport: SelfSizingViewport
  ) -> TargetContentOffsetAnchor? {
    anchor(in: column, viewport)
  }

  /// The anchor recorded before the update, its item found by identity after it.
  public mutating func targetContentOffset(
    after edit: SceneEdit, from record: TargetContentOffsetAnchor?, to after: SelfSizingColumn,
    _ afterViewport: SelfSizingViewport
  ) -> Double? {
    record?.yOffset(in: after, afterViewport, byIdentity: true)
  }
}

extension SelfSizingPolicy {
  /// Nothing.
  public mutating func layoutPassDidEnd() {}

  /// True.
  public func laysOut(_ index: Int, in column: SelfSizingColumn, _ viewport: SelfSizingViewport)
    -> Bool
  { true }

  /// True.
  public var forgetsSizesOnWidthChange: Bool { true }

  /// The inset alone (``KeyboardHandling/insetOnly``).
  public var keyboardHandling: KeyboardHandling { .insetOnly }

  /// False.
  public var setsIgnoredTargetContentOffset: Bool { false }
}
