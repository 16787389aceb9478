// scrolltrace — what a generated edit may touch: the sections of the scene and their items.

import TraceIngest

/// The current scene's sections, items counted, as edits change them: what makes a generated edit
/// valid (an index inside its section, a child that exists).
struct SceneShape {
  /// One section: a pager's pages, a list, or a container's child.
  struct Section {
    /// Whether items can be inserted and removed (pages, lists; not a container's plain view).
    var isList: Bool
    /// Its items.
    var count: Int { items.count }
    /// The items themselves, as edits leave them (a pager's: one example per page).
    var items: [SceneItem]
    /// Whether a container's child is hidden.
    var isHidden = false
  }

  var sections: [Section]
  /// Whether the scene is a container (its children can be hidden and shown).
  let isContainer: Bool
  /// Whether the scene is a pager (pages have no length of their own).
  let isPager: Bool
  /// The scene's items, as examples for inserts (a pager's: one of the viewport's length).
  let examples: [SceneItem]

  /// Whether the scene's items size themselves (an example has an estimate): the grammar then also
  /// draws what changes such content, a prepend or a `reloadData`.
  var isSelfSizing: Bool { examples.contains(where: \.isSelfSizing) }

  /// The shape of `scene`.
  init(_ scene: Scene) {
    switch scene.layout {
    case .pages(let count):
      examples = [SceneItem(length: 0, reuseIdentifier: "page")]
      sections = [Section(isList: true, items: Array(repeating: examples[0], count: max(0, count)))]
      isContainer = false
      isPager = true
    case .list(let items):
      sections = [Section(isList: true, items: items)]
      isContainer = false
      isPager = false
      examples = items.isEmpty ? [SceneItem(length: 88, reuseIdentifier: "cell")] : items
    case .container(_, let children):
      sections = children.map { child in
        switch child.content {
        case .view: Section(isList: false, items: [], isHidden: child.isHidden)
        case .list(let items, _): Section(isList: true, items: items, isHidden: child.isHidden)
        }
      }
      isContainer = true
      isPager = false
      var items: [SceneItem] = []
      for child in children {
        if case .list(let listed, _) = child.content { items += listed.prefix(8) }
      }
      examples = items.isEmpty ? [SceneItem(length: 44, reuseIdentifier: "row")] : items
    }
  }

  /// The sections an insert may go into.
  var insertable: [Int] { sections.indices.filter { sections[$0].isList } }

  /// The sections with an item to delete or resize.
  var populated: [Int] { sections.indices.filter { sections[$0].isList && sections[$0].count > 0 } }

  /// The sections with an item to scroll to: populated and shown.
  var visible: [Int] { populated.filter { !sections[$0].isHidden } }

  /// Applies an edit the grammar made (valid by construction).
  mutating func apply(_ edit: SceneEdit) {
    switch edit {
    case .insert(let section, let index, let items):
      sections[section].items.insert(contentsOf: items, at: index)
    case .delete(let section, let index, let count):
      sections[section].items.removeSubrange(index..<(index + count))
    case .resize(let section, let index, let length):
      sections[section].items[index].length = length
      sections[section].items[index].estimatedLength = nil
    case .sizeResolved(let section, let index, let length):
      sections[section].items[index].length = length
    case .reloadData:
      break
    case .setHidden(let section, let isHidden):
      sections[section].isHidden = isHidden
    case .batchUpdate(let update):
      let items = sections[update.section].items
      sections[update.section].items =
        (try? update.applied(to: items, reloaded: { $1.item }, inserted: \.item)) ?? items
    }
  }
}
