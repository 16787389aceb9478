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
  /// The device sized the self-sizing item at `index`: `length` is what its view answered
  /// (`preferredLayoutAttributesFitting(_:)`, a table row's height), in points (format 1.9).
  ///
  /// A recording's scene holds, for an item the device had not displayed yet, its estimate as its
  /// length too: the device had not measured it. This edit tells the replay what the device
  /// measured when it did. An item the replay has not sized yet is sized at `length` when it
  /// enters the prepared rect, as the device sized it; an item it has sized takes the new length
  /// through the layout's self-sizing path, as a size the layout receives. The item keeps its
  /// estimate, which a `reloadData` returns it to. An item without an estimate simply takes the
  /// length.
  case sizeResolved(section: Int, index: Int, length: Double)
}

extension SceneEdit {
  /// The oldest format version that holds the edit: 1.9 for a size resolved, 1.6 when an item it
  /// brings shares a row, 1.4 for a batch update, `reloadData` and an insert of items with
  /// estimates, 1.0 otherwise.
  public var formatVersion: FormatVersion {
    switch self {
    case .batchUpdate(let update):
      max(.contentChanges, (update.reloads.map(\.item) + update.inserts.map(\.item)).formatVersion)
    case .reloadData: .contentChanges
    case .sizeResolved: .resolvedSizes
    case .insert(_, _, let items): items.formatVersion
    case .delete, .resize, .setHidden: FormatVersion(major: 1, minor: 0)
    }
  }

  /// The item and length of a resize or a size resolved, in points; nil for any other edit.
  public var itemLength: (index: Int, length: Double)? {
    switch self {
    case .resize(_, let index, let length), .sizeResolved(_, let index, let length):
      (index, length)
    default: nil
    }
  }
}
