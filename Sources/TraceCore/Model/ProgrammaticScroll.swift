// scrolltrace — scrolling done by the app in code.

/// The app scrolled in code (`setContentOffset(_:animated:)`, `scrollToItem(at:at:animated:)`).
public struct ProgrammaticScroll: Sendable, Hashable {
  /// Where an item should end up in the viewport (UIKit's `ScrollPosition`).
  public enum ItemPosition: UInt8, Sendable, Hashable, CaseIterable {
    /// The item's leading edge at the viewport's leading edge (`.top`, `.left`).
    case start = 0
    /// The item centred in the viewport.
    case center = 1
    /// The item's trailing edge at the viewport's trailing edge (`.bottom`, `.right`).
    case end = 2

    /// The position's name as used in `dump` and scripts: "start", "center", "end".
    public var name: String {
      switch self {
      case .start: "start"
      case .center: "center"
      case .end: "end"
      }
    }
  }

  /// Where to scroll.
  public enum Target: Sendable, Hashable {
    /// To a content offset, in points.
    case offset(Point)
    /// To an item of a section (see `SceneEdit` for sections).
    case item(section: Int, index: Int, position: ItemPosition)
  }

  /// Where to scroll.
  public var target: Target
  /// Whether the scroll animates (UIKit's `animated:`).
  public var isAnimated: Bool

  /// Creates a programmatic scroll.
  public init(target: Target, isAnimated: Bool) {
    self.target = target
    self.isAnimated = isAnimated
  }
}
