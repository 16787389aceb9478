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
  /// Deletes, reloads, moves and inserts applied as one (format 1.4).
  case batchUpdate(BatchUpdate)
  /// `reloadData()`: the items stay, and a self-sizing layout forgets every size it measured, so
  /// each item is laid out at its estimate until it is displayed again (format 1.4).
  case reloadData(section: Int)
}

extension SceneEdit {
  /// The oldest format version that holds the edit: 1.6 when an item it brings shares a row, 1.4
  /// for a batch update, `reloadData` and an insert of items with estimates, 1.0 otherwise.
  public var formatVersion: FormatVersion {
    switch self {
    case .batchUpdate(let update):
      max(.contentChanges, (update.reloads.map(\.item) + update.inserts.map(\.item)).formatVersion)
    case .reloadData: .contentChanges
    case .insert(_, _, let items): items.formatVersion
    case .delete, .resize, .setHidden: FormatVersion(major: 1, minor: 0)
    }
  }
}
