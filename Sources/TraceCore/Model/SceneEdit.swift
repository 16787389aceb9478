// scrolltrace — edits of the current scene.

/// An edit of the current scene.
///
/// `section` names the list an edit applies to: 0 for a list scene or a pager, the child's index
/// for a container scene.
public enum SceneEdit: Sendable, Hashable {
  /// Inserts `items` before the item at `index` (or pages, for a pager, whose lengths are ignored).
  case insert(section: Int, index: Int, items: [SceneItem])
  /// Deletes `count` items starting at `index`.
  case delete(section: Int, index: Int, count: Int)
  /// Changes the length of the item at `index`, in points (a card that expands).
  case resize(section: Int, index: Int, length: Double)
  /// Hides or shows a container's child.
  case setHidden(section: Int, isHidden: Bool)
}
