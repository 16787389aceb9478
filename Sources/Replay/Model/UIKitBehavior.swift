// scrolltrace — what UIKit does around a self-sizing layout, by iOS version.

/// What UIKit does around a self-sizing layout that the layout does not decide, as named,
/// documented parameters: ``SelfSizingEngine`` follows them (``ScrollViewConfiguration/uikit``).
///
/// Each behaviour names its source and whether Apple documents it or developers reported it;
/// ``current`` is today's iOS, and ``profiles`` every version a replay can choose (`--uikit`).
public struct UIKitBehavior: Sendable, Hashable {
  /// The profile's name, as `--uikit` takes it and reports show it: `current`, `ios15.1`, `ios13`.
  public var name: String
  /// How far beyond the visible rect, in points along the axis, an item gets its actual size.
  ///
  /// The layout receives an item's preferred attributes when its cell is made. With
  /// `isPrefetchingEnabled` (the default since iOS 10) the collection view "requests cells in
  /// advance of when they will be displayed" (documented: `UICollectionView.isPrefetchingEnabled`);
  /// how far in advance is not documented. 0, the model's default, sizes a cell as it becomes
  /// visible: the case MagazineLayout #137 reports, an anchor on "a cell that's about to be
  /// self-sized". Raise it to model prefetching (`--prepared-margin`).
  public var preparedMargin: Double
  /// Whether a non-animated update reloads everything, every item laid out at its estimate again.
  ///
  /// Documented: before iOS 15, a diffable data source's
  /// `apply(_:animatingDifferences: false)` called `reloadData`; from iOS 15 it applies the
  /// difference and `applySnapshotUsingReloadData(_:)` reloads (Apple, "What's new in UIKit",
  /// WWDC21, and the documentation of `apply(_:animatingDifferences:completion:)`).
  public var reloadsOnNonAnimatedUpdate: Bool
  /// Whether the collection view ignores the offset the layout proposes for an update
  /// (`targetContentOffset(forProposedContentOffset:)`) while the user drags or the content
  /// decelerates, keeping its own.
  ///
  /// Reported: iOS 15.1 only, "proposed content offset is being ignored by the UICollectionView
  /// when user is scrolling", fixed in 15.2 (ekazaev/ChatLayout d0edb6f, 2021-10-28, filed as
  /// FB9727104; ChatLayout sets `contentOffset` itself there, ``SelfSizingPolicy/setsIgnoredTargetContentOffset``).
  public var ignoresTargetContentOffsetWhileScrolling: Bool
  /// The most items one layout pass sizes, a bound of the model (UIKit has none).
  ///
  /// A scene of a million items estimated at 0 points would size them all in one pass; beyond the
  /// bound the rest are sized in the passes after.
  public var maximumItemsSizedPerPass: Int

  /// Creates a profile.
  public init(
    name: String, preparedMargin: Double = 0, reloadsOnNonAnimatedUpdate: Bool = false,
    ignoresTargetContentOffsetWhileScrolling: Bool = false, maximumItemsSizedPerPass: Int = 4096
  ) {
    self.name = name
    self.preparedMargin = preparedMargin
    self.reloadsOnNonAnimatedUpdate = reloadsOnNonAnimatedUpdate
    self.ignoresTargetContentOffsetWhileScrolling = ignoresTargetContentOffsetWhileScrolling
    self.maximumItemsSizedPerPass = maximumItemsSizedPerPass
  }

  /// iOS 15.0, and 15.2 and later: the default.
  public static let current = UIKitBehavior(name: "current")

  /// iOS 15.1: the layout's target offset for an update is ignored while the user scrolls.
  public static let iOS15Point1 = UIKitBehavior(
    name: "ios15.1", ignoresTargetContentOffsetWhileScrolling: true)

  /// iOS 13 and 14: a non-animated diffable apply is a `reloadData`.
  public static let iOS13 = UIKitBehavior(name: "ios13", reloadsOnNonAnimatedUpdate: true)

  /// Every profile, newest first.
  public static let profiles: [UIKitBehavior] = [.current, .iOS15Point1, .iOS13]

  /// The profile named `name` (``profiles``), or nil.
  public static func profile(named name: String) -> UIKitBehavior? {
    profiles.first { $0.name == name }
  }
}
