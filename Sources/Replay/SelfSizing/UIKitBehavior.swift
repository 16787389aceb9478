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
  /// The layout receives its preferred attributes when its cell is displayed. Undocumented: UIKit
  /// sizes a cell when it dequeues it for display, and cell prefetching
  /// (`isPrefetchingEnabled`, iOS 10) prepares data, not layout; 0 is the visible rect, the
  /// model's default. Raise it to model a layout that prepares a larger rect.
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
