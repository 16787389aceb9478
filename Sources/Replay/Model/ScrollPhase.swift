// scrolltrace — what a scroll view is doing.

/// What moves the content at a moment of the replay.
public enum ScrollPhase: String, Sendable, Hashable, CaseIterable {
  /// Nothing: no finger down, no motion.
  case idle
  /// A finger is down but has not moved past the touch slop; the content is still.
  case tracking
  /// The pan has begun: the content follows the finger (`isDragging`).
  case dragging
  /// Free motion after release (`isDecelerating`), including a paging snap.
  case decelerating
  /// A spring returns overscrolled content to the edge.
  case bouncing
  /// An animated `setContentOffset(_:animated:)` or scroll to an item.
  case animating
}
