// scrolltrace — what UIKit does around a self-sizing layout, by iOS version.

/// What UIKit does around a self-sizing layout that the layout does not decide, as named,
/// documented parameters: ``SelfSizingEngine`` follows them.
///
/// Each behaviour names its source and whether Apple documents it or developers reported it;
/// ``current`` is today's iOS.
public struct UIKitBehavior: Sendable, Hashable {
  /// The profile's name, as reports and docs show it.
  public var name: String
  /// How far beyond the visible rect, in points along the axis, an item gets its actual size.
  ///
  /// The layout receives an item's preferred attributes when its cell is made. With
  /// `isPrefetchingEnabled` (the default since iOS 10) the collection view "requests cells in
  /// advance of when they will be displayed" (documented: `UICollectionView.isPrefetchingEnabled`);
  /// how far in advance is not documented. 0, the model's default, sizes a cell as it becomes
  /// visible: the case MagazineLayout #137 reports, an anchor on "a cell that's about to be
  /// self-sized". Raise it to model prefetching.
  public var preparedMargin: Double
  /// Whether a non-animated update reloads everything, every item laid out at its estimate again.
  ///
  /// Documented: before iOS 15, a diffable data source's
  /// `apply(_:animatingDifferences: false)` called `reloadData`; from iOS 15 it applies the
  /// difference and `applySnapshotUsingReloadData(_:)` reloads (Apple, "What's new in UIKit",
  /// WWDC21, and the documentation of `apply(_:animatingDifferences:completion:)`).
  public var reloadsOnNonAnimatedUpdate: Bool
  /// The most items one layout pass sizes, a bound of the model (UIKit has none).
  ///
  /// A scene of a million items estimated at 0 points would size them all in one pass; beyond the
  /// bound the rest are sized in the passes after.
  public var maximumItemsSizedPerPass: Int

  /// Creates a profile.
  public init(
    name: String, preparedMargin: Double = 0, reloadsOnNonAnimatedUpdate: Bool = false,
    maximumItemsSizedPerPass: Int = 4096
  ) {
    self.name = name
    self.preparedMargin = preparedMargin
    self.reloadsOnNonAnimatedUpdate = reloadsOnNonAnimatedUpdate
    self.maximumItemsSizedPerPass = maximumItemsSizedPerPass
  }

  /// iOS 15 and later, the default.
  public static let current = UIKitBehavior(name: "iOS 15+")

  /// iOS 13 and 14: a non-animated diffable apply is a `reloadData`.
  public static let iOS13 = UIKitBehavior(name: "iOS 13–14", reloadsOnNonAnimatedUpdate: true)
}
