// scrolltrace — where a component means its content to come to rest.

/// Where a component's content is meant to come to rest, by its design: what the boundary-glitch
/// analysis checks each time the scroll view stops.
public enum RestingRule: String, Sendable, Hashable, CaseIterable {
  /// Anywhere in the valid range (a plain list, a container).
  case anywhere
  /// On the page grid: each scrollable axis at a whole multiple of the bounds size, as
  /// `isPagingEnabled` pages in UIKit. Two pages in view at rest is a seam.
  case pageGrid
  /// With one item covering the whole viewport, as a card feed shows one card at a time: a second
  /// item in view, or a gap beside the one in view, is a misaligned edge.
  case singleItem
  /// At the offset the component snaps to from where it is (``EngineFrame/restingOffset``), as a
  /// carousel whose layout answers `targetContentOffset(forProposedContentOffset:)`: on each
  /// scrollable axis, the distance from the offset to that one.
  case snapOffset
}
